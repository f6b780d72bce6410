import SoundKitCodecs
import SoundKitContainers

/// How to convert: afconvert's `-f`, `-d`, `@RATE`, `-c`, `-r`, `--src-complexity` and `-l`, plus soundkit's choices.
public struct ConversionOptions: Sendable {
    /// One of ``ContainerKind/writable``.
    public var fileType: ContainerKind
    /// `nil`: keep the source's linear PCM layout when the file type holds it, else 16-bit PCM.
    public var encoding: AudioEncoding?
    public var sampleRate: Double?
    public var channels: Int?
    /// Pad the header so audio starts at byte 4096, as afconvert does (`--no-filler` turns it off).
    public var filler: Bool
    /// How hard the IMA encoders look for the best codes: `.starts` (the default), `.trellis`, or `.none` for
    /// Apple's (in WAV, the greedy) stream.
    public var imaSearch: IMASearch
    /// Keep at most this many seconds, ending with a fade-out of ``fadeOut`` seconds (only when trimmed).
    public var trim: Double?
    public var fadeOut: Double
    /// `-d 0`: the source's data format with its packets copied exactly, nothing decoded. `encoding`,
    /// `sampleRate`, `channels` and `trim` must then be nil.
    public var copiesPackets: Bool
    /// `-r` and `--src-complexity`: the libsoxr recipe when the rate changes.
    public var resampling: ResamplerQuality
    /// `-l`: a layout tag to record (CAF `chan`, WAVE channel mask).
    public var channelLayout: ChannelLayoutTag?
    /// Decibels to multiply the audio by before it is encoded (`--gain`); samples past full scale are clamped.
    public var gain: Double?
    /// Bring the output to this integrated loudness (`--normalize`); replaces ``gain``.
    public var normalize: LoudnessTarget?

    public init(fileType: ContainerKind, encoding: AudioEncoding? = nil, sampleRate: Double? = nil, channels: Int? = nil,
                filler: Bool = true, imaSearch: IMASearch = .starts, trim: Double? = nil, fadeOut: Double = 0.25,
                copiesPackets: Bool = false, resampling: ResamplerQuality = ResamplerQuality(), channelLayout: ChannelLayoutTag? = nil,
                gain: Double? = nil, normalize: LoudnessTarget? = nil) {
        self.fileType = fileType
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.channels = channels
        self.filler = filler
        self.imaSearch = imaSearch
        self.trim = trim
        self.fadeOut = fadeOut
        self.copiesPackets = copiesPackets
        self.resampling = resampling
        self.channelLayout = channelLayout
        self.gain = gain
        self.normalize = normalize
    }
}

/// One file a conversion writes, and how.
public struct ConversionOutput: Sendable {
    public var path: String
    public var options: ConversionOptions

    public init(path: String, options: ConversionOptions) {
        self.path = path
        self.options = options
    }
}

/// What a conversion wrote.
public struct ConversionReport: Sendable {
    public var source: SourceInfo
    public var outputPath: String
    public var layout: OutputLayout
    public var totals: DataTotals
    /// What ``ConversionOptions/normalize`` did.
    public var normalization: Normalization? = nil
}

public enum Converter {
    static let chunkFrames = 16384

    /// The encoding `options` asks for, checked against the file type and channel count.
    package static func resolveEncoding(_ options: ConversionOptions, source: SourceInfo, channels: Int) throws(AudioFileError) -> AudioEncoding {
        let type = options.fileType
        guard type.isWritable else { throw AudioFileError(source.path, .container(.unsupported(.fileType(type)))) }
        if options.copiesPackets {
            guard type.acceptedEncodings.contains(source.encoding) else {
                throw AudioFileError(source.path, .container(.unsupported(.encoding(source.encoding, type))))
            }
            return source.encoding
        }
        var encoding: AudioEncoding
        if let requested = options.encoding {
            encoding = requested
            // `-d ima4` into WAVE means IMA ADPCM (tag 0x11), which afconvert cannot write but users ask for.
            if type == .wav && requested == .ima4 { encoding = .imaADPCM }
            guard type.acceptedEncodings.contains(encoding) else {
                throw AudioFileError(source.path, .container(.unsupported(.encoding(requested, type))))
            }
        } else {
            encoding = type.default16Bit
            if let p = source.pcmFormat {
                let natural = type == .wav ? false : true
                let keep: PCMFormat
                if p.bits == 8 { keep = type == .wav ? .uint8 : .int(8, bigEndian: true) }
                else { keep = PCMFormat(p.encoding == .float ? .float : .signedInteger, bits: p.bits, bigEndian: natural) }
                if type.acceptedEncodings.contains(.pcm(keep)) { encoding = .pcm(keep) }
            }
        }
        if encoding == .ima4 && channels > 2 { throw AudioFileError(source.path, .conversion(.ima4Channels(channels))) }
        return encoding
    }

