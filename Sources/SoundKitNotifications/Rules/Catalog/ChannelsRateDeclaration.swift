/// `channels-rate`.
enum ChannelsRateDeclaration: RuleDeclaration {
    static let rule = Rule.channelsRate
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.note]
    static let summary = "more than 2 channels, above 48 kHz, or 8-bit samples"
    static let basis = Rule.Basis.advice
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"soundkit convert tone.wav six.caf -c 6 (6 channels)"#)
        ],
        nonTriggering: [
            .described(#"soundkit convert tone.wav mono.caf -c 1 -r 44100"#)
        ])
}
