import SoundKitCodecs
import SoundKitContainers

/// What a reader knows about its source before reading it.
package struct SourceInfo: Sendable {
    package var path: String
    package var sampleRate: Double
    package var channels: Int
    /// Frames the reader will deliver (for a few compressed formats, libsndfile's or FFmpeg's estimate).
    package var frames: Int64
    package var kind: SampleBuffer.Kind
    /// The source's linear PCM layout, when it is linear PCM: what a lossless default output keeps.
    package var pcmFormat: PCMFormat?
    package var encoding: AudioEncoding
    /// The parsed header, for CAF, AIFF and WAVE files.
    package var header: AudioFileInfo?
    /// A short name of the file type ("CAF", "FLAC", "Ogg") and of the data format.
    package var fileTypeName: String
    package var formatName: String
    package var channelMask: UInt32?
    /// "soundkit" when our own decoder reads it, else "libsndfile" or "FFmpeg".
    package var decoder: String
}

/// A source of interleaved frames.
package protocol AudioReader: AnyObject {
    var info: SourceInfo { get }
    /// What it reads: a reader of it again (``AudioInput``) needs no path.
    var source: InputFile { get }
    /// Reads up to `maxFrames` frames into `buffer` (replacing its contents); 0 at the end.
    func read(into buffer: inout SampleBuffer, maxFrames: Int) throws(AudioFileError) -> Int
}

package enum AudioInput {
    /// Throws ``AudioFileError/Reason/cancelled`` when the task or the ``WorkerPool`` job this runs in was
    /// cancelled: every reader calls it before each chunk, so that whatever reads a sound (conversion, check, info,
    /// loudness, normalising) stops at its next chunk, as conversion always did.
    package static func stopIfCancelled(_ path: String) throws(AudioFileError) {
        if Task.isCancelled || WorkerPool.isCancelled { throw AudioFileError(path, .cancelled) }
    }

    /// Opens `path` for reading: soundkit's own decoders for the codecs it writes (PCM, µLaw, aLaw, IMA4 with Apple's
    /// resync rule, IMA ADPCM) in CAF, AIFF, AIFF-C and WAVE; then libsndfile for what it reads; then FFmpeg's
    /// libraries for everything else (AAC, ALAC, WMA, AC-3… in MPEG-4, ADTS, CAF, Matroska, ASF and the rest).
    package static func open(_ path: String) throws(AudioFileError) -> any AudioReader {
        try open(try InputFile(path: path))
    }

    /// The same for a source already open, a file or bytes in memory; a reader of it again starts at its beginning.
    package static func open(_ file: InputFile) throws(AudioFileError) -> any AudioReader {
        let path = file.path
        let header: AudioFileInfo
        switch outcome({ try ContainerParser.parse(file) }) {
        case .success(let h): header = h
        case .failure(let e as AudioFileError): throw e
        case .failure(let e as ContainerError): return try openWithDecoders(file, parseError: e)
        case .failure: throw AudioFileError(path, .system(.read, .ioError))
        }
        if NativeReader.decodes(header.format.encoding) { return try NativeReader(file: file, header: header) }
        do {
            return try SndFileReader(file: file, header: header)
        } catch let e where e.isDecoderFailure || e.isLibraryMissing {
            do {
                return try FFmpegReader(file: file, header: header)
            } catch let f where f.isDecoderFailure {
                // Say what we found rather than the libraries' generic words.
                if case .other(let name) = header.format.encoding {
                    throw AudioFileError(path, .cannotDecode(codec: name, container: header.container))
                }
                throw e
            }
        }
    }

    /// A file soundkit's parsers did not accept: other formats go to libsndfile, then FFmpeg; a CAF, AIFF or WAVE
    /// header that is broken or impossible is reported as it is (a decoder that accepted it would only guess).
    static func openWithDecoders(
        _ file: InputFile, parseError: ContainerError
    ) throws(AudioFileError) -> any AudioReader {
        // A CAF, AIFF or WAVE header soundkit refuses (an impossible value, a PCM width no writer uses) is not
        // handed on: libsndfile and FFmpeg would guess at it and decode noise.
        guard case .notAudio = parseError else { throw AudioFileError(file.path, .container(parseError)) }
        let kind = ContainerKind(sniffing: (try? file.read(at: 0, count: 16)) ?? [])
        var sndfileError: AudioFileError?
        // Kinds libsndfile does not read go straight to FFmpeg, without loading libsndfile.
        if ![.mpeg4, .threeGPP, .adts, .matroska, .asf, .ac3, .amr].contains(kind) {
            do {
                return try SndFileReader(file: file, header: nil)
            } catch let e where e.isDecoderFailure || e.isLibraryMissing {
                sndfileError = e
            }
        }
        do {
            return try FFmpegReader(file: file, header: nil)
        } catch let e where e.isDecoderFailure {
            guard case .decoder(_, let message) = e.reason else { throw e }
            if let s = sndfileError, s.isLibraryMissing { throw s }
            throw AudioFileError(file.path, .unreadable(looksLike: kind, parser: parseError, decoderMessage: message))
        }
    }
}

