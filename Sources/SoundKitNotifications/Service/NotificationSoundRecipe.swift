import SoundKitContainers
import SoundKitIO

/// A sound to prepare: a file, or bytes a service holds (an upload), decoded where they are.
public enum SoundInput: Sendable {
    /// The file at this path.
    case file(String)
    /// A whole sound file in memory, in any format ``NotificationSounds`` reads.
    case bytes([UInt8])
    /// An upload: a whole sound file in memory and the name it came with (`Chime 2.m4a`), which helps recognise its
    /// format and names the files made from it (`Chime 2.caf`, `chime_2.ogg`). Only its last component is used.
    case upload([UInt8], name: String)

    /// What `bytes` are called in messages.
    @_spi(SoundKitServe) public static let bytesName = "upload"

    /// The name the input goes by in messages and errors.
    package var name: String {
        switch self {
        case .file(let path): return path
        case .bytes: return Self.bytesName
        case .upload(_, let name): return Self.uploadName(name)
        }
    }

    /// The input, opened.
    package func open() throws(AudioFileError) -> InputFile {
        switch self {
        case .file(let path): return try InputFile(path: path)
        case .bytes(let bytes): return InputFile(name: Self.bytesName, bytes: bytes)
        case .upload(let bytes, let name): return InputFile(name: Self.uploadName(name), bytes: bytes)
        }
    }

    /// An upload's name as given, reduced to its last component (never a path); `upload` when nothing is left. At
    /// most 200 bytes of UTF-8 (a file name may have 255 bytes, not 255 characters: 200 "é" are 400 bytes), cut
    /// before its extension so that the extension stays.
    @_spi(SoundKitServe) public static func uploadName(_ given: String) -> String {
        let last = FileSystem.lastComponent(String(given.map { $0 == "\\" ? "/" : $0 }))
        var clean = String(
            String.UnicodeScalarView(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        if clean.utf8.count > 200 {
            let parts = FileSystem.splitExtension(clean)
            let ext = parts.ext.utf8.count <= 16 && !parts.ext.isEmpty ? "." + parts.ext : ""
            var kept = String.UnicodeScalarView()
            var bytes = ext.utf8.count
            for s in (ext.isEmpty ? clean : parts.base).unicodeScalars {
                bytes += String(s).utf8.count
                if bytes > 200 { break }
                kept.append(s)
            }
            clean = String(kept) + ext
        }
        return clean.isEmpty || clean == "." || clean == ".." ? bytesName : clean
    }
}

/// What a notification sound is made into. ``iOS`` is what iOS plays: IMA4 in CAF, at most two channels, shorter
/// than 30 seconds. ``android`` is what Android plays from `res/raw`: Ogg Vorbis under a resource-safe name, mixed
/// and cut the same way, so that both platforms' files sound alike.
public struct NotificationSoundRecipe: Codable, Hashable, Sendable {
    /// IMA4 in CAF at the source's sample rate; more than two channels mixed to stereo (ITU-R BS.775, LFE dropped);
    /// cut to 29.5 seconds with a fade-out; no loudness change.
    public static let iOS = NotificationSoundRecipe()
    /// Ogg Vorbis (libsndfile's VBR, quality 64 of 127) at the source's sample rate, named as `res/raw` requires
    /// (`Chime 2.wav` becomes `chime_2.ogg`); mixed, cut and normalised as ``iOS``.
    public static let android = NotificationSoundRecipe(platform: .android)

    /// The platform the sound is made for: its file type, data format and file name.
    public var platform: SoundPlatform = .ios
    /// How hard the IMA4 encoder works; ``IMAQuality/standard`` by default.
    public var quality: IMAQuality = .standard
    /// The integrated loudness (LUFS) to bring every sound to, its true peak kept under −1 dBTP; nil leaves the
    /// level as it is.
    public var loudness: Double?
    /// The longest sound kept, in seconds: a longer one is cut, ending with a 0.25 s fade-out. iOS plays the
    /// default sound instead of one that lasts 30 seconds or more.
    public var maxDuration: Double = 29.5

    /// A recipe with these settings: ``quality`` is the IMA4 encoder's effort, which an Android recipe ignores.
    public init(
        platform: SoundPlatform = .ios, quality: IMAQuality = .standard, loudness: Double? = nil,
        maxDuration: Double = 29.5
    ) {
        self.platform = platform
        self.quality = quality
        self.loudness = loudness
        self.maxDuration = maxDuration
    }

    /// The true-peak ceiling normalising keeps under, in dBTP.
    package static let ceiling = -1.0

    /// The conversion for a source of `channels` channels lasting `duration` seconds.
    package func options(channels: Int, duration: Double) -> ConversionOptions {
        var options = ConversionOptions(
            fileType: platform.defaultFileType, encoding: platform.defaultEncoding, channels: channels > 2 ? 2 : nil,
            trim: duration > maxDuration || !(maxDuration > 0) ? maxDuration : nil,
            quality: platform == .ios ? quality.level : ConversionOptions.defaultQuality)
        options.normalize = loudness.map { LoudnessTarget(integrated: $0, ceiling: Self.ceiling) }
        return options
    }
}
