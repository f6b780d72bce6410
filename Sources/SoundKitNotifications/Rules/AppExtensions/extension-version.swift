/// `extension-version`.
/// Apple, Information Property List: MinimumOSVersion is the lowest system a bundle runs on (iOS, iPadOS,
/// visionOS, watchOS), LSMinimumSystemVersion on macOS and Mac Catalyst, and the system does not load an
/// extension below it; FIELD.md lists it among the very common "service extension never runs".
enum ExtensionVersionRule: RuleDeclaration {
    static let rule = Rule.extensionVersion
    static let family = Rule.Family.appExtensions
    static let severities: [Severity] = [.warning]
    static let summary =
        "a notification extension whose MinimumOSVersion (LSMinimumSystemVersion in a macOS app) is above its app's: it never runs on the versions between"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .check("Demo.app"),
                .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo", "MinimumOSVersion": "15.0"]),
                .plist(
                    "Demo.app/PlugIns/Service.appex/Info.plist",
                    ServiceExtensionRule.service("com.example.demo.service", minimumOS: "17.0")))
        ],
        nonTriggering: [
            .tree(
                .check("Demo.app"),
                .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo", "MinimumOSVersion": "15.0"]),
                .plist(
                    "Demo.app/PlugIns/Service.appex/Info.plist",
                    ServiceExtensionRule.service("com.example.demo.service", minimumOS: "15.0")))
        ])
}
