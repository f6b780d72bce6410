/// `silence`.
enum SilenceDeclaration: RuleDeclaration {
    static let rule = Rule.silence
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning, .error]
    static let summary =
        "all-zero audio, which iOS plays as nothing (a \"None\" sound), more than 200 ms of leading silence or a peak below −20 dBFS; no audio at all (0 frames) is an error"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("quiet.caf", signal: .silence))
        ],
        nonTriggering: [
            .sounds(ExampleSound("beep.caf"))
        ])
}
