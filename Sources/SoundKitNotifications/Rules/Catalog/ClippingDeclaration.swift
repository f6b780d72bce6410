/// `clipping`.
enum ClippingDeclaration: RuleDeclaration {
    static let rule = Rule.clipping
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning, .note]
    static let summary =
        "a true peak above 0 dBTP: it distorts between samples when played (a note when loudness cannot be measured)"
    static let basis = Rule.Basis.advice
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("square.wav", .wav, signal: .square))
        ],
        nonTriggering: [
            .sounds(ExampleSound("soft.wav", .wav, signal: .tone(peak: -6)))
        ])
}
