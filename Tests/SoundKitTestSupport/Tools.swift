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
    /// else the server package's debug build (`swift build --package-path Server`, which scripts/test --quick runs:
    /// soundkit-serve is a package of its own, Server/, beside this one).
    public static let serverDirectory: URL = {
        let given = buildDirectory
        if FileManager.default.isExecutableFile(atPath: given.appendingPathComponent("soundkit-serve").path) {
            return given
        }
        // productsDirectory is PACKAGE/.build/TRIPLE/debug (or .build/debug): the server's build is the same path under
        // PACKAGE/Server.
        var package = productsDirectory.resolvingSymlinksInPath()
        var below: [String] = []
        while package.pathComponents.count > 1, package.lastPathComponent != ".build" {
            below.insert(package.lastPathComponent, at: 0)
            package.deleteLastPathComponent()
        }
        var server = package.deletingLastPathComponent().appendingPathComponent("Server/.build")
        for part in below { server.appendPathComponent(part) }
        return server
    }()

    public static var soundkit: String {
        ProcessInfo.processInfo.environment["SOUNDKIT_BIN"] ?? buildDirectory.appendingPathComponent("soundkit").path
    }

    /// This process's environment with `XDG_CACHE_HOME` set to a folder of its own, for every program tests start:
    /// `soundkit check` keeps a result cache there, never in the user's. Without the test runner's own setting of the
    /// concurrency runtime (scripts/test gives the runner threads that grow when tests block; see there): soundkit and
    /// soundkit-serve run as users run them.
    public static let environment: [String: String] = {
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_DEBUG_CONCURRENCY_ENABLE_COOPERATIVE_QUEUES"] = nil
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

    /// The path of `name` on `PATH`, or in `~/.local/bin`, where scripts/setup's `pip install --user` puts the
    /// Python tools (schemathesis, pre-commit) and which is often not on `PATH`.
    public static func which(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") + [Substring(NSHomeDirectory() + "/.local/bin")] {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
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
        try ffmpeg([path])[0]
    }

    /// What ffmpeg decodes from each file, in one ffmpeg run: each file's first audio stream as 64-bit float WAV (its
    /// header gives the channels and rate, the same as ffprobe's), the codec's name from ffmpeg's stream mapping
    /// (the name ffprobe calls `codec_name`). One process for many files: ffmpeg and ffprobe take about 0.1 s of CPU
    /// each to start (they load some 200 libraries), and the tests decoded 473 files a run with two each.
    public static func ffmpeg(_ paths: [String]) throws -> [Decoded] {
        guard !paths.isEmpty else { return [] }
        let dir = try temporaryDirectory("decoded")
        defer { try? FileManager.default.removeItem(at: dir) }
        var arguments = ["-hide_banner", "-nostdin", "-nostats", "-v", "info"]
        for path in paths { arguments += ["-i", path] }
        let outputs = paths.indices.map { dir.appendingPathComponent("\($0).wav").path }
        for (i, output) in outputs.enumerated() {
            arguments += ["-map", "\(i):a:0", "-c:a", "pcm_f64le", "-f", "wav", output]
        }
        let run = try Tool.must("ffmpeg", arguments)
        let codecs = streamCodecs(run.stderr)
        return try paths.indices.map { i in
            let wav = try Data(contentsOf: URL(fileURLWithPath: outputs[i]))
            guard var decoded = float64WAV(wav) else {
                throw Tool.Failed(description: "ffmpeg's decode of \(paths[i]) is not the WAV asked for")
            }
            decoded.codec = codecs[i] ?? "?"
            return decoded
        }
    }

    /// Input index → codec name, from the lines ffmpeg prints under "Stream mapping:", such as
    /// `  Stream #1:0 -> #1:0 (mp3 (mp3float) -> pcm_f64le (native))`.
    static func streamCodecs(_ log: String) -> [Int: String] {
        var codecs: [Int: String] = [:]
        for line in log.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("Stream #"), text.contains(" -> #"), let open = text.firstIndex(of: "(") else {
                continue
            }
            let input = text.dropFirst("Stream #".count).prefix { $0.isNumber }
            let name = text[text.index(after: open)...].prefix { $0 != " " && $0 != ")" }
            if let index = Int(input), codecs[index] == nil { codecs[index] = String(name) }
        }
        return codecs
    }

    /// The samples, channels and rate of a WAV of 64-bit floats (WAVE_FORMAT_IEEE_FLOAT or EXTENSIBLE).
    static func float64WAV(_ data: Data) -> Decoded? {
        let bytes = [UInt8](data)
        func le(_ at: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8)
        else { return nil }
        var at = 12
        var channels = 0
        var rate = 0
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let size = le(at + 4, 4)
            let body = at + 8
            if id == "fmt ", body + 8 <= bytes.count {
                channels = le(body + 2, 2)
                rate = le(body + 4, 4)
            } else if id == "data" {
                // ffmpeg writes the true size when it can seek back; to the end of the file otherwise.
                let end = size == 0 || size == 0xFFFF_FFFF ? bytes.count : min(bytes.count, body + size)
                let count = (end - body) / 8
                var samples = [Double](repeating: 0, count: count)
                samples.withUnsafeMutableBytes { out in
                    bytes.withUnsafeBytes {
                        out.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[body..<body + count * 8]))
                    }
                }
                #if _endian(big)
                    samples = samples.map { Double(bitPattern: UInt64(littleEndian: $0.bitPattern)) }
                #endif
                return Decoded(samples: samples, channels: channels, sampleRate: rate, codec: "?")
            }
            at = body + size + (size & 1)
        }
        return nil
    }

    /// Decodes raw 16-bit little-endian samples (what sox and ffmpeg write with -f s16le).
    public static func int16(_ data: Data) -> [Int16] {
        var samples = [Int16](repeating: 0, count: data.count / 2)
        samples.withUnsafeMutableBytes { out in
            data.withUnsafeBytes { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<out.count])) }
        }
        #if _endian(big)
            samples = samples.map { Int16(littleEndian: $0) }
        #endif
        return samples
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
