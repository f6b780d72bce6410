import Foundation
import Testing

/// Runs programs and finds the built `soundkit` binary, the way swift-argument-parser's example tests do.
public enum Tool {
    /// A run's status and output. The output is kept as bytes and read as text when a test asks for it: decoding
    /// megabytes of audio as UTF-8 repairs every invalid sequence, and under Swift Testing each repair is a thrown
    /// error whose backtrace is captured — seconds of a test's time for one `ffmpeg -f f64le -` run.
    public struct Result: Sendable {
        public var status: Int32
        /// Standard output, as written.
        public var data: Data
        /// Standard error, as written.
        public var errorData: Data
        /// Seconds from launch to exit.
        public var seconds: Double

        /// Standard output as text.
        public var stdout: String {
            get { String(decoding: data, as: UTF8.self) }
            set { data = Data(newValue.utf8) }
        }
        /// Standard error as text.
        public var stderr: String {
            get { String(decoding: errorData, as: UTF8.self) }
            set { errorData = Data(newValue.utf8) }
        }

        public init(status: Int32, data: Data, errorData: Data, seconds: Double = 0) {
            self.status = status
            self.data = data
            self.errorData = errorData
            self.seconds = seconds
        }
    }

    public static let buildDirectory: URL = {
        if let env = ProcessInfo.processInfo.environment["SOUNDKIT_BIN"] {
            return URL(fileURLWithPath: env).deletingLastPathComponent()
        }
        return productsDirectory
    }()

    /// The folder of the build the tests belong to, whatever `SOUNDKIT_BIN` says: the test bundle sits beside the
    /// products it depends on.
    public static let productsDirectory: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: url.appendingPathComponent("soundkit").path) {
            url.deleteLastPathComponent()
        }
        return url
    }()

    /// The folder whose `soundkit` the server tests start (it execs the `soundkit-serve` beside it): `SOUNDKIT_BIN`'s
    /// when a soundkit-serve is there (CI's full run: the release build, the server the packages and the image ship),
    /// else the test build's.
    public static let serverDirectory: URL = {
        let given = buildDirectory
        let beside = given.appendingPathComponent("soundkit-serve").path
        return FileManager.default.isExecutableFile(atPath: beside) ? given : productsDirectory
    }()

    public static var soundkit: String {
        ProcessInfo.processInfo.environment["SOUNDKIT_BIN"] ?? buildDirectory.appendingPathComponent("soundkit").path
    }

    /// This process's environment with `XDG_CACHE_HOME` set to a folder of its own, for every program tests start:
    /// `soundkit check` keeps a result cache there, never in the user's.
    public static let environment: [String: String] = {
        var env = ProcessInfo.processInfo.environment
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("soundkit-tests-cache-\(getpid())")
        env["XDG_CACHE_HOME"] = dir.path
        return env
    }()

    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], in dir: URL? = nil) throws -> Result {
        let start = DispatchTime.now()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : try required(executable))
        p.arguments = arguments
        p.environment = environment
        if let dir { p.currentDirectoryURL = dir }
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let (outData, errData) = Self.collect(out, err, of: p)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return Result(status: p.terminationStatus, data: outData, errorData: errData, seconds: seconds)
    }

    /// What `process` writes to `out` and `err`, read as it runs, until it has exited and both pipes are empty. It
    /// does not wait for the pipes' end of file: a program started elsewhere in the test process at the same moment
    /// (Chromium through posix_spawn, say) can inherit a write end and keep it open long after this process is gone,
    /// and a read to the end of file would then wait for that program instead — in CI, for ever.
    static func collect(_ out: Pipe, _ err: Pipe, of process: Process) -> (Data, Data) {
        let fds = [out.fileHandleForReading.fileDescriptor, err.fileHandleForReading.fileDescriptor]
        var data = [Data(), Data()]
        var open = [true, true]
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        var exited = false
        while open.contains(true) {
            // Whether it had exited before this round: a round that starts after the exit reads everything it wrote.
            let lastRound = exited
            var polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&polls, nfds_t(polls.count), 100)
            for i in fds.indices where open[i] {
                while true {
                    let n = chunk.withUnsafeMutableBytes { read(fds[i], $0.baseAddress, $0.count) }
                    if n > 0 {
                        data[i].append(contentsOf: chunk[0..<n])
                    } else {
                        if n == 0 || (errno != EAGAIN && errno != EINTR) { open[i] = false }
                        break
                    }
                }
            }
            if lastRound { break }
            exited = !process.isRunning
        }
        process.waitUntilExit()
        return (data[0], data[1])
    }

    public static func which(_ name: String) throws -> String {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw ToolMissing(name: name)
    }

    /// The path of `name`, a program a test needs. Where it is not installed the test is skipped, saying so
    /// (Swift Testing's `Test.cancel`, from Swift 6.3); with an older compiler it fails, saying the same.
    public static func required(_ name: String) throws -> String {
        do {
            return try which(name)
        } catch {
            #if compiler(>=6.3)
                try Test.cancel("\(error)")
            #else
                throw error
            #endif
        }
    }

    public struct ToolMissing: Error, CustomStringConvertible {
        public var name: String
        public var description: String {
            "\(name) is not installed; scripts/test installs the oracles (ffmpeg, sox, sndfile-programs)"
        }
    }

    /// Runs soundkit and returns the result.
    @discardableResult
    public static func soundkit(_ arguments: String..., in dir: URL? = nil) throws -> Result {
        try run(soundkit, arguments, in: dir)
    }

    /// Runs a tool that must succeed.
    @discardableResult
    public static func must(_ executable: String, _ arguments: String...) throws -> Result {
        try must(executable, arguments)
    }

    @discardableResult
    public static func must(_ executable: String, _ arguments: [String]) throws -> Result {
        let r = try run(executable, arguments)
        guard r.status == 0 else {
            throw Failed(
                description: "\(executable) \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
        }
        return r
    }

    public struct Failed: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }
}

