/// `service-extension`.
enum ServiceExtensionDeclaration: RuleDeclaration {
    static let rule = Rule.serviceExtension
    static let family = Rule.Family.appExtensions
    static let severities: [Severity] = [.error]
    static let summary = "a notification service extension without NSExtensionPrincipalClass"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"a notification service extension's NSExtension without NSExtensionPrincipalClass"#)
        ],
        nonTriggering: [
            .described(#"Xcode's Notification Service Extension template, built"#)
        ])
}
