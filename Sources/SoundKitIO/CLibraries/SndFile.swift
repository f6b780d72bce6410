import CSndFile
import SoundKitContainers

/// Every libsndfile call soundkit makes, in one place (swift-system's habit): failures become an
/// ``AudioFileError`` naming the file, with libsndfile's own words; the handle closes with its owner.
///
/// What the decoder libsndfile hands MPEG audio to (libmpg123) prints on standard error is captured
/// (``StandardError/capturing(_:)``) around opening and, for MPEG audio, each read: it joins the file's message when
/// the call fails, and is dropped when it does not (a resynchronised frame is no finding of its own).
final class SndFile {
    let path: String
    private let lib: SndFileLibrary
    private let handle: OpaquePointer
    let frames: Int64
    let sampleRate: Double
    let channels: Int
    let format: Int32

    /// Whether reads are captured (``StandardError``): MPEG audio, whose decoder prints on its own.
    private let chatty: Bool
    /// What the decoder printed since the last failure's message took it, summarised.
    private var printed = ""

    /// The bytes libsndfile reads through its virtual I/O, for a source in memory; kept alive with the handle.
    private let memory: MemoryCursor?
    private var io: SF_VIRTUAL_IO?

    /// Opens `input` with libsndfile (a source in memory through its virtual I/O) and holds what it reports to the
    /// limits soundkit's own parsers apply: the rate and channels inside ``AudioLimits``, the frame count no more
    /// than the source's bytes can hold.
    init(reading input: InputFile) throws(AudioFileError) {
        let path = input.path
        let fileSize = input.size
        let lib = try SndFileLibrary.forDecoding(path)
        var info = SF_INFO()
        var opened: OpaquePointer?
        var printed: String
        if let bytes = input.memory {
            let m = MemoryCursor(bytes)
            memory = m
            var io = SndFileMemory.virtualIO
            (opened, printed) = StandardError.capturing {
                lib.openVirtual(&io, Int32(SFM_READ), &info, Unmanaged.passUnretained(m).toOpaque())
            }
            self.io = io
        } else {
            memory = nil
            (opened, printed) = StandardError.capturing { lib.open(path, Int32(SFM_READ), &info) }
        }
        guard let h = opened else {
            let said = lib.strerror(nil).map { String(cString: $0) } ?? "cannot open it"
            throw AudioFileError(path, .decoder(library: "libsndfile", message: Self.joined(said, printed)))
        }
        do throws(ContainerError) {
            sampleRate = try AudioLimits.checkedSampleRate(Double(info.samplerate))
            channels = try AudioLimits.checkedChannels(Int64(info.channels))
            let limit = fileSize.saturatingMultiply(AudioLimits.framesPerPacket)
            guard info.frames >= 0, info.frames <= limit else {
                throw ContainerError.impossibleCount(.frames, claimed: Int64(info.frames), limit: limit)
            }
        } catch {
            _ = lib.close(h)
            throw AudioFileError(path, .container(error))
        }
        handle = h
        self.lib = lib
        self.path = path
        frames = Int64(info.frames)
        format = info.format
        chatty = info.format & Int32(SF_FORMAT_TYPEMASK) == Int32(SF_FORMAT_MPEG)
        self.printed = printed
    }

    /// libsndfile's words, and after them what the decoder printed, when it printed something.
    private static func joined(_ said: String, _ printed: String) -> String {
        let summary = StandardError.summary(printed)
        return summary.isEmpty ? said : "\(said) (the decoder printed: \(summary))"
    }

    /// `call`, captured when the file is MPEG audio; what the decoder printed is kept for a failure's message.
    private func quietly<T>(_ call: () -> T) -> T {
        guard chatty else { return call() }
        let (value, printed) = StandardError.capturing(call)
        if !printed.isEmpty { self.printed = printed }
        return value
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
        let got = Int(quietly { lib.readfInt(handle, p.baseAddress, sf_count_t(n)) })
        if got < n, lib.error(handle) != 0 { throw readError() }
        return got
    }

    func readDouble(into p: UnsafeMutableBufferPointer<Double>, frames n: Int) throws(AudioFileError) -> Int {
        guard n > 0, p.count >= n * channels else { return 0 }
        let got = Int(quietly { lib.readfDouble(handle, p.baseAddress, sf_count_t(n)) })
        if got < n, lib.error(handle) != 0 { throw readError() }
        return got
    }

    private func readError() -> AudioFileError {
        let said = lib.strerror(handle).map { String(cString: $0) } ?? "read failed"
        return AudioFileError(path, .decoder(library: "libsndfile", message: Self.joined(said, printed)))
    }

    /// libsndfile's names for the major format and the subtype ("FLAC (Free Lossless Audio Codec)", "Signed 16 bit PCM").
    var formatNames: (major: String, subtype: String) {
        (name(of: majorFormat, command: SFC_GET_FORMAT_INFO), name(of: subtype, command: SFC_GET_FORMAT_INFO))
    }

