import SoundKitIO

/// The platform an app is built for and the lowest version of it the app installs on (its deployment target:
/// `MinimumOSVersion`, or `LSMinimumSystemVersion` on macOS and Mac Catalyst), as a payload checked against the app
/// (`payload --bundle`) is judged: what a push asks for that the system only does from a later version.
package struct Deployment: Sendable, Equatable {
    package var platform: ApplePlatform
    /// The deployment target as written (`14.0`), when the Info.plist has one.
    package var minimum: String?
    /// The deployment target as numbers (`[14]`), when it is one.
    var version: [Int]?

    package init(platform: ApplePlatform, minimum: String?) {
        self.platform = platform
        self.minimum = minimum
        self.version = minimum.flatMap(AppWiring.version)
    }

    /// The app at the root of `tree` (an opened bundle: a folder, `.ipa` or zipped `.app`).
    package static func of(app tree: any FileTree) -> Deployment {
        let platform = BundleLayout.of(tree).platform
        let minimum: String? =
            if case .string(let m)? = AppWiring.keys(tree, "")?.minimum(on: platform) { m } else { nil }
        return Deployment(platform: platform, minimum: minimum)
    }

    /// What a payload asks of the system, with the first version of each platform that does it — Apple's
    /// availability for the API it stands for (UserNotifications; Mac Catalyst versions are macOS's: Catalyst 15 is
    /// macOS 12, and every Catalyst app runs on macOS 10.15 or later).
    package struct Feature: Sendable {
        package var since: [ApplePlatform: [Int]]
        package var below: String

        /// `aps.interruption-level`: `UNNotificationInterruptionLevel`, iOS and iPadOS 15, macOS 12, watchOS 8,
        /// visionOS 1. Below those the key is unknown and the notification is delivered at the active level.
        package static let interruptionLevel = Feature(
            since: [.ios: [15], .macos: [12], .watchos: [8], .visionos: [1]],
            below: "the key is unknown and the notification arrives as an ordinary (active) one")
        /// A critical sound (`aps.sound` as `{"critical": 1, …}`): `UNNotificationSound.defaultCritical`, iOS and
        /// iPadOS 12, macOS 10.14, watchOS 5, visionOS 1.
        package static let criticalSound = Feature(
            since: [.ios: [12], .macos: [10, 14], .watchos: [5], .visionos: [1]],
            below: "there are no critical alerts, so it is delivered as an ordinary one")
    }

    /// The first version of this platform with `feature`, written as Apple writes it (`15`, `10.14`); nil when the
    /// app's deployment target already has it.
    package func lacks(_ feature: Feature) -> String? {
        guard let version, let since = feature.since[platform], version.lexicographicallyPrecedes(since) else {
            return nil
        }
        return since.map(String.init).joined(separator: ".")
    }

    /// `interruption-level` (note): an `aps` at `apsPath` asking for an interruption level or a critical alert that
    /// the app's oldest supported system does not have.
    static func check(aps: JSONValue, at apsPath: [String], deployment d: Deployment, into notes: inout PayloadNotes) {
        var asks: [(path: [String], feature: Feature)] = []
        if aps["interruption-level"] != nil { asks.append((apsPath + ["interruption-level"], .interruptionLevel)) }
        if aps["sound"]?["critical"] == .number("1") { asks.append((apsPath + ["sound", "critical"], .criticalSound)) }
        for ask in asks {
            guard let since = d.lacks(ask.feature), let minimum = d.minimum else { continue }
            notes.add(
                .interruptionLevel,
                "\(PayloadChecker.dotted(ask.path)) needs \(d.platform.name) \(since) or later, and the app's \(d.platform.minimumVersionKey) is \(minimum): before \(d.platform.name) \(since) \(ask.feature.below)",
                .note, at: ask.path)
        }
    }
}
