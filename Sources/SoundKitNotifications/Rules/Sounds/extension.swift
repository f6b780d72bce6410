import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `extension`: the extension does not match the bytes (AIFF renamed .caf): it plays, but tools and people are misled.
package struct ExtensionRule: SoundRule {
    package static let rule = Rule.`extension`
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.warning]
    package static let summary = "a sound's extension disagrees with its content (an AIFF named .caf)"
    package static let basis = Rule.Basis.field
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("chime.caf", .aiff)),
            .sounds(ExampleSound("chime.wav", .caf)),
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime.aiff", .aiff)),
            .sounds(ExampleSound("chime.aif", .aiff)),
        ])

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
