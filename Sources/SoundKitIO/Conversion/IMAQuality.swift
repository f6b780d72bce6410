/// How hard the IMA4 encoder looks for the codes closest to the sound: the command line's `-q`, by name.
///
/// In JSON a named level is its name (`"high"`) and ``level(_:)`` is its number (`100`).
public enum IMAQuality: Codable, Hashable, Sendable {
    /// Exactly the stream Apple's encoder writes (`-q 0`): the fastest.
    case apple
    /// Each packet coded from several starting states, the best kept (`-q 64`, the default).
    case standard
    /// A trellis search and a look-ahead coder on every packet (`-q 100`).
    case high
    /// Two beam searches on top (`-q 127`): the closest to the sound, and the slowest.
    case best
    /// A level from 0 to 127, as `-q` takes it.
    case level(Int)

    /// The `-q` level.
    package var level: Int {
        switch self {
        case .apple: return 0
        case .standard: return ConversionOptions.defaultQuality
        case .high: return 100
        case .best: return 127
        case .level(let n): return n
        }
    }

    private static let names: [(String, IMAQuality)] = [
        ("apple", .apple), ("standard", .standard), ("high", .high), ("best", .best),
    ]

    /// Reads a name or a number.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Int.self) {
            self = .level(n)
            return
        }
        let name = try c.decode(String.self)
        guard let q = Self.names.first(where: { $0.0 == name })?.1 else {
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "IMA quality '\(name)' is not apple, standard, high, best or a number")
        }
        self = q
    }

    /// Writes a name, or the number of a ``level(_:)``.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if case .level(let n) = self { try c.encode(n) } else { try c.encode(Self.names.first { $0.1 == self }?.0) }
    }
}
