import SoundKitContainers
import SoundKitIO

/// The files the Android checker walks, whatever holds them: a folder on disk here, an APK or AAB once a zip
/// reader gives its entries the same way. This is the seam: a list of paths and a way to open each.
package struct AndroidFileTree: Sendable {
    /// Every file's path below the root, `/`-separated (`app/src/main/res/raw/chime.ogg`).
    package var files: [String]
    /// Opens one of ``files``: a file on disk, or bytes in memory from an archive.
    package var open: @Sendable (String) throws(AudioFileError) -> InputFile
    /// How findings name one of ``files``: the path the user gave joined with it, or `app.apk!/res/raw/x.ogg`.
    package var display: @Sendable (String) -> String

    /// The files below `root` on disk: hidden entries and linked folders left out, and build outputs,
    /// `node_modules` and Gradle's caches not entered.
    package static func folder(_ root: String) -> AndroidFileTree {
        let skipped: Set<String> = ["build", "node_modules", "intermediates", "Pods"]
        let files = FolderWalk.files(in: root) { _, relative in
            !skipped.contains(FileSystem.lastComponent(relative))
        }
        return AndroidFileTree(
            files: files.map(\.relative),
            open: { relative throws(AudioFileError) in
                try InputFile(path: FileSystem.join(root, relative))
            }, display: { FileSystem.join(root, $0) })
    }

    /// The `res/raw` files of an APK (`res/raw/x.ogg`) or an AAB (`base/res/raw/x.ogg`, one folder per module) at
    /// `path`, read in place under the zip reader's bounds and named `App.apk/res/raw/x.ogg`. Each file is read
    /// once, when the tree is made; one that exceeds a bound opens as that error. Throws when the archive itself
    /// cannot be read.
    package static func archive(_ path: String, limits: ZipLimits = ZipLimits()) throws(ZipError) -> AndroidFileTree {
        let archive = try ZipArchive(path: path, limits: limits)
        var files: [String] = []
        var contents: [String: Result<[UInt8], ZipError>] = [:]
        for entry in archive.entries where !entry.isDirectory && AndroidChecker.isInResRaw(entry.name) {
            let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
            guard ZipTree.isOrdinary(parts), !entry.name.contains("\\") else { continue }
            files.append(entry.name)
            do {
                contents[entry.name] = .success(try archive.read(entry, limit: FoundSound.archiveLimit))
            } catch {
                contents[entry.name] = .failure(error)
            }
        }
        let display: @Sendable (String) -> String = { FileSystem.join(path, $0) }
        let read = contents
        return AndroidFileTree(
            files: files.sorted(),
            open: { relative throws(AudioFileError) in
                switch read[relative] {
                case .success(let bytes)?: return InputFile(name: display(relative), bytes: bytes)
                case .failure(let error)?:
                    throw AudioFileError(display(relative), .decoder(library: "zip", message: error.message))
                case nil:
                    throw AudioFileError(display(relative), .decoder(library: "zip", message: "no such entry"))
                }
            }, display: display)
    }

    /// Whether `path` names an Android archive soundkit reads in place: an `.apk` or an `.aab` file.
    package static func isArchive(_ path: String) -> Bool {
        ["apk", "aab"].contains(FileSystem.splitExtension(path).ext.lowercased()) && !FileSystem.isDirectory(path)
    }

    /// One file on disk, named as given.
    package static func file(_ path: String) -> AndroidFileTree {
        AndroidFileTree(
            files: [FileSystem.lastComponent(path)], open: { _ throws(AudioFileError) in try InputFile(path: path) },
            display: { _ in path })
    }
}

