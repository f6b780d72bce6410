import Foundation
import Testing

@_spi(SoundKitServe) @testable import SoundKitNotifications

/// Payloads for the size tests, pretty-printed as people write them.
enum Payloads {
    /// `value` pretty-printed with 2-space indentation, `"key": value`, as editors and most JSON libraries write it.
    static func pretty(_ value: JSONValue, _ indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .object(let members) where !members.isEmpty:
            let lines = members.map { inner + JSONValue.quote($0.0) + ": " + pretty($0.1, inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + pretty($0, inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        default: return value.compact
        }
    }

    /// A realistic order-update push: `aps` with an alert and a sound, and the app's own keys (an order with its
    /// items), with a note padded so that the pretty-printed text (and its final newline) is `bytes` long.
    static func order(prettyBytes bytes: Int, items: Int = 12) -> (text: String, value: JSONValue) {
        func make(_ note: String) -> JSONValue {
            let lines = (1...items).map { i in
                JSONValue.object([
                    ("sku", .string("SKU-\(1000 + i)")), ("name", .string("Item number \(i)")),
                    ("qty", .number("\(i % 3 + 1)")), ("price", .string("\(i).99")),
                ])
            }
            return .object([
                (
                    "aps",
                    .object([
                        (
                            "alert",
                            .object([
                                ("title", .string("Your order has shipped")),
                                ("body", .string("Order #48213 is on its way and arrives on Thursday.")),
                            ])
                        ),
                        ("sound", .string("chime.caf")), ("badge", .number("1")),
                        ("thread-id", .string("order-48213")),
                    ])
                ),
                (
                    "order",
                    .object([("id", .string("48213")), ("status", .string("shipped")), ("items", .array(lines))])
                ),
                ("note", .string(note)),
            ])
        }
        let bare = pretty(make("")).utf8.count + 1
        let value = make(String(repeating: "x", count: max(0, bytes - bare)))
        return (pretty(value) + "\n", value)
    }
}

@Suite("Payload linter: positions, size as sent, the report, the sound cache")
struct PayloadLinterTests {
    func lint(_ text: String) -> PayloadReport {
        PayloadChecker.check(Array(text.utf8), cache: ResultCache(directory: nil, identity: "test"))
    }

    func position(_ r: PayloadReport, _ subject: String) -> [Int?] {
        let f = r.findings.first { $0.subject == subject }
        return [f?.line, f?.column]
    }

    @Test("pretty-printed: each finding at the line and column of the value it is about, an unknown key at its name")
    func prettyPositions() {
        let text = """
            {
              "aps": {
                "alert": "Wake up",
                "sound": {
                  "critical": "1",
                  "name": "alarm.caf",
                  "volume": 2,
                  "loud": true
                }
              }
            }
            """
        let r = lint(text)
        #expect(position(r, "aps.sound.critical") == [5, 19])
        #expect(position(r, "aps.sound.volume") == [7, 17])
        #expect(position(r, "aps.sound.loud") == [8, 7])
        #expect(r.findings.allSatisfy { $0.rule == .payloadShape || $0.rule == .nameNotFound })
        #expect(position(r, "aps.sound.name") == [6, 15])
    }

    @Test("minified, FCM v1 nested, after a byte order mark and non-ASCII text: columns count characters")
    func otherShapes() {
        #expect(position(lint(#"{"aps":{"alert":"hi","sound":true}}"#), "aps.sound") == [1, 30])
        #expect(position(lint(#"{"aps":{"alert":"héllo ✓","sound":true}}"#), "aps.sound") == [1, 35])
        #expect(position(lint("\u{FEFF}" + #"{"aps":{"sound":true}}"#), "aps.sound") == [1, 17])
        let fcm = lint(#"{"message":{"token":"t","apns":{"payload":{"aps":{"sound":""}}}}}"#)
        #expect(position(fcm, "message.apns.payload.aps.sound") == [1, 59])
        // A missing member: at the dictionary it is missing from.
        let silent = lint("{\n  \"aps\": {\"alert\": \"x\"}\n}")
        #expect(position(silent, "aps.sound") == [2, 10])
        let noAPS = lint("\n\n  {\"alert\": \"x\"}")
        #expect(noAPS.findings.first.map { [$0.line, $0.column] } == [3, 3] && noAPS.findings.first?.subject == nil)
    }

    @Test("the parser records object members, not array items, and counts columns after a byte order mark")
    func parserPositions() throws {
        let parsed = try JSONParser.parseLocated(Array(#"{"a":[{"b":1}],"c":{"d":2}}"#.utf8))
        #expect(parsed.positions.members[["a", "b"]] == nil)
        #expect(parsed.positions.value(at: ["a", "b"]) == JSONPosition(line: 1, column: 6))
        #expect(parsed.positions.members[["c", "d"]]?.key == JSONPosition(line: 1, column: 21))
        #expect(parsed.positions.value(at: ["c", "d"]) == JSONPosition(line: 1, column: 25))
        let e = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array("\u{FEFF}{\"a\":}".utf8)) }
        #expect(e?.line == 1 && e?.column == 6)
    }

    @Test("invalid JSON: the payload-json finding carries the line and column of the syntax error")
    func syntaxPosition() {
        let r = lint("{\n  \"aps\": {\"sound\": \"x.caf\",}\n}")
        #expect(r.findings.map(\.rule) == [.payloadJSON])
        #expect(r.findings.first.map { [$0.line, $0.column] } == [2, 28])
        #expect(r.payloadBytes == nil && r.compactBytes == nil)
    }

    @Test("a 4,344-byte pretty-printed payload is over the limit; the message says compact JSON would fit")
    func prettyOverLimit() throws {
        let p = Payloads.order(prettyBytes: 4344)
        #expect(p.text.utf8.count == 4344)
        let compact = p.value.compact.utf8.count
        try #require(compact <= 4096)
        let r = lint(p.text)
        #expect(r.payloadBytes == 4344 && r.compactBytes == compact)
        let size = r.findings.filter { $0.rule == .payloadSize }
        #expect(size.count == 1 && size.first?.severity == .error)
        #expect(
            size.first?.message
                == "the APNs payload is 4344 bytes as sent, and APNs refuses payloads over 4096 bytes; "
                + "compact JSON would be \(compact) bytes, which fits")
        #expect(size.first.map { [$0.line, $0.column] } == [1, 1])
        #expect(PayloadLinter.lint(p.text).findings.contains { $0.rule == .payloadSize })
    }

    @Test("exactly 4096 bytes as sent passes, 4097 does not; over both ways, the message gives both sizes")
    func atTheLimit() {
        let at = Payloads.order(prettyBytes: 4096)
        #expect(at.text.utf8.count == 4096)
        #expect(!lint(at.text).findings.contains { $0.rule == .payloadSize })
        #expect(lint(at.text).payloadBytes == 4096)
        let minified = #"{"aps":{"sound":"default","alert":""#
        let filler = String(repeating: "x", count: 4096 - minified.utf8.count - 3)
        #expect(!lint(minified + filler + #""}}"#).findings.contains { $0.rule == .payloadSize })
        let over = lint(minified + filler + #"x"}}"#)
        #expect(
            over.findings.filter { $0.rule == .payloadSize }.map(\.message) == [
                "the APNs payload is 4097 bytes as sent (4097 as compact JSON); APNs refuses payloads over 4096 bytes"
            ])
    }

    @Test("an FCM v1 message: its APNs payload is measured as compact JSON, as FCM sends it, and placed")
    func fcmCompact() throws {
        let inner = Payloads.order(prettyBytes: 4344).value
        let wide = #"{"message": {"token": "t", "apns": {"payload": "# + Payloads.pretty(inner, "      ") + "}}}"
        let fits = lint(wide)
        #expect(!fits.findings.contains { $0.rule == .payloadSize })
        #expect(fits.payloadBytes == inner.compact.utf8.count && fits.compactBytes == fits.payloadBytes)
        let big = Payloads.order(prettyBytes: 5000).value
        let compact = big.compact.utf8.count
        try #require(compact > 4096)
        let r = lint(#"{"message": {"token": "t", "apns": {"payload": "# + big.compact + "}}}")
        let f = r.findings.first { $0.rule == .payloadSize }
        #expect(
            f?.message
                == "the APNs payload (message.apns.payload) is \(compact) bytes as compact JSON, the form FCM sends it "
                + "in (its size as written does not reach APNs); APNs refuses payloads over 4096 bytes")
        #expect(f.map { [$0.line, $0.column] } == [1, 48] && f?.subject == "message.apns.payload")
    }

    @Test("PayloadReport and its findings' positions survive a JSON round trip; findings without one have no keys")
    func roundTrip() throws {
        let dir = try temporaryDirectory()
        let sounds = dir.appendingPathComponent("Library/Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        try Data(SoundFiles.wav(seconds: 31)).write(to: sounds.appendingPathComponent("chime.wav"))
        let r = PayloadLinter.lint(
            "{\n  \"aps\": {\"sound\": \"chime.wav\", \"mutable-content\": \"1\"}\n}",
            locations: SoundLocations(appContainer: dir.path), measureLoudness: false)
        #expect(r.resolution?.winner == sounds.appendingPathComponent("chime.wav").path)
        #expect(r.findings.contains { $0.subject == r.resolution?.winner && $0.line == 2 && $0.column == 20 })
        let data = try JSONEncoder().encode(r)
        #expect(try JSONDecoder().decode(PayloadReport.self, from: data) == r)
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            text.contains(#""line":2"#) && text.contains(#""column":"#) && text.contains(#""soundName":"chime.wav""#))
        let bare = try JSONEncoder().encode(Rule.payloadSize.finding("x"))
        #expect(!String(decoding: bare, as: UTF8.self).contains("line"))
    }

    @Test("messages name no path the service holds: files by their location, the resolved sound in the subject")
    func neutralMessages() throws {
        let dir = try temporaryDirectory()
        let fm = FileManager.default
        for rel in [
            "data/Library/Sounds/both.wav", "Demo.app/both.wav", "Demo.app/alert.wav", "Demo.app/Sounds/deep.wav",
        ] {
            let url = dir.appendingPathComponent(rel)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(SoundFiles.wav(seconds: 31)).write(to: url)
        }
        let locations = SoundLocations(
            appContainer: dir.appendingPathComponent("data").path, bundle: dir.appendingPathComponent("Demo.app").path)
        func lint(_ name: String) -> PayloadReport {
            PayloadLinter.lint(#"{"aps":{"sound":"\#(name)"}}"#, locations: locations, measureLoudness: false)
        }
        let shadowed = lint("both.wav")
        #expect(
            shadowed.findings.map(\.message).contains(
                "'both.wav' also exists at main bundle/both.wav, which app container Library/Sounds/both.wav shadows "
                    + "(the first in iOS's search order wins)"))
        #expect(shadowed.findings.contains { $0.rule == .duration && $0.subject == shadowed.resolution?.winner })
        let missed = lint("Alert.wav").findings.map(\.message)
        #expect(missed.contains { $0.hasSuffix("did you mean 'alert.wav' (other case: main bundle/alert.wav)?") })
        let deep = lint("deep.wav").findings.map(\.message)
        #expect(deep.contains { $0.hasPrefix("'deep.wav' exists only in a subfolder (main bundle/Sounds/deep.wav)") })
        for r in [shadowed, lint("Alert.wav"), lint("deep.wav")] {
            #expect(r.findings.allSatisfy { !$0.message.contains(dir.path) && !$0.message.contains("soundkit") })
        }
    }

    @Test("text and GitHub lines: PATH:LINE:COLUMN when the finding has a position, unchanged without")
    func rendering() {
        var placed = Rule.payloadShape.finding("aps.sound is true", subject: "aps.sound")
        placed.line = 4
        placed.column = 14
        let report = CheckReport(files: [
            FileReport(path: "p.json", findings: [placed, Rule.payloadShape.finding("no aps", .warning)])
        ])
        #expect(
            report.textLines() == [
                "p.json:4:14: error: aps.sound is true [payload-shape]", "p.json: warning: no aps [payload-shape]",
            ])
        #expect(
            report.githubLines() == [
                "::error file=p.json,line=4,col=14,title=soundkit payload-shape::aps.sound is true",
                "::warning file=p.json,title=soundkit payload-shape::no aps",
            ])
    }

    @Test("the sound a payload names is checked once per cache, again when it changes or loudness is asked for")
    func checkedOnce() throws {
        let dir = try temporaryDirectory()
        let sounds = dir.appendingPathComponent("Library/Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        let file = sounds.appendingPathComponent("chime.wav")
        try Data(SoundFiles.wav(seconds: 31)).write(to: file)
        let cache = ResultCache(directory: nil, identity: "test")
        let locations = SoundLocations(appContainer: dir.path)
        var reports: [PayloadReport] = []
        for i in 0..<8 {
            let payload = #"{"aps":{"alert":"\#(i)","sound":"chime.wav"}}"#
            reports.append(PayloadChecker.check(Array(payload.utf8), locations: locations, cache: cache))
        }
        #expect(cache.checks == 1)
        #expect(reports.allSatisfy { $0.findings == reports[0].findings } && !reports[0].findings.isEmpty)
        #expect(reports[0].findings.allSatisfy { $0.subject == file.path })
        _ = PayloadChecker.check(
            Array(#"{"aps":{"sound":"chime.wav"}}"#.utf8), locations: locations, measureLoudness: false, cache: cache)
        #expect(cache.checks == 2)
        try Data(SoundFiles.wav(seconds: 32)).write(to: file)
        _ = PayloadChecker.check(Array(#"{"aps":{"sound":"chime.wav"}}"#.utf8), locations: locations, cache: cache)
        #expect(cache.checks == 3)
    }
}

/// Sound files written here, so the tests need no tool.
enum SoundFiles {
    /// A mono 16-bit 8 kHz WAV holding a 440 Hz tone.
    static func wav(seconds: Double) -> [UInt8] { TestWAV.tone(seconds: seconds) }
}