extension AudioFileError {
    /// A decoder library could not make sense of the file (as opposed to a system or installation failure).
    var isDecoderFailure: Bool {
        if case .decoder = reason { return true }
        return false
    }

    /// A decoder library is not installed (or is the wrong version).
    var isLibraryMissing: Bool {
        if case .libraryMissing = reason { return true }
        return false
    }
}

/// Reads CAF, AIFF, AIFF-C and WAVE with soundkit's own codecs.
final class NativeReader: AudioReader {
    let info: SourceInfo
    private let file: InputFile
    var source: InputFile { file }
    private let header: AudioFileInfo
    private var bytePosition: Int64
    private var framesLeft: Int64
    private var skipFrames: Int64
    private var raw: [UInt8] = []
    private var pcm16: [Int16] = []
    /// Decoded ADPCM frames not yet delivered: pcm16[pendingStart..<pendingEnd] in samples.
    private var pendingStart = 0, pendingEnd = 0
    private var ima4: IMA4Decoder?
    private var imaWAV: IMAWAVDecoder?

    static func decodes(_ e: AudioEncoding) -> Bool {
        switch e {
        case .pcm(let f): return f.isSupported
        case .ulaw, .alaw, .ima4, .imaADPCM: return true
        case .vorbis, .other: return false
        }
    }

    init(file: InputFile, header: AudioFileInfo) throws(AudioFileError) {
        self.file = file
        self.header = header
        let f = header.format
        var pcm: PCMFormat?
        var kind = SampleBuffer.Kind.integer
        if case .pcm(let p) = f.encoding {
            pcm = p
            if p.isFloat { kind = .float }
        }
        switch f.encoding {
        case .ima4: ima4 = IMA4Decoder(channels: f.channels)
        case .imaADPCM:
            guard
                let d = IMAWAVDecoder(
                    channels: f.channels, blockAlign: header.blockAlign > 0 ? header.blockAlign : f.bytesPerPacket)
            else {
                throw AudioFileError(
                    file.path,
                    .container(
                        .inconsistentFormat(
                            .imaADPCMBlock(
                                blockAlign: Int64(f.bytesPerPacket), channels: Int64(f.channels),
                                framesPerPacket: Int64(f.framesPerPacket)))))
            }
            imaWAV = d
        default: break
        }
        bytePosition = header.dataOffset
        framesLeft = header.validFrames
        skipFrames = header.primingFrames
        info = SourceInfo(
            path: file.path, sampleRate: f.sampleRate, channels: f.channels, frames: header.validFrames, kind: kind,
            pcmFormat: pcm, encoding: f.encoding, header: header, fileTypeName: header.container.rawValue,
            formatName: f.encoding.description, channelMask: header.channelMask, decoder: "soundkit")
    }

    private var dataEnd: Int64 { header.dataOffset + header.dataBytes }

    /// Reads up to `count` bytes of audio data into `raw`.
    private func fill(_ count: Int) throws(AudioFileError) -> Int {
        let n = Int(Swift.min(Int64(count), dataEnd - bytePosition))
        guard n > 0 else { return 0 }
        if raw.count < n { raw = [UInt8](repeating: 0, count: n) }
        let got = try AudioFileError.rethrown(file.path) {
            try raw.withUnsafeMutableBytes { r in
                try file.read(at: bytePosition, into: UnsafeMutableRawBufferPointer(rebasing: r[0..<n]))
            }
        }
        bytePosition += Int64(got)
        return got
    }

