import Foundation
import SoundKitNotifications
import Testing

@testable import soundkit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Outside readers of the report formats: Python's jsonschema against the official SARIF schema, junitparser
/// (PyPI), Foundation's XML parser and JSON reader.
enum FormatReaders {
    /// The folder beside the repository that holds the shared material (schemas, real-world files).
    static let shared: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")

    static let sarifSchema = shared.appendingPathComponent("schemas/sarif-schema-2.1.0.json")

    /// Whether python3 imports `module` (scripts/setup installs jsonschema and junitparser).
    static func python(has module: String) -> Bool {
        guard let python = try? Tool.which("python3") else { return false }
        return (try? Tool.run(python, ["-c", "import \(module)"]))?.status == 0
    }

    static let canValidateSARIF =
        python(has: "jsonschema") && FileManager.default.fileExists(atPath: sarifSchema.path)
    static let hasJUnitParser = python(has: "junitparser")

    /// Runs Python code with arguments; returns its result.
    static func python(_ code: String, _ arguments: [String]) throws -> Tool.Result {
        try Tool.run(try Tool.which("python3"), ["-c", code] + arguments)
    }
}

/// Runs soundkit with extra environment variables.
func soundkit(_ arguments: [String], in dir: URL, environment: [String: String]) throws -> Tool.Result {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Tool.soundkit)
    p.arguments = arguments
    p.currentDirectoryURL = dir
    p.environment = Tool.environment.merging(environment) { $1 }
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Tool.Result(
        status: p.terminationStatus, data: data, errorData: Data())
}

@Suite("report formats read by outside tools", .serialized)
struct ReportFormatTests {
    init() throws { try CheckFixtures.ready() }

    /// An error (MP3 in CAF), warnings (silence, a 6 s sound) and a clean file, named relative to their folder.
    static let files = ["mp3.caf", "silent.wav", "six.wav", "ffmpeg-ima4.caf"]

    func check(_ format: String, _ extra: [String] = []) throws -> Tool.Result {
        try Tool.run(Tool.soundkit, ["check", "--format", format] + extra + Self.files, in: CheckFixtures.dir)
    }

    /// The findings as JSON reports them: (path, rule, severity) in order.
    func jsonFindings() throws -> [(String, String, String)] {
        let doc = try JSONDecoder().decode(CheckJSON.self, from: try check("json").data)
        return doc.files.flatMap { f in f.findings.map { (f.path, $0.rule, $0.severity) } }
    }

    /// A payload whose aps.sound.volume is a string, at line 4, column 17.
    static let payload = """
        {
          "aps": {
            "sound": {
              "volume": "0.5", "name": "a.caf", "critical": 1
            }
          }
        }

        """

    func payload(_ format: String) throws -> Tool.Result {
        let dir = try temporaryDirectory("format-payload")
        try Data(Self.payload.utf8).write(to: dir.appendingPathComponent("push.json"))
        return try Tool.run(Tool.soundkit, ["payload", "--format", format, "push.json"], in: dir)
    }

