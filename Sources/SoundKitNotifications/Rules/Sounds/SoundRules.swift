import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a rule may need beyond the file itself.
public struct CheckOptions: Sendable {
    /// The `name-policy` rule (one name for iOS and Android's res/raw): off unless asked for.
    public var namePolicy: Bool
    /// The `loudness` rule (every sound's integrated loudness on a team's target): off unless asked for.
    public var loudness: LoudnessGoal?
    /// The `loudness-spread` rule: how many LU a sound may lie from the median of the sounds checked with it.
    public var loudnessSpread: Double
    /// Whether to measure loudness (for `clipping`, `loudness-spread` and `loudness`), which decodes each sound
    /// through soundkit's EBU R 128 meter in the pass that measures its levels.
    public var measureLoudness: Bool
    /// A team's `.soundkit.yml`: the files its `excluded` names are not checked.
    package var configuration: CheckConfiguration?
    /// `--entitlements FILE`: what app bundles are entitled to, instead of their `embedded.mobileprovision`.
    package var entitlements: EntitlementsSource?
    /// `check --platform`: judge every file by this platform's rules; nil: by where the files are (Android's in
    /// `res/raw` folders and Android projects, iOS's elsewhere).
    package var platform: SoundPlatform?
    /// Sounds checked at once (`--jobs`); the report's order does not depend on it.
    package var jobs = BatchConverter.processorCount
    /// Where findings are kept between runs (``ResultCache``); nil checks every sound afresh.
    package var cache: ResultCache?

    /// The options `soundkit check` uses without flags: loudness measured, no target, a spread of 3 LU.
    public init(
        namePolicy: Bool = false, loudness: LoudnessGoal? = nil, loudnessSpread: Double = 3,
        measureLoudness: Bool = true
    ) {
        self.namePolicy = namePolicy
        self.loudness = loudness
        self.loudnessSpread = loudnessSpread
        self.measureLoudness = measureLoudness
    }
}

/// `--loudness TARGET[±TOL]`: the integrated loudness every sound of a set should have.
public struct LoudnessGoal: Sendable, Hashable, CustomStringConvertible {
    /// LUFS.
    public var target: Double
    /// LU either side of the target.
    public var tolerance: Double

    /// A target in LUFS and a tolerance in LU either side.
    public init(target: Double, tolerance: Double = 1) {
        self.target = target
        self.tolerance = tolerance
    }

    /// `-16`, `-16±1`, `-16+-1.5` or `-16+/-2`: a target from −70 to 0 LUFS and a tolerance from 0 to 20 LU.
    package init?(parsing text: String) {
        var parts = [Substring(text)]
        for separator in ["±", "+/-", "+-"] where parts.count == 1 {
            if let r = Substring(text).range(of: separator) { parts = [text[..<r.lowerBound], text[r.upperBound...]] }
        }
        guard let target = Double(parts[0]), LoudnessTarget.levels.contains(target) else { return nil }
        var tolerance = 1.0
        if parts.count == 2 {
            guard let t = Double(parts[1]), (0...20).contains(t) else { return nil }
            tolerance = t
        }
        self.init(target: target, tolerance: tolerance)
    }

    /// `-16.0 LUFS ±1.0 LU`.
    public var description: String { "\(decimal(target, 1)) LUFS ±\(decimal(tolerance, 1)) LU" }
}

/// One rule of Apple's (or of experience), with a stable id.
package protocol SoundRule: Sendable {
    static var rule: Rule { get }
    func check(_ facts: SoundFacts, _ options: CheckOptions) -> [Finding]
}

extension SoundRule {
    func finding(_ severity: Severity, _ message: String, remedy: Remedy? = nil) -> Finding {
        Self.rule.finding(message, severity, remedy: remedy)
    }
}

/// An IMA4 CAF beside the sound; when no decoder here reads it, a WAV exported first.
func convertRemedy(_ f: SoundFacts) -> Remedy {
    Remedy.ima4(for: f.path, undecodable: f.description.flatMap { $0.decodable ? nil : $0.format })
}

