/// `live-activity-start`.
enum LiveActivityStartRule: RuleDeclaration {
    static let rule = Rule.liveActivityStart
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error]
    static let summary = "a push-to-start (event start) without attributes-type, attributes or alert"
    static let basis = Rule.Basis.documentation
    static let citation: String? = RuleExample.activityKit
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"timestamp":1168364460,"event":"start","content-state":{"a":1}}}"#)
        ],
        nonTriggering: [
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"start","content-state":{"currentHealthLevel":100,"eventDescription":"Adventure has begun!"},"attributes-type":"AdventureAttributes","attributes":{"currentHealthLevel":100,"eventDescription":"Adventure has begun!"},"alert":{"title":{"loc-key":"%@ is on an adventure!","loc-args":["Power Panda"]},"body":{"loc-key":"%@ found a sword!","loc-args":["Power Panda"]},"sound":"chime.aiff"}}}"#
            )
        ])

    /// `live-activity-start`: a push-to-start names the activity's type (`attributes-type`), its static data
    /// (`attributes`) and an `alert`, or iOS cannot start it.
    static func check(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        let needs: [(key: String, why: String)] = [
            (
                "attributes-type",
                "the name of the app's ActivityAttributes type, which says which Live Activity to start"
            ),
            ("attributes", "the activity's static data, decoded as that type"),
            ("alert", "a push-to-start must alert the person (title, body, and a sound if one is wanted)"),
        ]
        for (key, why) in needs where aps[key] == nil {
            notes.add(
                .liveActivityStart,
                "\(PayloadChecker.dotted(apsPath)) starts a Live Activity without \"\(key)\": \(why); iOS does not start it",
                at: apsPath + [key])
        }
    }
}
