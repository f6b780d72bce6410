import CFFmpeg
import SoundKitCodecs
import SoundKitContainers

/// What libavformat and libavcodec say about a file beyond ``SourceInfo``, for `soundkit info` and `check`.
package struct FFmpegFacts: Sendable, Hashable {
    /// A short name of the container ("MPEG-4", "ADTS", "Matroska").
    package var container: String
    /// The codec, with the AAC profile where FFmpeg states it ("AAC LC", "HE-AAC", "ALAC", "AC-3").
    package var codec: String
    /// FFmpeg's own name of the codec ("aac", "alac", "ac3").
    package var codecID: String
    /// The index of the audio stream read (the first one) among all the file's streams.
    package var streamIndex: Int
    package var audioStreams: Int
    /// A moving picture besides the sound (cover art does not count).
    package var hasVideo: Bool
    /// Bits per sample for lossless codecs; 0 for lossy ones.
    package var bitsPerSample: Int
    /// Frames each packet decodes to, when fixed; 0 when it varies or FFmpeg does not say.
    package var framesPerPacket: Int

    /// What `info` and `check` say about the streams: which one soundkit reads when there is a choice.
    package var warnings: [String] {
        var out: [String] = []
        if hasVideo { out.append("file has video; soundkit reads its first audio stream (stream \(streamIndex))") }
        if audioStreams > 1 {
            out.append("file has \(audioStreams) audio streams; soundkit reads the first (stream \(streamIndex))")
        }
        return out
    }
}

/// Reads the first audio stream of anything libavformat opens and libavcodec decodes (AAC, ALAC, MP3, Opus, WMA,
/// AC-3, AMR… in MPEG-4, ADTS, CAF, Matroska, ASF and the rest), sample for sample as `ffmpeg -i FILE` decodes it:
/// libavcodec trims priming and padding where the demuxer states them (MPEG-4 edit lists, LAME headers, Opus
/// pre-skip). CAF's packet table is the exception: FFmpeg's CAF demuxer does not apply it, so this reader drops its
/// priming frames and stops after its valid frames, as Core Audio plays the file.
final class FFmpegReader: AudioReader {
    let info: SourceInfo
    let source: InputFile
    let facts: FFmpegFacts
    private let stream: FFmpegStream
    /// The frame being delivered and how many of its frames are gone.
    private var frameOffset = 0, frameFrames = 0
    /// Frames still to drop (CAF priming) and to deliver (CAF valid frames); nil when libavcodec trims.
    private var skip: Int64 = 0
    private var remaining: Int64?

    /// Opens `file`; `header` is soundkit's own parse of a CAF whose codec soundkit lacks (its `pakt` trims).
    init(file: InputFile, header: AudioFileInfo?) throws(AudioFileError) {
        let trimsItself = header.map { $0.container == .caf && $0.format.framesPerPacket > 0 } ?? false
        stream = try FFmpegStream(file: file, manualTrim: trimsItself)
        source = file
        facts = stream.facts
        if trimsItself, let h = header {
            skip = h.primingFrames
            remaining = h.validFrames
        }
        let f = stream.output
        var pcm: PCMFormat?
        if facts.bitsPerSample > 0 {
            pcm =
                f.kind == .integer
                ? .int(facts.bitsPerSample, bigEndian: false)
                : .float(facts.bitsPerSample > 32 ? 64 : 32, bigEndian: false)
        }
        let limit = file.size.saturatingMultiply(AudioLimits.framesPerPacket)
        let frames = Swift.min(Swift.max(0, remaining ?? stream.estimatedFrames), limit)
        info = SourceInfo(
            path: file.path, sampleRate: f.sampleRate, channels: f.channels, frames: frames, kind: f.kind,
            pcmFormat: pcm, encoding: header?.format.encoding ?? .other(facts.codec), header: header,
            fileTypeName: facts.container, formatName: facts.codec, channelMask: header?.channelMask, decoder: "FFmpeg")
    }

    func read(into buffer: inout SampleBuffer, maxFrames: Int) throws(AudioFileError) -> Int {
        try AudioInput.stopIfCancelled(source.path)
        buffer.kind = info.kind
        buffer.channels = info.channels
        buffer.frames = 0
        var want = maxFrames
        if let r = remaining { want = Int(Swift.min(Int64(want), r)) }
        guard want > 0 else { return 0 }
        buffer.reserve(frames: want)
        var got = 0
        while got < want {
            if frameOffset == frameFrames {
                guard try stream.nextFrame() else { break }
                frameOffset = 0
                frameFrames = stream.frameLength
                if skip > 0 {
                    let drop = Int(Swift.min(skip, Int64(frameFrames)))
                    skip -= Int64(drop)
                    frameOffset = drop
                }
                continue
            }
            let take = Swift.min(frameFrames - frameOffset, want - got)
            try stream.copy(from: frameOffset, count: take, into: &buffer, at: got)
            frameOffset += take
            got += take
        }
        if let r = remaining { remaining = r - Int64(got) }
        buffer.frames = got
        return got
    }

