/// The byte layout of linear PCM samples: integer or float, width, and byte order.
///
/// Integer PCM is signed except `unsignedInteger` (8-bit WAV). Widths are 8, 16, 24, 32 bits for
/// integers and 32 or 64 bits for floats.
public struct PCMFormat: Hashable, Sendable, CustomStringConvertible {
    package enum Encoding: Hashable, Sendable {
        case signedInteger, unsignedInteger, float
    }

    package var encoding: Encoding
    package var bits: Int
    package var bigEndian: Bool

    @_optimize(speed)
    package init(_ encoding: Encoding, bits: Int, bigEndian: Bool) {
        self.encoding = encoding
        self.bits = bits
        // Byte order is meaningless for single bytes; normalise so equal layouts compare equal.
        self.bigEndian = bits == 8 ? false : bigEndian
    }

    package var bytesPerSample: Int { bits / 8 }
    package var isFloat: Bool { encoding == .float }

    /// Whether ``PCM`` can pack and unpack this layout.
    package var isSupported: Bool {
        switch encoding {
        case .signedInteger: return [8, 16, 24, 32].contains(bits)
        case .unsignedInteger: return bits == 8
        case .float: return bits == 32 || bits == 64
        }
    }

    /// afconvert's spelling: `LEI16`, `BEF32`, `I8`, `UI8`.
    public var description: String {
        let order = bits == 8 ? "" : (bigEndian ? "BE" : "LE")
        switch encoding {
        case .signedInteger: return "\(order)I\(bits)"
        case .unsignedInteger: return "\(order)UI\(bits)"
        case .float: return "\(order)F\(bits)"
        }
    }

    /// Signed integer samples of `bits` bits (8, 16, 24 or 32), in either byte order.
    @_optimize(speed)
    public static func int(_ bits: Int, bigEndian: Bool) -> PCMFormat {
        .init(.signedInteger, bits: bits, bigEndian: bigEndian)
    }
    /// Floating-point samples of `bits` bits (32 or 64), in either byte order.
    @_optimize(speed)
    public static func float(_ bits: Int, bigEndian: Bool) -> PCMFormat {
        .init(.float, bits: bits, bigEndian: bigEndian)
    }
    /// Unsigned 8-bit samples (WAV's 8-bit format).
    public static let uint8 = PCMFormat(.unsignedInteger, bits: 8, bigEndian: false)
}
