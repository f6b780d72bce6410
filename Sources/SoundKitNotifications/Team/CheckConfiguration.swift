import SoundKitIO

/// What a rule is set to in `.soundkit.yml`: off, or the severity its findings get.
package enum RuleSetting: String, Sendable, Hashable, CaseIterable {
    case off, note, warning, error

    /// The severity findings get; nil drops them.
    package var severity: Severity? {
        switch self {
        case .off: return nil
        case .note: return .note
        case .warning: return .warning
        case .error: return .error
        }
    }
}

/// A team's settings for `check`, `payload` and `report` (what `.soundkit.yml` holds, read by SoundKitConfig): rule
/// severities, excluded paths, per-path overrides, the loudness goal and `strict`. Paths are judged relative to
/// ``folder``, the config file's folder.
package struct CheckConfiguration: Sendable, Hashable {
    /// Rules set for some paths only; a later override wins over an earlier one and over ``rules``.
    package struct Override: Sendable, Hashable {
        package var paths: [PathGlob]
        package var rules: [Rule: RuleSetting]

        package init(paths: [PathGlob], rules: [Rule: RuleSetting]) {
            self.paths = paths
            self.rules = rules
        }
    }

    /// The config file, as named or found.
    package var file: String
    /// The absolute folder that holds it: globs and baseline paths are relative to it.
    package var folder: String
    /// The absolute folder soundkit runs in, against which the paths on its command line are read.
    package var cwd: String
    package var rules: [Rule: RuleSetting] = [:]
    package var excluded: [PathGlob] = []
    /// Sounds that are notification sounds though no code names them (a repository checkout holds only named sounds
    /// to the notification rules; these too).
    package var sounds: [PathGlob] = []
    package var overrides: [Override] = []
    /// `loudness.target` in LUFS, `loudness.tolerance` in LU.
    package var loudness: LoudnessGoal?
    /// `loudness.spread` in LU.
    package var loudnessSpread: Double?
    package var strict = false

    /// A configuration with nothing set, for `file` in `folder`.
    package init(file: String, folder: String, cwd: String) {
        self.file = file
        self.folder = folder
        self.cwd = cwd
    }

    /// `path` (as given on the command line) relative to ``folder``; nil when it lies outside.
    package func relative(_ path: String) -> String? {
        FileSystem.relative(FileSystem.absolute(path, cwd: cwd), to: folder)
    }

    /// Whether `excluded` names `path` (or a folder it lies in).
    package func isExcluded(_ path: String) -> Bool {
        guard !excluded.isEmpty, path != "<stdin>", let r = relative(path) else { return false }
        return excluded.contains { $0.matches(r) }
    }

    /// Whether `sounds` names `path` (or a folder it lies in).
    package func isListedSound(_ path: String) -> Bool {
        guard !sounds.isEmpty, let r = relative(path) else { return false }
        return sounds.contains { $0.matches(r) }
    }

    /// The rule settings for `path`: ``rules``, then each override whose paths match, in order.
    package func settings(for path: String) -> [Rule: RuleSetting] {
        var settings = rules
        guard !overrides.isEmpty, let r = relative(path) else { return settings }
        for o in overrides where o.paths.contains(where: { $0.matches(r) }) {
            settings.merge(o.rules) { _, later in later }
        }
        return settings
    }

    /// `report` with excluded files left out, each finding at its rule's setting for its file (dropped when off),
    /// errors first again, and warnings made errors when ``strict``.
    package func applied(to report: CheckReport) -> CheckReport {
        var r = report
        r.files.removeAll { isExcluded($0.path) }
        for i in r.files.indices { r.files[i].findings = findings(r.files[i].findings, for: r.files[i].path) }
        return r
    }

    /// The findings about `path` at their rules' settings for it (dropped when off), errors first, warnings made
    /// errors when ``strict``.
    package func findings(_ findings: [Finding], for path: String) -> [Finding] {
        let settings = settings(for: path)
        let set = findings.compactMap { f -> Finding? in
            var f = f
            if let setting = settings[f.rule] {
                guard let severity = setting.severity else { return nil }
                f.severity = severity
            }
            if strict && f.severity == .warning { f.severity = .error }
            return f
        }
        return SoundChecker.ordered(set)
    }
}
