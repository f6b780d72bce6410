/// Each provider's request body: where its iOS part (an APNs payload, or the fields the provider builds one from),
/// its Android sound and its attachments are.
extension PayloadRun {
    /// FCM HTTP v1: `message.apns.payload` is an APNs payload FCM sends on; `message.android.notification` holds
    /// Android's sound and channel; keys v1 rejects are errors saying where they belong.
    mutating func fcm(_ root: JSONValue) {
        FCMv1Body.check(root, into: &notes)
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

    /// Legacy FCM: `notification.sound` is the sound FCM puts in `aps.sound` (and plays on Android), with
    /// `notification.android_channel_id`; a body without `notification` is a data message.
    mutating func fcmLegacy(_ root: JSONValue) {
        notes.add(
            .payloadProvider,
            "a legacy FCM body: Google has shut the legacy HTTP API down; FCM v1 takes {\"message\": {…}}, with the iOS sound in message.apns.payload.aps.sound and Android's in message.android.notification.sound",
            .note, at: [])
        guard case .object? = root["notification"] else {
            notes.add(
                .payloadShape,
                "no \"notification\": a data message, which iOS shows (if the app shows it at all) without a custom sound",
                .note, at: ["notification"])
            return
        }
        fcmNotification(root, at: [])
    }

    /// Expo: a message or an array of them; `sound` is the iOS sound (Android's comes from `channelId`'s channel).
    mutating func expo(_ root: JSONValue) {
        switch root {
        case .array(let items):
            for (i, item) in items.enumerated() { expoMessage(item, at: ["[\(i)]"]) }
        default:
            expoMessage(root, at: [])
        }
    }

    mutating func expoMessage(_ message: JSONValue, at base: [String]) {
        guard case .object = message else {
            let what = base.isEmpty ? "the body" : dotted(base)
            notes.add(
                .payloadShape, "\(what) is \(message.typeName); an Expo push message is an object {\"to\": …}",
                at: base)
            return
        }
        switch message["sound"] {
        case .string?: iosSound(message["sound"] ?? .null, at: base + ["sound"])
        case .object?, .null?, nil: break  // Expo's own critical-sound dictionary, or no sound
        case let other?:
            notes.add(
                .payloadShape,
                "\(dotted(base + ["sound"])) is \(other.typeName); it must be \"default\", a file name or null",
                at: base + ["sound"])
        }
    }

    /// OneSignal: `ios_sound` and `android_sound` (`"nil"` silences either) with `android_channel_id` or
    /// `existing_android_channel_id`, and `ios_attachments`, which OneSignal's service extension downloads.
    mutating func oneSignal(_ root: JSONValue) {
        if let sound = root["ios_sound"], sound != .string("nil") { iosSound(sound, at: ["ios_sound"]) }
        if let sound = root["android_sound"], sound != .string("nil") {
            androidSound(
                sound, at: ["android_sound"], channels: [["android_channel_id"], ["existing_android_channel_id"]],
                in: root)
        }
        guard let attachments = root["ios_attachments"] else { return }
        guard case .object(let members) = attachments else {
            notes.add(
                .attachmentURL,
                "ios_attachments is \(attachments.typeName); it must be a dictionary {\"id\": \"https://…/image.jpg\"}",
                at: ["ios_attachments"])
            return
        }
        // A value without a scheme is a file in the app's bundle, which OneSignal documents too.
        for (id, url) in members {
            if case .string(let s) = url, !s.contains("://") { continue }
            AttachmentPayload.downloaded(url, at: ["ios_attachments", id], into: &notes)
        }
    }

    /// gorush: each of `notifications` by its `platform`: 1 (iOS) its `sound` as `aps.sound` and any `aps` in its
    /// `apns`; 2 (Android) its `sound` with a channel; 3 (Huawei) is not judged.
    mutating func gorush(_ root: JSONValue) {
        guard case .array(let items)? = root["notifications"] else {
            notes.add(
                .payloadShape, "no \"notifications\" array: a gorush request body is {\"notifications\": [{…}]}",
                at: ["notifications"])
            return
        }
        for (i, item) in items.enumerated() {
            let base = ["notifications", "[\(i)]"]
            switch item["platform"] {
            case .number("1")?:
                if let sound = item["sound"] { iosSound(sound, at: base + ["sound"]) }
                var holders: [(path: [String], value: JSONValue)] = []
                APSRules.holders(in: item["apns"] ?? .null, at: base + ["apns"], into: &holders)
                for h in holders { apnsPayload(h.value, at: h.path, via: "gorush") }
            case .number("2")?:
                guard let sound = item["sound"] else { continue }
                let channels = [["android_channel_id"], ["channel_id"], ["notification", "channel_id"]]
                androidSound(sound, at: base + ["sound"], channels: channels.map { base + $0 }, in: root)
            case .number("3")?:
                continue
            case let other:
                notes.add(
                    .payloadShape,
                    "\(dotted(base + ["platform"])) is \(other?.typeName ?? "missing"); gorush takes 1 (iOS), 2 (Android) or 3 (Huawei)",
                    at: base + ["platform"])
            }
        }
    }
}
