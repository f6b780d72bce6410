/// `live-activity-start`.
enum LiveActivityStartDeclaration: RuleDeclaration {
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
}
