import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

/// `soundkit check` as a library: Apple's rules for notification sounds over files, folders and app bundles.
public enum SoundChecker {
    /// Checks every path: a sound file, a folder (recursively), or an `.app`/`.appex` bundle. In a bundle the
    /// extensions in `PlugIns` are walked too: their sounds are checked like the app's, and the Info.plist of each
    /// notification extension by `ExtensionChecker`. All the sounds found form one set for `LoudnessSpreadRule`.
    ///
    /// An `.ipa` is read in place: its `Payload/*.app` is checked as that bundle's folder would be, its files named
    /// `App.ipa/Payload/Demo.app/…`. Each app bundle's wiring is checked too (`AppWiring`).
    ///
    /// Android's files (a `res/raw` folder, an Android project, a folder met on the way that is one, or anything
    /// with `CheckOptions.platform` `android`) are judged by Android's rules instead (`AndroidChecker`), and an
    /// Expo project's listed sounds by both (`ExpoChecker`).
    public static func check(_ paths: [String], options: CheckOptions = CheckOptions()) -> CheckReport {
        checked(paths, options: options).report
    }

    /// ``check(_:options:)``, and how the options' cache answered for each sound (in the report's order; the
    /// findings that follow the sounds — archives that cannot be read, app extensions' Info.plists, an app's wiring,
    /// Android's files — are never cached).
    package static func checked(
        _ paths: [String], options: CheckOptions
    ) -> (report: CheckReport, cache: [CacheOutcome?]) {
        var ios: [String] = []
        var android: [FileReport] = []
        for path in paths {
            switch AndroidRouting.route(path, platform: options.platform, options: options) {
            case .ios: ios.append(path)
            case .android(let tree, let scope): android += AndroidChecker.check(tree, scope: scope, options: options)
            case .expo(let reports): android += reports
            case .unreadable(let report): android.append(report)
            }
        }
        let found = scan(ios, options: options)
        let sounds = Parallel.map(found.sounds.map(\.source), width: options.jobs) { checked($0, options: options) }
        var files = sounds.map(\.report)
        for (i, findings) in LoudnessSpreadRule().check(levels: sounds.map { ($0.report.path, $0.integrated) }, options)
        {
            files[i].findings = ordered(files[i].findings + findings)
        }
        if sounds.contains(where: { $0.cache == .miss }) { options.cache?.prune() }
        files += found.unreadable
        files += found.appexes.compactMap { ExtensionChecker.check(appex: $0.appex, in: $0.tree) }
        for app in found.apps {
            for wiring in AppWiring.check(app: app, entitlements: options.entitlements) {
                if let i = files.firstIndex(where: { $0.path == wiring.path }) {
                    files[i].findings = ordered(files[i].findings + wiring.findings)
                } else {
                    files.append(wiring)
                }
            }
        }
        for root in found.android {
            files += AndroidChecker.check(.folder(root), scope: .everySound, options: options)
        }
        files += android
        return (CheckReport(files: files), sounds.map(\.cache))
    }

    /// The facts of every sound below `paths`, in the order ``check(_:options:)`` reports them.
    package static func gather(_ paths: [String], options: CheckOptions) -> [SoundFacts] {
        Parallel.map(scan(paths, options: options).sounds.map(\.source), width: options.jobs) {
            $0.facts(measureLoudness: options.measureLoudness, listener: nil, truePeakCeiling: ClippingRule.ceiling)
        }
    }

    /// Checks one file.
    public static func check(
        file: String, bundleSubpath: String? = nil, options: CheckOptions = CheckOptions()
    ) -> FileReport {
        var facts = SoundFacts.gather(
            file, measureLoudness: options.measureLoudness, truePeakCeiling: ClippingRule.ceiling)
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
        let findings = ordered(soundRules.flatMap { $0.check(facts, options) }).on(facts.platform)
        return FileReport(path: facts.path, description: facts.description, findings: findings)
    }

    /// Severity first (errors on top), then rule order.
    package static func ordered(_ findings: [Finding]) -> [Finding] {
        findings.enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
    }

    package static func isBundle(_ path: String) -> Bool {
        let ext = FileSystem.splitExtension(FileSystem.lastComponent(path)).ext
        return ext == "app" || ext == "appex"
    }