    func read(into buffer: inout SampleBuffer, maxFrames: Int) throws(AudioFileError) -> Int {
        try AudioInput.stopIfCancelled(file.path)
        let ch = header.format.channels
        buffer.kind = info.kind
        buffer.channels = ch
        buffer.frames = 0
        guard framesLeft > 0, maxFrames > 0 else { return 0 }
        let want = Int(Swift.min(Int64(maxFrames), framesLeft))
        buffer.reserve(frames: want)
        var got = 0

        switch header.format.encoding {
        case .pcm(let f):
            let bpf = f.bytesPerSample * ch
            got = try fill(want * bpf) / bpf
            let n = got * ch
            raw.withUnsafeBytes { r in
                let src = UnsafeRawBufferPointer(rebasing: r[0..<(n * f.bytesPerSample)])
                if f.isFloat {
                    buffer.floats.withUnsafeMutableBufferPointer {
                        PCM.unpack(src, format: f, into: UnsafeMutableBufferPointer(rebasing: $0[0..<n]))
                    }
                } else {
                    buffer.ints.withUnsafeMutableBufferPointer {
                        PCM.unpack(src, format: f, into: UnsafeMutableBufferPointer(rebasing: $0[0..<n]))
                    }
                }
            }
        case .ulaw, .alaw:
            got = try fill(want * ch) / ch
            let n = got * ch
            if pcm16.count < n { pcm16 = [Int16](repeating: 0, count: n) }
            let isULaw = header.format.encoding == .ulaw
            raw.withUnsafeBufferPointer { r in
                pcm16.withUnsafeMutableBufferPointer { p in
                    let src = UnsafeBufferPointer(rebasing: r[0..<n])
                    let dst = UnsafeMutableBufferPointer(rebasing: p[0..<n])
                    if isULaw { G711.decodeULaw(src, into: dst) } else { G711.decodeALaw(src, into: dst) }
                }
            }
            copy16(from: 0, count: n, into: &buffer, at: 0)
        case .ima4, .imaADPCM:
            while got < want {
                if pendingStart == pendingEnd {
                    guard try decodePackets(maxFrames: want - got) else { break }
                    continue
                }
                let take = Swift.min((pendingEnd - pendingStart) / ch, want - got)
                copy16(from: pendingStart, count: take * ch, into: &buffer, at: got * ch)
                pendingStart += take * ch
                got += take
            }
        case .vorbis, .other:
            got = 0
        }

        if skipFrames > 0 && got > 0 {
            let drop = Int(Swift.min(skipFrames, Int64(got)))
            skipFrames -= Int64(drop)
            switch buffer.kind {
            case .integer:
                buffer.ints.removeSubrange(0..<(drop * ch))
                buffer.ints.append(contentsOf: repeatElement(0, count: drop * ch))
            case .float:
                buffer.floats.removeSubrange(0..<(drop * ch))
                buffer.floats.append(contentsOf: repeatElement(0, count: drop * ch))
            }
            got -= drop
            if got == 0 { return try read(into: &buffer, maxFrames: maxFrames) }
        }
        framesLeft -= Int64(got)
        if got < want { framesLeft = 0 }  // the data ended early: a truncated file
        buffer.frames = got
        return got
    }

    private func copy16(from start: Int, count n: Int, into buffer: inout SampleBuffer, at offset: Int) {
        pcm16.withUnsafeBufferPointer { s in
            buffer.ints.withUnsafeMutableBufferPointer { d in
                PCM.int32(
                    from: UnsafeBufferPointer(rebasing: s[start..<(start + n)]),
                    into: UnsafeMutableBufferPointer(rebasing: d[offset..<(offset + n)]))
            }
        }
    }

