import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

/// `soundkit check` as a library: Apple's rules for notification sounds over files, folders and app bundles.
public enum SoundChecker {
    /// Checks every path: a sound file, a folder (recursively), or an `.app`/`.appex` bundle. In a bundle the
    /// extensions in `PlugIns` are walked too: their sounds are checked like the app's, and the Info.plist of each
    /// notification extension by `ExtensionChecker`. All the sounds found form one set for `LoudnessSpreadRule`.
    public static func check(_ paths: [String], options: CheckOptions = CheckOptions()) -> CheckReport {
        checked(paths, options: options).report
    }

    /// ``check(_:options:)``, and how the options' cache answered for each sound (in the report's order; the
    /// app extensions' Info.plists, which follow the sounds, are never cached).
    package static func checked(
        _ paths: [String], options: CheckOptions
    ) -> (report: CheckReport, cache: [CacheOutcome?]) {
        let found = scan(paths, options: options)
        let sounds = Parallel.map(found.sounds, width: options.jobs) { file, subpath in
            checked(file, bundleSubpath: subpath, options: options)
        }
        var files = sounds.map(\.report)
        for (i, findings) in LoudnessSpreadRule().check(levels: sounds.map { ($0.report.path, $0.integrated) }, options)
        {
            files[i].findings = ordered(files[i].findings + findings)
        }
        if sounds.contains(where: { $0.cache == .miss }) { options.cache?.prune() }
        files += found.appexes.compactMap(ExtensionChecker.check(appex:))
        return (CheckReport(files: files), sounds.map(\.cache))
    }

    /// The facts of every sound below `paths`, in the order ``check(_:options:)`` reports them.
    package static func gather(_ paths: [String], options: CheckOptions) -> [SoundFacts] {
        Parallel.map(scan(paths, options: options).sounds, width: options.jobs) { file, subpath in
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

    /// The sounds and app extensions below `paths`, less those the options' configuration excludes.
    static func scan(_ paths: [String], options: CheckOptions) -> (sounds: [(String, String?)], appexes: [String]) {
        var found = scan(paths)
        if let c = options.configuration {
            found.sounds.removeAll { c.isExcluded($0.0) }
            found.appexes.removeAll { c.isExcluded($0) }
        }
        return found
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
        var appexes: [String] = isAppex(dir) ? [dir] : []
        let rootIsBundle = isBundle(dir)
        // The batch walker (hidden entries and linked folders left out), told which folders a bundle keeps apart.
        let files = FolderWalk.files(in: dir) { path, relative in
            if isBundle(path) {
                // A nested bundle (PlugIns/X.appex) is a bundle of its own, checked like the app.
                if isAppex(path) { appexes.append(path) }
                return true
            }
            guard rootIsBundle || bundleDepth(relative) != nil else { return true }
            // SDK resource bundles and frameworks play their own sounds; they are not notification sounds.
            let name = FileSystem.lastComponent(path)
            return !["bundle", "framework", "lproj"].contains(FileSystem.splitExtension(name).ext)
                && !["_CodeSignature", "Frameworks", "SC_Info"].contains(name)
        }
        let sounds = files.filter { isCandidate($0.path) }.map { file -> (String, String?) in
            (file.path, subpath(file.relative, rootIsBundle: rootIsBundle))
        }
        return (sounds, appexes)
    }

    static func isAppex(_ path: String) -> Bool {
        FileSystem.splitExtension(FileSystem.lastComponent(path)).ext == "appex"
    }

    /// How many folders of `relative` (a path below the walk's root) lead to its innermost bundle; nil when none
    /// of them is a bundle.
    static func bundleDepth(_ relative: String) -> Int? {
        let folders = relative.split(separator: "/").dropLast()
        return folders.lastIndex { isBundle(String($0)) }.map { $0 + 1 }
    }

    /// A file's path below its bundle when it is not at the bundle's top level (where iOS never finds it by name);
    /// nil at the top level or outside any bundle.
    static func subpath(_ relative: String, rootIsBundle: Bool) -> String? {
        let parts = relative.split(separator: "/")
        guard let start = bundleDepth(relative) ?? (rootIsBundle ? 0 : nil), parts.count - start > 1 else { return nil }
        return parts[start...].joined(separator: "/")
    }

    /// A sound by its name (``ContainerKind/soundExtensions``, so that a JPEG named .caf is a finding) or by its
    /// first bytes (``ContainerKind/mayHoldAudio``, the list batches convert by).
    static func isCandidate(_ path: String) -> Bool {
        if ContainerKind.soundExtensions.contains(FileSystem.splitExtension(path).ext.lowercased()) { return true }
        guard case .success(let kind) = ContainerKind.sniff(path) else { return false }
        return kind.mayHoldAudio
    }
}
