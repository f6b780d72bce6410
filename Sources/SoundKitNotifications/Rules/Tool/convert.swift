/// `convert`.
enum ConvertRule: RuleDeclaration {
    static let rule = Rule.convert
    static let family = Rule.Family.tool
    static let severities: [Severity] = [.error, .note]
    static let summary = "soundkit convert: an input or output that failed, or a file a batch skipped"
    static let basis = Rule.Basis.tool
    static let citation: String? = nil
    // Described, not made: `soundkit convert` raises it, not a checker: the library has no check that reports it, so
    // no test here runs these words.
    static let examples = RuleExamples(
        triggering: [
            .described(#"soundkit convert missing.wav out.caf"#)
        ],
        nonTriggering: [
            .described(#"soundkit convert tone.wav out.caf -d ima4"#)
        ])
}
