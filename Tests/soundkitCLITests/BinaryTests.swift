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
}
