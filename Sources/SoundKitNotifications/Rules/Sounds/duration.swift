import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `duration`: 30 seconds or longer (exactly 30 too) plays the default sound; measured on the played length.
package struct DurationRule: SoundRule {
    package static let rule = Rule.duration
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.error]
    package static let summary =
        "a played length of 30 s or more (CAF pakt, WAV fact, AIFF-C ima4 packets × 64); exactly 30 s fails"
    package static let basis = Rule.Basis.field
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("long.caf", seconds: 30, sampleRate: 8000))
        ],
        nonTriggering: [
            .sounds(ExampleSound("ok.caf", seconds: 29.9, sampleRate: 8000))
        ])

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
