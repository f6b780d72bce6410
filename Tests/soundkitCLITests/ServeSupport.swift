import Foundation
import SoundKitTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `soundkit serve` started for a test on a free port (`--port 0`, the port read from its `listening on` line), with
/// its own TMPDIR so that a test can see that no temporary file outlives a request. Stopped by ``stop()`` (SIGTERM).
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    let tmp: URL
    private let errors: Pipe
    /// What the server has written to its standard error so far, read as it runs: a log nobody reads fills its pipe
    /// (64 KB) and the server's next log line then blocks, with it every request (seen: the drain test's /metrics
    /// polls, a line each, stopped a server dead in the full run).
    private let logged = LogReader()

    struct Failed: Error, CustomStringConvertible { var description: String }

    /// `executable` is the `soundkit` to start (the test build's by default); `environment` is added to the tests'.
    /// `tracer` runs the server under another program (`strace -f -o FILE`, say): ``pid`` then finds the server.
    init(
        _ arguments: [String] = [], executable: URL? = nil, environment: [String: String] = [:], tracer: [String] = []
    ) throws {
        tmp = try temporaryDirectory("serve-\(UUID().uuidString.prefix(8))")
        // The soundkit that execs the soundkit-serve beside it: the release build's in CI's full run, else the test
        // build's (Tool.serverDirectory).
        process.executableURL =
            executable ?? SoundKitTestSupport.Tool.serverDirectory.appendingPathComponent("soundkit")
        process.arguments = ["serve", "--port", "0"] + arguments
        if let program = tracer.first {
            process.arguments = Array(tracer.dropFirst()) + [process.executableURL?.path ?? ""] + process.arguments!
            process.executableURL = URL(fileURLWithPath: program)
        }
        var env = Tool.environment
        env["TMPDIR"] = tmp.path
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        errors = Pipe()
        process.standardOutput = out
        process.standardError = errors
        try process.run()
        logged.start(errors.fileHandleForReading.fileDescriptor)
        // The first line, within 30 s: `listening on http://127.0.0.1:PORT`.
        var line: [UInt8] = []
        let fd = out.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(30)
        while !line.contains(10), Date() < deadline {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 200) >= 0 else { break }
            if p.revents != 0 {
                var b = [UInt8](repeating: 0, count: 256)
                let n = read(fd, &b, 256)
                if n <= 0 { break }
                line += b[0..<n]
            }
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening on http://127.0.0.1:"),
            let port = Int(text.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
        else {
            process.terminate()
            throw Failed(description: "soundkit serve did not say where it listens: \(text)")
        }
        self.port = port
    }

    /// Reads a descriptor to its end on a thread of its own, keeping what came.
    final class LogReader: @unchecked Sendable {
        // @unchecked: `bytes` and `ended` are read and written under `lock`.
        private let lock = NSCondition()
        private var bytes: [UInt8] = []
        private var ended = false

        func start(_ fd: Int32) {
            Thread.detachNewThread { [self] in
                var chunk = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = read(fd, &chunk, chunk.count)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { break }
                    lock.withLock { bytes += chunk[0..<n] }
                }
                lock.withLock {
                    ended = true
                    lock.broadcast()
                }
            }
        }

        /// Everything read, once the end came or `seconds` passed.
        func text(within seconds: Double) -> String {
            lock.lock()
            defer { lock.unlock() }
            let deadline = Date().addingTimeInterval(seconds)
            while !ended && lock.wait(until: deadline) {}
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// This server's own client: tests that run side by side share no connection pool, per-host limit or queue
    /// (URLSession.shared is one for the whole test process). A request waits as long as its `timeout` allows.
    private let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 600
        configuration.timeoutIntervalForResource = 900
        configuration.httpMaximumConnectionsPerHost = 16
        return URLSession(configuration: configuration)
    }()

    deinit {
        session.invalidateAndCancel()
        if process.isRunning { process.terminate() }
    }

    /// The server's process id: the process started, or under a tracer its child.
    var pid: Int32 {
        let me = process.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(me)/task/\(me)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) } ?? me
    }

    /// SIGTERM, then the exit status (nil if it is still running after `seconds`).
    @discardableResult
    func stop(within seconds: Double = 40) -> Int32? {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// The server's scratch folder (TMPDIR/soundkit-serve-XXXXXX).
    func scratch() throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.path)
        guard let name = names.first(where: { $0.hasPrefix("soundkit-serve-") }) else {
            throw Failed(description: "no scratch folder in \(tmp.path): \(names)")
        }
        return tmp.appendingPathComponent(name)
    }

    /// A gauge's value in `/metrics` (nil when it is not there), read on a connection of its own with a 10 s
    /// deadline: never queued behind the test's uploads in a client's pool (URLSession keeps 6 connections to a host,
    /// and a test holding 5 uploads met a /metrics request that waited out its timeout there).
    func gauge(_ name: String) async throws -> Double? {
        let fd = try rawConnection("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        defer { close(fd) }
        let answer = Self.receive(fd, seconds: 10)
        guard answer.status == 200, let end = answer.text.range(of: "\r\n\r\n") else {
            throw Failed(description: "/metrics did not answer 200 within 10 s: \(answer.text.prefix(200))")
        }
        let text = answer.text[end.upperBound...]
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }

    /// What the server logged, read once it has exited: a server still running (a ``stop()`` that timed out) is
    /// killed first, so that reading its log never waits on it.
    var log: String {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        return logged.text(within: 10)
    }

    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// One request over HTTP/1.1.
    func request(
        _ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:], timeout: Double = 120
    ) async throws -> Answer {
        var r = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        r.httpMethod = method
        r.httpBody = body
        r.timeoutInterval = timeout
        for (k, v) in headers { r.setValue(v, forHTTPHeaderField: k) }
        let (data, response) = try await session.data(for: r)
        guard let http = response as? HTTPURLResponse else { throw Failed(description: "not HTTP") }
        var h: [String: String] = [:]
        for (k, v) in http.allHeaderFields { h[String(describing: k).lowercased()] = String(describing: v) }
        return Answer(status: http.statusCode, headers: h, body: data)
    }

    /// A connection that sends `head` (and nothing more unless asked): a slow client.
    func rawConnection(_ head: String) throws -> Int32 {
        // Glibc imports SOCK_STREAM as an enum case, Darwin as an Int32.
        #if canImport(Darwin)
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        var addr = sockaddr_in()
        #if canImport(Darwin)
            addr.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard ok == 0 else { throw Failed(description: "cannot connect") }
        // A send the server stops reading fails after 10 s rather than blocking the test's thread for ever.
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(head.utf8)
        _ = send(fd, bytes, bytes.count, 0)
        return fd
    }

    /// Waits until the gauge `name` in `/metrics` satisfies `wanted`, polling every 50 ms for at most `seconds`; its
    /// last value (nil when it never appeared).
    func waitForGauge(_ name: String, seconds: Double = 20, _ wanted: (Double) -> Bool) async throws -> Double? {
        // A read that fails (a 503 while a capped server still counts closed connections) is tried again.
        let deadline = Date().addingTimeInterval(seconds)
        var value = try? await gauge(name)
        while !(value.map(wanted) ?? false), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            value = try? await gauge(name)
        }
        return value
    }

    /// Sends all of `data` on `fd` (each send bounded by the connection's SO_SNDTIMEO); false when a send failed.
    @discardableResult
    static func sendAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var at = 0
            while at < raw.count {
                let n = send(fd, raw.baseAddress.map { $0 + at }, raw.count - at, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                at += n
            }
            return true
        }
    }

    /// What `fd` received: the text, whether the server closed the connection (end of input or a reset), the seconds.
    struct Received {
        var text: String
        var closed: Bool
        var seconds: Double
        /// The final response's status line (after any `100 Continue`).
        var status: Int? {
            var rest = Substring(text)
            while rest.hasPrefix("HTTP/1.1 1"), let end = rest.range(of: "\r\n\r\n") { rest = rest[end.upperBound...] }
            guard rest.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(rest.dropFirst(9).prefix(3))
        }
    }

    /// Reads `fd` for at most `seconds`: until one whole final response has come (its `Content-Length` read), or,
    /// `untilClosed`, until the server closes the connection, or until `until` holds for the text so far. `tick`,
    /// when given, runs every 100 ms meanwhile (a slow client's next byte).
    static func receive(
        _ fd: Int32, seconds: Double, untilClosed: Bool = false, tick: (() -> Void)? = nil,
        until: ((String) -> Bool)? = nil
    ) -> Received {
        let start = Date()
        var out: [UInt8] = []
        var closed = false
        while Date().timeIntervalSince(start) < seconds {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) >= 0 else { break }
            if p.revents != 0 {
                var b = [UInt8](repeating: 0, count: 65536)
                let n = recv(fd, &b, b.count, 0)
                if n <= 0 {
                    closed = true
                    break
                }
                out += b[0..<n]
                let text = String(decoding: out, as: UTF8.self)
                if until?(text) == true || (!untilClosed && complete(text)) { break }
            } else {
                tick?()
            }
        }
        return Received(
            text: String(decoding: out, as: UTF8.self), closed: closed, seconds: Date().timeIntervalSince(start))
    }

    /// Whether `text` holds a whole final response (interim `1xx` ones skipped).
    static func complete(_ text: String) -> Bool {
        var rest = Substring(text)
        while let end = rest.range(of: "\r\n\r\n") {
            let head = rest[..<end.lowerBound].lowercased()
            let body = rest[end.upperBound...]
            if head.hasPrefix("http/1.1 1") {
                rest = body
                continue
            }
            let length =
                head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
            return body.utf8.count >= length
        }
        return false
    }

    /// Everything `fd` receives until the server closes it or `seconds` pass; the time it took.
    static func readAll(_ fd: Int32, seconds: Double) -> (String, Double) {
        let start = Date()
        var out: [UInt8] = []
        while Date().timeIntervalSince(start) < seconds {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) >= 0 else { break }
            guard p.revents != 0 else { continue }
            var b = [UInt8](repeating: 0, count: 4096)
            let n = recv(fd, &b, 4096, 0)
            if n <= 0 { break }
            out += b[0..<n]
            if String(decoding: out, as: UTF8.self).contains("\r\n\r\n{") && out.last == 10 { break }
        }
        return (String(decoding: out, as: UTF8.self), Date().timeIntervalSince(start))
    }
}
