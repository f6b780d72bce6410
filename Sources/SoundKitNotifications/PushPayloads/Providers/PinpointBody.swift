/// Amazon Pinpoint's (AWS End User Messaging's) SendMessages request: `MessageConfiguration` with `APNSMessage`
/// (`Sound`, or a whole APNs payload as the JSON string `RawContent`), `GCMMessage` (`Sound`, or `RawContent`) and
/// `DefaultPushNotificationMessage`, which has no sound. The body may be the MessageRequest itself or wrap it.
struct PinpointBody: ProviderBody {
    static let provider = PushProvider.pinpoint
    static let documentation =
        "Amazon Pinpoint API Reference: MessageRequest, APNSMessage, GCMMessage (no channel field), DefaultPushNotificationMessage; Schema sample: RawContent object for a push notification; AWS SDKs' GCMMessage type"

    static func recognises(_ root: JSONValue) -> Bool { configuration(root) != nil }

    /// `MessageConfiguration` and its path: at the top, or inside `MessageRequest`.
    static func configuration(_ root: JSONValue) -> (JSONValue, [String])? {
        if case .object? = root["MessageConfiguration"] {
            return (root["MessageConfiguration"] ?? .null, ["MessageConfiguration"])
        }
        if case .object? = root["MessageRequest"]?["MessageConfiguration"] {
            return (
                root["MessageRequest"]?["MessageConfiguration"] ?? .null, ["MessageRequest", "MessageConfiguration"]
            )
        }
        return nil
    }

    static func check(_ root: JSONValue, in run: inout PayloadRun) {
        guard let (configuration, base) = configuration(root) else {
            run.notes.add(
                .payloadShape,
                "no \"MessageConfiguration\" object: an Amazon Pinpoint message request is {\"Addresses\": {…}, \"MessageConfiguration\": {\"APNSMessage\": {…}, \"GCMMessage\": {…}}}",
                at: ["MessageConfiguration"])
            return
        }
        if let apns = configuration["APNSMessage"] {
            let path = base + ["APNSMessage"]
            if let raw = apns["RawContent"] {
                run.embedded(raw, at: path + ["RawContent"], sender: "Amazon Pinpoint") { inner, payload in
                    inner.apnsPayload(payload, at: [], via: "Amazon Pinpoint")
                }
            } else if let sound = apns["Sound"] {
                run.iosSound(sound, at: path + ["Sound"])
            }
        }
        if let gcm = configuration["GCMMessage"] {
            let path = base + ["GCMMessage"]
            if let raw = gcm["RawContent"] {
                run.embedded(raw, at: path + ["RawContent"], sender: "Amazon Pinpoint") { inner, message in
                    inner.fcmNotification(message, at: [])
                }
            } else if let sound = gcm["Sound"] {
                // GCMMessage has no channel field (its fields: Action, Body, CollapseKey, Data, IconReference,
                // ImageIconUrl, ImageUrl, PreferredAuthenticationMethod, Priority, RawContent, RestrictedPackageName,
                // SilentPush, SmallImageIconUrl, Sound, Substitutions, TimeToLive, Title, Url): the app's channel
                // decides on Android 8 and later, so no android-channel finding; RawContent's own channel is checked.
                run.androidSound(sound, at: path + ["Sound"], channels: [], in: root)
            }
        }
        let fallback = base + ["DefaultPushNotificationMessage"]
        if root.value(at: fallback + ["Sound"]) != nil {
            run.notes.add(
                .payloadProvider,
                "Amazon Pinpoint's DefaultPushNotificationMessage has no Sound field; a sound goes in \(run.dotted(base + ["APNSMessage", "Sound"])) and \(run.dotted(base + ["GCMMessage", "Sound"]))",
                at: fallback + ["Sound"], atKey: true)
        }
    }
}
