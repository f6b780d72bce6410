import Foundation
import Testing

@Suite("soundkit payload: positions, size as sent, many files")
struct PayloadCLITests {
    /// Writes each payload into a fresh folder as `p1.json`, `p2.json`, … and runs `soundkit payload` on them all.
    func payload(_ payloads: [String], _ extra: [String] = []) throws -> (Tool.Result, URL) {
        let dir = try temporaryDirectory("payload-cli")
        var names: [String] = []
        for (i, json) in payloads.enumerated() {
            names.append("p\(i + 1).json")
            try Data(json.utf8).write(to: dir.appendingPathComponent(names[i]))
        }
        return (try Tool.run(Tool.soundkit, ["payload"] + names + extra, in: dir), dir)
    }

    struct Document: Decodable {
        struct File: Decodable {
            struct F: Decodable {
                var rule, message: String
                var subject: String?
                var line, column: Int?
            }
            var path: String
            var findings: [F]
        }
        var files: [File]
    }

    static let pretty = """
        {
          "aps": {
            "sound": true
          }
        }

        """

    @Test("many payloads: path:line:column in text, line and col in GitHub annotations and JSON; exit 1 on an error")
    func positions() throws {
        let (r, _) = try payload([#"{"aps":{"sound":"default"}}"#, Self.pretty])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("p2.json:3:14: error: aps.sound is true; it must be"), "\(r.stdout)")
        let (g, _) = try payload([Self.pretty], ["--format", "github"])
        #expect(
            g.stdout.hasPrefix("::error file=p1.json,line=3,col=14,title=soundkit payload-shape::aps.sound is true"))
        let (j, _) = try payload([#"{"aps":{"sound":"default"}}"#, Self.pretty], ["--format", "json"])
        let doc = try JSONDecoder().decode(Document.self, from: j.data)
        #expect(doc.files.map(\.path) == ["p1.json", "p2.json"] && doc.files[0].findings.isEmpty)
        let f = try #require(doc.files[1].findings.first)
        #expect(f.line == 3 && f.column == 14 && f.subject == "aps.sound" && f.rule == "payload-shape")
    }

    @Test("standard input can be named once among the files")
    func standardInputOnce() throws {
        let r = try Tool.run("/bin/sh", ["-c", "echo '{}' | exec \"$0\" payload - -", Tool.soundkit])
        #expect(r.status == 64 && r.stderr.contains("Standard input ('-') can be read once."))
    }

    @Test("a 4,344-byte pretty-printed payload is over the limit as sent; its compact form would fit, and it says so")
    func prettyOverLimit() throws {
        var items: [String] = []
        for i in 1...12 {
            items.append(
                """
                      {
                        "sku": "SKU-\(1000 + i)",
                        "name": "Item number \(i)",
                        "qty": \(i % 3 + 1),
                        "price": "\(i).99"
                      }
                """)
        }
        func text(_ note: String) -> String {
            """
            {
              "aps": {
                "alert": {
                  "title": "Your order has shipped",
                  "body": "Order #48213 is on its way and arrives on Thursday."
                },
                "sound": "chime.caf",
                "badge": 1,
                "thread-id": "order-48213"
              },
              "order": {
                "id": "48213",
                "status": "shipped",
                "items": [
            \(items.joined(separator: ",\n"))
                ]
              },
              "note": "\(note)"
            }

            """
        }
        let json = text(String(repeating: "x", count: 4344 - text("").utf8.count))
        #expect(json.utf8.count == 4344)
        let (r, _) = try payload([json])
        #expect(r.status == 1)
        #expect(
            r.stdout.hasPrefix(
                "p1.json:1:1: error: the APNs payload is 4344 bytes as sent, and APNs refuses payloads over 4096 bytes; "
                    + "compact JSON would be "),
            "\(r.stdout)")
        #expect(r.stdout.contains("bytes, which fits [payload-size]"))
    }

    @Test("a sound several payloads name: its findings name the file, placed at the name; --no-loudness is accepted")
    func soundFindings() throws {
        let dir = try temporaryDirectory("payload-sound")
        let sounds = dir.appendingPathComponent("app/Library/Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        try Tool.must(
            "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=31", "-ar", "8000",
            sounds.appendingPathComponent("long.wav").path)
        let (r, _) = try payload(
            Array(repeating: #"{"aps":{"sound":"long.wav"}}"#, count: 3),
            ["--app-container", sounds.deletingLastPathComponent().deletingLastPathComponent().path, "--no-loudness"])
        #expect(r.status == 1)
        let duration = r.stdout.split(separator: "\n").filter { $0.hasSuffix("[duration]") }
        #expect(duration.count == 3, "\(r.stdout)")
        #expect(
            duration.allSatisfy {
                $0.contains(":1:17: error: \(sounds.appendingPathComponent("long.wav").path): plays for 31.0 s")
            })
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.hasPrefix("long.wav: resolves to "))
    }

    @Test("provider bodies: each file recognised, findings as FILE:LINE:COL, exit 1 when one has an error; --provider")
    func providers() throws {
        let oneSignal = #"{"app_id":"x","ios_sound":"chime.caf","android_sound":"chime","android_channel_id":"c"}"#
        let fcm = #"{"message":{"token":"t","notification":{"title":"Hi","sound":"chime.caf"}}}"#
        let (quiet, _) = try payload([oneSignal])
        #expect(quiet.status == 0 && !quiet.stdout.contains("error") && !quiet.stdout.contains("warning"))
        let (r, _) = try payload([oneSignal, fcm])
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stdout.contains("p2.json:1:54: error: FCM v1 refuses message.notification.sound"))
        #expect(r.stdout.contains("[payload-provider]") && !r.stdout.contains("p1.json:1:1: error"))
        let (forced, _) = try payload([oneSignal], ["--provider", "fcm"])
        #expect(forced.status == 1 && forced.stdout.contains("p1.json:1:2: error: FCM v1 refuses app_id"))
        let (json, _) = try payload([fcm], ["--provider", "expo", "--format", "json"])
        #expect(json.status == 0 && json.stdout.contains("\"files\""), "\(json.stdout)")
    }

