/// `subfolder`.
enum SubfolderDeclaration: RuleDeclaration {
    static let rule = Rule.subfolder
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning, .error]
    static let summary =
        "a sound below a bundle's top level, where Apple documents none and iOS does not find it by its name; an error when a payload's name resolves only there"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"Demo.app/Sounds/chime.caf (below the bundle's top level)"#)
        ],
        nonTriggering: [
            .described(#"Demo.app/chime.caf"#)
        ])
}
