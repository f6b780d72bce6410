/// Apple IMA4 (`ima4`): 64 frames a packet; per channel a 34-byte block of a 2-byte big-endian preamble
/// (9-bit predictor, 7-bit step index) and 32 bytes of codes, low nibble first; channels block-interleaved.
public enum IMA4 {
    public static let framesPerPacket = 64
    public static let bytesPerBlock = 34

    public static func bytesPerPacket(channels: Int) -> Int { bytesPerBlock * channels }

    /// The preamble a decoder reads as `(predictor, index)`.
    @inlinable @inline(__always)
    public static func preamble(predictor: Int32, index: Int32) -> UInt16 {
        UInt16(truncatingIfNeeded: predictor) & 0xFF80 | UInt16(truncatingIfNeeded: index)
    }

    /// Apple's resync rule: keep the running state when the preamble's index equals it and its predictor lies
    /// within 0x7F of it; otherwise adopt the preamble. Returns the state the packet decodes from.
    @inlinable @inline(__always)
    public static func resync(_ running: IMAState, preamble: UInt16) -> IMAState {
        let predictor = Int32(Int16(bitPattern: preamble & 0xFF80))
        let index = Int32(preamble & 0x7F)
        if index == running.index && abs(predictor &- running.predictor) <= 0x7F { return running }
        return IMAState(predictor: predictor, index: index)
    }
}

public enum IMA4Error: Error, Equatable, CustomStringConvertible {
    case invalidStepIndex(packet: Int, channel: Int, index: Int)

    public var description: String {
        switch self {
        case let .invalidStepIndex(packet, channel, index):
            return "IMA4 packet \(packet), channel \(channel + 1): step index \(index) is outside 0...88"
        }
    }
}

/// Decodes Apple IMA4 exactly as Core Audio and FFmpeg do (resync rule, initial state 0/0).
public struct IMA4Decoder: Sendable {
    public let channels: Int
    public private(set) var states: [IMAState]
    public private(set) var packetsDecoded = 0

    public init(channels: Int) {
        precondition(channels > 0)
        self.channels = channels
        self.states = Array(repeating: IMAState(), count: channels)
    }

    /// Decodes `src.count / (34·channels)` whole packets into interleaved Int16 (64 frames each).
    /// Returns the number of frames written.
    public mutating func decode(_ src: UnsafeRawBufferPointer, into dst: UnsafeMutableBufferPointer<Int16>) throws(IMA4Error) -> Int {
        let ch = channels
        let packetBytes = IMA4.bytesPerPacket(channels: ch)
        let packets = Swift.min(src.count / packetBytes, dst.count / (IMA4.framesPerPacket * ch))
        guard packets > 0, let s = src.baseAddress, let d = dst.baseAddress else { return 0 }
        let bytes = s.assumingMemoryBound(to: UInt8.self)
        try IMA.withSteps { (steps) throws(IMA4Error) in
            for p in 0..<packets {
                for c in 0..<ch {
                    let block = bytes + p * packetBytes + c * IMA4.bytesPerBlock
                    let pre = UInt16(block[0]) << 8 | UInt16(block[1])
                    guard pre & 0x7F <= 88 else {
                        throw .invalidStepIndex(packet: packetsDecoded + p, channel: c, index: Int(pre & 0x7F))
                    }
                    var state = IMA4.resync(states[c], preamble: pre)
                    var out = d + p * IMA4.framesPerPacket * ch + c
                    for i in 2..<IMA4.bytesPerBlock {
                        out.pointee = IMA.decode(block[i] & 0xF, &state, steps: steps); out += ch
                        out.pointee = IMA.decode(block[i] >> 4, &state, steps: steps); out += ch
                    }
                    states[c] = state
                }
            }
        }
        packetsDecoded += packets
        return packets * IMA4.framesPerPacket
    }
}