    /// Applies a linear fade to the frames of `b` (which start at frame `start`) from `fadeStart` for `length` frames.
    static func fade(_ b: inout SampleBuffer, from start: Int64, fadeStart: Int64, length: Int64) {
        var values: [Double] = []
        b.doubles(into: &values)
        let ch = b.channels
        for f in 0..<b.frames {
            let global = start + Int64(f)
            guard global >= fadeStart else { continue }
            let gain = Swift.max(0, Double(fadeStart + length - global - 1) / Double(length))
            for c in 0..<ch { values[f * ch + c] *= gain }
        }
        b.kind = .float
        b.floats = values
    }

    /// afconvert's rule for an output name: `<base>.<ext>` beside the input; if taken, `<base>-<rate/1000>k`
    /// when the rate changes, `<base>-<bits>bit` when the depth changes, else `<base>-1`, `-2`, ….
    package static func defaultOutputPath(input: String, fileType: ContainerKind, rateChanged: Double?, bitsChanged: Int?) -> String {
        let base = FileSystem.splitExtension(input).base
        let ext = fileType.fileExtension
        let plain = "\(base).\(ext)"
        if !FileSystem.exists(plain) { return plain }
        if let r = rateChanged {
            let k = r / 1000
            let name = "\(base)-\(k == k.rounded() && abs(k) < 1e15 ? String(Int64(k)) : String(k))k.\(ext)"
            if !FileSystem.exists(name) { return name }
        }
        if let b = bitsChanged {
            let name = "\(base)-\(b)bit.\(ext)"
            if !FileSystem.exists(name) { return name }
        }
        var i = 1
        while FileSystem.exists("\(base)-\(i).\(ext)") { i += 1 }
        return "\(base)-\(i).\(ext)"
    }

    /// Converts `input` into `output`. Nothing is written unless the whole conversion succeeds; the input is
    /// never written to; an existing output is replaced whole.
    @discardableResult
    public static func convert(input: String, output: String, options: ConversionOptions) throws(AudioFileError) -> ConversionReport {
        try convert(input: input, outputs: [ConversionOutput(path: output, options: options)])[0]
    }

    @discardableResult
    public static func convert(_ reader: any AudioReader, to output: String, options: ConversionOptions) throws(AudioFileError) -> ConversionReport {
        try convert(reader, outputs: [ConversionOutput(path: output, options: options)])[0]
    }

    /// Reads `input` once and writes every output from it, each with its own channels, rate, data format and
    /// file type (afconvert's `-o OUT [options]`, repeated). All outputs appear or none: each is written to a
    /// temporary file and flushed, and the renames into place begin only when every one is complete.
    @discardableResult
    public static func convert(input: String, outputs: [ConversionOutput]) throws(AudioFileError) -> [ConversionReport] {
        let pending = try prepare(input: input, outputs: outputs, flush: true)
        try PendingFile.publish(pending.map(\.file), flushed: true)
        return pending.map(\.report)
    }

    /// The same from a reader already open.
    @discardableResult
    public static func convert(_ reader: any AudioReader, outputs: [ConversionOutput]) throws(AudioFileError) -> [ConversionReport] {
        let pending = try prepare(reader, outputs: outputs, flush: true)
        try PendingFile.publish(pending.map(\.file), flushed: true)
        return pending.map(\.report)
    }

    /// An output written completely under its temporary name.
    struct Pending: Sendable {
        var file: PendingFile
        var report: ConversionReport
    }

