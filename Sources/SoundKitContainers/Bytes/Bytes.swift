/// The byte order of a container's fields, held once by a cursor instead of passed to every read (swift-nio's
/// `readInteger(endianness:)`, dr_wav's per-container reader).
package enum ByteOrder: Sendable, Hashable {
    case big, little
}

/// A bounds-checked cursor over bytes: every read is in the cursor's byte order, and a short read throws instead of
/// trapping.
package struct ByteReader {
    package let bytes: [UInt8]
    package private(set) var offset: Int
    package var order: ByteOrder

    package init(_ bytes: [UInt8], order: ByteOrder, offset: Int = 0) {
        self.bytes = bytes
        self.order = order
        self.offset = offset
    }

    package var remaining: Int { bytes.count - offset }

    package mutating func bytes(_ n: Int) throws(ContainerError) -> ArraySlice<UInt8> {
        guard n >= 0, n <= remaining else { throw .truncated(.field(bytes: n), offset: Int64(offset)) }
        defer { offset += n }
        return bytes[offset..<(offset + n)]
    }

    /// `size` bytes (at most 8) as an unsigned integer in `order`. Deliberately not generic: Swift 6.3's optimiser
    /// (FunctionSignatureOpts) miscompiles generic functions with typed throws, and release builds read garbage.
    mutating func field(_ size: Int, _ order: ByteOrder) throws(ContainerError) -> UInt64 {
        guard size <= remaining else { throw .truncated(.field(bytes: size), offset: Int64(offset)) }
        var v: UInt64 = 0
        for i in 0..<size {
            let b = UInt64(bytes[offset + i])
            v |= order == .big ? b << ((size - 1 - i) * 8) : b << (i * 8)
        }
        offset += size
        return v
    }

    /// Steps over `n` bytes; throws as a read of them would.
    package mutating func skip(_ n: Int) throws(ContainerError) { _ = try bytes(n) }

    package mutating func u16() throws(ContainerError) -> UInt16 { UInt16(truncatingIfNeeded: try field(2, order)) }
    package mutating func u32() throws(ContainerError) -> UInt32 { UInt32(truncatingIfNeeded: try field(4, order)) }
    package mutating func u64() throws(ContainerError) -> UInt64 { try field(8, order) }
    package mutating func i16() throws(ContainerError) -> Int16 { Int16(truncatingIfNeeded: try field(2, order)) }
    package mutating func i32() throws(ContainerError) -> Int32 { Int32(truncatingIfNeeded: try field(4, order)) }
    package mutating func i64() throws(ContainerError) -> Int64 { Int64(bitPattern: try field(8, order)) }
    package mutating func f64() throws(ContainerError) -> Double { Double(bitPattern: try u64()) }
    /// Four-character codes read as written, whatever the container's order.
    package mutating func fourCC() throws(ContainerError) -> FourCC {
        FourCC(UInt32(truncatingIfNeeded: try field(4, .big)))
    }

    /// An 80-bit IEEE 754 extended float (AIFF sample rates), always big-endian. Values outside Double's range
    /// come back as ±infinity or 0, NaN encodings as NaN: validation decides what is acceptable.
    package mutating func extended80() throws(ContainerError) -> Double {
        let signExponent = UInt16(truncatingIfNeeded: try field(2, .big))
        let mantissa = try field(8, .big)
        let exponent = Int(signExponent & 0x7FFF)
        if exponent == 0x7FFF {
            return mantissa << 1 == 0 ? (signExponent & 0x8000 != 0 ? -.infinity : .infinity) : .nan
        }
        guard mantissa != 0 else { return 0 }
        // Double(sign:exponent:significand:) saturates to infinity or underflows to 0 for any exponent.
        let magnitude = Double(sign: .plus, exponent: exponent - 16383 - 63, significand: Double(mantissa))
        return signExponent & 0x8000 != 0 ? -magnitude : magnitude
    }
}

/// Appends bytes in the writer's byte order. Header values reach it already narrowed to their fields by
/// ``HeaderFields``, which refuses a value that does not fit.
package struct ByteWriter {
    package private(set) var bytes: [UInt8] = []
    package var order: ByteOrder

    package init(order: ByteOrder, capacity: Int = 64) {
        self.order = order
        bytes.reserveCapacity(capacity)
    }

    package var count: Int { bytes.count }

    mutating func integer<T: FixedWidthInteger>(_ v: T, _ order: ByteOrder) {
        let size = MemoryLayout<T>.size
        for i in 0..<size {
            let shift = order == .big ? (size - 1 - i) * 8 : i * 8
            bytes.append(UInt8(truncatingIfNeeded: v >> shift))
        }
    }

    package mutating func u8(_ v: UInt8) { bytes.append(v) }
    package mutating func u16(_ v: UInt16) { integer(v, order) }
    package mutating func u32(_ v: UInt32) { integer(v, order) }
    package mutating func i16(_ v: Int16) { integer(v, order) }
    package mutating func i32(_ v: Int32) { integer(v, order) }
    package mutating func i64(_ v: Int64) { integer(v, order) }
    package mutating func f64(_ v: Double) { integer(v.bitPattern, order) }
    package mutating func fourCC(_ v: FourCC) { integer(v.rawValue, .big) }
    package mutating func append<S: Sequence>(_ s: S) where S.Element == UInt8 { bytes.append(contentsOf: s) }
    package mutating func zeros(_ n: Int) { bytes.append(contentsOf: repeatElement(0, count: Swift.max(0, n))) }

    /// Overwrites four bytes at `offset` with `v` (a size patched in once the rest is known).
    package mutating func patch32(_ v: UInt32, at offset: Int) {
        for i in 0..<4 {
            let shift = order == .big ? (3 - i) * 8 : i * 8
            bytes[offset + i] = UInt8(truncatingIfNeeded: v >> shift)
        }
    }

    /// An 80-bit IEEE 754 extended float, big-endian (exact for every normal Double).
    package mutating func extended80(_ v: Double) {
        guard v != 0, v.isFinite else {
            zeros(10)
            return
        }
        let sign: UInt16 = v.sign == .minus ? 0x8000 : 0
        let exponent = UInt16(truncatingIfNeeded: Int(v.exponent) + 16383) | sign
        let mantissa = UInt64(v.significandBitPattern) << 11 | 1 << 63
        integer(exponent, .big)
        integer(mantissa, .big)
    }
}

/// A four-character code such as `caff`, `lpcm` or `ima4`.
package struct FourCC: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    package let rawValue: UInt32

    package init(_ rawValue: UInt32) { self.rawValue = rawValue }

    package init(stringLiteral s: String) {
        var v: UInt32 = 0
        for b in s.utf8.prefix(4) { v = v << 8 | UInt32(b) }
        rawValue = v
    }

    package var bytes: [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (24 - 8 * $0)) } }

    /// Printable as afconvert shows codes: `ima4`, with `\xNN` for bytes outside printable ASCII.
    package var description: String {
        var s = ""
        for b in bytes {
            if b >= 0x20 && b < 0x7F && b != 0x27 && b != 0x5C {
                s.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                s += "\\x" + String(b, radix: 16, uppercase: false).leftPadded(to: 2)
            }
        }
        return s
    }
}

extension String {
    package func leftPadded(to n: Int, with c: Character = "0") -> String {
        count >= n ? self : String(repeating: c, count: n - count) + self
    }
}
