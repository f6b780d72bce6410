import SoundKitIO

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A notification sound made by ``NotificationSounds``: the file (or where it was written), what the checker found
/// in it, and the facts of the source and of the result.
///
/// In JSON, ``bytes`` is a Base64 string (the JSON coders' own, for `Data`).
public struct PreparedSound: Codable, Hashable, Sendable {
    /// The platform the file is for.
    public var platform: SoundPlatform = .ios
    /// The file's name on its platform (`Chime 2.caf`, `chime_2.ogg`): what a payload's `sound` names, with or
    /// without the extension as the platform wants (``SoundPlatform/fileName(for:)``).
    public var name: String = ""
    /// The file's media type: `audio/x-caf` or `audio/ogg`.
    @_spi(SoundKitServe) public var contentType: String { platform.contentType }
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
        bytes = try c.decodeIfPresent(Data.self, forKey: .bytes).map { Array($0) }
        outputPath = try c.decodeIfPresent(String.self, forKey: .outputPath)
        findings = try c.decode([Finding].self, forKey: .findings)
        trimmed = try c.decode(Bool.self, forKey: .trimmed)
        isPlayable = try c.decode(Bool.self, forKey: .isPlayable)
        source = try c.decode(AudioFileDescription.self, forKey: .source)
        output = try c.decode(AudioFileDescription.self, forKey: .output)
        normalization = try c.decodeIfPresent(Normalization.self, forKey: .normalization)
    }

    /// Writes every property, ``bytes`` as `Data` (Base64 in JSON).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(platform, forKey: .platform)
        try c.encode(name, forKey: .name)
        try c.encode(contentType, forKey: .contentType)
        try c.encodeIfPresent(bytes.map { Data($0) }, forKey: .bytes)
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
