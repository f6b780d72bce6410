import SoundKitCodecs
import SoundKitContainers

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
    static func outputChannels(
        _ options: ConversionOptions, _ source: SourceInfo, path: String
    ) throws(AudioFileError) -> Int {
        let n = options.channels ?? source.channels
        guard AudioLimits.channels.contains(n) else { throw AudioFileError(path, .conversion(.outputChannels(n))) }
        return n
    }

    /// Checks the options' channels, rate, trim and gain for the output at `path`; `encoding` (when known) picks
    /// the resampler's recipe.
    init(source: SourceInfo, options: ConversionOptions, encoding: AudioEncoding?, path: String) throws(AudioFileError)
    {
        self.source = source
        outChannels = try Self.outputChannels(options, source, path: path)
        let outRate = options.sampleRate ?? source.sampleRate
        guard outRate.isFinite, AudioLimits.sampleRates.contains(outRate) else {
            throw AudioFileError(path, .conversion(.outputSampleRate(outRate)))
        }
        if let t = options.trim, !(t > 0) || !t.isFinite { throw AudioFileError(path, .conversion(.trim(t))) }
        if let g = options.gain, !LoudnessTarget.gains.contains(g) { throw AudioFileError(path, .conversion(.gain(g))) }
        factor = options.gain.map(amplitude(decibels:)) ?? 1
        if outRate != source.sampleRate {
            var wide = false
            if case .pcm(let p)? = encoding { wide = p.bits > 16 }
            resampler = try Resampler(
                from: source.sampleRate, to: outRate, channels: outChannels,
                recipe: options.resampling.recipe(wide: wide), path: source.path)
        } else {
            resampler = nil
        }
        // Trimming: stop at `limit` source frames, fading linearly to silence over the last `fade` when the sound
        // is really cut (the frame count of some compressed sources is an estimate, so it only decides the fade,
        // never where reading stops).
        limit = options.trim.map { Converter.frameCount(seconds: $0, rate: source.sampleRate) }
        fade =
            limit.map {
                $0 < source.frames
                    ? Swift.min($0, Converter.frameCount(seconds: options.fadeOut, rate: source.sampleRate)) : 0
            } ?? 0
        mixed = SampleBuffer(kind: .float, channels: outChannels)
        resampled = SampleBuffer(kind: .float, channels: outChannels)
        amplified = SampleBuffer(kind: .float, channels: outChannels)
    }

    /// Takes the next block of source frames, which starts at source frame `position`, and hands what it makes of
    /// it to `sink`.
    func consume(
        _ input: SampleBuffer, at position: Int64, into sink: (SampleBuffer) throws(AudioFileError) -> Void
    ) throws(AudioFileError) {
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

    private func emit(
        _ b: SampleBuffer, into sink: (SampleBuffer) throws(AudioFileError) -> Void
    ) throws(AudioFileError) {
        guard factor != 1 else { return try sink(b) }
        b.doubles(into: &amplified.floats)
        amplified.frames = b.frames
        for i in 0..<b.sampleCount { amplified.floats[i] *= factor }
        try sink(amplified)
    }

    private func resample(
        _ b: SampleBuffer?, _ r: Resampler, into sink: (SampleBuffer) throws(AudioFileError) -> Void
    ) throws(AudioFileError) {
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

extension Converter {
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

    /// Whole frames in `seconds` at `rate`, rounded down and clamped to 0...Int64.max (negative and NaN give 0):
    /// never a trap, whatever the caller passes.
    static func frameCount(seconds: Double, rate: Double) -> Int64 {
        let frames = (seconds * rate).rounded(.down)
        guard frames > 0 else { return 0 }
        return frames < 0x1p63 ? Int64(frames) : .max
    }
}
