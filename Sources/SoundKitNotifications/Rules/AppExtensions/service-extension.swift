/// `service-extension`.
enum ServiceExtensionRule: RuleDeclaration {
    static let rule = Rule.serviceExtension
    static let family = Rule.Family.appExtensions
    static let severities: [Severity] = [.error]
    static let summary = "a notification service extension without NSExtensionPrincipalClass"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist(
                    "Demo.app/PlugIns/Service.appex/Info.plist",
                    [
                        "CFBundleIdentifier": "com.example.demo.service",
                        "NSExtension": ["NSExtensionPointIdentifier": "com.apple.usernotifications.service"],
                    ]))
        ],
        nonTriggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist("Demo.app/PlugIns/Service.appex/Info.plist", service("com.example.demo.service")))
        ])

    /// The Info.plist of Xcode's Notification Service Extension template, built, with this bundle identifier and
    /// deployment target.
    static func service(_ id: String, minimumOS: String = "15.0") -> ExamplePlist {
        [
            "CFBundleIdentifier": .string(id), "MinimumOSVersion": .string(minimumOS),
            "NSExtension": [
                "NSExtensionPointIdentifier": "com.apple.usernotifications.service",
                "NSExtensionPrincipalClass": "Service.NotificationService",
            ],
        ]
    }
}
