import Foundation
import Testing

/// A folder of sounds written here (16-bit PCM WAV at 8 kHz, a 440 Hz tone at half scale), each with findings that
/// stay put: `long.wav` (31 s: duration error, size note), `banner.wav` (6 s:
/// duration-banner warning) and `short.wav` (0.5 s: none).
struct TeamFolder {
    let root: URL

    init(_ name: String = #function) throws {
        root = try temporaryDirectory(name)
        try write("long.wav", Self.wav(seconds: 31))
        try write("banner.wav", Self.wav(seconds: 6))
        try write("short.wav", Self.wav(seconds: 0.5))
    }

    func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    func write(_ name: String, _ data: Data) throws {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func write(_ name: String, _ text: String) throws { try write(name, Data(text.utf8)) }

    func run(_ arguments: String..., in folder: String = "") throws -> Tool.Result {
        try Tool.run(Tool.soundkit, arguments, in: folder.isEmpty ? root : root.appendingPathComponent(folder))
    }

    static func wav(seconds: Double, amplitude: Double = 0.5, frequency: Double = 440) -> Data {
        Data(
            TestWAV.pcm16(rate: 8000, channels: 1, frames: Int(seconds * 8000)) { i, _ in
                Int16((amplitude * 32767 * sin(2 * Double.pi * frequency * Double(i) / 8000)).rounded())
            })
    }
}

/// `check --format json` as far as these tests read it.
struct TeamJSON: Decodable {
    struct File: Decodable {
        struct F: Decodable { var severity, rule: String }
        var path: String
        var findings: [F]
    }
    var files: [File]

    init(_ r: Tool.Result) throws { self = try JSONDecoder().decode(TeamJSON.self, from: r.data) }

