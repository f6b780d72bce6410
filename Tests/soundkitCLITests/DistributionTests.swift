import Foundation
import Testing

/// What issue 24 ships beside the binary: the version and the changelog agree, NOTICE names every library soundkit
/// opens, the GitHub Action's script and the pre-commit hooks run soundkit as a user's runner would, and the
/// SoundCheck build-tool plugin fails a consumer's build on a sound iOS will not play.
@Suite("Distribution: version, NOTICE, GitHub Action, pre-commit, SoundCheck plugin", .serialized)
struct DistributionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func has(_ tool: String) -> Bool { (try? Tool.which(tool)) != nil }

    /// A 1.5 s tone iOS plays and a 31 s one it refuses, made with ffmpeg in `dir`.
    static func sounds(in dir: URL) throws -> (good: String, long: String) {
        let good = dir.appendingPathComponent("chime.wav").path
        let long = dir.appendingPathComponent("alarm.wav").path
        try Tool.must("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=f=880:d=1.5", "-ac", "1", good])
        try Tool.must("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=f=440:d=31", "-ac", "1", long])
        return (good, long)
    }

    @Test("--version prints the newest release of CHANGELOG.md, a semantic version")
    func versionMatchesChangelog() throws {
        let printed = try Tool.soundkit("--version").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(printed.split(separator: ".").count == 3 && printed.split(separator: ".").allSatisfy { Int($0) != nil })
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unr") }
        #expect(releases.first?.hasPrefix("## [\(printed)] - ") == true, "\(releases.first ?? "no release")")
    }

    @Test("NOTICE names every library the sources open with dlopen, by its soname")
    func noticeNamesLoadedLibraries() throws {
        let folder = Self.root.appendingPathComponent("Sources/SoundKitIO/CLibraries")
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            // Literal sonames; FFmpeg's are built from a part's name ("lib\(name)"), found below.
            for part in text.components(separatedBy: "linux: \"lib").dropFirst() {
                let name = part.prefix { $0.isLetter || $0.isNumber }
                if !name.isEmpty, part.dropFirst(name.count).hasPrefix(".so.") { names.insert("lib" + name) }
            }
            // FFmpeg's libraries are named by their part ("avformat") and major.
            for part in text.components(separatedBy: "(\"av").dropFirst() {
                names.insert("libav" + part.prefix { $0.isLetter })
            }
        }
        #expect(
            names.isSuperset(of: ["libsndfile", "libsoxr", "libavformat", "libavcodec", "libavutil"]))
        let notice = try String(contentsOf: Self.root.appendingPathComponent("NOTICE"), encoding: .utf8)
        for name in names { #expect(notice.contains("\(name).so."), "NOTICE does not name \(name)") }
        #expect(notice.contains("dlopen") && notice.contains("LGPL"))
    }

    @Test("the GitHub Action's script: annotations for the 31 s sound, exit 1; the good one alone passes")
    func githubActionScript() throws {
        let dir = try temporaryDirectory()
        let sub = dir.appendingPathComponent("Sounds folder")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let (good, long) = try Self.sounds(in: sub)
        let script = Self.root.appendingPathComponent("scripts/github-action").path
        // As action.yml runs it: inputs in INPUT_*, a path a line (with a space in it), extra arguments split.
        let environment = ["SOUNDKIT_BIN=\(Tool.soundkit)", "INPUT_FORMAT=github", "INPUT_ARGS=--no-loudness"]
        let failing = try Tool.run(
            "/usr/bin/env", environment + ["INPUT_PATHS=\(good)\n  \(long)\n", script], in: dir)
        #expect(failing.status == 1, "\(failing.stderr)")
        #expect(failing.stdout.contains("::error file=\(long)"), "\(failing.stdout)")
        #expect(!failing.stdout.contains("::error file=\(good)"))
        let passing = try Tool.run("/usr/bin/env", environment + [script, good], in: dir)
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        let folder = try Tool.run("/usr/bin/env", environment + ["INPUT_PATHS=", script], in: sub)
        #expect(folder.status == 1 && folder.stdout.contains("alarm.wav"), "no paths: the current folder")
    }

    @Test(
        "pre-commit try-repo: a 31 s alarm.wav fails soundkit-check naming it, a good sound passes",
        .enabled(if: has("pre-commit") && has("git"), "pre-commit is not installed (pip install pre-commit)"),
        .tags(.slow), .notQuick)
    func preCommitHooks() throws {
        let repo = try temporaryDirectory()
        let (good, long) = try Self.sounds(in: repo)
        let path =
            (Tool.soundkit as NSString).deletingLastPathComponent + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        func git(_ args: String...) throws { try Tool.must("git", ["-C", repo.path] + args) }
        func hook(_ file: String) throws -> Tool.Result {
            try Tool.run(
                "/usr/bin/env",
                [
                    "PATH=\(path)", try Tool.which("pre-commit"), "try-repo", Self.root.path, "soundkit-check",
                    "--files", file,
                ],
                in: repo)
        }
        try git("init", "-q")
        try git("add", ".")
        let failing = try hook("alarm.wav")
        #expect(failing.status == 1 && failing.stdout.contains("alarm.wav: error:"), "\(failing.stdout)")
        let passing = try hook("chime.wav")
        #expect(passing.status == 0, "\(passing.stdout)")
        #expect([good, long].allSatisfy { FileManager.default.fileExists(atPath: $0) })
    }

    @Test(
        "Examples/SoundCheckDemo builds with a good sound and fails on a 31 s one, naming it",
        .enabled(if: has("swift"), "no swift on PATH"), .tags(.slow), .dependentPackage)
    func soundCheckPlugin() throws {
        // A copy at a fixed place, so that a second run builds only what changed; it names soundkit by this path.
        let demo = Self.root.appendingPathComponent(".build/soundcheck-demo")
        let sounds = demo.appendingPathComponent("Sources/Chimes/Sounds")
        let example = Self.root.appendingPathComponent("Examples/SoundCheckDemo")
        try? FileManager.default.removeItem(at: demo.appendingPathComponent("Sources"))
        try FileManager.default.createDirectory(at: demo, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: example.appendingPathComponent("Sources"), to: demo.appendingPathComponent("Sources"))
        let manifest = try String(contentsOf: example.appendingPathComponent("Package.swift"), encoding: .utf8)
            .replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(Self.root.path)\"")
        try Data(manifest.utf8).write(to: demo.appendingPathComponent("Package.swift"))
        let scratch = try temporaryDirectory()
        let (good, long) = try Self.sounds(in: scratch)
        try FileManager.default.copyItem(atPath: good, toPath: sounds.appendingPathComponent("chime.wav").path)

        let build = ["build", "--package-path", demo.path, "--disable-index-store"]
        let built = try Tool.run("swift", build)
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        #expect(built.stdout.contains("soundkit check: 2 sound(s) of Chimes"), "\(built.stdout)")

        let alarm = sounds.appendingPathComponent("alarm.wav").path
        try FileManager.default.copyItem(atPath: long, toPath: alarm)
        let failed = try Tool.run("swift", build)
        let output = failed.stdout + failed.stderr
        #expect(failed.status != 0)
        #expect(output.contains("\(alarm): error:") && output.contains("[duration]"), "\(output)")
        #expect(!output.contains("chime.wav: error:"))
    }
}
