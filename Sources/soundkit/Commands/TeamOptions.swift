import ArgumentParser
import SoundKitConfig
import SoundKitIO
import SoundKitNotifications

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--config FILE` and `--no-config`, for `check`, `payload` and `report`.
struct ConfigOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "Read this config instead of the nearest .soundkit.yml in the current folder or above.", valueName: "FILE"))
    var file: String?

    @Flag(name: .customLong("no-config"), help: "Read no .soundkit.yml.")
    var noConfig = false

    func validate() throws {
        if file != nil && noConfig { throw ValidationError("--config and --no-config cannot be combined.") }
    }

    /// The run's configuration, or nil; a mistake in it is printed as `FILE:LINE:COL: error: …` and ends the run
    /// with status 78 (EX_CONFIG) before anything is checked.
    func load() throws -> CheckConfiguration? {
        if noConfig { return nil }
        let cwd = (FileSystem.workingDirectory ?? "/")
        guard let path = file ?? ConfigurationFile.discover(from: cwd) else { return nil }
        do {
            return try ConfigurationFile.read(path, cwd: cwd)
        } catch {
            printError("\(error)")
            throw ExitCode(78)
        }
    }
}

/// `--baseline FILE` and `--write-baseline FILE`, for `check` and `payload`.
struct BaselineOptions: ParsableArguments {
    @Option(
        name: .customLong("baseline"),
        help: ArgumentHelp(
            "Hide the findings this baseline records, so that only new ones count; a changed file is checked afresh.",
            valueName: "FILE"))
    var baseline: String?

    @Option(
        name: .customLong("write-baseline"),
        help: ArgumentHelp("Record the findings in this baseline (sorted JSON) and exit 0.", valueName: "FILE"))
    var writeBaseline: String?

    /// Writes the baseline when asked; true when it did, and the run is over.
    func record(_ report: CheckReport, _ config: CheckConfiguration?) throws -> Bool {
        guard let path = writeBaseline else { return false }
        let baseline = Baseline(recording: report, relative: relative(config))
        do {
            let file = try AtomicOutputFile(path: path)
            try file.write(Array(baseline.json.utf8))
            try file.commit()
        } catch {
            emitError(error)
            throw ExitCode.failure
        }
        let n = baseline.entries.count
        printError("soundkit: wrote \(path): \(n) finding\(n == 1 ? "" : "s")")
        return true
    }

    /// `report` without the findings the baseline records; entries that match none are listed on standard error as
    /// notes. An unreadable baseline ends the run with status 78.
    func hide(_ report: CheckReport, _ config: CheckConfiguration?) throws -> CheckReport {
        guard let path = baseline else { return report }
        let baseline: Baseline
        do {
            let file = try InputFile(path: path)
            baseline = try Baseline(json: try file.read(at: 0, count: Int(clamping: file.size)))
        } catch let e as Baseline.ReadError {
            printError("\(path):\(e.line):\(e.column): error: \(e.message)")
            throw ExitCode(78)
        } catch {
            emitError(error)
            throw ExitCode(78)
        }
        let (hidden, stale) = baseline.hiding(in: report, relative: relative(config))
        for e in stale {
            printError(
                "\(path): note: \(e.path) no longer has this \(e.rule) finding (mended, or the file changed); "
                    + "--write-baseline drops the entry")
        }
        return hidden
    }

    /// A path as baselines name it: relative to the config's folder, or to the current one.
    func relative(_ config: CheckConfiguration?) -> (String) -> String {
        let cwd = config?.cwd ?? (FileSystem.workingDirectory ?? "/")
        let base = config?.folder ?? cwd
        return { path in
            let absolute = FileSystem.absolute(path, cwd: cwd)
            return FileSystem.relative(absolute, to: base) ?? absolute
        }
    }
}
