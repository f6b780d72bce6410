import SoundKitCodecs
import SoundKitContainers

/// The facts of one sound file, as `soundkit info` reports them (afinfo's, and JSON).
public struct AudioFileDescription: Codable, Hashable, Sendable {
    public var path: String
    /// "CAF", "AIFF", "AIFC", "WAVE", "RIFX", "RF64", or libsndfile's name ("FLAC", "Ogg", "MPEG").
    public var container: String
    /// afconvert's file type ID where there is one (`caff`, `AIFF`, `AIFC`, `WAVE`).
    public var fileTypeID: String?
    /// The data format: afconvert's spelling for PCM (`BEI16`), `ima4`, `ulaw`, `alaw`, or a codec name.
    public var format: String
    /// The container's own code for it (`lpcm`, `ima4`, `0x0011`, `sowt`).
    public var formatCode: String?
    public var sampleRate: Double
    public var channels: Int
    /// The played length in frames.
    public var frames: Int64
    public var duration: Double
    public var bitsPerChannel: Int
    public var bytesPerPacket: Int
    public var framesPerPacket: Int
    public var packets: Int64?
    public var primingFrames: Int64
    public var remainderFrames: Int64
    public var dataOffset: Int64?
    public var dataBytes: Int64?
    /// Whether soundkit can decode it (convert from it).
    public var decodable: Bool
    public var warnings: [String]

    /// The encoding in soundkit's terms (not encoded in JSON).
    public var encoding: AudioEncoding { Self.encodingByName[format] ?? .other(format) }

    static let encodingByName: [String: AudioEncoding] = {
        var m: [String: AudioEncoding] = ["ulaw": .ulaw, "alaw": .alaw, "ima4": .ima4, "IMA ADPCM": .imaADPCM]
        for bits in [8, 16, 24, 32] { for be in [false, true] { m[PCMFormat.int(bits, bigEndian: be).description] = .pcm(.int(bits, bigEndian: be)) } }
        for bits in [32, 64] { for be in [false, true] { m[PCMFormat.float(bits, bigEndian: be).description] = .pcm(.float(bits, bigEndian: be)) } }
        m["UI8"] = .pcm(.uint8)
        return m
    }()

    enum CodingKeys: String, CodingKey {
        case path, container, fileTypeID, format, formatCode, sampleRate, channels, frames, duration, bitsPerChannel,
             bytesPerPacket, framesPerPacket, packets, primingFrames, remainderFrames, dataOffset, dataBytes, decodable, warnings
    }
}

public enum Inspector {
    /// Reads the facts of `path` from its header (CAF, AIFF, WAVE family) or through libsndfile (everything else).
    /// Only headers are read: fast enough for a folder of hundreds of sounds.
    public static func describe(_ path: String) throws -> AudioFileDescription {
        try describe(try InputFile(path: path))
    }

    /// The same, for a file already open.
    public static func describe(_ file: InputFile) throws -> AudioFileDescription {
        let path = file.path
        do {
            let h = try ContainerParser.parse(file)
            return describe(path: path, header: h)
        } catch let e as ContainerError {
            if case .notAudio = e {
                do {
                    let r = try SndFileReader(path: path, header: nil)
                    let i = r.info
                    return AudioFileDescription(
                        path: path, container: i.fileTypeName, fileTypeID: nil, format: i.formatName, formatCode: nil,
                        sampleRate: i.sampleRate, channels: i.channels, frames: i.frames,
                        duration: i.sampleRate > 0 ? Double(i.frames) / i.sampleRate : 0,
                        bitsPerChannel: i.pcmFormat?.bits ?? 0, bytesPerPacket: 0, framesPerPacket: 0, packets: nil,
                        primingFrames: 0, remainderFrames: 0, dataOffset: nil, dataBytes: nil, decodable: true, warnings: [])
                } catch let s as AudioFileError {
                    let sniffed = SniffedType(prefix: (try? file.read(at: 0, count: 16)) ?? [])
                    if sniffed != .unknown {
                        throw AudioFileError(path, "\(sniffed.name) data that soundkit cannot read (\(s.message))")
                    }
                    throw AudioFileError(path, "\(e.description); libsndfile cannot read it either (\(s.message))")
                }
            }
            throw AudioFileError(path, e.description)
        }
    }

    public static func describe(path: String, header h: AudioFileInfo) -> AudioFileDescription {
        let f = h.format
        var decodable = NativeReader.decodes(f.encoding)
        if !decodable, (try? SndFile(readingFrom: path)) != nil { decodable = true }
        return AudioFileDescription(
            path: path, container: h.container.rawValue, fileTypeID: h.container.fileTypeID, format: f.encoding.description,
            formatCode: f.formatCode, sampleRate: f.sampleRate, channels: f.channels, frames: h.validFrames, duration: h.duration,
            bitsPerChannel: f.bitsPerChannel, bytesPerPacket: f.bytesPerPacket, framesPerPacket: f.framesPerPacket,
            packets: h.packets, primingFrames: h.primingFrames, remainderFrames: h.remainderFrames, dataOffset: h.dataOffset,
            dataBytes: h.dataBytes, decodable: decodable, warnings: h.warnings)
    }
}
