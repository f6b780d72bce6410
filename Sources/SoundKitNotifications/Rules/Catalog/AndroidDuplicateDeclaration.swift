/// `android-duplicate`.
enum AndroidDuplicateDeclaration: RuleDeclaration {
    static let rule = Rule.androidDuplicate
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.error]
    static let summary =
        "Android: two files of one res/raw with the same name and different extensions, which aapt2 refuses"
    static let basis = Rule.Basis.android
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"res/raw/chime.caf and res/raw/chime.ogg in one project"#)
        ],
        nonTriggering: [
            .described(#"res/raw/chime.ogg alone"#)
        ])
}
