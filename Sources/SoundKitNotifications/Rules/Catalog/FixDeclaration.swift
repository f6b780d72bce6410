/// `fix`.
enum FixDeclaration: RuleDeclaration {
    static let rule = Rule.fix
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.note, .error]
    static let summary = "what --fix wrote (note), or why a sound could not be mended by converting (error)"
    static let basis = Rule.Basis.tool
    static let citation: String? = nil
    // Described, not made: `soundkit check --fix` raises it after the check, by converting (SoundFixer), not the
    // checker these examples run; the words stay words.
    static let examples = RuleExamples(
        triggering: [
            .described(#"soundkit check broken.caf --fix, which writes broken.caf converted to IMA4 (a note)"#)
        ],
        nonTriggering: [
            .described(#"soundkit check chime.caf --fix on a sound with no finding: nothing written"#)
        ])
}
