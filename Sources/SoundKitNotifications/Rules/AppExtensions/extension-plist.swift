/// `extension-plist`.
enum ExtensionPlistRule: RuleDeclaration {
    static let rule = Rule.extensionPlist
    static let family = Rule.Family.appExtensions
    static let severities: [Severity] = [.error]
    static let summary =
        "an app extension's Info.plist (PlugIns/X.appex/Info.plist; Contents/PlugIns/X.appex/Contents/Info.plist in a macOS app) missing, malformed, or without NSExtension and its point identifier"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist("Demo.app/PlugIns/Content.appex/Info.plist", ["CFBundleIdentifier": "com.example.demo.content"])),
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .text("Demo.app/PlugIns/Content.appex/Info.plist", "<plist><dict><key>NSExtension</key>")),
        ],
        nonTriggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist("Demo.app/PlugIns/Content.appex/Info.plist", ContentExtensionRule.template))
        ])
}
