import SoundKitIO

/// A notification sound made by ``NotificationSounds``: the file (or where it was written), what the checker found
/// in it, and the facts of the source and of the result.
///
/// In JSON, ``bytes`` is a Base64 string.
public struct PreparedSound: Codable, Hashable, Sendable {
    /// The platform the file is for.
    public var platform: SoundPlatform = .ios
    /// The file's name on its platform (`Chime 2.caf`, `chime_2.ogg`): what a payload's `sound` names, with or
    /// without the extension as the platform wants (``SoundPlatform/fileName(for:)``).
    public var name: String = ""
    /// The file's media type: `audio/x-caf` or `audio/ogg`.
    public var contentType: String { platform.contentType }
    /// The CAF file, when no destination was given.
    public var bytes: [UInt8]?
    /// Where the file was written, when a destination was given.
    public var outputPath: String?
    /// What the checker found in the file made, errors first; the same rules as `soundkit check`.
    public var findings: [Finding]
    /// Whether the sound was cut to the recipe's ``NotificationSoundRecipe/maxDuration``.
    public var trimmed: Bool
    /// Whether its platform will play it: no finding is an error.
    public var isPlayable: Bool
    /// The source, as read.
    public var source: AudioFileDescription
    /// The file made.
    public var output: AudioFileDescription
    /// What normalising did, when the recipe asks for a loudness.
    public var normalization: Normalization?

    private enum CodingKeys: String, CodingKey {
        case platform, name, contentType, bytes, outputPath, findings, trimmed, isPlayable, source, output
        case normalization
    }

    package init(
        bytes: [UInt8]?, findings: [Finding], trimmed: Bool, source: AudioFileDescription,
        output: AudioFileDescription, normalization: Normalization?
    ) {
        self.bytes = bytes
        self.findings = findings
        self.trimmed = trimmed
        self.isPlayable = !findings.contains { $0.severity == .error }
        self.source = source
        self.output = output
        self.normalization = normalization
    }

    /// Reads the JSON ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        platform = try c.decodeIfPresent(SoundPlatform.self, forKey: .platform) ?? .ios
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        if let text = try c.decodeIfPresent(String.self, forKey: .bytes) {
            guard let b = Base64.decode(text) else {
                throw DecodingError.dataCorruptedError(forKey: .bytes, in: c, debugDescription: "not Base64")
            }
            bytes = b
        }
        outputPath = try c.decodeIfPresent(String.self, forKey: .outputPath)
        findings = try c.decode([Finding].self, forKey: .findings)
        trimmed = try c.decode(Bool.self, forKey: .trimmed)
        isPlayable = try c.decode(Bool.self, forKey: .isPlayable)
        source = try c.decode(AudioFileDescription.self, forKey: .source)
        output = try c.decode(AudioFileDescription.self, forKey: .output)
        normalization = try c.decodeIfPresent(Normalization.self, forKey: .normalization)
    }

    /// Writes every property, ``bytes`` as Base64.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(platform, forKey: .platform)
        try c.encode(name, forKey: .name)
        try c.encode(contentType, forKey: .contentType)
        try c.encodeIfPresent(bytes.map(Base64.encode), forKey: .bytes)
        try c.encodeIfPresent(outputPath, forKey: .outputPath)
        try c.encode(findings, forKey: .findings)
        try c.encode(trimmed, forKey: .trimmed)
        try c.encode(isPlayable, forKey: .isPlayable)
        try c.encode(source, forKey: .source)
        try c.encode(output, forKey: .output)
        try c.encodeIfPresent(normalization, forKey: .normalization)
    }
}

/// What became of one job of ``NotificationSounds/prepareAll(_:recipe:concurrency:)``.
public struct PreparedSoundEvent: Sendable {
    /// The job's position in the list given.
    public var index: Int
    /// The sound, written to its destination, or why not.
    public var result: Result<PreparedSound, SoundKitError>
}

/// RFC 4648 Base64 with padding, for bytes in JSON.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = Swift.min(3, bytes.count - i)
            let b0 = bytes[i]
            let b1 = n > 1 ? bytes[i + 1] : 0
            let b2 = n > 2 ? bytes[i + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(n > 1 ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(n > 2 ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes, or nil for text that is not padded Base64.
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8: UInt8] = [:]
        for (i, c) in alphabet.enumerated() { values[c] = UInt8(i) }
        let chars = Array(text.utf8)
        guard chars.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 4 * 3)
        var i = 0
        while i < chars.count {
            let pad = i + 4 == chars.count ? chars[i..<(i + 4)].reversed().prefix { $0 == UInt8(ascii: "=") }.count : 0
            guard pad <= 2 else { return nil }
            var group: UInt32 = 0
            for k in 0..<4 {
                let c = chars[i + k]
                if k >= 4 - pad {
                    group <<= 6
                    continue
                }
                guard let v = values[c] else { return nil }
                group = group << 6 | UInt32(v)
            }
            out.append(UInt8(truncatingIfNeeded: group >> 16))
            if pad < 2 { out.append(UInt8(truncatingIfNeeded: group >> 8)) }
            if pad < 1 { out.append(UInt8(truncatingIfNeeded: group)) }
            i += 4
        }
        return out
    }
}
