/// `live-activity-alert`.
enum LiveActivityAlertDeclaration: RuleDeclaration {
    static let rule = Rule.liveActivityAlert
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.warning]
    static let summary =
        "a Live Activity alert with a sound but no title or body (no alert, no sound), or a sound in aps.sound instead of aps.alert.sound"
    static let basis = Rule.Basis.documentation
    static let citation: String? = RuleExample.activityKit + "; ActivityKit's AlertConfiguration (title, body, sound)"
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
}