/// Encodes Apple IMA4.
///
/// With ``Search/none`` this is Apple's (and FFmpeg's `adpcm_ima_qt`) encoder: the greedy quantiser, the state
/// carried across packets, the preamble written from the running state. With ``Search/packet`` each channel block
/// also tries restarting from other step indices — the preamble lets a packet set its own state, and a preamble
/// whose index differs from the decoder's running index is always adopted — and keeps whichever candidate has the
/// least squared error. Every candidate is simulated with the decoder's own step, so the stream decodes exactly
/// as the encoder assumed under the resync rule.
public struct IMA4Encoder: Sendable {
    public enum Search: Sendable, Hashable {
        /// Apple's encoder, bit for bit.
        case none
        /// Per-packet choice among continuing and 3 restarts, 4 candidates in SIMD lanes (the default): better than
        /// Apple's, ffmpeg's and libsndfile's encoders, and faster than ffmpeg's and libsndfile's.
        case packet
        /// Per-packet choice among continuing and 15 restarts, 16 lanes: sounds best, about 3 times slower.
        case wide
    }

    public let channels: Int
    public let search: Search
    public private(set) var states: [IMAState]

    /// The restarts a search tries besides continuing (lane 0), one a lane: a step-index offset from the running
    /// index, and whether the predictor comes from the packet's first input sample (which lets a packet jump to
    /// an attack) instead of the running predictor. Both rounded to the preamble's 9 bits.
    public struct Restart: Sendable, Hashable {
        public var indexOffset: Int32
        public var fromFirstSample: Bool
    }

    /// The wide search (16 lanes, `-q 127`): near and far index offsets for drift, attacks and decays, and
    /// restarts at the first sample. Chosen with scripts/quality: on a chime this lifts the gain over ffmpeg from
    /// +0.9 to +3.5 dB, and no signal there does worse than with index offsets alone.
    public static let wideRestarts: [Restart] =
        [-1, 1, -2, 2, -4, 4, -8, 8, 16].map { Restart(indexOffset: $0, fromFirstSample: false) }
        + [0, -2, 2, -4, 4, 8].map { Restart(indexOffset: $0, fromFirstSample: true) }
    /// The narrow search (4 lanes, the default).
    public static let narrowRestarts: [Restart] =
        [Restart(indexOffset: -3, fromFirstSample: false), Restart(indexOffset: 3, fromFirstSample: false),
         Restart(indexOffset: 0, fromFirstSample: true)]

    public init(channels: Int, search: Search = .packet) {
        precondition(channels > 0)
        self.channels = channels
        self.search = search
        self.states = Array(repeating: IMAState(), count: channels)
    }

    /// Encodes `src.count / (64·channels)` whole packets of interleaved Int16 into `dst` (34·channels bytes each).
    /// Returns the number of packets written.
    @discardableResult
    public mutating func encode(_ src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableRawBufferPointer) -> Int {
        let ch = channels
        let packets = Swift.min(src.count / (IMA4.framesPerPacket * ch), dst.count / IMA4.bytesPerPacket(channels: ch))
        guard packets > 0, let s = src.baseAddress, let d = dst.baseAddress else { return 0 }
        let out = d.assumingMemoryBound(to: UInt8.self)
        let search = self.search
        IMA.withSteps { steps in
            if ch == 2 {
                // Stereo: both channels' dependency chains in one loop, so the CPU overlaps them.
                for p in 0..<packets {
                    let x = s + p * IMA4.framesPerPacket * 2
                    let block = out + p * 2 * IMA4.bytesPerBlock
                    switch search {
                    case .none: Self.encodeBlockPairGreedy(x, states: &states, into: block, steps: steps)
                    case .packet: Self.encodePairSearching(x, states: &states, into: block, steps: steps, lanes: SIMD4<Int32>.self)
                    case .wide: Self.encodePairSearching(x, states: &states, into: block, steps: steps, lanes: SIMD16<Int32>.self)
                    }
                }
                return
            }
            for p in 0..<packets {
                for c in 0..<ch {
                    let x = s + p * IMA4.framesPerPacket * ch + c
                    let block = out + (p * ch + c) * IMA4.bytesPerBlock
                    switch search {
                    case .none: Self.encodeBlockGreedy(x, stride: ch, state: &states[c], into: block, steps: steps)
                    case .packet: Self.encodeBlockSearching(x, stride: ch, state: &states[c], into: block, steps: steps, lanes: SIMD4<Int32>.self)
                    case .wide: Self.encodeBlockSearching(x, stride: ch, state: &states[c], into: block, steps: steps, lanes: SIMD16<Int32>.self)
                    }
                }
            }
        }
        return packets
    }

