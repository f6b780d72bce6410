import SoundKitCodecs
import SoundKitContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A sound's loudness by ITU-R BS.1770-4 and EBU R 128 (EBU Tech 3341/3342), as libebur128 measures it. Every
/// figure is finite or nil: a silent sound has no peak in decibels, a sound shorter than one gating block no
/// integrated loudness.
public struct Loudness: Hashable, Sendable {
    /// Integrated loudness in LUFS (gated at −70 LUFS and 10 LU below the ungated level); nil with
    /// `integratedReason` when no 400 ms block passes the gates.
    public var integrated: Double?
    package var integratedReason: Unmeasured?
    /// Loudness range in LU: the spread of the 3 s short-term loudness (0 for sounds shorter than two short-term
    /// blocks); nil when ``integrated`` is.
    public var range: Double?
    /// The largest true (inter-sample) peak of any channel in dBTP, from 4× oversampling below 96 kHz (2× below
    /// 192 kHz); nil for digital silence, and when only a ceiling was asked about (`truePeakAtMost`).
    public var truePeak: Double?
    /// The largest sample of any channel in dBFS; nil for digital silence.
    public var samplePeak: Double?
    /// Set, with ``truePeak`` nil, when the meter was only asked whether the true peak passes a ceiling and it does
    /// not: the true peak is at most this many dBTP (the samples were too far under it to need oversampling).
    package var truePeakAtMost: Double?

    /// Why there is no integrated loudness.
    package enum Unmeasured: String, Codable, Hashable, Sendable, CustomStringConvertible {
        /// Shorter than 0.4 s, one gating block.
        case tooShort = "too-short"
        /// Every 400 ms block is below the −70 LUFS absolute gate: silence, or nearly.
        case belowGate = "below-gate"

        package var description: String {
            switch self {
            case .tooShort: return "shorter than 0.4 s, too short to gate"
            case .belowGate: return "every 400 ms block is below the −70 LUFS gate (silence)"
            }
        }
    }

    package init(
        integrated: Double?, integratedReason: Unmeasured? = nil, range: Double?, truePeak: Double?, samplePeak: Double?
    ) {
        self.integrated = integrated
        self.integratedReason = integratedReason
        self.range = range
        self.truePeak = truePeak
        self.samplePeak = samplePeak
    }
}

extension Loudness: Codable {
    enum CodingKeys: String, CodingKey { case integrated, integratedReason, range, truePeak, samplePeak }

    /// Writes `null` for a missing figure (a consumer sees it was measured and is absent), the reason only when
    /// there is one.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(integrated, forKey: .integrated)
        try c.encodeIfPresent(integratedReason, forKey: .integratedReason)
        try c.encode(range, forKey: .range)
        try c.encode(truePeak, forKey: .truePeak)
        try c.encode(samplePeak, forKey: .samplePeak)
    }
}

/// Measures ``Loudness`` while a sound streams through, any number of channels (SoundKitCodecs'
/// `LoudnessMeasurement`). Channels are weighted by their position: from the WAVE channel mask when the file has
/// one, else the default layout for the count (5.1 is L R C LFE Ls Rs); LFE is left out and the surround channels
/// count 1.41 times.
public final class LoudnessMeter {
    private var measurement: LoudnessMeasurement
    private let path: String
    private let channels: Int
    private let sampleRate: Double
    private let truePeakCeiling: Double?
    private var frames: Int64 = 0
    private var scratch: [Double] = []

