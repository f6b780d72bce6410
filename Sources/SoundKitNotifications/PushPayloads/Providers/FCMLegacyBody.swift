/// Firebase's legacy HTTP API: `{"to" | "registration_ids" | "condition", "notification": {…}, "data": {…}}`.
struct FCMLegacyBody: ProviderBody {
    static let provider = PushProvider.fcmLegacy
    static let documentation = "Firebase: legacy HTTP server protocol reference (shut down in 2024)"
    static func recognises(_ root: JSONValue) -> Bool {
        ["to", "registration_ids", "condition"].contains { root[$0] != nil }
    }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.fcmLegacy(root) }
}

/// Legacy FCM's body, read.
extension PayloadRun {
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
}
