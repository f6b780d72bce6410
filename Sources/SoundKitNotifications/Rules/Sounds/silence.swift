import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `silence`: all-zero files play nothing; long leading silence or a very low level reads as "no sound".
package struct SilenceRule: SoundRule {
    package static let rule = Rule.silence
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.warning, .error]
    package static let summary =
        "all-zero audio, which iOS plays as nothing (a \"None\" sound), more than 200 ms of leading silence or a peak below −20 dBFS; no audio at all (0 frames) is an error"
    package static let basis = Rule.Basis.field
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("quiet.caf", signal: .silence))
        ],
        nonTriggering: [
            .sounds(ExampleSound("beep.caf"))
        ])

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
