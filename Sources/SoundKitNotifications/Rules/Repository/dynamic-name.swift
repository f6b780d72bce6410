/// `dynamic-name`.
/// A name built at run time cannot be resolved from the tree; where its literal part already decides it (an `.mp3`
/// suffix named for iOS) the finding is that decision's rule, not this note.
enum DynamicNameRule: RuleDeclaration {
    static let rule = Rule.dynamicName
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.note]
    static let summary =
        "a sound name built at run time (a variable, an interpolated string): not checked; a name whose literal part already decides it (\"\\(tone).mp3\" for iOS) is reported by that rule instead"
    static let basis = Rule.Basis.tool
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."), ExampleProject.ios(files: ["alarm.caf"], resources: ["alarm.caf"]),
                ExampleProject.swift(named: #"UNNotificationSoundName(tone)"#), .sound("ios/Runner/alarm.caf"))
        ],
        nonTriggering: [
            .tree(
                .repository("."), ExampleProject.ios(files: ["alarm.caf"], resources: ["alarm.caf"]),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#), .sound("ios/Runner/alarm.caf"))
        ])
}
