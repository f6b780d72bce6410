/// `mutable-content`.
enum MutableContentDeclaration: RuleDeclaration {
    static let rule = Rule.mutableContent
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error, .warning]
    static let summary =
        "an attachment without aps.mutable-content as the number 1 (a warning for FCM's notification.image, for true or \"1\", or when no attachment is named)"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"alert":"Photo"},"ab":{"att":{"url":"https://example.com/a.jpg","type":"jpg"}}}"#)
        ],
        nonTriggering: [
            .payload(
                #"{"aps":{"alert":"Photo","mutable-content":1},"ab":{"att":{"url":"https://example.com/a.jpg","type":"jpg"}}}"#
            )
        ])
}
