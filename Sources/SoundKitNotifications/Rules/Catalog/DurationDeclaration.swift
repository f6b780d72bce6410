/// `duration`.
enum DurationDeclaration: RuleDeclaration {
    static let rule = Rule.duration
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.error]
    static let summary =
        "a played length of 30 s or more (CAF pakt, WAV fact, AIFF-C ima4 packets × 64); exactly 30 s fails"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"ffmpeg -f lavfi -i sine=d=30 -c:a pcm_s16le long.caf (exactly 30 s)"#)
        ],
        nonTriggering: [
            .described(#"ffmpeg -f lavfi -i sine=d=29.9 -c:a pcm_s16le ok.caf"#)
        ])
}
