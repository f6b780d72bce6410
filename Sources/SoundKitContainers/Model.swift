import SoundKitCodecs

/// The file types soundkit writes, named as afconvert names them (`-f`).
public enum FileType: String, CaseIterable, Sendable {
    case caff = "caff"
    case aiff = "AIFF"
    case aifc = "AIFC"
    case wave = "WAVE"

    /// afconvert's names, case-insensitively, plus the common extensions.
    public init?(name: String) {
        switch name.lowercased() {
        case "caff", "caf": self = .caff
        case "aiff", "aif": self = .aiff
        case "aifc": self = .aifc
        case "wave", "wav": self = .wave
        default: return nil
        }
    }

    /// The type an output path asks for by its extension.
    public init?(pathExtension ext: String) { self.init(name: ext) }

    public var fileExtension: String {
        switch self {
        case .caff: return "caf"
        case .aiff: return "aiff"
        case .aifc: return "aifc"
        case .wave: return "wav"
        }
    }

    /// The data formats this type accepts, in afconvert's spelling and order (`afconvert -hf`).
    public var acceptedEncodings: [AudioEncoding] {
        func i(_ b: Int, _ be: Bool) -> AudioEncoding { .pcm(.int(b, bigEndian: be)) }
        func f(_ b: Int, _ be: Bool) -> AudioEncoding { .pcm(.float(b, bigEndian: be)) }
        switch self {
        case .caff:
            return [i(8, true), i(16, true), i(24, true), i(32, true), f(32, true), f(64, true),
                    i(16, false), i(24, false), i(32, false), f(32, false), f(64, false), .ulaw, .alaw, .ima4]
        case .aiff:
            return [i(8, true), i(16, true), i(24, true), i(32, true)]
        case .aifc:
            return [i(8, true), i(16, true), i(24, true), i(32, true), f(32, true), f(64, true), .pcm(.uint8),
                    i(16, false), .ulaw, .alaw, .ima4]
        case .wave:
            return [.pcm(.uint8), i(16, false), i(24, false), i(32, false), f(32, false), f(64, false), .ulaw, .alaw, .imaADPCM]
        }
    }

    /// What `-d` omitted means: 16-bit integer PCM in the type's natural byte order.
    public var default16Bit: AudioEncoding { .pcm(.int(16, bigEndian: self != .wave)) }
}

/// What a file's audio data holds.
public enum AudioEncoding: Hashable, Sendable, CustomStringConvertible {
    case pcm(PCMFormat)
    case ulaw
    case alaw
    /// Apple IMA4 packets (64 frames, 34 bytes a channel).
    case ima4
    /// IMA ADPCM blocks as in WAV (tag 0x11) and CAF `ms\0\x11`.
    case imaADPCM
    /// Anything soundkit does not decode itself: a name a person recognises ("AAC", "MP3", "MS ADPCM").
    case other(String)

    public var description: String {
        switch self {
        case .pcm(let f): return f.description
        case .ulaw: return "ulaw"
        case .alaw: return "alaw"
        case .ima4: return "ima4"
        case .imaADPCM: return "IMA ADPCM"
        case .other(let name): return name
        }
    }

    /// The codecs iOS plays for notification sounds: linear PCM, IMA4, µLaw, aLaw.
    public var isNotificationCodec: Bool {
        switch self {
        case .pcm, .ulaw, .alaw, .ima4: return true
        case .imaADPCM, .other: return false
        }
    }
}

public enum ContainerKind: String, Sendable, Hashable {
    case caf = "CAF", aiff = "AIFF", aifc = "AIFC", wav = "WAVE", rifx = "RIFX", rf64 = "RF64"

    /// The afconvert file type ID that `afinfo` prints.
    public var fileTypeID: String {
        switch self {
        case .caf: return "caff"
        case .aiff: return "AIFF"
        case .aifc: return "AIFC"
        case .wav: return "WAVE"
        case .rifx: return "RIFX"
        case .rf64: return "RF64"
        }
    }
}

/// The stream as the container describes it (Core Audio's `AudioStreamBasicDescription`, roughly).
public struct StreamFormat: Hashable, Sendable {
    public var sampleRate: Double
    public var channels: Int
    public var encoding: AudioEncoding
    /// 0 when packets vary in size.
    public var bytesPerPacket: Int
    public var framesPerPacket: Int
    /// 0 for compressed formats (Core Audio's convention for ima4).
    public var bitsPerChannel: Int
    /// The container's own code for the format: `'lpcm'`, `'ima4'`, WAV tag `0x0011`, AIFC `'sowt'`.
    public var formatCode: String

    public init(sampleRate: Double, channels: Int, encoding: AudioEncoding, bytesPerPacket: Int, framesPerPacket: Int,
                bitsPerChannel: Int, formatCode: String) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.encoding = encoding
        self.bytesPerPacket = bytesPerPacket
        self.framesPerPacket = framesPerPacket
        self.bitsPerChannel = bitsPerChannel
        self.formatCode = formatCode
    }
}

/// Everything a container header says about its audio, in file terms.
public struct AudioFileInfo: Hashable, Sendable {
    public var container: ContainerKind
    public var format: StreamFormat
    /// Byte offset of the first audio byte.
    public var dataOffset: Int64
    /// Audio bytes present in the file (what the header claims, cut to what the file holds).
    public var dataBytes: Int64
    public var packets: Int64
    /// The played length when the container states it (CAF `pakt`, WAV `fact`, PCM data size).
    public var validFrames: Int64
    public var primingFrames: Int64 = 0
    public var remainderFrames: Int64 = 0
    /// WAV `dwChannelMask` / CAF channel bitmap, when stated.
    public var channelMask: UInt32?
    /// WAV IMA ADPCM block size.
    public var blockAlign: Int = 0
    /// Oddities a reader worked around (truncation, a zero-size data chunk); empty for a clean file.
    public var warnings: [String] = []

    public var duration: Double { format.sampleRate > 0 ? Double(validFrames) / format.sampleRate : 0 }
}