    /// A meter for `channels` channels at `sampleRate` Hz; `path` names the sound in errors. With
    /// `truePeakCeiling` (dBTP), the meter only has to tell whether the true peak is above it: stretches whose
    /// samples cannot interpolate past it are not oversampled, and a true peak found at most there is reported as
    /// ``Loudness/truePeakAtMost`` instead of ``Loudness/truePeak``.
    package init(
        sampleRate: Double, channels: Int, channelMask: UInt32? = nil, path: String, truePeakCeiling: Double? = nil
    ) throws(AudioFileError) {
        self.path = path
        guard sampleRate.isFinite, AudioLimits.sampleRates.contains(sampleRate), sampleRate == sampleRate.rounded(),
            AudioLimits.channels.contains(channels)
        else {
            throw AudioFileError(
                path,
                .decoder(library: Self.name, message: "cannot measure \(channels) channels at \(sampleRate) Hz"))
        }
        measurement = LoudnessMeasurement(
            sampleRate: sampleRate, weights: Self.weights(channels: channels, mask: channelMask))
        self.channels = channels
        self.sampleRate = sampleRate
        self.truePeakCeiling = truePeakCeiling.flatMap { $0.isFinite ? $0 : nil }
        if let ceiling = self.truePeakCeiling {
            // A hair under the ceiling's amplitude, so that rounding in pow never lets a stretch above it through.
            measurement.truePeakSkipBelow = amplitude(decibels: ceiling) * (1 - 1e-9)
        }
    }

    /// A meter for what `reader` delivers.
    package convenience init(for source: SourceInfo, truePeakCeiling: Double? = nil) throws(AudioFileError) {
        try self.init(
            sampleRate: source.sampleRate, channels: source.channels, channelMask: source.channelMask,
            path: source.path, truePeakCeiling: truePeakCeiling)
    }

    /// The name errors give the meter.
    static let name = "the loudness meter"

    /// Each channel's weight by its position. A mask names channels in bit order; channels it does not name count
    /// as front channels (weight 1), LFE as 0, the surround and side pairs as 1.41.
    static func weights(channels: Int, mask: UInt32?) -> [Double] {
        let m = mask ?? OutputLayout.defaultChannelMask(channels)
        var out: [Double] = []
        for bit in 0..<32 where m & (1 << UInt32(bit)) != 0 && out.count < channels {
            switch bit {
            case 3: out.append(0)  // LFE
            case 4, 5: out.append(1.41)  // back left and right (110°)
            case 9, 10: out.append(1.41)  // side left and right (90°)
            default: out.append(1)  // the front pair, centre, back centre, the pair beside centre, top
            }
        }
        while out.count < channels { out.append(1) }
        return out
    }

    /// Adds the frames of `buffer`, which must have the meter's channel count.
    package func add(_ buffer: SampleBuffer) throws(AudioFileError) {
        guard buffer.channels == channels else {
            throw AudioFileError(
                path,
                .decoder(
                    library: Self.name, message: "a block of \(buffer.channels) channels for a meter of \(channels)"))
        }
        guard buffer.frames > 0 else { return }
        let n = buffer.frames
        if buffer.kind == .float {
            buffer.floats.withUnsafeBufferPointer { measurement.add($0, frames: n) }
        } else {
            buffer.doubles(into: &scratch)
            scratch.withUnsafeBufferPointer { measurement.add($0, frames: n) }
        }
        frames += Int64(n)
    }

    /// The loudness of everything added so far.
    package var result: Loudness {
        let integrated = measurement.integratedEnergy.flatMap { Self.lufs($0) }
        var range: Double?
        if integrated != nil {
            if let e = measurement.rangeEnergies, let high = Self.lufs(e.high), let low = Self.lufs(e.low) {
                range = high - low
            } else {
                range = 0
            }
        }
        let reason: Loudness.Unmeasured? =
            integrated != nil ? nil : Double(frames) < 0.4 * sampleRate ? .tooShort : .belowGate
        var truePeak = Self.decibels(measurement.truePeak)
        var atMost: Double?
        if measurement.truePeakSkipped, let ceiling = truePeakCeiling,
            measurement.truePeak <= measurement.truePeakSkipBelow
        {
            truePeak = nil
            atMost = ceiling
        }
        var l = Loudness(
            integrated: integrated, integratedReason: reason, range: range,
            truePeak: truePeak, samplePeak: Self.decibels(measurement.samplePeak))
        l.truePeakAtMost = atMost
        return l
    }

