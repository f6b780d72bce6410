import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitProjects
import SoundKitReport

struct Check: ParsableCommand {
    // Computed: the discussion depends on the words of the run (in a test, several runs share one process).
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "check",
            abstract: "Check notification sounds and notification extensions against Apple's rules, as a build step.",
            discussion: """
                PATH is a sound file, a folder (searched recursively), an .app/.appex bundle or an .ipa (its Payload/*.app \
                read in place, without unzipping). Files are judged by their \
                bytes, not their names. In a bundle, the app extensions in PlugIns are walked too: their sounds are checked, \
                and so is the Info.plist (XML or binary) of every notification content and service extension, each \
                extension's bundle identifier and deployment target against the app's, and the entitlements of its \
                embedded.mobileprovision (or --entitlements). Findings are \
                printed as `PATH: error: MESSAGE [rule]` (or warning:, note:), which Xcode and CI log parsers pick up; the \
                exit status is 1 when there is any error.

                Sounds are checked on every processor (--jobs), and each sound's findings are kept in a result cache, \
                found again by the file's bytes (not its date), the options, the rules and soundkit's build; a team's \
                .soundkit.yml and baseline apply afresh on every run.

                A .soundkit.yml in the current folder or above (the nearest; --config names one, --no-config reads none) \
                sets rule severities, excluded paths, per-path overrides, the loudness goal and strict; a mistake in it \
                exits 78. --write-baseline records the findings; --baseline then hides them, so only new ones count.

                Loudness (clipping, loudness, loudness-spread) is measured by EBU R 128.

                Android's files are judged by Android's rules (android-name, android-format, android-duplicate, \
                android-shrink, unreadable) and not iOS's: a res/raw folder, an Android project (a folder with \
                settings.gradle(.kts), build.gradle(.kts) or src/main/res/raw, whose modules' res/raw folders and build \
                files are found below it), such folders met while walking another, an .apk or .aab (read in place), or \
                any PATH with --platform android. \
                A folder with an app.json or app.config.json whose expo-notifications plugin lists sounds has each listed \
                sound judged for both platforms.

                A folder whose code uses notification APIs is checked as a repository checkout: its Xcode projects \
                (and XcodeGen specs), Android modules, Flutter, Capacitor, Cordova, .NET and Expo projects are read, \
                every sound name its code, configs and push bodies pass is resolved as iOS and Android do, and a name \
                that will not play is reported at FILE:LINE:COL with the fix (not-in-target, subfolder, asset-catalog, \
                wrong-bundle, not-a-resource, name-not-found, android-uri, channel-sound, …). Only named sounds are \
                held to the notification rules there; the others get an unnamed-sound note (.soundkit.yml's sounds: \
                lists more). soundkit resolve NAME --project DIR explains one name.

                Rules (rule, severities, what it finds), for check, resolve and payload:

                """ + ruleList)
    }

    /// ArgumentParser reads every subcommand's configuration to find the one named, so this text is built in every
    /// process; the rule list (formatting that every start-up would pay for) only in one whose command line names
    /// `check`, the only one that can show it.
    private static var ruleList: String {
        Console.arguments.contains("check") ? Rule.helpLines.joined(separator: "\n") : "(see soundkit check --help)"
    }

    @Argument(help: "Sound files, folders, app bundles or .ipa files.")
    var paths: [String]

    @Option(help: FindingsFormat.help)
    var format: FindingsFormat = .text

    @Option(help: FindingsFormat.outputHelp)
    var output: String?

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(
        name: .customLong("name-policy"), help: "Also require names that work in Android's res/raw ([a-z][a-z0-9_]*).")
    var namePolicy = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Also require this integrated loudness of every sound, with a tolerance in LU (default 1), e.g. -16 or -16±1.",
            valueName: "LUFS[±LU]"))
    var loudness: String?

    @Option(
        name: .customLong("loudness-spread"),
        help: ArgumentHelp(
            "How far in LU a sound may lie from the median loudness of the sounds checked with it (default 3).",
            valueName: "LU"))
    var loudnessSpread: Double?

    @Flag(
        name: .customLong("no-loudness"),
        help: "Do not measure loudness (faster): no clipping, loudness-spread or loudness findings.")
    var noLoudness = false

    @Option(
        help: ArgumentHelp(
            "Judge every file by one platform's rules (default: Android's in res/raw folders, Android projects and Expo's listed sounds, iOS's elsewhere).",
            valueName: "ios|android"))
    var platform: String?

    @Flag(help: "Check the files as rich-notification attachments (UNNotificationAttachment) instead of sounds.")
    var attachment = false

    @Option(
        help: ArgumentHelp(
            "Write a compliant IMA4 CAF for every failing sound into this folder (trimmed to 29.5 s with a fade-out when too long). Originals are never touched.",
            valueName: "outdir"))
    var fix: String?

    @Option(
        help: ArgumentHelp(
            "The app's .entitlements file, read instead of each bundle's embedded.mobileprovision.", valueName: "file"))
    var entitlements: String?

    @OptionGroup var config: ConfigOptions
    @OptionGroup var baseline: BaselineOptions
    @OptionGroup var jobs: JobsOption
    @OptionGroup var cache: CacheOptions

    @Flag(help: "Say on standard error which sounds the result cache answered for and which were checked.")
    var verbose = false

    func validate() throws {
        if let l = loudness, LoudnessGoal(parsing: l) == nil {
            throw ValidationError(
                "--loudness takes a target from -70 to 0 LUFS and an optional tolerance in LU, e.g. -16 or -16±1.")
        }
        if let s = loudnessSpread, !(s >= 0) {
            throw ValidationError("--loudness-spread takes a number of LU, 0 or more.")
        }
        if let p = platform, SoundPlatform(rawValue: p) == nil {
            throw ValidationError("--platform takes ios or android.")
        }
        if noLoudness && loudness != nil {
            throw ValidationError("--loudness needs the loudness measured; drop --no-loudness.")
        }
    }

    func run() throws {
        let team = try config.load()
        var options = CheckOptions(
            namePolicy: namePolicy,
            loudness: noLoudness ? nil : loudness.flatMap(LoudnessGoal.init(parsing:)) ?? team?.loudness,
            loudnessSpread: loudnessSpread ?? team?.loudnessSpread ?? 3, measureLoudness: !noLoudness)
        options.configuration = team
        options.entitlements = try entitlements.map(EntitlementsSource.file)
        options.platform = platform.flatMap(SoundPlatform.init(rawValue:))
        options.jobs = jobs.width
        options.cache = attachment ? nil : cache.cache
        var report: CheckReport
        if attachment {
            report = AttachmentChecker.check(paths)
        } else {
            let checked = RepositoryCheck.checked(paths, options: options)
            CacheOptions.tell(checked.report, checked.cache, cache: options.cache, verbose: verbose)
            report = checked.report
        }
        if let team { report = team.applied(to: report) }
        if try baseline.record(report, team) { return }
        report = try baseline.hide(report, team)
        if strict { report = report.strict() }
        if let dir = fix, !attachment { report = SoundFixer.report(report, adding: SoundFixer.fix(report, into: dir)) }
        try emit(report, format: format, command: "check", output: output)
        if format == .text || output != nil {
            for line in RepositoryCheck.summary(report) { printError(line) }
            printError(
                "soundkit: checked \(report.files.count) file\(report.files.count == 1 ? "" : "s"): \(report.errorCount) error\(report.errorCount == 1 ? "" : "s"), \(report.warningCount) warning\(report.warningCount == 1 ? "" : "s")"
            )
        }
        if report.hasErrors { throw ExitCode.failure }
    }
}
