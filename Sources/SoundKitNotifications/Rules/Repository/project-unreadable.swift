/// `project-unreadable`.
/// Every public pbxproj parser broke on Xcode 16's new object kinds (SOURCE-TREES.md §1.10, §3.7): what soundkit cannot
/// read is said, and never fails the run.
enum ProjectUnreadableRule: RuleDeclaration {
    static let rule = Rule.projectUnreadable
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.note]
    static let summary =
        "a project file soundkit could not read, or read past in part (an unknown object kind, a path it cannot resolve, a generated project that is not committed): the names that depend on it are checked as far as it was read"
    static let basis = Rule.Basis.tool
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."), .text("ios/Runner.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { ;\n"),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#), .sound("ios/Runner/alarm.caf"))
        ],
        nonTriggering: [
            .tree(
                .repository("."), ExampleProject.ios(files: ["alarm.caf"], resources: ["alarm.caf"]),
                ExampleProject.swift(named: #"UNNotificationSoundName("alarm.caf")"#), .sound("ios/Runner/alarm.caf"))
        ])
}
