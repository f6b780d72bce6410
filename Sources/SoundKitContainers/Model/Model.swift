import SoundKitCodecs

/// What a file's audio data holds.
public enum AudioEncoding: Hashable, Sendable, CustomStringConvertible {
    case pcm(PCMFormat)
    case ulaw
    case alaw
    /// Apple IMA4 packets (64 frames, 34 bytes a channel).
    case ima4
    /// IMA ADPCM blocks as in WAV (tag 0x11) and CAF `ms\0\x11`.
    case imaADPCM
    /// Vorbis in Ogg, which soundkit writes through libsndfile for Android (`-d vorbis`).
    case vorbis
    /// Anything soundkit does not decode itself: a name a person recognises ("AAC", "MP3", "MS ADPCM").
    case other(String)

    /// The data format as afconvert names it: `ima4`, `ulaw`, `LEI16`, …
    public var description: String {
        switch self {
        case .pcm(let f): return f.description
        case .ulaw: return "ulaw"
        case .alaw: return "alaw"
        case .ima4: return "ima4"
        case .imaADPCM: return "IMA ADPCM"
        case .vorbis: return "vorbis"
        case .other(let name): return name
        }
    }

    /// The codecs iOS plays for notification sounds: linear PCM, IMA4, µLaw, aLaw.
    package var isNotificationCodec: Bool {
        switch self {
        case .pcm, .ulaw, .alaw, .ima4: return true
        case .imaADPCM, .vorbis, .other: return false
        }
    }
}

/// The physical limits every header is held to. A value outside them is not a sound any device plays, and
/// keeping every count inside them is what lets the rest of the code do plain arithmetic on validated values.
package enum AudioLimits {
    /// 1 kHz to 768 kHz. Speech codecs and telephony go down to 4–8 kHz, and the fastest DACs sold run at
    /// 768 kHz (twice DXD); the lower bound leaves room for odd hand-made files while keeping every duration a
    /// header can imply finite and every frame count computed from seconds well inside 64 bits.
    package static let sampleRates: ClosedRange<Double> = 1_000...768_000
    /// 1 to 64 channels: the widest layouts Core Audio names (22.2 is 24 channels; 7th-order ambisonics is 64).
    package static let channels: ClosedRange<Int> = 1...64
    /// No codec puts more frames in a packet (FLAC's largest block is 65,535 frames).
    package static let framesPerPacket: Int64 = 1 << 16

    static let rateDescription = "1000 to 768000 Hz"

    /// `rate` if it is finite and inside ``sampleRates``.
    package static func checkedSampleRate(_ rate: Double) throws(ContainerError) -> Double {
        guard rate.isFinite, sampleRates.contains(rate) else { throw .sampleRate(rate) }
        return rate
    }

    /// `count` as an Int if it is inside ``channels``. Not generic: see ``ByteReader``'s note on typed throws.
    package static func checkedChannels(_ count: Int64) throws(ContainerError) -> Int {
        guard count >= Int64(channels.lowerBound), count <= Int64(channels.upperBound) else { throw .channels(count) }
        return Int(count)
    }
}

/// The stream as the container describes it (Core Audio's `AudioStreamBasicDescription`, roughly). Parsers
/// only hand out validated values: the rate and channels inside ``AudioLimits``, packet sizes non-negative.
package struct StreamFormat: Hashable, Sendable {
    /// Frames a second.
    package var sampleRate: Double
    /// Channels in a frame.
    package var channels: Int
    /// What the data holds.
    package var encoding: AudioEncoding
    /// 0 when packets vary in size.
    package var bytesPerPacket: Int
    /// 0 when it varies or is unknown.
    package var framesPerPacket: Int
    /// 0 for compressed formats (Core Audio's convention for ima4).
    package var bitsPerChannel: Int
    /// The container's own code for the format: `'lpcm'`, `'ima4'`, WAV tag `0x0011`, AIFC `'sowt'`.
    package var formatCode: String

    /// How the encoding packs frames into packets: Core Audio's bytes and frames per packet and bits per channel.
    package struct Packets: Hashable, Sendable {
        /// Bytes per packet; 0 when packets vary in size.
        package var bytes: Int
        /// Frames per packet; 0 when it varies or is unknown.
        package var frames: Int
        /// Bits per channel; 0 for compressed formats.
        package var bitsPerChannel: Int

        /// The three fields as given.
        package init(bytes: Int, frames: Int, bitsPerChannel: Int) {
            self.bytes = bytes
            self.frames = frames
            self.bitsPerChannel = bitsPerChannel
        }
    }

    /// A stream of `encoding` at `sampleRate` with `channels`, packed as `packets` says; `formatCode` is the
    /// container's own code for the format.
    package init(sampleRate: Double, channels: Int, encoding: AudioEncoding, packets: Packets, formatCode: String) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.encoding = encoding
        self.bytesPerPacket = packets.bytes
        self.framesPerPacket = packets.frames
        self.bitsPerChannel = packets.bitsPerChannel
        self.formatCode = formatCode
    }
}

