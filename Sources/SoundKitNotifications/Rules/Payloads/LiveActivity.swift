/// ActivityKit push notifications: an `aps` that starts, updates or ends a Live Activity. Apple documents them in
/// "Starting and updating Live Activities with ActivityKit push notifications" and in the APNs payload key reference
/// (`timestamp`, `event`, `content-state`, `dismissal-date`, `stale-date`, `attributes-type`, `attributes`,
/// `relevance-score`, `alert`); their alert plays `aps.alert.sound`, ActivityKit's `AlertConfiguration.sound`.
enum LiveActivity {
    /// The events the APNs payload key reference documents for `aps.event`.
    static let events = ["start", "update", "end"]
    /// 5000-01-01T00:00:00Z in seconds since 1970. A `timestamp` past it is in milliseconds (or nonsense): ActivityKit
    /// drops an update dated that far in the future.
    static let latestSeconds: Double = 95_617_584_000
    /// ActivityKit's limit on a Live Activity's dynamic data: "can't exceed 4 KB".
    static let maxContentStateBytes = 4096

    /// An `aps` written for a Live Activity: it has `event`, `content-state` or `attributes-type`.
    static func recognises(_ aps: JSONValue) -> Bool {
        aps["event"] != nil || aps["content-state"] != nil || aps["attributes-type"] != nil
    }

    /// Every Live Activity rule on `aps` (at `apsPath`): its event, timestamp, content state, dismissal date, what a
    /// push-to-start needs, and the alert that carries its sound.
    static func check(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        let event = self.event(aps, at: apsPath, into: &notes)
        timestamp(aps, event: event, at: apsPath, into: &notes)
        contentState(aps, event: event, at: apsPath, into: &notes)
        if event == "start" { start(aps, at: apsPath, into: &notes) }
        alert(aps, at: apsPath, into: &notes)
        relevanceScore(aps, at: apsPath, into: &notes)
    }

