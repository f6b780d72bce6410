/// `sound-name`.
enum SoundNameRule: RuleDeclaration {
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

    /// `sound-name`: an iOS sound name (at `path`) without an extension. iOS looks the file up by its whole name.
    static func iosName(_ name: String, at path: [String], into notes: inout PayloadNotes) {
        let last = name.split(separator: "/").last ?? ""
        guard !last.contains(".") || last.hasSuffix(".") else { return }
        notes.add(
            .soundName,
            "\(PayloadChecker.dotted(path)) \"\(name)\" has no extension: iOS plays a sound by its file name with the extension (\"\(name).caf\"), while Android's res/raw takes the bare name — give each platform its own field",
            at: path)
    }

    /// `sound-name`: an Android sound name (`name`, in `field` as the provider spells it) with an extension. Android
    /// plays a `res/raw` resource, looked up by its bare name.
    static func androidName(_ name: String, field: String) -> Finding? {
        let last = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        let bare = String(last[..<dot])
        return Rule.soundName.finding(
            "\(field) \"\(name)\" has an extension: Android looks the sound up as a res/raw resource by its bare name (\"\(bare)\"), while iOS wants name.ext in its own field"
        )
    }
}
