import Foundation
import Testing

/// Nothing is lost: a full disk, a file-size limit or a folder soundkit may not write in gives a clear error,
/// leaves no partial or temporary file, and never damages an existing output.
@Suite("Output safety", .tags(.binary))
struct OutputSafetyTests {
    /// A 3 s stereo WAV (about 530 KB) and an existing output that must survive a failed conversion.
    static func setUp(_ name: String) throws -> (dir: URL, input: String, output: String, old: Data) {
        let dir = try temporaryDirectory(name)
        let input = dir.appendingPathComponent("in.wav").path
        try Tool.must(
            "ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=f=440:d=3", "-ac", "2", "-c:a", "pcm_s16le", input)
        let output = dir.appendingPathComponent("out.caf").path
        let old = Data("an earlier output".utf8)
        try old.write(to: URL(fileURLWithPath: output))
        return (dir, input, output, old)
    }

    static func names(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    /// ThreadSanitizer's runtime maps files of its own, which a file-size limit turns into SIGBUS before soundkit runs.
    static let underThreadSanitizer = ProcessInfo.processInfo.environment["SOUNDKIT_SANITIZER"] == "thread"

    /// Under a sanitizer (scripts/sanitize) a conversion is several times slower, so fewer files finish between two
    /// publications a second apart: 31 to 48 were under way at most in 30 s, alone on 2 cores.
    static let underSanitizer = ProcessInfo.processInfo.environment["SOUNDKIT_SANITIZER"] != nil

    /// Starts `soundkit arguments` and returns it once a temporary output exists in `dir` (the conversion is under
    /// way), or throws after 30 s.
    static func startConverting(_ arguments: [String], in dir: URL) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tool.soundkit)
        p.arguments = arguments
        p.environment = Tool.environment
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(30)
        while try !names(dir).contains(where: { $0.contains(".soundkit-") }) {
            guard p.isRunning, Date() < deadline else {
                p.terminate()
                throw Tool.Failed(description: "no temporary output appeared while soundkit \(arguments) ran")
            }
            usleep(5_000)
        }
        return p
    }

    @Test(
        "a signal that ends a conversion removes its temporary file; the old output stays intact",
        arguments: [SIGTERM, SIGINT, SIGHUP])
    func endedBySignal(_ sig: Int32) throws {
        let (dir, input, output, old) = try Self.setUp("signal-\(sig)")
        // -q 127 takes seconds for 3 s of stereo: long enough to be caught under way.
        let p = try Self.startConverting(["convert", input, output, "-d", "ima4", "-q", "127"], in: dir)
        kill(p.processIdentifier, sig)
        let deadline = Date().addingTimeInterval(10)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == sig)
        let left = try Self.names(dir)
        #expect(left == ["in.wav", "out.caf"], "signal \(sig): \(left)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == old)
    }

    @Test("a batch ended by SIGTERM with hundreds of files under way leaves no temporary file, and every output whole")
    func batchEndedBySignal() throws {
        let dir = try temporaryDirectory("signal-batch")
        let src = dir.appendingPathComponent("in")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        let one = dir.appendingPathComponent("one.wav")
        try Data(TestWAV.tone(seconds: 0.05)).write(to: one)
        // 3,000 names for one sound: the batch finishes files faster than it puts them in place (once a second),
        // so hundreds are tracked at once, past the registry's first table of 64.
        for i in 0..<3000 {
            try FileManager.default.createSymbolicLink(
                at: src.appendingPathComponent("s\(i).wav"), withDestinationURL: one)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tool.soundkit)
        p.arguments = ["convert", src.path, "--output-dir", out.path, "-f", "caff", "-d", "ima4", "--jobs", "2"]
        p.environment = Tool.environment
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(30)
        var underWay = 0
        // Under a sanitizer 20, still past the first table's 32 slots in use once tombstones count.
        let enough = Self.underSanitizer ? 20 : 100
        while p.isRunning, Date() < deadline {
            underWay = ((try? Self.names(out)) ?? []).filter { $0.contains(".soundkit-") }.count
            if underWay >= enough { break }
            usleep(2_000)
        }
        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        try #require(underWay >= enough, "the batch ended before \(enough) files were under way; nothing was tested")
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGTERM)
        let left = try Self.names(out)
        #expect(!left.contains { $0.contains(".soundkit-") }, "\(left.filter { $0.contains(".soundkit-") }.prefix(5))")
        let single = dir.appendingPathComponent("single.caf").path
        try Tool.must(Tool.soundkit, ["convert", one.path, single, "-d", "ima4"])
        let whole = try Data(contentsOf: URL(fileURLWithPath: single))
        for name in left {
            #expect(try Data(contentsOf: out.appendingPathComponent(name)) == whole, "\(name)")
        }
    }

    @Test("a batch's second Ctrl-C ends it at once, by SIGINT, removing the files under way")
    func batchSecondInterrupt() throws {
        let dir = try temporaryDirectory("signal-batch-interrupt")
        let src = dir.appendingPathComponent("in")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let one = dir.appendingPathComponent("one.wav")
        try Data(TestWAV.tone(seconds: 0.05)).write(to: one)
        // Long names, each listed by -v on a pipe no one reads: the batch stalls once the pipe is full (64 KB), so
        // the cancelled batch cannot finish and the second Ctrl-C is the one that ends it.
        let long = String(repeating: "s", count: 200)
        for i in 0..<600 {
            try FileManager.default.createSymbolicLink(
                at: src.appendingPathComponent("\(long)\(i).wav"), withDestinationURL: one)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tool.soundkit)
        p.arguments = ["convert", src.path, "--output-dir", out.path, "-f", "caff", "-d", "ima4", "--jobs", "2", "-v"]
        p.environment = Tool.environment
        let unread = (Pipe(), Pipe())
        p.standardOutput = unread.0
        p.standardError = unread.1
        try p.run()
        var (count, unchanged) = (-1, 0)
        let deadline = Date().addingTimeInterval(60)
        while p.isRunning, Date() < deadline, unchanged < 20 || count == 0 {
            let now = ((try? Self.names(out)) ?? []).count
            unchanged = now == count ? unchanged + 1 : 0
            count = now
            usleep(50_000)
        }
        kill(p.processIdentifier, SIGINT)
        usleep(500_000)
        try #require(p.isRunning, "the batch ended before the second Ctrl-C; nothing was tested")
        kill(p.processIdentifier, SIGINT)
        let end = Date().addingTimeInterval(10)
        while p.isRunning && Date() < end { usleep(10_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGINT, "\(p.terminationStatus)")
        let left = ((try? Self.names(out)) ?? []).filter { $0.contains(".soundkit-") }
        #expect(left.isEmpty, "\(left.prefix(5))")
    }

    @Test("a batch whose output pipe is closed (| head) ends by SIGPIPE and leaves no temporary file")
    func batchEndedByClosedPipe() throws {
        let dir = try temporaryDirectory("signal-batch-pipe")
        let src = dir.appendingPathComponent("in")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        let one = dir.appendingPathComponent("one.wav")
        try Data(TestWAV.tone(seconds: 0.05)).write(to: one)
        for i in 0..<600 {
            try FileManager.default.createSymbolicLink(
                at: src.appendingPathComponent("s\(i).wav"), withDestinationURL: one)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tool.soundkit)
        p.arguments = ["convert", src.path, "--output-dir", out.path, "-f", "caff", "-d", "ima4", "--jobs", "2", "-v"]
        p.environment = Tool.environment
        let listing = Pipe()
        p.standardOutput = listing
        p.standardError = FileHandle.nullDevice
        try p.run()
        // What `soundkit … -v | head -1` does: read the first line, then close the pipe while the batch runs on.
        _ = listing.fileHandleForReading.readData(ofLength: 1)
        try listing.fileHandleForReading.close()
        let deadline = Date().addingTimeInterval(60)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGPIPE, "\(p.terminationStatus)")
        let left = ((try? Self.names(out)) ?? []).filter { $0.contains(".soundkit-") }
        #expect(left.isEmpty, "\(left.count) left: \(left.prefix(3))")
    }

    @Test("a signal soundkit was started ignoring (nohup) does not end it")
    func ignoredSignal() throws {
        let (dir, input, output, _) = try Self.setUp("signal-ignored")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.environment = Tool.environment
        // The shell ignores SIGHUP and becomes soundkit, which inherits that.
        p.arguments = [
            "-c", "trap '' HUP; exec \"$0\" convert \"$1\" \"$2\" -d ima4 -q 100", Tool.soundkit, input, output,
        ]
        try p.run()
        let deadline = Date().addingTimeInterval(30)
        while try p.isRunning && !Self.names(dir).contains(where: { $0.contains(".soundkit-") }) && Date() < deadline {
            usleep(1_000)
        }
        kill(p.processIdentifier, SIGHUP)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 0)
        #expect(try Self.names(dir) == ["in.wav", "out.caf"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)).prefix(4) == Data("caff".utf8))
    }

    @Test(
        "past a file-size limit (ulimit -f): exit 1, EFBIG named, no temporary file, the old output intact",
        .disabled(if: underThreadSanitizer, "ThreadSanitizer's runtime cannot start under a file-size limit"))
    func fileSizeLimit() throws {
        let s = try Self.setUp("fsize")
        // dash counts ulimit -f in 512-byte blocks: 64 KB, far below the 530 KB the output needs.
        let r = try Tool.run(
            "/bin/sh",
            ["-c", "ulimit -f 128; exec \"$0\" \"$@\"", Tool.soundkit, "convert", s.input, s.output, "-d", "LEI16"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("\(s.output): error: cannot write it: "), "\(r.stderr)")
        #expect(try Self.names(s.dir) == ["in.wav", "out.caf"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: s.output)) == s.old)
    }

    /// A 64 KB tmpfs is a disk that really fills up (ENOSPC); mounting needs root and a kernel that lets us.
    static let canMount: Bool = {
        guard geteuid() == 0,
            let r = try? Tool.run(
                "/bin/sh", ["-c", "d=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs $d && umount $d && rmdir $d"])
        else { return false }
        return r.status == 0
    }()

    @Test(
        "on a full disk (64 KB tmpfs): exit 1, ENOSPC named, no temporary file, the old output intact",
        .enabled(if: canMount, "needs root and permission to mount a tmpfs"))
    func fullDisk() throws {
        let s = try Self.setUp("enospc")
        let disk = s.dir.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try Tool.must("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path)
        defer { _ = try? Tool.run("umount", [disk.path]) }
        let output = disk.appendingPathComponent("out.caf").path
        try s.old.write(to: URL(fileURLWithPath: output))
        let r = try Tool.soundkit("convert", s.input, output, "-d", "LEI16")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("\(output): error: cannot write it: ") && r.stderr.contains("space"), "\(r.stderr)")
        #expect(try Self.names(disk) == ["out.caf"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == s.old)
    }

    @Test("into a folder it may not write: exit 1, the folder named, nothing changed")
    func unwritableFolder() throws {
        let s = try Self.setUp("readonly")
        let locked = s.dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        let output = locked.appendingPathComponent("out.caf").path
        try s.old.write(to: URL(fileURLWithPath: output))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        // Root writes anywhere: run as nobody instead (setpriv, util-linux), who may read the input.
        let arguments = ["convert", s.input, output, "-d", "ima4"]
        let r =
            geteuid() == 0
            ? try Tool.run("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Tool.soundkit] + arguments)
            : try Tool.run(Tool.soundkit, arguments)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr.hasPrefix("\(output): error: cannot create a file in the folder of it: ")
                && r.stderr.contains("ermission"), "\(r.stderr)")
        #expect(try Self.names(locked) == ["out.caf"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == s.old)
    }

    @Test("a conversion that fails half-way (the input is cut off inside an IMA4 packet header) leaves no file")
    func failureHalfWay() throws {
        let s = try Self.setUp("halfway")
        let ima = s.dir.appendingPathComponent("in.caf").path
        try Tool.must(Tool.soundkit, "convert", s.input, ima, "-d", "ima4")
        // A step index above 88 in a late packet: decoding stops with an error after output was written.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ima)))
        bytes[bytes.count - 34 * 2 * 10 + 1] = 0x7F
        try Data(bytes).write(to: URL(fileURLWithPath: ima))
        let r = try Tool.soundkit("convert", ima, s.output, "-d", "LEI16")
        #expect(r.status == 1 && r.stderr.contains("step index 127"), "\(r.stderr)")
        #expect(try Self.names(s.dir) == ["in.caf", "in.wav", "out.caf"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: s.output)) == s.old)
    }
}
