/// G.711 µLaw and aLaw (ITU-T G.711; decoding as in the ITU-T G.191 STL `g711.c` and Sun's `g711.c`).
///
/// Decoding is the standard expansion, exactly. Encoding picks the *nearest* decoding level to each 16-bit input
/// (ties go to the larger magnitude, which is what the reference's truncation picks), so every sample is at least
/// as close as the reference encoder gets: the reference truncates, which is nearest-level inside a segment but
/// one level too high on the first `2^seg` inputs of each segment.
///
/// The fast encoders read the segment and mantissa straight off the IEEE-754 bits of `|x| + bias` (the exponent
/// *is* the segment, the top four fraction bits *are* the mantissa), so they are branch-free and vectorise.
package enum G711 {

    // MARK: Decoding (exact; 256-entry tables built from the reference formula)

    /// ITU/Sun µLaw expansion of one code to 16-bit linear.
    @inlinable @_optimize(speed)
    package static func ulawToLinear(_ code: UInt8) -> Int16 {
        let u = ~code
        var t = (Int32(u & 0x0F) << 3) + 0x84
        t <<= Int32((u & 0x70) >> 4)
        return Int16(truncatingIfNeeded: (u & 0x80) != 0 ? 0x84 - t : t - 0x84)
    }

    /// ITU/Sun aLaw expansion of one code to 16-bit linear.
    @inlinable @_optimize(speed)
    package static func alawToLinear(_ code: UInt8) -> Int16 {
        let a = code ^ 0x55
        var t = Int32(a & 0x0F) << 4
        let segment = Int32((a & 0x70) >> 4)
        switch segment {
        case 0: t += 8
        case 1: t += 0x108
        default: t = (t + 0x108) << (segment - 1)
        }
        return Int16(truncatingIfNeeded: (a & 0x80) != 0 ? t : -t)
    }

    /// Every µLaw code's linear value, indexed by the code.
    package static let ulawTable: [Int16] = (0..<256).map { ulawToLinear(UInt8($0)) }
    /// Every aLaw code's linear value, indexed by the code.
    package static let alawTable: [Int16] = (0..<256).map { alawToLinear(UInt8($0)) }

    /// Decodes µLaw codes to Int16.
    @_optimize(speed)
    package static func decodeULaw(_ src: UnsafeBufferPointer<UInt8>, into dst: UnsafeMutableBufferPointer<Int16>) {
        decode(src, into: dst, table: ulawTable)
    }

    /// Decodes aLaw codes to Int16.
    @_optimize(speed)
    package static func decodeALaw(_ src: UnsafeBufferPointer<UInt8>, into dst: UnsafeMutableBufferPointer<Int16>) {
        decode(src, into: dst, table: alawTable)
    }

    @inline(__always) @_optimize(speed)
    static func decode(_ src: UnsafeBufferPointer<UInt8>, into dst: UnsafeMutableBufferPointer<Int16>, table: [Int16]) {
        let n = Swift.min(src.count, dst.count)
        guard n > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
        table.withUnsafeBufferPointer { t in
            let t = t.baseAddress!
            for i in 0..<n { d[i] = t[Int(s[i])] }
        }
    }

    // MARK: Encoding — fast paths (branch-free, vectorisable; tested equal to scalar nearest-level encoders on all
    // inputs, G711Tests)

    /// 2144 = (127 + 7) << 4: the float exponent bias plus the 7 bits below segment 0, as a code offset.
    @usableFromInline static let exponentCodeBias: Int32 = 2144

    @inlinable @inline(__always)
    @_optimize(speed)
    static func nearestCode(magnitude v: Int32, floor: Int32) -> Int32 {
        // v < 2^24, so the Float is exact; its bits are 0 | exponent(8) | fraction(23).
        let bits = Int32(bitPattern: Float(v).bitPattern)
        let code = Swift.min((bits &>> 19) &- exponentCodeBias, 127)
        // The level of `code` and the one below it, rebuilt as floats with the same offset as v.
        let levelBits = ((code &+ exponentCodeBias) &<< 19) | (1 &<< 18)
        let level = Float(bitPattern: UInt32(bitPattern: levelBits))
        let below = Float(bitPattern: UInt32(bitPattern: levelBits &- (1 &<< 19)))
        let fv = Float(v)
        let lower = (fv - below) < (level - fv) && code > floor
        return code &- (lower ? 1 : 0)
    }

    /// One µLaw sample, fast path.
    @inlinable @inline(__always)
    @_optimize(speed)
    package static func linearToULaw(_ x: Int16) -> UInt8 {
        let x = Int32(x)
        let negative = x < 0
        let a = negative ? 0 &- x : x
        let code = nearestCode(magnitude: a &+ 0x84, floor: 0)
        return UInt8(truncatingIfNeeded: (negative ? 0x7F : 0xFF) ^ code)
    }

    /// One aLaw sample, fast path.
    @inlinable @inline(__always)
    @_optimize(speed)
    package static func linearToALaw(_ x: Int16) -> UInt8 {
        let x = Int32(x)
        let negative = x < 0
        let a = negative ? 0 &- x : x
        // Below 512 the levels are uniform (segments 0 and 1 share one step), and a >> 4 is the code; above,
        // the float trick applies with no bias. The float path on a < 256 would be wrong, so select.
        let viaFloat = nearestCode(magnitude: Swift.max(a, 256), floor: 16)
        let code = a < 512 ? a &>> 4 : viaFloat
        return UInt8(truncatingIfNeeded: (negative ? 0x55 : 0xD5) ^ code)
    }

    // MARK: Encoding — by table, for long inputs

    /// Every Int16's µLaw and aLaw code (indexed by its bit pattern), made by the fast encoders above on first use.
    /// One byte load a sample instead of some twenty vector operations, worth building for long inputs (scripts/bench
    /// measures both). The same codes, so switching is invisible.
    package static let ulawCodes: [UInt8] = codes(encodeULaw)
    /// Every Int16's aLaw code, as ``ulawCodes``.
    package static let alawCodes: [UInt8] = codes(encodeALaw)

    @_optimize(speed)
    static func codes(_ encode: (UnsafeBufferPointer<Int16>, UnsafeMutableBufferPointer<UInt8>) -> Void) -> [UInt8] {
        let all = (0..<65536).map { Int16(truncatingIfNeeded: $0) }
        var table = [UInt8](repeating: 0, count: 65536)
        all.withUnsafeBufferPointer { s in table.withUnsafeMutableBufferPointer { encode(s, $0) } }
        return table
    }

    /// Encodes Int16 samples by `table` (``ulawCodes`` or ``alawCodes``).
    @_optimize(speed)
    package static func encode(
        _ src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableBufferPointer<UInt8>, table: [UInt8]
    ) {
        let n = Swift.min(src.count, dst.count)
        guard n > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
        table.withUnsafeBufferPointer { t in
            let t = t.baseAddress!
            for i in 0..<n { d[i] = t[Int(UInt16(bitPattern: s[i]))] }
        }
    }

    /// Encodes Int16 samples to µLaw.
    @_optimize(speed)
    package static func encodeULaw(_ src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableBufferPointer<UInt8>) {
        let n = Swift.min(src.count, dst.count)
        guard n > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
        for i in 0..<n { d[i] = linearToULaw(s[i]) }
    }

    /// Encodes Int16 samples to aLaw.
    @_optimize(speed)
    package static func encodeALaw(_ src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableBufferPointer<UInt8>) {
        let n = Swift.min(src.count, dst.count)
        guard n > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
        for i in 0..<n { d[i] = linearToALaw(s[i]) }
    }
}
