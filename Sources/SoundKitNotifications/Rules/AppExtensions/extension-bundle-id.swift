/// `extension-bundle-id`.
/// Apple DTS, developer forums thread 101754: "the app extension's bundle identifier must be prefixed by the
/// app's bundle identifier"; Xcode's "Embedded binary's bundle identifier is not prefixed …" and the
/// installer's "illegal bundle identifier" refuse it.
enum ExtensionBundleIDRule: RuleDeclaration {
    static let rule = Rule.extensionBundleID
    static let family = Rule.Family.appExtensions
    static let severities: [Severity] = [.error]
    static let summary =
        "an extension whose CFBundleIdentifier does not start with the app's and a dot (build settings such as $(PRODUCT_BUNDLE_IDENTIFIER) are not judged)"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist(
                    "Demo.app/PlugIns/Service.appex/Info.plist",
                    ServiceExtensionRule.service("com.other.service")))
        ],
        nonTriggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist(
                    "Demo.app/PlugIns/Service.appex/Info.plist",
                    ServiceExtensionRule.service("com.example.demo.service")))
        ])
}
