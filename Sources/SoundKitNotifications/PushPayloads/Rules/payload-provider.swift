/// `payload-provider`.
enum PayloadProviderRule: RuleDeclaration {
    static let rule = Rule.payloadProvider
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error, .warning, .note]
    static let summary =
        "a key the provider rejects, with where it belongs (FCM v1's message.notification.sound, message.apns.notification, legacy keys in a v1 body); aps.alert.sound outside a Live Activity, which iOS ignores, is a warning; a legacy FCM body a note"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"message":{"token":"t","notification":{"title":"Hi","sound":"chime.caf"}}}"#),
            .payload(#"{"aps":{"alert":{"title":"Hi","sound":"chime.caf"}}}"#),
            .payload(#"{"MessageConfiguration":{"DefaultPushNotificationMessage":{"Body":"Hi","Sound":"chime.caf"}}}"#),
            .payload(#"{"default":"x","APNS":{"aps":{}}}"#, provider: .sns),
        ],
        nonTriggering: [
            .payload(
                #"{"message":{"token":"t","apns":{"payload":{"aps":{"sound":"chime.caf"}}},"android":{"notification":{"sound":"chime","channel_id":"alerts"}}}}"#
            ),
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"update","content-state":{"a":1},"alert":{"title":"t","body":"b","sound":"chime.aiff"}}}"#
            ),
            .payload(
                #"{"default":"Sample fallback message","APNS":"{\"aps\":{\"alert\":\"Check out these awesome deals!\",\"sound\":\"default\"}}"}"#
            ),
            .payload(
                #"{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Title":"Hi","Body":"Hello","Sound":"chime.caf"}}}"#
            ),
        ])

    /// `payload-provider`: a `sound` inside `aps.alert`, which iOS ignores (it reads only `aps.sound`).
    static func alertSound(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        guard case .object = aps["alert"], aps["alert"]?["sound"] != nil else { return }
        let path = apsPath + ["alert", "sound"]
        let target = PayloadChecker.dotted(apsPath + ["sound"])
        let moved = aps["sound"] == nil ? "move it to \(target)" : "\(target) is the one played"
        notes.add(
            .payloadProvider,
            "\(PayloadChecker.dotted(path)) is ignored: iOS reads a sound only from \(target); \(moved)",
            .warning, at: path, atKey: true)
    }
}
