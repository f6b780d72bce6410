import Foundation
import Testing

/// `check`, `resolve` and `payload` on a macOS app laid out as Xcode builds it (Apple's Bundle Programming Guide,
/// "Bundle Structures": `Contents/Info.plist`, resources at the top of `Contents/Resources`, extensions at
/// `Contents/PlugIns/X.appex/Contents/Info.plist`).
@Suite struct PlatformCLITests {
    func plist(_ value: [String: Any], _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0).write(to: url)
    }

    /// A mono 16-bit 8 kHz WAV of a 440 Hz tone at −12 dBFS.
    func tone(seconds: Double, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(TestWAV.tone(seconds: seconds)).write(to: url)
    }

    /// `Mac.app` in `dir`: a 1 s `alarm.wav` and a 31 s `long.wav` in `Contents/Resources`, and a service extension
    /// whose LSMinimumSystemVersion is 14.0 where the app's is 13.0.
    func macApp(_ dir: URL) throws -> URL {
        let app = dir.appendingPathComponent("Mac.app")
        try plist(
            ["CFBundleIdentifier": "com.example.mac", "LSMinimumSystemVersion": "13.0"],
            app.appendingPathComponent("Contents/Info.plist"))
        try tone(seconds: 1, app.appendingPathComponent("Contents/Resources/alarm.wav"))
        try tone(seconds: 31, app.appendingPathComponent("Contents/Resources/long.wav"))
        try plist(
            [
                "CFBundleIdentifier": "com.example.mac.nse", "LSMinimumSystemVersion": "14.0",
                "NSExtension": [
                    "NSExtensionPointIdentifier": "com.apple.usernotifications.service",
                    "NSExtensionPrincipalClass": "NSE.NotificationService",
                ],
            ], app.appendingPathComponent("Contents/PlugIns/NSE.appex/Contents/Info.plist"))
        return app
    }

    @Test("check Mac.app: the long sound and the extension's LSMinimumSystemVersion name macOS, in text and JSON")
    func check() throws {
        let dir = try temporaryDirectory()
        let app = try macApp(dir)
        let r = try Tool.soundkit("check", "--no-loudness", app.path)
        #expect(r.status == 1)
        #expect(
            r.stdout.contains(
                "\(app.path)/Contents/Resources/long.wav: error: plays for 31.0 s; notification sounds must be shorter than 30 s or macOS plays the default sound"
            ), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "\(app.path)/Contents/PlugIns/NSE.appex/Contents/Info.plist: warning: LSMinimumSystemVersion 14.0 is above the app's 13.0"
            ), "\(r.stdout)")
        #expect(!r.stdout.contains("alarm.wav"), "\(r.stdout)")
        #expect(!r.stdout.contains("[subfolder]") && !r.stdout.contains("[extension-plist]"))
        let json = try Tool.soundkit("check", "--no-loudness", "--format", "json", app.path)
        let doc = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let files = doc?["files"] as? [[String: Any]] ?? []
        let platforms = files.flatMap { ($0["findings"] as? [[String: Any]] ?? []).map { $0["platform"] as? String } }
        // The duration error, the size note on the same file, and the extension's warning.
        #expect(platforms.count == 3 && platforms.allSatisfy { $0 == "macos" }, "\(json.stdout)")
    }

    @Test("resolve --verbose lists every place macOS searches, in order; --platform picks another platform's path")
    func resolve() throws {
        let dir = try temporaryDirectory()
        let app = try macApp(dir)
        let r = try Tool.soundkit("resolve", "--verbose", "--bundle", app.path, "alarm.wav")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("\(app.path)/Contents/Resources/alarm.wav"))
        let searched = r.stderr.split(separator: "\n").filter { $0.hasPrefix("searched ") }
        #expect(searched.first == "searched macOS's 1. main bundle: \(app.path)/Contents/Resources", "\(r.stderr)")
        #expect(
            searched.dropFirst().map { $0.split(separator: ":").first ?? "" } == [
                "searched macOS's 2. user Library/Sounds (~/Library/Sounds)",
                "searched macOS's 3. local Library/Sounds",
                "searched macOS's 4. network Library/Sounds", "searched macOS's 5. system Library/Sounds",
            ], "\(r.stderr)")
        let missing = try Tool.soundkit("resolve", "--verbose", "--bundle", app.path, "nothing-here.wav")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("searched macOS's 5. system Library/Sounds: /System/Library/Sounds"))
        let watch = try Tool.soundkit(
            "resolve", "--verbose", "--platform", "watchos", "--bundle", app.path, "alarm.wav", "--format", "json")
        let doc = try JSONSerialization.jsonObject(with: Data(watch.stdout.utf8)) as? [String: Any]
        #expect(doc?["platform"] as? String == "watchos")
        #expect((doc?["searched"] as? [[String: Any]])?.count == 1, "\(watch.stdout)")
        let bad = try Tool.soundkit("resolve", "--platform", "tvos", "--bundle", app.path, "alarm.wav")
        #expect(bad.status != 0 && bad.stderr.contains("--platform takes ios, macos, watchos or visionos"))
    }

    @Test("payload --bundle Mac.app finds a sound at the top of Contents/Resources")
    func payload() throws {
        let dir = try temporaryDirectory()
        let app = try macApp(dir)
        let payload = dir.appendingPathComponent("p.json")
        try Data(#"{"aps":{"alert":"hi","sound":"alarm.wav"}}"#.utf8).write(to: payload)
        let r = try Tool.soundkit("payload", "--no-loudness", "--bundle", app.path, payload.path)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!r.stdout.contains("[name-not-found]") && !r.stdout.contains("[subfolder]"), "\(r.stdout)")
    }
}