    /// Writes every output of `input` without putting any in place. A source that is only copied (`-d 0`) is not
    /// decoded at all.
    static func prepare(input: String, outputs: [ConversionOutput], flush: Bool) throws(AudioFileError) -> [Pending] {
        for o in outputs where FileSystem.isSameFile(input, o.path) { throw AudioFileError(o.path, .outputIsInput) }
        if outputs.allSatisfy(\.options.copiesPackets) {
            let file = try InputFile(path: input)
            var done: [Pending] = []
            do {
                let header = try parseForCopy(file)
                for o in outputs { done.append(try copyPackets(header, from: file, to: o, flush: flush)) }
            } catch {
                for p in done { p.file.discard() }
                throw error
            }
            return done
        }
        return try prepare(try AudioInput.open(input), outputs: outputs, flush: flush)
    }

    static func prepare(_ reader: any AudioReader, outputs: [ConversionOutput], flush: Bool) throws(AudioFileError) -> [Pending] {
        let source = reader.info
        var done: [Int: Pending] = [:]
        do throws(AudioFileError) {
            let copies = outputs.indices.filter { outputs[$0].options.copiesPackets }
            if !copies.isEmpty {
                guard let header = source.header else {
                    let kind = ContainerKind(sniffing: (try? InputFile(path: source.path).read(at: 0, count: 16)) ?? [])
                    throw AudioFileError(source.path, .conversion(.packetCopy(.container(kind))))
                }
                let file = try InputFile(path: source.path)
                for i in copies { done[i] = try copyPackets(header, from: file, to: outputs[i], flush: flush) }
            }
            let encoded = outputs.indices.filter { !outputs[$0].options.copiesPackets && outputs[$0].options.normalize == nil }
            if !encoded.isEmpty {
                let written = try encode(reader, outputs: encoded.map { outputs[$0] }, flush: flush)
                for (i, p) in zip(encoded, written) { done[i] = p }
            }
            // Normalised outputs need their own passes: measured, written, measured again.
            for i in outputs.indices where !outputs[i].options.copiesPackets {
                if let target = outputs[i].options.normalize { done[i] = try normalize(source, output: outputs[i], to: target, flush: flush) }
            }
        } catch {
            for p in done.values { p.file.discard() }
            throw error
        }
        return outputs.indices.compactMap { done[$0] }
    }

    /// Decodes `reader` once and feeds every output's own mixing, resampling and encoding.
    static func encode(_ reader: any AudioReader, outputs: [ConversionOutput], flush: Bool) throws(AudioFileError) -> [Pending] {
        let source = reader.info
        var sinks: [EncodingSink] = []
        do throws(AudioFileError) {
            for o in outputs {
                if FileSystem.isSameFile(source.path, o.path) { throw AudioFileError(o.path, .outputIsInput) }
                sinks.append(try EncodingSink(source: source, output: o))
            }
            // Reading stops at the longest trim, or at the end when some output keeps everything.
            let limits = sinks.map(\.limit)
            let readLimit: Int64? = limits.contains(where: { $0 == nil }) ? nil : limits.compactMap { $0 }.max()
            var input = SampleBuffer(kind: source.kind, channels: source.channels)
            var position: Int64 = 0
            while true {
                if Task.isCancelled { throw AudioFileError(source.path, .cancelled) }
                let want = readLimit.map { Int(Swift.min(Int64(chunkFrames), $0 - position)) } ?? chunkFrames
                guard try reader.read(into: &input, maxFrames: want) > 0 else { break }
                for s in sinks { try s.consume(input, at: position) }
                position += Int64(input.frames)
            }
            var reports: [ConversionReport] = []
            for s in sinks { reports.append(try s.finish()) }
            var done: [Pending] = []
            do {
                for (s, r) in zip(sinks, reports) { done.append(Pending(file: try s.file.detach(flush: flush), report: r)) }
            } catch {
                for p in done { p.file.discard() }
                throw error
            }
            return done
        } catch {
            for s in sinks { s.file.discard() }
            throw error
        }
    }

