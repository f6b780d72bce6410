/// The request body a payload is written for: what each push provider takes, and where in it the iOS and Android
/// parts are. ``PayloadLinter`` recognises it by the body's shape, or is told which it is.
public enum PushProvider: String, CaseIterable, Codable, Sendable {
    /// An APNs payload: `{"aps": {…}, …}`.
    case apns
    /// Firebase Cloud Messaging's HTTP v1 API: `{"message": {…}}`, iOS in `message.apns.payload`, Android in
    /// `message.android`.
    case fcm
    /// Firebase's legacy HTTP API: `{"to" | "registration_ids", "notification": {…}, "data": {…}}`.
    case fcmLegacy = "fcm-legacy"
    /// Expo's push service: a message `{"to": "ExponentPushToken[…]", "sound", "channelId", …}` or an array of them.
    case expo
    /// OneSignal's REST API: `{"app_id", "ios_sound", "android_sound", "android_channel_id", "ios_attachments", …}`.
    case onesignal
    /// An APNs payload as Braze sends it, with Braze's `ab` dictionary (its attachment in `ab.att`).
    case braze
    /// gorush: `{"notifications": [{"platform": 1 | 2, "sound", "apns", …}]}`, platform 1 iOS and 2 Android.
    case gorush
    /// An `.apns` file for the simulator: an APNs payload with `"Simulator Target Bundle"` beside `aps`.
    case simulator
    /// Amazon SNS with `MessageStructure` json: `{"default", "APNS": "{…}", "APNS_SANDBOX", "GCM": "{…}", …}`, each
    /// platform's payload a JSON string.
    case sns
    /// Amazon Pinpoint: `{"MessageConfiguration": {"APNSMessage": {"Sound" | "RawContent"}, "GCMMessage", …}}`.
    case pinpoint
    /// Braze's REST API: `{"messages": {"apple_push": {"sound"}, "android_push": {"sound",
    /// "notification_channel_id"}}}`, or a Live Activity request `{"activity_id", "content_state", …}`.
    case brazeREST = "braze-rest"
    /// Airship: `{"audience", "device_types", "notification": {"ios": {"sound"}, "android": {…}}}`.
    case airship
    /// OneSignal's Live Activity API: `{"event", "event_updates", "headings", "contents", "ios_sound", …}`.
    case onesignalLiveActivity = "onesignal-live-activity"
    /// Pusher Beams: `{"interests" | "users", "apns": {"aps": {…}}, "fcm": {"notification": {…}}}`.
    case pusherBeams = "pusher-beams"
    /// Azure Notification Hubs' native bodies: Apple's (an APNs payload), FCM v1's, and FCM legacy's
    /// `{"notification", "data"}` without `to`.
    case azure

    /// The provider `root` is written for, by its shape: the first of `ProviderBodies.all` that recognises it.
    /// None for any other shape.
    package static func detect(_ root: JSONValue) -> PushProvider? {
        ProviderBodies.all.first { $0.recognises(root) }?.provider
    }

    /// Keys only OneSignal's create-notification body has.
    static let oneSignalKeys = [
        "app_id", "include_player_ids", "include_external_user_ids", "include_subscription_ids", "include_aliases",
        "included_segments", "ios_sound", "android_sound", "ios_attachments", "big_picture", "contents", "headings",
        "existing_android_channel_id",
    ]

    /// Keys of an Expo message that legacy FCM keeps inside `notification` or does not have.
    static let expoKeys = ["title", "body", "sound", "channelId", "subtitle", "categoryId", "mutableContent", "badge"]

    /// `to` holds an Expo push token (`ExponentPushToken[…]` or `ExpoPushToken[…]`), or an array with one.
    static func expoToken(_ to: JSONValue?) -> Bool {
        switch to {
        case .string(let s)?: return s.hasPrefix("ExponentPushToken[") || s.hasPrefix("ExpoPushToken[")
        case .array(let items)?: return items.contains { expoToken($0) }
        default: return false
        }
    }

    /// The provider's name in messages.
    var title: String {
        switch self {
        case .apns: "APNs"
        case .fcm: "FCM v1"
        case .fcmLegacy: "legacy FCM"
        case .expo: "Expo"
        case .onesignal: "OneSignal"
        case .braze: "Braze"
        case .gorush: "gorush"
        case .simulator: "the simulator"
        case .sns: "Amazon SNS"
        case .pinpoint: "Amazon Pinpoint"
        case .brazeREST: "Braze's REST API"
        case .airship: "Airship"
        case .onesignalLiveActivity: "OneSignal's Live Activity API"
        case .pusherBeams: "Pusher Beams"
        case .azure: "Azure Notification Hubs"
        }
    }
}
