#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where one run of soundkit writes: the process's standard output and error, or — when a test runs a command in
/// its own process, as swift-argument-parser's own test suites do — buffers that belong to that run alone.
///
/// The run's console is task-local, so runs in parallel never mix their output; tasks a command starts inherit it.
/// Every write of the command line goes through ``print(_:separator:terminator:)`` and ``writeError(_:)`` below,
/// which consult it.
final class Console: @unchecked Sendable {
    /// The console of the run under way; `nil` is the process's own standard output and error.
    @TaskLocal static var current: Console?

    /// The words after `soundkit` for the run under way: `CommandLine.arguments` in a process of its own, the test's
    /// words in process.
    @TaskLocal static var arguments: [String] = Array(CommandLine.arguments.dropFirst())

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var out: [UInt8] = []
    private var err: [UInt8] = []

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// What the run wrote to standard output and to standard error.
    var written: (out: [UInt8], err: [UInt8]) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return (out, err)
    }

    fileprivate func append(_ text: String, error: Bool) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if error { err += text.utf8 } else { out += text.utf8 }
    }

    /// Whether standard error is a terminal that a progress line may redraw: never for a captured run.
    static var errorIsTerminal: Bool { current == nil && isatty(2) == 1 }
}

/// The command line's `print`: standard output, or the captured run's buffer. It shadows the standard library's in
/// this module, so that no command can write past ``Console``.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator) + terminator
    guard let console = Console.current else { return Swift.print(text, terminator: "") }
    console.append(text, error: false)
}

/// Writes `text` to standard error as it is (or to the captured run's buffer).
func writeError(_ text: String) {
    if let console = Console.current { return console.append(text, error: true) }
    var s = text
    s.withUTF8 { b in
        var done = 0
        while done < b.count, let base = b.baseAddress {
            let r = write(2, base + done, b.count - done)
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { break }
            done += r
        }
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    writeError(line + "\n")
}