    /// Decodes the rest of the file, counting what ``read(into:maxFrames:)`` would deliver, without converting
    /// samples; and the priming and padding frames the file asked libavcodec to trim.
    func countFrames() throws(AudioFileError) -> (frames: Int64, priming: Int64, remainder: Int64) {
        var total: Int64 = 0
        while true {
            if let r = remaining, r <= 0 { break }
            guard try stream.nextFrame() else { break }
            var n = Int64(stream.frameLength)
            if skip > 0 {
                let drop = Swift.min(skip, n)
                skip -= drop
                n -= drop
            }
            if let r = remaining {
                n = Swift.min(n, r)
                remaining = r - n
            }
            total = total.saturatingAdd(n)
        }
        if let h = info.header { return (total, h.primingFrames, h.remainderFrames) }
        return (total, stream.trimmedStart, stream.trimmedEnd)
    }
}

/// One open file and decoder: every libavformat and libavcodec call soundkit makes, in one place. Each failure
/// becomes an ``AudioFileError`` naming the file, with FFmpeg's own words; everything is freed with its owner.
final class FFmpegStream {
    private let lib: FFmpegLibrary
    private let path: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var streamIndex: Int32 = -1
    private(set) var facts = FFmpegFacts(
        container: "", codec: "", codecID: "", streamIndex: 0, audioStreams: 0, hasVideo: false,
        bitsPerSample: 0, framesPerPacket: 0)
    /// The decoded stream's format, from its first frame (or the stream's parameters when it has none).
    private(set) var output = Output(sampleRate: 0, channels: 0, sampleFormat: AV_SAMPLE_FMT_NONE, kind: .integer)
    /// The length the container states, in frames; 0 when it states none.
    private(set) var estimatedFrames: Int64 = 0
    /// Frames the file's packets asked libavcodec to drop at the start (priming) and the end (padding).
    private(set) var trimmedStart: Int64 = 0, trimmedEnd: Int64 = 0
    /// The first frame, decoded while opening, not yet handed out.
    private var heldFrame = false
    /// For bytes in memory: the I/O context libavformat reads them through, and the bytes.
    private var io: UnsafeMutablePointer<AVIOContext>?
    private var memory: MemoryCursor?
    private var flushed = false, finished = false

    struct Output {
        var sampleRate: Double
        var channels: Int
        var sampleFormat: AVSampleFormat
        var kind: SampleBuffer.Kind
    }

