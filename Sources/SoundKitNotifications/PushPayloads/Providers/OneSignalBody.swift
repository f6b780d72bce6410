/// OneSignal's create-notification REST API: `{"app_id", "ios_sound", "android_sound", "android_channel_id",
/// "ios_attachments", …}`.
struct OneSignalBody: ProviderBody {
    static let provider = PushProvider.onesignal
    static let documentation = "OneSignal REST API: Create notification; Notification sounds"
    static func recognises(_ root: JSONValue) -> Bool { PushProvider.oneSignalKeys.contains { root[$0] != nil } }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.oneSignal(root) }
}

/// OneSignal's body, read.
extension PayloadRun {
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
}
