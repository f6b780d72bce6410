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
            .described(#"ffmpeg -f lavfi -i sine=d=6 six.caf (6 s)"#)
        ],
        nonTriggering: [
            .described(#"ffmpeg -f lavfi -i sine=d=2 two.caf (2 s)"#)
        ])
}
