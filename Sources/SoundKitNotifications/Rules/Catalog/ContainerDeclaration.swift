/// `container`.
enum ContainerDeclaration: RuleDeclaration {
    static let rule = Rule.container
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.error, .warning]
    static let summary =
        "not CAF, AIFF or WAV by its bytes (RIFX too); RF64, or a WAV whose size fields are a streaming writer's placeholder, is a warning"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"an MP3 or M4A file renamed chime.caf"#),
            .described(#"an RF64 WAV (ffmpeg -rf64 always): a warning"#),
        ],
        nonTriggering: [
            .described(#"soundkit convert tone.wav chime.caf -d ima4"#)
        ])
}
