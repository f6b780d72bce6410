/// `subfolder`.
/// Apple, Bundle Programming Guide › Bundle Structures: an iOS (and iPadOS, watchOS, visionOS) app keeps its
/// resources at the top of the bundle, a macOS app (Mac Catalyst too) at the top of Contents/Resources;
/// UNNotificationSound.init(named:) searches "the main bundle" on every platform it names.
enum SubfolderDeclaration: RuleDeclaration {
    static let rule = Rule.subfolder
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning, .error]
    static let summary =
        "a sound below the top of a bundle's resources (the top level; a macOS or Mac Catalyst app's Contents/Resources), where Apple documents none and the system does not find it by its name; an error when a payload's name resolves only there"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .sound("Demo.app/Sounds/chime.caf"))
        ],
        nonTriggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .sound("Demo.app/chime.caf"))
        ])
}
