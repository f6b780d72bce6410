import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `unreadable`: the file cannot be read at all: not a sound, truncated, or broken.
package struct UnreadableRule: SoundRule {
    package static let rule = Rule.unreadable
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.error]
    package static let summary = "the file cannot be read: empty, truncated, random or broken"
    package static let basis = Rule.Basis.field
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("chime.caf", .noise))
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime.caf"))
        ])

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
