import Foundation
import Testing

@testable import SoundKitNotifications

/// Apple's "Starting and updating Live Activities with ActivityKit push notifications": the start, update and end
/// bodies it documents (Emoji Rangers' adventure), whose alerts play `aps.alert.sound`.
enum LiveActivityBodies {
    static let start = #"""
        {"aps":{"timestamp":1168364460,"event":"start","content-state":{"currentHealthLevel":100,"eventDescription":"Adventure has begun!"},"attributes-type":"AdventureAttributes","attributes":{"currentHealthLevel":100,"eventDescription":"Adventure has begun!"},"alert":{"title":{"loc-key":"%@ is on an adventure!","loc-args":["Power Panda"]},"body":{"loc-key":"%@ found a sword!","loc-args":["Power Panda"]},"sound":"chime.aiff"}}}
        """#
    static let update = #"""
        {"aps":{"timestamp":1168364460,"event":"update","content-state":{"currentHealthLevel":0.941,"eventDescription":"Power Panda found a sword!"},"relevance-score":75,"stale-date":1168364500,"alert":{"title":{"loc-key":"%@ found a sword!","loc-args":["Power Panda"]},"body":{"loc-key":"%@ found a sword in a cave.","loc-args":["Power Panda"]},"sound":"chime.aiff"}}}
        """#
    static let end = #"""
        {"aps":{"timestamp":1168364460,"event":"end","dismissal-date":1168364460,"content-state":{"currentHealthLevel":0.0,"eventDescription":"Adventure over! Power Panda is taking a nap."}}}
        """#
    static let all = [start, update, end]
}

@Suite("Live Activities: ActivityKit push notifications")
struct LiveActivityTests {
    func lint(_ text: String, bundle: String? = nil) -> PayloadReport {
        var r = PayloadChecker.check(
            Array(text.utf8), locations: SoundLocations(bundle: bundle),
            cache: ResultCache(directory: nil, identity: "test"))
        r.findings = declared(r.findings)
        return r
    }

    func rules(_ text: String) -> [Rule] { lint(text).findings.filter { $0.severity != .note }.map(\.rule) }

    @Test("Apple's documented start, update and end bodies pass clean: no finding at all, no silent note")
    func documented() {
        for body in LiveActivityBodies.all {
            let r = lint(body)
            #expect(r.provider == .apns)
            #expect(
                r.findings.allSatisfy { $0.rule == .nameNotFound && $0.severity == .note }, "\(body): \(r.findings)")
            #expect(!r.findings.contains { $0.message.contains("silent") || $0.message.contains("ignored") })
        }
        #expect(lint(LiveActivityBodies.start).soundName == "chime.aiff")
        #expect(lint(LiveActivityBodies.end).findings.isEmpty)
    }

    @Test("the alert's sound resolves against a bundle: found when the app ships it, name-not-found when not")
    func resolves() throws {
        let app = try temporaryDirectory().appendingPathComponent("Rangers.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let missing = lint(LiveActivityBodies.update, bundle: app.path).findings.filter { $0.rule == .nameNotFound }
        #expect(missing.count == 1 && missing[0].severity == .error && missing[0].subject == "aps.alert.sound")
        try Data(count: 64).write(to: app.appendingPathComponent("chime.aiff"))
        let found = lint(LiveActivityBodies.update, bundle: app.path)
        #expect(!found.findings.contains { $0.rule == .nameNotFound })
        #expect(found.resolution?.winner?.hasSuffix("Rangers.app/chime.aiff") == true)
    }

    @Test("the alert's sound is checked as aps.sound is: a critical dictionary, its volume, a name without extension")
    func alertSoundShape() {
        let base =
            #"{"aps":{"timestamp":1,"event":"update","content-state":{},"alert":{"title":"t","body":"b","sound":SOUND}}}"#
        let critical = base.replacingOccurrences(of: "SOUND", with: #"{"critical":1,"name":"a.caf","volume":2}"#)
        let f = lint(critical).findings.filter { $0.severity == .error }
        #expect(f.map(\.subject) == ["aps.alert.sound.volume"], "\(f)")
        let bare = lint(base.replacingOccurrences(of: "SOUND", with: #""chime""#)).findings
        #expect(bare.contains { $0.rule == .soundName && $0.subject == "aps.alert.sound" })
    }

    @Test("a regular notification keeps aps.alert.sound a warning and its relevance-score bound")
    func regularPush() {
        let r = lint(#"{"aps":{"alert":{"title":"t","sound":"a.caf"},"relevance-score":75}}"#).findings
        #expect(
            r.contains { $0.rule == .payloadProvider && $0.severity == .warning && $0.subject == "aps.alert.sound" })
        #expect(r.contains { $0.rule == .payloadShape && $0.severity == .error && $0.subject == "aps.relevance-score" })
    }

    @Test(
        "timestamp: missing on update an error (on end a note, on start a warning); in milliseconds an error (on end a note: DTS, thread 776165); not a number an error"
    )
    func timestamp() {
        let update = #"{"aps":{"event":"update","content-state":{"a":1}}}"#
        let missing = lint(update).findings.filter { $0.rule == .liveActivityTimestamp }
        #expect(missing.map(\.severity) == [.error] && missing[0].subject == "aps.timestamp")
        let end = lint(#"{"aps":{"event":"end","content-state":{}}}"#).findings.filter {
            $0.rule == .liveActivityTimestamp
        }
        #expect(end.map(\.severity) == [.note])
        let start = lint(#"{"aps":{"event":"start","content-state":{}}}"#).findings
        #expect(start.filter { $0.rule == .liveActivityTimestamp }.map(\.severity) == [.warning])
        let ms = lint(#"{"aps":{"timestamp":1700000000000,"event":"update","content-state":{}}}"#).findings
        #expect(ms.filter { $0.rule == .liveActivityTimestamp }.map(\.severity) == [.error])
        #expect(ms.first?.message.contains("milliseconds") == true)
        let endMs = lint(#"{"aps":{"timestamp":1700000000000,"event":"end","content-state":{}}}"#).findings
        #expect(endMs.filter { $0.rule == .liveActivityTimestamp }.map(\.severity) == [.note])
        #expect(!endMs.contains { $0.severity == .error }, "an end in milliseconds is not dropped: \(endMs)")
        let startMs = lint(#"{"aps":{"timestamp":1700000000000,"event":"start","content-state":{}}}"#).findings
        #expect(startMs.filter { $0.rule == .liveActivityTimestamp }.map(\.severity) == [.error])
        #expect(rules(#"{"aps":{"timestamp":"now","event":"update","content-state":{}}}"#) == [.liveActivityTimestamp])
        #expect(rules(#"{"aps":{"timestamp":95617584000,"event":"update","content-state":{}}}"#).isEmpty)
    }

    @Test("event: start/update/end pass; anything else or none is an error; dismissal-date off end a warning")
    func event() {
        #expect(rules(#"{"aps":{"timestamp":1,"event":"stop","content-state":{}}}"#) == [.liveActivityEvent])
        #expect(rules(#"{"aps":{"timestamp":1,"content-state":{}}}"#) == [.liveActivityEvent])
        let early = lint(#"{"aps":{"timestamp":1,"event":"update","content-state":{},"dismissal-date":5}}"#).findings
        #expect(early.map(\.rule) == [.liveActivityEvent] && early[0].severity == .warning)
    }

    @Test("content-state: missing on update an error, on end a warning; not a dictionary or over 4 KB an error")
    func contentState() {
        let none = lint(#"{"aps":{"timestamp":1,"event":"update"}}"#).findings
        #expect(none.map(\.rule) == [.liveActivityContent] && none[0].severity == .error)
        let end = lint(#"{"aps":{"timestamp":1,"event":"end"}}"#).findings
        #expect(end.map(\.rule) == [.liveActivityContent] && end[0].severity == .warning)
        #expect(rules(#"{"aps":{"timestamp":1,"event":"update","content-state":[1]}}"#) == [.liveActivityContent])
        let big = String(repeating: "x", count: 4100)
        let large = lint(#"{"aps":{"timestamp":1,"event":"update","content-state":{"s":"\#(big)"}}}"#).findings
        #expect(large.contains { $0.rule == .liveActivityContent && $0.message.contains("4 KB") })
    }

    @Test("push-to-start: without attributes-type, attributes or alert an error naming each")
    func start() {
        let f = lint(#"{"aps":{"timestamp":1,"event":"start","content-state":{}}}"#).findings
        #expect(f.map(\.subject) == ["aps.attributes-type", "aps.attributes", "aps.alert"], "\(f)")
        #expect(f.allSatisfy { $0.rule == .liveActivityStart && $0.severity == .error })
    }

    @Test("alert: a sound without title or body is dropped with it; aps.sound is not the activity's sound")
    func alert() {
        let bare = lint(#"{"aps":{"timestamp":1,"event":"update","content-state":{},"alert":{"sound":"a.caf"}}}"#)
        #expect(bare.findings.filter { $0.severity != .note }.map(\.rule) == [.liveActivityAlert])
        let aps = lint(#"{"aps":{"timestamp":1,"event":"update","content-state":{},"sound":"a.caf"}}"#).findings
        #expect(aps.filter { $0.severity != .note }.map(\.rule) == [.liveActivityAlert])
        #expect(aps.first { $0.rule == .liveActivityAlert }?.message.contains("aps.alert.sound") == true)
    }

    @Test("a Live Activity's relevance-score of any size passes; only a non-number is an error")
    func relevance() {
        #expect(rules(#"{"aps":{"timestamp":1,"event":"update","content-state":{},"relevance-score":100}}"#).isEmpty)
        #expect(
            rules(#"{"aps":{"timestamp":1,"event":"update","content-state":{},"relevance-score":"high"}}"#)
                == [.payloadShape])
    }
}
