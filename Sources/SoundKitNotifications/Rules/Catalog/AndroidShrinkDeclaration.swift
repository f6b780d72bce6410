/// `android-shrink`.
enum AndroidShrinkDeclaration: RuleDeclaration {
    static let rule = Rule.androidShrink
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning]
    static let summary =
        "Android: resource shrinking on (shrinkResources) and no keep file (tools:keep) keeping res/raw's sounds, which a release build may strip"
    static let basis = Rule.Basis.android
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"build.gradle with shrinkResources true and no res/raw/keep.xml keeping the sounds"#)
        ],
        nonTriggering: [
            .described(#"the same with res/raw/keep.xml: tools:keep="@raw/*""#)
        ])
}
