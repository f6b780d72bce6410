/// `not-in-target`.
/// SOURCE-TREES.md §3.1: 19 public threads where a sound sat in the repository but not in the app target's Copy Bundle
/// Resources and iOS played the default sound (flutter_local_notifications#255: "Simply copying the files to the
/// folder outside of Xcode won't be enough").
enum NotInTargetRule: RuleDeclaration {
    static let rule = Rule.notInTarget
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.error]
    static let summary =
        "a sound name the code passes to a notification API whose file is in the repository but in no app target's resources (Copy Bundle Resources, a synchronized folder of the app target): the built app does not carry it and iOS plays the default sound"
    static let basis = Rule.Basis.field
    static let citation: String? =
        "UNNotificationSound.init(named:) searches the main bundle; flutter_local_notifications#255, notifee#426 and 17 more threads (SOURCE-TREES.md §3.1)"
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."), ExampleProject.ios(files: ["alarm.caf"], resources: []),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#), .sound("ios/Runner/alarm.caf"))
        ],
        nonTriggering: [
            .tree(
                .repository("."), ExampleProject.ios(files: ["alarm.caf"], resources: ["alarm.caf"]),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#), .sound("ios/Runner/alarm.caf"))
        ])
}
