/// `extension-plist`.
enum ExtensionPlistDeclaration: RuleDeclaration {
    static let rule = Rule.extensionPlist
    static let family = Rule.Family.appExtensions
    static let severities: [Severity] = [.error]
    static let summary =
        "an app extension's Info.plist (PlugIns/X.appex/Info.plist; Contents/PlugIns/X.appex/Contents/Info.plist in a macOS app) missing, malformed, or without NSExtension and its point identifier"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"Demo.app/PlugIns/Content.appex/Info.plist without NSExtension"#)
        ],
        nonTriggering: [
            .described(#"Xcode's Notification Content Extension template, built"#)
        ])
}