    /// Whole frames in `seconds` at `rate`, rounded down and clamped to 0...Int64.max (negative and NaN give 0):
    /// never a trap, whatever the caller passes.
    static func frameCount(seconds: Double, rate: Double) -> Int64 {
        let frames = (seconds * rate).rounded(.down)
        guard frames > 0 else { return 0 }
        return frames < 0x1p63 ? Int64(frames) : .max
    }
}

// MARK: -d 0

extension Converter {
    /// The header of a file whose packets `-d 0` copies: only soundkit's own parsers find packets.
    static func parseForCopy(_ file: InputFile) throws(AudioFileError) -> AudioFileInfo {
        switch outcome({ try ContainerParser.parse(file) }) {
        case .success(let h): return h
        case .failure(let e as AudioFileError): throw e
        case .failure(ContainerError.notAudio(let kind)): throw AudioFileError(file.path, .conversion(.packetCopy(.container(kind))))
        case .failure(let e as ContainerError): throw AudioFileError(file.path, .container(e))
        case .failure: throw AudioFileError(file.path, .system(.read, .ioError))
        }
    }

    /// `-d 0`: the source's packets, byte for byte, in a new container with the same data format. Linear PCM and
    /// G.711 (one frame a packet) keep just the played frames; IMA4 and IMA ADPCM keep whole packets, with the
    /// played length (and any priming) recorded where the file type can: CAF's `pakt`, WAVE's `fact`. An ima4
    /// AIFF-C says only how many packets it holds, so its CAF copy plays packets × 64 frames.
    static func copyPackets(_ h: AudioFileInfo, from file: InputFile, to output: ConversionOutput, flush: Bool) throws(AudioFileError) -> Pending {
        let options = output.options, path = output.path
        if FileSystem.isSameFile(file.path, path) { throw AudioFileError(path, .outputIsInput) }
        if FileSystem.isDirectory(path) { throw AudioFileError(path, .outputIsDirectory) }
        for (given, what) in [(options.encoding != nil, "another data format"), (options.sampleRate != nil, "a sample rate (@RATE)"),
                              (options.channels != nil, "a channel count (-c)"), (options.trim != nil, "--trim")] where given {
            throw AudioFileError(path, .conversion(.packetCopy(.needsDecoding(what))))
        }
        var f = h.format
        guard NativeReader.decodes(f.encoding) else { throw AudioFileError(file.path, .conversion(.packetCopy(.codec(f.encoding)))) }
        let type = options.fileType
        guard type.isWritable else { throw AudioFileError(path, .container(.unsupported(.fileType(type)))) }
        guard type.acceptedEncodings.contains(f.encoding) else {
            throw AudioFileError(file.path, .container(.unsupported(.encoding(f.encoding, type))))
        }
        if let tag = options.channelLayout {
            guard tag.channels == f.channels else { throw AudioFileError(path, .conversion(.channelLayout(tag, outputChannels: f.channels))) }
            guard tag.fits(type, f.encoding) else { throw AudioFileError(path, .conversion(.channelLayoutNotRecorded(tag, type, f.encoding))) }
        }
        var written = OutputLayout.streamFormat(f.encoding, sampleRate: f.sampleRate, channels: f.channels, fileType: type)
        if f.encoding == .imaADPCM {
            // The source's block size, not the one soundkit would choose.
            written.bytesPerPacket = f.bytesPerPacket
            written.framesPerPacket = f.framesPerPacket
        }
        f = written
        let layout = OutputLayout(fileType: type, format: f, filler: options.filler, channelMask: h.channelMask, channelLayout: options.channelLayout)

        let bpp = Int64(f.bytesPerPacket), fpp = Int64(f.framesPerPacket)
        var start = h.dataOffset, totals: DataTotals
        if fpp == 1 {
            start += h.primingFrames * bpp
            totals = DataTotals(packets: h.validFrames, validFrames: h.validFrames, dataBytes: h.validFrames * bpp)
        } else {
            if h.primingFrames > 0 && type != .caf { throw AudioFileError(file.path, .conversion(.packetCopy(.priming(h.primingFrames, type)))) }
            let valid = Swift.min(h.validFrames, h.packets * fpp - h.primingFrames)
            totals = DataTotals(packets: h.packets, validFrames: valid, dataBytes: h.packets * bpp, primingFrames: h.primingFrames)
        }
        let header: [UInt8]
        do { header = try ContainerWriter.header(layout, totals: totals) } catch { throw AudioFileError(path, .container(error)) }
        let out = try AtomicOutputFile(path: path)
        do throws(AudioFileError) {
            try out.write(header)
            var buffer = [UInt8](repeating: 0, count: Int(Swift.min(1 << 20, Swift.max(1, totals.dataBytes))))
            var left = totals.dataBytes, at = start
            while left > 0 {
                if Task.isCancelled { throw AudioFileError(file.path, .cancelled) }
                let n = Int(Swift.min(Int64(buffer.count), left))
                let got = try AudioFileError.rethrown(file.path) {
                    try buffer.withUnsafeMutableBytes { b in try file.read(at: at, into: UnsafeMutableRawBufferPointer(rebasing: b[0..<n])) }
                }
                guard got == n else {
                    throw AudioFileError(file.path, .container(.truncated(.chunk(h.container, "data"), offset: at + Int64(got))))
                }
                try AudioFileError.rethrown(path) { try buffer.withUnsafeBytes { b in try out.write(UnsafeRawBufferPointer(rebasing: b[0..<n])) } }
                left -= Int64(n)
                at += Int64(n)
            }
            try out.write(ContainerWriter.trailer(layout, totals: totals))
        } catch {
            out.discard()
            throw error
        }
        var pcm: PCMFormat?
        if case .pcm(let p) = h.format.encoding { pcm = p }
        let source = SourceInfo(path: file.path, sampleRate: h.format.sampleRate, channels: h.format.channels, frames: h.validFrames,
                                kind: .integer, pcmFormat: pcm, encoding: h.format.encoding, header: h,
                                fileTypeName: h.container.rawValue, formatName: h.format.encoding.description,
                                channelMask: h.channelMask, decoder: "none")
        let report = ConversionReport(source: source, outputPath: path, layout: layout, totals: totals)
        return Pending(file: try out.detach(flush: flush), report: report)
    }
}

