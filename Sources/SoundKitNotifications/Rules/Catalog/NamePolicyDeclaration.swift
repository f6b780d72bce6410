/// `name-policy`.
enum NamePolicyDeclaration: RuleDeclaration {
    static let rule = Rule.namePolicy
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning]
    static let summary = "with --name-policy: a name Android's res/raw refuses ([a-z][a-z0-9_]*)"
    static let basis = Rule.Basis.advice
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("Chime-Loud.caf"), namePolicy: true)
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime_loud.caf"), namePolicy: true),
            .sounds(ExampleSound("Chime-Loud.caf")),
        ])
}