func megabytes(_ bytes: Int64) -> String {
    let mb = Double(bytes) / 1_000_000
    return mb >= 10 ? "\(Int(mb.rounded())) MB" : "\(Double(Int((mb * 10).rounded())) / 10) MB"
}

/// The file cannot be read at all: not a sound, truncated, or broken.
package struct UnreadableRule: SoundRule {
    package static let rule = Rule.unreadable
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        if let e = f.readError {
            return [
                finding(
                    .error, "cannot be read as a sound (\(e)); \(f.platformName) would play the default sound instead")
            ]
        }
        if let d = f.description, d.truncated {
            let what = d.warnings.first { $0.hasSuffix("file is truncated") } ?? "file is truncated"
            return [finding(.error, "\(what); the sound may be cut short or not play — export it again")]
        }
        return []
    }
}

/// Only aiff, wav and caf are played; judged by the bytes, never by the name.
package struct ContainerRule: SoundRule {
    package static let rule = Rule.container
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard f.readError == nil else { return [] }
        switch f.sniffed {
        case .wav:
            guard let v = f.description?.sizePlaceholder else { return [] }
            return [
                finding(
                    .warning,
                    "WAV size field is 0x\(String(v, radix: 16, uppercase: true)), a streaming writer's placeholder: every reader plays the audio to the end of the file, but converting rewrites the header with the real sizes",
                    remedy: .ima4(for: f.path))
            ]
        case .caf, .aiff, .aifc: return []
        case .rifx:
            return [
                finding(
                    .error,
                    "file is big-endian RIFX WAVE, which Core Audio does not read; notification sounds must be CAF, AIFF or WAV",
                    remedy: .ima4(for: f.path))
            ]
        case .rf64:
            return [
                finding(
                    .warning, "file is RF64, not one of the documented CAF, AIFF or WAV types",
                    remedy: .ima4(for: f.path))
            ]
        default:
            let what = f.description.map { "\($0.container) (\($0.format))" } ?? f.sniffed.name
            return [
                finding(
                    .error, "file is \(what); notification sounds must be CAF, AIFF or WAV", remedy: convertRemedy(f))
            ]
        }
    }
}

/// Linear PCM, IMA4, µLaw or aLaw only — ALAC, MP3, Opus, FLAC inside a .caf or .wav play the default sound. AAC LC
/// in CAF is a warning: outside Apple's list, but apps ship their push sounds that way and they play.
package struct CodecRule: SoundRule {
    package static let rule = Rule.codec
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let d = f.description, [.caf, .aiff, .aifc, .wav, .rf64].contains(f.sniffed) else { return [] }
        if f.sniffed == .caf, d.formatCode == "aac ", d.decodable {
            return [
                finding(
                    .warning,
                    "data format is \(d.format) in CAF: iOS plays it (apps ship push sounds this way), but Apple documents only Linear PCM, IMA4, µLaw and aLaw",
                    remedy: convertRemedy(f))
            ]
        }
        switch d.encoding {
        case .pcm, .ulaw, .alaw, .ima4:
            return []
        case .imaADPCM:
            return [
                finding(
                    .note,
                    "data format is IMA ADPCM in WAV (Microsoft's tag 0x11); Apple documents IMA4 for notification sounds and IMA4 in CAF is the tested path",
                    remedy: .ima4(for: f.path))
            ]
        case .vorbis, .other:
            return [
                finding(
                    .error, "data format is \(d.encoding); notification sounds must be Linear PCM, IMA4, µLaw or aLaw",
                    remedy: convertRemedy(f))
            ]
        }
    }
}