    /// `name: rule=severity` for every finding, files by their last component, sorted.
    var summary: [String] {
        files.flatMap { f in
            f.findings.map { "\(URL(fileURLWithPath: f.path).lastPathComponent): \($0.rule)=\($0.severity)" }
        }.sorted()
    }
}

@Suite(".soundkit.yml: found upward, named or ignored; each mistake stops the run with FILE:LINE:COL and status 78")
struct ConfigFileTests {
    @Test(
        "a mistake names its key and what is allowed, at its line and column, before anything is checked",
        arguments: [
            (
                "rules:\n  size: error\nexclude: []\n", 3, 1,
                "unknown key 'exclude' in the config; allowed: rules, excluded"
            ),
            ("rules:\n  durations: off\n", 2, 3, "unknown rule 'durations' in rules; rule ids: unreadable"),
            ("rules:\n  size: fatal\n", 2, 9, "rules.size is 'fatal'; allowed: off, note, warning, error"),
            ("rules: [size]\n", 1, 8, "rules must be a mapping of keys to values, not a list"),
            ("excluded: raw\n", 1, 11, "excluded must be a list of path patterns"),
            ("overrides:\n  - rules: {size: off}\n", 2, 5, "overrides[0] needs paths"),
            (
                "overrides:\n  - paths: [a]\n    rules: {size: loud}\n", 3, 19,
                "overrides[0].rules.size is 'loud'; allowed: off, note, warning, error"
            ),
            (
                "overrides:\n  - paths: [a]\n    rule: {}\n", 3, 5,
                "unknown key 'rule' in overrides[0]; allowed: paths, rules"
            ),
            (
                "loudness: {target: \"-16\"}\n", 1, 20,
                "loudness.target is the string \"-16\"; allowed: a number from -70"
            ),
            (
                "loudness: {target: -16, spred: 3}\n", 1, 25,
                "unknown key 'spred' in loudness; allowed: target, tolerance, spread"
            ),
            ("loudness: {target: 5}\n", 1, 20, "loudness.target is '5'; allowed: a number from -70.0 to 0.0 LUFS"),
            ("strict: yes\n", 1, 9, "strict is 'yes'; allowed: true, false"),
            ("rules: {size: off\n", 2, 1, "not valid YAML"),
            ("rules:\n  size: off\n  size: note\n", 2, 3, "a key appears twice: size"),
            ("base: &b {size: off}\nrules: *b\n", 1, 7, "anchors (&name) and aliases (*name) are not allowed"),
            ("rules: *b\n", 1, 8, "not valid YAML: found undefined alias"),
            // Read the same by the libyaml reader as by Yams before it (compared on the two binaries).
            ("rules: {size: off}\n---\nstrict: true\n", 2, 1, "not valid YAML: but found another document"),
            ("strict: \"true\"\n", 1, 9, "strict is the string \"true\"; allowed: true, false"),
            ("{b: 1, a: 2, b: 3, a: 4}\n", 1, 8, "a key appears twice: a, b"),
            ("rules: {size: off, \"size\": note}\n", 1, 9, "a key appears twice: size"),
            ("{off: 1, 'off': 2}\n", 1, 2, "unknown key 'off' in the config"),
            ("strict: true\u{07}\n", 1, 1, "not valid YAML: control characters are not allowed"),
            (String(repeating: "[", count: 300), 1, 257, "more than 256 '[' and '{'"),
            (String(repeating: ",", count: 10_001), 1, 10_001, "more than 10000 entries"),
            (
                (0..<50).map { String(repeating: " ", count: 2 * $0) + "k\($0):" }.joined(separator: "\n"), 41, 1,
                "nested too deep"
            ),
        ] as [(String, Int, Int, String)])
    func mistakes(_ yaml: String, _ line: Int, _ column: Int, _ words: String) throws {
        let team = try TeamFolder()
        try team.write(".soundkit.yml", yaml)
        for command in [
            ["check", "--no-loudness", "long.wav"], ["payload", "p.json"], ["report", "-o", "r.html", "."],
        ] {
            try team.write("p.json", #"{"aps":{"sound":"default"}}"#)
            let r = try Tool.run(Tool.soundkit, command, in: team.root)
            #expect(r.status == 78, "\(command[0]): \(r.stderr)")
            let expected = "\(team.path(".soundkit.yml")):\(line):\(column): error: "
            #expect(r.stderr.hasPrefix(expected), "\(command[0]): \(r.stderr)")
            #expect(r.stderr.contains(words), "\(r.stderr)")
            #expect(r.stdout.isEmpty, "nothing is checked: \(r.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: team.path("r.html")))
    }

    @Test("a config over 1 MiB, or not UTF-8, is refused at 1:1; --config names it as given")
    func sizeAndEncoding() throws {
        let team = try TeamFolder()
        try team.write("big.yml", "# " + String(repeating: "x", count: 1 << 20) + "\n")
        let big = try team.run("check", "--config", "big.yml", "short.wav")
        #expect(big.status == 78 && big.stderr.hasPrefix("big.yml:1:1: error: the file is over 1048576 bytes"))
        try team.write("latin1.yml", Data([0x23, 0x20, 0xE9, 0x0A]))
        let latin1 = try team.run("check", "--config", "latin1.yml", "short.wav")
        #expect(latin1.status == 78 && latin1.stderr.hasPrefix("latin1.yml:1:1: error: the file is not UTF-8 text"))
        let missing = try team.run("check", "--config", "none.yml", "short.wav")
        #expect(missing.status == 78 && missing.stderr.hasPrefix("none.yml:1:1: error: "), "\(missing.stderr)")
    }

    @Test("the nearest .soundkit.yml from the current folder upward applies; --config names another; --no-config none")
    func discovery() throws {
        let team = try TeamFolder()
        try team.write(".soundkit.yml", "rules:\n  duration-banner: error\n")
        try team.write("app/Sounds/placeholder.txt", "")
        let clean = try team.run("check", "--no-loudness", "--format", "json", "../../banner.wav", in: "app/Sounds")
        #expect(clean.status == 1)
        #expect(try TeamJSON(clean).summary == ["banner.wav: duration-banner=error"])

        try team.write("app/.soundkit.yml", "rules: {duration-banner: off}\n")
        let nearest = try team.run("check", "--no-loudness", "--format", "json", "../../banner.wav", in: "app/Sounds")
        #expect(nearest.status == 0, "\(nearest.stdout)")
        #expect(try TeamJSON(nearest).summary.isEmpty)

        try team.write("elsewhere/team.yml", "rules: {duration-banner: note}\n")
        let named = try team.run(
            "check", "--no-loudness", "--format", "json", "--config", "../../elsewhere/team.yml", "../../banner.wav",
            in: "app/Sounds")
        #expect(try TeamJSON(named).summary == ["banner.wav: duration-banner=note"])

        let none = try team.run(
            "check", "--no-loudness", "--format", "json", "--no-config", "../../banner.wav", in: "app/Sounds")
        #expect(try TeamJSON(none).summary == ["banner.wav: duration-banner=warning"])

        let both = try team.run("check", "--config", "x.yml", "--no-config", "short.wav")
        #expect(both.status == 64 && both.stderr.contains("--config and --no-config cannot be combined"))
    }

    @Test("an empty config, or one of comments, changes nothing")
    func empty() throws {
        let team = try TeamFolder()
        try team.write(".soundkit.yml", "# nothing yet\nrules:\n")
        let r = try team.run("check", "--no-loudness", "--format", "json", "banner.wav")
        #expect(r.status == 0)
        #expect(try TeamJSON(r).summary == ["banner.wav: duration-banner=warning"])
    }
}

@Suite(".soundkit.yml applied: off, severities, overrides, excluded, loudness, strict")
struct ConfigApplyTests {
    @Test("off drops a rule's findings; a severity replaces its default")
    func severities() throws {
        let team = try TeamFolder()
        try team.write(".soundkit.yml", "rules:\n  size: off\n  duration: warning\n  duration-banner: note\n")
        let r = try team.run("check", "--no-loudness", "--format", "json", "long.wav", "banner.wav")
        #expect(r.status == 0, "\(r.stdout)")
        #expect(
            try TeamJSON(r).summary == ["banner.wav: duration-banner=note", "long.wav: duration=warning"])
        // Errors first again, in text too.
        try team.write(".soundkit.yml", "rules: {size: error}\n")
        let text = try team.run("check", "--no-loudness", "long.wav")
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasSuffix("[duration]") && lines[1].hasSuffix("[size]"), "\(lines)")
    }

