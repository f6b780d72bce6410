/// `live-activity-event`.
enum LiveActivityEventRule: RuleDeclaration {
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

    /// `live-activity-event`: `event` is start, update or end (anything else, or none, and ActivityKit does nothing
    /// with the push); `dismissal-date` only on end. Returns the event when it is one of the three.
    static func check(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) -> String? {
        let path = apsPath + ["event"]
        let p = PayloadChecker.dotted(path)
        var known: String?
        switch aps["event"] {
        case .string(let s)? where LiveActivity.events.contains(s):
            known = s
        case let other?:
            notes.add(
                .liveActivityEvent,
                "\(p) is \(other.typeName); a Live Activity push's event is \"start\", \"update\" or \"end\", and ActivityKit ignores a push with any other",
                at: path)
        case nil:
            notes.add(
                .liveActivityEvent,
                "\(PayloadChecker.dotted(apsPath)) has content-state or attributes-type but no \"event\": a Live Activity push says \"start\", \"update\" or \"end\", and ActivityKit ignores one without",
                at: path)
        }
        if aps["dismissal-date"] != nil, let known, known != "end" {
            notes.add(
                .liveActivityEvent,
                "\(PayloadChecker.dotted(apsPath + ["dismissal-date"])) is sent with event \"\(known)\"; Apple documents it for \"end\" only, where it says when the ended Live Activity leaves the Lock Screen — here it does nothing",
                .warning, at: apsPath + ["dismissal-date"], atKey: true)
        }
        return known
    }
}
