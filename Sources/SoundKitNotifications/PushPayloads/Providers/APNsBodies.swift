/// An APNs payload as Apple documents it: `{"aps": {…}, …}`, with its size, its `aps` and its attachments.
struct APNsBody: ProviderBody {
    static let provider = PushProvider.apns
    static let documentation = "Apple: Generating a remote notification; Payload key reference"
    static func recognises(_ root: JSONValue) -> Bool { root["aps"] != nil }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.apnsPayload(root, at: [], via: "APNs") }
}

/// An `.apns` file for the simulator (`xcrun simctl push`, drag and drop): an APNs payload with
/// `"Simulator Target Bundle"` beside `aps`.
struct SimulatorBody: ProviderBody {
    static let provider = PushProvider.simulator
    static let documentation = "Xcode release notes 11.4: simulator push notifications (Simulator Target Bundle)"
    static func recognises(_ root: JSONValue) -> Bool {
        root["aps"] != nil && root["Simulator Target Bundle"] != nil
    }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.apnsPayload(root, at: [], via: "APNs") }
}

/// An APNs payload as Braze sends it, with Braze's `ab` dictionary beside `aps` (its attachment in `ab.att`).
struct BrazeAPNsBody: ProviderBody {
    static let provider = PushProvider.braze
    static let documentation = "Braze Swift SDK: rich push notifications (ab.att url and type)"
    static func recognises(_ root: JSONValue) -> Bool { root["aps"] != nil && root["ab"] != nil }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.apnsPayload(root, at: [], via: "APNs") }
}
