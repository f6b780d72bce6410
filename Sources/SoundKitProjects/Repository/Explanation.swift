import SoundKitContainers
import SoundKitIO
import SoundKitNotifications

extension RepositoryCheck {
    /// `soundkit resolve NAME --project DIR`: the name resolved in the checkout's apps as each platform does, step
    /// by step — which apps were found, what each carries where the platform looks, and the verdict with its
    /// findings.
    package static func explain(
        _ name: String, in root: String, platform: AppPlatform?
    ) -> (
        lines: [String], verdicts: [ReferenceVerdict]
    ) {
        let analysis = read(root)
        let layout = analysis.layout
        var lines: [String] = []
        var verdicts: [ReferenceVerdict] = []
        for p in platform.map({ [$0] }) ?? AppPlatform.allCases {
            let apps = layout.apps(p, nearest: FileSystem.join(root, "x"))
            guard !apps.isEmpty else {
                if platform != nil { lines.append("\(p.rawValue): no app found in \(root)'s projects") }
                continue
            }
            for app in apps { lines.append("\(p.rawValue): \(searchWords(app, platform: p))") }
            let reference = SoundReference(
                site: SourceSite(path: name, line: 1, column: 1), platform: p == .apple ? .apple : .android,
                role: .notification, api: "soundkit resolve", name: .literal(name),
                form: p == .apple ? .fileName : .rawNameExtensionStripped)
            var verdict = NameResolution.verdicts([reference], in: layout)[0]
            verdict.findings = verdict.findings.map { f in
                var f = f
                f.line = nil
                f.column = nil
                return f
            }
            switch verdict.outcome {
            case .plays: lines.append("\(p.rawValue): plays \(verdict.resolved ?? name)")
            case .fails: lines.append("\(p.rawValue): does not play as written")
            case .unchecked: lines.append("\(p.rawValue): cannot be decided from the checkout")
            }
            lines += verdict.findings.map { "\(p.rawValue): \($0.severity.rawValue): \($0.message) [\($0.rule)]" }
            verdicts.append(verdict)
        }
        if verdicts.isEmpty {
            lines.append("no app found in \(root): no Xcode project, XcodeGen spec or Android module")
        }
        return (lines, verdicts)
    }

    /// Where a platform looks in an app, and what is there: `searched the top of Runner's bundle (ios/Runner.xcodeproj):
    /// alarm.caf, chime.caf`.
    static func searchWords(_ app: TargetLayout, platform: AppPlatform) -> String {
        let audio = app.entries.filter { e in
            e.exists && ContainerKind.soundExtensions.contains(FileSystem.splitExtension(e.bundlePath).ext.lowercased())
                && (platform == .apple ? !e.bundlePath.contains("/") : e.route == .androidRaw)
        }.map(\.bundlePath)
        let place =
            platform == .apple
            ? "the top of the \(app.name) app's bundle (\(app.project))"
            : "res/raw of \(app.name) and the modules it merges (\(app.project))"
        let listed = audio.prefix(8).joined(separator: ", ") + (audio.count > 8 ? ", … (\(audio.count) in all)" : "")
        return "searched \(place): " + (audio.isEmpty ? "no sound" : listed)
    }
}
