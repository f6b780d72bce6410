/// FCM HTTP v1's request body as its reference gives it: the fields each object takes (the API refuses any other,
/// "Unknown name", in either spelling: `channel_id` or `channelId`), and where the keys people carry over from the
/// legacy API or put in the wrong object belong. Its iOS part is `message.apns.payload`, its Android sound
/// `message.android.notification`.
struct FCMv1Body: ProviderBody {
    static let provider = PushProvider.fcm
    static let documentation =
        "Firebase: REST Resource projects.messages (HTTP v1); Migrate from legacy FCM APIs to HTTP v1"
    static func recognises(_ root: JSONValue) -> Bool {
        if case .object? = root["message"], root["aps"] == nil { return true }
        return false
    }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.fcm(root) }

    /// The fields of each object of the body, by its key path.
    static let fields: [[String]: Set<String>] = [
        []: ["message", "validate_only"],
        ["message"]: [
            "name", "data", "notification", "android", "webpush", "apns", "fcm_options", "token", "topic", "condition",
        ],
        ["message", "notification"]: ["title", "body", "image"],
        ["message", "android"]: [
            "collapse_key", "priority", "ttl", "restricted_package_name", "data", "notification", "fcm_options",
            "direct_boot_ok", "bandwidth_constrained_ok", "restricted_satellite_ok",
        ],
        ["message", "android", "notification"]: [
            "title", "body", "icon", "color", "sound", "tag", "click_action", "body_loc_key", "body_loc_args",
            "title_loc_key", "title_loc_args", "channel_id", "ticker", "sticky", "event_time", "local_only",
            "notification_priority", "default_sound", "default_vibrate_timings", "default_light_settings",
            "vibrate_timings", "visibility", "notification_count", "light_settings", "image",
            "bypass_proxy_notification", "proxy",
        ],
        ["message", "apns"]: ["headers", "payload", "fcm_options", "live_activity_token"],
        ["message", "apns", "fcm_options"]: ["analytics_label", "image"],
    ]

    static let iosSound = "message.apns.payload.aps.sound"
    static let androidSound = "message.android.notification.sound"

    /// Where a refused key belongs, by its path.
    static let moves: [[String]: String] = [
        ["to"]: "message.token (one device), message.topic or message.condition",
        ["registration_ids"]: "one message.token per request (v1 has no multicast)",
        ["notification"]: "message.notification", ["data"]: "message.data", ["dry_run"]: "validate_only",
        ["message", "to"]: "message.token (one device), message.topic or message.condition",
        ["message", "registration_ids"]: "one message.token per request (v1 has no multicast)",
        ["message", "priority"]:
            "message.android.priority, and for iOS the apns-priority header (message.apns.headers)",
        ["message", "content_available"]: "message.apns.payload.aps.content-available",
        ["message", "mutable_content"]: "message.apns.payload.aps.mutable-content",
        ["message", "collapse_key"]: "message.android.collapse_key, and for iOS the apns-collapse-id header",
        ["message", "time_to_live"]: "message.android.ttl (\"3600s\"), and for iOS the apns-expiration header",
        ["message", "restricted_package_name"]: "message.android.restricted_package_name",
        ["message", "dry_run"]: "validate_only, beside message",
        ["message", "sound"]: "\(iosSound) for iOS and \(androidSound) for Android",
        ["message", "notification", "sound"]: "\(iosSound) for iOS and \(androidSound) for Android",
        ["message", "notification", "android_channel_id"]: "message.android.notification.channel_id",
        ["message", "notification", "channel_id"]: "message.android.notification.channel_id",
        ["message", "notification", "click_action"]:
            "message.android.notification.click_action, and for iOS message.apns.payload.aps.category",
        ["message", "notification", "badge"]: "message.apns.payload.aps.badge",
        ["message", "notification", "subtitle"]: "message.apns.payload.aps.alert.subtitle",
        ["message", "apns", "notification"]: "message.apns.payload.aps (alert, sound, badge)",
        ["message", "apns", "aps"]: "message.apns.payload.aps",
        ["message", "android", "sound"]: androidSound,
        ["message", "android", "channel_id"]: "message.android.notification.channel_id",
        ["message", "android", "notification", "android_channel_id"]: "message.android.notification.channel_id",
    ]

    /// Android's notification keys, which legacy bodies kept in `notification`.
    static let androidKeys: Set<String> = [
        "icon", "color", "tag", "body_loc_key", "body_loc_args", "title_loc_key", "title_loc_args",
    ]

    /// `payload-provider`: every key of the body's known objects that v1 refuses, as an error at its name.
    static func refusedKeys(_ root: JSONValue, into notes: inout PayloadNotes) {
        for (objectPath, allowed) in fields.sorted(by: { $0.key.count < $1.key.count }) {
            guard case .object(let members)? = root.value(at: objectPath) else { continue }
            for (key, _) in members where !allowed.contains(key) && !allowed.contains(snakeCase(key)) {
                let path = objectPath + [key]
                let object = objectPath.isEmpty ? "the request body" : PayloadChecker.dotted(objectPath)
                var belongs = moves[path]
                if belongs == nil, objectPath == ["message", "notification"], androidKeys.contains(key) {
                    belongs = "message.android.notification.\(key)"
                }
                notes.add(
                    .payloadProvider,
                    "FCM v1 refuses \(PayloadChecker.dotted(path)) (\(object) has no field \"\(key)\")"
                        + (belongs.map { "; it belongs in \($0)" } ?? ""),
                    at: path, atKey: true)
            }
        }
    }

    /// A lowerCamelCase field name in the reference's snake_case (`channelId` → `channel_id`).
    static func snakeCase(_ key: String) -> String {
        var out = ""
        for c in key {
            if c.isUppercase {
                out += "_" + c.lowercased()
            } else {
                out.append(c)
            }
        }
        return out
    }
}

/// FCM v1's body, read.
extension PayloadRun {
    /// FCM HTTP v1: `message.apns.payload` is an APNs payload FCM sends on; `message.android.notification` holds
    /// Android's sound and channel; keys v1 rejects are errors saying where they belong.
    mutating func fcm(_ root: JSONValue) {
        FCMv1Body.refusedKeys(root, into: &notes)
        guard let message = root["message"], case .object = message else {
            notes.add(
                .payloadShape, "no \"message\" object: an FCM v1 request body is {\"message\": {…}}", at: ["message"])
            return
        }
        let m = ["message"]
        let images = AttachmentPayload.fcmImages(message)
        let payload = message["apns"]?["payload"]
        if let payload, payload["aps"] != nil {
            apnsPayload(payload, at: m + ["apns", "payload"], via: "FCM", extra: images)
        } else {
            notes.add(
                .payloadShape,
                "message has no apns.payload.aps: iOS shows the message without a custom sound (it goes in message.apns.payload.aps.sound)",
                .note, at: m + ["apns"])
            if !images.isEmpty {
                AttachmentPayload.check(
                    payload: payload ?? .object([]), aps: nil, apsPath: m + ["apns", "payload", "aps"], extra: images,
                    bundle: lookup.locations.bundle, into: &notes)
            }
        }
        let android = m + ["android", "notification"]
        if let sound = root.value(at: android + ["sound"]) {
            androidSound(
                sound, at: android + ["sound"], channels: [android + ["channel_id"], android + ["channelId"]], in: root)
        }
    }
}
