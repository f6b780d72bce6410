import ArgumentParser
import SoundKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github

    // Spelled out: ArgumentParser's defaults describe each case through reflection (`"\(self)"`), which every
    // process paid for at start-up whether or not it printed help.
    var defaultValueDescription: String { rawValue }
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
    static var allValueDescriptions: [String: String] { [:] }
}

/// Prints a report in the chosen format; returns whether it holds errors.
func emit(_ report: CheckReport, format: ReportFormat) throws {
    switch format {
    case .text: for line in report.rendered().textLines() { print(line) }
    case .github: for line in report.rendered().githubLines() { print(line) }
    case .json:
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(report.rendered()), as: UTF8.self))
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check notification sounds and notification extensions against Apple's rules, as a build step.",
        discussion: """
        PATH is a sound file, a folder (searched recursively) or an .app/.appex bundle. Files are judged by their \
        bytes, not their names. In a bundle, the app extensions in PlugIns are walked too: their sounds are checked, \
        and so is the Info.plist (XML or binary) of every notification content and service extension. Findings are \
        printed as `PATH: error: MESSAGE [rule]` (or warning:, note:), which Xcode and CI log parsers pick up; the \
        exit status is 1 when there is any error.

        Loudness (clipping, loudness, loudness-spread) is measured by EBU R 128 through libebur128.

        Rules (rule, severities, what it finds), for check, resolve and payload:

        """ + ruleList)

    /// ArgumentParser reads every subcommand's configuration to find the one named, so this text is built in every
    /// process; the rule list (a quarter of a millisecond of formatting) only in one whose command line names
    /// `check`, the only one that can show it.
    private static var ruleList: String {
        CommandLine.arguments.contains("check") ? Rule.helpLines.joined(separator: "\n") : "(see soundkit check --help)"
    }

    @Argument(help: "Sound files, folders or app bundles.")
    var paths: [String]

    @Option(help: "Output: text, json (versioned) or github (workflow annotations).")
    var format: ReportFormat = .text

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: .customLong("name-policy"), help: "Also require names that work in Android's res/raw ([a-z][a-z0-9_]*).")
    var namePolicy = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Also require this integrated loudness of every sound, with a tolerance in LU (default 1), e.g. -16 or -16±1.", valueName: "LUFS[±LU]"))
    var loudness: String?

    @Option(name: .customLong("loudness-spread"), help: ArgumentHelp("How far in LU a sound may lie from the median loudness of the sounds checked with it.", valueName: "LU"))
    var loudnessSpread: Double = 3

    @Flag(name: .customLong("no-loudness"), help: "Do not measure loudness (faster): no clipping, loudness-spread or loudness findings.")
    var noLoudness = false

    @Flag(help: "Check the files as rich-notification attachments (UNNotificationAttachment) instead of sounds.")
    var attachment = false

    @Option(help: ArgumentHelp("Write a compliant IMA4 CAF for every failing sound into this folder (trimmed to 29.5 s with a fade-out when too long). Originals are never touched.", valueName: "outdir"))
    var fix: String?

    func validate() throws {
        if let l = loudness, LoudnessGoal(parsing: l) == nil {
            throw ValidationError("--loudness takes a target from -70 to 0 LUFS and an optional tolerance in LU, e.g. -16 or -16±1.")
        }
        if !(loudnessSpread >= 0) { throw ValidationError("--loudness-spread takes a number of LU, 0 or more.") }
        if noLoudness && loudness != nil { throw ValidationError("--loudness needs the loudness measured; drop --no-loudness.") }
    }

    func run() throws {
        let options = CheckOptions(namePolicy: namePolicy, loudness: loudness.flatMap(LoudnessGoal.init(parsing:)),
                                   loudnessSpread: loudnessSpread, measureLoudness: !noLoudness)
        var report = attachment ? AttachmentChecker.check(paths) : SoundChecker.check(paths, options: options)
        if strict { report = report.strict() }
        if let dir = fix, !attachment { report = SoundFixer.report(report, adding: SoundFixer.fix(report, into: dir)) }
        try emit(report, format: format)
        if format == .text {
            printError("soundkit: checked \(report.files.count) file\(report.files.count == 1 ? "" : "s"): \(report.errorCount) error\(report.errorCount == 1 ? "" : "s"), \(report.warningCount) warning\(report.warningCount == 1 ? "" : "s")")
        }
        if report.hasErrors { throw ExitCode.failure }
    }
}

struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Find the file iOS plays for a sound name.",
        discussion: """
        iOS looks in the app container's Library/Sounds, then each app-group container's Library/Sounds in the order \
        given, then the top level of the main bundle; the first match wins. Names are case-sensitive and include the \
        extension. Prints the winning path; exit 1 with near misses when nothing matches.
        """)

    @Argument(help: "The sound name, as in UNNotificationSound(named:) or aps.sound (e.g. chime.caf).")
    var name: String

    @OptionGroup var locations: LocationOptions

    @Flag(name: .shortAndLong, help: "Also list the candidates the winner shadows.")
    var verbose = false

    @Option(help: "Output: text, json (versioned) or github (workflow annotations).")
    var format: ReportFormat = .text

    func validate() throws {
        if locations.value.isEmpty {
            throw ValidationError("Say where to look: --app-container, --group-container or --bundle (at least one).")
        }
    }

    func run() throws {
        let r = SoundResolver.resolve(name, in: locations.value)
        if format == .json {
            let findings = r.winner == nil ? r.findings(for: name) : []
            try printJSON(ResolveDocument(name: name, winner: r.winner, shadowed: r.shadowed,
                                          searched: locations.value.searchOrder.map { .init(label: $0.label, folder: $0.folder) },
                                          findings: findings))
            if r.winner == nil { throw ExitCode.failure }
            return
        }
        if format == .github, r.winner == nil {
            for f in r.findings(for: name) { printFinding(name, f.severity, f.rule.id, f.message, format: .github) }
            throw ExitCode.failure
        }
        if let w = r.winner {
            print(w)
            if verbose {
                for (folder, label) in locations.value.searchOrder { printError("searched \(label): \(folder)") }
                for s in r.shadowed {
                    if format == .github { printFinding(s, .note, Rule.shadowed.id, "shadowed by \(w)", format: .github) }
                    else { print("\(s): note: shadowed by \(w) [\(Rule.shadowed)]") }
                }
            }
            return
        }
        for f in r.findings(for: name) { printError("\(name): \(f.severity.rawValue): \(f.message) [\(f.rule)]") }
        throw ExitCode.failure
    }
}

struct LocationOptions: ParsableArguments {
    @Option(name: .customLong("app-container"), help: ArgumentHelp("The app's data container (its Library/Sounds is searched first).", valueName: "dir"))
    var appContainer: String?

    @Option(name: .customLong("group-container"), help: ArgumentHelp("An app-group container; repeat for several, in search order.", valueName: "dir"))
    var groupContainers: [String] = []

    @Option(help: ArgumentHelp("The main bundle (.app); its top level is searched last.", valueName: "dir"))
    var bundle: String?

    var value: SoundLocations { SoundLocations(appContainer: appContainer, groupContainers: groupContainers, bundle: bundle) }
}

struct Payload: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payload",
        abstract: "Check an APNs payload's sound and attachments (also FCM v1's message.apns.payload).",
        discussion: """
        aps.sound must be "default", a file name, or {"critical": 0|1, "name": "...", "volume": 0.0...1.0}, with those \
        types exactly; the payload must be at most 4096 bytes. With location options the name must resolve as \
        `soundkit resolve` resolves it, and the file it finds is checked too.

        An attachment named by Braze's ab.att {"url", "type"}, FCM's message.apns.fcm_options.image or \
        message.notification.image needs aps.mutable-content as the number 1 and an absolute https URL; Braze's type \
        must be a suffix UNNotificationAttachment accepts (jpg, jpeg, png, gif, aif, aiff, wav, mp3, m4a, mpg, mpeg, \
        mp4, m4v, avi). With --bundle, the app must have a notification service extension to download it, and a \
        content extension should declare aps.category. Exit 1 on any error.
        """)

    @Argument(help: "The payload JSON file ('-' for standard input).")
    var file: String

    @OptionGroup var locations: LocationOptions

    @Option(help: "Output: text, json (versioned) or github (workflow annotations).")
    var format: ReportFormat = .text

    func run() throws {
        let bytes: [UInt8]
        do {
            if file == "-" {
                bytes = readStandardInput()
            } else {
                let input = try InputFile(path: file)
                bytes = try input.read(at: 0, count: Int(input.size))
            }
        } catch {
            report(error)
            throw ExitCode.failure
        }
        let result = PayloadChecker.check(bytes, locations: locations.value)
        let r = CheckReport(files: [FileReport(path: file == "-" ? "<stdin>" : file, container: "JSON", format: nil, sampleRate: nil,
                                               channels: nil, frames: nil, duration: nil, findings: result.findings)])
        try emit(r, format: format)
        if let w = result.resolution?.winner, format == .text { printError("\(result.soundName ?? ""): resolves to \(w)") }
        if r.hasErrors { throw ExitCode.failure }
    }
}
