import Foundation
import Testing

/// `check App.ipa`, `payload --bundle App.ipa` and `--entitlements FILE` on the command line.
@Suite struct AppWiringCLITests {
    static var hasTools: Bool {
        (try? Tool.which("zip")) != nil && (try? Tool.which("ffmpeg")) != nil
    }

    func plist(_ value: [String: Any], _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0).write(to: url)
    }

    @Test(
        "check App.ipa names files inside the archive; --entitlements judges payloads and apps",
        .enabled(if: hasTools, "zip or ffmpeg is not installed: no .ipa is built"))
    func ipaAndEntitlements() throws {
        let dir = try temporaryDirectory()
        let app = dir.appendingPathComponent("Payload/Demo.app")
        try plist(["CFBundleIdentifier": "com.example.demo"], app.appendingPathComponent("Info.plist"))
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sounds"), withIntermediateDirectories: true)
        try Tool.must(
            "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=d=0.3:sample_rate=8000", "-c:a", "pcm_s16le",
            app.appendingPathComponent("Sounds/deep.caf").path)
        try Tool.must("sh", "-c", "cd '\(dir.path)' && zip -qr Demo.ipa Payload")
        let ipa = dir.appendingPathComponent("Demo.ipa").path

        let check = try Tool.soundkit("check", "--no-loudness", ipa)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("\(ipa)/Payload/Demo.app/Sounds/deep.caf: warning:"), "\(check.stdout)")
        #expect(check.stdout.contains("[subfolder]"))

        let entitlements = dir.appendingPathComponent("Demo.entitlements")
        try plist(["com.apple.developer.usernotifications.time-sensitive": true], entitlements)
        let noAPS = try Tool.soundkit("check", "--no-loudness", "--entitlements", entitlements.path, ipa)
        #expect(noAPS.stdout.contains("\(entitlements.path): note: grants no aps-environment"), "\(noAPS.stdout)")

        let payload = dir.appendingPathComponent("p.json")
        try Data(#"{"aps":{"sound":"default","interruption-level":"critical"}}"#.utf8).write(to: payload)
        let refused = try Tool.soundkit(
            "payload", "--no-loudness", "--bundle", ipa, "--entitlements", entitlements.path, payload.path)
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("critical-alerts"), "\(refused.stdout)")
        #expect(refused.stdout.contains("[entitlement]"))
        try Data(#"{"aps":{"sound":"default","interruption-level":"time-sensitive"}}"#.utf8).write(to: payload)
        let granted = try Tool.soundkit(
            "payload", "--no-loudness", "--bundle", ipa, "--entitlements", entitlements.path, payload.path)
        #expect(!granted.stdout.contains("[entitlement]"), "\(granted.stdout)")
    }
}