    private func name(of format: Int32, command: Int) -> String {
        var info = SF_FORMAT_INFO()
        info.format = format
        guard lib.command(nil, Int32(command), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0, let n = info.name
        else {
            return "format 0x" + String(format, radix: 16)
        }
        return String(cString: n)
    }
}

let sfFormatFloat = SF_FORMAT_FLOAT
let sfFormatDouble = SF_FORMAT_DOUBLE

/// Ogg Opus or Ogg Vorbis encoded in memory by libsndfile (through its virtual I/O): Opus for previews a browser
/// plays, Vorbis for Android's notification sounds.
final class SndFileOggWriter {
    private let lib: SndFileLibrary
    private let path: String
    private let memory = MemoryCursor([])
    private var io: SF_VIRTUAL_IO
    private var handle: OpaquePointer?
    let channels: Int

    /// Ogg Opus: `rate` must be one Opus takes (8, 12, 16, 24 or 48 kHz); `bitsPerSecondPerChannel` from 6,000 to
    /// 256,000.
    convenience init(channels: Int, rate: Int, bitsPerSecondPerChannel: Int, path: String) throws(AudioFileError) {
        try self.init(subtype: SF_FORMAT_OPUS, channels: channels, rate: rate, path: path)
        // libsndfile's level runs from 256 kbit/s per channel (0) down to 6 (1).
        var level = 1 - Double(Swift.min(Swift.max(bitsPerSecondPerChannel, 6000), 256_000) - 6000) / 250_000
        _ = lib.command(handle, Int32(SFC_SET_COMPRESSION_LEVEL), &level, Int32(MemoryLayout<Double>.size))
    }

    /// Ogg Vorbis at libsndfile's VBR quality `quality`, from 0 (smallest) to 1 (best).
    convenience init(vorbisChannels channels: Int, rate: Int, quality: Double, path: String) throws(AudioFileError) {
        try self.init(subtype: SF_FORMAT_VORBIS, channels: channels, rate: rate, path: path)
        var q = Swift.min(Swift.max(quality, 0), 1)
        _ = lib.command(handle, Int32(SFC_SET_VBR_ENCODING_QUALITY), &q, Int32(MemoryLayout<Double>.size))
    }

    private init(subtype: Int, channels: Int, rate: Int, path: String) throws(AudioFileError) {
        lib = try SndFileLibrary.forDecoding(path)
        self.path = path
        self.channels = channels
        io = SndFileMemory.virtualIO
        var info = SF_INFO()
        info.samplerate = Int32(clamping: rate)
        info.channels = Int32(clamping: channels)
        info.format = Int32(SF_FORMAT_OGG | subtype)
        let user = Unmanaged.passUnretained(memory).toOpaque()
        guard let h = lib.openVirtual(&io, Int32(SFM_WRITE), &info, user) else {
            throw AudioFileError(
                path,
                .decoder(
                    library: "libsndfile",
                    message: lib.strerror(nil).map { String(cString: $0) } ?? "cannot write Ogg"))
        }
        handle = h
    }

    deinit { if let handle { _ = lib.close(handle) } }

    /// Encodes `frames` interleaved frames.
    func write(_ samples: [Double], frames: Int) throws(AudioFileError) {
        guard frames > 0, samples.count >= frames * channels else { return }
        let written = samples.withUnsafeBufferPointer { lib.writefDouble(handle, $0.baseAddress, sf_count_t(frames)) }
        if written != sf_count_t(frames) {
            throw AudioFileError(
                path,
                .decoder(
                    library: "libsndfile",
                    message: lib.strerror(handle).map { String(cString: $0) } ?? "cannot encode Ogg"))
        }
    }

    /// Flushes the encoder and returns the Ogg file.
    func finish() -> [UInt8] {
        if let handle { _ = lib.close(handle) }
        handle = nil
        return memory.bytes
    }
}

/// libsndfile's virtual I/O over a ``MemoryCursor`` passed as `user_data`: reads stop at the end, a seek anywhere
/// (even past the end) is recorded, writes extend the bytes.
enum SndFileMemory {
    static var virtualIO: SF_VIRTUAL_IO {
        SF_VIRTUAL_IO(
            get_filelen: { user in sf_count_t(MemoryCursor.of(user)?.bytes.count ?? 0) },
            seek: { offset, whence, user in
                MemoryCursor.of(user)?.seek(Int64(offset), whence: whence, pastEnd: true).map { sf_count_t($0) } ?? -1
            },
            read: { buffer, count, user in
                guard let m = MemoryCursor.of(user), let buffer, let n = Int(exactly: count) else { return 0 }
                return sf_count_t(m.read(into: buffer, count: n))
            },
            write: { buffer, count, user in
                guard let m = MemoryCursor.of(user), let buffer, count > 0, let n = Int(exactly: count) else {
                    return 0
                }
                let (end, overflow) = m.position.addingReportingOverflow(n)
                guard !overflow else { return 0 }
                if m.bytes.count < end { m.bytes.append(contentsOf: repeatElement(0, count: end - m.bytes.count)) }
                m.bytes.withUnsafeMutableBytes { b in
                    UnsafeMutableRawBufferPointer(rebasing: b[m.position..<end]).copyMemory(
                        from: UnsafeRawBufferPointer(start: buffer, count: n))
                }
                m.position = end
                return count
            },
            tell: { user in sf_count_t(MemoryCursor.of(user)?.position ?? 0) })
    }
}
