/// `entitlement`.
/// Apple: UNAuthorizationOptions.criticalAlert ("requires a special entitlement issued by Apple"),
/// UNNotificationInterruptionLevel.timeSensitive (the Time Sensitive Notifications capability), and the
/// aps-environment entitlement reference (the push capability); ../shared/docs/FIELD.md counts it common.
enum EntitlementDeclaration: RuleDeclaration {
    static let rule = Rule.entitlement
    static let family = Rule.Family.appExtensions
    static let severities: [Severity] = [.error, .note]
    static let summary =
        "a payload asking for a critical alert or a time-sensitive notification the app's profile (or --entitlements) does not grant; a note when the app has no aps-environment"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(
                #"soundkit payload critical.json --entitlements App.entitlements, where critical.json has interruption-level critical and the entitlements lack com.apple.developer.usernotifications.critical-alerts"#
            )
        ],
        nonTriggering: [
            .described(#"the same with com.apple.developer.usernotifications.critical-alerts true"#)
        ])
}