    @Test(
        "sarif is valid SARIF 2.1.0 (the official schema, by Python's jsonschema): one result per finding",
        .enabled(
            if: FormatReaders.canValidateSARIF,
            "python3 with jsonschema (scripts/setup installs it) or ../shared/schemas/sarif-schema-2.1.0.json is missing"
        ))
    func sarifValid() throws {
        let r = try check("sarif")
        #expect(r.status == 1)
        let dir = try temporaryDirectory("sarif")
        let log = dir.appendingPathComponent("check.sarif")
        try r.data.write(to: log)
        let payloadLog = dir.appendingPathComponent("payload.sarif")
        try payload("sarif").data.write(to: payloadLog)
        let v = try FormatReaders.python(
            """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            for path in sys.argv[2:]:
                jsonschema.validate(json.load(open(path)), schema)
            print("valid")
            """, [FormatReaders.sarifSchema.path, log.path, payloadLog.path])
        #expect(v.status == 0 && v.stdout.contains("valid"), "\(v.stderr)")

        let doc = try #require(try JSONSerialization.jsonObject(with: r.data) as? [String: Any])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "soundkit" && driver["version"] is String)
        #expect(driver["informationUri"] is String)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let silence = try #require(rules.first { $0["id"] as? String == "silence" })
        #expect((silence["defaultConfiguration"] as? [String: Any])?["level"] as? String == "warning")
        #expect((silence["shortDescription"] as? [String: Any])?["text"] is String)
        #expect((silence["help"] as? [String: Any])?["text"] is String)
        let results = try #require(run["results"] as? [[String: Any]])
        let expected = try jsonFindings()
        #expect(results.count == expected.count)
        for (result, (path, rule, severity)) in zip(results, expected) {
            #expect(result["ruleId"] as? String == rule && result["level"] as? String == severity)
            let location = try #require(
                ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]))
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            #expect(artifact["uri"] as? String == path && artifact["uriBaseId"] as? String == "SRCROOT")
            #expect((result["partialFingerprints"] as? [String: String])?.isEmpty == false)
        }
    }

    @Test("sarif: a payload finding has its region's line and column")
    func sarifRegion() throws {
        let r = try payload("sarif")
        let doc = try #require(try JSONSerialization.jsonObject(with: r.data) as? [String: Any])
        let results = try #require((doc["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let volume = try #require(
            results.first { (($0["message"] as? [String: Any])?["text"] as? String)?.contains("volume") == true })
        let region = (volume["locations"] as? [[String: Any]])?.first
            .flatMap { ($0["physicalLocation"] as? [String: Any])?["region"] as? [String: Any] }
        #expect(region?["startLine"] as? Int == 4 && region?["startColumn"] as? Int == 17, "\(volume)")
    }

    @Test(
        "junit: junitparser reads one test case per file and a failure per error",
        .enabled(if: FormatReaders.hasJUnitParser, "python3 with junitparser is missing (scripts/setup installs it)"))
    func junit() throws {
        let r = try check("junit")
        let file = try temporaryDirectory("junit").appendingPathComponent("check.xml")
        try r.data.write(to: file)
        let v = try FormatReaders.python(
            """
            import sys
            from junitparser import JUnitXml, Failure
            xml = JUnitXml.fromfile(sys.argv[1])
            for suite in xml:
                for case in suite:
                    failures = [x for x in case.result if isinstance(x, Failure)]
                    print(case.name, len(failures), " ".join(x.type for x in failures))
            """, [file.path])
        #expect(v.status == 0, "\(v.stderr)")
        let errors = try jsonFindings().filter { $0.2 == "error" }
        let expected = Self.files.map { name in
            let rules = errors.filter { $0.0 == name }.map(\.1)
            return "\(name) \(rules.count) \(rules.joined(separator: " "))".trimmingCharacters(in: .whitespaces)
        }
        #expect(v.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == expected)
    }

    /// The `<error>` elements of a checkstyle report, each as its file and attributes.
    func checkstyleErrors(_ data: Data) throws -> [(file: String, attributes: [String: String])] {
        #if canImport(FoundationXML) || os(macOS)
            let xml = try XMLDocument(data: data)
            let root = try #require(xml.rootElement())
            #expect(root.name == "checkstyle")
            return (root.elements(forName: "file")).flatMap { file in
                file.elements(forName: "error").map { e in
                    var attributes: [String: String] = [:]
                    for a in e.attributes ?? [] { attributes[a.name ?? ""] = a.stringValue }
                    return (file.attribute(forName: "name")?.stringValue ?? "", attributes)
                }
            }
        #else
            return []
        #endif
    }

    @Test("checkstyle: an XML parser reads <file name><error line severity message source/> per finding")
    func checkstyle() throws {
        let errors = try checkstyleErrors(try check("checkstyle").data)
        let expected = try jsonFindings()
        #expect(errors.count == expected.count)
        for (e, (path, rule, severity)) in zip(errors, expected) {
            #expect(e.file == path && e.attributes["source"] == "soundkit.\(rule)")
            #expect(e.attributes["severity"] == (severity == "note" ? "info" : severity))
            #expect(e.attributes["line"] == "1" && e.attributes["message"]?.isEmpty == false)
        }
        let p = try checkstyleErrors(try payload("checkstyle").data)
        let volume = try #require(p.first { $0.attributes["message"]?.contains("volume") == true })
        #expect(volume.attributes["line"] == "4" && volume.attributes["column"] == "17")
    }

    @Test("gitlab: Code Quality JSON with unique fingerprints, GitLab's severities, relative paths and lines")
    func gitlab() throws {
        let issues = try #require(try JSONSerialization.jsonObject(with: try check("gitlab").data) as? [[String: Any]])
        let expected = try jsonFindings()
        #expect(issues.count == expected.count)
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == issues.count)
        let gitlabSeverity = ["error": "critical", "warning": "minor", "note": "info"]
        for (issue, (path, rule, severity)) in zip(issues, expected) {
            #expect(issue["description"] is String && issue["check_name"] as? String == rule)
            #expect(issue["severity"] as? String == gitlabSeverity[severity])
            let location = issue["location"] as? [String: Any]
            #expect(location?["path"] as? String == path)
            #expect((location?["lines"] as? [String: Any])?["begin"] as? Int == 1)
        }
        let p = try #require(try JSONSerialization.jsonObject(with: try payload("gitlab").data) as? [[String: Any]])
        let volume = try #require(p.first { ($0["description"] as? String)?.contains("volume") == true })
        #expect(((volume["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int == 4)
    }

    @Test("markdown: a table with a row per finding, errors first, and the payload's line:column")
    func markdown() throws {
        let r = try check("markdown")
        let rows = r.stdout.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| file ") }
        let expected = try jsonFindings()
        #expect(rows.count == expected.count)
        #expect(rows.first?.contains("| error |") == true && rows.first?.contains("mp3.caf") == true)
        #expect(r.stdout.contains("| file | line | severity | rule | message |"))
        let p = try payload("markdown")
        #expect(p.stdout.contains("| push.json | 4:17 | error | `payload-shape` |"), "\(p.stdout)")
    }

    @Test("payload findings carry line:column in text, github, json and junit")
    func payloadPositions() throws {
        #expect(try payload("text").stdout.contains("push.json:4:17: error: aps.sound.volume is the string"))
        #expect(try payload("github").stdout.contains("::error file=push.json,line=4,col=17,"))
        #expect(try payload("json").stdout.contains("\"line\" : 4"))
        #expect(try payload("junit").stdout.contains("push.json:4:17: aps.sound.volume"))
    }

    @Test("github: errors before warnings before notes; the step summary gets a Markdown table appended")
    func githubSummary() throws {
        let summary = try temporaryDirectory("summary").appendingPathComponent("summary.md")
        try Data("earlier step\n".utf8).write(to: summary)
        let r = try soundkit(
            ["check", "--format", "github", "six.wav", "silent.wav", "mp3.caf"], in: CheckFixtures.dir,
            environment: ["GITHUB_STEP_SUMMARY": summary.path])
        let kinds = r.stdout.split(separator: "\n").map { $0.prefix { $0 != " " } }
        #expect(kinds.first == "::error" && kinds.firstIndex(of: "::warning")! > kinds.lastIndex(of: "::error")!)
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.hasPrefix("earlier step\n### soundkit check"))
        #expect(text.contains("| mp3.caf |  | error | `codec` |"))
    }

    @Test("--output writes the report to a file, not standard output; an unwritable one fails with status 1")
    func output() throws {
        let dir = try temporaryDirectory("output")
        let file = dir.appendingPathComponent("report.sarif")
        let r = try check("sarif", ["--output", file.path])
        #expect(r.status == 1 && r.stdout.isEmpty)
        let doc = try JSONSerialization.jsonObject(with: try Data(contentsOf: file)) as? [String: Any]
        #expect(doc?["version"] as? String == "2.1.0")
        let bad = try check("sarif", ["--output", dir.appendingPathComponent("no/such/folder/x.sarif").path])
        #expect(bad.status == 1 && bad.stderr.contains("x.sarif"), "\(bad.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["report.sarif"])
    }

    @Test("resolve: a name that is not found, as SARIF and checkstyle")
    func resolve() throws {
        let dir = try temporaryDirectory("resolve")
        let app = dir.appendingPathComponent("My.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data().write(to: app.appendingPathComponent("Chime.caf"))
        let r = try Tool.run(
            Tool.soundkit, ["resolve", "chime.caf", "--bundle", "My.app", "--format", "sarif"], in: dir)
        #expect(r.status == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: r.data) as? [String: Any])
        let results = (doc["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]
        #expect(results?.first?["ruleId"] as? String == "name-not-found", "\(r.stdout)")
        let c = try Tool.run(
            Tool.soundkit, ["resolve", "chime.caf", "--bundle", "My.app", "--format", "checkstyle"], in: dir)
        #expect(try checkstyleErrors(c.data).first?.attributes["source"] == "soundkit.name-not-found")
    }
}

@Suite("soundkit rules")
struct RulesCommandTests {
    @Test("json: version 1 and every rule with id, severity, severities and summary")
    func json() throws {
        struct Document: Decodable {
            struct Rule: Decodable {
                var id, severity, summary: String
                var severities: [String]
            }
            var version: Int
            var rules: [Rule]
        }
        let r = try Tool.soundkit("rules", "--format", "json")
        let doc = try JSONDecoder().decode(Document.self, from: r.data)
        #expect(doc.version == 1 && doc.rules.count > 30)
        let silence = try #require(doc.rules.first { $0.id == "silence" })
        #expect(silence.severity == "warning" && silence.severities == ["warning", "error"])
        #expect(doc.rules.allSatisfy { $0.severities.first == $0.severity })
    }

    @Test("json: every rule lists examples that must and must not trigger it; push bodies are JSON objects")
    func examples() throws {
        let r = try Tool.soundkit("rules", "--format", "json")
        let object = try JSONSerialization.jsonObject(with: r.data) as? [String: Any]
        let rules = try #require(object?["rules"] as? [[String: Any]])
        for rule in rules {
            let examples = rule["examples"] as? [String: [[String: Any]]]
            #expect(examples?["triggering"]?.isEmpty == false, "\(rule["id"] ?? "")")
            #expect(examples?["nonTriggering"]?.isEmpty == false, "\(rule["id"] ?? "")")
        }
        let event = try #require(rules.first { $0["id"] as? String == "live-activity-event" })
        let triggering = try #require((event["examples"] as? [String: [[String: Any]]])?["triggering"])
        let body = try #require(triggering.first?["payload"] as? [String: Any])
        #expect((body["aps"] as? [String: Any])?["event"] as? String == "stop")
        #expect(triggering.contains { $0["provider"] as? String == "onesignal-live-activity" })
        #expect(triggering.first?["provider"] == nil)
        #expect((event["restsOn"] as? String)?.contains("ActivityKit push notifications") == true)
        // A bundle rule's example is a tree: the command and the files, an Info.plist as a JSON object.
        let version = try #require(rules.first { $0["id"] as? String == "extension-version" })
        let made = try #require((version["examples"] as? [String: [[String: Any]]])?["triggering"]?.first)
        let tree = try #require(made["tree"] as? [String: Any])
        #expect((tree["command"] as? [String: Any])?["run"] as? String == "check")
        let files = try #require(tree["files"] as? [[String: Any]])
        let service = try #require(files.first { $0["path"] as? String == "Demo.app/PlugIns/Service.appex/Info.plist" })
        #expect((service["plist"] as? [String: Any])?["MinimumOSVersion"] as? String == "17.0")
        #expect(
            (made["description"] as? String)?.hasPrefix("soundkit check Demo.app, where Demo.app/Info.plist") == true)
    }

    @Test(
        "rules ID shows each rule in full with its examples, as SwiftLint's rules ID does; an unknown id is a usage error"
    )
    func oneRule() throws {
        let r = try Tool.soundkit("rules", "codec", "mutable-content")
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "codec (sounds): error / warning / note", "\(r.stdout)")
        #expect(lines.contains("  finds: \(Rule.codec.summary)"))
        #expect(lines.contains("  rests on: \(Rule.codec.restsOn)"))
        #expect(
            lines.contains(
                "    - soundkit check chime.caf, where chime.caf is a CAF: 'alac' (its header, packets zeroed), 1 s, 44.1 kHz mono, a 997 Hz tone peaking at -12 dBFS"
            ), "\(r.stdout)")
        // Every example of both rules, under its heading, in the declared order.
        for rule in [Rule.codec, .mutableContent] {
            let start = try #require(lines.firstIndex { $0.hasPrefix("\(rule.id) (") })
            let triggers = try #require(lines[start...].firstIndex(of: "  triggers on:"))
            let not = try #require(lines[start...].firstIndex(of: "  does not trigger on:"))
            #expect(lines[(triggers + 1)..<not].count == rule.examples.triggering.count, "\(rule)")
            #expect(
                Array(lines[(not + 1)...].prefix(rule.examples.nonTriggering.count))
                    == rule.examples.nonTriggering.map { "    - \($0.words)" }, "\(rule)")
        }
        let unknown = try Tool.soundkit("rules", "cod")
        #expect(
            unknown.status == 64 && unknown.stderr.contains("no rule 'cod'; did you mean codec"), "\(unknown.stderr)")
        let json = try Tool.soundkit("rules", "live-activity-event", "--format", "json")
        let object = try JSONSerialization.jsonObject(with: json.data) as? [String: Any]
        let ids = (object?["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["live-activity-event"])
        let table = try Tool.soundkit("rules", "codec", "--format", "markdown").stdout
        #expect(table.split(separator: "\n").count == 3 && table.contains("| `codec` |"), "\(table)")
    }

    @Test(
        "check, payload, resolve, info and report parsed on their own still speak as soundkit's: help and usage errors name soundkit CMD",
        arguments: ["check", "payload", "resolve", "info", "report"])
    func subcommandsAsRoots(_ command: String) throws {
        let help = try Tool.soundkit(command, "--help")
        #expect(help.status == 0 && help.stdout.contains("USAGE: soundkit \(command)"), "\(help.stdout)")
        let bad = try Tool.soundkit(command, "--no-such-option", "x")
        #expect(bad.status == 64, "\(bad.stderr)")
        #expect(bad.stderr.contains("Usage: soundkit \(command)"), "\(bad.stderr)")
        // The same words through the root parser alone give the same usage error.
        var root = ""
        do {
            _ = try SoundKitCommand.parseAsRoot([command, "--no-such-option", "x"])
        } catch {
            root = SoundKitCommand.fullMessage(for: error)
        }
        #expect(!root.isEmpty && bad.stderr.contains(root), "\(bad.stderr) against \(root)")
    }

    @Test("markdown is exactly the README's rule table; text has a line a rule")
    func markdown() throws {
        let table = try Tool.soundkit("rules", "--format", "markdown").stdout
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("| rule | severity |") })
        let block = lines[start...].prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        #expect(table == block + "\n")
        let text = try Tool.soundkit("rules").stdout.split(separator: "\n")
        #expect(text.count == table.split(separator: "\n").count - 2)
        #expect(text.contains { $0.hasPrefix("silence ") && $0.contains("warning/error: all-zero audio") })
    }
}
