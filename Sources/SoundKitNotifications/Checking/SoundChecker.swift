import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

/// `soundkit check` as a library: Apple's rules for notification sounds over files, folders and app bundles.
public enum SoundChecker {
    /// Extensions that make a file a candidate even when its bytes say otherwise (a JPEG named .caf is a finding).
    static let soundExtensions: Set<String> = [
        "caf", "aif", "aiff", "aifc", "wav", "wave", "mp3", "m4a", "m4r", "aac", "mp4",
        "mov", "3gp", "wma", "ac3", "amr", "webm", "mka", "flac", "ogg", "oga", "opus",
        "snd", "au",
    ]
    static let audioTypes: Set<ContainerKind> = [
        .caf, .aiff, .aifc, .wav, .rifx, .rf64, .flac, .ogg, .mp3, .au, .w64, .adts,
        .matroska, .asf, .ac3, .amr, .threeGPP,
    ]

    /// Checks every path: a sound file, a folder (recursively), or an `.app`/`.appex` bundle. In a bundle the
    /// extensions in `PlugIns` are walked too: their sounds are checked like the app's, and the Info.plist of each
    /// notification extension by ``ExtensionChecker``. All the sounds found form one set for ``LoudnessSpreadRule``.
    public static func check(_ paths: [String], options: CheckOptions = CheckOptions()) -> CheckReport {
        let found = scan(paths)
        var checked = report(facts(found.sounds, options: options), options: options)
        checked.files += found.appexes.compactMap(ExtensionChecker.check(appex:))
        return checked
    }

    /// The facts of every sound below `paths`, in the order ``check(_:options:)`` reports them.
    package static func gather(_ paths: [String], options: CheckOptions) -> [SoundFacts] {
        facts(scan(paths).sounds, options: options)
    }

    static func facts(_ sounds: [(String, String?)], options: CheckOptions) -> [SoundFacts] {
        sounds.map { file, subpath in
            var facts = SoundFacts.gather(file, measureLoudness: options.measureLoudness)
            facts.bundleSubpath = subpath
            return facts
        }
    }

    /// Checks one file.
    public static func check(
        file: String, bundleSubpath: String? = nil, options: CheckOptions = CheckOptions()
    ) -> FileReport {
        var facts = SoundFacts.gather(file, measureLoudness: options.measureLoudness)
        facts.bundleSubpath = bundleSubpath
        return report(facts, options: options)
    }

    /// The findings for a set of sounds checked together: each sound's own, then the set's (``LoudnessSpreadRule``).
    package static func report(_ set: [SoundFacts], options: CheckOptions) -> CheckReport {
        var files = set.map { report($0, options: options) }
        for (i, findings) in LoudnessSpreadRule().check(set, options) {
            files[i].findings = ordered(files[i].findings + findings)
        }
        return CheckReport(files: files)
    }

    package static func report(_ facts: SoundFacts, options: CheckOptions) -> FileReport {
        let findings = ordered(soundRules.flatMap { $0.check(facts, options) })
        return FileReport(path: facts.path, description: facts.description, findings: findings)
    }

    /// Severity first (errors on top), then rule order.
    static func ordered(_ findings: [Finding]) -> [Finding] {
        findings.enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
    }

    static func isBundle(_ path: String) -> Bool {
        let ext = FileSystem.splitExtension(FileSystem.lastComponent(path)).ext
        return ext == "app" || ext == "appex"
    }

    /// The sounds `paths` name or hold, and the app extensions met on the way.
    static func scan(_ paths: [String]) -> (sounds: [(String, String?)], appexes: [String]) {
        var sounds: [(String, String?)] = []
        var appexes: [String] = []
        for path in paths {
            if FileSystem.isDirectory(path) {
                let found = scan(path)
                sounds += found.sounds
                appexes += found.appexes
            } else {
                sounds.append((path, nil))
            }
        }
        return (sounds, appexes)
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
                    // A linked folder is not followed, as convert --output-dir does not follow one: a link back up
                    // made the walk list every sound again at each level until the path grew too long (ELOOP).
                    if FileSystem.isSymbolicLink(path) { continue }
                    if isBundle(path) {
                        // A nested bundle (PlugIns/X.appex) is a bundle of its own.
                        walk(path, bundleRoot: path, relative: "")
                    } else if bundleRoot != nil {
                        // SDK resource bundles and frameworks play their own sounds; they are not notification sounds.
                        // PlugIns is walked: its extensions are bundles of their own, checked like the app.
                        let ext = FileSystem.splitExtension(name).ext
                        if ["bundle", "framework", "lproj"].contains(ext)
                            || ["_CodeSignature", "Frameworks", "SC_Info"].contains(name)
                        {
                            continue
                        }
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
