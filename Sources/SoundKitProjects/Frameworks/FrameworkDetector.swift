import SoundKitIO
import SoundKitNotifications

/// An app (or app part) found in a checkout: which framework, where, and the file that says so.
package struct DetectedProject: Sendable, Hashable, Codable {
    /// The framework or build system.
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// An Xcode project (`*.xcodeproj`) or, with none committed beside it, an XcodeGen `project.yml`: the
        /// Xcode reader reads it.
        case nativeApple
        /// An Android application module (`com.android.application`): ``AndroidProject``.
        case androidGradle
        /// A Flutter app's `pubspec.yaml` (plugins left out): ``Pubspec``.
        case flutter
        /// A `package.json` that depends on `react-native`.
        case reactNative
        /// An Expo app (`package.json` depends on `expo`, or `app.json` has an `expo` key): ``ExpoProject``.
        case expo
        /// A Capacitor app (`capacitor.config.*`, or a `package.json` that depends on `@capacitor/ios` or
        /// `@capacitor/android` and is not a plugin's): ``WebFolders``.
        case capacitor
        /// A Cordova app (`config.xml` with `<widget>`): ``CordovaConfig``.
        case cordova
        /// A .NET project (`*.csproj`): ``MSBuildProject``.
        case dotnet
        /// A Unity project (`ProjectSettings/` and `Packages/manifest.json`): its Xcode project is generated.
        case unity
        /// A Tuist manifest (`Project.swift`) with no Xcode project committed beside it: not read.
        case tuist
        /// A Kotlin Multiplatform module (`org.jetbrains.kotlin.multiplatform`).
        case kotlinMultiplatform
    }

    /// What it is.
    package var kind: Kind
    /// Its folder below the checkout (`""` for the checkout itself).
    package var folder: String
    /// The file found, below the checkout (`ios/Runner.xcodeproj`, `android/app/build.gradle`, `pubspec.yaml`).
    package var file: String
    /// What is worth saying about it (a generated project not committed, a manifest that could not be read).
    package var notes: [ProjectNote]

    package init(kind: Kind, folder: String, file: String, notes: [ProjectNote] = []) {
        self.kind = kind
        self.folder = folder
        self.file = file
        self.notes = notes
    }
}

/// What one walk of a checkout found: the apps, every file (so that nothing walks the tree twice), and what the
/// walk left out.
package struct FrameworkDetection: Sendable, Hashable, Codable {
    /// The apps and app parts found, in walk order (folders sorted, a parent before its subfolders).
    package var projects: [DetectedProject]
    /// Every file walked, below the checkout, sorted.
    package var files: [String]
    /// Folders not entered that are worth naming (Cordova's generated `platforms/`), and the walk's bounds reached.
    package var notes: [ProjectNote]
}

