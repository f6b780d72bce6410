/// `sound-name`.
enum SoundNameDeclaration: RuleDeclaration {
    static let rule = Rule.soundName
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.warning]
    static let summary =
        "an iOS sound name without an extension (iOS plays name.ext), or an Android sound with one (res/raw wants the bare name)"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"sound":"chime"}}"#),
            .payload(#"{"app_id":"x","android_sound":"chime.wav","android_channel_id":"c"}"#),
            .payload(#"{"messages":{"android_push":{"sound":"chime.ogg","notification_channel_id":"c"}}}"#),
            .payload(
                #"{"audience":"all","device_types":["android"],"notification":{"android":{"sound":"chime.ogg","notification_channel":"c"}}}"#,
                provider: .airship),
        ],
        nonTriggering: [
            .payload(#"{"aps":{"sound":"chime.caf"}}"#),
            .payload(#"{"app_id":"x","ios_sound":"chime.caf","android_sound":"chime","android_channel_id":"c"}"#),
            .payload(
                #"{"external_user_ids":["u"],"messages":{"apple_push":{"alert":"Hello","sound":"chime.caf"},"android_push":{"alert":"Hello","sound":"chime","notification_channel_id":"alerts"}}}"#
            ),
        ])
}