    init(file: InputFile, manualTrim: Bool) throws(AudioFileError) {
        let path = file.path
        let lib = try FFmpegLibrary.forDecoding(path)
        self.lib = lib
        self.path = path
        // Only local files: the path is never taken as a URL or another protocol ("concat:", "http:").
        var options: OpaquePointer?
        _ = lib.dictSet(&options, "protocol_whitelist", "file", 0)
        var opened: Int32
        if let bytes = file.memory {
            try openCustomIO(MemoryCursor(bytes))
            // The name only helps probing (its extension); the bytes come through the I/O context.
            opened = lib.openInput(&format, path, nil, &options)
        } else {
            opened = lib.openInput(&format, "file:" + path, nil, &options)
        }
        lib.dictFree(&options)
        guard opened >= 0, let fc = format else { throw failure("cannot open it", opened) }
        // Playlists name other files; a sound file is one file.
        if let n = fc.pointee.iformat?.pointee.name,
            ["concat", "hls", "dash", "imf", "webm_dash_manifest"].contains(String(cString: n))
        {
            throw failure("it is a playlist (\(String(cString: n))), not a sound file")
        }
        try check(lib.findStreamInfo(fc, nil), "cannot find its streams")

        let audio = try firstAudioStream(fc)
        facts.container = Self.containerName(fc, lib: lib)
        guard let st = audio, let par = st.pointee.codecpar else {
            throw failure("it holds no audio stream (\(facts.container))")
        }
        facts.streamIndex = Int(streamIndex)
        let id = par.pointee.codec_id
        facts.codecID = lib.codecName(id).map { String(cString: $0) } ?? "unknown"
        facts.codec = Self.codecName(
            facts.codecID, profile: lib.profileName(id, par.pointee.profile).map { String(cString: $0) })
        facts.framesPerPacket = Swift.max(0, Int(par.pointee.frame_size))
        let lossless = lib.descriptor(id).map { $0.pointee.props & AV_CODEC_PROP_LOSSLESS != 0 } ?? false
        if lossless {
            let raw = Int(par.pointee.bits_per_raw_sample)
            let coded = Int(par.pointee.bits_per_coded_sample)
            facts.bitsPerSample = (8...64).contains(raw) ? raw : (8...64).contains(coded) ? coded : 0
        }

        guard let decoder = lib.findDecoder(id) else { throw failure("FFmpeg has no decoder for \(facts.codec)") }
        codec = lib.allocContext(decoder)
        guard let cc = codec else { throw failure("cannot allocate a decoder") }
        try check(lib.parametersToContext(cc, par), "cannot set up the \(facts.codec) decoder")
        cc.pointee.pkt_timebase = st.pointee.time_base
        if manualTrim { cc.pointee.flags2 |= AV_CODEC_FLAG2_SKIP_MANUAL }
        try check(lib.openCodec(cc, decoder, nil), "cannot open the \(facts.codec) decoder")
        packet = lib.packetAlloc()
        frame = lib.frameAlloc()
        guard packet != nil, frame != nil else { throw failure("cannot allocate a frame") }

        estimatedFrames = Self.frames(st.pointee.duration, st.pointee.time_base, rate: Int64(par.pointee.sample_rate))
        if estimatedFrames == 0, fc.pointee.duration > 0 {
            estimatedFrames = Self.frames(
                fc.pointee.duration, AVRational(num: 1, den: AV_TIME_BASE), rate: Int64(par.pointee.sample_rate))
        }

        // The decoder's output decides the format: HE-AAC doubles the rate the container states, parametric
        // stereo turns one channel into two.
        if try nextFrame() {
            heldFrame = true
            output = try frameFormat()
        } else {
            output = try Self.checkedOutput(
                rate: par.pointee.sample_rate, channels: par.pointee.ch_layout.nb_channels,
                format: cc.pointee.sample_fmt, path: path)
        }
    }

    /// The first audio stream of `fc`, counting the audio streams and noting a video; every other stream is
    /// discarded, so that demuxing skips it.
    private func firstAudioStream(
        _ fc: UnsafeMutablePointer<AVFormatContext>
    ) throws(AudioFileError) -> UnsafeMutablePointer<AVStream>? {
        let count = Int(fc.pointee.nb_streams)
        guard let streams = fc.pointee.streams else { throw failure("it holds no streams") }
        var audio: UnsafeMutablePointer<AVStream>?
        for i in 0..<count {
            guard let s = streams[i], let par = s.pointee.codecpar else { continue }
            switch par.pointee.codec_type {
            case AVMEDIA_TYPE_AUDIO:
                facts.audioStreams += 1
                if audio == nil, let index = Int32(exactly: i) {
                    audio = s
                    streamIndex = index
                } else {
                    s.pointee.discard = AVDISCARD_ALL
                }
            case AVMEDIA_TYPE_VIDEO:
                if s.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0 { facts.hasVideo = true }
                s.pointee.discard = AVDISCARD_ALL
            default:
                s.pointee.discard = AVDISCARD_ALL
            }
        }
        return audio
    }

    deinit {
        if frame != nil { lib.frameFree(&frame) }
        if packet != nil { lib.packetFree(&packet) }
        if codec != nil { lib.freeContext(&codec) }
        if format != nil { lib.closeInput(&format) }
        if let io {
            // libavformat may have replaced the buffer given; the context's own is the one to free.
            lib.free(UnsafeMutableRawPointer(io.pointee.buffer))
            lib.ioContextFree(&self.io)
        }
    }

    /// Sets up `format` to read `memory` through an I/O context of its own (`AVFMT_FLAG_CUSTOM_IO`): bytes in memory
    /// are decoded where they are, never written to a file.
    private func openCustomIO(_ memory: MemoryCursor) throws(AudioFileError) {
        self.memory = memory
        let size = FFmpegMemory.bufferSize
        guard let buffer = lib.malloc(Int(size)) else { throw failure("cannot allocate an I/O buffer") }
        io = lib.ioAllocContext(
            buffer.assumingMemoryBound(to: UInt8.self), size, 0, Unmanaged.passUnretained(memory).toOpaque(),
            FFmpegMemory.read, nil, FFmpegMemory.seek)
        guard let io else {
            lib.free(buffer)
            throw failure("cannot allocate an I/O context")
        }
        guard let fc = lib.formatAllocContext() else { throw failure("cannot allocate a demuxer") }
        fc.pointee.pb = io
        fc.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        format = fc
    }