    /// Two channel blocks of one stereo packet, encoded together; the same stream as two ``encodeBlockGreedy``.
    @inlinable
    static func encodeBlockPairGreedy(_ x: UnsafePointer<Int16>, states: inout [IMAState],
                                      into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>) {
        var l = states[0], r = states[1]
        let right = block + IMA4.bytesPerBlock
        let pl = IMA4.preamble(predictor: l.predictor, index: l.index), pr = IMA4.preamble(predictor: r.predictor, index: r.index)
        block[0] = UInt8(pl >> 8); block[1] = UInt8(pl & 0xFF)
        right[0] = UInt8(pr >> 8); right[1] = UInt8(pr & 0xFF)
        for i in 0..<32 {
            let f = x + 4 &* i
            let l0 = IMA.encode(Int32(f[0]), &l, steps: steps), r0 = IMA.encode(Int32(f[1]), &r, steps: steps)
            let l1 = IMA.encode(Int32(f[2]), &l, steps: steps), r1 = IMA.encode(Int32(f[3]), &r, steps: steps)
            block[2 &+ i] = l0 | l1 << 4
            right[2 &+ i] = r0 | r1 << 4
        }
        states[0] = l; states[1] = r
    }

    /// Apple's block: preamble from the running state, then greedy codes continuing from the full predictor.
    @inlinable
    static func encodeBlockGreedy(_ x: UnsafePointer<Int16>, stride: Int, state: inout IMAState,
                                  into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>) {
        let pre = IMA4.preamble(predictor: state.predictor, index: state.index)
        block[0] = UInt8(pre >> 8); block[1] = UInt8(pre & 0xFF)
        var s = state
        for i in 0..<32 {
            let lo = IMA.encode(Int32(x[(2 * i) * stride]), &s, steps: steps)
            let hi = IMA.encode(Int32(x[(2 * i + 1) * stride]), &s, steps: steps)
            block[2 + i] = lo | hi << 4
        }
        state = s
    }

    /// The starting states a packet search tries, one a lane: lane 0 continues the running state, lane k is
    /// restart k-1. A restart the decoder would not adopt (index out of range, or the running index with a
    /// predictor within 0x7F of the running one, which the resync rule keeps) is not a candidate: bit k of
    /// `valid` is clear there. No allocation: this runs once a block.
    @inlinable @inline(__always)
    static func candidates<V: SIMD>(_ running: IMAState, first: Int32, _: V.Type) -> (predictor: V, index: V, valid: UInt32)
    where V.Scalar == Int32 {
        let restarts = V.scalarCount == 16 ? wideRestarts : narrowRestarts
        let fromRunning = Swift.min((running.predictor &+ 64) & ~0x7F, 32640)
        let fromFirst = Swift.min((first &+ 64) & ~0x7F, 32640)
        var predictor = V(repeating: running.predictor)
        var index = V(repeating: running.index)
        var valid: UInt32 = 1
        for k in 1..<V.scalarCount {
            let r = restarts[k - 1]
            let i = running.index &+ r.indexOffset
            let p = r.fromFirstSample ? fromFirst : fromRunning
            predictor[k] = p
            index[k] = Swift.min(Swift.max(i, 0), 88)
            let adopted = i != running.index || abs(p &- running.predictor) > 0x7F
            if i >= 0 && i <= 88 && adopted { valid |= 1 << UInt32(k) }
        }
        return (predictor, index, valid)
    }

