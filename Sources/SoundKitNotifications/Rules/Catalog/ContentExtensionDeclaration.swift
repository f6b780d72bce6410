/// `content-extension`.
enum ContentExtensionDeclaration: RuleDeclaration {
    static let rule = Rule.contentExtension
    static let family = Rule.Family.appExtensions
    static let severities: [Severity] = [.error, .warning]
    static let summary =
        "a content extension without its NSExtensionAttributes keys, or with keys of the wrong type; an initial content size ratio of 0 is a warning"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"a content extension's NSExtensionAttributes without UNNotificationExtensionCategory"#)
        ],
        nonTriggering: [
            .described(#"Xcode's Notification Content Extension template, built"#)
        ])
}
