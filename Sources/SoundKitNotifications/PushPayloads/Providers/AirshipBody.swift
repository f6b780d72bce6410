/// Airship's push object (`POST /api/push`): `audience`, `device_types` and `notification`, whose `ios` override
/// carries `sound` as a file name or a dictionary `{"critical": true, "name", "volume"}`, and whose `ios.live_activity`
/// updates a Live Activity (`event`, `alert.sound`, `content_state`, `dismissal_date`); the `android` override carries
/// `sound`, a res/raw name, and `notification_channel`, the channel Android 8 and later play instead (the Airship
/// Android SDK reads them as `com.urbanairship.sound`, deprecated as "does not work on Android O+", and
/// `com.urbanairship.notification_channel`).
struct AirshipBody: ProviderBody {
    static let provider = PushProvider.airship
    static let documentation =
        "Airship API reference: Push object, Platform overrides (iOS override: sound, live_activity; Android override: sound, notification_channel); Airship Android SDK PushMessage (EXTRA_SOUND, EXTRA_NOTIFICATION_CHANNEL)"

    static func recognises(_ root: JSONValue) -> Bool { root["audience"] != nil && root["device_types"] != nil }

    static func check(_ root: JSONValue, in run: inout PayloadRun) {
        let ios = ["notification", "ios"]
        if let sound = root.value(at: ios + ["sound"]) { run.iosSound(normalised(sound), at: ios + ["sound"]) }
        let android = ["notification", "android"]
        if let sound = root.value(at: android + ["sound"]) {
            run.androidSound(sound, at: android + ["sound"], channels: [android + ["notification_channel"]], in: root)
        }
        let live = ios + ["live_activity"]
        guard case .object? = root.value(at: live) else { return }
        if let sound = root.value(at: live + ["alert", "sound"]) {
            run.iosSound(normalised(sound), at: live + ["alert", "sound"])
        }
        let event = root.value(at: live + ["event"])
        if let event, event != .string("update"), event != .string("end") {
            run.notes.add(
                .liveActivityEvent,
                "\(run.dotted(live + ["event"])) is \(event.typeName); Airship updates a Live Activity with \"update\" or ends it with \"end\"",
                at: live + ["event"])
        }
        if root.value(at: live + ["dismissal_date"]) != nil, event != .string("end") {
            run.notes.add(
                .liveActivityEvent,
                "\(run.dotted(live + ["dismissal_date"])) is sent without event \"end\"; it says when an ended Live Activity leaves the Lock Screen, so here it does nothing",
                .warning, at: live + ["dismissal_date"], atKey: true)
        }
    }

    /// Airship's critical flag is a boolean; as APNs's 0 or 1, so that the rest of the dictionary is judged as
    /// `aps.sound` is.
    static func normalised(_ sound: JSONValue) -> JSONValue {
        guard case .object(let members) = sound else { return sound }
        return .object(
            members.map { key, value in
                guard key == "critical", case .bool(let b) = value else { return (key, value) }
                return (key, .number(b ? "1" : "0"))
            })
    }
}
