import SoundKitCodecs
import SoundKitContainers

/// How to convert: afconvert's `-f`, `-d`, `@RATE`, `-c`, `-q`, `-r`, `--src-complexity` and `-l`, plus soundkit's
/// choices. The initializer takes what most conversions set; the rest are properties with their defaults.
public struct ConversionOptions: Sendable {
    /// One of `writable`.
    public var fileType: ContainerKind
    /// `nil`: keep the source's linear PCM layout when the file type holds it, else 16-bit PCM.
    public var encoding: AudioEncoding?
    /// The output's sample rate (`nil`: the source's).
    public var sampleRate: Double?
    /// The output's channel count (`nil`: the source's).
    public var channels: Int?
    /// Keep at most this many seconds, ending with a fade-out of `fadeOut` seconds (only when trimmed).
    public var trim: Double?
    /// The codec quality level, one of `qualityLevels`: how hard the IMA encoders look for the best codes
    /// (`imaSearch`), and Vorbis's quality (`vorbisQuality`). Checked when the output is written.
    public var quality: Int
    /// Pad the header so audio starts at byte 4096, as afconvert does.
    package var filler = true
    /// Seconds of fade-out at the end of a trimmed sound.
    package var fadeOut = 0.25
    /// The source's data format with its packets copied exactly, nothing decoded. `encoding`, `sampleRate`,
    /// `channels` and `trim` must then be nil.
    package var copiesPackets = false
    /// The libsoxr recipe when the rate changes.
    package var resampling = ResamplerQuality()
    /// A layout tag to record (CAF `chan`, WAVE channel mask).
    package var channelLayout: ChannelLayoutTag?
    /// Decibels to multiply the audio by before it is encoded; samples past full scale are clamped.
    public var gain: Double?
    /// Bring the output to this integrated loudness; replaces ``gain``.
    public var normalize: LoudnessTarget?

    /// The quality levels ``quality`` takes (afconvert's codec quality range).
    package static let qualityLevels = 0...127
    /// The quality level used when none is chosen.
    public static let defaultQuality = 64

    /// Options for a file of `fileType`; every other choice keeps its default.
    public init(
        fileType: ContainerKind, encoding: AudioEncoding? = nil, sampleRate: Double? = nil,
        channels: Int? = nil, trim: Double? = nil, quality: Int = ConversionOptions.defaultQuality
    ) {
        self.fileType = fileType
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.channels = channels
        self.trim = trim
        self.quality = quality
    }

    /// Options that copy the source's packets, as they are, into a file of `fileType`.
    package static func copyingPackets(into fileType: ContainerKind) -> ConversionOptions {
        var options = ConversionOptions(fileType: fileType)
        options.copiesPackets = true
        return options
    }

    /// The IMA search ``quality`` asks for: 0 the reference encoder's stream, 1…95 ``IMASearch/starts``,
    /// 96…119 ``IMASearch/trellis``, 120…126 ``IMASearch/beam``, 127 ``IMASearch/beams``.
    package var imaSearch: IMASearch { Self.imaSearch(quality: quality) }

    /// The IMA search for a quality level (levels outside ``qualityLevels`` count as the nearest end).
    package static func imaSearch(quality: Int) -> IMASearch {
        switch quality {
        case ...0: return .none
        case 1..<96: return .starts
        case 96..<120: return .trellis
        case 120..<127: return .beam
        default: return .beams
        }
    }

    /// libsndfile's Vorbis quality (`SFC_SET_VBR_ENCODING_QUALITY`, 0 smallest to 1 best) for ``quality``: the level
    /// over 127, so 0 is the smallest file, 127 the best sound and the default 64 about the middle.
    package var vorbisQuality: Double { Double(Swift.min(Swift.max(quality, 0), 127)) / 127 }

    /// Throws when ``quality`` is not one of ``qualityLevels``, for the output at `path`.
    func checkQuality(path: String) throws(AudioFileError) {
        guard Self.qualityLevels.contains(quality) else { throw AudioFileError(path, .conversion(.quality(quality))) }
    }
}

/// One file a conversion writes, and how.
public struct ConversionOutput: Sendable {
    /// Where the file is written.
    public var path: String
    /// How it is written.
    public var options: ConversionOptions
    /// Encoded in memory rather than written: ``path`` only names it in messages.
    package var inMemory = false

    /// An output at `path`, written with `options`.
    public init(path: String, options: ConversionOptions) {
        self.path = path
        self.options = options
    }
}

/// What a conversion wrote. In JSON: the output's path, file type, data format, rate and channels, its totals, and
/// the normalisation.
public struct ConversionReport: Encodable, Sendable {
    /// The source as it was read.
    package var source: SourceInfo
    /// The file written.
    public var outputPath: String
    /// Its file type and stream format.
    package var layout: OutputLayout
    /// The packets, frames and bytes written.
    public var totals: DataTotals
    /// What ``ConversionOptions/normalize`` did.
    public var normalization: Normalization? = nil
}

extension ConversionReport {
    private enum CodingKeys: String, CodingKey {
        case outputPath, fileType, format, sampleRate, channels, totals, normalization
    }

    /// Writes the output's facts (the source's stay out: a service has them already).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(outputPath, forKey: .outputPath)
        try c.encode(layout.fileType, forKey: .fileType)
        try c.encode(layout.format.encoding.description, forKey: .format)
        try c.encode(layout.format.sampleRate, forKey: .sampleRate)
        try c.encode(layout.format.channels, forKey: .channels)
        try c.encode(totals, forKey: .totals)
        try c.encodeIfPresent(normalization, forKey: .normalization)
    }
}
