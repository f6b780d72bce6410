import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitReport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// All of standard input; a read error is thrown as `-: cannot read standard input: …`.
func readStandardInput() throws -> [UInt8] {
    do {
        return try Syscall.readAll(0, reporting: "-")
    } catch {
        throw UsageError("-", "cannot read standard input: \(systemReason(error))")
    }
}

/// What the system said (`strerror`'s words) when a call through the funnel failed, or the whole message.
func systemReason(_ error: AudioFileError) -> String {
    if case .system(_, let errno) = error.reason { return errno.description }
    return error.message
}

// MARK: --format text|json|github, for every command with output

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github

    // Spelled out: ArgumentParser's defaults describe each case through reflection (`"\(self)"`), which every
    // process paid for at start-up whether or not it printed help.
    var defaultValueDescription: String { rawValue }
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
    static var allValueDescriptions: [String: String] { [:] }
}

/// The formats of every command that prints findings (check, payload, resolve): ``ReportFormat``'s and those CI
/// tools read.
enum FindingsFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github, sarif, junit, checkstyle, gitlab, markdown

    var defaultValueDescription: String { rawValue }
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
    static var allValueDescriptions: [String: String] { [:] }

    /// The `--format` help of the commands that take it.
    static let help = ArgumentHelp(
        "Output: text, json (versioned), github (workflow annotations), sarif (SARIF 2.1.0), junit, checkstyle, "
            + "gitlab (Code Quality) or markdown (a table).",
        valueName: "format")

    /// The `--output` help of the commands that take it.
    static let outputHelp = ArgumentHelp(
        "Write the report to this file (whole or not at all) instead of standard output.", valueName: "file")
}

/// Prints a report in the chosen format, or writes it to `output` atomically. With `github` and
/// `$GITHUB_STEP_SUMMARY` set, a Markdown summary is appended to that file too. `command` names the run in JUnit and
/// Markdown.
func emit(_ report: CheckReport, format: FindingsFormat, command: String, output: String? = nil) throws {
    let text: String
    switch format {
    case .text: text = report.rendered().textLines().map { $0 + "\n" }.joined()
    case .github: text = report.rendered().githubLines().map { $0 + "\n" }.joined()
    case .json: text = try jsonText(report.rendered()) + "\n"
    case .sarif: text = try jsonText(SARIFLog(report)) + "\n"
    case .gitlab: text = try jsonText(GitLabIssue.all(report)) + "\n"
    case .junit: text = report.junitXML(command: command) + "\n"
    case .checkstyle: text = report.checkstyleXML() + "\n"
    case .markdown: text = report.markdown(command: command) + "\n"
    }
    if format == .github, let summary = getenv("GITHUB_STEP_SUMMARY").map({ String(cString: $0) }), !summary.isEmpty {
        appendStepSummary(report.markdown(command: command) + "\n\n", to: summary)
    }
    try deliver(text, to: output)
}

/// Prints `text` as it is, or writes it to `output` atomically (a failure is said on standard error and ends the run
/// with status 1).
func deliver(_ text: String, to output: String?) throws {
    guard let output else { return print(text, terminator: "") }
    do {
        let file = try AtomicOutputFile(path: output)
        try file.write(Array(text.utf8))
        try file.commit()
    } catch {
        emitError(error)
        throw ExitCode.failure
    }
}

/// Appends `text` to the workflow's step summary; a summary that cannot be written is said on standard error and
/// does not change the run's outcome.
func appendStepSummary(_ text: String, to path: String) {
    do {
        try Syscall.append(Array(text.utf8), to: path)
    } catch {
        printError("soundkit: warning: cannot write the step summary \(path): \(systemReason(error))")
    }
}

/// Prints `value` as one JSON document (``jsonText(_:)``).
func printJSON<T: Encodable>(_ value: T) throws {
    print(try jsonText(value))
}

/// A line of facts: standard output in text and github formats; in json the document carries it instead.
func printInfo(_ line: String, format: ReportFormat) {
    if format != .json { print(line) }
}

/// A finding about `path`: `path: severity: message` on standard error in text, a workflow annotation on standard
/// output in github (titled `soundkit RULE`); json documents carry their findings themselves.
func printFinding(_ path: String, _ severity: Severity, _ rule: Rule, _ message: String, format: ReportFormat) {
    switch format {
    case .text: printError("\(path): \(severity.rawValue): \(message)")
    case .github:
        // The annotation CheckReport.githubLines writes, titled by the command or rule (`convert`, `info`, `codec`).
        let kind = severity == .note ? "notice" : severity.rawValue
        print(
            "::\(kind) file=\(CheckReport.escapeProperty(path)),title=soundkit \(rule)::\(CheckReport.escapeData(message))"
        )
    case .json: break
    }
}