/// One output's frames made from the source's: trimming (with its fade-out), channel mixing, resampling and gain,
/// handed block by block to a sink (an encoder, or a loudness meter).
final class FrameChain {
    let source: SourceInfo
    let outChannels: Int
    /// Source frames to keep (`trim`), and how many of them fade out.
    let limit: Int64?
    let fade: Int64
    private let factor: Double
    private let resampler: Resampler?
    private var mixed: SampleBuffer
    private var resampled: SampleBuffer
    private var amplified: SampleBuffer
    private var scratch: [Double] = []

    /// The channel count `options` ask of `source`, checked for the output at `path`.
    static func outputChannels(_ options: ConversionOptions, _ source: SourceInfo, path: String) throws(AudioFileError) -> Int {
        let n = options.channels ?? source.channels
        guard AudioLimits.channels.contains(n) else { throw AudioFileError(path, .conversion(.outputChannels(n))) }
        return n
    }

    /// Checks the options' channels, rate, trim and gain for the output at `path`; `encoding` (when known) picks
    /// the resampler's recipe.
    init(source: SourceInfo, options: ConversionOptions, encoding: AudioEncoding?, path: String) throws(AudioFileError) {
        self.source = source
        outChannels = try Self.outputChannels(options, source, path: path)
        let outRate = options.sampleRate ?? source.sampleRate
        guard outRate.isFinite, AudioLimits.sampleRates.contains(outRate) else { throw AudioFileError(path, .conversion(.outputSampleRate(outRate))) }
        if let t = options.trim, !(t > 0) || !t.isFinite { throw AudioFileError(path, .conversion(.trim(t))) }
        if let g = options.gain, !LoudnessTarget.gains.contains(g) { throw AudioFileError(path, .conversion(.gain(g))) }
        factor = options.gain.map(amplitude(decibels:)) ?? 1
        if outRate != source.sampleRate {
            var wide = false
            if case .pcm(let p)? = encoding { wide = p.bits > 16 }
            resampler = try Resampler(from: source.sampleRate, to: outRate, channels: outChannels,
                                      recipe: options.resampling.recipe(wide: wide), path: source.path)
        } else {
            resampler = nil
        }
        // Trimming: stop at `limit` source frames, fading linearly to silence over the last `fade` when the sound
        // is really cut (the frame count of some compressed sources is an estimate, so it only decides the fade,
        // never where reading stops).
        limit = options.trim.map { Converter.frameCount(seconds: $0, rate: source.sampleRate) }
        fade = limit.map { $0 < source.frames ? Swift.min($0, Converter.frameCount(seconds: options.fadeOut, rate: source.sampleRate)) : 0 } ?? 0
        mixed = SampleBuffer(kind: .float, channels: outChannels)
        resampled = SampleBuffer(kind: .float, channels: outChannels)
        amplified = SampleBuffer(kind: .float, channels: outChannels)
    }

