import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
import SoundKitIO
import SoundKitNotifications
import SoundKitReport

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
                bytes = try readStandardInput()
            } else {
                let input = try InputFile(path: file)
                bytes = try input.read(at: 0, count: Int(input.size))
            }
        } catch {
            emitError(error)
            throw ExitCode.failure
        }
        let result = PayloadChecker.check(bytes, locations: locations.value)
        let r = CheckReport(files: [
            FileReport(path: file == "-" ? "<stdin>" : file, container: "JSON", findings: result.findings)
        ])
        try emit(r, format: format)
        if let w = result.resolution?.winner, format == .text {
            printError("\(result.soundName ?? ""): resolves to \(w)")
        }
        if r.hasErrors { throw ExitCode.failure }
    }
}