/// 30 seconds or longer (exactly 30 too) plays the default sound; measured on the played length.
package struct DurationRule: SoundRule {
    package static let rule = Rule.duration
    package static let limit = 30.0
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let d = f.description, d.sampleRate > 0 else { return [] }
        // Exact: frames ≥ 30·rate, not a rounded duration.
        guard Double(d.frames) >= Self.limit * d.sampleRate else { return [] }
        let seconds = Double(Int(d.duration * 1000)) / 1000
        let exactly = Double(d.frames) == Self.limit * d.sampleRate ? " (exactly 30 s also fails)" : ""
        let message =
            "plays for \(seconds) s\(exactly); notification sounds must be shorter than 30 s or \(f.platformName) plays the default sound"
        guard d.decodable else { return [finding(.error, message + " — shorten it below 30 s")] }
        let short = FileSystem.splitExtension(FileSystem.lastComponent(f.path)).base + "-short.caf"
        return [finding(.error, message, remedy: Remedy(convertTo: short).with(trim: 29.5))]
    }
}

/// Longer than about 5 s: playback stops when the banner goes away.
package struct DurationBannerRule: SoundRule {
    package static let rule = Rule.durationBanner
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let d = f.description, d.duration > 5, Double(d.frames) < DurationRule.limit * d.sampleRate else {
            return []
        }
        let seconds = Double(Int(d.duration * 10)) / 10
        return [
            finding(
                .warning,
                "plays for \(seconds) s; playback stops when the banner goes away (about 5 s), so put the important part first"
            )
        ]
    }
}

/// The extension does not match the bytes (AIFF renamed .caf): it plays, but tools and people are misled.
package struct ExtensionRule: SoundRule {
    package static let rule = Rule.extension
    static let expected: [String: Set<ContainerKind>] = [
        "caf": [.caf], "aif": [.aiff, .aifc], "aiff": [.aiff, .aifc], "aifc": [.aifc, .aiff],
        "wav": [.wav, .rifx, .rf64],
    ]
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard f.readError == nil, [.caf, .aiff, .aifc, .wav].contains(f.sniffed) else { return [] }
        guard let want = Self.expected[f.fileExtension] else {
            let ext = f.fileExtension.isEmpty ? "no extension" : "the extension .\(f.fileExtension)"
            return [finding(.warning, "file is \(f.sniffed.name) under \(ext); name it .\(Self.natural(f.sniffed))")]
        }
        guard !want.contains(f.sniffed) else { return [] }
        return [
            finding(
                .warning,
                "file is \(f.sniffed.name) but named .\(f.fileExtension); rename it .\(Self.natural(f.sniffed)) or convert it",
                remedy: .ima4(for: f.path))
        ]
    }

    static func natural(_ t: ContainerKind) -> String {
        switch t {
        case .caf: return "caf"
        case .aiff: return "aiff"
        case .aifc: return "aifc"
        default: return "wav"
        }
    }
}

/// All-zero files play nothing; long leading silence or a very low level reads as "no sound".
package struct SilenceRule: SoundRule {
    package static let rule = Rule.silence
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let l = f.levels, let d = f.description else { return [] }
        if l.peak == 0 {
            guard d.frames > 0 else { return [finding(.error, "holds no audio (0 frames)")] }
            // Apps ship all-zero sounds on purpose, as the "None" choice of a sound picker.
            return [
                finding(
                    .warning,
                    "is digital silence: every sample is zero, so \(f.platformName) plays nothing (fine for a deliberate \"None\" sound)"
                )
            ]
        }
        var out: [Finding] = []
        if l.leadingSilence > 0.2 {
            out.append(
                finding(
                    .warning,
                    "starts with \(Int((l.leadingSilence * 1000).rounded())) ms of silence; the banner may be gone before the sound is heard"
                ))
        }
        let dBFS = 20 * log10(l.peak)
        if dBFS < -20 {
            out.append(
                finding(.warning, "peaks at \(Int(dBFS.rounded())) dBFS; it will be hard to hear (aim above −6 dBFS)"))
        }
        return out
    }
}

