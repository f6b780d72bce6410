/// Azure Notification Hubs' native bodies, which a hub sends as they are: Apple's is an APNs payload, FCM v1's
/// `{"message": {…}}` without a target, and FCM legacy's (GCM) `{"notification": {…}, "data": {…}}` without `to`. By
/// shape only the last is Azure's; `--provider azure` reads all three.
struct AzureNativeBody: ProviderBody {
    static let provider = PushProvider.azure
    static let documentation =
        "Azure Notification Hubs: Send platform-specific (native) notifications; AppleNativeMessage, FcmV1NativeMessage, FcmLegacyNativeMessage in @azure/notification-hubs"

    /// The fields of FCM legacy's `notification`, as Azure's FCM legacy native body takes them.
    static let notificationFields: Set<String> = [
        "title", "body", "sound", "icon", "color", "tag", "click_action", "android_channel_id", "image", "badge",
        "subtitle", "body_loc_key", "body_loc_args", "title_loc_key", "title_loc_args",
    ]

    /// A `notification` of FCM's fields, with at most `data` beside it (no `to`: the hub addresses it).
    static func recognises(_ root: JSONValue) -> Bool {
        guard case .object(let members) = root, case .object(let fields)? = root["notification"] else { return false }
        return members.allSatisfy { ["notification", "data"].contains($0.0) }
            && fields.allSatisfy { notificationFields.contains($0.0) }
    }

    static func check(_ root: JSONValue, in run: inout PayloadRun) {
        if root["aps"] != nil {
            run.apnsPayload(root, at: [], via: "Azure Notification Hubs")
        } else if case .object? = root["message"] {
            run.fcm(root)
        } else {
            run.fcmNotification(root, at: [])
        }
    }
}
