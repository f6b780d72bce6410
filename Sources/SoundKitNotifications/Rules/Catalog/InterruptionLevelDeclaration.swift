/// `interruption-level`.
enum InterruptionLevelDeclaration: RuleDeclaration {
    static let rule = Rule.interruptionLevel
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error, .note]
    static let summary =
        "aps.interruption-level other than passive, active, time-sensitive or critical; critical without a critical sound, or a critical sound at another level, is a note"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"alert":"Hi","interruption-level":"urgent"}}"#)
        ],
        nonTriggering: [
            .payload(#"{"aps":{"alert":"Ready","interruption-level":"time-sensitive","relevance-score":0.75}}"#)
        ])
}