    /// One sample of the search for every lane: the nibble step of ``IMA/encode`` in branch-free vector form (a
    /// comparison is the sign of a difference). Updates the lanes' states and squared errors; returns the codes.
    @inlinable @inline(__always)
    static func searchStep<V: SIMD>(_ xs: V, _ predictor: inout V, _ index: inout V, _ step: inout V,
                                    _ error: inout SIMD16<Float>, steps: UnsafePointer<Int32>) -> V where V.Scalar == Int32 {
        var d = xs &- predictor
        let sign = d &>> 31                         // -1 where negative
        d = (d ^ sign) &- sign                      // |d|
        let half = step &>> 1, quarter = step &>> 2
        let ge4 = ~((d &- step) &>> 31)             // -1 where |d| >= step
        d &-= step & ge4
        let ge2 = ~((d &- half) &>> 31)
        d &-= half & ge2
        let ge1 = ~((d &- quarter) &>> 31)
        var diff = (step &>> 3) &+ (step & ge4) &+ (half & ge2) &+ (quarter & ge1)
        diff = (diff ^ sign) &- sign
        var p = predictor &+ diff
        let over = (V(repeating: 32767) &- p) &>> 31
        p = (p & ~over) | (V(repeating: 32767) & over)
        let under = (p &+ 32768) &>> 31
        predictor = (p & ~under) | (V(repeating: -32768) & under)
        let code = (sign & 8) | (ge4 & 4) | (ge2 & 2) | (ge1 & 1)
        // index table: -1 for magnitudes 0...3, else 2·(magnitude − 3) = 2·((code & 3) + 1)
        let adjust = ((((code & 3) &+ 1) &<< 1) & ge4) | ~ge4
        var i = index &+ adjust
        i &= ~(i &>> 31)
        let high = (V(repeating: 88) &- i) &>> 31
        index = (i & ~high) | (V(repeating: 88) & high)
        for k in 0..<V.scalarCount { step[k] = steps[Int(index[k])] }
        let e = xs &- predictor
        for k in 0..<V.scalarCount { error[k] += Float(e[k]) * Float(e[k]) }
        return code
    }

    /// Writes the winning lane's block and returns its end state.
    @inlinable @inline(__always)
    static func finishSearch<V: SIMD>(_ start: (predictor: V, index: V, valid: UInt32), _ error: SIMD16<Float>,
                                      _ packed: UnsafeMutablePointer<V>, end: (predictor: V, index: V),
                                      into block: UnsafeMutablePointer<UInt8>) -> IMAState where V.Scalar == Int32 {
        var lane = 0
        for k in 1..<V.scalarCount where start.valid & (1 << UInt32(k)) != 0 && error[k] < error[lane] { lane = k }
        let pre = IMA4.preamble(predictor: start.predictor[lane], index: start.index[lane])
        block[0] = UInt8(pre >> 8); block[1] = UInt8(pre & 0xFF)
        for word in 0..<16 {
            let w = UInt32(bitPattern: packed[word][lane])
            block[2 &+ 2 &* word] = UInt8(w & 0xF) | UInt8((w >> 8) & 0xF) << 4
            block[3 &+ 2 &* word] = UInt8((w >> 16) & 0xF) | UInt8((w >> 24) & 0xF) << 4
        }
        return IMAState(predictor: end.predictor[lane], index: end.index[lane])
    }

    /// The packet search, every candidate at once, one lane a candidate; errors summed in Float as the scalar
    /// reference sums them.
    @inlinable
    static func encodeBlockSearching<V: SIMD>(_ x: UnsafePointer<Int16>, stride: Int, state: inout IMAState,
                                              into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>, lanes: V.Type)
    where V.Scalar == Int32 {
        let start = candidates(state, first: Int32(x[0]), V.self)
        var predictor = start.predictor, index = start.index
        var step = V(); for k in 0..<V.scalarCount { step[k] = steps[Int(index[k])] }
        var error = SIMD16<Float>(repeating: 0)  // lanes beyond V.scalarCount stay unused
        withUnsafeTemporaryAllocation(of: V.self, capacity: 16) { packed in
            for word in 0..<16 {
                var nibbles = V()
                for n in 0..<4 {
                    let xs = V(repeating: Int32(x[(word &* 4 &+ n) &* stride]))
                    let code = searchStep(xs, &predictor, &index, &step, &error, steps: steps)
                    nibbles |= code &<< V(repeating: Int32(8 &* n))
                }
                packed[word] = nibbles
            }
            state = finishSearch(start, error, packed.baseAddress!, end: (predictor, index), into: block)
        }
    }

