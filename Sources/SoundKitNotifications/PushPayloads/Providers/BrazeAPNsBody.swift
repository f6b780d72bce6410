/// An APNs payload as Braze sends it, with Braze's `ab` dictionary beside `aps` (its attachment in `ab.att`).
struct BrazeAPNsBody: ProviderBody {
    static let provider = PushProvider.braze
    static let documentation = "Braze Swift SDK: rich push notifications (ab.att url and type)"
    static func recognises(_ root: JSONValue) -> Bool { root["aps"] != nil && root["ab"] != nil }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.apnsPayload(root, at: [], via: "APNs") }
}