    /// Takes the next block of source frames, which starts at source frame `position`, and hands what it makes of
    /// it to `sink`.
    func consume(_ input: SampleBuffer, at position: Int64, into sink: (SampleBuffer) throws(AudioFileError) -> Void) throws(AudioFileError) {
        var block = input
        if let limit {
            let room = limit - position
            guard room > 0 else { return }
            if Int64(block.frames) > room { block.frames = Int(room) }
            if fade > 0, position + Int64(block.frames) > limit - fade {
                Converter.fade(&block, from: position, fadeStart: limit - fade, length: fade)
            }
        }
        if outChannels != source.channels {
            ChannelMixer.mix(block, into: &mixed, scratch: &scratch)
            block = mixed
        }
        if let r = resampler { try resample(block, r, into: sink) } else { try emit(block, into: sink) }
    }

    /// Flushes the resampler's tail into `sink`.
    func finish(into sink: (SampleBuffer) throws(AudioFileError) -> Void) throws(AudioFileError) {
        if let r = resampler { try resample(nil, r, into: sink) }
    }

    private func emit(_ b: SampleBuffer, into sink: (SampleBuffer) throws(AudioFileError) -> Void) throws(AudioFileError) {
        guard factor != 1 else { return try sink(b) }
        b.doubles(into: &amplified.floats)
        amplified.frames = b.frames
        for i in 0..<b.sampleCount { amplified.floats[i] *= factor }
        try sink(amplified)
    }

    private func resample(_ b: SampleBuffer?, _ r: Resampler, into sink: (SampleBuffer) throws(AudioFileError) -> Void) throws(AudioFileError) {
        resampled.floats.removeAll(keepingCapacity: true)
        if let b {
            b.doubles(into: &scratch)
            try AudioFileError.rethrown(source.path) { () throws -> Void in
                try scratch.withUnsafeBufferPointer { p in
                    if let base = p.baseAddress { try r.process(base, frames: b.frames, into: &resampled.floats) }
                }
            }
        } else {
            try r.process(nil, frames: 0, into: &resampled.floats)
        }
        resampled.frames = resampled.floats.count / outChannels
        try emit(resampled, into: sink)
    }
}

/// One output of a decoded source: its frame chain, encoder and temporary file.
final class EncodingSink {
    let output: ConversionOutput
    let source: SourceInfo
    let layout: OutputLayout
    let file: AtomicOutputFile
    private let chain: FrameChain
    private var encoder: StreamEncoder
    private let appleTail: Bool
    private var bytes: [UInt8] = []

    var limit: Int64? { chain.limit }