/// Large PCM files bloat the app; IMA4 is about 4:1 on 16-bit PCM, µLaw and aLaw 2:1.
package struct SizeRule: SoundRule {
    package static let rule = Rule.size
    static let threshold: Int64 = 200_000
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        // 16 bits or more: where IMA4 (about 4:1) and µLaw/aLaw (2:1) really save space.
        guard let d = f.description, case .pcm(let p) = d.encoding, p.bits >= 16, let bytes = d.dataBytes,
            bytes > Self.threshold
        else { return [] }
        // Saturating: the frame count comes from the file. IMA4 keeps 34 bytes for 64 frames of a channel.
        let ulaw = d.frames.saturatingMultiply(Int64(d.channels))
        let ima = ulaw / 64 * 34
        return [
            finding(
                .note,
                "holds \(megabytes(bytes)) of \(p.bits)-bit PCM; as IMA4 it would be about \(megabytes(ima)), as µLaw \(megabytes(ulaw))",
                remedy: .ima4(for: f.path))
        ]
    }
}

/// One name for iOS and Android (res/raw wants `[a-z][a-z0-9_]*`).
package struct NamePolicyRule: SoundRule {
    package static let rule = Rule.namePolicy
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard o.namePolicy else { return [] }
        let stem = FileSystem.splitExtension(f.fileName).base
        let ok =
            !stem.isEmpty && stem.first!.isASCII && stem.first!.isLowercase
            && stem.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
        guard !ok else { return [] }
        let suggestion = Self.suggest(stem)
        return [
            finding(
                .warning,
                "name '\(stem)' will not work in Android's res/raw; use lowercase letters, digits and _ starting with a letter, e.g. '\(suggestion).\(f.fileExtension)'"
            )
        ]
    }

    static func suggest(_ s: String) -> String {
        var out = ""
        for c in s.lowercased() {
            if c.isASCII && (c.isLetter || c.isNumber) { out.append(c) } else if !out.hasSuffix("_") { out.append("_") }
        }
        while out.hasSuffix("_") { out.removeLast() }
        if let first = out.first, !first.isLetter { out = "sound_" + out }
        return out.isEmpty ? "sound" : out
    }
}

/// More than 2 channels, above 48 kHz, 8-bit: no evidence iOS fails, but worth knowing.
package struct ChannelsRateRule: SoundRule {
    package static let rule = Rule.channelsRate
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let d = f.description, d.encoding.isNotificationCodec else { return [] }
        var what: [String] = []
        if d.channels > 2 { what.append("\(d.channels) channels") }
        if d.sampleRate > 48000 { what.append("\(Int(d.sampleRate)) Hz") }
        if case .pcm(let p) = d.encoding, p.bits == 8 { what.append("8-bit samples") }
        guard !what.isEmpty else { return [] }
        return [
            finding(
                .note,
                "has \(what.joined(separator: ", ")); iOS is not known to fail on this, but mono or stereo at 44.1 kHz or less is the safe choice"
            )
        ]
    }
}

/// A sound in a subfolder of a bundle is never found by name (folder references, Xcode 16 synchronized groups).
package struct SubfolderRule: SoundRule {
    package static let rule = Rule.subfolder
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let sub = f.bundleSubpath else { return [] }
        let top = f.platform == .macos ? "top of a macOS app's Contents/Resources" : "bundle's top level"
        return [
            finding(
                .warning,
                "sits in a subfolder of the bundle (\(sub)); Apple documents notification sounds only at the \(top) and in Library/Sounds (reports disagree on whether \(f.platformName) finds one in a subfolder), so UNNotificationSound(named: \"\(f.fileName)\") will not find it — copy it to the top level (a group, not a folder reference)"
            )
        ]
    }
}

