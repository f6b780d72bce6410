/// `payload-shape`.
enum PayloadShapeRule: RuleDeclaration {
    static let rule = Rule.payloadShape
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error, .warning, .note]
    static let summary =
        "aps.sound malformed: critical not 0/1, volume a string or outside 0…1, an empty name, sound: true; a notification's relevance-score outside 0…1 (a Live Activity's only orders activities); no aps (a note when the body is of no known shape, or has no iOS part)"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"sound":true}}"#),
            .payload(#"{"aps":{"sound":{"critical":1,"name":"a.caf","volume":"0.5"}}}"#),
            .payload(#"{"aps":{"alert":"Hi","relevance-score":75}}"#),
            .payload(#"{"default":"x","APNS":"{\"aps\":{\"sound\":\"\"}}"}"#, provider: .sns),
        ],
        nonTriggering: [
            .payload(
                #"{"aps":{"sound":{"critical":1,"name":"default","volume":1.0},"interruption-level":"critical"}}"#),
            .payload(
                #"{"aps":{"timestamp":1168364460,"event":"update","content-state":{"a":1},"relevance-score":75}}"#),
            .payload(
                #"{"audience":"all","device_types":["ios"],"notification":{"ios":{"sound":{"critical":true,"name":"alarm.caf","volume":0.8}}}}"#
            ),
        ])

    /// `payload-shape`: `relevance-score`, which Apple documents as a number from 0 to 1.
    static func relevanceScore(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        guard let score = aps["relevance-score"] else { return }
        let path = apsPath + ["relevance-score"]
        let p = PayloadChecker.dotted(path)
        guard case .number(let n) = score, let x = Double(n) else {
            notes.add(.payloadShape, "\(p) is \(score.typeName); it must be a number between 0 and 1", at: path)
            return
        }
        if !(0...1).contains(x) {
            notes.add(.payloadShape, "\(p) is \(n); it must be between 0 and 1", at: path)
        }
    }
}
