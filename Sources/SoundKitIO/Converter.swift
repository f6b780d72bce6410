import SoundKitCodecs
import SoundKitContainers

/// How to convert: afconvert's `-f`, `-d`, `@RATE` and `-c`, plus soundkit's choices.
public struct ConversionOptions: Sendable {
    /// One of ``ContainerKind/writable``.
    public var fileType: ContainerKind
    /// `nil`: keep the source's linear PCM layout when the file type holds it, else 16-bit PCM.
    public var encoding: AudioEncoding?
    public var sampleRate: Double?
    public var channels: Int?
    /// Pad the header so audio starts at byte 4096, as afconvert does (`--no-filler` turns it off).
    public var filler: Bool
    public var imaSearch: IMA4Encoder.Search
    /// Keep at most this many seconds, ending with a fade-out of ``fadeOut`` seconds (only when trimmed).
    public var trim: Double?
    public var fadeOut: Double
    /// Decibels to multiply the audio by before it is encoded (`--gain`); samples past full scale are clamped.
    public var gain: Double?
    /// Bring the output to this integrated loudness (`--normalize`); replaces ``gain``.
    public var normalize: LoudnessTarget?

    public init(fileType: ContainerKind, encoding: AudioEncoding? = nil, sampleRate: Double? = nil, channels: Int? = nil,
                filler: Bool = true, imaSearch: IMA4Encoder.Search = .packet, trim: Double? = nil, fadeOut: Double = 0.25,
                gain: Double? = nil, normalize: LoudnessTarget? = nil) {
        self.fileType = fileType
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.channels = channels
        self.filler = filler
        self.imaSearch = imaSearch
        self.trim = trim
        self.fadeOut = fadeOut
        self.gain = gain
        self.normalize = normalize
    }
}

/// What a conversion wrote.
public struct ConversionReport: Sendable {
    public var source: SourceInfo
    public var outputPath: String
    public var layout: OutputLayout
    public var totals: DataTotals
    /// What ``ConversionOptions/normalize`` did.
    public var normalization: Normalization?
}

public enum Converter {
    static let chunkFrames = 16384

    /// The encoding `options` asks for, checked against the file type and channel count.
    public static func resolveEncoding(_ options: ConversionOptions, source: SourceInfo, channels: Int) throws(AudioFileError) -> AudioEncoding {
        let type = options.fileType
        guard type.isWritable else { throw AudioFileError(source.path, .container(.unsupported(.fileType(type)))) }
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
    public static func defaultOutputPath(input: String, fileType: ContainerKind, rateChanged: Double?, bitsChanged: Int?) -> String {
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
        if FileSystem.isSameFile(input, output) { throw AudioFileError(output, .outputIsInput) }
        let reader = try AudioInput.open(input)
        return try convert(reader, to: output, options: options)
    }

    @discardableResult
    public static func convert(_ reader: any AudioReader, to output: String, options: ConversionOptions) throws(AudioFileError) -> ConversionReport {
        let source = reader.info
        if FileSystem.isSameFile(source.path, output) { throw AudioFileError(output, .outputIsInput) }
        if FileSystem.isDirectory(output) { throw AudioFileError(output, .outputIsDirectory) }
        let outChannels = options.channels ?? source.channels
        guard AudioLimits.channels.contains(outChannels) else { throw AudioFileError(output, .conversion(.outputChannels(outChannels))) }
        let outRate = options.sampleRate ?? source.sampleRate
        guard outRate.isFinite, AudioLimits.sampleRates.contains(outRate) else { throw AudioFileError(output, .conversion(.outputSampleRate(outRate))) }
        if let t = options.trim, !(t > 0) || !t.isFinite { throw AudioFileError(output, .conversion(.trim(t))) }
        if let g = options.gain, !(LoudnessTarget.gains.contains(g)) { throw AudioFileError(output, .conversion(.gain(g))) }
        let encoding = try resolveEncoding(options, source: source, channels: outChannels)
        let format = OutputLayout.streamFormat(encoding, sampleRate: outRate, channels: outChannels, fileType: options.fileType)
        let mask = outChannels == source.channels ? source.channelMask : nil
        let layout = OutputLayout(fileType: options.fileType, format: format, filler: options.filler, channelMask: mask)
        guard var encoder = StreamEncoder(format: format, imaSearch: options.imaSearch) else {
            throw AudioFileError(output, .conversion(.encoder(encoding)))
        }
        let wide: Bool
        switch encoding { case .pcm(let p): wide = p.bits > 16; default: wide = false }
        if let target = options.normalize {
            return try normalize(reader, to: output, options: options, target: target, channelMask: mask, wide: wide)
        }

        let file = try AtomicOutputFile(path: output)
        do {
            let provisional = try ContainerWriter.header(layout, totals: DataTotals())
            try file.write(provisional)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1 << 20)
            try render(reader, options: options, channels: outChannels, rate: outRate, wide: wide) { (b: SampleBuffer) throws(AudioFileError) in
                encoder.encode(b, into: &bytes)
                if bytes.count >= 1 << 19 { try file.write(bytes); bytes.removeAll(keepingCapacity: true) }
            }
            // Apple's ima4 CAF files end with a padding packet even when the length is a whole number of
            // packets (remainder 64); the packet table keeps it out of the played length.
            encoder.finish(into: &bytes, appleTail: options.fileType == .caf && encoding == .ima4)
            let totals = encoder.totals
            bytes += ContainerWriter.trailer(layout, totals: totals)
            try file.write(bytes)
            try file.write(try ContainerWriter.header(layout, totals: totals), at: 0)
            try file.commit()
            return ConversionReport(source: source, outputPath: output, layout: layout, totals: totals)
        } catch let e as ContainerError {
            file.discard()
            throw AudioFileError(output, .container(e))
        } catch let e as AudioFileError {
            file.discard()
            throw e
        } catch {
            file.discard()
            throw AudioFileError(output, .system(.write, .ioError))
        }
    }

