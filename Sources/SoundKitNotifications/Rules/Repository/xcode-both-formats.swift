/// `xcode-both-formats`.
/// Xcode 27.2's JSON project format replaces `project.pbxproj` with `project.xcproj`; Xcode refuses to open a project
/// that holds both (SOURCE-TREES.md §1.8, [2nd]: the xcproj skill document), so a stale copy is a broken checkout.
enum XcodeBothFormatsRule: RuleDeclaration {
    static let rule = Rule.xcodeBothFormats
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.error]
    static let summary =
        "an .xcodeproj holding both project.pbxproj and project.xcproj (Xcode 27's JSON format), which Xcode refuses to open: delete the one that is stale"
    static let basis = Rule.Basis.documentation
    static let citation: String? =
        "https://developer.apple.com/documentation/xcode/updating-your-xcode-project-configuration-file-format"
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."), ExampleProject.ios(files: ["alarm.caf"], resources: ["alarm.caf"]),
                .text("ios/Runner.xcodeproj/project.xcproj", "{ targets: [] }\n"), .sound("ios/Runner/alarm.caf"))
        ],
        nonTriggering: [
            .tree(
                .repository("."), ExampleProject.ios(files: ["alarm.caf"], resources: ["alarm.caf"]),
                .sound("ios/Runner/alarm.caf"))
        ])
}
