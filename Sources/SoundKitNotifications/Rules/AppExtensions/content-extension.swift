/// `content-extension`.
enum ContentExtensionRule: RuleDeclaration {
    static let rule = Rule.contentExtension
    static let family = Rule.Family.appExtensions
    static let severities: [Severity] = [.error, .warning]
    static let summary =
        "a content extension without its NSExtensionAttributes keys, or with keys of the wrong type; an initial content size ratio of 0 is a warning"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist(
                    "Demo.app/PlugIns/Content.appex/Info.plist",
                    [
                        "CFBundleIdentifier": "com.example.demo.content",
                        "NSExtension": [
                            "NSExtensionPointIdentifier": "com.apple.usernotifications.content-extension",
                            "NSExtensionMainStoryboard": "MainInterface",
                            "NSExtensionAttributes": ["UNNotificationExtensionInitialContentSizeRatio": 1],
                        ],
                    ]))
        ],
        nonTriggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist("Demo.app/PlugIns/Content.appex/Info.plist", template))
        ])

    /// The Info.plist of Xcode's Notification Content Extension template, built.
    static let template: ExamplePlist = [
        "CFBundleIdentifier": "com.example.demo.content",
        "NSExtension": [
            "NSExtensionPointIdentifier": "com.apple.usernotifications.content-extension",
            "NSExtensionMainStoryboard": "MainInterface",
            "NSExtensionAttributes": [
                "UNNotificationExtensionCategory": "myNotificationCategory",
                "UNNotificationExtensionInitialContentSizeRatio": 1,
            ],
        ],
    ]
}
