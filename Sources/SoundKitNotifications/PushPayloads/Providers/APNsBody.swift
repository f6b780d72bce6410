/// An APNs payload as Apple documents it: `{"aps": {…}, …}`, with its size, its `aps` and its attachments.
struct APNsBody: ProviderBody {
    static let provider = PushProvider.apns
    static let documentation = "Apple: Generating a remote notification; Payload key reference"
    static func recognises(_ root: JSONValue) -> Bool { root["aps"] != nil }
    static func check(_ root: JSONValue, in run: inout PayloadRun) { run.apnsPayload(root, at: [], via: "APNs") }
}