    /// The loudness in LUFS of a mean K-weighted energy: 10·log10(energy) − 0.691 (BS.1770), nil unless finite.
    static func lufs(_ energy: Double) -> Double? {
        guard energy > 0, energy.isFinite else { return nil }
        return 10 * log10(energy) - 0.691
    }

    /// 20·log10(x) for a positive finite amplitude, else nil.
    static func decibels(_ amplitude: Double) -> Double? {
        guard amplitude > 0, amplitude.isFinite else { return nil }
        return 20 * log10(amplitude)
    }

    /// The loudness of the sound file at `path`, decoding all of it.
    public static func measure(_ path: String) throws(AudioFileError) -> Loudness {
        try measure(try InputFile(path: path))
    }

    /// The loudness of a source already open (a file, or bytes in memory), decoding all of it.
    package static func measure(_ input: InputFile) throws(AudioFileError) -> Loudness {
        let reader = try AudioInput.open(input)
        let meter = try LoudnessMeter(for: reader.info)
        try SamplePass(reader).forEach { block, _ throws(AudioFileError) in try meter.add(block) }
        return meter.result
    }
}

/// A file's loudness, or why there is none (soundkit cannot decode it, the file breaks off): what `info`, `check` and the report show.
package enum LoudnessReading: Hashable, Sendable {
    case measured(Loudness)
    case unavailable(String)

    package var value: Loudness? {
        if case .measured(let l) = self { return l }
        return nil
    }

    package var unavailable: String? {
        if case .unavailable(let why) = self { return why }
        return nil
    }

    /// Measures the file `description` describes, decoding all of it; a file soundkit cannot decode is not opened.
    package static func measure(_ description: AudioFileDescription) -> LoudnessReading {
        guard description.decodable else { return .unavailable("soundkit cannot decode \(description.format)") }
        do { return .measured(try LoudnessMeter.measure(description.path)) } catch {
            return .unavailable(error.message)
        }
    }

    /// `-23.0 LUFS integrated, 4.2 LU range, -1.0 dBTP true peak, -1.3 dBFS sample peak`.
    package var summary: String {
        switch self {
        case .unavailable(let why): return "unavailable (\(why))"
        case .measured(let l):
            let integrated =
                l.integrated.map { "\(decimal($0, 1)) LUFS integrated" }
                ?? "no integrated loudness (\(l.integratedReason?.description ?? "not measured"))"
            var parts = [integrated]
            if let r = l.range { parts.append("\(decimal(r, 1)) LU range") }
            if let t = l.truePeak {
                parts.append("\(decimal(t, 1)) dBTP true peak")
            } else if let most = l.truePeakAtMost {
                parts.append("true peak at most \(decimal(most, 1)) dBTP")
            } else {
                parts.append("no peak (digital silence)")
            }
            if let s = l.samplePeak { parts.append("\(decimal(s, 1)) dBFS sample peak") }
            return parts.joined(separator: ", ")
        }
    }
}

/// The amplitude factor of a gain in decibels.
func amplitude(decibels: Double) -> Double { pow(10, decibels / 20) }

/// `value` with `places` decimals (at most 6), rounded half away from zero, without Foundation; "nan", "inf" and
/// magnitudes past 10^12 are written as Swift writes them.
package func decimal(_ value: Double, _ places: Int) -> String {
    let p = Swift.max(0, Swift.min(places, 6))
    var scale = 1.0
    for _ in 0..<p { scale *= 10 }
    guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
    let r = (abs(value) * scale).rounded()
    let whole = Int64(r / scale)
    var frac = String(Int64(r - Double(whole) * scale))
    while frac.count < p { frac = "0" + frac }
    return (value < 0 && r != 0 ? "-" : "") + String(whole) + (p > 0 ? "." + frac : "")
}
