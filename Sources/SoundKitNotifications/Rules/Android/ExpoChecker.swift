import SoundKitContainers
import SoundKitIO

/// An Expo project's notification sounds: the `sounds` of the `expo-notifications` plugin in `app.json` or
/// `app.config.json`, which Expo's prebuild copies to both platforms (iOS's bundle and Android's `res/raw`), so
/// each is judged by both platforms' rules.
package enum ExpoChecker {
    /// The config files Expo reads, in its order.
    package static let configNames = ["app.json", "app.config.json"]
    /// The most of a config file read.
    static let maxConfigBytes = 1 << 20

    /// The reports for the sounds `dir`'s config lists, or nil when it lists none (no config, not JSON, no
    /// `expo-notifications` plugin with sounds).
    package static func check(_ dir: String, options: CheckOptions) -> [FileReport]? {
        for name in configNames {
            let config = FileSystem.join(dir, name)
            guard let sounds = listedSounds(config), !sounds.isEmpty else { continue }
            return check(sounds, config: config, dir: dir, options: options)
        }
        return nil
    }

    /// The `sounds` of the `expo-notifications` plugin in the config at `path` (`plugins` at the top or under
    /// `expo`), or nil.
    package static func listedSounds(_ path: String) -> [String]? {
        guard let file = try? InputFile(path: path), file.size <= Int64(maxConfigBytes),
            let bytes = try? file.read(at: 0, count: Int(clamping: file.size)),
            let root = try? JSONParser.parse(bytes),
            case .array(let plugins)? = root["expo"]?["plugins"] ?? root["plugins"]
        else { return nil }
        for plugin in plugins {
            guard case .array(let entry) = plugin, entry.first == .string("expo-notifications"), entry.count > 1,
                case .array(let sounds)? = entry[1]["sounds"]
            else { continue }
            return sounds.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        }
        return nil
    }

    static func check(_ sounds: [String], config: String, dir: String, options: CheckOptions) -> [FileReport] {
        let configName = FileSystem.lastComponent(config)
        let files = sounds.map { listed in
            FileSystem.join(dir, listed.hasPrefix("./") ? String(listed.dropFirst(2)) : listed)
        }
        // Expo copies every sound into one res/raw, whatever folder it comes from.
        let duplicates = AndroidChecker.duplicateFindings(files.map { "raw/" + FileSystem.lastComponent($0) })
        var reports: [FileReport] = []
        for (listed, file) in zip(sounds, files) {
            guard FileSystem.exists(file) else {
                let message =
                    "\(configName)'s expo-notifications plugin lists \(listed), which does not exist; Expo's prebuild fails without it"
                reports.append(
                    FileReport(path: config, findings: [Rule.nameNotFound.finding(message, subject: listed)]))
                continue
            }
            let name = FileSystem.lastComponent(file)
            let facts = SoundFacts.gather(file, measureLoudness: options.measureLoudness)
            var report = SoundChecker.report(facts, options: options)
            var android = AndroidChecker.nameFinding(name).map { [$0] } ?? []
            if let what = AndroidChecker.formatProblem(facts) {
                let base = FileSystem.splitExtension(name).base
                let wav = FileSystem.splitExtension(name).ext.lowercased() == "wav" ? "\(base)-pcm.wav" : "\(base).wav"
                android.append(
                    Rule.androidFormat.finding(
                        "\(what), which Android does not play, and Expo copies it into res/raw; a 16-bit PCM WAV plays on both",
                        remedy: Remedy(convertTo: wav, dataFormat: "LEI16")))
            }
            android += duplicates["raw/" + name] ?? []
            for i in android.indices { android[i].message = "for Android: " + android[i].message }
            report.findings = SoundChecker.ordered(report.findings + android)
            reports.append(report)
        }
        return reports
    }
}
