import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitReport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print the facts of sound files, like afinfo.",
        discussion: """
            Reports file type, data format, valid frames (with priming and remainder where the container states them), \
            duration, audio bytes and where the audio starts, and the loudness by EBU R 128 (integrated LUFS, loudness \
            range, true peak, sample peak), which decodes the whole file. With --format json (or --json), one versioned \
            document for all files; with --format github, the facts as text and warnings and errors as workflow \
            annotations.
            """)

    @Argument(help: "The files to describe.")
    var files: [String]

    @Option(
        help: "Output: text, json (versioned: {\"version\": 1, \"files\": [...]}) or github (workflow annotations).")
    var format: ReportFormat?

    @Flag(help: "The same as --format json.")
    var json = false

    @OptionGroup var jobs: JobsOption

    func validate() throws {
        if json, let f = format, f != .json { throw ValidationError("--json is --format json; give one of them.") }
    }

    var output: ReportFormat { json ? .json : format ?? .text }

    typealias Document = InfoDocument
    typealias Described = InfoDocument.Described

    func run() throws {
        var described: [Described] = []
        var failed = false
        // Read on every processor, printed in the order given.
        let read = Parallel.map(files, width: jobs.width) { path in
            Result { () throws(AudioFileError) -> Described in try Described.read(path) }
        }
        for result in read {
            switch result {
            case .success(let one):
                described.append(one)
                if output != .json { printText(one.description, one.loudness) }
            case .failure(let error):
                emitError(error, format: output == .json ? .text : output, rule: .info)
                failed = true
            }
        }
        if output == .json { try printJSON(Document(files: described)) }
        if failed { throw ExitCode.failure }
    }

    func printText(_ d: AudioFileDescription, _ loudness: LoudnessReading) {
        print("File:           \(d.path)")
        print("File type ID:   \(d.fileTypeID ?? d.container)")
        var format = "\(d.channels) ch, \(decimal(d.sampleRate, 0)) Hz, \(d.format)"
        if let code = d.formatCode { format += " (\(code))" }
        if d.bytesPerPacket > 0 {
            format +=
                " \(d.bitsPerChannel) bits/channel, \(d.bytesPerPacket) bytes/packet, \(d.framesPerPacket) frames/packet"
        }
        print("Data format:    \(format)")
        print("estimated duration: \(decimal(d.duration, 6)) sec")
        if let b = d.dataBytes { print("audio bytes: \(b)") }
        if let p = d.packets { print("audio packets: \(p)") }
        let total = d.frames + d.primingFrames + d.remainderFrames
        print("audio \(d.frames) valid frames + \(d.primingFrames) priming + \(d.remainderFrames) remainder = \(total)")
        if let o = d.dataOffset { print("audio data file offset: \(o)") }
        print("loudness: \(loudness.summary)")
        if !d.decodable { print("note: soundkit cannot decode this data format") }
        for w in d.warnings {
            if output == .github {
                printFinding(d.path, .warning, .info, w, format: .github)
            } else {
                print("warning: \(w)")
            }
        }
        print("----")
    }
}
