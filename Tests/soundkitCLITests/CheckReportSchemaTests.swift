import Foundation
import SoundKitNotifications
import SoundKitTestSupport
import Testing

/// `check --format json` against its JSON Schema (docs/schemas/check-report.schema.json, written by hand from the
/// README), read by Python's jsonschema: a sound folder's report and a checkout's, with its apps and references.
@Suite("check's JSON schema")
struct CheckReportSchemaTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/schemas/check-report.schema.json")

    @Test("the schema's rule ids are soundkit's, no more and no fewer")
    func ruleIDs() throws {
        let doc = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schema)) as? [String: Any])
        let defs = try #require(doc["$defs"] as? [String: Any])
        let ids = try #require((defs["rule"] as? [String: Any])?["enum"] as? [String])
        #expect(ids == Rule.allCases.map(\.id))
    }

    /// A checkout whose code names one sound the app carries and one it does not.
    static func checkout() throws -> URL {
        let dir = try temporaryDirectory("schema-checkout")
        let runner = dir.appendingPathComponent("ios/Runner")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("ios/Runner.xcodeproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: runner, withIntermediateDirectories: true)
        try Data(ExampleProject.pbxproj(files: ["ok.caf"], resources: ["ok.caf"]).utf8).write(
            to: dir.appendingPathComponent("ios/Runner.xcodeproj/project.pbxproj"))
        try CheckFixtures.ready()
        try FileManager.default.copyItem(
            atPath: CheckFixtures.path("soundkit-ima4.caf"), toPath: runner.appendingPathComponent("ok.caf").path)
        let swift = """
            import UserNotifications

            let ok = UNNotificationSound(named: UNNotificationSoundName("ok.caf"))
            let gone = UNNotificationSound(named: UNNotificationSoundName("gone.caf"))

            """
        try Data(swift.utf8).write(to: runner.appendingPathComponent("Notify.swift"))
        return dir
    }

    @Test(
        "a folder's report and a checkout's are valid against the schema; a checkout's carries apps and references",
        .enabled(if: FormatReaders.python(has: "jsonschema"), "python3 with jsonschema is missing (scripts/setup)"))
    func valid() throws {
        try CheckFixtures.ready()
        let sounds = try Tool.run(
            Tool.soundkit, ["check", "--format", "json", "--no-loudness", "."], in: CheckFixtures.dir)
        let checkout = try Tool.run(
            Tool.soundkit, ["check", "--format", "json", "--no-loudness", "."], in: try Self.checkout())
        #expect(checkout.status == 1, "gone.caf is named and missing: \(checkout.stdout)")
        let dir = try temporaryDirectory("schema-reports")
        let files = [("sounds.json", sounds.data), ("checkout.json", checkout.data)].map { name, data in
            (dir.appendingPathComponent(name), data)
        }
        for (url, data) in files { try data.write(to: url) }
        let v = try FormatReaders.python(
            """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            for path in sys.argv[2:]:
                jsonschema.Draft202012Validator(schema).validate(json.load(open(path)))
            print("valid")
            """, [Self.schema.path] + files.map(\.0.path))
        #expect(v.status == 0 && v.stdout.contains("valid"), "\(v.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: checkout.data) as? [String: Any])
        let references = try #require(doc["references"] as? [[String: Any]])
        #expect(references.map { $0["verdict"] as? String } == ["plays", "fails"])
        #expect(references[1]["resolved"] is NSNull && references[1]["line"] as? Int == 4)
        #expect((doc["apps"] as? [[String: Any]])?.first?["name"] as? String == "Runner")
    }
}
