/// Linear PCM pack and unpack kernels.
///
/// In memory, integer audio is interleaved `Int32` *left-justified* (a 16-bit sample `s` is `s << 16`), so every
/// integer width up to 32 bits is held exactly; float audio is `Double`, which holds 32- and 64-bit floats exactly.
/// Narrowing rounds to nearest (ties upward, the same for integer and float sources) and clamps; widening is exact. Float and integer meet at
/// full scale 2^(bits-1): `Int16` `s` is `Double(s) / 32768`, and back, for all 65,536 values.
package enum PCM {

    // MARK: Narrowing helpers (scalar, inlined into the loops below)

    /// Rounds a left-justified sample to `bits` significant bits (half up), clamped, right-aligned as an Int32.
    /// In 32-bit arithmetic: the bit below the cut is the rounding carry, and only the top can overflow.
    @inlinable @inline(__always)
    @_optimize(speed)
    package static func narrow(_ x: Int32, toBits bits: Int) -> Int32 {
        if bits >= 32 { return x }
        let shift = Int32(32 - bits)
        let r = (x &>> shift) &+ ((x &>> (shift &- 1)) & 1)
        return Swift.min(r, (1 &<< Int32(bits - 1)) &- 1)
    }

    /// Scales a float sample (full scale ±1.0) to a signed integer of `bits` bits: round to nearest (ties
    /// upward, as ``narrow(_:toBits:)`` does), clamp.
    @inlinable @inline(__always)
    @_optimize(speed)
    package static func quantize(_ x: Double, toBits bits: Int) -> Int32 {
        let scale = Double(sign: .plus, exponent: bits - 1, significand: 1)
        let v = (x * scale + 0.5).rounded(.down)
        // NaN compares false with both bounds and lands on 0 through the final clamp.
        let clamped = Swift.max(-scale, Swift.min(scale - 1, v.isNaN ? 0 : v))
        return Int32(clamped)
    }

    /// The float value of a left-justified integer sample (exact).
    @inlinable @inline(__always)
    @_optimize(speed)
    package static func toDouble(_ x: Int32) -> Double { Double(x) * 0x1p-31 }

    /// Stores `n` samples as 32- or 64-bit floats in the given byte order; `value(i)` is sample i at full scale 1.0.
    @inlinable @inline(__always)
    @_optimize(speed)
    static func storeFloats(
        _ n: Int, bits: Int, bigEndian big: Bool, into d: UnsafeMutableRawPointer, _ value: (Int) -> Double
    ) {
        if bits == 32 {
            for i in 0..<n {
                let b = Float(value(i)).bitPattern
                d.storeBytes(of: big ? b.bigEndian : b.littleEndian, toByteOffset: 4 &* i, as: UInt32.self)
            }
        } else {
            for i in 0..<n {
                let b = value(i).bitPattern
                d.storeBytes(of: big ? b.bigEndian : b.littleEndian, toByteOffset: 8 &* i, as: UInt64.self)
            }
        }
    }

    /// Stores the low 24 bits of `v` at `p` in the given byte order.
    @inlinable @inline(__always)
    @_optimize(speed)
    static func store24(_ v: Int32, at p: UnsafeMutablePointer<UInt8>, bigEndian: Bool) {
        let u = UInt32(bitPattern: v)
        let (hi, mid, lo) = (
            UInt8(truncatingIfNeeded: u >> 16), UInt8(truncatingIfNeeded: u >> 8), UInt8(truncatingIfNeeded: u)
        )
        if bigEndian {
            p[0] = hi
            p[1] = mid
            p[2] = lo
        } else {
            p[0] = lo
            p[1] = mid
            p[2] = hi
        }
    }

    // MARK: Int16 — what the notification codecs consume

    /// Left-justified Int32 → Int16, rounded to nearest and clamped.
    @_optimize(speed)
    package static func int16(from src: UnsafeBufferPointer<Int32>, into dst: UnsafeMutableBufferPointer<Int16>) {
        let n = Swift.min(src.count, dst.count)
        guard n > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
        for i in 0..<n { d[i] = Int16(truncatingIfNeeded: narrow(s[i], toBits: 16)) }
    }

    /// Float → Int16 at full scale 32768, rounded to nearest and clamped.
    @_optimize(speed)
    package static func int16(from src: UnsafeBufferPointer<Double>, into dst: UnsafeMutableBufferPointer<Int16>) {
        let n = Swift.min(src.count, dst.count)
        guard n > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
        for i in 0..<n { d[i] = Int16(truncatingIfNeeded: quantize(s[i], toBits: 16)) }
    }

    /// Int16 → left-justified Int32 (exact).
    @_optimize(speed)
    package static func int32(from src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableBufferPointer<Int32>) {
        let n = Swift.min(src.count, dst.count)
        guard n > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
        for i in 0..<n { d[i] = Int32(s[i]) &<< 16 }
    }

    // MARK: Unpack

    /// Unpacks `dst.count` integer samples from `src` into left-justified Int32.
    /// - Precondition: `format` is an integer format and `src` holds `dst.count * format.bytesPerSample` bytes.
    @_optimize(speed)
    package static func unpack(
        _ src: UnsafeRawBufferPointer, format: PCMFormat, into dst: UnsafeMutableBufferPointer<Int32>
    ) {
        let n = dst.count
        precondition(!format.isFloat && src.count >= n * format.bytesPerSample, "PCM.unpack: buffer too small")
        guard n > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
        switch (format.encoding, format.bits, format.bigEndian) {
        case (.unsignedInteger, 8, _):
            let b = s.assumingMemoryBound(to: UInt8.self)
            for i in 0..<n { d[i] = (Int32(b[i]) &- 128) &<< 24 }
        case (_, 8, _):
            let b = s.assumingMemoryBound(to: Int8.self)
            for i in 0..<n { d[i] = Int32(b[i]) &<< 24 }
        case (_, 16, false):
            for i in 0..<n {
                d[i] = Int32(Int16(littleEndian: s.loadUnaligned(fromByteOffset: 2 &* i, as: Int16.self))) &<< 16
            }
        case (_, 16, true):
            for i in 0..<n {
                d[i] = Int32(Int16(bigEndian: s.loadUnaligned(fromByteOffset: 2 &* i, as: Int16.self))) &<< 16
            }
        case (_, 24, let big):
            let b = s.assumingMemoryBound(to: UInt8.self)
            for i in 0..<n {
                let p = b + 3 &* i
                let (hi, mid, lo) = big ? (p[0], p[1], p[2]) : (p[2], p[1], p[0])
                d[i] = Int32(bitPattern: UInt32(hi) << 24 | UInt32(mid) << 16 | UInt32(lo) << 8)
            }
        case (_, 32, false):
            for i in 0..<n { d[i] = Int32(littleEndian: s.loadUnaligned(fromByteOffset: 4 &* i, as: Int32.self)) }
        case (_, 32, true):
            for i in 0..<n { d[i] = Int32(bigEndian: s.loadUnaligned(fromByteOffset: 4 &* i, as: Int32.self)) }
        default:
            preconditionFailure("PCM.unpack: unsupported integer format \(format)")
        }
    }

    /// Unpacks `dst.count` float samples (32 or 64 bit) into Double.
    @_optimize(speed)
    package static func unpack(
        _ src: UnsafeRawBufferPointer, format: PCMFormat, into dst: UnsafeMutableBufferPointer<Double>
    ) {
        let n = dst.count
        precondition(format.isFloat && src.count >= n * format.bytesPerSample, "PCM.unpack: buffer too small")
        guard n > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
        switch (format.bits, format.bigEndian) {
        case (32, let big):
            for i in 0..<n {
                let raw = s.loadUnaligned(fromByteOffset: 4 &* i, as: UInt32.self)
                d[i] = Double(Float(bitPattern: big ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)))
            }
        case (64, let big):
            for i in 0..<n {
                let raw = s.loadUnaligned(fromByteOffset: 8 &* i, as: UInt64.self)
                d[i] = Double(bitPattern: big ? UInt64(bigEndian: raw) : UInt64(littleEndian: raw))
            }
        default:
            preconditionFailure("PCM.unpack: unsupported float format \(format)")
        }
    }

    // MARK: Pack

    /// Packs left-justified Int32 samples into `format` (integer: rounded and clamped; float: exact for ≤ 24 bits).
    @_optimize(speed)
    package static func pack(
        _ src: UnsafeBufferPointer<Int32>, format: PCMFormat, into dst: UnsafeMutableRawBufferPointer
    ) {
        let n = src.count
        precondition(format.isSupported && dst.count >= n * format.bytesPerSample, "PCM.pack: buffer too small")
        guard n > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
        switch (format.encoding, format.bits, format.bigEndian) {
        case (.float, let bits, let big):
            storeFloats(n, bits: bits, bigEndian: big, into: d) { toDouble(s[$0]) }
        case (.unsignedInteger, 8, _):
            let b = d.assumingMemoryBound(to: UInt8.self)
            for i in 0..<n { b[i] = UInt8(truncatingIfNeeded: narrow(s[i], toBits: 8) &+ 128) }
        case (_, 8, _):
            let b = d.assumingMemoryBound(to: UInt8.self)
            for i in 0..<n { b[i] = UInt8(truncatingIfNeeded: narrow(s[i], toBits: 8)) }
        case (_, 16, false):
            for i in 0..<n {
                d.storeBytes(
                    of: Int16(truncatingIfNeeded: narrow(s[i], toBits: 16)).littleEndian, toByteOffset: 2 &* i,
                    as: Int16.self)
            }
        case (_, 16, true):
            for i in 0..<n {
                d.storeBytes(
                    of: Int16(truncatingIfNeeded: narrow(s[i], toBits: 16)).bigEndian, toByteOffset: 2 &* i,
                    as: Int16.self)
            }
        case (_, 24, let big):
            let b = d.assumingMemoryBound(to: UInt8.self)
            for i in 0..<n { store24(narrow(s[i], toBits: 24), at: b + 3 &* i, bigEndian: big) }
        case (_, 32, let big):
            for i in 0..<n {
                d.storeBytes(of: big ? s[i].bigEndian : s[i].littleEndian, toByteOffset: 4 &* i, as: Int32.self)
            }
        default:
            preconditionFailure("PCM.pack: unsupported format \(format)")
        }
    }

    /// Packs float samples into `format` (float: exact or rounded to Float; integer: scaled, rounded, clamped).
    @_optimize(speed)
    package static func pack(
        _ src: UnsafeBufferPointer<Double>, format: PCMFormat, into dst: UnsafeMutableRawBufferPointer
    ) {
        let n = src.count
        precondition(format.isSupported && dst.count >= n * format.bytesPerSample, "PCM.pack: buffer too small")
        guard n > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
        switch (format.encoding, format.bits, format.bigEndian) {
        case (.float, let bits, let big):
            storeFloats(n, bits: bits, bigEndian: big, into: d) { s[$0] }
        case (.unsignedInteger, 8, _):
            let b = d.assumingMemoryBound(to: UInt8.self)
            for i in 0..<n { b[i] = UInt8(truncatingIfNeeded: quantize(s[i], toBits: 8) &+ 128) }
        case (_, 8, _):
            let b = d.assumingMemoryBound(to: UInt8.self)
            for i in 0..<n { b[i] = UInt8(truncatingIfNeeded: quantize(s[i], toBits: 8)) }
        case (_, 16, let big):
            for i in 0..<n {
                let v = Int16(truncatingIfNeeded: quantize(s[i], toBits: 16))
                d.storeBytes(of: big ? v.bigEndian : v.littleEndian, toByteOffset: 2 &* i, as: Int16.self)
            }
        case (_, 24, let big):
            let b = d.assumingMemoryBound(to: UInt8.self)
            for i in 0..<n { store24(quantize(s[i], toBits: 24), at: b + 3 &* i, bigEndian: big) }
        case (_, 32, let big):
            for i in 0..<n {
                let v = quantize(s[i], toBits: 32)
                d.storeBytes(of: big ? v.bigEndian : v.littleEndian, toByteOffset: 4 &* i, as: Int32.self)
            }
        default:
            preconditionFailure("PCM.pack: unsupported format \(format)")
        }
    }
}