    init(source: SourceInfo, output: ConversionOutput) throws(AudioFileError) {
        let options = output.options
        let path = output.path
        self.output = output
        self.source = source
        if FileSystem.isDirectory(path) { throw AudioFileError(path, .outputIsDirectory) }
        let outChannels = try FrameChain.outputChannels(options, source, path: path)
        let outRate = options.sampleRate ?? source.sampleRate
        let encoding = try Converter.resolveEncoding(options, source: source, channels: outChannels)
        chain = try FrameChain(source: source, options: options, encoding: encoding, path: path)
        if let tag = options.channelLayout {
            guard tag.channels == outChannels else { throw AudioFileError(path, .conversion(.channelLayout(tag, outputChannels: outChannels))) }
            guard tag.fits(options.fileType, encoding) else {
                throw AudioFileError(path, .conversion(.channelLayoutNotRecorded(tag, options.fileType, encoding)))
            }
        }
        let format = OutputLayout.streamFormat(encoding, sampleRate: outRate, channels: outChannels, fileType: options.fileType)
        let mask = outChannels == source.channels ? source.channelMask : nil
        layout = OutputLayout(fileType: options.fileType, format: format, filler: options.filler, channelMask: mask,
                              channelLayout: options.channelLayout)
        guard let encoder = StreamEncoder(format: format, imaSearch: options.imaSearch) else {
            throw AudioFileError(path, .conversion(.encoder(encoding)))
        }
        self.encoder = encoder
        // Apple's ima4 CAF files end with a padding packet even when the length is a whole number of packets
        // (remainder 64); the packet table keeps it out of the played length.
        appleTail = options.fileType == .caf && encoding == .ima4
        bytes.reserveCapacity(1 << 20)
        let provisional: [UInt8]
        do { provisional = try ContainerWriter.header(layout, totals: DataTotals()) } catch { throw AudioFileError(path, .container(error)) }
        file = try AtomicOutputFile(path: path)
        try file.write(provisional)
    }

    /// Takes the next block of source frames, which starts at source frame `position`.
    func consume(_ input: SampleBuffer, at position: Int64) throws(AudioFileError) {
        try chain.consume(input, at: position) { (b: SampleBuffer) throws(AudioFileError) in try emit(b) }
    }

    /// Flushes the resampler and the encoder and writes the final header; the file stays under its temporary name.
    func finish() throws(AudioFileError) -> ConversionReport {
        try chain.finish { (b: SampleBuffer) throws(AudioFileError) in try emit(b) }
        encoder.finish(into: &bytes, appleTail: appleTail)
        let totals = encoder.totals
        bytes += ContainerWriter.trailer(layout, totals: totals)
        try file.write(bytes)
        bytes.removeAll()
        let header: [UInt8]
        do { header = try ContainerWriter.header(layout, totals: totals) } catch { throw AudioFileError(output.path, .container(error)) }
        try file.write(header, at: 0)
        return ConversionReport(source: source, outputPath: output.path, layout: layout, totals: totals)
    }

    private func emit(_ b: SampleBuffer) throws(AudioFileError) {
        encoder.encode(b, into: &bytes)
        if bytes.count >= 1 << 19 { try file.write(bytes); bytes.removeAll(keepingCapacity: true) }
    }
}

/// `-c`: mono from many by averaging, many from mono by copying; 5.1 to stereo by ITU-R BS.775 (LFE dropped);
/// otherwise output channel k is the average of input channels k, k+M, k+2M, … (fewer) or a copy of k mod N (more).
enum ChannelMixer {
    static func mix(_ input: SampleBuffer, into out: inout SampleBuffer, scratch src: inout [Double]) {
        let n = input.channels, m = out.channels, frames = input.frames
        out.kind = .float
        out.frames = frames
        out.reserve(frames: frames)
        input.doubles(into: &src)
        let weights = matrix(from: n, to: m)
        src.withUnsafeBufferPointer { s in
            out.floats.withUnsafeMutableBufferPointer { d in
                for f in 0..<frames {
                    for k in 0..<m {
                        var acc = 0.0
                        for (j, w) in weights[k] { acc += w * s[f * n + j] }
                        d[f * m + k] = acc
                    }
                }
            }
        }
    }

    static func matrix(from n: Int, to m: Int) -> [[(Int, Double)]] {
        if n == 6 && m == 2 {
            let c = 0.5.squareRoot(), g = 1 / (1 + 2 * c)
            return [[(0, g), (2, c * g), (4, c * g)], [(1, g), (2, c * g), (5, c * g)]]
        }
        if m < n {
            return (0..<m).map { k in
                let sources = Array(stride(from: k, to: n, by: m))
                return sources.map { ($0, 1 / Double(sources.count)) }
            }
        }
        return (0..<m).map { k in [(k % n, 1.0)] }
    }
}
