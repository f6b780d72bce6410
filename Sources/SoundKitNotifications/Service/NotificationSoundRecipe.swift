import SoundKitContainers
import SoundKitIO

/// A sound to prepare: a file, or bytes a service holds (an upload), decoded where they are.
public enum SoundInput: Sendable {
    /// The file at this path.
    case file(String)
    /// A whole sound file in memory, in any format ``NotificationSounds`` reads.
    case bytes([UInt8])

    /// What `bytes` are called in messages.
    package static let bytesName = "upload"

    /// The name the input goes by in messages and errors.
    package var name: String {
        switch self {
        case .file(let path): return path
        case .bytes: return Self.bytesName
        }
    }

    /// The input, opened.
    package func open() throws(AudioFileError) -> InputFile {
        switch self {
        case .file(let path): return try InputFile(path: path)
        case .bytes(let bytes): return InputFile(name: Self.bytesName, bytes: bytes)
        }
    }
}

/// What a notification sound is made into. ``iOS`` is what iOS plays: IMA4 in CAF, at most two channels, shorter
/// than 30 seconds.
public struct NotificationSoundRecipe: Codable, Hashable, Sendable {
    /// IMA4 in CAF at the source's sample rate; more than two channels mixed to stereo (ITU-R BS.775, LFE dropped);
    /// cut to 29.5 seconds with a fade-out; no loudness change.
    public static let iOS = NotificationSoundRecipe()

    /// How hard the IMA4 encoder works; ``IMAQuality/standard`` by default.
    public var quality: IMAQuality = .standard
    /// The integrated loudness (LUFS) to bring every sound to, its true peak kept under −1 dBTP; nil leaves the
    /// level as it is.
    public var loudness: Double?
    /// The longest sound kept, in seconds: a longer one is cut, ending with a 0.25 s fade-out. iOS plays the
    /// default sound instead of one that lasts 30 seconds or more.
    public var maxDuration: Double = 29.5

    /// The iOS recipe with these settings.
    public init(quality: IMAQuality = .standard, loudness: Double? = nil, maxDuration: Double = 29.5) {
        self.quality = quality
        self.loudness = loudness
        self.maxDuration = maxDuration
    }

    /// The true-peak ceiling normalising keeps under, in dBTP.
    package static let ceiling = -1.0

    /// The conversion for a source of `channels` channels lasting `duration` seconds.
    package func options(channels: Int, duration: Double) -> ConversionOptions {
        var options = ConversionOptions(
            fileType: .caf, encoding: .ima4, channels: channels > 2 ? 2 : nil,
            trim: duration > maxDuration || !(maxDuration > 0) ? maxDuration : nil, quality: quality.level)
        options.normalize = loudness.map { LoudnessTarget(integrated: $0, ceiling: Self.ceiling) }
        return options
    }
}