    /// The sounds and app extensions below `paths`, less those the options' configuration excludes.
    static func scan(_ paths: [String], options: CheckOptions) -> Found {
        var found = scan(paths, android: options.platform != .ios)
        if let c = options.configuration {
            found.sounds.removeAll { c.isExcluded($0.path) }
            found.appexes.removeAll { c.isExcluded($0.tree.path($0.appex)) }
        }
        return found
    }

    /// What a walk found: sounds, app extensions (in the tree they were found in), the app bundles whose wiring is
    /// checked, the archives that could not be read, and the folders that are Android's (`res/raw` folders and
    /// Android projects), which are not walked.
    struct Found {
        var sounds: [FoundSound] = []
        var appexes: [(tree: any FileTree, appex: String)] = []
        var apps: [any FileTree] = []
        var unreadable: [FileReport] = []
        var android: [String] = []
    }

    /// The sounds `paths` name or hold, the app extensions met on the way, and, with `android`, the folders met on
    /// the way that are Android's.
    static func scan(_ paths: [String], android: Bool = false) -> Found {
        var found = Found()
        for path in paths {
            if AppBundle.isArchive(path) {
                do {
                    scan(try AppBundle.archiveApp(path), android: false, into: &found)
                } catch {
                    found.unreadable.append(FileReport(path: path, findings: [Rule.unreadable.finding("\(error)")]))
                }
            } else if FileSystem.isDirectory(path) {
                scan(FolderTree(root: path), android: android, into: &found)
            } else {
                found.sounds.append(FoundSound(path: path, subpath: nil, archive: nil))
            }
        }
        return found
    }

    /// Sound candidates below the tree's root, sorted, and the app extensions met on the way; in a bundle, each file
    /// below the top of its resources (``BundleLayout``: the bundle's top level, a macOS app's `Contents/Resources`)
    /// carries its subpath, and each file its bundle's platform.
    static func scan(_ tree: any FileTree, android: Bool, into found: inout Found) {
        let dir = tree.root
        if isAppex(dir) { found.appexes.append((tree, "")) }
        let rootIsBundle = isBundle(dir)
        if rootIsBundle && !isAppex(dir) { found.apps.append(tree) }
        var appexes: [String] = []
        var androidRoots: [String] = []
        // Each bundle met (by its path in the tree; empty: the root) and its layout.
        var layouts: [String: BundleLayout] = rootIsBundle ? ["": BundleLayout.of(tree)] : [:]
        // The batch walker (hidden entries and linked folders left out), told which folders a bundle keeps apart.
        let files = tree.files { path, relative in
            if android, AndroidRouting.isResRaw(path) || AndroidRouting.isAndroidProject(path) {
                androidRoots.append(path)
                return false
            }
            if isBundle(path) {
                // A nested bundle (PlugIns/X.appex, Watch/W.app) is a bundle of its own, checked like the app; an app
                // outside any bundle (an .xcarchive's Products/Applications/X.app) has its wiring checked too.
                layouts[relative] = BundleLayout.of(tree, at: relative)
                if isAppex(path) { appexes.append(relative) }
                if !isAppex(path), !rootIsBundle, bundleDepth(relative) == nil, tree is FolderTree {
                    found.apps.append(FolderTree(root: path))
                }
                return true
            }
            guard rootIsBundle || bundleDepth(relative) != nil else { return true }
            // SDK resource bundles and frameworks play their own sounds; they are not notification sounds.
            let name = FileSystem.lastComponent(path)
            return !["bundle", "framework", "lproj"].contains(FileSystem.splitExtension(name).ext)
                && !["_CodeSignature", "Frameworks", "SC_Info"].contains(name)
        }
        let archive = tree is FolderTree ? nil : tree
        for file in files where isCandidate(file, in: tree) {
            let place = placed(file.relative, rootIsBundle: rootIsBundle, layouts: layouts)
            var sound = FoundSound(
                path: file.path, subpath: place.subpath, archive: archive.map { ($0, file.relative) })
            sound.platform = place.platform
            found.sounds.append(sound)
        }
        found.appexes += appexes.map { (tree, $0) }
        found.android += androidRoots
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

    /// A file's path below the top of its bundle's resources when it is not there (where it is never found by
    /// name: below the top level of a flat bundle, outside the top of a macOS app's `Contents/Resources`), nil
    /// there or outside any bundle; and its bundle's platform.
    static func placed(
        _ relative: String, rootIsBundle: Bool, layouts: [String: BundleLayout]
    ) -> (subpath: String?, platform: ApplePlatform?) {
        let parts = relative.split(separator: "/")
        guard let start = bundleDepth(relative) ?? (rootIsBundle ? 0 : nil) else { return (nil, nil) }
        let layout = layouts[parts[..<start].joined(separator: "/")] ?? .flat(.ios)
        let inside = parts[start...].joined(separator: "/")
        guard let resource = layout.resourcePath(inside) else { return (inside, layout.platform) }
        return (resource.contains("/") ? inside : nil, layout.platform)
    }

    /// A sound by its name (``ContainerKind/soundExtensions``, so that a JPEG named .caf is a finding) or by its
    /// first bytes (``ContainerKind/mayHoldAudio``, the list batches convert by).
    static func isCandidate(_ path: String) -> Bool {
        if ContainerKind.soundExtensions.contains(FileSystem.splitExtension(path).ext.lowercased()) { return true }
        guard case .success(let kind) = ContainerKind.sniff(path) else { return false }
        return kind.mayHoldAudio
    }

    /// ``isCandidate(_:)`` for a file of a tree: in an archive its first bytes are inflated to sniff it.
    static func isCandidate(_ file: FolderWalk.Entry, in tree: any FileTree) -> Bool {
        if tree is FolderTree { return isCandidate(file.path) }
        if ContainerKind.soundExtensions.contains(FileSystem.splitExtension(file.path).ext.lowercased()) { return true }
        return ContainerKind(sniffing: tree.head(file.relative, count: 16)).mayHoldAudio
    }
}

/// A sound a walk found: its path as reports name it, its path below its bundle when not at the top level, and
/// for one inside an archive, the tree it is read from.
struct FoundSound {
    var path: String
    var subpath: String?
    var archive: (tree: any FileTree, relative: String)?
    /// The platform of the bundle it is in; nil outside any bundle.
    var platform: ApplePlatform?

