import CSndFile

/// Every libsndfile call soundkit makes, in one place (swift-system's habit): failures become an
/// ``AudioFileError`` naming the file, with libsndfile's own words; the handle closes with its owner.
final class SndFile {
    let path: String
    private let lib: SndFileLibrary
    private let handle: OpaquePointer
    let frames: Int64
    let sampleRate: Int
    let channels: Int
    let format: Int32

    init(readingFrom path: String) throws {
        let lib = try SndFileLibrary.forDecoding(path)
        var info = SF_INFO()
        guard let h = lib.open(path, Int32(SFM_READ), &info) else {
            throw AudioFileError(path, lib.strerror(nil).map { String(cString: $0) } ?? "libsndfile cannot open it")
        }
        guard info.channels > 0, info.samplerate > 0 else {
            _ = lib.close(h)
            throw AudioFileError(path, "libsndfile reports \(info.channels) channels at \(info.samplerate) Hz")
        }
        handle = h
        self.lib = lib
        self.path = path
        frames = Int64(info.frames)
        sampleRate = Int(info.samplerate)
        channels = Int(info.channels)
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

    func readInt(into p: UnsafeMutablePointer<Int32>, frames n: Int) throws -> Int {
        let got = Int(lib.readfInt(handle, p, sf_count_t(n)))
        if got < n, lib.error(handle) != 0 { throw readError() }
        return got
    }

    func readDouble(into p: UnsafeMutablePointer<Double>, frames n: Int) throws -> Int {
        let got = Int(lib.readfDouble(handle, p, sf_count_t(n)))
        if got < n, lib.error(handle) != 0 { throw readError() }
        return got
    }

    private func readError() -> AudioFileError {
        AudioFileError(path, lib.strerror(handle).map { String(cString: $0) } ?? "libsndfile cannot read it")
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
