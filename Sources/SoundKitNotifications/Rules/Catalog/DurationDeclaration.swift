/// `duration`.
enum DurationDeclaration: RuleDeclaration {
    static let rule = Rule.duration
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.error]
    static let summary =
        "a played length of 30 s or more (CAF pakt, WAV fact, AIFF-C ima4 packets × 64); exactly 30 s fails"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("long.caf", seconds: 30, sampleRate: 8000))
        ],
        nonTriggering: [
            .sounds(ExampleSound("ok.caf", seconds: 29.9, sampleRate: 8000))
        ])
}
