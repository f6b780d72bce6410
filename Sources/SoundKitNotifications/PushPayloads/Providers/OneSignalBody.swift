/// OneSignal's create-notification REST API: `{"app_id", "ios_sound", "android_sound", "android_channel_id",
/// "ios_attachments", …}`.
struct OneSignalBody: ProviderBody {
    static let provider = PushProvider.onesignal
    static let documentation = "OneSignal REST API: Create notification; Notification sounds"
    static func recognises(_ root: JSONValue) -> Bool { PushProvider.oneSignalKeys.contains { root[$0] != nil } }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.oneSignal(root) }
}

/// gorush: `{"notifications": [{"platform": 1 | 2 | 3, "sound", "apns", …}]}`, platform 1 iOS and 2 Android.
struct GorushBody: ProviderBody {
    static let provider = PushProvider.gorush
    static let documentation = "gorush README: Run gorush web server (request body)"
    static func recognises(_ root: JSONValue) -> Bool {
        if case .array? = root["notifications"] { return true }
        return false
    }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.gorush(root) }
}