/// A true peak above 0 dBTP distorts between the samples when the sound is played (the DAC's reconstruction, or
/// the resampling to the device's rate, goes past full scale).
package struct ClippingRule: SoundRule {
    package static let rule = Rule.clipping
    /// The true peak, in dBTP, above which a sound is reported. The checker measures the true peak only as far as
    /// telling whether it is above this (a sound with `truePeakAtMost` set is not).
    package static let ceiling = 0.0
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let reading = f.loudness, f.description?.decodable == true else { return [] }
        guard let l = reading.value else {
            return [finding(.note, "true peak not measured: \(reading.unavailable ?? "")")]
        }
        guard let peak = l.truePeak, peak > Self.ceiling else { return [] }
        let sample = l.samplePeak.map { ", sample peak \(decimal($0, 1)) dBFS" } ?? ""
        let gain = -((peak + 1) * 10).rounded(.up) / 10
        return [
            finding(
                .warning,
                "true peak is +\(decimal(peak, 1)) dBTP\(sample): it distorts between samples when played; bring it under -1 dBTP",
                remedy: Remedy.ima4(for: f.path).with(gain: gain))
        ]
    }
}

/// With `--loudness`: a sound off the team's integrated loudness.
package struct LoudnessRule: SoundRule {
    package static let rule = Rule.loudness
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let goal = o.loudness, let reading = f.loudness else { return [] }
        guard let l = reading.value else {
            return [finding(.note, "loudness not measured: \(reading.unavailable ?? "")")]
        }
        guard let integrated = l.integrated else {
            return [
                finding(
                    .note,
                    "has no integrated loudness (\(l.integratedReason?.description ?? "not measured")); judge it against \(goal) by ear"
                )
            ]
        }
        let off = integrated - goal.target
        guard abs(off) > goal.tolerance else { return [] }
        return [
            finding(
                .warning,
                "integrated loudness is \(decimal(integrated, 1)) LUFS, \(decimal(abs(off), 1)) LU \(off > 0 ? "above" : "below") the target \(goal)",
                remedy: Remedy.ima4(for: f.path).with(normalize: goal.target))
        ]
    }
}

/// Sounds checked together that are not equally loud: one alert twice as loud as the others. Each sound more than
/// ``CheckOptions/loudnessSpread`` LU from the median integrated loudness of the set gets a warning.
package struct LoudnessSpreadRule: Sendable {
    package static let rule = Rule.loudnessSpread

    /// Findings by index into `set`; none unless at least two sounds have an integrated loudness.
    package func check(_ set: [SoundFacts], _ o: CheckOptions) -> [Int: [Finding]] {
        check(levels: set.map { ($0.path, $0.loudness?.value?.integrated) }, o)
    }

    /// The same from each sound's path and integrated loudness (LUFS), as the result cache keeps them.
    package func check(levels set: [(path: String, integrated: Double?)], _ o: CheckOptions) -> [Int: [Finding]] {
        let measured = set.indices.compactMap { i in set[i].integrated.map { (i, $0) } }
        guard measured.count >= 2, let median = Self.median(measured.map(\.1)) else { return [:] }
        var out: [Int: [Finding]] = [:]
        for (i, level) in measured where abs(level - median) > o.loudnessSpread {
            let off = level - median
            let louder = off > 0
            out[i] = [
                Self.rule.finding(
                    "integrated loudness is \(decimal(level, 1)) LUFS, \(decimal(abs(off), 1)) LU \(louder ? "above" : "below") the median of the \(measured.count) sounds checked with it (\(decimal(median, 1)) LUFS): it will sound \(louder ? "louder" : "quieter") than the others",
                    remedy: Remedy.ima4(for: set[i].path).with(normalize: (median * 10).rounded() / 10))
            ]
        }
        return out
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let v = values.sorted()
        return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
    }
}

/// Every rule `soundkit check` runs on a sound file, in report order (``LoudnessSpreadRule`` compares the sounds of
/// a set afterwards).
package let soundRules: [any SoundRule] = [
    UnreadableRule(), ContainerRule(), CodecRule(), DurationRule(), DurationBannerRule(), SilenceRule(), ClippingRule(),
    LoudnessRule(), ExtensionRule(), SubfolderRule(), NamePolicyRule(), ChannelsRateRule(), SizeRule(),
]
