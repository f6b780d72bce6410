/// `normalize`.
enum NormalizeRule: RuleDeclaration {
    static let rule = Rule.normalize
    static let family = Rule.Family.tool
    static let severities: [Severity] = [.note]
    static let summary = "soundkit convert --normalize: the loudness reached when the true-peak ceiling stopped it"
    static let basis = Rule.Basis.tool
    static let citation: String? = nil
    // Described, not made: `soundkit convert --normalize` raises it, not a checker: no check of the library reports
    // it, so these words stay words.
    static let examples = RuleExamples(
        triggering: [
            .described(
                #"soundkit convert spiky.wav out.caf --normalize -10, stopped by the true-peak ceiling before -10 LUFS"#
            )
        ],
        nonTriggering: [
            .described(#"soundkit convert tone.wav out.caf --normalize -16 that reaches -16 LUFS"#)
        ])
}
