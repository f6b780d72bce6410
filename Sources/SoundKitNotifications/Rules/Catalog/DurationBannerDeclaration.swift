/// `duration-banner`.
enum DurationBannerDeclaration: RuleDeclaration {
    static let rule = Rule.durationBanner
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning]
    static let summary = "longer than 5 s: playback stops when the banner goes away"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("six.caf", seconds: 6, sampleRate: 8000))
        ],
        nonTriggering: [
            .sounds(ExampleSound("two.caf", seconds: 2, sampleRate: 8000))
        ])
}
