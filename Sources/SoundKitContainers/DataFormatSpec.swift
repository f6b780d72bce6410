import SoundKitCodecs

/// afconvert's `-d` argument: `FORMAT[@RATE][/FLAGS][#FRAMES_PER_PACKET]`, where FORMAT is linear PCM
/// (`[BE|LE]{F|I|UI}{8|16|24|32|64}`) or a four-character code (`ima4`, `ulaw`, `alaw`, `'ms\x00\x11'`).
public struct DataFormatSpec: Hashable, Sendable {
    public var encoding: AudioEncoding
    /// False when the string named no byte order (`I16`): the file type's own order may be taken.
    public var explicitByteOrder: Bool
    public var sampleRate: Double?

    public static let syntax = "[BE|LE]{F|I|UI}{8|16|24|32|64}[@sample_rate_hz], or ima4, ulaw, alaw[@sample_rate_hz]"

    /// Why a `-d` string was refused.
    public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        case framesPerPacket(String)
        case flags(String)
        case sampleRate(String, rate: String)
        case ambiguousLinearPCM(String)
        case notAFormat(String)
        case notWritten(String, codec: String)

        public var description: String {
            switch self {
            case .framesPerPacket(let t): return "'\(t)': frames per packet (#) apply to ima4 only, and ima4 always has 64"
            case .flags(let t): return "'\(t)': format flags (/FLAGS) are not supported; say the layout with BE/LE and F/I/UI"
            case let .sampleRate(t, r):
                return "'\(t)': sample rate '\(r)' is not a number of Hz from \(Int(AudioLimits.sampleRates.lowerBound)) to \(Int(AudioLimits.sampleRates.upperBound))"
            case .ambiguousLinearPCM(let t): return "'\(t)': say which linear PCM, e.g. LEI16 or BEF32"
            case .notAFormat(let t): return "'\(t)' is not a data format; use \(DataFormatSpec.syntax)"
            case let .notWritten(_, codec): return "data format \(codec) is not one soundkit writes; use \(DataFormatSpec.syntax)"
            }
        }
    }

    public init(parsing text: String) throws(ParseError) {
        var s = Substring(text)
        if let r = s.firstIndex(of: "#") {
            let fpp = s[s.index(after: r)...]
            s = s[..<r]
            guard s.lowercased().hasPrefix("ima4"), fpp == "64" else { throw .framesPerPacket(text) }
        }
        if s.contains("/") { throw .flags(text) }
        var rate: Double?
        if let at = s.firstIndex(of: "@") {
            let r = s[s.index(after: at)...]
            guard let v = Double(r), v.isFinite, AudioLimits.sampleRates.contains(v) else { throw .sampleRate(text, rate: String(r)) }
            rate = v
            s = s[..<at]
        }
        // Quotes are how shells pass four-character codes; take them off.
        if s.count >= 2, let f = s.first, f == s.last, f == "'" || f == "\"" { s = s.dropFirst().dropLast() }
        self.sampleRate = rate
        if let pcm = Self.parsePCM(s) {
            encoding = .pcm(pcm.format)
            explicitByteOrder = pcm.explicit
            return
        }
        explicitByteOrder = true
        let code = try Self.fourCC(s, original: text)
        switch code {
        case "ima4": encoding = .ima4
        case "ulaw": encoding = .ulaw
        case "alaw": encoding = .alaw
        case FourCC(0x6D73_0011): encoding = .imaADPCM
        case "lpcm": throw .ambiguousLinearPCM(text)
        default:
            let known = CAF.codecName(code)
            throw .notWritten(text, codec: known.hasPrefix("'") ? known : "\(known) (\(code.description))")
        }
    }

    static func parsePCM(_ s: Substring) -> (format: PCMFormat, explicit: Bool)? {
        var rest = s.uppercased()[...]
        var bigEndian = false, explicit = false
        if rest.hasPrefix("-") { rest = rest.dropFirst() }
        if rest.hasPrefix("BE") { bigEndian = true; explicit = true; rest = rest.dropFirst(2) }
        else if rest.hasPrefix("LE") { explicit = true; rest = rest.dropFirst(2) }
        let encoding: PCMFormat.Encoding
        if rest.hasPrefix("UI") { encoding = .unsignedInteger; rest = rest.dropFirst(2) }
        else if rest.hasPrefix("I") { encoding = .signedInteger; rest = rest.dropFirst() }
        else if rest.hasPrefix("F") { encoding = .float; rest = rest.dropFirst() }
        else { return nil }
        guard let bits = Int(rest) else { return nil }
        let f = PCMFormat(encoding, bits: bits, bigEndian: bigEndian)
        guard f.isSupported || [8, 16, 24, 32, 64].contains(bits) else { return nil }
        return (f, explicit && bits != 8)
    }

    static func fourCC(_ s: Substring, original: String) throws(ParseError) -> FourCC {
        var bytes: [UInt8] = []
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "\\", s[i...].hasPrefix("\\x"), let end = s.index(i, offsetBy: 4, limitedBy: s.endIndex),
               let b = UInt8(s[s.index(i, offsetBy: 2)..<end], radix: 16) {
                bytes.append(b)
                i = end
            } else {
                bytes.append(contentsOf: String(s[i]).utf8)
                i = s.index(after: i)
            }
        }
        guard bytes.count == 4 else { throw .notAFormat(original) }
        return FourCC(bytes.reduce(0) { $0 << 8 | UInt32($1) })
    }

    /// The encoding for `fileType`: a PCM format without a stated byte order takes the type's own order
    /// when the machine's (little-endian) one is not accepted.
    public func encoding(for fileType: ContainerKind) -> AudioEncoding {
        guard case .pcm(let p) = encoding, !explicitByteOrder, p.bits > 8 else { return encoding }
        let flipped = AudioEncoding.pcm(PCMFormat(p.encoding, bits: p.bits, bigEndian: !p.bigEndian))
        if !fileType.acceptedEncodings.contains(encoding) && fileType.acceptedEncodings.contains(flipped) { return flipped }
        return encoding
    }
}
