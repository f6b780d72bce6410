/// `codec`.
enum CodecDeclaration: RuleDeclaration {
    static let rule = Rule.codec
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.error, .warning, .note]
    static let summary =
        "anything but Linear PCM, IMA4, µLaw or aLaw — ALAC, MP3, Opus, FLAC hiding in .caf or .wav; AAC LC in CAF is a warning (it plays, undocumented); IMA ADPCM in WAV is a note"
    static let basis = Rule.Basis.field
    static let citation: String? =
        "AAC LC in CAF ships as push sounds and plays: Finb/Bark's Sounds/*.caf (its `sound=` parameter; Finb/Bark#345), linphone-iphone's msg.caf"
    static let examples = RuleExamples(
        triggering: [
            .sounds(.coded("chime.caf", "alac")),
            .sounds(.coded("chime.caf", ".mp3")),
            // Words: the warning needs AAC the checker decodes, and the tests' writer makes no AAC packets (zeroed
            // ones do not decode); FFmpegInputTests.aacInCAF writes one with ffmpeg and holds it to the warning.
            .described(#"AAC LC in CAF, as Bark ships its push sounds (a warning)"#),
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime.caf"))
        ])
}
