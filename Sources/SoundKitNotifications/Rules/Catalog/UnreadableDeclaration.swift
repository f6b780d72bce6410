/// `unreadable`.
enum UnreadableDeclaration: RuleDeclaration {
    static let rule = Rule.unreadable
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.error]
    static let summary = "the file cannot be read: empty, truncated, random or broken"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("chime.caf", .noise))
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime.caf"))
        ])
}
