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

/// gorush's body, read.
extension PayloadRun {
    /// gorush: each of `notifications` by its `platform`: 1 (iOS) its `sound` as `aps.sound` and any `aps` in its
    /// `apns`; 2 (Android) its `sound` with a channel; 3 (Huawei) is not judged.
    mutating func gorush(_ root: JSONValue) {
        guard case .array(let items)? = root["notifications"] else {
            notes.add(
                .payloadShape, "no \"notifications\" array: a gorush request body is {\"notifications\": [{…}]}",
                at: ["notifications"])
            return
        }
        for (i, item) in items.enumerated() {
            let base = ["notifications", "[\(i)]"]
            switch item["platform"] {
            case .number("1")?:
                if let sound = item["sound"] { iosSound(sound, at: base + ["sound"]) }
                var holders: [(path: [String], value: JSONValue)] = []
                APSHolders.holders(in: item["apns"] ?? .null, at: base + ["apns"], into: &holders)
                for h in holders { apnsPayload(h.value, at: h.path, via: "gorush") }
            case .number("2")?:
                guard let sound = item["sound"] else { continue }
                let channels = [["android_channel_id"], ["channel_id"], ["notification", "channel_id"]]
                androidSound(sound, at: base + ["sound"], channels: channels.map { base + $0 }, in: root)
            case .number("3")?:
                continue
            case let other:
                notes.add(
                    .payloadShape,
                    "\(dotted(base + ["platform"])) is \(other?.typeName ?? "missing"); gorush takes 1 (iOS), 2 (Android) or 3 (Huawei)",
                    at: base + ["platform"])
            }
        }
    }
}
