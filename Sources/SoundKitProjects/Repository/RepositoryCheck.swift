import SoundKitIO
import SoundKitNotifications

/// `soundkit check` of a repository checkout (issue 42): finds the apps its projects build, collects the sound names
/// its code, configs and push bodies pass to notification APIs, resolves each as its platform does, reports every
/// one that will not play at the place that names it (with the sound rules' findings on the file it resolves to),
/// and holds only named sounds to the notification rules. A tree with no notification code is not a checkout in this
/// sense: ``analyse(_:options:)`` answers nil and `check` judges every sound as before.
package enum RepositoryCheck {
    /// Scanned files larger than this are read past with a note (generated code, minified bundles).
    static let sourceLimit = 2 << 20

    /// What a checkout holds, once read.
    package struct Analysis: Sendable {
        package var files: RepositoryFiles
        package var layout: CheckoutLayout
        package var references: [SoundReference]
        package var notes: [ProjectNote]
        package var usesNotifications: Bool
    }

    /// Reads the checkout at `root`: its projects and the names its code passes; nil when no file in it uses
    /// notification APIs or names a sound.
    package static func analyse(_ root: String) -> Analysis? {
        let scan = scanCheckout(root)
        return scan.usesNotifications || !scan.references.isEmpty ? withProjects(scan) : nil
    }

    /// Reads the checkout at `root` whatever its code does: its projects, and the names its code passes.
    package static func read(_ root: String) -> Analysis { withProjects(scanCheckout(root)) }

    /// The walk and the scan of every source, before any project is read.
    static func scanCheckout(_ root: String) -> Analysis {
        let files = RepositoryFiles(walking: root)
        var analysis = Analysis(
            files: files, layout: CheckoutLayout(audioFiles: files.audio), references: [], notes: [],
            usesNotifications: false)
        for path in files.sources {
            guard let scan = scanned(path, notes: &analysis.notes) else { continue }
            analysis.references += scan.references
            analysis.usesNotifications = analysis.usesNotifications || scan.usesNotifications
            analysis.layout.runtimeSoundFolders += scan.runtimeSoundFolders
            analysis.notes += scan.notes
        }
        if files.truncated {
            analysis.notes.append(
                ProjectNote(
                    site: SourceSite(path: root, line: 1, column: 1),
                    message: "the checkout has more than \(RepositoryFiles.limit) files: the walk stopped there"))
        }
        return analysis
    }

    /// The analysis with its projects read.
    static func withProjects(_ scan: Analysis) -> Analysis {
        var analysis = scan
        let projects = readProjects(scan.files)
        analysis.notes += projects.flatMap(\.notes)
        analysis.layout.targets = projects.flatMap(\.targets)
        return analysis
    }

    static func scanned(_ path: String, notes: inout [ProjectNote]) -> SourceScan? {
        let tree = FolderTree(root: "")
        do {
            return SourceScanner.scan(try tree.bytes(path, limit: sourceLimit), path: path)
        } catch {
            notes.append(
                ProjectNote(site: SourceSite(path: path, line: 1, column: 1), message: "not scanned: \(error)"))
            return nil
        }
    }

    /// Every project of the checkout read: Xcode projects (an XcodeGen spec where no project is committed beside
    /// it), then the frameworks' layouts.
    static func readProjects(_ files: RepositoryFiles) -> [ProjectReading] {
        var readings: [ProjectReading] = []
        // The readers look at no file outside the checkout (a hostile project naming / as a folder reference).
        let checkout = files.root.isEmpty ? "." : files.root
        for project in files.xcodeProjects where !XcodeProject.formats(in: project).isEmpty {
            readings.append(
                read(project) { p throws(ProjectReadError) in try XcodeProject.read(p, checkout: checkout) })
        }
        // A .xcodeproj folder without a project file (XcodeGen's output is ignored, its shared schemes committed) is
        // no project: the spec beside it is read instead.
        let committed = Set(
            files.xcodeProjects.filter { !XcodeProject.formats(in: $0).isEmpty }.map(FileSystem.directory(of:)))
        for spec in files.xcodeGenSpecs where !committed.contains(FileSystem.directory(of: spec)) {
            readings.append(read(spec) { p throws(ProjectReadError) in try XcodeGenSpec.read(p, checkout: checkout) })
        }
        for manifest in files.tuistManifests where !committed.contains(FileSystem.directory(of: manifest)) {
            readings.append(
                ProjectReading(
                    project: manifest,
                    notes: [
                        ProjectNote(
                            site: SourceSite(path: manifest, line: 1, column: 1),
                            message:
                                "a Tuist manifest with no generated project committed beside it: not read (it is Swift to run); run tuist generate and check again to have its sounds resolved"
                        )
                    ]))
        }
        for folder in files.generated {
            readings.append(
                ProjectReading(
                    project: folder,
                    notes: [
                        ProjectNote(
                            site: SourceSite(path: folder, line: 1, column: 1),
                            message:
                                "Cordova's generated platforms folder: not read; config.xml and its resource-file entries are"
                        )
                    ]))
        }
        return readings + FrameworkLayouts.read(files)
    }

    static func read(
        _ path: String, _ reader: (String) throws(ProjectReadError) -> ProjectReading
    ) -> ProjectReading {
        do { return try reader(path) } catch {
            return ProjectReading(project: path, notes: [ProjectNote(site: error.site, message: error.message)])
        }
    }
}