/// Finds the apps in a checkout in one bounded, iterative walk. Folders that hold dependencies or build output are
/// not entered: `.git` and other hidden folders, `node_modules`, `Pods`, `build`, `DerivedData`, `bin`, `obj`,
/// Unity's `Library` (beside `ProjectSettings`), Cordova's `platforms` (beside `config.xml`, with a note), the
/// insides of `.xcodeproj`/`.xcworkspace` bundles.
package enum FrameworkDetector {
    /// The most files walked.
    package static let maximumFiles = 300_000
    /// The deepest folder entered.
    package static let maximumDepth = 64
    /// Folders never entered.
    static let skipped: Set<String> = ["node_modules", "Pods", "build", "DerivedData", "bin", "obj", "Carthage"]

    /// The apps below `root`.
    package static func detect(root: String) -> [DetectedProject] { scan(root: root).projects }

    /// The apps below `root`, every file, and what the walk left out.
    package static func scan(root: String) -> FrameworkDetection {
        var result = FrameworkDetection(projects: [], files: [], notes: [])
        var pending: [(relative: String, depth: Int)] = [("", 0)]
        var seen: Set<String> = []
        while let (relative, depth) = pending.popLast() {
            let dir = relative.isEmpty ? root : FileSystem.join(root, relative)
            let names = FileSystem.contents(of: dir).filter { !$0.hasPrefix(".") }
            var folders: [String] = []
            var files: [String] = []
            for name in names {
                let path = FileSystem.join(dir, name)
                if FileSystem.isDirectory(path) {
                    if !FileSystem.isSymbolicLink(path) { folders.append(name) }
                } else {
                    files.append(name)
                }
            }
            for p in classify(relative, files: files, folders: folders, root: root) {
                if seen.insert(p.kind.rawValue + "|" + p.folder).inserted { result.projects.append(p) }
            }
            for name in files {
                guard result.files.count < maximumFiles else {
                    result.notes.append(
                        ProjectNote(
                            site: SourceSite(path: dir, line: 1, column: 1),
                            message: "more than \(maximumFiles) files: the rest of the checkout is not walked"))
                    result.files.sort()
                    return result
                }
                result.files.append(ProjectFiles.below(relative, name))
            }
            for name in folders.reversed() where enters(name, beside: files, folders) {
                let below = ProjectFiles.below(relative, name)
                if name == "platforms" && files.contains("config.xml") {
                    result.notes.append(
                        ProjectNote(
                            site: SourceSite(path: FileSystem.join(root, below), line: 1, column: 1),
                            message: "Cordova's generated platforms/ is not read: config.xml says what lands"))
                    continue
                }
                guard depth < maximumDepth else {
                    result.notes.append(
                        ProjectNote(
                            site: SourceSite(path: FileSystem.join(root, below), line: 1, column: 1),
                            message: "nested deeper than \(maximumDepth) folders: not walked"))
                    continue
                }
                pending.append((below, depth + 1))
            }
        }
        result.files.sort()
        return result
    }

    /// Whether the walk enters folder `name` of a folder holding `files` and `folders`.
    static func enters(_ name: String, beside files: [String], _ folders: [String]) -> Bool {
        if skipped.contains(name) || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") { return false }
        if name == "Library" || name == "Temp", folders.contains("ProjectSettings") { return false }
        return true
    }

    /// The apps a folder's own files and subfolders show.
    static func classify(_ folder: String, files: [String], folders: [String], root: String) -> [DetectedProject] {
        var found: [DetectedProject] = []
        let has = Set(files)
        let xcodeprojects = folders.filter { $0.hasSuffix(".xcodeproj") }
        for p in xcodeprojects { found.append(.init(kind: .nativeApple, folder: folder, file: below(folder, p))) }
        if xcodeprojects.isEmpty, has.contains("project.yml"),
            text(folder, "project.yml", root).contains("targets:")
        {
            found.append(.init(kind: .nativeApple, folder: folder, file: below(folder, "project.yml")))
        }
        if xcodeprojects.isEmpty, has.contains("Project.swift"),
            text(folder, "Project.swift", root).contains("ProjectDescription")
        {
            let site = SourceSite(path: FileSystem.join(root, below(folder, "Project.swift")), line: 1, column: 1)
            found.append(
                .init(
                    kind: .tuist, folder: folder, file: below(folder, "Project.swift"),
                    notes: [
                        ProjectNote(
                            site: site,
                            message:
                                "a Tuist project: its Xcode project is generated (tuist generate) and not committed, so its targets are not read"
                        )
                    ]))
        }
        found += gradle(folder, has, root)
        found += javascript(folder, has, root)
        if has.contains("pubspec.yaml") { found += flutter(folder, root) }
        if has.contains("config.xml"), text(folder, "config.xml", root).contains("<widget") {
            found.append(.init(kind: .cordova, folder: folder, file: below(folder, "config.xml")))
        }
        for csproj in files where csproj.hasSuffix(".csproj") {
            found.append(.init(kind: .dotnet, folder: folder, file: below(folder, csproj)))
        }
        if folders.contains("ProjectSettings"),
            FileSystem.exists(FileSystem.join(root, below(folder, "Packages/manifest.json")))
        {
            found.append(.init(kind: .unity, folder: folder, file: below(folder, "ProjectSettings")))
        }
        return found
    }

    static func gradle(_ folder: String, _ has: Set<String>, _ root: String) -> [DetectedProject] {
        guard let script = AndroidProject.buildScripts.first(where: has.contains) else { return [] }
        let file = below(folder, script)
        let path = FileSystem.join(root, file)
        guard let bytes = try? ProjectFiles.bytes(path, shown: path) else { return [] }
        let parsed = GradleScript.parse(bytes, path: path)
        var found: [DetectedProject] = []
        if parsed.moduleKind == .application { found.append(.init(kind: .androidGradle, folder: folder, file: file)) }
        if parsed.kotlinMultiplatform { found.append(.init(kind: .kotlinMultiplatform, folder: folder, file: file)) }
        return found
    }

    static func javascript(_ folder: String, _ has: Set<String>, _ root: String) -> [DetectedProject] {
        var found: [DetectedProject] = []
        if let config = WebFolders.capacitorConfigs.first(where: has.contains) {
            found.append(.init(kind: .capacitor, folder: folder, file: below(folder, config)))
        }
        if has.contains("package.json") {
            let file = below(folder, "package.json")
            let path = FileSystem.join(root, file)
            if let bytes = try? ProjectFiles.bytes(path, shown: path), let json = try? JSONParser.parse(bytes) {
                var names: Set<String> = []
                for key in ["dependencies", "devDependencies"] {
                    if case .object(let members)? = json[key] { names.formUnion(members.map(\.0)) }
                }
                if names.contains("react-native") {
                    found.append(.init(kind: .reactNative, folder: folder, file: file))
                }
                if names.contains("expo") { found.append(.init(kind: .expo, folder: folder, file: file)) }
                // An app adds a platform package; a plugin depends on @capacitor/core and names its native
                // sources under a top-level "capacitor" key.
                let platforms = names.contains("@capacitor/ios") || names.contains("@capacitor/android")
                if platforms, json["capacitor"] == nil, found.allSatisfy({ $0.kind != .capacitor }) {
                    found.append(.init(kind: .capacitor, folder: folder, file: file))
                }
            }
        }
        for config in ExpoChecker.configNames where has.contains(config) {
            if text(folder, config, root).contains("\"expo\"") {
                found.append(.init(kind: .expo, folder: folder, file: below(folder, config)))
            }
        }
        return found
    }

    static func flutter(_ folder: String, _ root: String) -> [DetectedProject] {
        let file = below(folder, "pubspec.yaml")
        let path = FileSystem.join(root, file)
        do {
            let spec = try Pubspec.parse(try ProjectFiles.bytes(path, shown: path), path: path)
            guard spec.isFlutter, !spec.isPlugin else { return [] }
            return [.init(kind: .flutter, folder: folder, file: file)]
        } catch {
            guard text(folder, "pubspec.yaml", root).contains("flutter") else { return [] }
            return [
                .init(
                    kind: .flutter, folder: folder, file: file,
                    notes: [ProjectNote(site: error.site, message: "pubspec.yaml not read: \(error.message)")])
            ]
        }
    }

    /// A small file's text (its first 64 KiB), or "".
    static func text(_ folder: String, _ name: String, _ root: String) -> String {
        let path = FileSystem.join(root, below(folder, name))
        guard let file = try? InputFile(path: path), let bytes = try? file.read(at: 0, count: 1 << 16) else {
            return ""
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func below(_ folder: String, _ name: String) -> String { ProjectFiles.below(folder, name) }
}