/// Something a parser found odd and worked around. Each says what, in values; ``isTruncation`` tells the cases
/// where the file ends before its header says it does.
package enum HeaderWarning: Hashable, Sendable, CustomStringConvertible {
    /// The RIFF or FORM size reaches past the end of the file.
    case outerSizeBeyondFile(ContainerKind, claimed: Int64, fileSize: Int64)
    /// The RIFF or FORM size ends before the chunks do (streaming writers, broken taggers); reading went on.
    case outerSizeTooSmall(ContainerKind, Int64)
    /// Bytes after the last chunk too few to be a chunk header.
    case strayBytes(Int64)
    /// The audio data claims more bytes than the file holds.
    case dataTruncated(claimed: Int64, present: Int64)
    /// A WAVE RIFF or data size that is a streaming writer's placeholder (0xFFFFFFFF, 0x7FFFF000): the audio to the
    /// end of the file is read.
    case sizePlaceholder(Int64)
    /// A WAVE data chunk of size 0 followed by audio (a writer that never patched the size): the bytes are read.
    case zeroSizeData(following: Int64)
    /// The audio ends inside a frame, packet or IMA block.
    case partialPacket(bytes: Int64)
    /// The header counts more frames or packets than the data holds.
    case countBeyondData(ContainerError.Quantity, claimed: Int64, present: Int64)
    /// The packet table's frames do not add up to what the packets hold.
    case packetTableMismatch(valid: Int64, priming: Int64, remainder: Int64, total: Int64)
    /// The IMA ADPCM `fmt ` states another samples-per-block than the block size implies.
    case samplesPerBlock(stated: Int64, actual: Int64)

    package var isTruncation: Bool {
        switch self {
        case .outerSizeBeyondFile, .dataTruncated, .partialPacket, .countBeyondData: return true
        default: return false
        }
    }

    package var description: String {
        switch self {
        case .outerSizeBeyondFile(let k, let claimed, let size):
            return "\(k.containerName) header claims \(claimed) bytes but the file holds \(size); file is truncated"
        case .outerSizeTooSmall(let k, let size):
            return "\(k.containerName) size \(size) ends before the chunks do; reading on"
        case .strayBytes(let n): return "\(n) stray bytes after the last chunk"
        case .dataTruncated(let claimed, let present):
            return "audio data claims \(claimed) bytes but the file holds \(present); file is truncated"
        case .sizePlaceholder(let v):
            return "size field 0x\(String(v, radix: 16, uppercase: true)) is a streaming writer's placeholder; "
                + "reading the audio to the end of the file"
        case .zeroSizeData(let n): return "data chunk declares 0 bytes but \(n) bytes follow; reading them"
        case .partialPacket(let n): return "audio data ends with \(n) bytes of a partial packet; file is truncated"
        case .countBeyondData(let q, let claimed, let present):
            return "the header says \(claimed) \(q.rawValue) but the data holds \(present); file is truncated"
        case .packetTableMismatch(let v, let p, let r, let t):
            return "packet table says \(v) valid + \(p) priming + \(r) remainder frames, but the data holds \(t)"
        case .samplesPerBlock(let stated, let actual):
            return "fmt says \(stated) samples per block; the block holds \(actual)"
        }
    }
}

