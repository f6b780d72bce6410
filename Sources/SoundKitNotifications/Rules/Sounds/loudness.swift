import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `loudness`: with `--loudness`: a sound off the team's integrated loudness.
package struct LoudnessRule: SoundRule {
    package static let rule = Rule.loudness
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.warning, .note]
    package static let summary = "with --loudness TARGET[±TOL] (e.g. -16±1): integrated loudness off target (EBU R 128)"
    package static let basis = Rule.Basis.advice
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("loud.caf", seconds: 2, signal: .tone(peak: -5)), loudness: LoudnessGoal(target: -16))
        ],
        nonTriggering: [
            .sounds(
                ExampleSound("chime.caf", seconds: 2, signal: .tone(peak: -13)), loudness: LoudnessGoal(target: -16))
        ])

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