    private func failure(_ what: String, _ code: Int32? = nil) -> AudioFileError {
        AudioFileError(path, .decoder(library: "FFmpeg", message: code.map { "\(what) (\(lib.message($0)))" } ?? what))
    }

    private func check(_ code: Int32, _ what: String) throws(AudioFileError) {
        if code < 0 { throw failure(what, code) }
    }

    /// `duration` in `base` units as frames at `rate`; 0 when unknown or absurd.
    static func frames(_ duration: Int64, _ base: AVRational, rate: Int64) -> Int64 {
        guard duration > 0, base.num > 0, base.den > 0, rate > 0 else { return 0 }
        let (scaled, overflow) = duration.multipliedReportingOverflow(by: Int64(base.num) * rate)
        return overflow ? 0 : scaled / Int64(base.den)
    }

    static func checkedOutput(
        rate: Int32, channels: Int32, format: AVSampleFormat, path: String
    ) throws(AudioFileError) -> Output {
        let r: Double
        let c: Int
        do throws(ContainerError) {
            r = try AudioLimits.checkedSampleRate(Double(rate))
            c = try AudioLimits.checkedChannels(Int64(channels))
        } catch {
            throw AudioFileError(path, .container(error))
        }
        guard let kind = kind(of: format) else {
            throw AudioFileError(
                path,
                .decoder(
                    library: "FFmpeg",
                    message: "the decoder delivers samples in a format soundkit does not read (\(format.rawValue))"))
        }
        return Output(sampleRate: r, channels: c, sampleFormat: format, kind: kind)
    }

    /// Integer formats are held as left-justified Int32, float formats (and 64-bit integers) as Double.
    static func kind(of f: AVSampleFormat) -> SampleBuffer.Kind? {
        switch f {
        case AV_SAMPLE_FMT_U8, AV_SAMPLE_FMT_U8P, AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P, AV_SAMPLE_FMT_S32,
            AV_SAMPLE_FMT_S32P:
            return .integer
        case AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_DBL, AV_SAMPLE_FMT_DBLP, AV_SAMPLE_FMT_S64,
            AV_SAMPLE_FMT_S64P:
            return .float
        default: return nil
        }
    }

    private func frameFormat() throws(AudioFileError) -> Output {
        guard let f = frame else { throw failure("no frame") }
        return try Self.checkedOutput(
            rate: f.pointee.sample_rate, channels: f.pointee.ch_layout.nb_channels,
            format: AVSampleFormat(rawValue: f.pointee.format), path: path)
    }

    /// Frames in the current frame (checked against its buffer in ``copy(from:count:into:at:)``).
    var frameLength: Int { frame.map { Swift.max(0, Int($0.pointee.nb_samples)) } ?? 0 }

    /// Decodes the next frame into `frame`; false at the end of the stream.
    func nextFrame() throws(AudioFileError) -> Bool {
        if heldFrame {
            heldFrame = false
            return true
        }
        guard !finished, let cc = codec, let fc = format, let pkt = packet, let fr = frame else { return false }
        while true {
            let received = lib.receiveFrame(cc, fr)
            if received >= 0 {
                if output.channels > 0 {  // after the first frame: the format must not change
                    let now = try frameFormat()
                    if now.sampleRate != output.sampleRate || now.channels != output.channels || now.kind != output.kind
                    {
                        throw failure(
                            "the stream changes from \(output.channels) ch at \(Int(output.sampleRate)) Hz to \(now.channels) ch at \(Int(now.sampleRate)) Hz midway; soundkit reads one format a file"
                        )
                    }
                    output.sampleFormat = now.sampleFormat
                }
                if fr.pointee.nb_samples <= 0 { continue }
                return true
            }
            if received == SOUNDKIT_AVERROR_EOF {
                finished = true
                return false
            }
            guard received == SOUNDKIT_AVERROR_EAGAIN, !flushed else {
                throw failure("cannot decode \(facts.codec)", received)
            }
            // The decoder wants a packet of our stream, or the flush at the end.
            while true {
                let read = lib.readFrame(fc, pkt)
                if read == SOUNDKIT_AVERROR_EOF {
                    flushed = true
                    try check(lib.sendPacket(cc, nil), "cannot decode \(facts.codec)")
                    break
                }
                try check(read, "cannot read its packets")
                defer { lib.packetUnref(pkt) }
                guard pkt.pointee.stream_index == streamIndex else { continue }
                noteTrim(pkt)
                let sent = lib.sendPacket(cc, pkt)
                if sent < 0 && sent != SOUNDKIT_AVERROR_EAGAIN { throw failure("cannot decode \(facts.codec)", sent) }
                break
            }
        }
    }

