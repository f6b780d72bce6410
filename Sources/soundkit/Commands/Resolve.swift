import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
import SoundKitIO
import SoundKitNotifications
import SoundKitReport

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

    @Option(help: FindingsFormat.help)
    var format: FindingsFormat = .text

    @Option(help: FindingsFormat.outputHelp)
    var output: String?

    func validate() throws {
        if locations.value.isEmpty {
            throw ValidationError("Say where to look: --app-container, --group-container or --bundle (at least one).")
        }
    }

    func run() throws {
        let r = SoundResolver.resolve(name, in: locations.value)
        switch format {
        case .text: try runText(r)
        case .json:
            let findings = r.winner == nil ? r.findings(for: name) : []
            try deliver(
                try jsonText(
                    ResolveDocument(
                        name: name, winner: r.winner, shadowed: r.shadowed,
                        searched: locations.value.searchOrder.map { .init(label: $0.label, folder: $0.folder) },
                        findings: findings)) + "\n", to: output)
        default:
            // The winner on standard output beside annotations; beside a document, on standard error.
            if let w = r.winner { format == .github && output == nil ? print(w) : printError(w) }
            if verbose, r.winner != nil {
                for (folder, label) in locations.value.searchOrder { printError("searched \(label): \(folder)") }
            }
            try emit(report(r), format: format, command: "resolve", output: output)
        }
        if r.winner == nil { throw ExitCode.failure }
    }

    /// The findings as a report: the name's when nothing matches; with --verbose, a note on each shadowed file.
    func report(_ r: Resolution) -> CheckReport {
        guard let w = r.winner else {
            return CheckReport(files: [FileReport(path: name, findings: r.findings(for: name))])
        }
        guard verbose else { return CheckReport(files: []) }
        return CheckReport(
            files: r.shadowed.map { FileReport(path: $0, findings: [Rule.shadowed.finding("shadowed by \(w)")]) })
    }

    func runText(_ r: Resolution) throws {
        if let w = r.winner {
            print(w)
            if verbose {
                for (folder, label) in locations.value.searchOrder { printError("searched \(label): \(folder)") }
                for s in r.shadowed { print("\(s): note: shadowed by \(w) [\(Rule.shadowed)]") }
            }
            return
        }
        for f in r.findings(for: name) { printError("\(name): \(f.severity.rawValue): \(f.message) [\(f.rule)]") }
    }
}

struct LocationOptions: ParsableArguments {
    @Option(
        name: .customLong("app-container"),
        help: ArgumentHelp("The app's data container (its Library/Sounds is searched first).", valueName: "dir"))
    var appContainer: String?

    @Option(
        name: .customLong("group-container"),
        help: ArgumentHelp("An app-group container; repeat for several, in search order.", valueName: "dir"))
    var groupContainers: [String] = []

    @Option(
        help: ArgumentHelp(
            "The main bundle (.app, or an .ipa read in place); its top level is searched last.", valueName: "app"))
    var bundle: String?

    var value: SoundLocations {
        SoundLocations(appContainer: appContainer, groupContainers: groupContainers, bundle: bundle)
    }
}