    @Test("overrides apply to the paths they name, relative to the config's folder; later entries win")
    func overrides() throws {
        let team = try TeamFolder()
        try team.write("Sounds/alarm-fire.wav", TeamFolder.wav(seconds: 6))
        try team.write("Sounds/ping.wav", TeamFolder.wav(seconds: 6))
        try team.write(
            ".soundkit.yml",
            """
            rules: {duration-banner: error}
            overrides:
              - paths: ["**/alarm-*.wav"]
                rules: {duration-banner: warning}
              - paths: ["Sounds/alarm-fire.wav"]
                rules: {duration-banner: note}
              - paths: ["Other/**"]
                rules: {duration-banner: off}

            """)
        let r = try team.run("check", "--no-loudness", "--format", "json", "ping.wav", "alarm-fire.wav", in: "Sounds")
        #expect(
            try TeamJSON(r).summary == ["alarm-fire.wav: duration-banner=note", "ping.wav: duration-banner=error"],
            "\(r.stdout)")
    }

    @Test("excluded paths are not checked, named or found in a folder, relative to the config's folder")
    func excluded() throws {
        let team = try TeamFolder()
        try team.write("Sounds/raw/master.wav", TeamFolder.wav(seconds: 31))
        try team.write("Sounds/raw/deeper/take2.wav", TeamFolder.wav(seconds: 31))
        try team.write("Sounds/ok.wav", TeamFolder.wav(seconds: 0.5))
        try team.write(".soundkit.yml", "excluded: [\"Sounds/raw/**\", \"long.wav\"]\n")
        let r = try team.run("check", "--no-loudness", "--format", "json", "Sounds", "long.wav", "banner.wav")
        let json = try TeamJSON(r)
        #expect(json.files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["ok.wav", "banner.wav"])
        #expect(r.status == 0)
        // From a subfolder the globs still read from the config's folder.
        let sub = try team.run("check", "--no-loudness", "--format", "json", ".", in: "Sounds")
        #expect(try TeamJSON(sub).files.map(\.path) == ["./ok.wav"], "\(sub.stdout)")
        // A plain folder name excludes what is below it.
        try team.write(".soundkit.yml", "excluded: [Sounds/raw]\n")
        let folder = try team.run("check", "--no-loudness", "--format", "json", "Sounds")
        #expect(try TeamJSON(folder).files.count == 1)
    }

