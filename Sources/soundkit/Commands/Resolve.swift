import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitProjects
import SoundKitReport

struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Find the file iOS, macOS, watchOS or visionOS plays for a sound name.",
        discussion: """
            The system looks in the app container's Library/Sounds, then each app-group container's Library/Sounds in \
            the order given, then the top of the main bundle's resources: the bundle's top level, or a macOS or Mac \
            Catalyst app's Contents/Resources (UNNotificationSound.init(named:)). On macOS it goes on to \
            ~/Library/Sounds, /Library/Sounds, /Network/Library/Sounds and /System/Library/Sounds, where \
            NSSound(named:) looks after the main bundle. The first match wins. Names are case-sensitive and include \
            the extension. The platform is the bundle's (told by its layout and Info.plist), or --platform's. Prints \
            the winning path (--verbose: and every place searched, in order); exit 1 with near misses when nothing \
            matches.

            With --project DIR (a repository checkout), the name is resolved as the checkout's projects build its apps: \
            the top of each app target's bundle (Copy Bundle Resources, synchronized folders, copy-files phases) for \
            iOS, res/raw of the app module and the modules it merges for Android (--platform ios|android, default \
            both); each step is printed, and why a name does not play (not in the app target, only in a subfolder, an \
            asset catalog, another bundle or Flutter's assets, another case or extension).
            """)

    @Argument(help: "The sound name, as in UNNotificationSound(named:) or aps.sound (e.g. chime.caf).")
    var name: String

    @OptionGroup var locations: LocationOptions

    @Option(
        help: ArgumentHelp(
            "A repository checkout: resolve the name in the apps its projects build (Xcode projects, XcodeGen specs, Android modules, Flutter, React Native, Capacitor, Cordova, .NET), step by step.",
            valueName: "dir"))
    var project: String?

    @Option(
        help: ArgumentHelp(
            "The platform whose search path is used (default: the bundle's, or iOS without one).",
            valueName: "ios|macos|watchos|visionos|android"))
    var platform: String?

    @Flag(name: .shortAndLong, help: "Also list every place searched, in order, and the candidates the winner shadows.")
    var verbose = false

    @Option(help: FindingsFormat.help)
    var format: FindingsFormat = .text

    @Option(help: FindingsFormat.outputHelp)
    var output: String?

    func validate() throws {
        if let project {
            guard locations.value.isEmpty else {
                throw ValidationError(
                    "--project resolves in a checkout; it takes no --app-container, --group-container or --bundle.")
            }
            guard FileSystem.isDirectory(project) else {
                throw ValidationError("--project takes a folder: \(project) is not one.")
            }
            if let p = platform, p != "ios", p != "android" {
                throw ValidationError("--platform takes ios or android with --project.")
            }
            return
        }
        if locations.value.isEmpty {
            throw ValidationError(
                "Say where to look: --app-container, --group-container, --bundle or --project (at least one).")
        }
        if let p = platform, ApplePlatform(rawValue: p) == nil {
            throw ValidationError("--platform takes ios, macos, watchos or visionos (android with --project).")
        }
    }

    /// The places to search, for the platform asked for.
    var searched: SoundLocations {
        var l = locations.value
        l.platform = platform.flatMap(ApplePlatform.init(rawValue:))
        return l
    }

    /// `searched PLATFORM's N. LABEL: FOLDER` for every place, in order.
    var searchLines: [String] {
        let l = searched
        return l.searchOrder.enumerated().map { i, place in
            "searched \(l.searchedPlatform.name)'s \(i + 1). \(place.label): \(place.folder)"
        }
    }

    func run() throws {
        if let project {
            let explained = RepositoryCheck.explain(
                name, in: project, platform: platform.flatMap(AppPlatform.init(rawValue:)))
            explained.lines.forEach { print($0) }
            if explained.verdicts.isEmpty || explained.verdicts.contains(where: { $0.outcome == .fails }) {
                throw ExitCode.failure
            }
            return
        }
        // An .ipa opened once for the search, the platform and the places the report names.
        try AppBundle.withArchiveOpened(searched.bundle) { try resolveAndReport() }
    }

    func resolveAndReport() throws {
        let r = SoundResolver.resolve(name, in: searched)
        switch format {
        case .text: try runText(r)
        case .json:
            let findings = r.winner == nil ? r.findings(for: name) : []
            try deliver(
                try jsonText(
                    ResolveDocument(
                        name: name, platform: searched.searchedPlatform.rawValue, winner: r.winner,
                        shadowed: r.shadowed,
                        searched: searched.searchOrder.map { .init(label: $0.label, folder: $0.folder) },
                        findings: findings)) + "\n", to: output)
        default:
            // The winner on standard output beside annotations; beside a document, on standard error.
            if let w = r.winner { format == .github && output == nil ? print(w) : printError(w) }
            if verbose { searchLines.forEach(printError) }
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
                searchLines.forEach(printError)
                for s in r.shadowed { print("\(s): note: shadowed by \(w) [\(Rule.shadowed)]") }
            }
            return
        }
        if verbose { searchLines.forEach(printError) }
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
            "The main bundle (.app, .xcarchive, or an .ipa or zipped .app or .xcarchive read in place); the top of its resources is searched after the containers.",
            valueName: "app"))
    var bundle: String?

    var value: SoundLocations {
        SoundLocations(appContainer: appContainer, groupContainers: groupContainers, bundle: bundle)
    }
}
