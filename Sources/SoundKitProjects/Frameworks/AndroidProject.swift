import SoundKitIO

/// An Android Gradle module's merged resources, as far as sounds care: every file of a `res/raw` and every asset
/// of the module's source sets (`src/main` and each variant's folder on disk: flavors and build types, not tests)
/// and of the library modules it depends on (`implementation project(':x')`), with the `res.srcDirs` its build
/// script adds or sets. A Flutter, React Native, Capacitor or Cordova project's `android/app` is such a module.
package enum AndroidProject {
    /// The build scripts a module may have, in the order Gradle prefers them.
    static let buildScripts = ["build.gradle.kts", "build.gradle"]
    /// The settings scripts.
    static let settingsScripts = ["settings.gradle.kts", "settings.gradle"]
    /// The most modules one read follows (an app and its libraries).
    static let maximumModules = 256

    /// The layout of the module at `moduleFolder` (a path below `root`, the checkout): one target, an application
    /// (or a library when the module is one), whose entries are its own files and its library modules'. Throws
    /// when the module's folder does not exist.
    package static func read(moduleFolder: String, root: String) throws(ProjectReadError) -> ProjectReading {
        let shown = FileSystem.join(root, moduleFolder)
        guard FileSystem.isDirectory(shown) else {
            throw ProjectReadError(
                site: SourceSite(path: shown, line: 1, column: 1), message: "no such module folder")
        }
        var notes: [ProjectNote] = []
        let settings = Settings.find(from: moduleFolder, root: root, notes: &notes)
        let own = module(moduleFolder, root: root, notes: &notes)
        var entries = own.entries
        var queue = own.dependencies.map { ($0, own.script) }
        var seen: Set<String> = [moduleFolder]
        while let (dependency, from) = queue.popLast() {
            guard seen.count < maximumModules else {
                notes.append(ProjectNote(site: from, message: "more than \(maximumModules) modules: the rest not read"))
                break
            }
            guard let folder = settings.folder(of: dependency) else {
                notes.append(
                    ProjectNote(
                        site: from,
                        message:
                            "the module \(dependency) is not found (no settings script includes it): its resources are not in the layout"
                    ))
                continue
            }
            guard seen.insert(folder).inserted else { continue }
            guard FileSystem.isDirectory(FileSystem.join(root, folder)) else {
                notes.append(ProjectNote(site: from, message: "the module \(dependency)'s folder \(folder) is missing"))
                continue
            }
            let library = module(folder, root: root, notes: &notes)
            entries += library.entries
            queue += library.dependencies.map { ($0, library.script) }
        }
        let name = settings.gradlePath(of: moduleFolder) ?? FileSystem.lastComponent(shown)
        let kind: TargetKind = own.kind == .library ? .framework : .application
        let target = TargetLayout(name: name, kind: kind, platform: .android, project: shown, entries: entries)
        return ProjectReading(project: shown, targets: [target], notes: notes)
    }

    /// One module's own files, its project dependencies, kind and build script site.
    struct Module {
        var entries: [BundleEntry] = []
        var dependencies: [String] = []
        var kind: GradleScript.ModuleKind?
        var script: SourceSite
    }

    static func module(_ folder: String, root: String, notes: inout [ProjectNote]) -> Module {
        let dir = FileSystem.join(root, folder)
        let scriptName = buildScripts.first { FileSystem.exists(FileSystem.join(dir, $0)) }
        let scriptPath = FileSystem.join(dir, scriptName ?? "build.gradle")
        var module = Module(script: SourceSite(path: scriptPath, line: 1, column: 1))
        var script = GradleScript()
        if let scriptName {
            do {
                script = GradleScript.parse(try ProjectFiles.bytes(scriptPath, shown: scriptPath), path: scriptPath)
            } catch {
                notes.append(ProjectNote(site: error.site, message: "\(scriptName) not read: \(error.message)"))
            }
        }
        notes += script.notes
        module.kind = script.moduleKind
        module.dependencies = script.projectDependencies + script.projectAccessors.map { ":" + $0 }
        for kind in ["res", "assets"] {
            for (folderBelow, site) in sourceFolders(kind, script: script, module: folder, root: root) {
                module.entries += entries(kind, folder: folderBelow, root: root, site: site, notes: &notes)
            }
        }
        return module
    }

    /// The `res` (or `assets`) folders of a module, below the checkout, with the directive that names each: each
    /// source set folder on disk (`src/<set>/<kind>`, tests left out) unless a directive replaces it, and every
    /// folder the directives name.
    static func sourceFolders(
        _ kind: String, script: GradleScript, module: String, root: String
    ) -> [(String, SourceSite?)] {
        let src = ProjectFiles.below(module, "src")
        var sets = FileSystem.contents(of: FileSystem.join(root, src)).filter { name in
            !name.hasPrefix(".") && !name.lowercased().hasPrefix("test") && !name.hasPrefix("androidTest")
                && !name.hasPrefix("androidUnitTest") && !name.hasPrefix("androidInstrumentedTest")
                && FileSystem.isDirectory(FileSystem.join(root, src + "/" + name + "/" + kind))
        }
        let directives = script.sourceDirectories.filter { $0.kind == kind }
        for d in directives where !sets.contains(d.sourceSet) { sets.append(d.sourceSet) }
        var folders: [(String, SourceSite?)] = []
        for set in sets {
            let mine = directives.filter { $0.sourceSet == set }
            if !mine.contains(where: \.replaces) { folders.append((src + "/" + set + "/" + kind, nil)) }
            for d in mine {
                for f in d.folders {
                    guard let below = ProjectFiles.normalized(ProjectFiles.below(module, f)) else { continue }
                    folders.append((below, d.site))
                }
            }
        }
        var seen: Set<String> = []
        return folders.filter { seen.insert($0.0).inserted }
    }

    /// The entries of one `res` folder (its `raw/` files) or `assets` folder (every file below it).
    static func entries(
        _ kind: String, folder: String, root: String, site: SourceSite?, notes: inout [ProjectNote]
    ) -> [BundleEntry] {
        let dir = FileSystem.join(root, folder)
        if kind == "res" {
            return ProjectFiles.filesIn(FileSystem.join(dir, "raw")).map { name in
                BundleEntry(
                    bundlePath: "raw/" + name, file: FileSystem.join(dir, "raw/" + name), route: .androidRaw,
                    declaredAt: site)
            }
        }
        let listing = ProjectFiles.files(below: dir)
        if listing.truncated {
            notes.append(
                ProjectNote(
                    site: site ?? SourceSite(path: dir, line: 1, column: 1),
                    message:
                        "the assets folder holds more than \(ProjectFiles.maximumListed) files: the rest not listed"))
        }
        return listing.files.map { rel in
            BundleEntry(
                bundlePath: "assets/" + rel, file: FileSystem.join(dir, rel), route: .androidAsset, declaredAt: site)
        }
    }

    /// The settings script of the Gradle build a module belongs to: its folder, included modules and their folders.
    struct Settings {
        var folder = ""
        var script = GradleScript()

        /// The nearest settings script at or above `module` (not above `root`).
        static func find(from module: String, root: String, notes: inout [ProjectNote]) -> Settings {
            var dir = module
            while true {
                for name in settingsScripts {
                    let below = ProjectFiles.below(dir, name)
                    let path = FileSystem.join(root, below)
                    guard FileSystem.exists(path) else { continue }
                    do {
                        let script = GradleScript.parse(try ProjectFiles.bytes(path, shown: path), path: path)
                        notes += script.notes
                        return Settings(folder: dir, script: script)
                    } catch {
                        notes.append(ProjectNote(site: error.site, message: "\(name) not read: \(error.message)"))
                        return Settings(folder: dir)
                    }
                }
                guard !dir.isEmpty, dir != "." else { return Settings(folder: FileSystem.directory(of: module)) }
                let up = FileSystem.directory(of: dir)
                dir = up == "." || up == dir ? "" : up
            }
        }

        /// The folder below the checkout of the module at Gradle path `gradlePath` (`:core:sounds`), or of a
        /// type-safe accessor's path (`:coreSounds`, matched against the included modules without `-` and `_`).
        func folder(of gradlePath: String) -> String? {
            var path = gradlePath.hasPrefix(":") ? gradlePath : ":" + gradlePath
            if !script.includes.contains(where: { normalize($0) == path }) {
                let key = path.replacingDotsAndDashes()
                guard let match = script.includes.first(where: { normalize($0).replacingDotsAndDashes() == key })
                else { return nil }
                path = normalize(match)
            }
            if let dir = script.projectDirectories.first(where: { normalize($0.key) == path })?.value {
                return ProjectFiles.normalized(ProjectFiles.below(folder, dir))
            }
            let relative = path.split(separator: ":").joined(separator: "/")
            return ProjectFiles.normalized(ProjectFiles.below(folder, relative))
        }

        /// The Gradle path of the module at `module` (`:app`), when this settings script includes it.
        func gradlePath(of module: String) -> String? {
            script.includes.map(normalize).first { folder(of: $0) == module }
        }

        func normalize(_ p: String) -> String { p.hasPrefix(":") ? p : ":" + p }
    }
}

extension String {
    /// Lowercased, without `-`, `_`, and with `.` as `:` (how Gradle's type-safe accessors spell module paths).
    fileprivate func replacingDotsAndDashes() -> String {
        String(lowercased().filter { $0 != "-" && $0 != "_" }.map { $0 == "." ? ":" : $0 })
    }
}
