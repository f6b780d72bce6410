/// `asset-catalog`.
/// An asset catalog is compiled into `Assets.car`: no loose file is left for `UNNotificationSound(named:)` to find
/// (awesome_notifications_fcm#65, NetNewsWire#3705 on NSDataAsset against UNNotificationSound).
enum AssetCatalogRule: RuleDeclaration {
    static let rule = Rule.assetCatalog
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.error]
    static let summary =
        "a sound name that matches only a file inside an asset catalog (.xcassets), which the build compiles into Assets.car: no file of that name is in the bundle"
    static let basis = Rule.Basis.field
    static let citation: String? = "awesome_notifications_fcm#65; NetNewsWire#3705"
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."), ExampleProject.ios(files: ["Assets.xcassets"], resources: ["Assets.xcassets"]),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#),
                .sound("ios/Runner/Assets.xcassets/alarm.dataset/alarm.caf"))
        ],
        nonTriggering: [
            .tree(
                .repository("."),
                ExampleProject.ios(
                    files: ["Assets.xcassets", "alarm.caf"], resources: ["Assets.xcassets", "alarm.caf"]),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#), .sound("ios/Runner/alarm.caf"))
        ])
}
