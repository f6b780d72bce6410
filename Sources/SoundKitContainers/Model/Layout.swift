import SoundKitCodecs

/// What a writer lays out: the file type, the stream it holds, and Core Audio's habits to follow or not.
package struct OutputLayout: Hashable, Sendable {
    /// One of ``ContainerKind/writable``.
    package var fileType: ContainerKind
    package var format: StreamFormat
    /// Pad the header so the audio starts at byte 4096 (CAF `free`, WAV `FLLR`), as afconvert does.
    package var filler: Bool
    /// Channel mask for > 2 channels (WAV `dwChannelMask`, CAF bitmap); `nil` picks the usual one.
    package var channelMask: UInt32?
    /// A layout tag to record (`-l`): CAF writes it in a `chan` chunk, WAVE as the mask of
    /// `WAVE_FORMAT_EXTENSIBLE`. Only where the tag ``ChannelLayoutTag/fits(_:_:)``.
    package var channelLayout: ChannelLayoutTag?

    package init(
        fileType: ContainerKind, format: StreamFormat, filler: Bool = true, channelMask: UInt32? = nil,
        channelLayout: ChannelLayoutTag? = nil
    ) {
        self.fileType = fileType
        self.format = format
        self.filler = filler
        self.channelMask = channelMask
        self.channelLayout = channelLayout
    }

    /// The stream description a file type records for `encoding` (bytes and frames per packet, bits).
    package static func streamFormat(
        _ encoding: AudioEncoding, sampleRate: Double, channels: Int,
        fileType: ContainerKind
    ) -> StreamFormat {
        func format(_ packets: StreamFormat.Packets, _ code: String) -> StreamFormat {
            StreamFormat(
                sampleRate: sampleRate, channels: channels, encoding: encoding, packets: packets,
                formatCode: code)
        }
        switch encoding {
        case .pcm(let f):
            let code: String
            switch fileType {
            case .aiff: code = "NONE"
            case .aifc: code = AIFF.compressionType(for: encoding).description
            case .wav, .rifx, .rf64: code = f.isFloat ? "0x0003" : "0x0001"
            default: code = "lpcm"
            }
            return format(.init(bytes: f.bytesPerSample * channels, frames: 1, bitsPerChannel: f.bits), code)
        case .ulaw, .alaw:
            let ulaw = encoding == .ulaw
            let code = fileType == .wav ? (ulaw ? "0x0007" : "0x0006") : (ulaw ? "ulaw" : "alaw")
            return format(.init(bytes: channels, frames: 1, bitsPerChannel: 8), code)
        case .ima4:
            let packets = StreamFormat.Packets(
                bytes: IMA4.bytesPerPacket(channels: channels),
                frames: IMA4.framesPerPacket, bitsPerChannel: 0)
            return format(packets, "ima4")
        case .imaADPCM:
            let blockAlign = IMAWAV.defaultBlockAlign(sampleRate: sampleRate, channels: channels)
            let frames = IMAWAV.framesPerBlock(blockAlign: blockAlign, channels: channels)
            return format(.init(bytes: blockAlign, frames: frames, bitsPerChannel: 4), "0x0011")
        case .vorbis:
            return format(.init(bytes: 0, frames: 0, bitsPerChannel: 0), "vorbis")
        case .other(let name):
            return format(.init(bytes: 0, frames: 0, bitsPerChannel: 0), name)
        }
    }

    /// The usual speaker mask for `channels` (WAVE_FORMAT_EXTENSIBLE order: L R C LFE BL BR …).
    package static func defaultChannelMask(_ channels: Int) -> UInt32 {
        switch channels {
        case 1: return 0x4
        case 2: return 0x3
        case 3: return 0x7
        case 4: return 0x33
        case 5: return 0x37
        case 6: return 0x3F
        case 7: return 0x13F
        case 8: return 0x63F
        default: return channels >= 32 ? 0 : UInt32((1 << channels) - 1)
        }
    }
}

/// The running totals a header records; the header is written once with zeros and again with the final values.
public struct DataTotals: Codable, Hashable, Sendable {
    /// Packets written (frames, for Linear PCM).
    public var packets: Int64
    /// Frames that play, priming and remainder excluded.
    public var validFrames: Int64
    /// Bytes of audio data.
    public var dataBytes: Int64
    /// Frames at the start of the packets that are not played (CAF `pakt`): only packets copied from a source
    /// that had them (`-d 0`) carry any.
    package var primingFrames: Int64

