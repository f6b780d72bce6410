/// Firebase Cloud Messaging's HTTP v1 API: `{"message": {…}}`, iOS in `message.apns.payload`, Android in
/// `message.android.notification`, keys v1 refuses (``FCMv1Body``) errors.
struct FCMv1ProviderBody: ProviderBody {
    static let provider = PushProvider.fcm
    static let documentation =
        "Firebase: REST Resource projects.messages (HTTP v1); Migrate from legacy FCM APIs to HTTP v1"
    static func recognises(_ root: JSONValue) -> Bool {
        if case .object? = root["message"], root["aps"] == nil { return true }
        return false
    }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.fcm(root) }
}

/// Firebase's legacy HTTP API: `{"to" | "registration_ids" | "condition", "notification": {…}, "data": {…}}`.
struct FCMLegacyBody: ProviderBody {
    static let provider = PushProvider.fcmLegacy
    static let documentation = "Firebase: legacy HTTP server protocol reference (shut down in 2024)"
    static func recognises(_ root: JSONValue) -> Bool {
        ["to", "registration_ids", "condition"].contains { root[$0] != nil }
    }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.fcmLegacy(root) }
}
