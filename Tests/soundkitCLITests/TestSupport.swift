import Foundation
// Every file of this target sees the shared helpers (Tool, temporaryDirectory, SplitMix64, HostileFiles, …).
@_exported import SoundKitTestSupport
import Testing

@testable import soundkit

/// The command-line tests' `Tool`: the shared one, except that `soundkit` runs in this process, the way
/// swift-argument-parser's own suites run their commands — parsed by ArgumentParser and run with its output captured
/// (``Console``) — so a test costs no process launch and no release build. It shadows SoundKitTestSupport's `Tool`
/// in this target, so every test reads as before.
///
/// A run goes through the real binary instead when it needs a process: a working directory of its own (`in:`),
/// standard input (`-`), a batch (`--output-dir`, whose Ctrl-C handling and worker tasks belong to a process; its
/// waiting thread would also hold one of the test runner's), a test tagged `.binary` (exit by signal, pipes, limits,
/// a terminal, the binary users install), a test tagged `.slow` while `SOUNDKIT_BIN` names an optimised build (the
/// heavy encodes run there, not in the debug build), or `SOUNDKIT_IN_PROCESS=0` in the environment. `scripts/test`
/// sets `SOUNDKIT_BIN` to the release build, so those suites run against what users install.
enum Tool {
    typealias Result = SoundKitTestSupport.Tool.Result
    typealias Failed = SoundKitTestSupport.Tool.Failed

    static var soundkit: String { SoundKitTestSupport.Tool.soundkit }
    static var environment: [String: String] { SoundKitTestSupport.Tool.environment }

    /// Runs soundkit (in process where it can) and returns the result.
    @discardableResult
    static func soundkit(_ arguments: String..., in dir: URL? = nil) throws -> Result {
        try run(soundkit, arguments, in: dir)
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in dir: URL? = nil) throws -> Result {
        if executable == soundkit, dir == nil, InProcess.allowed(arguments) { return InProcess.run(arguments) }
        return try process(executable, arguments, in: dir)
    }

    /// Whether the test under way asks for processes: tagged `.binary`, or tagged `.slow` (heavy encodes, such as the
    /// beam at `-q 127`) while `SOUNDKIT_BIN` names an optimised build to run them on.
    static var testWantsProcesses: Bool {
        guard let tags = Test.current?.tags else { return false }
        let optimised = ProcessInfo.processInfo.environment["SOUNDKIT_BIN"] != nil
        return tags.contains(.binary) || (optimised && tags.contains(.slow))
    }

    /// Runs a program — soundkit included — in a process of its own.
    @discardableResult
    static func process(_ executable: String, _ arguments: [String], in dir: URL? = nil) throws -> Result {
        try SoundKitTestSupport.Tool.run(executable, arguments, in: dir)
    }

    /// Runs a tool that must succeed.
    @discardableResult
    static func must(_ executable: String, _ arguments: String...) throws -> Result {
        try must(executable, arguments)
    }

    @discardableResult
    static func must(_ executable: String, _ arguments: [String]) throws -> Result {
        let r = try run(executable, arguments)
        guard r.status == 0 else {
            throw Failed(
                description: "\(executable) \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
        }
        return r
    }

    static func which(_ name: String) throws -> String { try SoundKitTestSupport.Tool.which(name) }
}

/// soundkit's commands run in this process.
enum InProcess {
    /// Whether `arguments` can run in process.
    static func allowed(_ arguments: [String]) -> Bool {
        if ProcessInfo.processInfo.environment["SOUNDKIT_IN_PROCESS"] == "0" || Tool.testWantsProcesses { return false }
        // Standard input ("-") is the test runner's own.
        return !arguments.contains { $0 == "-" || $0 == "--output-dir" || $0.hasPrefix("--output-dir=") }
    }

    /// The result cache goes where the processes the tests start put it (``SoundKitTestSupport/Tool/environment``),
    /// never in the user's: set once, before the first command runs, for every run after it.
    private static let cacheFolder: Void = {
        if let dir = SoundKitTestSupport.Tool.environment["XDG_CACHE_HOME"] { setenv("XDG_CACHE_HOME", dir, 1) }
    }()

    static func run(_ arguments: [String]) -> Tool.Result {
        _ = cacheFolder
        let console = Console(words: arguments)
        let start = DispatchTime.now()
        let status = Console.$current.withValue(console) { SoundKitCommand.run(arguments) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let (out, err) = console.written
        return Tool.Result(status: status, data: Data(out), errorData: Data(err), seconds: seconds)
    }
}