/// A fresh folder under the system's temporary directory.
public func temporaryDirectory(_ name: String = #function) throws -> URL {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "soundkit-tests-\(safe)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// What ffmpeg decodes from a file: samples as Double (exact for every integer width up to 32 bits and for floats).
public struct Decoded {
    public var samples: [Double]
    public var channels: Int
    public var sampleRate: Int
    public var codec: String
    public var frames: Int { channels == 0 ? 0 : samples.count / channels }

    public static func ffmpeg(_ path: String) throws -> Decoded {
        let probe = try Tool.must(
            "ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries",
            "stream=codec_name,channels,sample_rate", "-of", "default=nw=1", path)
        var fields: [String: String] = [:]
        for line in probe.stdout.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
        }
        let raw = try Tool.must("ffmpeg", "-v", "error", "-i", path, "-f", "f64le", "-acodec", "pcm_f64le", "-")
        let samples = raw.data.withUnsafeBytes { buf in
            (0..<(buf.count / 8)).map {
                Double(bitPattern: UInt64(littleEndian: buf.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)))
            }
        }
        return Decoded(
            samples: samples, channels: Int(fields["channels"] ?? "") ?? 0,
            sampleRate: Int(fields["sample_rate"] ?? "") ?? 0, codec: fields["codec_name"] ?? "?")
    }

    /// Decodes raw 16-bit little-endian samples (what sox and ffmpeg write with -f s16le).
    public static func int16(_ data: Data) -> [Int16] {
        data.withUnsafeBytes { buf in
            (0..<(buf.count / 2)).map { Int16(littleEndian: buf.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
        }
    }
}

public func snr(_ reference: [Double], _ test: [Double]) -> Double {
    var s = 0.0
    var n = 0.0
    for (a, b) in zip(reference, test) {
        s += a * a
        n += (a - b) * (a - b)
    }
    return 10 * log10(s / max(n, 1e-30))
}