    /// `live-activity-event`: `event` is start, update or end (anything else, or none, and ActivityKit does nothing
    /// with the push); `dismissal-date` only on end. Returns the event when it is one of the three.
    static func event(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) -> String? {
        let path = apsPath + ["event"]
        let p = PayloadChecker.dotted(path)
        var known: String?
        switch aps["event"] {
        case .string(let s)? where events.contains(s):
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

    /// `live-activity-timestamp`: a number of seconds since 1970. Missing, an update cannot be ordered and may be
    /// dropped as stale (an error on update, a warning on start and end); past year 5000 it is in milliseconds and the
    /// push is dropped as from the far future.
    static func timestamp(_ aps: JSONValue, event: String?, at apsPath: [String], into notes: inout PayloadNotes) {
        let path = apsPath + ["timestamp"]
        let p = PayloadChecker.dotted(path)
        guard let value = aps["timestamp"] else {
            notes.add(
                .liveActivityTimestamp,
                "\(PayloadChecker.dotted(apsPath)) has no \"timestamp\": ActivityKit keeps the newest content by it and drops an update it cannot place after the one shown; send the time the content was produced, in seconds since 1970",
                event == "update" ? .error : .warning, at: path)
            return
        }
        guard case .number(let n) = value, let seconds = Double(n), seconds >= 0 else {
            notes.add(
                .liveActivityTimestamp, "\(p) is \(value.typeName); it must be a number of seconds since 1970",
                at: path)
            return
        }
        if seconds > latestSeconds {
            notes.add(
                .liveActivityTimestamp,
                "\(p) is \(n), past the year 5000 in seconds: it is in milliseconds, and ActivityKit drops a push dated that far in the future; send seconds since 1970 (divide by 1000)",
                at: path)
        }
    }

    /// `live-activity-content`: `content-state` is a dictionary of at most 4 KB as compact JSON, present on start
    /// and update (an error without it: there is nothing to show) and on end (a warning: the final content stays
    /// whatever the last update said).
    static func contentState(
        _ aps: JSONValue, event: String?, at apsPath: [String], into notes: inout PayloadNotes
    ) {
        let path = apsPath + ["content-state"]
        let p = PayloadChecker.dotted(path)
        guard let state = aps["content-state"] else {
            guard let event else { return }
            notes.add(
                .liveActivityContent,
                "\(PayloadChecker.dotted(apsPath)) has event \"\(event)\" but no \"content-state\": "
                    + (event == "end"
                        ? "the ended Live Activity keeps the content of the last update; send its final content-state"
                        : "ActivityKit has no content to \(event == "start" ? "start" : "update") the Live Activity with"),
                event == "end" ? .warning : .error, at: path)
            return
        }
        guard case .object = state else {
            notes.add(
                .liveActivityContent,
                "\(p) is \(state.typeName); it must be a dictionary that decodes as the activity's ContentState",
                at: path)
            return
        }
        let bytes = state.compact.utf8.count
        if bytes > maxContentStateBytes {
            notes.add(
                .liveActivityContent,
                "\(p) is \(bytes) bytes as compact JSON; a Live Activity's dynamic data can't exceed 4 KB (\(maxContentStateBytes) bytes), and ActivityKit refuses the update",
                at: path)
        }
    }

    /// `live-activity-start`: a push-to-start names the activity's type (`attributes-type`), its static data
    /// (`attributes`) and an `alert`, or iOS cannot start it.
    static func start(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        let needs: [(key: String, why: String)] = [
            (
                "attributes-type",
                "the name of the app's ActivityAttributes type, which says which Live Activity to start"
            ),
            ("attributes", "the activity's static data, decoded as that type"),
            ("alert", "a push-to-start must alert the person (title, body, and a sound if one is wanted)"),
        ]
        for (key, why) in needs where aps[key] == nil {
            notes.add(
                .liveActivityStart,
                "\(PayloadChecker.dotted(apsPath)) starts a Live Activity without \"\(key)\": \(why); iOS does not start it",
                at: apsPath + [key])
        }
    }

    /// `live-activity-alert`: ActivityKit's alert (`AlertConfiguration`) is a title, a body and a sound; a sound in an
    /// alert without the title and body is dropped with it, and `aps.sound` is not the alert's sound.
    static func alert(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        let alertPath = apsPath + ["alert"]
        if case .object = aps["alert"], aps["alert"]?["sound"] != nil {
            let missing = ["title", "body"].filter { aps["alert"]?[$0] == nil }
            if !missing.isEmpty {
                notes.add(
                    .liveActivityAlert,
                    "\(PayloadChecker.dotted(alertPath)) has a sound but no \(missing.joined(separator: " or ")): a Live Activity's alert is a title, a body and a sound (AlertConfiguration), and without them iOS shows no alert and plays no sound",
                    at: alertPath + ["sound"], atKey: true)
            }
        }
        if aps["sound"] != nil {
            let here = aps["alert"]?["sound"] == nil ? "move it into \(PayloadChecker.dotted(alertPath)).sound" : ""
            notes.add(
                .liveActivityAlert,
                "\(PayloadChecker.dotted(apsPath + ["sound"])) is not a Live Activity's sound: ActivityKit plays the alert's, \(PayloadChecker.dotted(alertPath + ["sound"]))"
                    + (here.isEmpty ? "" : "; " + here),
                at: apsPath + ["sound"], atKey: true)
        }
    }

    /// `payload-shape`: a Live Activity's `relevance-score` is a number; any size only orders the app's activities,
    /// so the 0…1 bound of a notification's does not apply.
    static func relevanceScore(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        guard let score = aps["relevance-score"] else { return }
        if case .number = score { return }
        let path = apsPath + ["relevance-score"]
        notes.add(
            .payloadShape,
            "\(PayloadChecker.dotted(path)) is \(score.typeName); it must be a number (a Live Activity's orders the app's activities, highest first)",
            at: path)
    }
}
