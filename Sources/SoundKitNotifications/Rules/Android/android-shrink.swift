/// `android-shrink`.
enum AndroidShrinkRule: RuleDeclaration {
    static let rule = Rule.androidShrink
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning]
    static let summary =
        "Android: resource shrinking on (shrinkResources) and no keep file (tools:keep) keeping res/raw's sounds, which a release build may strip"
    static let basis = Rule.Basis.android
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(.check("app"), .text("app/build.gradle", shrinking), .sound("app/src/main/res/raw/chime.wav", .wav))
        ],
        nonTriggering: [
            .tree(
                .check("app"), .text("app/build.gradle", shrinking), .sound("app/src/main/res/raw/chime.wav", .wav),
                .text(
                    "app/src/main/res/raw/keep.xml",
                    #"<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/*" />"#))
        ])

    /// A module's build.gradle that shrinks resources in release builds, as Android's documentation shows it.
    static let shrinking =
        "android {\n  buildTypes {\n    release {\n      minifyEnabled true\n      shrinkResources true\n    }\n  }\n}\n"
}
