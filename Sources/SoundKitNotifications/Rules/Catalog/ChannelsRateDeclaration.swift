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
            .sounds(ExampleSound("six.caf", channels: 6)),
            .sounds(ExampleSound("hires.caf", sampleRate: 96000)),
        ],
        nonTriggering: [
            .sounds(ExampleSound("mono.caf")),
            .sounds(ExampleSound("stereo.caf", sampleRate: 48000, channels: 2)),
        ])
}