    /// Adds up the trimming a packet asks for (AV_PKT_DATA_SKIP_SAMPLES: 32-bit little-endian start and end counts).
    private func noteTrim(_ pkt: UnsafeMutablePointer<AVPacket>) {
        var size = 0
        guard let p = lib.packetSideData(pkt, AV_PKT_DATA_SKIP_SAMPLES, &size), size >= 8 else { return }
        let raw = UnsafeRawPointer(p)
        let start = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
        let end = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        trimmedStart = trimmedStart.saturatingAdd(Int64(start))
        trimmedEnd = trimmedEnd.saturatingAdd(Int64(end))
    }

    /// Copies `count` frames of the current frame, from its frame `offset`, into `buffer` from its frame `at`.
    func copy(from offset: Int, count: Int, into buffer: inout SampleBuffer, at: Int) throws(AudioFileError) {
        guard let fr = frame, let planes = fr.pointee.extended_data else {
            throw failure("the decoder returned no samples")
        }
        let ch = output.channels
        let format = output.sampleFormat
        let planar =
            format == AV_SAMPLE_FMT_U8P || format == AV_SAMPLE_FMT_S16P || format == AV_SAMPLE_FMT_S32P
            || format == AV_SAMPLE_FMT_FLTP || format == AV_SAMPLE_FMT_DBLP || format == AV_SAMPLE_FMT_S64P
        let width: Int
        switch format {
        case AV_SAMPLE_FMT_U8, AV_SAMPLE_FMT_U8P: width = 1
        case AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P: width = 2
        case AV_SAMPLE_FMT_S32, AV_SAMPLE_FMT_S32P, AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP: width = 4
        default: width = 8
        }
        // Every plane the copy touches exists and holds the frame's samples.
        let perPlane = planar ? 1 : ch
        guard offset >= 0, count >= 0, offset + count <= frameLength,
            Int(fr.pointee.linesize.0) >= frameLength * perPlane * width,
            (0..<(planar ? ch : 1)).allSatisfy({ planes[$0] != nil }),
            buffer.sampleCount >= 0,
            (at + count) * ch <= (buffer.kind == .integer ? buffer.ints.count : buffer.floats.count)
        else {
            throw failure("the decoder returned a frame smaller than it says")
        }

        func each<T>(_: T.Type, _ body: (Int, T) -> Void) {
            for c in 0..<(planar ? ch : 1) {
                guard let base = planes[c] else { continue }
                let src = UnsafeRawPointer(base).assumingMemoryBound(to: T.self)
                if planar {
                    for f in 0..<count { body((at + f) * ch + c, src[offset + f]) }
                } else {
                    for i in 0..<(count * ch) { body(at * ch + i, src[offset * ch + i]) }
                }
            }
        }
        switch format {
        case AV_SAMPLE_FMT_U8, AV_SAMPLE_FMT_U8P:
            buffer.ints.withUnsafeMutableBufferPointer { d in each(UInt8.self) { d[$0] = (Int32($1) - 128) << 24 } }
        case AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P:
            buffer.ints.withUnsafeMutableBufferPointer { d in each(Int16.self) { d[$0] = Int32($1) << 16 } }
        case AV_SAMPLE_FMT_S32, AV_SAMPLE_FMT_S32P:
            buffer.ints.withUnsafeMutableBufferPointer { d in each(Int32.self) { d[$0] = $1 } }
        case AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP:
            buffer.floats.withUnsafeMutableBufferPointer { d in each(Float.self) { d[$0] = Double($1) } }
        case AV_SAMPLE_FMT_DBL, AV_SAMPLE_FMT_DBLP:
            buffer.floats.withUnsafeMutableBufferPointer { d in each(Double.self) { d[$0] = $1 } }
        default:
            buffer.floats.withUnsafeMutableBufferPointer { d in each(Int64.self) { d[$0] = Double($1) * 0x1p-63 } }
        }
    }

