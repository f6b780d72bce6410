import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications

extension RepositoryCheck {
    /// The report of a checkout: each reference's findings at its file, line and column (with the sound rules'
    /// findings on the file it resolves to), the named sounds' own reports, a note for each sound nothing names
    /// (unless `optedIn` says it is a notification sound all the same), and what the project readers read past.
    package static func report(
        _ analysis: Analysis, options: CheckOptions, optedIn: (String) -> Bool = { _ in false }
    ) -> CheckReport {
        var verdicts = NameResolution.verdicts(analysis.references, in: analysis.layout)
        let named = verdicts.filter { $0.outcome == .plays }
        let mentioned = Set(verdicts.compactMap(\.resolved) + verdicts.flatMap(\.alsoResolved))
        let unnamed = analysis.files.audio.filter { !mentioned.contains($0) }
        let opted = unnamed.filter(optedIn)
        var apple = uniq(
            named.filter { $0.platform == .apple }.flatMap { [$0.resolved].compactMap { $0 } + $0.alsoResolved })
        var android = uniq(named.filter { $0.platform == .android }.compactMap(\.resolved))
        for file in opted {
            if AndroidRouting.isResRaw(FileSystem.directory(of: file)) {
                android.append(file)
            } else {
                apple.append(file)
            }
        }
        apple = uniq(apple)
        android = uniq(android)
        let sounds = checkSounds(apple: apple, android: android, options: options)
        for i in verdicts.indices { lift(&verdicts[i], from: sounds) }
        var files = referenceReports(verdicts)
        files += sounds.values.sorted { $0.path < $1.path }
        files += unnamed.filter { !optedIn($0) }.map {
            FileReport(
                path: $0,
                findings: [
                    Rule.unnamedSound.finding(
                        "no code, config or payload names this sound, so it is not held to the notification rules (an in-app sound); list it under sounds: in .soundkit.yml to have it checked (a sound only the server names, say)"
                    )
                ])
        }
        files += projectReports(analysis)
        var report = CheckReport(files: files)
        report.references = verdicts.map(record)
        report.apps = apps(analysis.layout, verdicts)
        return report
    }

    static func uniq(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    /// Each named sound's report, by path: Apple's rules for names iOS resolves, Android's for `res/raw`.
    static func checkSounds(apple: [String], android: [String], options: CheckOptions) -> [String: FileReport] {
        var reports: [String: FileReport] = [:]
        var ios = options
        ios.platform = .ios
        var droid = options
        droid.platform = .android
        if !apple.isEmpty { for f in SoundChecker.check(apple, options: ios).files { reports[f.path] = f } }
        if !android.isEmpty {
            for f in SoundChecker.check(android, options: droid).files {
                if let earlier = reports[f.path] {
                    reports[f.path]?.findings = SoundChecker.ordered(earlier.findings + f.findings)
                } else {
                    reports[f.path] = f
                }
            }
        }
        return reports
    }

    /// The sound rules' warnings and errors on the file a name resolves to, said again at the name.
    static func lift(_ verdict: inout ReferenceVerdict, from sounds: [String: FileReport]) {
        guard verdict.outcome == .plays, let file = verdict.resolved, let report = sounds[file] else { return }
        for f in report.findings where f.severity != .note {
            var lifted = f.rule.finding(
                "'\(verdict.nameAsWritten)' resolves to \(file), where: \(f.message)", f.severity)
            lifted.subject = file
            lifted.remedy = f.remedy
            verdict.findings.append(lifted)
            if f.severity == .error { verdict.outcome = .fails }
        }
    }

    /// The references' findings, one report per file that names sounds, each finding at its line and column.
    static func referenceReports(_ verdicts: [ReferenceVerdict]) -> [FileReport] {
        var order: [String] = []
        var byPath: [String: [Finding]] = [:]
        for v in verdicts where !v.findings.isEmpty {
            let site = v.reference.site
            if byPath[site.path] == nil { order.append(site.path) }
            for var f in v.findings {
                f.line = site.line
                f.column = site.column
                if f.platform == nil && v.reference.platform == .both { f.platform = v.platform.rawValue }
                byPath[site.path, default: []].append(f)
            }
        }
        return order.map { FileReport(path: $0, findings: SoundChecker.ordered(byPath[$0] ?? [])) }
    }

    /// What the readers read past, and projects that hold both of Xcode's formats.
    static func projectReports(_ analysis: Analysis) -> [FileReport] {
        var reports = bothFormats(analysis.files)
        var byPath: [String: [Finding]] = [:]
        var order: [String] = []
        for note in analysis.notes {
            var f = Rule.projectUnreadable.finding(note.message)
            f.line = note.site.line
            f.column = note.site.column
            if byPath[note.site.path] == nil { order.append(note.site.path) }
            byPath[note.site.path, default: []].append(f)
        }
        reports += order.map { FileReport(path: $0, findings: byPath[$0] ?? []) }
        return reports
    }

    /// An `.xcodeproj` holding both of Xcode's formats: an error, whether or not the tree has notification code.
    static func bothFormats(_ files: RepositoryFiles) -> [FileReport] {
        var reports: [FileReport] = []
        for project in files.xcodeProjects where XcodeProject.formats(in: project).count > 1 {
            reports.append(
                FileReport(
                    path: project,
                    findings: [
                        Rule.xcodeBothFormats.finding(
                            "holds both project.pbxproj and project.xcproj (Xcode 27's JSON format), which Xcode refuses to open: delete the stale one (soundkit read project.pbxproj)"
                        )
                    ]))
        }
        return reports
    }

    static func record(_ v: ReferenceVerdict) -> NamedSound {
        var r = NamedSound(
            platform: v.platform.rawValue, path: v.reference.site.path, line: v.reference.site.line,
            column: v.reference.site.column, api: v.reference.api, name: v.nameAsWritten)
        r.app = v.app
        r.resolved = v.outcome == .plays ? v.resolved : nil
        r.verdict = v.outcome.rawValue
        r.rules = uniq(v.findings.map(\.rule.id))
        return r
    }

    /// Each app, with how many names resolved in it and how many failed.
    static func apps(_ layout: CheckoutLayout, _ verdicts: [ReferenceVerdict]) -> [CheckedApp] {
        layout.targets.filter { $0.kind == .application }.map { app in
            let mine = verdicts.filter {
                $0.platform == app.platform && $0.app == app.name && $0.appProject == app.project
            }
            return CheckedApp(
                name: app.name, platform: app.platform.rawValue, project: app.project, names: mine.count,
                resolved: mine.filter { $0.outcome == .plays }.count, failed: mine.filter { $0.outcome == .fails }.count
            )
        }
    }
}