/// Everything a container header says about its audio, validated once by the parser that read it: the format
/// within ``AudioLimits``, the data inside the file, and every count no larger than the data can hold — so
/// arithmetic on these values (durations, frame totals) cannot overflow or produce infinities.
package struct AudioFileInfo: Hashable, Sendable {
    package var container: ContainerKind
    package var format: StreamFormat
    /// Byte offset of the first audio byte.
    package var dataOffset: Int64
    /// Audio bytes present in the file (what the header claims, cut to what the file holds).
    package var dataBytes: Int64
    package var packets: Int64
    /// The played length when the container states it (CAF `pakt`, WAV `fact`, PCM data size).
    package var validFrames: Int64
    package var primingFrames: Int64 = 0
    package var remainderFrames: Int64 = 0
    /// WAV `dwChannelMask` / CAF channel bitmap, when stated.
    package var channelMask: UInt32?
    /// WAV IMA ADPCM block size.
    package var blockAlign: Int = 0
    /// Oddities the parser worked around (truncation, a zero-size data chunk); empty for a clean file.
    package var warnings: [HeaderWarning] = []

    /// Whether the file lost audio at its end: a chunk or the data claims more bytes than the file holds.
    package var isTruncated: Bool { warnings.contains { $0.isTruncation } }

    package init(
        container: ContainerKind, format: StreamFormat, dataOffset: Int64, dataBytes: Int64, packets: Int64,
        validFrames: Int64
    ) {
        self.container = container
        self.format = format
        self.dataOffset = dataOffset
        self.dataBytes = dataBytes
        self.packets = packets
        self.validFrames = validFrames
    }

    /// The played length in seconds (finite: the rate is validated and the frames bounded).
    package var duration: Double { Double(validFrames) / format.sampleRate }

    /// The most packets `dataBytes` can hold: whole constant-size packets (plus a partial last one, which the IMA
    /// ADPCM reader decodes), or one byte each for variable-size packets.
    var packetLimit: Int64 {
        let bpp = Int64(format.bytesPerPacket)
        guard bpp > 0 else { return dataBytes }
        return dataBytes / bpp + (dataBytes % bpp == 0 ? 0 : 1)
    }

    /// The most frames the packets can hold (saturating: only ever compared against).
    var frameLimit: Int64 {
        let fpp = format.framesPerPacket > 0 ? Int64(format.framesPerPacket) : AudioLimits.framesPerPacket
        let (product, overflow) = packetLimit.multipliedReportingOverflow(by: fpp)
        return overflow ? .max : product
    }

    /// Checks every invariant the rest of soundkit relies on; parsers call it last. `fileSize` bounds the data.
    package func validated(fileSize: Int64) throws(ContainerError) -> AudioFileInfo {
        guard format.sampleRate.isFinite, AudioLimits.sampleRates.contains(format.sampleRate) else {
            throw .sampleRate(format.sampleRate)
        }
        guard AudioLimits.channels.contains(format.channels) else { throw .channels(Int64(format.channels)) }
        guard format.bytesPerPacket >= 0, format.framesPerPacket >= 0, format.bitsPerChannel >= 0 else {
            throw .inconsistentFormat(.zeroPacketSize)
        }
        guard Int64(format.framesPerPacket) <= AudioLimits.framesPerPacket else {
            throw .impossibleCount(
                .framesPerPacket, claimed: Int64(format.framesPerPacket), limit: AudioLimits.framesPerPacket)
        }
        guard dataOffset >= 0, dataBytes >= 0, dataOffset <= fileSize, dataBytes <= fileSize - dataOffset else {
            throw .impossibleCount(
                .audioBytes, claimed: dataBytes, limit: Swift.max(0, fileSize - Swift.max(0, dataOffset)))
        }
        guard packets >= 0, packets <= packetLimit else {
            throw .impossibleCount(.packets, claimed: packets, limit: packetLimit)
        }
        let limit = frameLimit
        guard validFrames >= 0, validFrames <= limit else {
            throw .impossibleCount(.frames, claimed: validFrames, limit: limit)
        }
        guard primingFrames >= 0, primingFrames <= limit else {
            throw .impossibleCount(.primingFrames, claimed: primingFrames, limit: limit)
        }
        guard remainderFrames >= 0, remainderFrames <= limit else {
            throw .impossibleCount(.remainderFrames, claimed: remainderFrames, limit: limit)
        }
        return self
    }
}

extension Int64 {
    /// The product, or `.max`/`.min` where it would overflow: for bounds that are only compared against.
    package func saturatingMultiply(_ other: Int64) -> Int64 {
        let (p, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) != (other < 0) ? .min : .max) : p
    }

    /// The sum, or `.max`/`.min` where it would overflow.
    package func saturatingAdd(_ other: Int64) -> Int64 {
        let (s, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? .min : .max) : s
    }
}