    /// Decodes enough whole packets for about `maxFrames` frames into `pcm16`. False at the end of the data.
    private func decodePackets(maxFrames: Int) throws(AudioFileError) -> Bool {
        let f = header.format
        let ch = f.channels
        let perPacket = f.framesPerPacket
        let bytesPerPacket = f.bytesPerPacket
        let packets = Swift.max(1, (maxFrames + perPacket - 1) / perPacket)
        let got = try fill(packets * bytesPerPacket) / bytesPerPacket
        guard got > 0 else { return false }
        let samples = got * perPacket * ch
        if pcm16.count < samples { pcm16 = [Int16](repeating: 0, count: samples) }
        if var d = ima4 {
            let result = raw.withUnsafeBytes { r in
                pcm16.withUnsafeMutableBufferPointer { p in
                    Result { () throws(IMA4Error) in
                        try d.decode(UnsafeRawBufferPointer(rebasing: r[0..<(got * bytesPerPacket)]), into: p)
                    }
                }
            }
            if case .failure(let e) = result { throw AudioFileError(file.path, .ima4(e)) }
            ima4 = d
        } else if let d = imaWAV {
            raw.withUnsafeBytes { r in
                pcm16.withUnsafeMutableBufferPointer { p in
                    for b in 0..<got {
                        d.decodeBlock(
                            UnsafeRawBufferPointer(rebasing: r[(b * bytesPerPacket)..<((b + 1) * bytesPerPacket)]),
                            into: UnsafeMutableBufferPointer(
                                rebasing: p[(b * perPacket * ch)..<((b + 1) * perPacket * ch)]))
                    }
                }
            }
        }
        pendingStart = 0
        pendingEnd = samples
        return true
    }
}

/// Reads anything libsndfile reads (FLAC, Ogg Vorbis, Opus, MP3, RF64, MS ADPCM, …).
final class SndFileReader: AudioReader {
    let info: SourceInfo
    let source: InputFile
    private let file: SndFile
    /// Frames still to deliver when the header states the true length (WAV `fact`, CAF `pakt`): libsndfile
    /// decodes whole blocks of MS ADPCM, GSM and MP3 in WAV past it.
    private var remaining: Int64?

    init(file input: InputFile, header: AudioFileInfo?) throws(AudioFileError) {
        let f = try SndFile(reading: input)
        file = f
        source = input
        let names = f.formatNames
        var pcm: PCMFormat?
        if let bits = f.integerBits { pcm = .int(bits, bigEndian: false) }
        if Int32(f.subtype) == Int32(sfFormatFloat) { pcm = .float(32, bigEndian: false) }
        if Int32(f.subtype) == Int32(sfFormatDouble) { pcm = .float(64, bigEndian: false) }
        var frames = f.frames
        if let h = header, case .other = h.format.encoding, h.validFrames > 0, h.validFrames < frames {
            frames = h.validFrames
            remaining = frames
        }
        info = SourceInfo(
            path: input.path, sampleRate: f.sampleRate, channels: f.channels, frames: frames,
            kind: f.isFloatSubtype ? .float : .integer, pcmFormat: pcm,
            encoding: header?.format.encoding ?? .other(names.subtype), header: header,
            fileTypeName: header?.container.containerName ?? Self.shortName(names.major), formatName: names.subtype,
            channelMask: header?.channelMask, decoder: "libsndfile")
    }

    static func shortName(_ major: String) -> String {
        // "FLAC (Free Lossless Audio Codec)" → "FLAC"; "OGG (OGG Container format)" → "Ogg"
        let first = major.split(separator: " ").first.map(String.init) ?? major
        return first == "OGG" ? "Ogg" : first
    }

    func read(into buffer: inout SampleBuffer, maxFrames requested: Int) throws(AudioFileError) -> Int {
        try AudioInput.stopIfCancelled(source.path)
        buffer.kind = info.kind
        buffer.channels = info.channels
        let maxFrames = remaining.map { Int(Swift.min(Int64(requested), $0)) } ?? requested
        buffer.frames = 0
        guard maxFrames > 0 else { return 0 }
        buffer.reserve(frames: maxFrames)
        let got: Int
        switch info.kind {
        case .integer:
            got = try AudioFileError.rethrown(info.path) {
                try buffer.ints.withUnsafeMutableBufferPointer { p in try file.readInt(into: p, frames: maxFrames) }
            }
        case .float:
            got = try AudioFileError.rethrown(info.path) {
                try buffer.floats.withUnsafeMutableBufferPointer { p in try file.readDouble(into: p, frames: maxFrames)
                }
            }
        }
        buffer.frames = got
        if let r = remaining { remaining = r - Int64(got) }
        return got
    }
}
