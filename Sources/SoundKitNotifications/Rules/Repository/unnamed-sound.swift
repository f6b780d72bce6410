/// `unnamed-sound`.
/// A sound an app only plays in-app (AVAudioPlayer, a ringtone preview) is not a notification sound; holding it to
/// the notification rules gave false errors (issue 42). In a tree with notification code, only named sounds are.
enum UnnamedSoundRule: RuleDeclaration {
    static let rule = Rule.unnamedSound
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.note]
    static let summary =
        "an audio file that no code, config or payload in a tree with notification code names: not held to the notification rules (list it under sounds: in .soundkit.yml to have it checked: no folder name decides, since apps keep in-app sounds in folders named Sounds too)"
    static let basis = Rule.Basis.tool
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."),
                ExampleProject.ios(files: ["alarm.caf", "preview.caf"], resources: ["alarm.caf", "preview.caf"]),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#), .sound("ios/Runner/alarm.caf"),
                .sound("ios/Runner/preview.caf"))
        ],
        nonTriggering: [
            .tree(
                .repository("."), ExampleProject.ios(files: ["alarm.caf"], resources: ["alarm.caf"]),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#), .sound("ios/Runner/alarm.caf"))
        ])
}
