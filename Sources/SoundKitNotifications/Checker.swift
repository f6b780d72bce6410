import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

/// `soundkit check` as a library: Apple's rules for notification sounds over files, folders and app bundles.
public enum SoundChecker {
    /// Extensions that make a file a candidate even when its bytes say otherwise (a JPEG named .caf is a finding).
    static let soundExtensions: Set<String> = ["caf", "aif", "aiff", "aifc", "wav", "wave", "mp3", "m4a", "m4r", "aac", "mp4",
                                               "mov", "3gp", "wma", "ac3", "amr", "webm", "mka", "flac", "ogg", "oga", "opus",
                                               "snd", "au"]
    static let audioTypes: Set<ContainerKind> = [.caf, .aiff, .aifc, .wav, .rifx, .rf64, .flac, .ogg, .mp3, .au, .w64, .adts,
                                                 .matroska, .asf, .ac3, .amr, .threeGPP]

    /// Checks every path: a sound file, a folder (recursively), or an `.app`/`.appex` bundle. In a bundle the
    /// extensions in `PlugIns` are walked too: their sounds are checked like the app's, and the Info.plist of each
    /// notification extension by ``ExtensionChecker``.
    public static func check(_ paths: [String], options: CheckOptions = CheckOptions()) -> CheckReport {
        var files: [FileReport] = []
        for path in paths {
            if FileSystem.isDirectory(path) {
                let found = scan(path)
                for (file, subpath) in found.sounds {
                    files.append(check(file: file, bundleSubpath: subpath, options: options))
                }
                files += found.appexes.compactMap(ExtensionChecker.check(appex:))
            } else {
                files.append(check(file: path, options: options))
            }
        }
        return CheckReport(files: files)
    }

    /// Checks one file.
    public static func check(file: String, bundleSubpath: String? = nil, options: CheckOptions = CheckOptions()) -> FileReport {
        var facts = SoundFacts.gather(file)
        facts.bundleSubpath = bundleSubpath
        return report(facts, options: options)
    }

    public static func report(_ facts: SoundFacts, options: CheckOptions) -> FileReport {
        var findings = soundRules.flatMap { $0.check(facts, options) }
        // Severity first (errors on top), then rule order.
        findings = findings.enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
        let d = facts.description
        return FileReport(path: facts.path, container: d?.container, format: d?.format, sampleRate: d?.sampleRate,
                          channels: d?.channels, frames: d?.frames, duration: d?.duration, findings: findings)
    }

    static func isBundle(_ path: String) -> Bool {
        let ext = FileSystem.splitExtension(FileSystem.lastComponent(path)).ext
        return ext == "app" || ext == "appex"
    }

    /// Sound candidates below `dir`, sorted, and the app extensions met on the way; in a bundle, each file below the
    /// top level carries its subpath.
    static func scan(_ dir: String) -> (sounds: [(String, String?)], appexes: [String]) {
        var out: [(String, String?)] = []
        var appexes: [String] = []
        func walk(_ d: String, bundleRoot: String?, relative: String) {
            if FileSystem.splitExtension(FileSystem.lastComponent(d)).ext == "appex" { appexes.append(d) }
            for name in FileSystem.contents(of: d) where !name.hasPrefix(".") {
                let path = FileSystem.join(d, name)
                let rel = relative.isEmpty ? name : relative + "/" + name
                if FileSystem.isDirectory(path) {
                    if isBundle(path) {
                        walk(path, bundleRoot: path, relative: "")  // a nested bundle (PlugIns/X.appex) is a bundle of its own
                    } else if bundleRoot != nil {
                        // SDK resource bundles and frameworks play their own sounds; they are not notification sounds.
                        // PlugIns is walked: its extensions are bundles of their own, checked like the app.
                        let ext = FileSystem.splitExtension(name).ext
                        if ["bundle", "framework", "lproj"].contains(ext) || ["_CodeSignature", "Frameworks", "SC_Info"].contains(name) { continue }
                        walk(path, bundleRoot: bundleRoot, relative: rel)
                    } else {
                        walk(path, bundleRoot: nil, relative: rel)
                    }
                } else if isCandidate(path) {
                    out.append((path, bundleRoot != nil && relative != "" ? rel : nil))
                }
            }
        }
        walk(dir, bundleRoot: isBundle(dir) ? dir : nil, relative: "")
        return (out, appexes)
    }

    static func isCandidate(_ path: String) -> Bool {
        if soundExtensions.contains(FileSystem.splitExtension(path).ext.lowercased()) { return true }
        guard let f = try? InputFile(path: path), let head = try? f.read(at: 0, count: 16) else { return false }
        return audioTypes.contains(ContainerKind(sniffing: head))
    }
}