/// Android's rules over a tree of files: the sounds of every `res/raw` (or, for a plain folder checked with
/// `--platform android`, every sound), and the module build files that turn on resource shrinking. iOS's rules do
/// not apply here.
package enum AndroidChecker {
    /// The sounds below a root, by where they sit.
    package enum Scope: Sendable {
        /// Only the files of `res/raw` folders are Android's sounds (a project, a `res/raw` folder, an archive).
        case resRaw
        /// Every sound file is (a folder or file checked with `--platform android`).
        case everySound
    }

    /// The findings for `tree`: one report for each sound, and one for each build file that shrinks resources
    /// without keeping the sounds.
    package static func check(_ tree: AndroidFileTree, scope: Scope, options: CheckOptions) -> [FileReport] {
        var sounds = tree.files.filter { file in
            switch scope {
            case .resRaw: return isInResRaw(file) && !file.lowercased().hasSuffix(".xml")
            case .everySound: return isSound(file, tree)
            }
        }
        if let c = options.configuration { sounds.removeAll { c.isExcluded(tree.display($0)) } }
        let duplicates = duplicateFindings(sounds)
        var reports = sounds.map { file in
            var report = check(sound: file, tree)
            report.findings = SoundChecker.ordered(report.findings + (duplicates[file] ?? []))
            return report
        }
        reports += shrinkReports(tree, sounds: sounds)
        return reports
    }

    /// Whether a path's folder is a `res/raw` (`…/res/raw/x.ogg`, or `raw/x.ogg` below a `res` root).
    package static func isInResRaw(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count >= 2 && parts[parts.count - 2] == "raw"
            && (parts.count == 2 || parts[parts.count - 3] == "res")
    }

    static func isSound(_ file: String, _ tree: AndroidFileTree) -> Bool {
        if ContainerKind.soundExtensions.contains(FileSystem.splitExtension(file).ext.lowercased()) { return true }
        guard let input = try? tree.open(file), let head = try? input.read(at: 0, count: 16) else { return false }
        return ContainerKind(sniffing: head).mayHoldAudio
    }

    /// One sound's findings: unreadable or empty, a format Android does not play, a name aapt2 refuses.
    static func check(sound file: String, _ tree: AndroidFileTree) -> FileReport {
        let path = tree.display(file)
        let name = FileSystem.lastComponent(file)
        let facts: SoundFacts
        do {
            facts = SoundFacts.gather(try tree.open(file), measureLevels: false, measureLoudness: false, listener: nil)
        } catch {
            return FileReport(path: path, findings: [Rule.unreadable.finding("cannot be read: \(error.message)")])
        }
        var findings: [Finding] = []
        if let problem = nameFinding(name) { findings.append(problem) }
        if facts.fileSize == 0 {
            findings.append(
                Rule.unreadable.finding(
                    "the file is empty (0 bytes), which Android cannot play; an empty sound in a release build is what resource shrinking leaves of a sound it took for unused"
                ))
        } else if let error = facts.readError {
            findings.append(Rule.unreadable.finding("Android cannot play it: \(error)"))
        } else if let what = formatProblem(facts) {
            let safe = AndroidResourceName.safe(from: name)
            findings.append(
                Rule.androidFormat.finding(
                    "\(what), which Android does not play; replace it with Ogg Vorbis (or a 16-bit PCM WAV, which iOS plays too)",
                    remedy: Remedy(convertTo: "\(safe).ogg", dataFormat: "vorbis")))
        } else if let d = facts.description, d.frames == 0 {
            findings.append(Rule.unreadable.finding("it holds no audio (0 frames)"))
        }
        return FileReport(path: path, description: facts.description, findings: SoundChecker.ordered(findings))
    }

    /// The `android-name` finding for a file aapt2 would refuse, with the safe name to use.
    static func nameFinding(_ fileName: String) -> Finding? {
        guard let problem = AndroidResourceName.problem(AndroidResourceName.resourceName(ofFile: fileName)) else {
            return nil
        }
        let ext = FileSystem.splitExtension(fileName).ext
        let safe = AndroidResourceName.safe(from: fileName) + (ext.isEmpty ? "" : ".\(ext)")
        return Rule.androidName.finding("aapt2 refuses this resource name: \(problem); rename it \(safe)")
    }

    /// What the sound is when Android does not play it, by its bytes (`it is CAF`): CAF and AIFF are not among its
    /// formats, and in WAV it plays only linear PCM.
    static func formatProblem(_ facts: SoundFacts) -> String? {
        let what: String
        switch facts.sniffed {
        case .caf, .aiff, .aifc, .rifx: what = "it is \(facts.sniffed.name)"
        case .wav, .rf64:
            guard let e = facts.encoding else { return nil }
            if case .pcm = e { return nil }
            what = "it is a WAV holding \(e), not linear PCM"
        default: return nil
        }
        return what
    }

    /// aapt2 makes one resource of every file of a `res/raw` with the same name before the first dot: each file
    /// after the first of such a group is a duplicate.
    static func duplicateFindings(_ sounds: [String]) -> [String: [Finding]] {
        var groups: [String: [String]] = [:]
        var order: [String] = []
        for file in sounds {
            let key =
                FileSystem.directory(of: file) + "/"
                + AndroidResourceName.resourceName(ofFile: FileSystem.lastComponent(file))
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(file)
        }
        var findings: [String: [Finding]] = [:]
        for key in order {
            guard let group = groups[key], let first = group.first, group.count > 1 else { continue }
            let resource = AndroidResourceName.resourceName(ofFile: FileSystem.lastComponent(first))
            for file in group.dropFirst() {
                findings[file, default: []].append(
                    Rule.androidDuplicate.finding(
                        "\(FileSystem.lastComponent(file)) and \(FileSystem.lastComponent(first)) are both the resource raw/\(resource), which aapt2 refuses as a duplicate; keep one of them"
                    ))
            }
        }
        return findings
    }

    /// Build files that turn resource shrinking on while no keep file keeps every sound below them: a warning on
    /// each, showing the keep file to add.
    static func shrinkReports(_ tree: AndroidFileTree, sounds: [String]) -> [FileReport] {
        let builds = tree.files.filter { ["build.gradle", "build.gradle.kts"].contains(FileSystem.lastComponent($0)) }
        guard !builds.isEmpty, !sounds.isEmpty else { return [] }
        let keepFiles = tree.files.filter { file in
            let parts = file.split(separator: "/")
            return file.lowercased().hasSuffix(".xml") && parts.count >= 3 && parts[parts.count - 3] == "res"
                && ["raw", "xml"].contains(parts[parts.count - 2])
        }
        let keeps = keepFiles.flatMap { keepPatterns(text(of: $0, tree)) }
        var reports: [FileReport] = []
        for build in builds where shrinksResources(text(of: build, tree)) {
            let module = FileSystem.directory(of: build)
            let below = sounds.filter { module == "." || $0.hasPrefix(module + "/") }
            let names = below.map { AndroidResourceName.resourceName(ofFile: FileSystem.lastComponent($0)) }
            let stripped = Array(Set(names.filter { name in !keeps.contains { matches($0, name) } })).sorted()
            guard !stripped.isEmpty else { continue }
            let folder = below.first.map(FileSystem.directory(of:)) ?? "src/main/res/raw"
            let keepPath = (module == "." ? folder : String(folder.dropFirst(module.count + 1))) + "/keep.xml"
            let message =
                "resource shrinking is on (shrinkResources) and no keep file keeps "
                + "\(stripped.map { "raw/\($0)" }.joined(separator: ", ")): a release build may strip sounds that "
                + "only a payload names; add \(keepPath): <?xml version=\"1.0\" encoding=\"utf-8\"?> "
                + "<resources xmlns:tools=\"http://schemas.android.com/tools\" tools:keep=\"@raw/*\" />"
            reports.append(FileReport(path: tree.display(build), findings: [Rule.androidShrink.finding(message)]))
        }
        return reports
    }

    /// A text file's first MiB, or nothing when it cannot be read.
    static func text(of file: String, _ tree: AndroidFileTree) -> String {
        guard let input = try? tree.open(file),
            let bytes = try? input.read(at: 0, count: Int(clamping: Swift.min(input.size, 1 << 20)))
        else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a Gradle build file (Groovy or Kotlin) turns resource shrinking on: `shrinkResources true`,
    /// `shrinkResources = true`, `isShrinkResources = true`, outside `//` comments.
    static func shrinksResources(_ text: String) -> Bool {
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            guard let r = code.range(of: "shrinkResources") ?? code.range(of: "ShrinkResources") else { continue }
            let rest = code[r.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "=" || $0 == "(" }
            if rest.hasPrefix("true") { return true }
        }
        return false
    }

    /// The resources a keep file's `tools:keep` attributes name (`@raw/chime`, `@raw/*`), as raw names or patterns.
    static func keepPatterns(_ text: String) -> [String] {
        var patterns: [String] = []
        var rest = text[...]
        while let r = rest.range(of: "tools:keep") {
            rest = rest[r.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\n" || $0 == "\t" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let value = rest.dropFirst().prefix { $0 != quote }
            rest = rest.dropFirst(value.count + 1)
            for item in value.split(separator: ",") {
                let trimmed = String(item.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
                if trimmed.hasPrefix("@raw/") { patterns.append(String(trimmed.dropFirst(5))) }
                if trimmed == "@*/*" { patterns.append("*") }
            }
        }
        return patterns
    }

    /// Whether a keep pattern (with `*` standing for any run of characters) names `name`.
    static func matches(_ pattern: String, _ name: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == name }
        var rest = Substring(name)
        guard let first = parts.first, rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        for part in parts.dropFirst().dropLast() {
            guard let r = rest.range(of: String(part)) else { return false }
            rest = rest[r.upperBound...]
        }
        return parts.last.map { rest.hasSuffix($0) } ?? true
    }
}
