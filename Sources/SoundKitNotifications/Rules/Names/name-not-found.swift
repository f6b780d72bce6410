/// `name-not-found`.
/// Apple, watchOS Apps › Taking advantage of notification forwarding: a notification appears only on the
/// device most likely to have the user's focus (iPhone or Apple Watch); UNNotificationSound.init(named:) lists
/// no watchOS in its availability. Nothing says the watch plays the iPhone app's sound file, so nothing is
/// judged of it.
enum NameNotFoundRule: RuleDeclaration {
    static let rule = Rule.nameNotFound
    static let family = Rule.Family.names
    static let severities: [Severity] = [.error, .note]
    static let summary =
        "a sound name the app does not ship (other case, other extension: did you mean …); a note when no location was given. An iOS app's watch app (Watch/*.app) is not required to ship the iPhone's sounds: Apple documents that a forwarded notification appears on one device only, and no custom sound for it on the watch"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"sound":"chime.caf"}}"#),
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"update","content-state":{"a":1},"alert":{"title":"t","body":"b","sound":"chime.aiff"}}}"#
            ),
        ],
        nonTriggering: [
            .payload(#"{"aps":{"sound":"default"}}"#),
            .payload(#"{"aps":{"alert":"Hello"}}"#),
        ])
}
