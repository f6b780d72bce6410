import SoundKitContainers
import SoundKitIO

/// One walk of a checkout, sorting what it finds: audio files, source and config files to scan, and the project
/// files that say how the apps are built. Folders that hold dependencies or build products (`node_modules`, `Pods`,
/// `build`, `DerivedData`, .NET's `bin` and `obj`) are not entered; hidden names are left out; the walk stops at
/// ``limit`` files with a note, so a vendored monorepo cannot make it unbounded.
package struct RepositoryFiles: Sendable {
    /// At most this many files are looked at.
    package static let limit = 200_000

    /// The checkout's root, as the user gave it.
    package var root: String
    /// Every audio file (by extension), as reports name them.
    package var audio: [String] = []
    /// Every file a scanner reads (sources, configs, push bodies).
    package var sources: [String] = []
    /// Every `.xcodeproj` folder.
    package var xcodeProjects: [String] = []
    /// Every XcodeGen `project.yml`.
    package var xcodeGenSpecs: [String] = []
    /// Tuist's `Project.swift` files (not read: Swift to evaluate).
    package var tuistManifests: [String] = []
    /// Every folder holding `build.gradle(.kts)`.
    package var gradleModules: [String] = []
    /// Every `pubspec.yaml`.
    package var pubspecs: [String] = []
    /// Every `capacitor.config.json|ts`.
    package var capacitorConfigs: [String] = []
    /// Every Cordova `config.xml` (beside a `www` folder).
    package var cordovaConfigs: [String] = []
    /// Every `.csproj`.
    package var dotnetProjects: [String] = []
    /// Generated folders that are committed or referred to but not read (Cordova's `platforms/`).
    package var generated: [String] = []
    /// Whether the walk stopped at ``limit``.
    package var truncated = false

    /// Folders never entered: dependencies and build products.
    static let skipped: Set<String> = [
        "node_modules", "Pods", "build", "DerivedData", "Carthage", "bin", "obj", ".build", "xcuserdata",
    ]

    /// Walks `root`.
    /// Paths are normalized as the project readers normalize theirs (no `.` or empty components, `..` resolved
    /// by name), so that a file is named the same wherever it is met: `soundkit check .` names `ios/Runner/x.caf`.
    package init(walking root: String) {
        let top = CheckoutView.normalize(root)
        self.root = top
        var count = 0
        var stack = [top]
        while let dir = stack.popLast() {
            for name in FileSystem.contents(of: dir.isEmpty ? "." : dir).reversed() where !name.hasPrefix(".") {
                count += 1
                guard count <= Self.limit else {
                    truncated = true
                    return
                }
                let path = dir.isEmpty ? name : dir == "/" ? "/" + name : dir + "/" + name
                if FileSystem.isDirectory(path) {
                    if FileSystem.isSymbolicLink(path) { continue }
                    if name.hasSuffix(".xcodeproj") {
                        xcodeProjects.append(path)
                    } else if name == "platforms" && FileSystem.exists(FileSystem.join(dir, "config.xml")) {
                        generated.append(path)
                    } else if !Self.skipped.contains(name) {
                        stack.append(path)
                    }
                } else {
                    sort(path, name: name)
                }
            }
        }
        for list in [\Self.audio, \Self.sources, \Self.xcodeProjects, \Self.gradleModules] {
            self[keyPath: list].sort()
        }
    }

    private mutating func sort(_ path: String, name: String) {
        let ext = FileSystem.splitExtension(name).ext.lowercased()
        if ContainerKind.soundExtensions.contains(ext) { audio.append(path) }
        switch name {
        case "project.yml": xcodeGenSpecs.append(path)
        case "Project.swift": tuistManifests.append(path)
        case "build.gradle", "build.gradle.kts": gradleModules.append(FileSystem.directory(of: path))
        case "pubspec.yaml": pubspecs.append(path)
        case "capacitor.config.json", "capacitor.config.ts": capacitorConfigs.append(path)
        case "config.xml": cordovaConfigs.append(path)
        default: if ext == "csproj" { dotnetProjects.append(path) }
        }
        if SourceScanner.isScanned(path: path), !Self.isTestCode(path) { sources.append(path) }
    }

    /// Folders that hold tests, whose sound names are fixtures, not names an app passes.
    static let testFolders: Set<String> = [
        "test", "tests", "Tests", "__tests__", "androidTest", "UITests", "testing", "integration_test", "e2e",
    ]

    /// Whether `path` is test code: in a test folder (`test/`, `src/androidTest/`, `__tests__/`), a folder or file
    /// named as tests (`AppTests/`, `AppTests.swift`, `main_test.dart`, `x.test.ts`, `x.spec.js`).
    static func isTestCode(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        if parts.dropLast().contains(where: { testFolders.contains(String($0)) || $0.hasSuffix("Tests") }) {
            return true
        }
        let name = FileSystem.splitExtension(String(parts.last ?? "")).base
        return name.hasSuffix("Tests") || name.hasSuffix("Test") || name.hasSuffix("_test") || name.hasSuffix(".test")
            || name.hasSuffix(".spec")
    }
}