    /// Both blocks of a stereo packet searched in one loop: two independent dependency chains the CPU overlaps.
    /// The same bytes as two ``encodeBlockSearching(_:stride:state:into:steps:lanes:)`` calls.
    @inlinable
    static func encodePairSearching<V: SIMD>(_ x: UnsafePointer<Int16>, states: inout [IMAState],
                                             into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>, lanes: V.Type)
    where V.Scalar == Int32 {
        let startL = candidates(states[0], first: Int32(x[0]), V.self)
        let startR = candidates(states[1], first: Int32(x[1]), V.self)
        var predL = startL.predictor, indexL = startL.index, predR = startR.predictor, indexR = startR.index
        var stepL = V(), stepR = V()
        for k in 0..<V.scalarCount { stepL[k] = steps[Int(indexL[k])]; stepR[k] = steps[Int(indexR[k])] }
        var errorL = SIMD16<Float>(repeating: 0), errorR = SIMD16<Float>(repeating: 0)
        withUnsafeTemporaryAllocation(of: V.self, capacity: 32) { packed in
            let packedL = packed.baseAddress!, packedR = packedL + 16
            for word in 0..<16 {
                var nibblesL = V(), nibblesR = V()
                for n in 0..<4 {
                    let f = x + 2 &* (word &* 4 &+ n)
                    let codeL = searchStep(V(repeating: Int32(f[0])), &predL, &indexL, &stepL, &errorL, steps: steps)
                    let codeR = searchStep(V(repeating: Int32(f[1])), &predR, &indexR, &stepR, &errorR, steps: steps)
                    nibblesL |= codeL &<< V(repeating: Int32(8 &* n))
                    nibblesR |= codeR &<< V(repeating: Int32(8 &* n))
                }
                packedL[word] = nibblesL
                packedR[word] = nibblesR
            }
            states[0] = finishSearch(startL, errorL, packedL, end: (predL, indexL), into: block)
            states[1] = finishSearch(startR, errorR, packedR, end: (predR, indexR), into: block + IMA4.bytesPerBlock)
        }
    }

    /// The same search one candidate at a time with the scalar nibble step: the reference the vector search
    /// is tested against.
    static func encodeBlockSearchingReference<V: SIMD>(_ x: UnsafePointer<Int16>, stride: Int, state: inout IMAState,
                                                       into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>,
                                                       lanes: V.Type) where V.Scalar == Int32 {
        let start = candidates(state, first: Int32(x[0]), V.self)
        var errors = [Float](repeating: 0, count: V.scalarCount)
        var ends = [IMAState](repeating: IMAState(), count: V.scalarCount)
        var allCodes = [[UInt8]](repeating: [], count: V.scalarCount)
        for k in 0..<V.scalarCount {
            var s = IMAState(predictor: start.predictor[k], index: start.index[k])
            var e: Float = 0
            for i in 0..<IMA4.framesPerPacket {
                let v = Int32(x[i * stride])
                allCodes[k].append(IMA.encode(v, &s, steps: steps))
                let d = Float(v - s.predictor)
                e += d * d
            }
            errors[k] = e
            ends[k] = s
        }
        var lane = 0
        for k in 1..<V.scalarCount where start.valid & (1 << UInt32(k)) != 0 && errors[k] < errors[lane] { lane = k }
        let pre = IMA4.preamble(predictor: start.predictor[lane], index: start.index[lane])
        block[0] = UInt8(pre >> 8); block[1] = UInt8(pre & 0xFF)
        for i in 0..<32 { block[2 + i] = allCodes[lane][2 * i] | allCodes[lane][2 * i + 1] << 4 }
        state = ends[lane]
    }
}
