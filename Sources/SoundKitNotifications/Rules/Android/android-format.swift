/// `android-format`.
enum AndroidFormatRule: RuleDeclaration {
    static let rule = Rule.androidFormat
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.error]
    static let summary =
        "Android: a sound Android does not play (CAF, AIFF, or a WAV that is not PCM); Ogg Vorbis, or a 16-bit PCM WAV for both platforms"
    static let basis = Rule.Basis.android
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(.check("app"), .sound("app/src/main/res/raw/chime.caf")),
            .tree(.check("chime.aiff", platform: .android), .sound("chime.aiff", .aiff)),
        ],
        nonTriggering: [
            .tree(.check("app"), .sound("app/src/main/res/raw/chime.wav", .wav)),
            .tree(.check("chime.mp3", platform: .android), .sound("chime.mp3", .mp3)),
        ])
}
