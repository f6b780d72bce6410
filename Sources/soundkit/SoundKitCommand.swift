import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
import SoundKitIO
import SoundKitNotifications
import SoundKitReport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct SoundKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soundkit",
        abstract: "Make and check notification sounds: an afconvert-like converter and Apple's rules as a build step.",
        version: SoundKitVersion.string,
        subcommands: [
            Convert.self, Info.self, Check.self, Resolve.self, Payload.self, ReportCommand.self, Rules.self,
            Serve.self,
        ])

    static func main() {
        // Past a file-size limit (ulimit -f), write(2) fails with EFBIG, which soundkit reports and cleans up
        // after, instead of the kernel killing the process with SIGXFSZ and leaving a temporary file behind.
        signal(SIGXFSZ, SIG_IGN)
        // The command line itself, not Console.arguments: reading a task-local instantiates its type, which a
        // conversion that prints nothing would otherwise never pay for.
        let words = Array(CommandLine.arguments.dropFirst())
        // `soundkit serve` is soundkit-serve, a program of its own beside this one: the server's libraries (swift-nio,
        // Hummingbird) stay out of every other command's start-up.
        if words.first == "serve", !words.dropFirst().contains(where: { $0 == "-h" || $0 == "--help" }) {
            Serve.exec(Array(words.dropFirst()))
        }
        // A command that may write a file removes its temporary files when a signal ends it (a handler, installed
        // before any other thread exists); `--version` and help write none. A batch takes Ctrl-C itself: it
        // cancels, keeping the files already converted. SIGPIPE is a reader that went away (`-v | head`): it still
        // ends the process, as it would, but not before the files under way are removed.
        if !writesNoFile(words) {
            let batch = words.contains { $0 == "--output-dir" || $0.hasPrefix("--output-dir=") }
            let ending = [SIGTERM, SIGHUP, SIGPIPE]
            TemporaryFiles.removeOnEndingSignals(batch ? ending : [SIGINT] + ending)
        }
        let status = run(words)
        #if canImport(Glibc)
            Glibc.exit(status)
        #elseif canImport(Darwin)
            Darwin.exit(status)
        #endif
    }

    /// Runs the command `words` (the words after `soundkit`) name and returns its exit status, writing to the run's
    /// ``Console``: what the process does between its start and its exit, and what the tests run in process.
    static func run(_ words: [String]) -> Int32 {
        // ArgumentParser answers `--version` only after building the tree of every command, whose reflection
        // and dynamic casts each scan all of the binary's 5,000 protocol conformances (a tenth of the process).
        if words == ["--version"] {
            print(SoundKitVersion.string)
            return 0
        }
        if let why = ConvertRequest.refusal(words) {
            printError("soundkit: error: \(why)")
            return 64
        }
        if words.first == "convert", let status = Convert.runScanned(Array(words.dropFirst())) { return status }
        do {
            var command = try parsed(words)
            try command.run()
            return 0
        } catch {
            // What ArgumentParser's `exit(withError:)` prints: help and the version on standard output, with
            // status 0; usage errors and the rest on standard error.
            let status = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty { status.isSuccess ? print(message) : printError(message) }
            return status.rawValue
        }
    }
}

extension SoundKitCommand {
    /// The command `words` name. `check`, `payload`, `resolve`, `info` and `report` are parsed as roots of their own
    /// first: ArgumentParser reflects every property of every command in the tree it parses, and each reflected
    /// type's dynamic cast scans all of the binary's 5,000 protocol conformances (372 scans for `check`, 13 % of a
    /// one-file check). Anything that does not parse so (help, a usage error) is parsed again from the root, whose
    /// messages name `soundkit check`.
    static func parsed(_ words: [String]) throws -> any ParsableCommand {
        let own: [String: any ParsableCommand.Type] = [
            "check": Check.self, "payload": Payload.self, "resolve": Resolve.self, "info": Info.self,
            "report": ReportCommand.self,
        ]
        // Help and ArgumentParser's own flags go to the root, which names the command `soundkit CMD` (a subcommand
        // parsed as a root names itself alone in its help).
        let rootOnly = ["-h", "--help", "help", "--version"]
        if let first = words.first, let sub = own[first],
            !words.contains(where: {
                rootOnly.contains($0) || $0.hasPrefix("--experimental") || $0.hasPrefix("--generate")
            }),
            let command = try? sub.parseAsRoot(Array(words.dropFirst()))
        {
            return command
        }
        return try parseAsRoot(words)
    }
}

/// Whether `words` ask only for the version or the top-level help: output and nothing else, no file written.
func writesNoFile(_ words: [String]) -> Bool {
    words.isEmpty || words == ["--version"] || words == ["--help"] || words == ["-h"] || words == ["help"]
}

/// An error about `path` in the command's own words: a command line that names something soundkit cannot do (an
/// unknown file type, a bad `-d`), or standard input that cannot be read.
struct UsageError: Error {
    var path: String
    var message: String
    init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }
}

/// Prints `path: error: message` to standard error, the form Xcode and CI parsers read.
func emitError(_ error: Error) {
    if let e = error as? AudioFileError {
        printError("\(e.path): error: \(commandLineMessage(e))")
    } else if let e = error as? UsageError {
        printError("\(e.path): error: \(e.message)")
    } else {
        printError("soundkit: error: \(error)")
    }
}
