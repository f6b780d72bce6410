/// `live-activity-timestamp`.
enum LiveActivityTimestampRule: RuleDeclaration {
    static let rule = Rule.liveActivityTimestamp
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error, .warning, .note]
    static let summary =
        "a Live Activity push without aps.timestamp (an error on update, a warning on start, a note on end), or one in milliseconds (past the year 5000 in seconds: an error on start and update, a note on end, which ActivityKit does not drop for its timestamp)"
    static let basis = Rule.Basis.documentation
    static let citation: String? =
        RuleExample.activityKit
        + "; ActivityKit's Activity.update(_:alertConfiguration:timestamp:) (an update older than the one before is ignored); Apple DTS, developer forums thread 776165 (an update dated in the past, or past the activity's 8 hours, is dropped; an end is not)"
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"event":"update","content-state":{"a":1}}}"#),
            .payload(#"{"aps":{"timestamp":1700000000000,"event":"update","content-state":{"a":1}}}"#),
            .payload(#"{"aps":{"timestamp":1700000000000,"event":"end","content-state":{"a":1}}}"#),
        ],
        nonTriggering: [
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"update","content-state":{"currentHealthLevel":0.941,"eventDescription":"Power Panda found a sword!"}}}"#
            )
        ])

    /// How bad a missing timestamp is. An update: ActivityKit orders updates by it and drops one it cannot place after
    /// the content shown (Apple DTS: "update needs a timestamp which is not in the past"), so an error. An end: Apple
    /// DTS found that an end does not care about its timestamp's age, so a note (send one all the same). A start, or
    /// no known event: a warning.
    static func severity(missingOn event: String?) -> Severity {
        switch event {
        case "update": return .error
        case "end": return .note
        default: return .warning
        }
    }

    /// How bad a timestamp in milliseconds is. An update dated in the far future is dropped, and so is every
    /// update after a start dated there (ActivityKit ignores an update older than the one before): an error. An end:
    /// the same DTS finding that an end is not dropped for its timestamp, so a note (send seconds all the same).
    static func severity(millisecondsOn event: String?) -> Severity {
        event == "end" ? .note : .error
    }

    /// `live-activity-timestamp`: a number of seconds since 1970. Missing, an update cannot be ordered and may be
    /// dropped as stale (an error on update, a warning on start, a note on end); past year 5000 it is in
    /// milliseconds (see ``severity(millisecondsOn:)``).
    static func check(_ aps: JSONValue, event: String?, at apsPath: [String], into notes: inout PayloadNotes) {
        let path = apsPath + ["timestamp"]
        let p = PayloadChecker.dotted(path)
        guard let value = aps["timestamp"] else {
            notes.add(
                .liveActivityTimestamp,
                "\(PayloadChecker.dotted(apsPath)) has no \"timestamp\": ActivityKit keeps the newest content by it and drops an update it cannot place after the one shown; send the time the content was produced, in seconds since 1970",
                severity(missingOn: event), at: path)
            return
        }
        guard case .number(let n) = value, let seconds = Double(n), seconds >= 0 else {
            notes.add(
                .liveActivityTimestamp, "\(p) is \(value.typeName); it must be a number of seconds since 1970",
                at: path)
            return
        }
        if seconds > LiveActivity.latestSeconds {
            notes.add(
                .liveActivityTimestamp,
                event == "end"
                    ? "\(p) is \(n), past the year 5000 in seconds: it is in milliseconds; ActivityKit ends the activity all the same, but send seconds since 1970 (divide by 1000)"
                    : "\(p) is \(n), past the year 5000 in seconds: it is in milliseconds, and ActivityKit drops a push dated that far in the future; send seconds since 1970 (divide by 1000)",
                severity(millisecondsOn: event), at: path)
        }
    }
}
