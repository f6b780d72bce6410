/// Pusher Beams' publish request (`/publishes/interests`, `/publishes/users`): `interests` or `users`, with `apns`
/// an APNs payload, `fcm` an FCM message in the legacy shape (`notification.sound`, `notification.android_channel_id`)
/// and `web`.
struct PusherBeamsBody: ProviderBody {
    static let provider = PushProvider.pusherBeams
    static let documentation = "Pusher Beams: Publish API reference (publish to interests, publish to users)"

    static func recognises(_ root: JSONValue) -> Bool {
        (root["interests"] != nil || root["users"] != nil)
            && (root["apns"] != nil || root["fcm"] != nil || root["web"] != nil)
    }

    static func check(_ root: JSONValue, in run: inout PayloadRun) {
        if let apns = root["apns"] { run.apnsPayload(apns, at: ["apns"], via: "Pusher Beams") }
        if let fcm = root["fcm"] { run.fcmNotification(fcm, at: ["fcm"]) }
    }
}
