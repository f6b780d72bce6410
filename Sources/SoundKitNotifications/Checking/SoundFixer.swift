import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

/// `soundkit check --fix`: a compliant IMA4 CAF for every sound with an error a conversion can mend.
package enum SoundFixer {
    /// What became of one sound.
    package enum Outcome: Sendable, Hashable {
        /// A compliant IMA4 CAF was written at this path.
        case fixed(String)
        /// Why the sound could not be mended by converting.
        case failed(String)
    }

    /// One sound's fix.
    package struct Fix: Sendable, Hashable {
        /// The sound, as the report names it.
        package var path: String
        /// What became of it.
        package var outcome: Outcome

        /// The outcome as a finding of the `fix` rule: a note naming what was written, or an error saying why not.
        package var finding: Finding {
            switch outcome {
            case .fixed(let out): return Rule.fix.finding("wrote \(out), an IMA4 CAF that passes", .note)
            case .failed(let why): return Rule.fix.finding("cannot fix: \(why)", .error)
            }
        }
    }

    /// `report` with each fix's finding added to its sound's findings, so that every format carries them.
    package static func report(_ report: CheckReport, adding fixes: [Fix]) -> CheckReport {
        var r = report
        for fix in fixes {
            guard let i = r.files.firstIndex(where: { $0.path == fix.path }) else { continue }
            r.files[i].findings.append(fix.finding)
        }
        return r
    }

    /// Rules a conversion mends.
    static let fixable: Set<Rule> = [.codec, .container, .duration, .extension]

    /// Writes into `dir` an IMA4 CAF for every sound of `report` with an error a conversion mends (trimmed to
    /// `seconds` with a fade-out when too long); the others get a failed ``Fix`` saying why. Originals are never touched.
    package static func fix(_ report: CheckReport, into dir: String, trimTo seconds: Double = 29.5) -> [Fix] {
        var out: [Fix] = []
        var used: Set<String> = []
        for file in report.files where file.findings.contains(where: { $0.severity == .error }) {
            let errors = Set(file.findings.filter { $0.severity == .error }.map(\.rule))
            guard errors.isSubset(of: fixable) else {
                let other = errors.subtracting(fixable).map(\.id).sorted().joined(separator: ", ")
                out.append(
                    Fix(
                        path: file.path,
                        outcome: .failed(
                            "its \(other) error\(errors.subtracting(fixable).count == 1 ? "" : "s") cannot be mended by converting"
                        )))
                continue
            }
            if !FileSystem.isDirectory(dir) {
                out.append(Fix(path: file.path, outcome: .failed("\(dir) is not a folder")))
                continue
            }
            let stem = FileSystem.splitExtension(FileSystem.lastComponent(file.path)).base
            var name = "\(stem).caf"
            var i = 1
            // A name already written in this run, or the original itself (fixing into the sound's own folder), is taken.
            while used.contains(name) || FileSystem.isSameFile(FileSystem.join(dir, name), file.path) {
                name = "\(stem)-\(i).caf"
                i += 1
            }
            used.insert(name)
            let target = FileSystem.join(dir, name)
            do {
                let reader = try AudioInput.open(file.path)
                let channels = reader.info.channels > 2 ? 2 : nil
                let tooLong = errors.contains(.duration)
                let options = ConversionOptions(
                    fileType: .caf, encoding: .ima4, channels: channels, trim: tooLong ? seconds : nil)
                try Converter.convert(reader, to: target, options: options)
                out.append(Fix(path: file.path, outcome: .fixed(target)))
            } catch {
                out.append(Fix(path: file.path, outcome: .failed(error.message)))
            }
        }
        return out
    }
}
