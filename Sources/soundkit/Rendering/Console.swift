import SoundKitIO

/// Where one run of soundkit writes: the process's standard output and error, or — when a test runs a command in
/// its own process, as swift-argument-parser's own test suites do — buffers that belong to that run alone.
///
/// The run's console is task-local, so runs in parallel never mix their output; tasks a command starts inherit it.
/// Every write of the command line goes through ``print(_:separator:terminator:)`` and ``writeError(_:)`` below,
/// which consult it.
final class Console: Sendable {
    /// The console of the run under way; `nil` is the process's own standard output and error.
    @TaskLocal static var current: Console?

    /// The words after `soundkit` for the run under way: the captured run's, or the process's command line. Not a
    /// task-local of its own: instantiating one more `TaskLocal` type cost every process a tenth of a millisecond.
    static var arguments: [String] { current?.words ?? Array(CommandLine.arguments.dropFirst()) }

    /// The words this run was given.
    let words: [String]

    init(words: [String]) { self.words = words }

    private let buffers = LockedValueBox<(out: [UInt8], err: [UInt8])>(([], []))

    /// What the run wrote to standard output and to standard error.
    var written: (out: [UInt8], err: [UInt8]) { buffers.withLockedValue { $0 } }

    fileprivate func append(_ text: String, error: Bool) {
        buffers.withLockedValue { if error { $0.err += text.utf8 } else { $0.out += text.utf8 } }
    }

    /// Whether standard error is a terminal that a progress line may redraw: never for a captured run.
    static var errorIsTerminal: Bool { current == nil && Syscall.isTerminal(2) }
}

/// The command line's `print`: standard output, or the captured run's buffer. It shadows the standard library's in
/// this module, so that no command can write past ``Console``.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator) + terminator
    guard let console = Console.current else { return Swift.print(text, terminator: "") }
    console.append(text, error: false)
}

/// Writes `text` to standard error as it is (or to the captured run's buffer), in one write to descriptor 2, which a
/// decoder library's captured output never touches (``StandardError``).
func writeError(_ text: String) {
    if let console = Console.current { return console.append(text, error: true) }
    StandardError.write(Array(text.utf8))
}

/// Writes a line to standard error.
func printError(_ line: String) {
    writeError(line + "\n")
}
