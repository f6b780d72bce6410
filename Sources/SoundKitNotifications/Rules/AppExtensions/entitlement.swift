/// `entitlement`.
/// Apple: UNAuthorizationOptions.criticalAlert ("requires a special entitlement issued by Apple"),
/// UNNotificationInterruptionLevel.timeSensitive (the Time Sensitive Notifications capability), and the
/// aps-environment entitlement reference (the push capability); ../shared/docs/FIELD.md counts it common.
enum EntitlementRule: RuleDeclaration {
    static let rule = Rule.entitlement
    static let family = Rule.Family.appExtensions
    static let severities: [Severity] = [.error, .note]
    static let summary =
        "a payload asking for a critical alert or a time-sensitive notification the app's profile (or --entitlements) does not grant; a note when the app has no aps-environment"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .payload("critical.json", entitlements: "App.entitlements"),
                .text(
                    "critical.json",
                    #"{"aps":{"alert":"Door open","interruption-level":"critical","sound":{"critical":1,"name":"default","volume":1.0}}}"#
                ),
                .plist("App.entitlements", ["aps-environment": "production"])),
            .tree(
                .check("Demo.app", entitlements: "App.entitlements"),
                .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist("App.entitlements", ["com.apple.security.application-groups": ["group.com.example.demo"]])),
        ],
        nonTriggering: [
            .tree(
                .payload("critical.json", entitlements: "App.entitlements"),
                .text(
                    "critical.json",
                    #"{"aps":{"alert":"Door open","interruption-level":"critical","sound":{"critical":1,"name":"default","volume":1.0}}}"#
                ),
                .plist(
                    "App.entitlements",
                    [
                        "aps-environment": "production",
                        "com.apple.developer.usernotifications.critical-alerts": true,
                    ])),
            .tree(
                .check("Demo.app", entitlements: "App.entitlements"),
                .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist("App.entitlements", ["aps-environment": "production"])),
        ])
}
