/// `shadowed`.
enum ShadowedRule: RuleDeclaration {
    static let rule = Rule.shadowed
    static let family = Rule.Family.names
    static let severities: [Severity] = [.note]
    static let summary =
        "the same sound name in several places; the first in the platform's search order wins (macOS goes on to ~/Library/Sounds, /Library/Sounds, /Network/Library/Sounds, /System/Library/Sounds)"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .resolve("chime.caf", appContainer: "Container", bundle: "Demo.app"),
                .sound("Container/Library/Sounds/chime.caf"),
                .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]), .sound("Demo.app/chime.caf"))
        ],
        nonTriggering: [
            .tree(
                .resolve("chime.caf", appContainer: "Container", bundle: "Demo.app"),
                .sound("Container/Library/Sounds/ding.caf"),
                .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]), .sound("Demo.app/chime.caf"))
        ])
}
