/// `loudness`.
enum LoudnessDeclaration: RuleDeclaration {
    static let rule = Rule.loudness
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning, .note]
    static let summary = "with --loudness TARGET[±TOL] (e.g. -16±1): integrated loudness off target (EBU R 128)"
    static let basis = Rule.Basis.advice
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"soundkit check loud.caf --loudness -16±1 on a sound at -8 LUFS"#)
        ],
        nonTriggering: [
            .described(#"soundkit check chime.caf --loudness -16±1 on a sound at -16 LUFS"#)
        ])
}
