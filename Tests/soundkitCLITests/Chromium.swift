import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Headless Chromium driven through the DevTools protocol over a pipe (`--remote-debugging-pipe`: Chromium reads
/// commands from its fd 3 and writes replies and events to its fd 4, each JSON message ended by a NUL byte). No
/// port, no harness page: the page under test is loaded as it is, and the protocol's console and log events catch
/// every error it reports.
final class Chromium {
    typealias JSON = [String: Any]

    struct ProtocolError: Error, CustomStringConvertible { var description: String }

    /// The browser to run: `CHROMIUM` if set, else the first of Debian's, Ubuntu's and Google's names on PATH, or
    /// Google Chrome on macOS.
    static func executable() -> String? {
        if let env = ProcessInfo.processInfo.environment["CHROMIUM"], FileManager.default.isExecutableFile(atPath: env)
        {
            return env
        }
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            if let path = try? Tool.which(name) { return path }
        }
        let mac = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
        return FileManager.default.isExecutableFile(atPath: mac) ? mac : nil
    }

    private let pid: pid_t
    private let commands: Int32
    private let replies: Int32
    private var pending: [UInt8] = []
    private var nextID = 1
    /// Every event received so far, in order.
    private(set) var events: [JSON] = []

    /// Starts `executable` with a fresh profile in `profile`; its own output goes to `profile/chromium.log`.
    init(_ executable: String, profile: String) throws {
        // Pipe ends above the standard descriptors and close-on-exec, so that dup2 onto 3 and 4 in the child always
        // makes a new, inheritable descriptor and nothing else leaks into the browser.
        func pipeEnds() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw ProtocolError(description: "pipe failed") }
            let r = fcntl(fds[0], F_DUPFD_CLOEXEC, 10)
            let w = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
            close(fds[0])
            close(fds[1])
            return (r, w)
        }
        let toBrowser = try pipeEnds()
        let fromBrowser = try pipeEnds()
        let arguments = [
            executable,
            "--headless",
            // This machine runs tests as root, where Chromium refuses its sandbox; the page is our own file.
            "--no-sandbox",
            "--disable-gpu",
            "--remote-debugging-pipe",
            "--user-data-dir=\(profile)",
            "--no-first-run", "--no-default-browser-check", "--mute-audio",
            "about:blank",
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser.read, 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser.write, 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "\(profile)/chromium.log", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of the test process's reaches the browser: Foundation's pipes are not close-on-exec, and a
        // write end of another test's pipe held by a browser process (or one it leaves behind) keeps that test
        // waiting for an end of file.
        // glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does not declare.
        #if canImport(Glibc)
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            if let f = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
                _ = unsafeBitCast(f, to: CloseFrom.self)(&actions, 5)
            }
        #endif
        // Its own process group, so that the browser's helpers are stopped with it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, &argv, environ)
        close(toBrowser.read)
        close(fromBrowser.write)
        guard status == 0 else {
            close(toBrowser.write)
            close(fromBrowser.read)
            throw ProtocolError(description: "cannot start \(executable): error \(status)")
        }
        pid = child
        commands = toBrowser.write
        replies = fromBrowser.read
    }

    deinit {
        close(commands)
        close(replies)
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        kill(-pid, SIGKILL)  // the helpers left in its group
    }

    /// Sends a command (to the page when `session` is given) and returns its result; events that arrive meanwhile
    /// are kept in ``events``.
    @discardableResult
    func send(_ method: String, _ params: JSON = [:], session: String? = nil, timeout: Double = 20) throws -> JSON {
        let id = nextID
        nextID += 1
        var message: JSON = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard n > 0 else { throw ProtocolError(description: "\(method): the browser closed its pipe") }
            done += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let m = try receive(until: deadline, waitingFor: method)
            if let reply = m["id"] as? Int, reply == id {
                if let error = m["error"] as? JSON { throw ProtocolError(description: "\(method): \(error)") }
                return m["result"] as? JSON ?? [:]
            }
            keep(m)
        }
    }

    /// Waits for an event named `method` (already received, or arriving before `timeout` seconds pass).
    @discardableResult
    func event(_ method: String, timeout: Double = 20) throws -> JSON {
        if let e = events.first(where: { $0["method"] as? String == method }) { return e }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let m = try receive(until: deadline, waitingFor: method)
            keep(m)
            if m["method"] as? String == method { return m }
        }
    }

    /// Records an event; a JavaScript dialog (an `alert` a hostile name smuggled in) is dismissed so that the page
    /// goes on loading, and stays in the record as an error.
    private func keep(_ event: JSON) {
        events.append(event)
        if event["method"] as? String == "Page.javascriptDialogOpening", let session = event["sessionId"] as? String {
            _ = try? send("Page.handleJavaScriptDialog", ["accept": true], session: session, timeout: 5)
        }
    }

    /// Errors the page reported: console.error and console.assert calls, uncaught exceptions, and the browser's
    /// own error-level log entries (failed loads, blocked resources, bad media).
    var pageErrors: [String] {
        events.compactMap { e in
            let params = e["params"] as? JSON ?? [:]
            switch e["method"] as? String {
            case "Runtime.consoleAPICalled":
                guard let type = params["type"] as? String, type == "error" || type == "assert" else { return nil }
                let args = (params["args"] as? [JSON] ?? []).map { "\($0["value"] ?? $0["description"] ?? "")" }
                return "console.\(type): \(args.joined(separator: " "))"
            case "Runtime.exceptionThrown":
                let details = params["exceptionDetails"] as? JSON ?? [:]
                return "exception: \((details["exception"] as? JSON)?["description"] ?? details["text"] ?? "")"
            case "Log.entryAdded":
                let entry = params["entry"] as? JSON ?? [:]
                guard entry["level"] as? String == "error" else { return nil }
                return "log (\(entry["source"] ?? "")): \(entry["text"] ?? "") \(entry["url"] ?? "")"
            case "Page.javascriptDialogOpening":
                return "dialog: \(params["message"] ?? "")"
            default:
                return nil
            }
        }
    }

    /// Asks the browser to quit and waits for it.
    func quit() {
        _ = try? send("Browser.close", timeout: 5)
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) != 0 { return }
            usleep(100_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    private func receive(until deadline: Date, waitingFor method: String) throws -> JSON {
        while true {
            if let end = pending.firstIndex(of: 0) {
                let data = Data(pending[..<end])
                pending.removeSubrange(...end)
                guard let m = try JSONSerialization.jsonObject(with: data) as? JSON else { continue }
                return m
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw ProtocolError(description: "\(method): no answer from the browser in time") }
            var p = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(min(left, 1) * 1000))
            if ready < 0 && errno != EINTR { throw ProtocolError(description: "poll failed") }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            guard n > 0 else { throw ProtocolError(description: "\(method): the browser closed its pipe") }
            pending += chunk[..<n]
        }
    }
}
