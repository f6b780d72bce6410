/// `android-duplicate`.
enum AndroidDuplicateRule: RuleDeclaration {
    static let rule = Rule.androidDuplicate
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.error]
    static let summary =
        "Android: two files of one res/raw with the same name and different extensions, which aapt2 refuses"
    static let basis = Rule.Basis.android
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .check("app"), .sound("app/src/main/res/raw/chime.wav", .wav),
                .sound("app/src/main/res/raw/chime.mp3", .mp3))
        ],
        nonTriggering: [
            .tree(
                .check("app"), .sound("app/src/main/res/raw/chime.wav", .wav),
                .sound("app/src/main/res/raw/ding.mp3", .mp3))
        ])
}
