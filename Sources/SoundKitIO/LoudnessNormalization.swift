import SoundKitContainers

/// `--normalize`: the integrated loudness an output should have, and the true-peak ceiling the gain may not push
/// it past.
public struct LoudnessTarget: Sendable, Hashable {
    /// LUFS, −70 to 0.
    public var integrated: Double
    /// dBTP, −70 to 0; −1 by default (EBU R 128's maximum true peak for distribution is −1 dBTP).
    public var ceiling: Double

    public init(integrated: Double, ceiling: Double = -1) {
        self.integrated = integrated
        self.ceiling = ceiling
    }

    /// The loudness and ceiling values soundkit accepts.
    public static let levels: ClosedRange<Double> = -70...0
    /// The gains soundkit applies, in dB (`--gain`, and what normalising may need).
    public static let gains: ClosedRange<Double> = -100...100
    /// How far from the target a normalised output may measure.
    public static let tolerance = 0.5
}

/// What normalising did to one output.
public struct Normalization: Sendable, Hashable {
    public var target: LoudnessTarget
    /// The output's loudness before any gain: after trimming, channel mixing and resampling, before encoding.
    public var before: Loudness
    /// The gain applied, in dB.
    public var gain: Double
    /// The written file, decoded and measured.
    public var after: Loudness
    /// Whether the true-peak ceiling held the gain back.
    public var limitedByCeiling: Bool

    /// Set when the output is not within ``LoudnessTarget/tolerance`` of the target: the loudness reached and why.
    public var note: String? {
        guard let reached = after.integrated else { return nil }
        if abs(reached - target.integrated) <= LoudnessTarget.tolerance { return nil }
        let short = "reached \(decimal(reached, 1)) LUFS instead of \(decimal(target.integrated, 1)) LUFS"
        if limitedByCeiling { return "\(short): the \(decimal(target.ceiling, 1)) dBTP true-peak ceiling stopped it (true peak \(after.truePeak.map { decimal($0, 1) } ?? "?") dBTP)" }
        return "\(short): the encoding's noise moved it"
    }
}

extension Converter {
    /// Normalising: measures the source as the output will be (trimmed, mixed, resampled) in a first pass, applies
    /// the gain that reaches the target, capped so the true peak stays under the ceiling, then decodes and measures
    /// what was written; when encoding noise (IMA4, µLaw) or the encoder's clamping moved it more than the
    /// tolerance, or pushed the true peak over the ceiling, it converts once more with the gain corrected. The
    /// source is read again by its path for each pass.
    static func normalize(_ reader: any AudioReader, to output: String, options: ConversionOptions, target: LoudnessTarget,
                          channelMask: UInt32?, wide: Bool) throws(AudioFileError) -> ConversionReport {
        guard LoudnessTarget.levels.contains(target.integrated), LoudnessTarget.levels.contains(target.ceiling) else {
            throw AudioFileError(output, .conversion(.loudnessTarget(target.integrated, ceiling: target.ceiling)))
        }
        let source = reader.info
        let channels = options.channels ?? source.channels, rate = options.sampleRate ?? source.sampleRate
        var plain = options
        plain.normalize = nil
        plain.gain = nil
        let meter = try LoudnessMeter(sampleRate: rate, channels: channels, channelMask: channelMask, path: source.path)
        try render(reader, options: plain, channels: channels, rate: rate, wide: wide) { (b: SampleBuffer) throws(AudioFileError) in try meter.add(b) }
        let before = meter.result
        guard let level = before.integrated else {
            throw AudioFileError(source.path, .conversion(.loudnessUnmeasurable(before.integratedReason ?? .belowGate)))
        }

        var gain = target.integrated - level
        var limited = false
        func cap(peakAt peak: Double?) {
            if let peak, peak > target.ceiling { gain -= peak - target.ceiling; limited = true }
        }
        cap(peakAt: before.truePeak.map { $0 + gain })
        func write() throws(AudioFileError) -> (ConversionReport, Loudness) {
            plain.gain = Swift.min(Swift.max(gain, LoudnessTarget.gains.lowerBound), LoudnessTarget.gains.upperBound)
            let report = try convert(try AudioInput.open(source.path), to: output, options: plain)
            return (report, try LoudnessMeter.measure(output))
        }
        var (report, after) = try write()
        if let reached = after.integrated {
            let off = !limited && abs(reached - target.integrated) > LoudnessTarget.tolerance
            let over = after.truePeak.map { $0 > target.ceiling } ?? false
            if off || over {
                if off { gain += target.integrated - reached }
                cap(peakAt: after.truePeak.map { $0 + (off ? target.integrated - reached : 0) })
                (report, after) = try write()
            }
        }
        report.normalization = Normalization(target: target, before: before, gain: gain, after: after, limitedByCeiling: limited)
        return report
    }
}
