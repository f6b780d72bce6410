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
        let given = CommandLine.arguments
        if given.count > 1, given[1] == "serve", !given.dropFirst(2).contains(where: { $0 == "-h" || $0 == "--help" }) {
            Serve.exec(Array(given.dropFirst(2)))
        }
        if let why = ConvertRequest.refusal(Array(CommandLine.arguments.dropFirst())) {
            printError("soundkit: error: \(why)")
            exit(withError: ExitCode(64))
        }
        let arguments = CommandLine.arguments
        // A batch takes Ctrl-C itself: it cancels, keeping the files already converted.
        let batch = arguments.contains { $0 == "--output-dir" || $0.hasPrefix("--output-dir=") }
        EndingSignals.removeTemporaryFiles(on: batch ? [SIGTERM, SIGHUP] : [SIGINT, SIGTERM, SIGHUP])
        if arguments.count > 1, arguments[1] == "convert", Convert.runScanned(Array(arguments.dropFirst(2))) { return }
        main(nil)
    }
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
