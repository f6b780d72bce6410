/// `interruption-level`.
/// Apple, "Generating a remote notification" (the `interruption-level` key and its four values) and
/// UNNotificationInterruptionLevel / UNNotificationSound.defaultCritical, whose availability gives the first system
/// with each: interruption levels from iOS and iPadOS 15, macOS 12, watchOS 8 and visionOS 1; critical sounds from
/// iOS 12, macOS 10.14, watchOS 5 and visionOS 1. Below those a system ignores what it does not know, so a payload
/// for an app that still supports them is a note, not an error (the check against the app is
/// ``Deployment/check(aps:at:deployment:into:)``, which needs the bundle).
enum InterruptionLevelRule: RuleDeclaration {
    static let rule = Rule.interruptionLevel
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error, .note]
    static let summary =
        "aps.interruption-level other than passive, active, time-sensitive or critical; critical without a critical sound, or a critical sound at another level, is a note; so is a level or a critical sound the app's oldest supported system (--bundle: MinimumOSVersion, LSMinimumSystemVersion on macOS) does not have"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"alert":"Hi","interruption-level":"urgent"}}"#),
            .tree(
                .payload("p.json", bundle: "Old.app"),
                .text("p.json", #"{"aps":{"alert":"Ready","interruption-level":"time-sensitive","sound":"default"}}"#),
                .plist("Old.app/Info.plist", ["CFBundleIdentifier": "com.example.old", "MinimumOSVersion": "14.0"])),
        ],
        nonTriggering: [
            .payload(#"{"aps":{"alert":"Ready","interruption-level":"time-sensitive","relevance-score":0.75}}"#),
            .tree(
                .payload("p.json", bundle: "App.app"),
                .text("p.json", #"{"aps":{"alert":"Ready","interruption-level":"time-sensitive","sound":"default"}}"#),
                .plist("App.app/Info.plist", ["CFBundleIdentifier": "com.example.app", "MinimumOSVersion": "15.0"])),
        ])

    /// The interruption levels Apple documents for `aps.interruption-level`.
    static let levels = ["passive", "active", "time-sensitive", "critical"]

    /// `interruption-level`: one of the four levels Apple documents, and a critical level with a critical sound.
    static func check(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        guard let level = aps["interruption-level"] else { return }
        let path = apsPath + ["interruption-level"]
        let p = PayloadChecker.dotted(path)
        guard case .string(let s) = level, levels.contains(s) else {
            notes.add(
                .interruptionLevel,
                "\(p) is \(level.typeName); it must be \"passive\", \"active\", \"time-sensitive\" or \"critical\"",
                at: path)
            return
        }
        let sound = PayloadChecker.dotted(apsPath + ["sound"])
        let criticalSound = aps["sound"]?["critical"] == .number("1")
        if s == "critical", !criticalSound {
            notes.add(
                .interruptionLevel,
                "\(p) is \"critical\" but \(sound) is not a critical sound ({\"critical\": 1, \"name\": …, \"volume\": …}): a critical alert plays through the ring switch and Focus only with one",
                .note, at: path)
        } else if s != "critical", criticalSound {
            notes.add(
                .interruptionLevel,
                "\(sound) is a critical sound but \(p) is \"\(s)\"; a critical alert's level is \"critical\"",
                .note, at: path)
        }
    }
}
