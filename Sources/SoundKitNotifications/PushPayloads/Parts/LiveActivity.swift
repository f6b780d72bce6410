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

    /// Every Live Activity rule on `aps` (at `apsPath`), each checked by its own type beside its declaration: its
    /// event and dismissal date, timestamp, content state, what a push-to-start needs, and the alert that carries its
    /// sound.
    static func check(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        let event = LiveActivityEventRule.check(aps, at: apsPath, into: &notes)
        LiveActivityTimestampRule.check(aps, event: event, at: apsPath, into: &notes)
        LiveActivityContentRule.check(aps, event: event, at: apsPath, into: &notes)
        if event == "start" { LiveActivityStartRule.check(aps, at: apsPath, into: &notes) }
        LiveActivityAlertRule.check(aps, at: apsPath, into: &notes)
        relevanceScore(aps, at: apsPath, into: &notes)
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
