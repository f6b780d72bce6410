import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `duration-banner`: longer than about 5 s: playback stops when the banner goes away.
package struct DurationBannerRule: SoundRule {
    package static let rule = Rule.durationBanner
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.warning]
    package static let summary = "longer than 5 s: playback stops when the banner goes away"
    package static let basis = Rule.Basis.field
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("six.caf", seconds: 6, sampleRate: 8000))
        ],
        nonTriggering: [
            .sounds(ExampleSound("two.caf", seconds: 2, sampleRate: 8000))
        ])

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
