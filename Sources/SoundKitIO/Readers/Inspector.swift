import SoundKitCodecs
import SoundKitContainers

/// The facts of one sound file, as `soundkit info` reports them (afinfo's, and JSON).
public struct AudioFileDescription: Codable, Hashable, Sendable {
    /// The path as given.
    public var path: String
    /// "CAF", "AIFF", "AIFC", "WAVE", "RIFX", "RF64", or libsndfile's or FFmpeg's ("FLAC", "Ogg", "MPEG-4", "ADTS").
    public var container: String
    /// afconvert's file type ID where there is one (`caff`, `AIFF`, `AIFC`, `WAVE`).
    package var fileTypeID: String?
    /// The data format: afconvert's spelling for PCM (`BEI16`), `ima4`, `ulaw`, `alaw`, or a codec name.
    public var format: String
    /// The container's own code for it (`lpcm`, `ima4`, `0x0011`, `sowt`).
    package var formatCode: String?
    /// Frames per second.
    public var sampleRate: Double
    /// Channels per frame.
    public var channels: Int
    /// The played length in frames.
    public var frames: Int64
    /// The played length in seconds.
    public var duration: Double
    /// Bits per sample as the container states them; 0 for compressed formats that state none.
    package var bitsPerChannel: Int
    /// Bytes per packet; 0 when packets vary in size or are not stated.
    package var bytesPerPacket: Int
    /// Frames per packet (1 for PCM, 64 for ima4); 0 when not stated.
    package var framesPerPacket: Int
    /// Packets of audio, where the container counts them.
    package var packets: Int64?
    /// Frames decoded before the played ones (an encoder's delay), where stated.
    package var primingFrames: Int64
    /// Frames decoded after the played ones (padding of the last packet), where stated.
    package var remainderFrames: Int64
    /// The byte offset at which the audio starts, for the containers soundkit parses.
    package var dataOffset: Int64?
    /// Bytes of audio, for the containers soundkit parses.
    package var dataBytes: Int64?
    /// Whether soundkit can decode it (convert from it).
    package var decodable: Bool
    /// Whether the file ends before its header says it does (the audio present is still read).
    package var truncated: Bool
    /// What the header gets wrong that reading works around, one sentence each.
    public var warnings: [String]
    /// A WAVE size field that is a streaming writer's placeholder (0xFFFFFFFF, 0x7FFFF000), when there is one.
    package var sizePlaceholder: Int64? = nil

    /// The encoding in soundkit's terms (not encoded in JSON).
    package var encoding: AudioEncoding { Self.encodingByName[format] ?? .other(format) }

    static let encodingByName: [String: AudioEncoding] = {
        var m: [String: AudioEncoding] = ["ulaw": .ulaw, "alaw": .alaw, "ima4": .ima4, "IMA ADPCM": .imaADPCM]
        for bits in [8, 16, 24, 32] {
            for be in [false, true] {
                m[PCMFormat.int(bits, bigEndian: be).description] = .pcm(.int(bits, bigEndian: be))
            }
        }
        for bits in [32, 64] {
            for be in [false, true] {
                m[PCMFormat.float(bits, bigEndian: be).description] = .pcm(.float(bits, bigEndian: be))
            }
        }
        m["UI8"] = .pcm(.uint8)
        return m
    }()

    enum CodingKeys: String, CodingKey {
        case path, container, fileTypeID, format, formatCode, sampleRate, channels, frames, duration, bitsPerChannel,
            bytesPerPacket, framesPerPacket, packets, primingFrames, remainderFrames, dataOffset, dataBytes, decodable,
            truncated, warnings
    }
}

extension AudioFileDescription {
    /// A stream's facts, played for `frames / sampleRate` seconds, decodable, with nothing else known (no packets,
    /// priming, offsets or warnings) until set.
    init(path: String, container: String, format: String, sampleRate: Double, channels: Int, frames: Int64) {
        self.path = path
        self.container = container
        self.format = format
        self.sampleRate = sampleRate
        self.channels = channels
        self.frames = frames
        duration = Double(frames) / sampleRate
        bitsPerChannel = 0
        bytesPerPacket = 0
        framesPerPacket = 0
        primingFrames = 0
        remainderFrames = 0
        decodable = true
        truncated = false
        warnings = []
    }
}

