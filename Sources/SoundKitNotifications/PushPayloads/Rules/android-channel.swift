/// `android-channel`.
enum AndroidChannelRule: RuleDeclaration {
    static let rule = Rule.androidChannel
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.warning]
    static let summary =
        "an Android sound without a channel id: Android 8 and later play the channel's sound, not the message's"
    static let basis = Rule.Basis.advice
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"message":{"android":{"notification":{"sound":"chime"}}}}"#),
            .payload(#"{"messages":{"android_push":{"sound":"chime"}}}"#),
            .payload(#"{"interests":["x"],"fcm":{"notification":{"sound":"chime"}}}"#),
            .payload(
                #"{"audience":"all","device_types":["android"],"notification":{"android":{"alert":"Hi","sound":"chime"}}}"#,
                provider: .airship),
        ],
        nonTriggering: [
            .payload(#"{"message":{"android":{"notification":{"sound":"chime","channel_id":"alerts"}}}}"#),
            .payload(
                #"{"audience":"all","device_types":["android"],"notification":{"android":{"alert":"Hi","sound":"chime","notification_channel":"alerts"}}}"#,
                provider: .airship),
            .payload(
                #"{"interests":["hello"],"apns":{"aps":{"alert":{"title":"Hello","body":"Hello, world!"}}},"fcm":{"notification":{"title":"Hello","body":"Hello, world!"}}}"#
            ),
        ])
}
