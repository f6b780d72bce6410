/// `live-activity-event`.
enum LiveActivityEventDeclaration: RuleDeclaration {
    static let rule = Rule.liveActivityEvent
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error, .warning]
    static let summary =
        "a Live Activity push whose aps.event is not start, update or end; dismissal-date on an event other than end is a warning"
    static let basis = Rule.Basis.documentation
    static let citation: String? = RuleExample.activityKit
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"timestamp":1168364460,"event":"stop","content-state":{"a":1}}}"#),
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"update","content-state":{"a":1},"dismissal-date":1168364460}}"#
            ),
            .payload(#"{"event":"finish","event_updates":{"a":1}}"#, provider: .onesignalLiveActivity),
        ],
        nonTriggering: [
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"end","dismissal-date":1168364460,"content-state":{"currentHealthLevel":0.0,"eventDescription":"Adventure over!"}}}"#
            ),
            .payload(
                #"{"event":"update","event_updates":{"data":{"message":"Hello"}},"name":"update","contents":{"en":"Update"},"headings":{"en":"Title"},"ios_sound":"chime.caf"}"#
            ),
        ])
}