    /// The largest sound read out of an archive: a notification sound is under 30 s.
    static let archiveLimit: Int64 = 64 << 20

    /// The sound made ready to check on any thread: an archive's entry is read here, on the caller's thread, since
    /// an archive is read by one thread at a time.
    var source: SoundSource {
        var source = SoundSource(path: path, subpath: subpath)
        source.platform = platform
        if let (tree, relative) = archive {
            do { source.archived = .file(try tree.open(relative, limit: Self.archiveLimit)) } catch {
                source.archived = .unreadable("\(error)")
            }
        }
        return source
    }
}

/// A sound to check, ready for any thread: a file on disk by its path, or one from an archive, opened.
struct SoundSource: Sendable {
    var path: String
    var subpath: String?
    var archived: Archived?
    var platform: ApplePlatform?

    /// An archive's sound: its bytes opened as a file, or why they could not be read.
    enum Archived: Sendable {
        case file(InputFile)
        case unreadable(String)
    }

    /// The sound's facts: a file on disk read where it is, one in an archive from its bytes. Below
    /// `truePeakCeiling` the true peak need not be measured exactly
    /// (``SoundFacts/gather(_:measureLevels:measureLoudness:truePeakCeiling:)``).
    func facts(
        measureLoudness: Bool, listener: (any SampleConsumer)?, truePeakCeiling: Double? = nil
    ) -> SoundFacts {
        var facts: SoundFacts
        switch archived {
        case .file(let file)?:
            facts = SoundFacts.gather(
                file, measureLevels: true, measureLoudness: measureLoudness, listener: listener,
                truePeakCeiling: truePeakCeiling)
        case .unreadable(let error)?:
            facts = SoundFacts(path: path)
            facts.readError = error
        case nil:
            facts = SoundFacts.gather(
                path, measureLevels: true, measureLoudness: measureLoudness, listener: listener,
                truePeakCeiling: truePeakCeiling)
        }
        facts.bundleSubpath = subpath
        facts.platform = platform
        return facts
    }
}
