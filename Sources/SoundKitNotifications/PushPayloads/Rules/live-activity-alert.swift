/// `live-activity-alert`.
enum LiveActivityAlertRule: RuleDeclaration {
    static let rule = Rule.liveActivityAlert
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.warning]
    static let summary =
        "a Live Activity alert with a sound but no title or body (no alert, no sound), or a sound in aps.sound instead of aps.alert.sound"
    static let basis = Rule.Basis.documentation
    static let citation: String? =
        RuleExample.activityKit
        + "; ActivityKit's AlertConfiguration (title, body, sound); Apple DTS, developer forums thread 799195 (the alert is title, body and sound; without them it is silent); what SDKs found: pushy pull request 990 (tested on iOS 16.1, a Live Activity's sound is aps.alert.sound), APNSwift pull request 226 (the sound moved into the alert)"
    static let examples = RuleExamples(
        triggering: [
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"update","content-state":{"a":1},"alert":{"sound":"chime.aiff"}}}"#
            ),
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"update","content-state":{"a":1},"sound":"chime.aiff"}}"#),
        ],
        nonTriggering: [
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"update","content-state":{"currentHealthLevel":0.941},"alert":{"title":{"loc-key":"%@ found a sword!","loc-args":["Power Panda"]},"body":{"loc-key":"%@ found a sword in a cave.","loc-args":["Power Panda"]},"sound":"chime.aiff"}}}"#
            )
        ])

    /// `live-activity-alert`: ActivityKit's alert (`AlertConfiguration`) is a title, a body and a sound; a sound in an
    /// alert without the title and body is dropped with it, and `aps.sound` is not the alert's sound.
    static func check(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        let alertPath = apsPath + ["alert"]
        if case .object = aps["alert"], aps["alert"]?["sound"] != nil {
            let missing = ["title", "body"].filter { aps["alert"]?[$0] == nil }
            if !missing.isEmpty {
                notes.add(
                    .liveActivityAlert,
                    "\(PayloadChecker.dotted(alertPath)) has a sound but no \(missing.joined(separator: " or ")): a Live Activity's alert is a title, a body and a sound (AlertConfiguration), and without them iOS shows no alert and plays no sound",
                    at: alertPath + ["sound"], atKey: true)
            }
        }
        if aps["sound"] != nil {
            let here = aps["alert"]?["sound"] == nil ? "move it into \(PayloadChecker.dotted(alertPath)).sound" : ""
            notes.add(
                .liveActivityAlert,
                "\(PayloadChecker.dotted(apsPath + ["sound"])) is not a Live Activity's sound: ActivityKit plays the alert's, \(PayloadChecker.dotted(alertPath + ["sound"]))"
                    + (here.isEmpty ? "" : "; " + here),
                at: apsPath + ["sound"], atKey: true)
        }
    }
}
