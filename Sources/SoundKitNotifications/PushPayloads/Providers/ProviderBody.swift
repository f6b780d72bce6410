/// One push provider's request body: how soundkit recognises it by its shape, and where its iOS and Android parts are
/// and how it spells their fields. A provider is one type conforming to this, listed in ``ProviderBodies/all``, and
/// one case of ``PushProvider``; its documented bodies are examples of the rules that read it.
protocol ProviderBody: Sendable {
    /// The provider this body is written for.
    static var provider: PushProvider { get }
    /// The documents its fields are taken from, cited beside it.
    static var documentation: String { get }
    /// Whether `root` has this provider's shape.
    static func recognises(_ root: JSONValue) -> Bool
    /// Checks `root` as this provider's body: its iOS part as an APNs payload or through `run.iosSound`, its Android
    /// sound through `run.androidSound`, and the keys it refuses.
    static func check(_ root: JSONValue, in run: inout PayloadRun)
}

/// Every provider, one ``ProviderBody`` each, in the order their shapes are tried: the more specific shape first
/// (OneSignal's Live Activity API before its create-notification body, a simulator file and Braze's `ab` before a
/// plain APNs payload, Expo's `to` before legacy FCM's).
enum ProviderBodies {
    static let all: [any ProviderBody.Type] = [
        OneSignalLiveActivityBody.self, SNSBody.self, PinpointBody.self, BrazeRESTBody.self, AirshipBody.self,
        PusherBeamsBody.self, FCMv1Body.self, SimulatorBody.self, BrazeAPNsBody.self, APNsBody.self,
        GorushBody.self, OneSignalBody.self, ExpoBody.self, FCMLegacyBody.self, AzureNativeBody.self,
    ]

    /// The body type of `provider`, when it is one.
    static func body(of provider: PushProvider) -> (any ProviderBody.Type)? {
        all.first { $0.provider == provider }
    }
}

extension PayloadRun {
    /// A JSON string at `path` that holds a whole payload (Amazon SNS's platform values, Pinpoint's `RawContent`):
    /// parsed and checked by `check` as its platform reads it. Each finding is placed at the string in the outer file
    /// and names the key (`APNS.aps.sound`); a string that is not JSON is a `payload-json` error naming the key.
    mutating func embedded(
        _ value: JSONValue, at path: [String], sender: String, prefix: [String] = [],
        check: (inout PayloadRun, JSONValue) -> Void
    ) {
        let p = dotted(path)
        guard case .string(let text) = value else {
            notes.add(
                .payloadProvider,
                "\(p) is \(value.typeName); \(sender) takes this platform's payload as a JSON string (the object serialised, its quotes escaped)",
                at: path)
            return
        }
        let bytes = Array(text.utf8)
        let parsed: (value: JSONValue, positions: JSONPositions)
        do {
            parsed = try JSONParser.parseLocated(bytes)
        } catch {
            notes.add(
                .payloadJSON, "\(p) is not valid JSON, so \(sender) cannot send it: \(error.description)", at: path)
            return
        }
        var inner = PayloadRun(bytes: bytes, notes: PayloadNotes(positions: parsed.positions), lookup: lookup)
        inner.entitlements = entitlements
        check(&inner, parsed.value)
        let outer = path + prefix
        for var f in inner.notes.findings {
            // A finding about the sound file a name resolved to keeps the file as its subject.
            let aboutFile = f.subject.map { $0 == inner.resolution?.winner } ?? false
            if !aboutFile {
                f.subject = dotted(outer + (f.subject.map { [$0] } ?? []))
                f.message = "in \(p): " + f.message
            }
            notes.place(f, at: path)
        }
        if size == nil { size = inner.size }
        if soundName == nil {
            soundName = inner.soundName
            resolution = inner.resolution
        }
    }

    /// The `notification` of a legacy-FCM-shaped message at `base` (the form legacy FCM, Amazon SNS's GCM, Pusher
    /// Beams' fcm and Azure's FCM native body share): `notification.sound` is the sound FCM puts in `aps.sound` and
    /// plays on Android, with `notification.android_channel_id`.
    mutating func fcmNotification(_ message: JSONValue, at base: [String]) {
        guard case .object? = message["notification"], let sound = message["notification"]?["sound"] else { return }
        let path = base + ["notification", "sound"]
        iosSound(sound, at: path)
        if case .string(let name) = sound, name != "default", message["notification"]?["android_channel_id"] == nil {
            notes.add(
                .androidChannel,
                "\(dotted(path)) \"\(name)\" is sent without \(dotted(base + ["notification", "android_channel_id"])): on Android 8 and later a notification plays its channel's sound, not the message's",
                at: path)
        }
    }
}