    @Test("loudness: the config's target and spread apply unless the command line gives its own")
    func loudness() throws {
        let team = try TeamFolder()
        try team.write("quiet.wav", TeamFolder.wav(seconds: 0.5, amplitude: 0.05))
        try team.write(".soundkit.yml", "loudness: {target: -16, tolerance: 1, spread: 30}\n")
        let r = try team.run("check", "--format", "json", "short.wav", "quiet.wav")
        let summary = try TeamJSON(r).summary
        #expect(summary.contains("short.wav: loudness=warning") && summary.contains("quiet.wav: loudness=warning"))
        #expect(!summary.contains { $0.contains("loudness-spread") }, "\(summary)")
        let flags = try team.run("check", "--format", "json", "--loudness-spread", "3", "short.wav", "quiet.wav")
        #expect(try TeamJSON(flags).summary.contains { $0.contains("loudness-spread") })
        let off = try team.run("check", "--format", "json", "--no-loudness", "short.wav", "quiet.wav")
        let offSummary = try TeamJSON(off).summary
        #expect(!offSummary.contains { $0.contains("loudness") })
    }

    @Test("strict: true makes warnings errors, after the severities are set")
    func strict() throws {
        let team = try TeamFolder()
        try team.write(".soundkit.yml", "strict: true\nrules: {size: warning}\n")
        let r = try team.run("check", "--no-loudness", "--format", "json", "banner.wav", "long.wav")
        #expect(r.status == 1)
        #expect(
            try TeamJSON(r).summary == [
                "banner.wav: duration-banner=error", "long.wav: duration=error", "long.wav: size=error",
            ])
    }

    @Test("payload and report read the config too")
    func payloadAndReport() throws {
        let team = try TeamFolder()
        try team.write("p.json", #"{"aps":{"sound":true}}"#)
        try team.write("skip/p.json", #"{"aps":{"sound":true}}"#)
        let before = try team.run("payload", "p.json")
        #expect(before.status == 1 && before.stdout.contains("[payload-shape]"))
        try team.write(".soundkit.yml", "rules: {payload-shape: note}\nexcluded: [skip]\n")
        let after = try team.run("payload", "p.json", "skip/p.json")
        #expect(after.status == 0 && after.stdout.hasPrefix("p.json:1:17: note: ") && !after.stdout.contains("skip"))

        try team.write(".soundkit.yml", "rules: {duration: off, duration-banner: off}\nexcluded: [short.wav]\n")
        let report = try team.run("report", "--preview", "none", "-o", "r.html", "long.wav", "short.wav")
        #expect(report.status == 0)
        #expect(report.stderr.contains("wrote r.html: 1 sound, 0 errors, 0 warnings"), "\(report.stderr)")
    }
}

@Suite("baseline: record the findings, hide them, show what is new, list what no longer matches")
struct BaselineTests {
    @Test("a round trip: written sorted, hides everything, a new finding shows, a changed file is checked afresh")
    func roundTrip() throws {
        let team = try TeamFolder()
        let write = try team.run(
            "check", "--no-loudness", "--write-baseline", "baseline.json", "banner.wav", "long.wav")
        #expect(write.status == 0 && write.stdout.isEmpty)
        #expect(write.stderr.contains("wrote baseline.json: 3 findings"), "\(write.stderr)")
        let text = try String(contentsOf: team.root.appendingPathComponent("baseline.json"), encoding: .utf8)
        let fingerprint = { (name: String) in
            "sha256:" + (try Tool.must("sha256sum", team.path(name)).stdout.prefix(64))
        }
        let lines = text.split(separator: "\n").map(String.init)
        let entry = { (path: String, rule: String) in
            #"    {"path": "\#(path)", "rule": "\#(rule)", "fingerprint": "\#(try fingerprint(path))"}"#
        }
        #expect(
            lines == [
                "{", #"  "version": 1,"#, #"  "findings": ["#,
                try entry("banner.wav", "duration-banner") + ",", try entry("long.wav", "duration") + ",",
                try entry("long.wav", "size"), "  ]", "}",
            ], "\(text)")

        let same = try team.run("check", "--no-loudness", "--baseline", "baseline.json", "banner.wav", "long.wav")
        #expect(same.status == 0 && same.stdout.isEmpty, "\(same.stdout)")
        #expect(!same.stderr.contains("note:"))

        // A new file's findings count; the old ones stay hidden.
        try team.write("new.wav", TeamFolder.wav(seconds: 32))
        let new = try team.run(
            "check", "--no-loudness", "--baseline", "baseline.json", "banner.wav", "long.wav", "new.wav")
        #expect(new.status == 1)
        #expect(new.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("new.wav: ") }, "\(new.stdout)")

        // long.wav changes (still too long): checked afresh, and its old entries are listed as no longer matching.
        try team.write("long.wav", TeamFolder.wav(seconds: 31, frequency: 880))
        let changed = try team.run("check", "--no-loudness", "--baseline", "baseline.json", "banner.wav", "long.wav")
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("long.wav: error: ") && !changed.stdout.contains("banner.wav"))
        let notes = changed.stderr.split(separator: "\n").filter { $0.hasPrefix("baseline.json: note: long.wav ") }
        #expect(notes.count == 2, "\(changed.stderr)")

        // banner.wav mended: its entry is stale and said so; nothing else shows.
        try team.write("banner.wav", TeamFolder.wav(seconds: 1))
        let mended = try team.run("check", "--no-loudness", "--baseline", "baseline.json", "banner.wav")
        #expect(mended.status == 0 && mended.stdout.isEmpty)
        #expect(mended.stderr.contains("baseline.json: note: banner.wav no longer has this duration-banner finding"))
    }

    @Test("paths are relative to the config's folder, so a baseline works from any folder below it")
    func relativeToConfig() throws {
        let team = try TeamFolder()
        try team.write(".soundkit.yml", "rules: {size: off}\n")
        try team.write("Sounds/a.wav", TeamFolder.wav(seconds: 6))
        _ = try team.run("check", "--no-loudness", "--write-baseline", "../baseline.json", "a.wav", in: "Sounds")
        let text = try String(contentsOf: team.root.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(text.contains(#""path": "Sounds/a.wav", "rule": "duration-banner""#), "\(text)")
        let r = try team.run("check", "--no-loudness", "--baseline", "baseline.json", "Sounds")
        #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stdout)")
    }

    @Test("payload findings are baselined like sounds'; a baseline that is not one stops the run with 78")
    func payloadAndBroken() throws {
        let team = try TeamFolder()
        try team.write("p.json", #"{"aps":{"sound":true}}"#)
        let write = try team.run("payload", "--write-baseline", "b.json", "p.json")
        #expect(write.status == 0)
        let r = try team.run("payload", "--baseline", "b.json", "p.json")
        #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stdout)")
        try team.write("bad.json", #"{"version": 1, "findings": [{"path": 3}]}"#)
        let bad = try team.run("check", "--baseline", "bad.json", "short.wav")
        #expect(bad.status == 78 && bad.stderr.hasPrefix("bad.json:1:1: error: a baseline is"), "\(bad.stderr)")
        try team.write("broken.json", "{\n  \"version\": 1,\n  oops\n}")
        let broken = try team.run("check", "--baseline", "broken.json", "short.wav")
        #expect(broken.status == 78 && broken.stderr.hasPrefix("broken.json:3:3: error: "), "\(broken.stderr)")
    }
}
