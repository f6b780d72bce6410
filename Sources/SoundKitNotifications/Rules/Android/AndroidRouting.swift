import SoundKitContainers
import SoundKitIO

/// Which rules a path `soundkit check` is given falls under: iOS's, Android's (a `res/raw` folder, an Android
/// project, an APK or AAB, or anything with `--platform android`), or both (an Expo project's listed sounds).
package enum AndroidRouting {
    /// How a path is checked.
    package enum Route {
        case ios
        case android(AndroidFileTree, AndroidChecker.Scope)
        case expo([FileReport])
        /// An archive that cannot be read, with the finding that says why.
        case unreadable(FileReport)
    }

    /// The route of `path`; `platform` forces one (nil: by what the path is).
    package static func route(_ path: String, platform: SoundPlatform?, options: CheckOptions) -> Route {
        if platform == .ios { return .ios }
        if AndroidFileTree.isArchive(path) {
            do { return .android(try AndroidFileTree.archive(path), .resRaw) } catch {
                return .unreadable(FileReport(path: path, findings: [Rule.unreadable.finding("\(error)")]))
            }
        }
        guard FileSystem.isDirectory(path) else {
            let android = platform == .android || isResRaw(FileSystem.directory(of: path))
            return android ? .android(.file(path), .everySound) : .ios
        }
        if isResRaw(path) { return .android(.folder(path), .everySound) }
        if isAndroidProject(path) { return .android(.folder(path), .resRaw) }
        if platform == .android { return .android(.folder(path), .everySound) }
        if let expo = ExpoChecker.check(path, options: options) { return .expo(expo) }
        return .ios
    }

    /// A folder named `raw` in a folder named `res`.
    package static func isResRaw(_ dir: String) -> Bool {
        var d = Substring(dir)
        while d.count > 1 && d.hasSuffix("/") { d = d.dropLast() }
        let parts = d.split(separator: "/")
        return parts.last == "raw" && parts.dropLast().last == "res"
    }

    /// A folder holding `settings.gradle(.kts)`, `build.gradle(.kts)` or `src/main/res/raw`: an Android project or
    /// one of its modules.
    package static func isAndroidProject(_ dir: String) -> Bool {
        ["settings.gradle", "settings.gradle.kts", "build.gradle", "build.gradle.kts"].contains {
            FileSystem.exists(FileSystem.join(dir, $0))
        } || FileSystem.isDirectory(FileSystem.join(dir, "src/main/res/raw"))
    }
}
