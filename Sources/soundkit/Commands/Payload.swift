import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitReport

struct Payload: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payload",
        abstract: "Check a push payload's sounds and attachments as its provider receives it.",
        discussion: """
            aps.sound must be "default", a file name, or {"critical": 0|1, "name": "...", "volume": 0.0...1.0}, with those \
            types exactly; the payload must be at most 4096 bytes as sent (an FCM v1 message's APNs payload as compact \
            JSON, the form FCM sends it in). With location options the name must resolve as `soundkit resolve` \
            resolves it, and the file it finds is checked too, once however many payloads name it. Findings give the \
            line and column of the part of the payload they are about (FILE:LINE:COLUMN).

            An attachment named by Braze's ab.att {"url", "type"}, FCM's message.apns.fcm_options.image or \
            message.notification.image needs aps.mutable-content as the number 1 and an absolute https URL; Braze's type \
            must be a suffix UNNotificationAttachment accepts (jpg, jpeg, png, gif, aif, aiff, wav, mp3, m4a, mpg, mpeg, \
            mp4, m4v, avi). With --bundle, the app must have a notification service extension to download it, and a \
            content extension should declare aps.category. --bundle takes an .app folder or an .ipa, read in place; \
            its embedded.mobileprovision (or --entitlements) must grant what a critical or time-sensitive payload asks \
            for, and a plain-http attachment is judged by the service extension's App Transport Security.

            The body is recognised by its shape (--provider names it instead): an APNs payload (Braze's with ab, a \
            simulator .apns file), FCM v1 {"message"}, legacy FCM {"to" | "registration_ids"}, Expo (a message or an \
            array), OneSignal (ios_sound, android_sound, ios_attachments), gorush {"notifications"}, Amazon SNS \
            ({"APNS": "<json string>", "GCM": …}, each string checked as its platform's payload), Amazon Pinpoint \
            (MessageConfiguration), Braze's REST API (messages.apple_push, Live Activity requests), Airship, OneSignal's \
            Live Activity API, Pusher Beams and Azure Notification Hubs' native bodies. A Live Activity (aps.event, \
            aps.content-state) plays aps.alert.sound, checked and resolved as aps.sound is. Each provider's \
            iOS sound field is checked as aps.sound, its Android sound field as a bare res/raw name with a channel \
            (sound-name, android-channel), and keys the provider refuses are errors (payload-provider). A body of no \
            known shape has every aps dictionary in it checked. Exit 1 on any error. A .soundkit.yml applies as to check \
            (see soundkit check --help), and so do --baseline and --write-baseline. The sounds names resolve to are checked \
            through check's result cache (--cache-path, --no-cache).
            """)

    @Argument(help: "The payload JSON files ('-' for standard input).")
    var files: [String]

    @Option(
        help: ArgumentHelp(
            "Read every file as this provider's request body instead of recognising it by its shape.",
            valueName: PushProvider.allCases.map(\.rawValue).joined(separator: "|")))
    var provider: PushProvider?

    @OptionGroup var locations: LocationOptions

    @Flag(
        name: .customLong("no-loudness"),
        help: "Do not measure the loudness of the sound a payload names: no clipping findings about it.")
    var noLoudness = false

    @Option(help: FindingsFormat.help)
    var format: FindingsFormat = .text

    @Option(help: FindingsFormat.outputHelp)
    var output: String?

    @Option(
        help: ArgumentHelp(
            "The app's .entitlements file: what a critical or time-sensitive payload needs (otherwise --bundle's embedded.mobileprovision).",
            valueName: "file"))
    var entitlements: String?

    @OptionGroup var config: ConfigOptions
    @OptionGroup var baseline: BaselineOptions
    @OptionGroup var cache: CacheOptions

    func validate() throws {
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input ('-') can be read once.") }
    }

    func run() throws {
        let team = try config.load()
        var reports: [FileReport] = []
        var resolved: [String] = []
        var failed = false
        // One cache for the run, check's: a sound several payloads name is checked once.
        let cache = self.cache.runCache
        let entitled = try entitlements.map(EntitlementsSource.file)
        for file in files where team?.isExcluded(file) != true {
            let bytes: [UInt8]
            do {
                if file == "-" {
                    bytes = try readStandardInput()
                } else {
                    let input = try InputFile(path: file)
                    bytes = try input.read(at: 0, count: Int(input.size))
                }
            } catch {
                emitError(error)
                failed = true
                continue
            }
            let result = PayloadChecker.check(
                bytes, locations: locations.value, measureLoudness: !noLoudness, provider: provider, cache: cache,
                entitlements: entitled)
            // A finding about a file (the sound the name resolved to, the app bundle) says which file it is about.
            let files = [result.resolution?.winner, locations.bundle].compactMap { $0 }
            let findings = result.findings.map { f in
                var f = f
                if let s = f.subject, files.contains(s) { f.message = "\(s): \(f.message)" }
                return f
            }
            var report = FileReport(path: file == "-" ? "<stdin>" : file, container: "JSON", findings: findings)
            report.provider = result.provider
            reports.append(report)
            if let w = result.resolution?.winner {
                let line = "\(result.soundName ?? ""): resolves to \(w)"
                if !resolved.contains(line) { resolved.append(line) }
            }
        }
        var r = CheckReport(files: reports)
        if let team { r = team.applied(to: r) }
        if try baseline.record(r, team) { return }
        r = try baseline.hide(r, team)
        try emit(r, format: format, command: "payload", output: output)
        if format == .text { resolved.forEach(printError) }
        if cache.checks > 0 { cache.prune() }
        if failed || r.hasErrors { throw ExitCode.failure }
    }
}

extension PushProvider: ExpressibleByArgument {
    // Spelled out, as ResamplerQuality.Complexity's: the reflective defaults cost start-up.
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
}
