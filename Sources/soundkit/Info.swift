import ArgumentParser
import SoundKit
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
        duration, audio bytes and where the audio starts. With --json, one versioned document for all files.
        """)

    @Argument(help: "The files to describe.")
    var files: [String]

    @Flag(help: "Print JSON: {\"version\": 1, \"files\": [...]}.")
    var json = false

    struct Document: Encodable {
        var version = 1
        var files: [AudioFileDescription]
    }

    func run() throws {
        var described: [AudioFileDescription] = []
        var failed = false
        for path in files {
            do {
                let d = try Inspector.describe(path)
                described.append(d)
                if !json { printText(d) }
            } catch {
                report(error)
                failed = true
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(Document(files: described))
            print(String(decoding: data, as: UTF8.self))
        }
        if failed { throw ExitCode.failure }
    }

    func printText(_ d: AudioFileDescription) {
        print("File:           \(d.path)")
        print("File type ID:   \(d.fileTypeID ?? d.container)")
        var format = "\(d.channels) ch, \(fixed(d.sampleRate, 0)) Hz, \(d.format)"
        if let code = d.formatCode { format += " (\(code))" }
        if d.bytesPerPacket > 0 {
            format += " \(d.bitsPerChannel) bits/channel, \(d.bytesPerPacket) bytes/packet, \(d.framesPerPacket) frames/packet"
        }
        print("Data format:    \(format)")
        print("estimated duration: \(fixed(d.duration, 6)) sec")
        if let b = d.dataBytes { print("audio bytes: \(b)") }
        if let p = d.packets { print("audio packets: \(p)") }
        let total = d.frames + d.primingFrames + d.remainderFrames
        print("audio \(d.frames) valid frames + \(d.primingFrames) priming + \(d.remainderFrames) remainder = \(total)")
        if let o = d.dataOffset { print("audio data file offset: \(o)") }
        if !d.decodable { print("note: soundkit cannot decode this data format") }
        for w in d.warnings { print("warning: \(w)") }
        print("----")
    }
}
