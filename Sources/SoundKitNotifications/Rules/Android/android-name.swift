/// `android-name`.
enum AndroidNameRule: RuleDeclaration {
    static let rule = Rule.androidName
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.error]
    static let summary =
        "Android: a res/raw name aapt2 refuses (capitals, hyphens, spaces, a leading digit, a Java keyword: [a-z][a-z0-9_]*), in a project or named by a payload's Android sound field"
    static let basis = Rule.Basis.android
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"message":{"android":{"notification":{"sound":"My-Sound","channel_id":"c"}}}}"#),
            .tree(.check("app"), .sound("app/src/main/res/raw/My-Sound.wav", .wav)),
        ],
        nonTriggering: [
            .payload(#"{"message":{"android":{"notification":{"sound":"my_sound","channel_id":"c"}}}}"#),
            .tree(.check("app"), .sound("app/src/main/res/raw/my_sound.wav", .wav)),
        ])
}
