import CEBUR128
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
    /// The largest true (inter-sample) peak of any channel in dBTP, from 4× oversampling below 96 kHz; nil for
    /// digital silence.
    public var truePeak: Double?
    /// The largest sample of any channel in dBFS; nil for digital silence.
    public var samplePeak: Double?

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

/// Measures ``Loudness`` while a sound streams through, any number of channels (through libebur128, opened the
/// first time a meter is made). Channels are weighted by their position: from the WAVE channel mask when the file
/// has one, else the default layout for the count (5.1 is L R C LFE Ls Rs); LFE is left out and the surround
/// channels count 1.41 times.
public final class LoudnessMeter {
    private let lib: EBUR128Library
    private var state: EBUR128Library.State?
    private let path: String
    private let channels: Int
    private let sampleRate: Double
    private var frames: Int64 = 0
    private var scratch: [Double] = []

    /// A meter for `channels` channels at `sampleRate` Hz; `path` names the sound in errors.
    package init(sampleRate: Double, channels: Int, channelMask: UInt32? = nil, path: String) throws(AudioFileError) {
        lib = try EBUR128Library.forMeasuring(path)
        self.path = path
        guard sampleRate.isFinite, AudioLimits.sampleRates.contains(sampleRate), sampleRate == sampleRate.rounded(),
            AudioLimits.channels.contains(channels)
        else {
            throw AudioFileError(
                path,
                .decoder(library: "libebur128", message: "cannot measure \(channels) channels at \(sampleRate) Hz"))
        }
        let mode = Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_LRA.rawValue | EBUR128_MODE_TRUE_PEAK.rawValue)
        guard let s = lib.initialize(UInt32(channels), UInt(sampleRate), mode) else {
            throw AudioFileError(
                path,
                .decoder(library: "libebur128", message: "cannot measure \(channels) channels at \(Int(sampleRate)) Hz")
            )
        }
        state = s
        self.channels = channels
        self.sampleRate = sampleRate
        for (index, position) in Self.positions(channels: channels, mask: channelMask).enumerated() {
            _ = lib.setChannel(s, UInt32(index), Int32(position.rawValue))
        }
    }

    /// A meter for what `reader` delivers.
    package convenience init(for source: SourceInfo) throws(AudioFileError) {
        try self.init(
            sampleRate: source.sampleRate, channels: source.channels, channelMask: source.channelMask, path: source.path
        )
    }

    deinit { lib.destroy(&state) }

    /// libebur128's position for each channel. A mask names channels in bit order; channels it does not name
    /// count as front channels (weight 1).
    static func positions(channels: Int, mask: UInt32?) -> [channel] {
        let m = mask ?? OutputLayout.defaultChannelMask(channels)
        var out: [channel] = []
        for bit in 0..<32 where m & (1 << UInt32(bit)) != 0 && out.count < channels {
            switch bit {
            case 0: out.append(EBUR128_LEFT)  // front left
            case 1: out.append(EBUR128_RIGHT)  // front right
            case 3: out.append(EBUR128_UNUSED)  // LFE
            case 4: out.append(EBUR128_LEFT_SURROUND)  // back left (110°)
            case 5: out.append(EBUR128_RIGHT_SURROUND)  // back right
            case 9: out.append(EBUR128_Mp090)  // side left
            case 10: out.append(EBUR128_Mm090)  // side right
            default: out.append(EBUR128_CENTER)  // centre, back centre, the front pair beside centre, top
            }
        }
        while out.count < channels { out.append(EBUR128_CENTER) }
        return out
    }

    /// Adds the frames of `buffer`, which must have the meter's channel count.
    package func add(_ buffer: SampleBuffer) throws(AudioFileError) {
        guard buffer.channels == channels else {
            throw AudioFileError(
                path,
                .decoder(
                    library: "libebur128", message: "a block of \(buffer.channels) channels for a meter of \(channels)")
            )
        }
        guard buffer.frames > 0 else { return }
        if buffer.kind == .float {
            try add(buffer.floats, frames: buffer.frames)
        } else {
            buffer.doubles(into: &scratch)
            try add(scratch, frames: buffer.frames)
        }
    }

    private func add(_ samples: [Double], frames n: Int) throws(AudioFileError) {
        let status = samples.withUnsafeBufferPointer { lib.addFramesDouble(state, $0.baseAddress, n) }
        guard status == 0 else {
            throw AudioFileError(path, .decoder(library: "libebur128", message: "cannot add frames (error \(status))"))
        }
        frames += Int64(n)
    }

    /// The loudness of everything added so far.
    package var result: Loudness {
        var global = -Double.infinity
        var range = 0.0
        _ = lib.loudnessGlobal(state, &global)
        let integrated = global.isFinite ? global : nil
        var lra: Double?
        if integrated != nil, lib.loudnessRange(state, &range) == 0, range.isFinite { lra = range }
        var truePeak = 0.0
        var samplePeak = 0.0
        for c in 0..<channels {
            var t = 0.0
            var s = 0.0
            if lib.truePeak(state, UInt32(c), &t) == 0, t.isFinite { truePeak = Swift.max(truePeak, t) }
            if lib.samplePeak(state, UInt32(c), &s) == 0, s.isFinite { samplePeak = Swift.max(samplePeak, s) }
        }
        let reason: Loudness.Unmeasured? =
            integrated != nil ? nil : Double(frames) < 0.4 * sampleRate ? .tooShort : .belowGate
        return Loudness(
            integrated: integrated, integratedReason: reason, range: lra,
            truePeak: Self.decibels(truePeak), samplePeak: Self.decibels(samplePeak))
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

/// A file's loudness, or why there is none (soundkit cannot decode it, libebur128 is not installed, the file
/// breaks off): what `info`, `check` and the report show.
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
            parts.append(l.truePeak.map { "\(decimal($0, 1)) dBTP true peak" } ?? "no peak (digital silence)")
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