    package init(packets: Int64 = 0, validFrames: Int64 = 0, dataBytes: Int64 = 0, primingFrames: Int64 = 0) {
        self.packets = packets
        self.validFrames = validFrames
        self.dataBytes = dataBytes
        self.primingFrames = primingFrames
    }
}

/// The channel layouts `-l` names: Core Audio's one- and two-channel layout tags (`CoreAudioTypes.h`,
/// `kAudioChannelLayoutTag_…`), which is what a mono or stereo notification sound can carry.
package enum ChannelLayoutTag: UInt32, CaseIterable, Sendable, Hashable {
    // Core Audio's tag value: the layout's number in the high 16 bits, its channel count in the low 16.
    case mono = 0x0064_0001
    case stereo = 0x0065_0002
    case stereoHeadphones = 0x0066_0002
    case matrixStereo = 0x0067_0002
    case midSide = 0x0068_0002
    case xy = 0x0069_0002
    case binaural = 0x006A_0002

    /// The constant's name without `kAudioChannelLayoutTag_`.
    package var name: String {
        switch self {
        case .mono: return "Mono"
        case .stereo: return "Stereo"
        case .stereoHeadphones: return "StereoHeadphones"
        case .matrixStereo: return "MatrixStereo"
        case .midSide: return "MidSide"
        case .xy: return "XY"
        case .binaural: return "Binaural"
        }
    }

    /// A tag from its constant's name, as afconvert takes it: `kAudioChannelLayoutTag_Stereo` or `Stereo`, any case.
    package init?(name: String) {
        var n = Substring(name)
        let prefix = "kAudioChannelLayoutTag_"
        if n.lowercased().hasPrefix(prefix.lowercased()) { n = n.dropFirst(prefix.count) }
        guard let tag = Self.allCases.first(where: { $0.name.lowercased() == n.lowercased() }) else { return nil }
        self = tag
    }

    package var channels: Int { Int(rawValue & 0xFFFF) }

    /// The `dwChannelMask` a WAVE file records for this layout (front centre for mono, front left and right for
    /// stereo); nil for the two-channel layouts WAVE has no speaker positions for.
    package var waveChannelMask: UInt32? {
        switch self {
        case .mono: return 0x4
        case .stereo: return 0x3
        default: return nil
        }
    }

    /// Whether a file of `fileType` holding `encoding` records this tag: CAF always (`chan`); WAVE for mono and
    /// stereo linear PCM (`WAVE_FORMAT_EXTENSIBLE`, which soundkit writes only for PCM). AIFF and AIFF-C have no
    /// channel layout.
    package func fits(_ fileType: ContainerKind, _ encoding: AudioEncoding) -> Bool {
        switch fileType {
        case .caf: return true
        case .wav:
            if case .pcm = encoding { return waveChannelMask != nil }
            return false
        default: return false
        }
    }
}

/// Header and trailer bytes for each file type. The header's length never depends on the totals, so the final
/// header overwrites the provisional one in place.
package enum ContainerWriter {
    /// The header of a file of `layout` holding `totals`. Throws, before anything is written, for a format soundkit
    /// would not read back (a rate or channel count outside ``AudioLimits``) and for any value that does not fit
    /// its field (``ContainerError/tooLarge(_:)``): the header with zero totals checks the format up front.
    package static func header(_ layout: OutputLayout, totals: DataTotals) throws(ContainerError) -> [UInt8] {
        _ = try AudioLimits.checkedSampleRate(layout.format.sampleRate)
        _ = try AudioLimits.checkedChannels(Int64(layout.format.channels))
        switch layout.fileType {
        case .caf: return try CAF.header(layout, totals: totals)
        case .aiff, .aifc: return try AIFF.header(layout, totals: totals)
        case .wav: return try WAV.header(layout, totals: totals)
        // libsndfile writes the whole of an Ogg file, its headers included.
        case .ogg: return []
        default: throw .unsupported(.fileType(layout.fileType))
        }
    }

    /// Bytes after the audio: the pad byte AIFF and WAV chunks need after odd-sized data.
    package static func trailer(_ layout: OutputLayout, totals: DataTotals) -> [UInt8] {
        [.aiff, .aifc, .wav].contains(layout.fileType) && totals.dataBytes % 2 == 1 ? [0] : []
    }
}
