import SoundKitContainers

/// `--normalize`: the integrated loudness an output should have, and the true-peak ceiling the gain may not push
/// it past.
public struct LoudnessTarget: Codable, Sendable, Hashable {
    /// LUFS, −70 to 0.
    public var integrated: Double
    /// dBTP, −70 to 0; −1 by default (EBU R 128's maximum true peak for distribution is −1 dBTP).
    public var ceiling: Double

    /// A target of `integrated` LUFS whose gain keeps the true peak under `ceiling` dBTP.
    public init(integrated: Double, ceiling: Double = -1) {
        self.integrated = integrated
        self.ceiling = ceiling
    }

    /// The loudness and ceiling values soundkit accepts.
    @_spi(SoundKitServe) public static let levels: ClosedRange<Double> = -70...0
    /// The gains soundkit applies, in dB (`--gain`, and what normalising may need).
    package static let gains: ClosedRange<Double> = -100...100
    /// How far from the target a normalised output may measure.
    package static let tolerance = 0.5
}

/// What normalising did to one output.
public struct Normalization: Codable, Sendable, Hashable {
    package var target: LoudnessTarget
    /// The output's loudness before any gain: after trimming, channel mixing and resampling, before encoding.
    public var before: Loudness
    /// The gain applied, in dB.
    public var gain: Double
    /// The written file, decoded and measured.
    public var after: Loudness
    /// Whether the true-peak ceiling held the gain back.
    package var limitedByCeiling: Bool

    /// Set when the output is not within `tolerance` of the target: the loudness reached and why.
    package var note: String? {
        guard let reached = after.integrated else { return nil }
        if abs(reached - target.integrated) <= LoudnessTarget.tolerance { return nil }
        let short = "reached \(decimal(reached, 1)) LUFS instead of \(decimal(target.integrated, 1)) LUFS"
        if limitedByCeiling {
            return
                "\(short): the \(decimal(target.ceiling, 1)) dBTP true-peak ceiling stopped it (true peak \(after.truePeak.map { decimal($0, 1) } ?? "?") dBTP)"
        }
        return "\(short): the encoding's noise moved it"
    }
}

extension Converter {
    /// Normalising one output: measures the source as the output will be (trimmed, mixed, resampled) in a first
    /// pass, applies the gain that reaches the target, capped so the true peak stays under the ceiling, then decodes
    /// and measures what was written, still under its temporary name; when encoding noise (IMA4, µLaw) or the
    /// encoder's clamping moved it more than the tolerance, or pushed the true peak over the ceiling, it writes it
    /// once more with the gain corrected. Each pass reads the reader's source from its beginning again (the open
    /// file, or the bytes in memory: never reopened by path).
    static func normalize(
        _ reader: any AudioReader, output: ConversionOutput, to target: LoudnessTarget,
        flush: Bool
    ) throws(AudioFileError) -> Pending {
        let input = reader.source
        let source = reader.info
        guard LoudnessTarget.levels.contains(target.integrated), LoudnessTarget.levels.contains(target.ceiling) else {
            throw AudioFileError(output.path, .conversion(.loudnessTarget(target.integrated, ceiling: target.ceiling)))
        }
        var plain = output.options
        plain.normalize = nil
        plain.gain = nil
        let before = try loudness(of: input, as: plain, path: output.path)
        guard let level = before.integrated else {
            throw AudioFileError(source.path, .conversion(.loudnessUnmeasurable(before.integratedReason ?? .belowGate)))
        }

        var gain = target.integrated - level
        var limited = false
        func cap(peakAt peak: Double?) {
            if let peak, peak > target.ceiling {
                gain -= peak - target.ceiling
                limited = true
            }
        }
        cap(peakAt: before.truePeak.map { $0 + gain })
        func write() throws(AudioFileError) -> (Pending, Loudness) {
            plain.gain = Swift.min(Swift.max(gain, LoudnessTarget.gains.lowerBound), LoudnessTarget.gains.upperBound)
            var again = output
            again.options = plain
            let written = try encode(try AudioInput.open(input), outputs: [again], flush: false)
            guard let pending = written.first else { throw AudioFileError(output.path, .system(.write, .ioError)) }
            do throws(AudioFileError) {
                return (pending, try LoudnessMeter.measure(try pending.written.input(named: output.path)))
            } catch {
                pending.written.discard()
                throw error
            }
        }
        var (pending, after) = try write()
        if let reached = after.integrated {
            let off = !limited && abs(reached - target.integrated) > LoudnessTarget.tolerance
            let over = after.truePeak.map { $0 > target.ceiling } ?? false
            if off || over {
                if off { gain += target.integrated - reached }
                cap(peakAt: after.truePeak.map { $0 + (off ? target.integrated - reached : 0) })
                try pending.written.remove()
                (pending, after) = try write()
            }
        }
        if flush, let file = pending.written.file {
            do throws(AudioFileError) { try PendingFile.flush([file]) } catch {
                pending.written.discard()
                throw error
            }
        }
        pending.report.normalization = Normalization(
            target: target, before: before, gain: gain, after: after,
            limitedByCeiling: limited)
        return pending
    }

    /// The loudness of `source` as the output at `path` written with `options` will have it: trimmed, mixed and
    /// resampled, before any gain or encoding. Reads `input` again from its beginning.
    static func loudness(
        of input: InputFile, as options: ConversionOptions,
        path: String
    ) throws(AudioFileError) -> Loudness {
        let reader = try AudioInput.open(input)
        let source = reader.info
        let channels = try FrameChain.outputChannels(options, source, path: path)
        let encoding = try resolveEncoding(options, source: source, channels: channels)
        let chain = try FrameChain(source: source, options: options, encoding: encoding, path: path)
        let mask = chain.outChannels == source.channels ? source.channelMask : nil
        let meter = try LoudnessMeter(
            sampleRate: options.sampleRate ?? source.sampleRate, channels: chain.outChannels,
            channelMask: mask, path: source.path)
        let add = { (b: SampleBuffer) throws(AudioFileError) in try meter.add(b) }
        let pass = SamplePass(reader, limit: chain.limit)
        try pass.forEach { block, position throws(AudioFileError) in try chain.consume(block, at: position, into: add) }
        try chain.finish(into: add)
        return meter.result
    }
}
