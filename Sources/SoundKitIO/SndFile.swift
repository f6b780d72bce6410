import CSndFile
import SoundKitContainers

/// Every libsndfile call soundkit makes, in one place (swift-system's habit): failures become an
/// ``AudioFileError`` naming the file, with libsndfile's own words; the handle closes with its owner.
final class SndFile {
    let path: String
    private let lib: SndFileLibrary
    private let handle: OpaquePointer
    let frames: Int64
    let sampleRate: Double
    let channels: Int
    let format: Int32

    /// Opens `path` with libsndfile and holds what it reports to the limits soundkit's own parsers apply:
    /// the rate and channels inside ``AudioLimits``, the frame count no more than `fileSize` bytes can hold.
    init(readingFrom path: String, fileSize: Int64) throws(AudioFileError) {
        let lib = try SndFileLibrary.forDecoding(path)
        var info = SF_INFO()
        guard let h = lib.open(path, Int32(SFM_READ), &info) else {
            throw AudioFileError(path, .decoder(library: "libsndfile", message: lib.strerror(nil).map { String(cString: $0) } ?? "cannot open it"))
        }
        do {
            sampleRate = try AudioLimits.checkedSampleRate(Double(info.samplerate))
            channels = try AudioLimits.checkedChannels(info.channels)
            let limit = fileSize.saturatingMultiply(AudioLimits.framesPerPacket)
            guard info.frames >= 0, info.frames <= limit else { throw ContainerError.impossibleCount(.frames, claimed: Int64(info.frames), limit: limit) }
        } catch let e as ContainerError {
            _ = lib.close(h)
            throw AudioFileError(path, .container(e))
        } catch {
            _ = lib.close(h)
            throw AudioFileError(path, .system(.read, .ioError))
        }
        handle = h
        self.lib = lib
        self.path = path
        frames = Int64(info.frames)
        format = info.format
    }

    deinit { _ = lib.close(handle) }

    var majorFormat: Int32 { format & Int32(SF_FORMAT_TYPEMASK) }
    var subtype: Int32 { format & Int32(SF_FORMAT_SUBMASK) }

    /// Subtypes whose samples are floats, or that decode to floats: read them as Double to keep every bit.
    var isFloatSubtype: Bool {
        switch Int(subtype) {
        case SF_FORMAT_FLOAT, SF_FORMAT_DOUBLE, SF_FORMAT_VORBIS, SF_FORMAT_OPUS, SF_FORMAT_MPEG_LAYER_I,
             SF_FORMAT_MPEG_LAYER_II, SF_FORMAT_MPEG_LAYER_III:
            return true
        default:
            return false
        }
    }

    /// Bits of integer precision the subtype carries (for choosing a lossless output).
    var integerBits: Int? {
        switch Int(subtype) {
        case SF_FORMAT_PCM_S8, SF_FORMAT_PCM_U8: return 8
        case SF_FORMAT_PCM_16: return 16
        case SF_FORMAT_PCM_24: return 24
        case SF_FORMAT_PCM_32: return 32
        default: return nil
        }
    }

    func readInt(into p: UnsafeMutableBufferPointer<Int32>, frames n: Int) throws(AudioFileError) -> Int {
        guard n > 0, p.count >= n * channels else { return 0 }
        let got = Int(lib.readfInt(handle, p.baseAddress, sf_count_t(n)))
        if got < n, lib.error(handle) != 0 { throw readError() }
        return got
    }

    func readDouble(into p: UnsafeMutableBufferPointer<Double>, frames n: Int) throws(AudioFileError) -> Int {
        guard n > 0, p.count >= n * channels else { return 0 }
        let got = Int(lib.readfDouble(handle, p.baseAddress, sf_count_t(n)))
        if got < n, lib.error(handle) != 0 { throw readError() }
        return got
    }

    private func readError() -> AudioFileError {
        AudioFileError(path, .decoder(library: "libsndfile", message: lib.strerror(handle).map { String(cString: $0) } ?? "read failed"))
    }

    /// libsndfile's names for the major format and the subtype ("FLAC (Free Lossless Audio Codec)", "Signed 16 bit PCM").
    var formatNames: (major: String, subtype: String) {
        (name(of: majorFormat, command: SFC_GET_FORMAT_INFO), name(of: subtype, command: SFC_GET_FORMAT_INFO))
    }

    private func name(of format: Int32, command: Int) -> String {
        var info = SF_FORMAT_INFO()
        info.format = format
        guard lib.command(nil, Int32(command), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0, let n = info.name else {
            return "format 0x" + String(format, radix: 16)
        }
        return String(cString: n)
    }
}

let SF_FORMAT_FLOAT_VALUE = SF_FORMAT_FLOAT
let SF_FORMAT_DOUBLE_VALUE = SF_FORMAT_DOUBLE
