import SoundKitIO

/// The layouts of every framework project a checkout holds besides its Xcode projects: Android modules, Flutter's
/// assets, Capacitor's and Cordova's web folders and resource files, .NET projects, Expo's sounds — found by
/// ``FrameworkDetector`` and read by each framework's reader, their paths named as the rest of the check names them.
enum FrameworkLayouts {
    static func read(_ files: RepositoryFiles) -> [ProjectReading] {
        let root = files.root.isEmpty ? "." : files.root
        var readings: [ProjectReading] = []
        for project in FrameworkDetector.scan(root: root).projects {
            readings += read(project, root: root).map(normalized)
        }
        return readings
    }

    static func read(_ project: DetectedProject, root: String) -> [ProjectReading] {
        let notes = project.notes.isEmpty ? [] : [ProjectReading(project: project.file, notes: project.notes)]
        switch project.kind {
        case .androidGradle:
            return notes + [
                attempt(project) { () throws(ProjectReadError) in
                    try AndroidProject.read(moduleFolder: project.folder, root: root)
                }
            ]
        case .flutter:
            return notes + [
                attempt(project) { () throws(ProjectReadError) in
                    try Pubspec.read(project.file, root: root).reading
                }
            ]
        case .capacitor:
            return notes + [WebFolders.read(folder: project.folder, root: root)]
        case .cordova:
            return notes + [
                WebFolders.read(folder: project.folder, root: root),
                attempt(project) { () throws(ProjectReadError) in try CordovaConfig.read(project.file, root: root) },
            ]
        case .dotnet:
            return notes + [
                attempt(project) { () throws(ProjectReadError) in
                    try MSBuildProject.read(project.file, root: root)
                }
            ]
        case .expo:
            return notes + (ExpoProject.read(folder: project.folder, root: root).map { [$0] } ?? [])
        case .nativeApple, .reactNative, .unity, .tuist, .kotlinMultiplatform:
            return notes
        }
    }

    static func attempt(
        _ project: DetectedProject, _ reader: () throws(ProjectReadError) -> ProjectReading
    ) -> ProjectReading {
        do { return try reader() } catch {
            return ProjectReading(project: project.file, notes: [ProjectNote(site: error.site, message: error.message)])
        }
    }

    /// The reading with every path normalized as the checkout's walk names files (`./a/b` is `a/b`).
    static func normalized(_ reading: ProjectReading) -> ProjectReading {
        func site(_ s: SourceSite) -> SourceSite {
            SourceSite(path: CheckoutView.normalize(s.path), line: s.line, column: s.column)
        }
        var r = reading
        r.project = CheckoutView.normalize(r.project)
        r.notes = r.notes.map { ProjectNote(site: site($0.site), message: $0.message) }
        for t in r.targets.indices {
            r.targets[t].project = CheckoutView.normalize(r.targets[t].project)
            for e in r.targets[t].entries.indices {
                r.targets[t].entries[e].file = CheckoutView.normalize(r.targets[t].entries[e].file)
                r.targets[t].entries[e].declaredAt = r.targets[t].entries[e].declaredAt.map(site)
            }
        }
        return r
    }
}
