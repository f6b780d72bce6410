/// The IMA ADPCM state of one channel and the one nibble step that every IMA codec here shares.
package struct IMAState: Hashable, Sendable {
    /// The last decoded sample, −32768...32767.
    package var predictor: Int32
    /// The step index, 0...88 (``IMATables/step``).
    package var index: Int32

    /// A channel at `predictor` and step `index` (by default silence at the smallest step, where every stream starts).
    @_optimize(speed)
    package init(predictor: Int32 = 0, index: Int32 = 0) {
        self.predictor = predictor
        self.index = index
    }
}

/// The IMA ADPCM nibble step, shared by the decoders and every encoder and search.
package enum IMA {
    /// Applies one 4-bit code with the reference shift-and-add arithmetic and returns the new sample.
    /// This is the decoder; the encoders call it too, so what they assume is what a decoder computes.
    @inlinable @inline(__always)
    @_optimize(speed)
    package static func decode(_ code: UInt8, _ state: inout IMAState, steps: UnsafePointer<Int32>) -> Int16 {
        let c = Int32(code & 0xF)
        let step = steps[Int(state.index)]
        var diff = step &>> 3
        if c & 4 != 0 { diff &+= step }
        if c & 2 != 0 { diff &+= step &>> 1 }
        if c & 1 != 0 { diff &+= step &>> 2 }
        let p = c & 8 != 0 ? state.predictor &- diff : state.predictor &+ diff
        state.predictor = Swift.min(Swift.max(p, -32768), 32767)
        // index table: -1 for magnitudes 0...3, then 2, 4, 6, 8
        let m = c & 7
        state.index = Swift.min(Swift.max(state.index &+ (m < 4 ? -1 : (m &- 3) &<< 1), 0), 88)
        return Int16(truncatingIfNeeded: state.predictor)
    }

    /// The greedy code for `x` from `state` (Apple's and FFmpeg's quantiser: sign, then step, step/2, step/4),
    /// applied to `state`.
    @inlinable @inline(__always)
    @_optimize(speed)
    package static func encode(_ x: Int32, _ state: inout IMAState, steps: UnsafePointer<Int32>) -> UInt8 {
        var d = x &- state.predictor
        var code: Int32 = 0
        if d < 0 {
            code = 8
            d = 0 &- d
        }
        code |= magnitude(d, step: steps[Int(state.index)])
        _ = decode(UInt8(truncatingIfNeeded: code), &state, steps: steps)
        return UInt8(truncatingIfNeeded: code)
    }

    /// The greedy quantiser's magnitude (0...7) for a distance `d` ≥ 0 between sample and predictor: step, then
    /// step/2, then step/4, each taken when what is left reaches it.
    @inlinable @inline(__always)
    @_optimize(speed)
    static func magnitude(_ distance: Int32, step: Int32) -> Int32 {
        var d = distance
        var m: Int32 = 0
        if d >= step {
            m |= 4
            d &-= step
        }
        if d >= step &>> 1 {
            m |= 2
            d &-= step &>> 1
        }
        if d >= step &>> 2 { m |= 1 }
        return m
    }

    @inlinable @_optimize(speed)
    static func withSteps<R, E: Error>(_ body: (UnsafePointer<Int32>) throws(E) -> R) throws(E) -> R {
        try IMATables.step.withUnsafeBufferPointer { (table) throws(E) -> R in try body(table.baseAddress!) }
    }

    /// The step table in 16 bits (every step fits), for the vector searches' 16-bit lanes.
    @inlinable @_optimize(speed)
    static func withSteps16<R>(_ body: (UnsafePointer<Int16>) -> R) -> R {
        IMATables.step16.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

extension IMA {
    /// The vector the vector IMA coders run in: 8 lanes of 16 bits, one channel state a lane. Concrete on purpose:
    /// on the concrete type a comparison or a shift is one instruction; in generic code it is a loop over lanes.
    typealias Lanes = SIMD8<Int16>

    /// −1 in the lanes where `a` < `b`, else 0.
    @_transparent
    static func mask(_ a: Lanes, lessThan b: Lanes) -> Lanes { Lanes(repeating: 0).replacing(with: -1, where: a .< b) }

    /// `d` below `t` as a lane mask, for `d` read as unsigned 16 bits (0...65535) and 0 ≤ `t` ≤ 32767: `d` is
    /// non-negative and less than `t` as signed numbers.
    @_transparent
    static func below(_ d: Lanes, _ t: Lanes) -> Lanes {
        mask(d, lessThan: t) & ~mask(d, lessThan: Lanes(repeating: 0))
    }

    /// Adds (x − decoded)² to each lane's cost, in Float, as the searches' scalar references sum it: |x − decoded|
    /// reaches 65535, so it is taken as an unsigned number.
    @_transparent
    static func addSquaredError(_ x: Lanes, _ decoded: Lanes, to cost: inout SIMD8<Float>) {
        let under = mask(x, lessThan: decoded)
        let e = ((x &- decoded) ^ under) &- under
        for k in 0..<8 {
            let f = Float(UInt16(bitPattern: e[k]))
            cost[k] += f * f
        }
    }

    /// `i` clamped to 0...88 in every lane (written with masks: the generic `clamped` is a call per use).
    @_transparent
    static func clampIndex(_ i: Lanes) -> Lanes {
        let low = i & ~mask(i, lessThan: Lanes(repeating: 0))
        return low ^ ((low ^ Lanes(repeating: 88)) & mask(Lanes(repeating: 88), lessThan: low))
    }

    /// `steps[index]` in every lane. On a little-endian machine the indices leave the vector as two 64-bit words
    /// (four lanes each, lane k in bits 16k...) and the steps come back the same way, so the lookup costs the vector
    /// unit six instructions instead of some thirty lane extracts and inserts, which were what limited the coders.
    @inline(__always) @_optimize(speed)
    static func lookUp(_ index: Lanes, in steps: UnsafePointer<Int16>) -> Lanes {
        #if !_endian(little)
            var step = Lanes()
            for k in 0..<8 { step[k] = steps[Int(UInt16(bitPattern: index[k]))] }
            return step
        #else
            let words = unsafeBitCast(index, to: SIMD2<UInt64>.self)
            var out = SIMD2<UInt64>()
            for h in 0..<2 {
                let w = words[h]
                var v: UInt64 = 0
                for j in 0..<4 {
                    let i = Int(truncatingIfNeeded: (w &>> UInt64(16 * j)) & 0xFFFF)
                    v |= UInt64(UInt16(bitPattern: steps[i])) &<< UInt64(16 * j)
                }
                out[h] = v
            }
            return unsafeBitCast(out, to: Lanes.self)
        #endif
    }

    /// ``encode(_:_:steps:)`` in every lane at once, branch-free, exact for every input: the greedy code for `xs`,
    /// applied to the lanes' predictors, indices and steps (`steps[index]`, kept alongside). `|x − p|` reaches
    /// 65535, so it is kept as an unsigned number; the predictor's clamp is an unsigned comparison of the update
    /// with the room left in its direction. Selections are written `a ^ ((a ^ b) & m)`, which compiles to three
    /// instructions where `a & ~m | b & m` becomes a lane-by-lane select.
    @_transparent
    static func encode(
        _ xs: Lanes, _ predictor: inout Lanes, _ index: inout Lanes, _ step: inout Lanes,
        steps: UnsafePointer<Int16>
    ) -> Lanes {
        let p = predictor
        let neg = mask(xs, lessThan: p)  // x − p < 0: the code's sign
        var d = ((xs &- p) ^ neg) &- neg  // |x − p|, unsigned
        let half = step &>> 1
        let quarter = step &>> 2
        let lt4 = below(d, step)
        d &-= step & ~lt4
        let lt2 = below(d, half)
        d &-= half & ~lt2
        let lt1 = below(d, quarter)
        let magnitude = (step &>> 3) &+ (step & ~lt4) &+ (half & ~lt2) &+ (quarter & ~lt1)  // ≤ 61438, unsigned
        // Room left: 32767 − p going up, p + 32768 going down; as unsigned, (p ^ ~neg) ^ 0x8000. The update
        // overflows when the magnitude exceeds it, compared unsigned by flipping both sign bits.
        let over = mask(p ^ ~neg, lessThan: magnitude ^ Lanes(repeating: .min))
        let moved = p &+ ((magnitude ^ neg) &- neg)
        predictor = moved ^ ((moved ^ (Lanes(repeating: .max) ^ neg)) & over)
        // index table: −1 for magnitudes 0...3, else 2·(magnitude − 3) = 2·((code & 3) + 1)
        let adjust = ((((~lt2 & 2) | (~lt1 & 1)) &+ 1) &<< 1) & ~lt4 | lt4
        index = clampIndex(index &+ adjust)
        step = lookUp(index, in: steps)
        return (neg & 8) | (~lt4 & 4) | (~lt2 & 2) | (~lt1 & 1)
    }
}
