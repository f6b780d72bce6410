import SoundKitCodecs

/// afconvert's `-d` argument: `FORMAT[@RATE][/FLAGS][#FRAMES_PER_PACKET]`, where FORMAT is linear PCM
/// (`[BE|LE]{F|I|UI}{8|16|24|32|64}`), a four-character code (`ima4`, `ulaw`, `alaw`, `'ms\x00\x11'`), or `0`:
/// the source's own format, its packets copied exactly.
package struct DataFormatSpec: Hashable, Sendable {
    /// nil for `0`: the source's data format, packets copied as they are.
    package var encoding: AudioEncoding?
    /// False when the string named no byte order (`I16`): the file type's own order may be taken.
    package var explicitByteOrder: Bool
    package var sampleRate: Double?

    /// `-d 0`: the source's format, packets copied exactly.
    package var copiesPackets: Bool { encoding == nil }

    package static let syntax =
        "[BE|LE]{F|I|UI}{8|16|24|32|64}[@sample_rate_hz][/format_flags], or ima4, ulaw, alaw, vorbis[@sample_rate_hz], or 0"

    /// Core Audio's linear PCM format flags (`kAudioFormatFlag…`, `kLinearPCMFormatFlag…`), which `/FLAGS` sets.
    package enum FormatFlag: UInt32, CaseIterable, Sendable {
        case isFloat = 0x1
        case isBigEndian = 0x2
        case isSignedInteger = 0x4
        case isPacked = 0x8
        case isAlignedHigh = 0x10
        case isNonInterleaved = 0x20
        case isNonMixable = 0x40

        package var name: String {
            switch self {
            case .isFloat: return "IsFloat"
            case .isBigEndian: return "IsBigEndian"
            case .isSignedInteger: return "IsSignedInteger"
            case .isPacked: return "IsPacked"
            case .isAlignedHigh: return "IsAlignedHigh"
            case .isNonInterleaved: return "IsNonInterleaved"
            case .isNonMixable: return "IsNonMixable"
            }
        }

        /// The flags that describe a layout soundkit writes; packing and high alignment change nothing for
        /// samples that fill whole bytes.
        static let layoutFlags: UInt32 = 0x1F
        /// `kLinearPCMFormatFlagsSampleFractionMask`: fixed-point samples.
        static let sampleFractionMask: UInt32 = 0x3F << 7
    }

    /// What is wrong with a `/FLAGS` part.
    package enum FlagProblem: Hashable, Sendable {
        case notHex
        /// Flags soundkit does not write (non-interleaved, non-mixable, fixed-point, unknown bits).
        case unsupported(UInt32)
        case floatAndSigned
        /// The flags describe this layout, which no encoder here writes (`UI16`, `F16`).
        case layout(PCMFormat)
        /// A compressed format takes no flags; this one was given some.
        case compressed(AudioEncoding)
    }

    /// Why a `-d` string was refused.
    package enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// `#N` on a format other than ima4.
        case framesPerPacket(String)
        /// `ima4#N` with N other than 64.
        case ima4FramesPerPacket(String, frames: String)
        case flags(String, flags: String, FlagProblem)
        case sampleRate(String, rate: String)
        case ambiguousLinearPCM(String)
        case notAFormat(String)
        case notWritten(String, codec: String)
        /// `0` with `@RATE`, `/FLAGS` or `#N`.
        case sourceFormatWithParts(String)
        /// `N`: the native format of an ALAC or FLAC source.
        case nativeLossless(String)

        package var description: String {
            switch self {
            case .framesPerPacket(let t):
                return "'\(t)': frames per packet (#) apply to ima4 only, and ima4 always has 64"
            case .ima4FramesPerPacket(let t, let n): return "'\(t)': ima4 always has 64 frames per packet, not \(n)"
            case .flags(let t, let flags, let problem):
                let head = "'\(t)': format flags /\(flags)"
                switch problem {
                case .notHex: return "\(head) are not hexadecimal digits (e.g. /C for signed, packed, little-endian)"
                case .unsupported(let bits):
                    let named = FormatFlag.allCases.filter { bits & $0.rawValue != 0 }.map {
                        "\($0.name) (0x\(String($0.rawValue, radix: 16)))"
                    }
                    var parts = named
                    if bits & FormatFlag.sampleFractionMask != 0 { parts.append("sample fraction bits (fixed point)") }
                    let rest = bits & ~(FormatFlag.sampleFractionMask | 0x7F)
                    if rest != 0 { parts.append("unknown bits 0x\(String(rest, radix: 16, uppercase: true))") }
                    return
                        "\(head) set \(parts.joined(separator: ", ")), which soundkit does not write; it writes interleaved PCM described by IsFloat 0x1, IsBigEndian 0x2, IsSignedInteger 0x4, IsPacked 0x8"
                case .floatAndSigned: return "\(head) say both float (0x1) and signed integer (0x4)"
                case .layout(let f):
                    return
                        "\(head) describe \(f.encoding == .unsignedInteger ? "unsigned " : "")\(f), which soundkit does not write"
                case .compressed(let e): return "\(head): \(e) has no format flags (only /0)"
                }
            case .sampleRate(let t, let r):
                return
                    "'\(t)': sample rate '\(r)' is not a number of Hz from \(Int(AudioLimits.sampleRates.lowerBound)) to \(Int(AudioLimits.sampleRates.upperBound))"
            case .ambiguousLinearPCM(let t): return "'\(t)': say which linear PCM, e.g. LEI16 or BEF32"
            case .notAFormat(let t): return "'\(t)' is not a data format; use \(DataFormatSpec.syntax)"
            case .notWritten(_, let codec):
                return "data format \(codec) is not one soundkit writes; use \(DataFormatSpec.syntax)"
            case .sourceFormatWithParts(let t):
                return "'\(t)': 0 copies the source's packets as they are, so it takes no @RATE, /FLAGS or #FRAMES"
            case .nativeLossless(let t):
                return
                    "'\(t)': N means the native format of an ALAC or FLAC source, which soundkit does not write; use 0 to copy the source's packets, or name a format"
            }
        }
    }

    package init(parsing text: String) throws(ParseError) {
        var s = Substring(text)
        var framesPerPacket: Substring?
        if let r = s.firstIndex(of: "#") {
            framesPerPacket = s[s.index(after: r)...]
            s = s[..<r]
        }
        var flagsText: Substring?
        if let slash = s.firstIndex(of: "/") {
            flagsText = s[s.index(after: slash)...]
            s = s[..<slash]
        }
        var rate: Double?
        var rateText: Substring?
        if let at = s.firstIndex(of: "@") {
            rateText = s[s.index(after: at)...]
            s = s[..<at]
        }
        if s == "0" {
            guard framesPerPacket == nil, flagsText == nil, rateText == nil else { throw .sourceFormatWithParts(text) }
            encoding = nil
            explicitByteOrder = true
            sampleRate = nil
            return
        }
        if s == "N" { throw .nativeLossless(text) }
        if let r = rateText {
            guard let v = Double(r), v.isFinite, AudioLimits.sampleRates.contains(v) else {
                throw .sampleRate(text, rate: String(r))
            }
            rate = v
        }
        // Quotes are how shells pass four-character codes; take them off.
        if s.count >= 2, let f = s.first, f == s.last, f == "'" || f == "\"" { s = s.dropFirst().dropLast() }
        self.sampleRate = rate

        var parsed: AudioEncoding
        if let pcm = Self.parsePCM(s) {
            parsed = .pcm(pcm.format)
            explicitByteOrder = pcm.explicit
        } else if s.lowercased() == "vorbis" {
            parsed = .vorbis
            explicitByteOrder = true
        } else {
            explicitByteOrder = true
            let code = try Self.fourCC(s, original: text)
            switch code {
            case "ima4": parsed = .ima4
            case "ulaw": parsed = .ulaw
            case "alaw": parsed = .alaw
            case FourCC(0x6D73_0011): parsed = .imaADPCM
            case "lpcm": throw .ambiguousLinearPCM(text)
            default:
                let known = CAF.codecName(code)
                throw .notWritten(text, codec: known.hasPrefix("'") ? known : "\(known) (\(code.description))")
            }
        }
        if let n = framesPerPacket {
            guard parsed == .ima4 else { throw .framesPerPacket(text) }
            guard n == "64" else { throw .ima4FramesPerPacket(text, frames: String(n)) }
        }
        if let f = flagsText {
            parsed = try Self.applying(flags: f, to: parsed, text: text)
            explicitByteOrder = true
        }
        encoding = parsed
    }

    /// `/FLAGS` replaces the format flags, as in afconvert: for linear PCM they decide float or integer, signed
    /// or not, and the byte order; a compressed format takes only 0.
    static func applying(
        flags text: Substring, to encoding: AudioEncoding, text original: String
    ) throws(ParseError) -> AudioEncoding {
        var digits = text
        if digits.lowercased().hasPrefix("0x") { digits = digits.dropFirst(2) }
        guard !digits.isEmpty, digits.count <= 8, let flags = UInt32(digits, radix: 16) else {
            throw .flags(original, flags: String(text), .notHex)
        }
        guard case .pcm(let named) = encoding else {
            guard flags == 0 else { throw .flags(original, flags: String(text), .compressed(encoding)) }
            return encoding
        }
        let unsupported = flags & ~FormatFlag.layoutFlags
        guard unsupported == 0 else { throw .flags(original, flags: String(text), .unsupported(unsupported)) }
        let isFloat = flags & FormatFlag.isFloat.rawValue != 0
        let signed = flags & FormatFlag.isSignedInteger.rawValue != 0
        guard !(isFloat && signed) else { throw .flags(original, flags: String(text), .floatAndSigned) }
        let f = PCMFormat(
            isFloat ? .float : signed ? .signedInteger : .unsignedInteger, bits: named.bits,
            bigEndian: flags & FormatFlag.isBigEndian.rawValue != 0)
        guard f.isSupported else { throw .flags(original, flags: String(text), .layout(f)) }
        return .pcm(f)
    }

    static func parsePCM(_ s: Substring) -> (format: PCMFormat, explicit: Bool)? {
        var rest = s.uppercased()[...]
        var bigEndian = false
        var explicit = false
        // A leading '-' is afconvert's old spelling of the same formats.
        if rest.hasPrefix("-") { rest = rest.dropFirst() }
        if rest.hasPrefix("BE") {
            bigEndian = true
            explicit = true
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("LE") {
            explicit = true
            rest = rest.dropFirst(2)
        }
        let encoding: PCMFormat.Encoding
        if rest.hasPrefix("UI") {
            encoding = .unsignedInteger
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("I") {
            encoding = .signedInteger
            rest = rest.dropFirst()
        } else if rest.hasPrefix("F") {
            encoding = .float
            rest = rest.dropFirst()
        } else {
            return nil
        }
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
                let b = UInt8(s[s.index(i, offsetBy: 2)..<end], radix: 16)
            {
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
    /// when the machine's (little-endian) one is not accepted. nil for `0`.
    package func encoding(for fileType: ContainerKind) -> AudioEncoding? {
        guard case .pcm(let p)? = encoding, !explicitByteOrder, p.bits > 8 else { return encoding }
        let flipped = AudioEncoding.pcm(PCMFormat(p.encoding, bits: p.bits, bigEndian: !p.bigEndian))
        if !fileType.acceptedEncodings.contains(.pcm(p)) && fileType.acceptedEncodings.contains(flipped) {
            return flipped
        }
        return .pcm(p)
    }
}
