import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `name-policy`: one name for iOS and Android (res/raw wants `[a-z][a-z0-9_]*`).
package struct NamePolicyRule: SoundRule {
    package static let rule = Rule.namePolicy
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.warning]
    package static let summary = "with --name-policy: a name Android's res/raw refuses ([a-z][a-z0-9_]*)"
    package static let basis = Rule.Basis.advice
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("Chime-Loud.caf"), namePolicy: true)
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime_loud.caf"), namePolicy: true),
            .sounds(ExampleSound("Chime-Loud.caf")),
        ])

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
