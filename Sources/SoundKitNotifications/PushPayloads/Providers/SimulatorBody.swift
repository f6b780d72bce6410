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
