/// OneSignal's Live Activity API: `POST /apps/{app_id}/live_activities/{activity_id}/notifications` (update, end) and
/// the push-to-start `POST /apps/{app_id}/activities/activity/{activity_type}`: `event`, `event_updates` (the
/// ContentState), `event_attributes`, `name`, `contents`, `headings`, `ios_sound` (the SDKs' `sound`),
/// `stale_date`, `dismissal_date` (seconds, on end only).
struct OneSignalLiveActivityBody: ProviderBody {
    static let provider = PushProvider.onesignalLiveActivity
    static let documentation =
        "OneSignal REST API: Update Live Activity, Start Live Activity (live activity parameters); onesignal-rust-api UpdateLiveActivityRequest"

    static func recognises(_ root: JSONValue) -> Bool {
        root["event_updates"] != nil || (root["event"] != nil && root["activity_id"] != nil)
    }

    static func check(_ root: JSONValue, in run: inout PayloadRun) {
        var event: String?
        switch root["event"] {
        case .string(let s)? where LiveActivity.events.contains(s): event = s
        case let other:
            run.notes.add(
                .liveActivityEvent,
                "event is \(other?.typeName ?? "missing"); OneSignal's Live Activity API takes \"start\", \"update\" or \"end\"",
                at: ["event"])
        }
        if root["event_updates"] == nil {
            run.notes.add(
                .liveActivityContent,
                "no \"event_updates\": OneSignal requires the activity's ContentState in it",
                event == "end" ? .warning : .error,
                at: ["event_updates"])
        }
        if event == "start" {
            for key in ["event_attributes", "headings", "contents"] where root[key] == nil {
                run.notes.add(
                    .liveActivityStart,
                    "a push-to-start without \"\(key)\": iOS starts a Live Activity only with its attributes and an alert (headings and contents)",
                    at: [key])
            }
        }
        if root["dismissal_date"] != nil, let event, event != "end" {
            run.notes.add(
                .liveActivityEvent,
                "dismissal_date is sent with event \"\(event)\"; OneSignal allows it only when the event is \"end\"",
                .warning, at: ["dismissal_date"], atKey: true)
        }
        for key in ["stale_date", "dismissal_date"] {
            if case .number(let n)? = root[key], let seconds = Double(n), seconds > LiveActivity.latestSeconds {
                run.notes.add(
                    .liveActivityTimestamp,
                    "\(key) is \(n), past the year 5000 in seconds: it is in milliseconds; OneSignal takes seconds since 1970",
                    at: [key])
            }
        }
        for key in ["ios_sound", "sound"] {
            if let sound = root[key], sound != .string("nil") { run.iosSound(sound, at: [key]) }
        }
    }
}