/// An error in the chosen format (see ``printFinding(_:_:_:_:format:)``).
func emitError(_ error: Error, format: ReportFormat, rule: Rule = .convert) {
    if format == .text {
        emitError(error)
        return
    }
    printFinding(errorPath(error) ?? "soundkit", .error, rule, describe(error), format: format)
}

/// The file an error is about, when it names one.
func errorPath(_ error: Error) -> String? {
    if let e = error as? AudioFileError { return e.path }
    if let e = error as? UsageError { return e.path }
    return nil
}

/// An error's message without its path.
func describe(_ error: Error) -> String {
    if let e = error as? AudioFileError { return commandLineMessage(e) }
    if let e = error as? UsageError { return e.message }
    return "\(error)"
}

func seconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) + Double(c.attoseconds) * 1e-18
}

/// `convert --format json`: `{"version": 1, "files": [...], "skipped": [...], "converted": N, "failed": M, "seconds": T}`.
struct ConvertDocument: Encodable {
    var version = 1
    var files: [File]
    var skipped: [Skipped]
    var converted: Int
    var failed: Int
    var seconds: Double

    struct File: Encodable {
        var input: String
        var outputs: [Output]
        /// Why the input was not converted (absent when it was).
        var error: String?
    }

    struct Output: Encodable {
        var path: String
        var fileTypeID: String
        var format: String
        var sampleRate: Double
        var channels: Int
        var frames: Int64
        var packets: Int64
        var dataBytes: Int64
        /// With `--platform`: the platform the output is for (`ios`, `android`).
        var platform: String?
        /// With `--platform`: the name a payload gives the sound there (`Chime.caf` for iOS, `chime` for Android).
        var name: String?

        init(_ r: ConversionReport) {
            path = r.outputPath
            fileTypeID = r.layout.fileType.fileTypeID ?? r.layout.fileType.name
            format = r.layout.format.encoding.description
            sampleRate = r.layout.format.sampleRate
            channels = r.layout.format.channels
            frames = r.totals.validFrames
            packets = r.totals.packets
            dataBytes = r.totals.dataBytes
        }
    }

    struct Skipped: Encodable {
        var path: String
        var reason: String
    }
}

/// `resolve --format json`: `{"version": 1, "name", "winner", "shadowed", "searched", "findings"}`.
struct ResolveDocument: Encodable {
    var version = 1
    var name: String
    /// The platform whose search path was used (`ios`, `macos`, …).
    var platform: String
    var winner: String?
    var shadowed: [String]
    var searched: [Location]
    var findings: [Finding]

    struct Location: Encodable {
        var label: String
        var folder: String
    }
}

/// A library error's message in the command line's words: the library's sentence, with what to change spelled as
/// convert's options (`add -c 2 or -c 1`, `-d 0 …`).
func commandLineMessage(_ e: AudioFileError) -> String {
    if case .conversion(.packetCopy(let problem)) = e.reason { return packetCopyMessage(problem) }
    switch e.remedy {
    case .channels(let counts)?: return e.message + "; add " + counts.map { "-c \($0)" }.joined(separator: " or ")
    case nil: return e.message
    }
}

/// Why `-d 0` cannot copy the source's packets, naming the options that stand in the way.
func packetCopyMessage(_ problem: PacketCopyProblem) -> String {
    switch problem {
    case .needsDecoding(let conflict):
        let what =
            switch conflict {
            case .encoding: "another data format"
            case .sampleRate: "a sample rate (@RATE)"
            case .channels: "a channel count (-c)"
            case .trim: "--trim"
            }
        return "-d 0 copies the source's packets as they are, so it cannot be combined with \(what)"
    case .container(let k):
        let this = k == .unknown ? "not one of them" : k.name
        return "-d 0 copies packets out of CAF, AIFF, AIFF-C and WAVE files; this is \(this)"
    case .codec(let e):
        return "-d 0 copies packets of the data formats soundkit writes (linear PCM, ima4, ulaw, alaw, IMA ADPCM); "
            + "the source holds \(e)"
    case .priming: return problem.description
    }
}
