import SoundKitIO
import SoundKitNotifications

/// An Expo app's notification sounds: the `sounds` of the `expo-notifications` config plugin (read by
/// `ExpoChecker`), which Expo's prebuild copies to the top of the iOS app's bundle (added to the app target) and to
/// `android/app/src/main/res/raw/` under their base names (SOURCE-TREES.md §2.4).
package enum ExpoProject {
    /// The layouts of the Expo app at `folder` (below `root`), or nil when its `app.json`/`app.config.json` lists
    /// no sounds.
    package static func read(folder: String, root: String) -> ProjectReading? {
        for name in ExpoChecker.configNames {
            let config = FileSystem.join(root, ProjectFiles.below(folder, name))
            guard let sounds = ExpoChecker.listedSounds(config), !sounds.isEmpty else { continue }
            let bytes = (try? ProjectFiles.bytes(config, shown: config)) ?? []
            let lines = LineTable(bytes, path: config)
            var apple: [BundleEntry] = []
            var android: [BundleEntry] = []
            for listed in sounds {
                let below = listed.hasPrefix("./") ? String(listed.dropFirst(2)) : listed
                let file = FileSystem.join(root, ProjectFiles.below(folder, below))
                let site = offset(of: listed, in: bytes).map(lines.site)
                let base = FileSystem.lastComponent(below)
                let exists = FileSystem.exists(file)
                apple.append(
                    BundleEntry(bundlePath: base, file: file, route: .plugin, declaredAt: site, exists: exists))
                android.append(
                    BundleEntry(bundlePath: "raw/" + base, file: file, route: .plugin, declaredAt: site, exists: exists)
                )
            }
            return ProjectReading(
                project: config,
                targets: [
                    TargetLayout(name: "Expo", kind: .application, platform: .apple, project: config, entries: apple),
                    TargetLayout(
                        name: "Expo", kind: .application, platform: .android, project: config, entries: android),
                ])
        }
        return nil
    }

    /// The offset of `"text"` (quoted, as JSON writes it when it needs no escapes) in `bytes`.
    static func offset(of text: String, in bytes: [UInt8]) -> Int? {
        let needle = Array(("\"" + text + "\"").utf8)
        guard needle.count <= bytes.count else { return nil }
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i + 1 }
            i += 1
        }
        return nil
    }
}
