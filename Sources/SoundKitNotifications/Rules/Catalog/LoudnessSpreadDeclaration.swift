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
            .described(#"soundkit check a.caf b.caf c.caf where b is 6 LU louder than the others"#)
        ],
        nonTriggering: [
            .described(#"three sounds normalised with soundkit convert --normalize -16"#)
        ])
}