    /// Reads `reader` to its end through trimming, channel mixing, resampling and ``ConversionOptions/gain``,
    /// handing each block of output frames to `sink`.
    static func render(_ reader: any AudioReader, options: ConversionOptions, channels outChannels: Int, rate outRate: Double, wide: Bool,
                       into sink: (SampleBuffer) throws(AudioFileError) -> Void) throws(AudioFileError) {
        let source = reader.info
        var resampler: Resampler?
        if outRate != source.sampleRate {
            resampler = try Resampler(from: source.sampleRate, to: outRate, channels: outChannels, quality: wide ? .veryHigh : .high, path: source.path)
        }
        var input = SampleBuffer(kind: source.kind, channels: source.channels)
        var mixed = SampleBuffer(kind: .float, channels: outChannels)
        var resampled = SampleBuffer(kind: .float, channels: outChannels)
        var amplified = SampleBuffer(kind: .float, channels: outChannels)
        var scratch: [Double] = []
        let factor = options.gain.map(amplitude(decibels:)) ?? 1

        func emit(_ b: SampleBuffer) throws(AudioFileError) {
            guard factor != 1 else { return try sink(b) }
            b.doubles(into: &amplified.floats)
            amplified.frames = b.frames
            for i in 0..<b.sampleCount { amplified.floats[i] *= factor }
            try sink(amplified)
        }
        func resample(_ b: SampleBuffer?, _ r: Resampler) throws(AudioFileError) {
            resampled.floats.removeAll(keepingCapacity: true)
            if let b {
                b.doubles(into: &scratch)
                try AudioFileError.rethrown(source.path) {
                    try scratch.withUnsafeBufferPointer { p in
                        if let base = p.baseAddress { try r.process(base, frames: b.frames, into: &resampled.floats) }
                    }
                }
            } else {
                try r.process(nil, frames: 0, into: &resampled.floats)
            }
            resampled.frames = resampled.floats.count / outChannels
            try emit(resampled)
        }

        // Trimming: stop at `limit` source frames, fading linearly to silence over the last `fade` when the
        // sound is really cut (the frame count of some compressed sources is an estimate, so it only decides
        // the fade, never where reading stops).
        let limit = options.trim.map { frameCount(seconds: $0, rate: source.sampleRate) }
        let fade = limit.map { $0 < source.frames ? Swift.min($0, frameCount(seconds: options.fadeOut, rate: source.sampleRate)) : 0 } ?? 0
        var position: Int64 = 0
        while try reader.read(into: &input, maxFrames: limit.map { Int(Swift.min(Int64(chunkFrames), $0 - position)) } ?? chunkFrames) > 0 {
            if let limit, fade > 0, position + Int64(input.frames) > limit - fade {
                Self.fade(&input, from: position, fadeStart: limit - fade, length: fade)
            }
            position += Int64(input.frames)
            var block = input
            if outChannels != source.channels {
                ChannelMixer.mix(input, into: &mixed, scratch: &scratch)
                block = mixed
            }
            if let r = resampler { try resample(block, r) } else { try emit(block) }
        }
        if let r = resampler { try resample(nil, r) }
    }

    /// Whole frames in `seconds` at `rate`, rounded down and clamped to 0...Int64.max (negative and NaN give 0):
    /// never a trap, whatever the caller passes.
    static func frameCount(seconds: Double, rate: Double) -> Int64 {
        let frames = (seconds * rate).rounded(.down)
        guard frames > 0 else { return 0 }
        return frames < 0x1p63 ? Int64(frames) : .max
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
