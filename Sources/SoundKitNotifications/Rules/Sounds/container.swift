import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `container`: only aiff, wav and caf are played; judged by the bytes, never by the name.
package struct ContainerRule: SoundRule {
    package static let rule = Rule.container
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.error, .warning]
    package static let summary =
        "not CAF, AIFF or WAV by its bytes (RIFX too); RF64, or a WAV whose size fields are a streaming writer's placeholder, is a warning"
    package static let basis = Rule.Basis.field
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("chime.caf", .mp3)),
            .sounds(ExampleSound("chime.wav", .rf64)),
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime.caf")),
            .sounds(ExampleSound("chime.aiff", .aiff)),
            .sounds(ExampleSound("chime.wav", .wav)),
        ])

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