    // MARK: Names

    /// A short name for the container FFmpeg found ("MPEG-4", "ADTS", "Matroska").
    static func containerName(_ fc: UnsafeMutablePointer<AVFormatContext>, lib: FFmpegLibrary) -> String {
        guard let iformat = fc.pointee.iformat, let n = iformat.pointee.name else { return "unknown" }
        let name = String(cString: n)
        if name.hasPrefix("mov,") {
            let brand =
                lib.dictGet(fc.pointee.metadata, "major_brand", nil, 0).flatMap {
                    $0.pointee.value.map { String(cString: $0) }
                } ?? ""
            if brand.hasPrefix("3gp") || brand.hasPrefix("3g2") { return "3GP" }
            if brand.hasPrefix("qt") { return "QuickTime" }
            return "MPEG-4"
        }
        let known: [String: String] = [
            "aac": "ADTS", "matroska,webm": "Matroska", "asf": "ASF", "ac3": "AC-3", "eac3": "E-AC-3", "amr": "AMR",
            "ogg": "Ogg", "mp3": "MP3", "flac": "FLAC", "caf": "CAF", "wav": "WAVE", "w64": "Wave64", "aiff": "AIFF",
            "au": "Sun/NeXT AU", "mpeg": "MPEG-PS", "mpegts": "MPEG-TS", "avi": "AVI", "wv": "WavPack",
            "ape": "Monkey's Audio",
            "tta": "TTA", "dts": "DTS", "truehd": "TrueHD", "flv": "FLV", "rm": "RealMedia", "voc": "Creative Voice",
        ]
        if let short = known[name] { return short }
        let long = iformat.pointee.long_name.map { String(cString: $0) } ?? ""
        return long.isEmpty ? name.uppercased() : long
    }

    /// A person's name for a codec, from FFmpeg's codec name and profile.
    static func codecName(_ id: String, profile: String?) -> String {
        if id == "aac" {
            switch profile {
            case "LC": return "AAC LC"
            case "HE-AAC", "HE-AACv2": return profile ?? "AAC"
            case "LD": return "AAC-LD"
            case "ELD": return "AAC-ELD"
            case let p?: return "AAC \(p)"
            case nil: return "AAC"
            }
        }
        let known: [String: String] = [
            "alac": "ALAC", "mp3": "MP3", "mp2": "MP2", "mp1": "MP1", "opus": "Opus", "vorbis": "Vorbis",
            "flac": "FLAC",
            "wmav1": "WMA v1", "wmav2": "WMA v2", "wmapro": "WMA Pro", "wmalossless": "WMA Lossless",
            "wmavoice": "WMA Voice",
            "ac3": "AC-3", "eac3": "E-AC-3", "amr_nb": "AMR-NB", "amr_wb": "AMR-WB", "dts": "DTS", "truehd": "TrueHD",
            "wavpack": "WavPack", "ape": "Monkey's Audio", "tta": "TTA", "speex": "Speex", "gsm": "GSM",
            "gsm_ms": "GSM",
            "adpcm_ima_qt": "ima4", "pcm_mulaw": "ulaw", "pcm_alaw": "alaw", "qdm2": "QDesign", "mace3": "MACE 3:1",
            "mace6": "MACE 6:1",
        ]
        return known[id] ?? id.uppercased()
    }
}

/// libavformat's I/O context over a ``MemoryCursor`` passed as its `opaque` (`avio_alloc_context`).
enum FFmpegMemory {
    /// The I/O context's buffer, in bytes.
    static let bufferSize: Int32 = 1 << 16

    /// Copies up to `size` bytes; `AVERROR_EOF` at the end.
    static let read: FFmpegLibrary.IORead = { opaque, buffer, size in
        guard let m = MemoryCursor.of(opaque), let buffer else { return Int32(SOUNDKIT_AVERROR_EOF) }
        let n = m.read(into: buffer, count: Int(size))
        return n > 0 ? Int32(n) : Int32(SOUNDKIT_AVERROR_EOF)
    }

    /// Moves where the demuxer asks (never past the end), or reports the size for `AVSEEK_SIZE`.
    static let seek: FFmpegLibrary.IOSeek = { opaque, offset, whence in
        guard let m = MemoryCursor.of(opaque) else { return -1 }
        if whence & 0x10000 != 0 { return Int64(m.bytes.count) }  // AVSEEK_SIZE
        return m.seek(offset, whence: whence & ~0x20000, pastEnd: false) ?? -1  // without AVSEEK_FORCE
    }
}
