/// `codec`.
enum CodecDeclaration: RuleDeclaration {
    static let rule = Rule.codec
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.error, .note]
    static let summary =
        "anything but Linear PCM, IMA4, µLaw or aLaw — AAC, ALAC, MP3, Opus, FLAC hiding in .caf or .wav; IMA ADPCM in WAV is a note"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"ffmpeg -i tone.wav -c:a aac chime.caf (AAC in CAF)"#)
        ],
        nonTriggering: [
            .described(#"soundkit convert tone.wav chime.caf -d ulaw"#)
        ])
}
