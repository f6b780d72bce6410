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
            .sounds(ExampleSound("loud.caf", seconds: 2, signal: .tone(peak: -5)), loudness: LoudnessGoal(target: -16))
        ],
        nonTriggering: [
            .sounds(
                ExampleSound("chime.caf", seconds: 2, signal: .tone(peak: -13)), loudness: LoudnessGoal(target: -16))
        ])
}
