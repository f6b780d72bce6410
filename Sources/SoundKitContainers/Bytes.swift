/// Bounds-checked cursors over bytes, in the manner of swift-nio's `ByteBuffer`: every read names its byte order
/// and a short read throws instead of trapping.
public struct ByteReader {
    public let bytes: [UInt8]
    public private(set) var offset: Int

    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    public var remaining: Int { bytes.count - offset }

    public mutating func skip(_ n: Int) throws(ContainerError) {
        guard n >= 0, n <= remaining else { throw .truncated("\(n) bytes at offset \(offset)") }
        offset += n
    }

    public mutating func bytes(_ n: Int) throws(ContainerError) -> ArraySlice<UInt8> {
        guard n >= 0, n <= remaining else { throw .truncated("\(n) bytes at offset \(offset)") }
        defer { offset += n }
        return bytes[offset..<(offset + n)]
    }

    @inline(__always)
    mutating func integer<T: FixedWidthInteger>(_: T.Type, bigEndian: Bool) throws(ContainerError) -> T {
        let size = MemoryLayout<T>.size
        guard size <= remaining else { throw .truncated("\(size)-byte field at offset \(offset)") }
        var v: T = 0
        for i in 0..<size {
            let b = T(truncatingIfNeeded: bytes[offset + i])
            v |= bigEndian ? b << ((size - 1 - i) * 8) : b << (i * 8)
        }
        offset += size
        return v
    }

    public mutating func u8() throws(ContainerError) -> UInt8 { try integer(UInt8.self, bigEndian: true) }
    public mutating func u16(bigEndian: Bool) throws(ContainerError) -> UInt16 { try integer(UInt16.self, bigEndian: bigEndian) }
    public mutating func u32(bigEndian: Bool) throws(ContainerError) -> UInt32 { try integer(UInt32.self, bigEndian: bigEndian) }
    public mutating func u64(bigEndian: Bool) throws(ContainerError) -> UInt64 { try integer(UInt64.self, bigEndian: bigEndian) }
    public mutating func i16(bigEndian: Bool) throws(ContainerError) -> Int16 { try integer(Int16.self, bigEndian: bigEndian) }
    public mutating func i32(bigEndian: Bool) throws(ContainerError) -> Int32 { try integer(Int32.self, bigEndian: bigEndian) }
    public mutating func i64(bigEndian: Bool) throws(ContainerError) -> Int64 { try integer(Int64.self, bigEndian: bigEndian) }
    public mutating func f64BE() throws(ContainerError) -> Double { Double(bitPattern: try u64(bigEndian: true)) }
    public mutating func fourCC() throws(ContainerError) -> FourCC { FourCC(try u32(bigEndian: true)) }

    /// An 80-bit IEEE 754 extended float (AIFF sample rates), big-endian.
    public mutating func extended80() throws(ContainerError) -> Double {
        let signExponent = try u16(bigEndian: true)
        let mantissa = try u64(bigEndian: true)
        let exponent = Int(signExponent & 0x7FFF)
        guard mantissa != 0 else { return 0 }
        if exponent == 0x7FFF { return .nan }
        let magnitude = Double(sign: .plus, exponent: exponent - 16383 - 63, significand: Double(mantissa))
        return signExponent & 0x8000 != 0 ? -magnitude : magnitude
    }
}

/// Appends bytes with explicit byte order; sizes are checked to fit their fields, never clamped.
public struct ByteWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    public var count: Int { bytes.count }

    mutating func integer<T: FixedWidthInteger>(_ v: T, bigEndian: Bool) {
        let size = MemoryLayout<T>.size
        for i in 0..<size {
            let shift = bigEndian ? (size - 1 - i) * 8 : i * 8
            bytes.append(UInt8(truncatingIfNeeded: v >> shift))
        }
    }

    public mutating func u8(_ v: UInt8) { bytes.append(v) }
    public mutating func u16(_ v: UInt16, bigEndian: Bool) { integer(v, bigEndian: bigEndian) }
    public mutating func u32(_ v: UInt32, bigEndian: Bool) { integer(v, bigEndian: bigEndian) }
    public mutating func u64(_ v: UInt64, bigEndian: Bool) { integer(v, bigEndian: bigEndian) }
    public mutating func i16(_ v: Int16, bigEndian: Bool) { integer(v, bigEndian: bigEndian) }
    public mutating func i32(_ v: Int32, bigEndian: Bool) { integer(v, bigEndian: bigEndian) }
    public mutating func i64(_ v: Int64, bigEndian: Bool) { integer(v, bigEndian: bigEndian) }
    public mutating func f64BE(_ v: Double) { integer(v.bitPattern, bigEndian: true) }
    public mutating func fourCC(_ v: FourCC) { integer(v.rawValue, bigEndian: true) }
    public mutating func append<S: Sequence>(_ s: S) where S.Element == UInt8 { bytes.append(contentsOf: s) }
    public mutating func zeros(_ n: Int) { bytes.append(contentsOf: repeatElement(0, count: n)) }

    /// Writes a size that must fit 32 bits.
    public mutating func size32(_ v: Int64, bigEndian: Bool, what: String) throws(ContainerError) {
        guard let s = UInt32(exactly: v) else { throw .tooLarge(what) }
        u32(s, bigEndian: bigEndian)
    }

    /// An 80-bit IEEE 754 extended float, big-endian (exact for every Double).
    public mutating func extended80(_ v: Double) {
        guard v != 0, v.isFinite else { zeros(10); return }
        let sign: UInt16 = v.sign == .minus ? 0x8000 : 0
        let exponent = UInt16(Int(v.exponent) + 16383) | sign
        let mantissa = UInt64(v.significandBitPattern) << 11 | 1 << 63
        u16(exponent, bigEndian: true)
        u64(mantissa, bigEndian: true)
    }
}

/// A four-character code such as `caff`, `lpcm` or `ima4`.
public struct FourCC: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    public init(stringLiteral s: String) {
        var v: UInt32 = 0
        for b in s.utf8.prefix(4) { v = v << 8 | UInt32(b) }
        rawValue = v
    }

    public var bytes: [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (24 - 8 * $0)) } }

    /// Printable as afconvert shows codes: `'ima4'`, with `\xNN` for bytes outside ASCII.
    public var description: String {
        var s = ""
        for b in bytes {
            if b >= 0x20 && b < 0x7F && b != 0x27 && b != 0x5C { s.unicodeScalars.append(Unicode.Scalar(b)) }
            else { s += "\\x" + String(b, radix: 16, uppercase: false).leftPadded(to: 2) }
        }
        return s
    }
}

extension String {
    func leftPadded(to n: Int, with c: Character = "0") -> String {
        count >= n ? self : String(repeating: c, count: n - count) + self
    }
}

/// What can go wrong reading or writing a container. Messages say what was found.
public enum ContainerError: Error, Equatable, CustomStringConvertible {
    case truncated(String)
    case invalid(String)
    case unsupported(String)
    case tooLarge(String)
    case notAudio(String)

    public var description: String {
        switch self {
        case .truncated(let s): return "file is truncated (needed \(s))"
        case .invalid(let s): return s
        case .unsupported(let s): return s
        case .tooLarge(let s): return "\(s) is too large for the file type"
        case .notAudio(let s): return s
        }
    }
}
