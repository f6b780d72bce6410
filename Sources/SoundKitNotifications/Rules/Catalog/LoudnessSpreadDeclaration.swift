/// `loudness-spread`.
enum LoudnessSpreadDeclaration: RuleDeclaration {
    static let rule = Rule.loudnessSpread
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning]
    static let summary =
        "when several sounds are checked together: one more than 3 LU (--loudness-spread LU) from the set's median integrated loudness"
    static let basis = Rule.Basis.advice
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .sounds(
                ExampleSound("a.caf", seconds: 2, signal: .tone(peak: -13)),
                ExampleSound("b.caf", seconds: 2, signal: .tone(peak: -7)),
                ExampleSound("c.caf", seconds: 2, signal: .tone(peak: -13)))
        ],
        nonTriggering: [
            .sounds(
                ExampleSound("a.caf", seconds: 2, signal: .tone(peak: -13)),
                ExampleSound("b.caf", seconds: 2, signal: .tone(peak: -12)),
                ExampleSound("c.caf", seconds: 2, signal: .tone(peak: -13)))
        ])
}
