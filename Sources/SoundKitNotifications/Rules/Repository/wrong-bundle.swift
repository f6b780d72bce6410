/// `wrong-bundle`.
/// Apple names only the main bundle (and Library/Sounds) as searched (UNNotificationSound.init(named:)); a file that
/// only an extension, a framework or a resource bundle carries lands in another bundle. No thread shows one played
/// or not, so a warning (SOURCE-TREES.md §1.3, §5.2 check 5).
enum WrongBundleRule: RuleDeclaration {
    static let rule = Rule.wrongBundle
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.warning]
    static let summary =
        "a sound name whose file only an app extension, a watch app, a framework or a resource bundle carries, not the app: Apple documents the main bundle as the place searched"
    static let basis = Rule.Basis.documentation
    static let citation: String? = "UNNotificationSound.init(named:); GetStream stream-video-swift#757 (Bundle.module)"
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."),
                ExampleProject.ios(files: ["alarm.caf"], resources: [], extensionResources: ["alarm.caf"]),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#), .sound("ios/Runner/alarm.caf"))
        ],
        nonTriggering: [
            .tree(
                .repository("."),
                ExampleProject.ios(files: ["alarm.caf"], resources: ["alarm.caf"], extensionResources: ["alarm.caf"]),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#), .sound("ios/Runner/alarm.caf"))
        ])
}
