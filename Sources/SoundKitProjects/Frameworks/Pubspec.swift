import SoundKitConfig
import SoundKitIO

/// A Flutter package's `pubspec.yaml`, read with the bounded libyaml composer `.soundkit.yml` uses: whether it is
/// a Flutter app, which packages it depends on, and its `flutter: assets:`, which land in
/// `App.framework/flutter_assets` on iOS and in the APK's assets on Android, where no notification finds them.
package struct Pubspec: Sendable, Hashable {
    /// The package's `name`.
    package var name: String?
    /// Whether it depends on Flutter (`dependencies: flutter: sdk: flutter`) or has a `flutter:` section.
    package var isFlutter: Bool
    /// Whether it is a Flutter plugin (`flutter: plugin:`) rather than an app.
    package var isPlugin: Bool
    /// The names under `dependencies:`, in file order.
    package var dependencies: [String]
    /// The asset files, as a layout per platform (route `.flutterAsset`, bundle path `flutter_assets/<path>`), and
    /// what was read past (a listed file or folder that does not exist, a flavor-limited entry).
    package var reading: ProjectReading

    /// Whether it depends on `flutter_local_notifications`.
    package var usesLocalNotifications: Bool { dependencies.contains("flutter_local_notifications") }

    /// The `pubspec.yaml` at `pubspec` (a path below `root`, the checkout).
    package static func read(_ pubspec: String, root: String) throws(ProjectReadError) -> Pubspec {
        let shown = FileSystem.join(root, pubspec)
        var spec = try parse(try ProjectFiles.bytes(shown, shown: shown), path: shown)
        let folder = FileSystem.directory(of: pubspec) == "." ? "" : FileSystem.directory(of: pubspec)
        spec.reading = assets(spec.assetDeclarations, folder: folder, root: root, shown: shown)
        return spec
    }

    /// What the assets list names: a path (a folder when it ends in `/`) and where.
    package var assetDeclarations: [Declared] = []

    /// One entry of `flutter: assets:`.
    package struct Declared: Sendable, Hashable {
        /// The path as written.
        package var path: String
        /// Where.
        package var site: SourceSite
    }

    /// The YAML in `bytes` (named `path`): everything but the asset files on disk.
    package static func parse(_ bytes: [UInt8], path: String) throws(ProjectReadError) -> Pubspec {
        let root: YAMLNode?
        do {
            try YAMLBounds.check(bytes, file: path)
            root = try YAMLDocument.compose(bytes, file: path)
        } catch {
            throw ProjectReadError(
                site: SourceSite(path: path, line: error.line, column: error.column), message: error.message)
        }
        var spec = Pubspec(
            name: nil, isFlutter: false, isPlugin: false, dependencies: [], reading: ProjectReading(project: path))
        guard let root, case .mapping = root.kind else {
            throw ProjectReadError(
                site: SourceSite(path: path, line: 1, column: 1), message: "not a pubspec: the top is not a mapping")
        }
        spec.name = root["name"]?.string
        if case .mapping(let pairs)? = root["dependencies"]?.kind {
            spec.dependencies = pairs.compactMap { $0.0.string }
        }
        let flutter = root["flutter"]
        spec.isFlutter = spec.dependencies.contains("flutter") || flutter != nil
        spec.isPlugin = flutter?["plugin"] != nil
        if case .sequence(let items)? = flutter?["assets"]?.kind {
            for item in items {
                let site = SourceSite(path: path, line: item.mark.line, column: item.mark.column)
                if let s = item.string {
                    spec.assetDeclarations.append(Declared(path: s, site: site))
                } else if let s = item["path"]?.string {
                    spec.assetDeclarations.append(Declared(path: s, site: site))
                } else {
                    spec.reading.notes.append(ProjectNote(site: site, message: "an asset entry that names no path"))
                }
            }
        }
        return spec
    }

    /// The asset files: a file as listed, a folder's files directly in it (Flutter does not take subfolders).
    static func assets(
        _ declared: [Declared], folder: String, root: String, shown: String
    ) -> ProjectReading {
        var entries: [BundleEntry] = []
        var notes: [ProjectNote] = []
        for declaration in declared {
            let (listed, site) = (declaration.path, declaration.site)
            guard let below = ProjectFiles.normalized(listed) else {
                notes.append(ProjectNote(site: site, message: "the asset \(listed) lies outside the package"))
                continue
            }
            let path = FileSystem.join(root, ProjectFiles.below(folder, below))
            if listed.hasSuffix("/") {
                guard FileSystem.isDirectory(path) else {
                    notes.append(ProjectNote(site: site, message: "the asset folder \(listed) does not exist"))
                    continue
                }
                for name in ProjectFiles.filesIn(path) {
                    entries.append(
                        BundleEntry(
                            bundlePath: "flutter_assets/" + below + "/" + name, file: FileSystem.join(path, name),
                            route: .flutterAsset, declaredAt: site))
                }
            } else {
                entries.append(
                    BundleEntry(
                        bundlePath: "flutter_assets/" + below, file: path, route: .flutterAsset, declaredAt: site,
                        exists: FileSystem.exists(path)))
            }
        }
        let targets = AppPlatform.allCases.map { platform in
            TargetLayout(
                name: "flutter_assets", kind: .other("Flutter assets"), platform: platform, project: shown,
                entries: entries)
        }
        return ProjectReading(project: shown, targets: targets, notes: notes)
    }
}

extension YAMLNode {
    /// A mapping's value for the scalar key `key`.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = kind else { return nil }
        return pairs.first { $0.0.string == key }?.1
    }
}
