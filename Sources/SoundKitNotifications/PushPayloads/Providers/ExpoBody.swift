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

/// Expo's messages, read.
extension PayloadRun {
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
}