    @Test("Apple's Live Activity update: clean, its alert sound resolved with --bundle, name-not-found when absent")
    func liveActivity() throws {
        let update = #"""
            {"aps":{"timestamp":1168364460,"event":"update","content-state":{"currentHealthLevel":0.941},"relevance-score":75,"alert":{"title":"Power Panda found a sword!","body":"In a cave.","sound":"chime.aiff"}}}
            """#
        let (plain, _) = try payload([update], ["--format", "json"])
        #expect(plain.status == 0 && plain.stdout.contains(#""provider" : "apns""#), "\(plain.stdout)")
        #expect(!plain.stdout.contains("silent") && !plain.stdout.contains("ignored"), "\(plain.stdout)")
        let app = try temporaryDirectory("payload-live").appendingPathComponent("Rangers.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let (missing, _) = try payload([update], ["--bundle", app.path])
        #expect(missing.status == 1 && missing.stdout.contains("error:") && missing.stdout.contains("[name-not-found]"))
        #expect(missing.stdout.contains("p1.json:1:"), "\(missing.stdout)")
        try Tool.must(
            "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "pcm_s16be",
            app.appendingPathComponent("chime.aiff").path)
        let (found, _) = try payload([update], ["--bundle", app.path, "--no-loudness"])
        #expect(found.status == 0 && !found.stdout.contains("[name-not-found]"), "\(found.stdout)")
        #expect(found.stderr.hasPrefix("chime.aiff: resolves to "), "\(found.stderr)")
    }

    @Test("an Amazon SNS body: inner findings at the platform's string naming the key, a broken string an error")
    func sns() throws {
        let body =
            #"{"default":"x","APNS":"{\"aps\":{\"sound\":{\"critical\":1,\"name\":\"a.caf\",\"volume\":3}}}","GCM":"not json"}"#
        let (r, _) = try payload([body])
        #expect(r.status == 1)
        #expect(r.stdout.contains("p1.json:1:23: error: in APNS: aps.sound.volume is 3"), "\(r.stdout)")
        #expect(r.stdout.contains("p1.json:1:102: error: GCM is not valid JSON"), "\(r.stdout)")
        let (j, _) = try payload([body], ["--format", "json"])
        #expect(j.stdout.contains(#""provider" : "sns""#) && j.stdout.contains(#""subject" : "APNS.aps.sound.volume""#))
    }
}
