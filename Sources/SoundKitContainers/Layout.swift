import SoundKitCodecs

/// What a writer lays out: the file type, the stream it holds, and Core Audio's habits to follow or not.
public struct OutputLayout: Hashable, Sendable {
    /// One of ``ContainerKind/writable``.
    public var fileType: ContainerKind
    public var format: StreamFormat
    /// Pad the header so the audio starts at byte 4096 (CAF `free`, WAV `FLLR`), as afconvert does.
    public var filler: Bool
    /// Channel mask for > 2 channels (WAV `dwChannelMask`, CAF bitmap); `nil` picks the usual one.
    public var channelMask: UInt32?

    public init(fileType: ContainerKind, format: StreamFormat, filler: Bool = true, channelMask: UInt32? = nil) {
        self.fileType = fileType
        self.format = format
        self.filler = filler
        self.channelMask = channelMask
    }

    /// The stream description a file type records for `encoding` (bytes and frames per packet, bits).
    public static func streamFormat(_ encoding: AudioEncoding, sampleRate: Double, channels: Int, fileType: ContainerKind) -> StreamFormat {
        switch encoding {
        case .pcm(let f):
            let code: String
            switch fileType {
            case .aiff: code = "NONE"
            case .aifc: code = AIFF.compressionType(for: encoding).description
            case .wav, .rifx, .rf64: code = f.isFloat ? "0x0003" : "0x0001"
            default: code = "lpcm"
            }
            return StreamFormat(sampleRate: sampleRate, channels: channels, encoding: encoding,
                                bytesPerPacket: f.bytesPerSample * channels, framesPerPacket: 1, bitsPerChannel: f.bits,
                                formatCode: code)
        case .ulaw, .alaw:
            let code = fileType == .wav ? (encoding == .ulaw ? "0x0007" : "0x0006") : (encoding == .ulaw ? "ulaw" : "alaw")
            return StreamFormat(sampleRate: sampleRate, channels: channels, encoding: encoding, bytesPerPacket: channels,
                                framesPerPacket: 1, bitsPerChannel: 8, formatCode: code)
        case .ima4:
            return StreamFormat(sampleRate: sampleRate, channels: channels, encoding: .ima4,
                                bytesPerPacket: IMA4.bytesPerPacket(channels: channels), framesPerPacket: IMA4.framesPerPacket,
                                bitsPerChannel: 0, formatCode: "ima4")
        case .imaADPCM:
            let blockAlign = IMAWAV.defaultBlockAlign(sampleRate: sampleRate, channels: channels)
            return StreamFormat(sampleRate: sampleRate, channels: channels, encoding: .imaADPCM, bytesPerPacket: blockAlign,
                                framesPerPacket: IMAWAV.framesPerBlock(blockAlign: blockAlign, channels: channels),
                                bitsPerChannel: 4, formatCode: "0x0011")
        case .other(let name):
            return StreamFormat(sampleRate: sampleRate, channels: channels, encoding: encoding, bytesPerPacket: 0,
                                framesPerPacket: 0, bitsPerChannel: 0, formatCode: name)
        }
    }

    /// The usual speaker mask for `channels` (WAVE_FORMAT_EXTENSIBLE order: L R C LFE BL BR …).
    public static func defaultChannelMask(_ channels: Int) -> UInt32 {
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
public struct DataTotals: Hashable, Sendable {
    public var packets: Int64
    public var validFrames: Int64
    public var dataBytes: Int64

    public init(packets: Int64 = 0, validFrames: Int64 = 0, dataBytes: Int64 = 0) {
        self.packets = packets
        self.validFrames = validFrames
        self.dataBytes = dataBytes
    }
}

/// Header and trailer bytes for each file type. The header's length never depends on the totals, so the final
/// header overwrites the provisional one in place.
package enum ContainerWriter {
    package static func header(_ layout: OutputLayout, totals: DataTotals) throws(ContainerError) -> [UInt8] {
        switch layout.fileType {
        case .caf: return try CAF.header(layout, totals: totals)
        case .aiff, .aifc: return try AIFF.header(layout, totals: totals)
        case .wav: return try WAV.header(layout, totals: totals)
        default: throw .unsupported(.fileType(layout.fileType))
        }
    }

    /// Bytes after the audio: the pad byte AIFF and WAV chunks need after odd-sized data.
    package static func trailer(_ layout: OutputLayout, totals: DataTotals) -> [UInt8] {
        layout.fileType != .caf && totals.dataBytes % 2 == 1 ? [0] : []
    }
}
