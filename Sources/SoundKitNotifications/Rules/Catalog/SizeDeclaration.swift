/// `size`.
enum SizeDeclaration: RuleDeclaration {
    static let rule = Rule.size
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.note]
    static let summary = "16-bit or wider PCM over 200 kB, with what IMA4 and µLaw would save"
    static let basis = Rule.Basis.advice
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("big.caf", seconds: 10, channels: 2))
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime.caf"))
        ])
}
