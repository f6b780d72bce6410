/// `shadowed`.
enum ShadowedDeclaration: RuleDeclaration {
    static let rule = Rule.shadowed
    static let family = Rule.Family.names
    static let severities: [Severity] = [.note]
    static let summary =
        "the same sound name in several places; the first in the platform's search order wins (macOS goes on to ~/Library/Sounds, /Library/Sounds, /Network/Library/Sounds, /System/Library/Sounds)"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(
                #"chime.caf in both the app container's Library/Sounds and Demo.app, with --app-container and --bundle"#
            )
        ],
        nonTriggering: [
            .described(#"chime.caf only in Demo.app"#)
        ])
}
