/// `runtime-sounds`.
/// iOS searches the app container's and app groups' Library/Sounds before the bundle (UNNotificationSound.init(named:));
/// apps that download sounds there (home-assistant/iOS#2073, Signal-iOS#3064) name files no tree holds.
enum RuntimeSoundsRule: RuleDeclaration {
    static let rule = Rule.runtimeSounds
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.note]
    static let summary =
        "code that builds a path to Library/Sounds, where the app puts sounds at run time: a name not found in the tree may be one of those, so it is a note there, not an error"
    static let basis = Rule.Basis.documentation
    static let citation: String? = "UNNotificationSound.init(named:); home-assistant/iOS#2073"
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."), ExampleProject.ios(files: [], resources: []),
                .text(
                    "ios/Runner/Sounds.swift",
                    "import UserNotifications\n\nlet folder = container.appendingPathComponent(\"Library/Sounds\")\nlet sound = UNNotificationSound(named: UNNotificationSoundName(\"downloaded.caf\"))\n"
                ))
        ],
        nonTriggering: [
            .tree(
                .repository("."), ExampleProject.ios(files: ["alarm.caf"], resources: ["alarm.caf"]),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#), .sound("ios/Runner/alarm.caf"))
        ])
}
