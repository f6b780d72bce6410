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
            .described(#"a 10 s 16-bit stereo 44.1 kHz PCM CAF (1.7 MB)"#)
        ],
        nonTriggering: [
            .described(#"soundkit convert tone.wav chime.caf -d ima4 (1 s)"#)
        ])
}
