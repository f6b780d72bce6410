/// `no-service-extension`.
enum NoServiceExtensionDeclaration: RuleDeclaration {
    static let rule = Rule.noServiceExtension
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.warning]
    static let summary =
        "with --bundle: an attachment or mutable-content for an app without a notification service extension"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(
                #"soundkit payload photo.json --bundle Demo.app, where photo.json names an attachment and Demo.app has no PlugIns/*.appex with com.apple.usernotifications.service"#
            )
        ],
        nonTriggering: [
            .described(#"the same with Demo.app/PlugIns/Service.appex declaring com.apple.usernotifications.service"#)
        ])
}
