import Foundation
import Testing

/// `check`'s result cache and `--jobs`, through the built binary: never stale, never trusted, shared safely, and the
/// same output whatever the cache and the number of jobs.
@Suite("Result cache and --jobs")
struct CacheCLITests {
    /// Four one-second stereo IMA4 CAFs (a tone, a quieter tone, silence, a late tone) in a folder of their own.
    static func sounds(_ name: String = #function) throws -> URL {
        let dir = try temporaryDirectory("cache-\(name)")
        func ff(_ source: String, _ file: String) throws {
            try Tool.must(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-f", "lavfi", "-i", source, "-ac", "2", "-ar", "22050", "-t", "1", "-c:a",
                    "adpcm_ima_qt", dir.appendingPathComponent(file).path,
                ])
        }
        try ff("sine=f=440:sample_rate=22050,volume=6", "a-tone.caf")
        try ff("sine=f=660:sample_rate=22050,volume=0.1", "b-quiet.caf")
        try ff("anullsrc=r=22050:cl=stereo", "c-silent.caf")
        try ff("sine=f=880:sample_rate=22050,adelay=500|500", "d-late.caf")
        return dir
    }

    static func check(_ arguments: [String], cache: URL) throws -> Tool.Result {
        try Tool.run(Tool.soundkit, ["check"] + arguments + ["--cache-path", cache.path])
    }

    static func entries(_ cache: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        return names.filter { $0.hasSuffix(".entry") }.sorted().map { cache.appendingPathComponent($0) }
    }

    @Test("a warm run prints what a cold one prints, and --verbose tells hits and misses on stderr")
    func warmEqualsCold() throws {
        let dir = try Self.sounds()
        let cache = dir.appendingPathComponent("cache")
        for format in ["text", "json"] {
            let cold = try Tool.run(Tool.soundkit, ["check", dir.path, "--no-cache", "--format", format])
            let first = try Self.check([dir.path, "--format", format, "--verbose"], cache: cache)
            let second = try Self.check([dir.path, "--format", format, "--verbose"], cache: cache)
            #expect(first.stdout == cold.stdout)
            #expect(second.stdout == cold.stdout)
            #expect(first.status == cold.status && second.status == cold.status)
            if format == "text" {
                #expect(first.stderr.components(separatedBy: "cache miss: ").count == 5)
                #expect(second.stderr.components(separatedBy: "cache hit: ").count == 5)
                #expect(!second.stderr.contains("cache miss"))
            }
        }
        #expect(Self.entries(cache).count == 4)
        // Silent unless asked.
        let quiet = try Self.check([dir.path], cache: cache)
        #expect(!quiet.stderr.contains("cache"))
    }

    @Test("a file whose bytes changed is checked afresh though its size and modification time were kept")
    func changedBytesKeptTime() throws {
        let dir = try Self.sounds()
        let cache = dir.appendingPathComponent("cache")
        let tone = dir.appendingPathComponent("a-tone.caf").path
        let silent = dir.appendingPathComponent("c-silent.caf").path
        let before = try Self.check([tone], cache: cache)
        #expect(!before.stdout.contains("[silence]"))
        let attributes = try FileManager.default.attributesOfItem(atPath: tone)
        try #require(
            (attributes[.size] as? Int) == (try FileManager.default.attributesOfItem(atPath: silent)[.size] as? Int))
        let reference = dir.appendingPathComponent("stamp")
        try Tool.must("touch", "-r", tone, reference.path)
        try Data(contentsOf: URL(fileURLWithPath: silent)).write(to: URL(fileURLWithPath: tone))
        try Tool.must("touch", "-r", reference.path, tone)
        #expect(
            (try FileManager.default.attributesOfItem(atPath: tone)[.modificationDate] as? Date)
                == attributes[.modificationDate] as? Date)
        let after = try Self.check([tone, "--verbose"], cache: cache)
        let cold = try Tool.run(Tool.soundkit, ["check", tone, "--no-cache"])
        #expect(after.stdout == cold.stdout)
        #expect(after.stdout.contains("[silence]"))
        #expect(after.stderr.contains("cache miss: \(tone)"))
    }

    @Test("a corrupt, truncated or foreign cache entry is not used, and is replaced")
    func damagedEntries() throws {
        let dir = try Self.sounds()
        let cache = dir.appendingPathComponent("cache")
        let cold = try Tool.run(Tool.soundkit, ["check", dir.path, "--no-cache", "--format", "json"])
        _ = try Self.check([dir.path], cache: cache)
        let files = Self.entries(cache)
        try #require(files.count == 4)
        var flipped = [UInt8](try Data(contentsOf: files[0]))
        flipped[flipped.count / 2] ^= 0x20  // a letter's case in the JSON: still JSON, no longer the checksum's
        try Data(flipped).write(to: files[0])
        let whole = try Data(contentsOf: files[1])
        try whole.prefix(whole.count / 2).write(to: files[1])
        // Foreign: another file's entry under this file's name, and bytes that are no entry at all.
        try Data(contentsOf: files[3]).write(to: files[2])
        try Data("not a soundkit cache entry".utf8).write(to: files[3])
        let damaged = try Self.check([dir.path, "--format", "json", "--verbose"], cache: cache)
        #expect(damaged.stdout == cold.stdout)
        #expect(damaged.status == cold.status)
        #expect(damaged.stderr.components(separatedBy: "cache miss: ").count == 5)
        // Replaced: the next run is answered from the cache.
        let again = try Self.check([dir.path, "--format", "json", "--verbose"], cache: cache)
        #expect(again.stdout == cold.stdout)
        #expect(again.stderr.components(separatedBy: "cache hit: ").count == 5)
    }

    @Test("processes sharing one empty cache at once each print what a cold run prints")
    func concurrentProcesses() throws {
        let dir = try Self.sounds()
        let cache = dir.appendingPathComponent("cache")
        let cold = try Tool.run(Tool.soundkit, ["check", dir.path, "--no-cache"])
        final class Outputs: @unchecked Sendable {
            let lock = NSLock()
            var all: [Tool.Result?] = Array(repeating: nil, count: 4)
        }
        let outputs = Outputs()
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            let r = try? Self.check([dir.path, "--jobs", "2"], cache: cache)
            outputs.lock.withLock { outputs.all[i] = r }
        }
        for r in outputs.all {
            #expect(r?.stdout == cold.stdout)
            #expect(r?.status == cold.status)
        }
        #expect(Self.entries(cache).count == 4)
        let warm = try Self.check([dir.path], cache: cache)
        #expect(warm.stdout == cold.stdout)
    }

    @Test("--no-cache reads and writes no cache; --cache-path and XDG_CACHE_HOME say where it is")
    func whereTheCacheIs() throws {
        let dir = try Self.sounds()
        let xdg = dir.appendingPathComponent("xdg")
        var env = Tool.environment
        env["XDG_CACHE_HOME"] = xdg.path
        func run(_ arguments: [String]) throws -> Tool.Result {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: Tool.soundkit)
            p.arguments = ["check", dir.path] + arguments
            p.environment = env
            let err = Pipe()
            p.standardOutput = FileHandle.nullDevice
            p.standardError = err
            try p.run()
            let data = err.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return Tool.Result(
                status: p.terminationStatus, data: Data(), errorData: data)
        }
        _ = try run(["--no-cache"])
        #expect(!FileManager.default.fileExists(atPath: xdg.path))
        let elsewhere = dir.appendingPathComponent("elsewhere")
        _ = try run(["--cache-path", elsewhere.path])
        #expect(Self.entries(elsewhere).count == 4)
        #expect(!FileManager.default.fileExists(atPath: xdg.path))
        _ = try run([])
        #expect(Self.entries(xdg.appendingPathComponent("soundkit")).count == 4)
        // --no-cache does not read it either: every sound is checked, none is a hit.
        let verbose = try run(["--no-cache", "--verbose"])
        #expect(!verbose.stderr.contains("cache hit"))
        let both = try run(["--no-cache", "--cache-path", elsewhere.path])
        #expect(both.status == 64)
    }

    @Test(
        "payload keeps check's cache: --cache-path writes there, --no-cache writes nothing, a changed sound is checked again"
    )
    func payloadCache() throws {
        let dir = try Self.sounds()
        let app = dir.appendingPathComponent("app")
        let sounds = app.appendingPathComponent("Library/Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        let chime = sounds.appendingPathComponent("chime.caf")
        try FileManager.default.copyItem(at: dir.appendingPathComponent("a-tone.caf"), to: chime)
        let body = dir.appendingPathComponent("p.json")
        try Data(#"{"aps":{"alert":"hi","sound":"chime.caf"}}"#.utf8).write(to: body)
        let cache = dir.appendingPathComponent("cache")
        let xdg = dir.appendingPathComponent("xdg")
        // --no-cache, in a process of its own whose default cache folder is this test's: nothing is written.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tool.soundkit)
        p.arguments = ["payload", body.path, "--app-container", app.path, "--no-cache"]
        p.environment = Tool.environment.merging(["XDG_CACHE_HOME": xdg.path]) { $1 }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0 || p.terminationStatus == 1)
        #expect(!FileManager.default.fileExists(atPath: xdg.path))
        let args = ["payload", body.path, "--app-container", app.path]
        let cold = try Tool.run(Tool.soundkit, args + ["--no-cache"])
        #expect(!FileManager.default.fileExists(atPath: cache.path))
        let first = try Tool.run(Tool.soundkit, args + ["--cache-path", cache.path])
        #expect(Self.entries(cache).count == 1)
        let warm = try Tool.run(Tool.soundkit, args + ["--cache-path", cache.path])
        #expect(first.stdout == cold.stdout && warm.stdout == cold.stdout)
        #expect(!cold.stdout.contains("[silence]"))
        // The same name, other bytes: checked afresh, and stored beside the first.
        try Data(contentsOf: dir.appendingPathComponent("c-silent.caf")).write(to: chime)
        let changed = try Tool.run(Tool.soundkit, args + ["--cache-path", cache.path])
        #expect(changed.stdout.contains("chime.caf: ") && changed.stdout.contains("[silence]"))
        #expect(Self.entries(cache).count == 2)
        #expect(try Tool.run(Tool.soundkit, args + ["--no-cache", "--cache-path", cache.path]).status == 64)
    }

    @Test("check, info and report print the same with --jobs 1 and --jobs 4 (text and JSON)")
    func jobsKeepOrder() throws {
        try CheckFixtures.ready()
        let dir = try Self.sounds()
        let paths = [dir.path, CheckFixtures.dir.path]
        for format in ["text", "json"] {
            let one = try Tool.run(
                Tool.soundkit, ["check"] + paths + ["--no-cache", "--jobs", "1", "--format", format])
            let four = try Tool.run(
                Tool.soundkit, ["check"] + paths + ["--no-cache", "--jobs", "4", "--format", format])
            #expect(one.stdout == four.stdout)
            #expect(one.stderr == four.stderr)
            #expect(one.status == four.status)
        }
        let files = CheckFixtures.good.map(CheckFixtures.path) + ["missing.wav", CheckFixtures.path("random.wav")]
        for format in ["text", "json"] {
            let one = try Tool.run(Tool.soundkit, ["info"] + files + ["--jobs", "1", "--format", format])
            let four = try Tool.run(Tool.soundkit, ["info"] + files + ["--jobs", "4", "--format", format])
            #expect(one.stdout == four.stdout)
            #expect(one.stderr == four.stderr)
            #expect(one.status == four.status)
        }
        let pages = try ["1", "4"].map { jobs in
            let page = dir.appendingPathComponent("report-\(jobs).html")
            try Tool.must(Tool.soundkit, ["report", dir.path, "-o", page.path, "--preview", "wav", "--jobs", jobs])
            return try Data(contentsOf: page)
        }
        #expect(pages[0] == pages[1])
        #expect(try Tool.soundkit("info", "--jobs", "0", CheckFixtures.path("six.wav")).status == 64)
    }
}
