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
            .sounds(ExampleSound("chime.caf", .mp3)),
            .sounds(ExampleSound("chime.wav", .rf64)),
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime.caf")),
            .sounds(ExampleSound("chime.aiff", .aiff)),
            .sounds(ExampleSound("chime.wav", .wav)),
        ])
}
