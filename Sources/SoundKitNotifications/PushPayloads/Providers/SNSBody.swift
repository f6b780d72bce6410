/// Amazon SNS's message with `MessageStructure` json: a `default` string and one JSON *string* per platform, each the
/// payload that platform receives (`APNS`, `APNS_SANDBOX`, `APNS_VOIP`, `APNS_VOIP_SANDBOX`, `MACOS`,
/// `MACOS_SANDBOX` an APNs payload; `GCM` an FCM v1 `{"fcmV1Message": {…}}` or a legacy FCM message).
struct SNSBody: ProviderBody {
    static let provider = PushProvider.sns
    static let documentation =
        "Amazon SNS Developer Guide: Publishing Amazon SNS notifications with platform-specific payloads; Using Google Firebase Cloud Messaging v1 payloads in Amazon SNS; Publish API (MessageStructure json)"

    /// The keys whose value is an APNs payload.
    static let apple = ["APNS", "APNS_SANDBOX", "APNS_VOIP", "APNS_VOIP_SANDBOX", "MACOS", "MACOS_SANDBOX"]
    /// Every platform key SNS documents; soundkit reads Apple's and `GCM`.
    static let platforms = apple + ["GCM", "ADM", "BAIDU", "MPNS", "WNS"]

    /// An object with a platform key and nothing but `default` and platform keys.
    static func recognises(_ root: JSONValue) -> Bool {
        guard case .object(let members) = root, members.contains(where: { platforms.contains($0.0) }) else {
            return false
        }
        return members.allSatisfy { $0.0 == "default" || platforms.contains($0.0) }
    }

    static func check(_ root: JSONValue, in run: inout PayloadRun) {
        guard case .object(let members) = root else {
            run.notes.add(
                .payloadShape,
                "the body is \(root.typeName); an Amazon SNS message is {\"default\": \"…\", \"APNS\": \"{…}\", \"GCM\": \"{…}\"}",
                at: [])
            return
        }
        if root["default"] == nil {
            run.notes.add(
                .payloadProvider,
                "no \"default\": Amazon SNS requires a default message when MessageStructure is json and the message is published to a topic",
                .note, at: ["default"])
        }
        for (key, value) in members {
            if apple.contains(key) {
                run.embedded(value, at: [key], sender: "Amazon SNS") { inner, payload in
                    inner.apnsPayload(payload, at: [], via: "Amazon SNS")
                }
            } else if key == "GCM" {
                run.embedded(value, at: [key], sender: "Amazon SNS") { inner, message in
                    if let v1 = message["fcmV1Message"] {
                        inner.fcm(v1)
                    } else {
                        inner.fcmNotification(message, at: [])
                    }
                }
            }
        }
    }
}
