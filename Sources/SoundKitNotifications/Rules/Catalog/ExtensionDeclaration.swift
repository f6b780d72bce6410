/// `extension`.
enum ExtensionDeclaration: RuleDeclaration {
    static let rule = Rule.`extension`
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning]
    static let summary = "a sound's extension disagrees with its content (an AIFF named .caf)"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("chime.caf", .aiff)),
            .sounds(ExampleSound("chime.wav", .caf)),
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime.aiff", .aiff)),
            .sounds(ExampleSound("chime.aif", .aiff)),
        ])
}
