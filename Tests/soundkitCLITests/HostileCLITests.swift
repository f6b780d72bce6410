import Foundation
import Testing

/// Every hostile file through the command line as a user runs it: a clear `path: error: …` naming the problem and
/// exit status 1 — never a crash (a trap is exit 132 or 134) — quickly, in bounded memory, and no output left behind.
@Suite("Hostile input: the command line", .tags(.binary))
struct HostileCLITests {
    static let folder: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundkit-hostile-cli-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    /// Runs soundkit with its address space limited to 400 MB, so an allocation sized by a header's claim fails
    /// the run. Sanitizer builds reserve terabytes of shadow memory, so under scripts/sanitize the limit is off.
    static func limited(_ arguments: [String]) throws -> Tool.Result {
        if ProcessInfo.processInfo.environment["SOUNDKIT_SANITIZER"] != nil {
            return try Tool.run(Tool.soundkit, arguments)
        }
        return try Tool.run("/bin/sh", ["-c", "ulimit -v 400000; exec \"$0\" \"$@\"", Tool.soundkit] + arguments)
    }

    @Test(
        "info, check and convert: exit 1 with the file and the problem named, under 5 s, nothing written",
        // Every file in scripts/test; every other one in the quick loop (three processes a file: 15 s for all 88).
        arguments: TestRun.subset(HostileFiles.all, row: 0, every: 2))
    func commandLine(_ file: HostileFile) throws {
        let dir = Self.folder.appendingPathComponent(file.name + ".d")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(file.name).path
        try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        let output = dir.appendingPathComponent("out.caf").path

        let info = try Self.limited(["info", path])
        let check = try Self.limited(["check", path])
        let convert = try Self.limited(["convert", path, output, "-d", "ima4", "-c", "1"])
        let errorLine = "\(path): error: "

        if file.readable {
            #expect(
                info.status == 0 && info.stdout.contains("warning: ") && info.stdout.contains(file.problem),
                "\(file): \(info)")
            #expect(
                convert.status == 0 && convert.stderr.contains("\(path): warning: ")
                    && convert.stderr.contains(file.problem), "\(file): \(convert)")
            #expect(FileManager.default.fileExists(atPath: output), "\(file)")
        } else {
            #expect(
                info.status == 1 && info.stderr.hasPrefix(errorLine) && info.stderr.contains(file.problem),
                "\(file): \(info)")
            #expect(
                convert.status == 1 && convert.stderr.hasPrefix(errorLine) && convert.stderr.contains(file.problem),
                "\(file): \(convert)")
            // Neither the output nor a temporary file.
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [file.name], "\(file)")
        }
        #expect(
            check.status == 1 && check.stdout.contains(errorLine) && check.stdout.contains("[unreadable]")
                && check.stdout.contains(file.problem),
            "\(file): \(check)")
        // A tiny file: seconds mean a loop driven by a header's claim. The bound leaves room for a loaded CI machine.
        for r in [info, check, convert] { #expect(r.seconds < 5, "\(file): took \(r.seconds) s") }
    }
}

extension Tool.Result: CustomStringConvertible {
    public var description: String { "exit \(status), stdout: \(stdout.prefix(400)), stderr: \(stderr.prefix(400))" }
}
