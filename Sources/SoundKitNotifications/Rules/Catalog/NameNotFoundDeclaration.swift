/// `name-not-found`.
enum NameNotFoundDeclaration: RuleDeclaration {
    static let rule = Rule.nameNotFound
    static let family = Rule.Family.names
    static let severities: [Severity] = [.error, .note]
    static let summary =
        "a sound name the app does not ship (other case, other extension: did you mean …); a note when no location was given"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"sound":"chime.caf"}}"#),
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"update","content-state":{"a":1},"alert":{"title":"t","body":"b","sound":"chime.aiff"}}}"#
            ),
        ],
        nonTriggering: [
            .payload(#"{"aps":{"sound":"default"}}"#),
            .payload(#"{"aps":{"alert":"Hello"}}"#),
        ])
}
