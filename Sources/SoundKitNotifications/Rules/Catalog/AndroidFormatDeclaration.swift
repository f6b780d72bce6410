/// `android-format`.
enum AndroidFormatDeclaration: RuleDeclaration {
    static let rule = Rule.androidFormat
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.error]
    static let summary =
        "Android: a sound Android does not play (CAF, AIFF, or a WAV that is not PCM); Ogg Vorbis, or a 16-bit PCM WAV for both platforms"
    static let basis = Rule.Basis.android
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"res/raw/chime.caf in an Android project"#)
        ],
        nonTriggering: [
            .described(#"soundkit convert tone.wav res/raw/chime.wav -f WAVE -d LEI16"#)
        ])
}
