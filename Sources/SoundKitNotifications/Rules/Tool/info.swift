/// `info`.
enum InfoRule: RuleDeclaration {
    static let rule = Rule.info
    static let family = Rule.Family.tool
    static let severities: [Severity] = [.error, .warning]
    static let summary = "soundkit info: a file that cannot be read, or a header that disagrees with the data"
    static let basis = Rule.Basis.tool
    static let citation: String? = nil
    // Described, not made: `soundkit info` raises it, not a checker: no check of the library reports it, so these
    // words stay words.
    static let examples = RuleExamples(
        triggering: [
            .described(#"soundkit info truncated.wav, whose data chunk claims more bytes than the file has"#)
        ],
        nonTriggering: [
            .described(#"soundkit info tone.wav"#)
        ])
}
