import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitReport

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one HTML page to look at and listen to a set of sounds.",
        discussion: """
            For every sound found under PATH (files, folders, app bundles, as check finds them): its file facts, the \
            played length against the 30 s limit, the waveform, the loudness by EBU R 128, every check finding with its \
            rule, and a preview to play. The page is one self-contained file: no network, readable without JavaScript. \
            Previews are Ogg Opus (Chromium, Firefox; Safari only in recent versions) or, with --preview wav, 16-bit WAV, \
            which every browser plays at about ten times the size. A .soundkit.yml applies as to check (see soundkit \
            check --help).
            """)

    @Argument(help: "Sound files, folders or app bundles.")
    var paths: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The page to write.", valueName: "report.html"))
    var output: String

    @Option(help: ArgumentHelp("The page's heading.", valueName: "text"))
    var title = "Notification sounds"

    @Option(help: ArgumentHelp("Preview format: opus (small), wav (plays everywhere) or none.", valueName: "format"))
    var preview = "opus"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Also check every sound's integrated loudness against a target, e.g. -16 or -16±1 (as check --loudness).",
            valueName: "LUFS[±LU]"))
    var loudness: String?

    @Option(
        name: .customLong("loudness-spread"),
        help: ArgumentHelp("How far in LU a sound may lie from the median loudness (default 3).", valueName: "LU"))
    var loudnessSpread: Double?

    @OptionGroup var config: ConfigOptions
    @OptionGroup var jobs: JobsOption

    func validate() throws {
        if !["opus", "wav", "none"].contains(preview) { throw ValidationError("--preview takes opus, wav or none.") }
        if let l = loudness, LoudnessGoal(parsing: l) == nil {
            throw ValidationError(
                "--loudness takes a target from -70 to 0 LUFS and an optional tolerance in LU, e.g. -16 or -16±1.")
        }
        if let s = loudnessSpread, !(s >= 0) {
            throw ValidationError("--loudness-spread takes a number of LU, 0 or more.")
        }
    }

    func run() throws {
        let team = try config.load()
        var check = CheckOptions(
            loudness: loudness.flatMap(LoudnessGoal.init(parsing:)) ?? team?.loudness,
            loudnessSpread: loudnessSpread ?? team?.loudnessSpread ?? 3)
        check.configuration = team
        check.jobs = jobs.width
        let sounds = SoundSetReport.build(
            paths, options: .init(title: title, check: check, preview: AudioPreview.Format(rawValue: preview)))
        do {
            let file = try AtomicOutputFile(path: output)
            try file.write(Array(HTMLReport.render(sounds).utf8))
            try file.commit()
        } catch {
            emitError(error)
            throw ExitCode.failure
        }
        let s = sounds.summary
        printError(
            "soundkit: wrote \(output): \(s.sounds) sound\(s.sounds == 1 ? "" : "s"), \(s.errors) error\(s.errors == 1 ? "" : "s"), \(s.warnings) warning\(s.warnings == 1 ? "" : "s")"
        )
    }
}
