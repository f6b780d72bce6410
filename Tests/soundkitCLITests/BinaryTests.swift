import Foundation
import Testing

@testable import soundkit

/// The command-line suites run soundkit in this process (TestSupport.swift); these show that a run of the binary
/// prints, exits and writes exactly what the same run in process does, for every command and its failures. With
/// `scripts/test --binary` the binary is the release build users install.
@Suite("The binary and the in-process run agree", .tags(.binary))
struct BinaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let sounds = root.appendingPathComponent("sounds").path

    /// Command lines over the bundled sounds (`@` stands for sounds/, `~` for a fresh output folder): every command,
    /// help and version, usage errors (64), findings (1) and a missing file.
    static let commandLines: [[String]] = [
        ["--version"], ["--help"], ["check", "--help"], ["convert", "--help"], ["nonsense"],
        ["rules"], ["rules", "--format", "json"],
        ["info", "@/chime.wav", "@/ping.aiff"], ["info", "--format", "json", "@/alert.wav"],
        ["check", "--no-cache", "@"], ["check", "--no-cache", "--format", "json", "@/too-long-ambience.wav"],
        ["check", "--no-cache", "--format", "sarif", "@/ping.aiff"], ["check", "@/missing.caf"],
        ["resolve", "chime.caf", "--bundle", "@"],
        ["convert", "@/chime.wav", "~/chime.caf", "-d", "ima4"],
        ["convert", "@/order-ready.wav", "~/order.aiff", "-d", "BEI16", "-c", "1", "-v"],
        ["convert", "@/chime.wav", "-o", "~/a.caf", "-d", "ulaw", "-o", "~/b.wav", "-d", "alaw"],
        ["convert", "@/chime.wav", "~/x.caf", "-d", "nope"], ["convert", "@/missing.wav", "~/y.caf"],
    ]

    static func expand(_ words: [String], output: URL) -> [String] {
        words.map {
            $0.replacingOccurrences(of: "@", with: sounds).replacingOccurrences(of: "~", with: output.path)
        }
    }

    /// The files a run wrote, by name.
    static func written(in dir: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            files[name] = try Data(contentsOf: dir.appendingPathComponent(name))
        }
        return files
    }

    @Test("status, standard output, standard error and the files written are the same", arguments: commandLines)
    func agree(_ words: [String]) throws {
        let (a, b) = (try temporaryDirectory(), try temporaryDirectory())
        // Both runs see the same words; only the output folder differs, and it is put back before comparing.
        let process = try Tool.process(Tool.soundkit, Self.expand(words, output: a))
        let inProcess = InProcess.run(Self.expand(words, output: b))
        func same(_ text: String, _ dir: URL) -> String { text.replacingOccurrences(of: dir.path, with: "~") }
        #expect(process.status == inProcess.status, "\(words)")
        #expect(same(process.stdout, a) == same(inProcess.stdout, b), "\(words)")
        #expect(same(process.stderr, a) == same(inProcess.stderr, b), "\(words)")
        #expect(try Self.written(in: a) == Self.written(in: b), "\(words)")
        #expect(!process.stdout.isEmpty || !process.stderr.isEmpty || words.first == "convert", "\(words) said nothing")
    }

    /// A CI log holds both streams in one: `soundkit check … 2>&1` shows the findings (standard output) and then the
    /// summary (standard error), each line whole, as a terminal shows them.
    @Test("with both streams on one pipe, the findings come whole and before the summary")
    func streamsSharingAPipe() throws {
        let words = ["check", "--no-cache", Self.sounds]
        let apart = try Tool.process(Tool.soundkit, words)
        let merged = try Tool.process("/bin/sh", ["-c", #"exec "$0" "$@" 2>&1"#, Tool.soundkit] + words)
        #expect(apart.status == 1 && merged.status == 1, "sounds/ holds sounds with errors")
        #expect(!apart.stdout.isEmpty && apart.stderr.contains("soundkit: checked"))
        #expect(merged.stdout == apart.stdout + apart.stderr)
    }

    /// `soundkit --version` is answered before ArgumentParser builds its tree (start-up); what it prints is still
    /// exactly what ArgumentParser prints for the version the command declares.
    @Test("--version prints what ArgumentParser would")
    func versionAsArgumentParserPrintsIt() throws {
        var parsed: Error?
        do { _ = try SoundKitCommand.parseAsRoot(["--version"]) } catch { parsed = error }
        let error = try #require(parsed)
        #expect(SoundKitCommand.exitCode(for: error).isSuccess)
        let expected = SoundKitCommand.fullMessage(for: error) + "\n"
        let run = InProcess.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == expected)
        #expect(try Tool.process(Tool.soundkit, ["--version"]).stdout == expected)
    }
}

/// `scripts/test --binary` selects the process suite by suite name (`swift test` cannot select by tag): the names it
/// lists must be exactly the suites tagged `.binary`.
@Suite("The process suite scripts/test runs")
struct ProcessSuiteListTests {
    @Test("scripts/test's binary_suites names exactly the suites tagged .binary")
    func listed() throws {
        let root = BinaryTests.root
        let script = try String(contentsOf: root.appendingPathComponent("scripts/test"), encoding: .utf8)
        let line = script.split(separator: "\n").first { $0.hasPrefix("binary_suites=") } ?? ""
        let listed = Set(
            line.split(whereSeparator: { "(|)'".contains($0) }).dropFirst().map(String.init)
                .filter { !$0.isEmpty && !$0.contains("\\") })
        let folder = root.appendingPathComponent("Tests/soundkitCLITests")
        var tagged: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (i, l) in lines.enumerated() where l.hasPrefix("@Suite(") && l.contains(".tags(.binary)") {
                let next = lines[(i + 1)...].first { $0.hasPrefix("struct ") } ?? ""
                tagged.insert(String(next.dropFirst("struct ".count).prefix { $0.isLetter || $0.isNumber }))
            }
        }
        #expect(tagged.count >= 4, "\(tagged)")
        #expect(listed == tagged, "scripts/test lists \(listed.sorted()); tagged .binary: \(tagged.sorted())")
    }
}
