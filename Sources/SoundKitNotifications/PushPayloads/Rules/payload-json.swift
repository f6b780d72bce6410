/// `payload-json`.
enum PayloadJSONRule: RuleDeclaration {
    static let rule = Rule.payloadJSON
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error]
    static let summary = "the payload is not valid JSON (line and column)"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"sound":"chime.caf",}}"#),
            .payload(#"{"aps":"#),
        ],
        nonTriggering: [
            .payload(#"{"aps":{"sound":"chime.caf"}}"#)
        ])
}
