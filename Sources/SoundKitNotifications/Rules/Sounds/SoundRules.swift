import SoundKitCodecs
import SoundKitContainers
@_spi(SoundKitServe) import SoundKitIO

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
    @_spi(SoundKitServe) public var jobs = BatchConverter.processorCount
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

/// A rule `soundkit check` runs on each sound file: its declaration and its check, in the file named after its id.
package protocol SoundRule: RuleDeclaration {
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

/// Every rule `soundkit check` runs on a sound file, in report order (``LoudnessSpreadRule`` compares the sounds of
/// a set afterwards).
package let soundRules: [any SoundRule] = [
    UnreadableRule(), ContainerRule(), CodecRule(), DurationRule(), DurationBannerRule(), SilenceRule(), ClippingRule(),
    LoudnessRule(), ExtensionRule(), SubfolderRule(), NamePolicyRule(), ChannelsRateRule(), SizeRule(),
]