/// Reads the facts of sound files: headers, and decoding only where the length is not stated.
public enum Inspector {
    /// Reads the facts of `path` from its header (CAF, AIFF, WAVE family), through libsndfile, or through FFmpeg
    /// (everything else). Headers suffice for the first two; see `describe(_:reader:)` for FFmpeg's files.
    public static func describe(_ path: String) throws(AudioFileError) -> AudioFileDescription {
        try describe(try InputFile(path: path))
    }

    /// The same, for a file already open.
    package static func describe(_ file: InputFile) throws(AudioFileError) -> AudioFileDescription {
        let path = file.path
        let header: AudioFileInfo
        switch outcome({ try ContainerParser.parse(file) }) {
        case .success(let h): header = h
        case .failure(let e as AudioFileError): throw e
        case .failure(let e as ContainerError):
            let r = try AudioInput.openWithDecoders(file, parseError: e)
            if let ff = r as? FFmpegReader { return try describe(path, reader: ff) }
            let i = r.info
            var d = AudioFileDescription(
                path: path, container: i.fileTypeName, format: i.formatName,
                sampleRate: i.sampleRate, channels: i.channels, frames: i.frames)
            d.bitsPerChannel = i.pcmFormat?.bits ?? 0
            return d
        case .failure:
            throw AudioFileError(path, .system(.read, .ioError))
        }
        return describe(file, header: header)
    }

    /// The facts of a file FFmpeg reads. The frame count is exact — what `soundkit convert` and `ffmpeg -i` deliver,
    /// priming and padding trimmed — so this decodes the whole stream (without converting samples): containers
    /// such as ADTS, MP3 and AC-3 state no length, and others only an estimate that trimming changes. A 30-second
    /// sound decodes in a few milliseconds.
    static func describe(_ path: String, reader: FFmpegReader) throws(AudioFileError) -> AudioFileDescription {
        let i = reader.info
        let f = reader.facts
        let counted = try reader.countFrames()
        var d = AudioFileDescription(
            path: path, container: f.container, format: f.codec, sampleRate: i.sampleRate,
            channels: i.channels, frames: counted.frames)
        d.formatCode = f.codecID
        d.bitsPerChannel = f.bitsPerSample
        d.framesPerPacket = f.framesPerPacket
        d.primingFrames = counted.priming
        d.remainderFrames = counted.remainder
        d.warnings = f.warnings
        return d
    }

    /// The facts of a parsed header; whether it is decodable asks libsndfile, then FFmpeg, only for codecs soundkit
    /// lacks. When FFmpeg decodes AAC, its name with the profile (`AAC LC`) replaces the container's (`AAC`). The
    /// frames are counted as for ``describe(_:reader:)``: the packet table's valid frames, unless the packets decode
    /// to fewer (FFmpeg's own CAF muxer states whole packets).
    package static func describe(_ file: InputFile, header h: AudioFileInfo) -> AudioFileDescription {
        let f = h.format
        var decodable = NativeReader.decodes(f.encoding)
        var format = f.encoding.description
        var frames = h.validFrames
        var duration = h.duration
        if !decodable, (try? SndFile(reading: file)) != nil { decodable = true }
        if !decodable, let ff = try? FFmpegReader(file: file, header: h), let counted = try? ff.countFrames() {
            decodable = true
            if ff.facts.codecID == "aac" { format = ff.facts.codec }  // with the profile the container does not state
            frames = counted.frames
            duration = Double(frames) / f.sampleRate
        }
        var d = AudioFileDescription(
            path: file.path, container: h.container.containerName, format: format,
            sampleRate: f.sampleRate, channels: f.channels, frames: frames)
        d.duration = duration
        d.fileTypeID = h.container.fileTypeID
        d.formatCode = f.formatCode
        d.bitsPerChannel = f.bitsPerChannel
        d.bytesPerPacket = f.bytesPerPacket
        d.framesPerPacket = f.framesPerPacket
        d.packets = h.packets
        d.primingFrames = h.primingFrames
        d.remainderFrames = h.remainderFrames
        d.dataOffset = h.dataOffset
        d.dataBytes = h.dataBytes
        d.decodable = decodable
        d.truncated = h.isTruncated
        d.warnings = h.warnings.map(\.description)
        for case .sizePlaceholder(let v) in h.warnings { d.sizePlaceholder = v }
        return d
    }
}
