import ArgumentParser
import SoundKit

@main
struct SoundKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soundkit",
        abstract: "Make and check notification sounds: an afconvert-like converter and Apple's rules as a build step.",
        version: SoundKitVersion.string,
        subcommands: [Convert.self, Info.self, Check.self, Resolve.self, Payload.self])
}

/// Prints `path: error: message` to standard error, the form Xcode and CI parsers read.
func report(_ error: Error) {
    if let e = error as? AudioFileError {
        printError("\(e.path): error: \(e.message)")
    } else {
        printError("soundkit: error: \(error)")
    }
}
