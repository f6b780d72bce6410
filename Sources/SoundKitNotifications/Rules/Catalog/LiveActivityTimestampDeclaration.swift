/// `live-activity-timestamp`.
enum LiveActivityTimestampDeclaration: RuleDeclaration {
    static let rule = Rule.liveActivityTimestamp
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error, .warning]
    static let summary =
        "a Live Activity push without aps.timestamp (an error on update, a warning on start and end), or one in milliseconds (past the year 5000 in seconds)"
    static let basis = Rule.Basis.documentation
    static let citation: String? =
        RuleExample.activityKit
        + "; Apple DTS, developer forums thread 776165 (updates dated in the past or far future are dropped)"
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"event":"update","content-state":{"a":1}}}"#),
            .payload(#"{"aps":{"timestamp":1700000000000,"event":"update","content-state":{"a":1}}}"#),
        ],
        nonTriggering: [
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"update","content-state":{"currentHealthLevel":0.941,"eventDescription":"Power Panda found a sword!"}}}"#
            )
        ])
}
