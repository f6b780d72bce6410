/// Expo's push service: a message `{"to": "ExponentPushToken[…]", "sound", "channelId", …}` or an array of them.
struct ExpoBody: ProviderBody {
    static let provider = PushProvider.expo
    static let documentation = "Expo: Sending notifications with Expo's push API (message request format)"

    /// An array of objects; an Expo push token in `to`; or `to` with only Expo's own top-level keys beside it (no
    /// `notification`, which legacy FCM would have). A OneSignal body is OneSignal's, whatever its `to`.
    static func recognises(_ root: JSONValue) -> Bool {
        if case .array(let items) = root {
            return !items.isEmpty && items.allSatisfy { if case .object = $0 { true } else { false } }
        }
        guard case .object = root, !OneSignalBody.recognises(root) else { return false }
        if PushProvider.expoToken(root["to"]) { return true }
        let addressed = ["to", "registration_ids", "condition"].contains { root[$0] != nil }
        return addressed && root["notification"] == nil && PushProvider.expoKeys.contains { root[$0] != nil }
    }

    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.expo(root) }
}
