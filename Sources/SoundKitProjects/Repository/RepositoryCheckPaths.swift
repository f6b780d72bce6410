import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications

extension RepositoryCheck {
    /// `soundkit check PATH...`: each folder that is a checkout with notification code (``analyse(_:)``) is checked
    /// as one (``report(_:options:optedIn:)``); every other path as ``SoundChecker`` checks it. The checkers' reports
    /// come first, in order, so that the cache outcomes stay aligned with them; the checkouts' follow.
    package static func checked(
        _ paths: [String], options: CheckOptions
    ) -> (report: CheckReport, cache: [CacheOutcome?]) {
        var others: [String] = []
        var checkouts: [CheckReport] = []
        for path in paths {
            guard FileSystem.isDirectory(path), !SoundChecker.isBundle(path) else {
                others.append(path)
                continue
            }
            let scan = scanCheckout(path)
            if scan.usesNotifications || !scan.references.isEmpty {
                let team = options.configuration
                checkouts.append(
                    report(withProjects(scan), options: options) { team?.isListedSound($0) == true }
                )
            } else {
                others.append(path)
                checkouts.append(CheckReport(files: bothFormats(scan.files)))
            }
        }
        var result =
            others.isEmpty
            ? (report: CheckReport(files: []), cache: []) : SoundChecker.checked(others, options: options)
        for c in checkouts {
            result.report.files += c.files
            if let apps = c.apps { result.report.apps = (result.report.apps ?? []) + apps }
            if let references = c.references {
                result.report.references = (result.report.references ?? []) + references
            }
        }
        return result
    }

    /// The lines `check` prints on standard error about a checkout: each app and platform, and how many names
    /// were found, resolved and failed.
    package static func summary(_ report: CheckReport) -> [String] {
        guard let apps = report.apps, let references = report.references else { return [] }
        var lines = apps.map {
            "soundkit: \($0.platform) app \($0.name) (\($0.project)): \($0.names) sound name\($0.names == 1 ? "" : "s"), \($0.resolved) play\($0.resolved == 1 ? "s" : ""), \($0.failed) fail\($0.failed == 1 ? "s" : "")"
        }
        let unchecked = references.filter { $0.verdict == "unchecked" }.count
        let unnamed = report.files.filter { $0.findings.contains { $0.rule == .unnamedSound } }.count
        lines.append(
            "soundkit: \(references.count) sound name\(references.count == 1 ? "" : "s") in code, config and payloads (\(unchecked) not checked); \(unnamed) sound\(unnamed == 1 ? "" : "s") no code names held to no notification rule (unnamed-sound)"
        )
        return lines
    }
}
