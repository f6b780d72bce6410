import SoundKitIO

/// The findings a team has accepted for now (`--write-baseline`, `--baseline`): each by the path of its file
/// (relative to the config's folder, or the current one), its rule and its file's content (SHA-256). A finding
/// matching an entry is hidden; a file whose content changed matches none of its entries, so it is checked afresh.
package struct Baseline: Sendable, Hashable {
    /// One accepted finding.
    package struct Entry: Sendable, Hashable, Comparable {
        package var path: String
        package var rule: String
        /// `sha256:HEX` of the file's bytes, or `none` for what is not a readable file (a bundle's folder).
        package var fingerprint: String

        package init(path: String, rule: String, fingerprint: String) {
            self.path = path
            self.rule = rule
            self.fingerprint = fingerprint
        }

        package static func < (a: Entry, b: Entry) -> Bool {
            (a.path, a.rule, a.fingerprint) < (b.path, b.rule, b.fingerprint)
        }
    }

    /// Sorted, so the file diffs line by line.
    package var entries: [Entry]

    package init(entries: [Entry]) { self.entries = entries.sorted() }

    /// The baseline of every finding in `report` except those about standard input; `relative` names a file as
    /// entries do.
    package init(recording report: CheckReport, relative: (String) -> String) {
        var entries: [Entry] = []
        for file in report.files where file.path != "<stdin>" && !file.findings.isEmpty {
            let fingerprint = Self.fingerprint(file.path)
            entries += file.findings.map {
                Entry(path: relative(file.path), rule: $0.rule.id, fingerprint: fingerprint)
            }
        }
        self.init(entries: entries)
    }

    /// `report` without the findings the baseline holds (each entry hides one finding), and the entries that matched
    /// none.
    package func hiding(
        in report: CheckReport, relative: (String) -> String
    ) -> (report: CheckReport, stale: [Entry]) {
        var left: [Entry: Int] = [:]
        for e in entries { left[e, default: 0] += 1 }
        var paths = Set(entries.map(\.path))
        var r = report
        for i in r.files.indices where r.files[i].path != "<stdin>" {
            let path = relative(r.files[i].path)
            guard paths.contains(path) else { continue }
            paths.remove(path)
            let fingerprint = Self.fingerprint(r.files[i].path)
            r.files[i].findings.removeAll { f in
                let key = Entry(path: path, rule: f.rule.id, fingerprint: fingerprint)
                guard let n = left[key], n > 0 else { return false }
                left[key] = n - 1
                return true
            }
        }
        let stale = left.sorted { $0.key < $1.key }.flatMap { Array(repeating: $0.key, count: $0.value) }
        return (r, stale)
    }

    /// `sha256:HEX` of a file's bytes, read a mebibyte at a time, or of a sound's inside an `.ipa`, `.apk` or `.aab`
    /// (named `ARCHIVE/ENTRY`, as reports name it); `none` when it cannot be read as either.
    package static func fingerprint(_ path: String) -> String {
        if FileSystem.isDirectory(path) { return "none" }
        guard let file = try? InputFile(path: path) else {
            return archivedBytes(path).map { "sha256:" + SHA256.hex($0) } ?? "none"
        }
        var hash = SHA256()
        var offset: Int64 = 0
        while offset < file.size {
            guard let chunk = try? file.read(at: offset, count: 1 << 20), !chunk.isEmpty else { return "none" }
            hash.update(chunk)
            offset += Int64(chunk.count)
        }
        return "sha256:" + hash.finalize()
    }

    /// The bytes of the entry `path` names inside the archive its nearest `.ipa`, `.apk` or `.aab` folder is; nil
    /// when no such archive holds it, or it cannot be read within ``FoundSound/archiveLimit``.
    static func archivedBytes(_ path: String) -> [UInt8]? {
        var archive = path
        while true {
            let parent = FileSystem.directory(of: archive)
            guard parent != archive, parent != ".", parent != "/" else { return nil }
            archive = parent
            guard AppBundle.isArchive(archive) || AndroidFileTree.isArchive(archive), FileSystem.exists(archive) else {
                continue
            }
            let name = String(path.dropFirst(archive.count + 1))
            guard let zip = try? ZipArchive(path: archive), let entry = zip.entry(named: name) else { return nil }
            return try? zip.read(entry, limit: FoundSound.archiveLimit)
        }
    }

    /// The file: `{"version": 1, "findings": [...]}` with one entry a line, sorted.
    package var json: String {
        let lines = entries.map { e in
            "    {\"path\": \(JSONValue.quote(e.path)), \"rule\": \(JSONValue.quote(e.rule)), "
                + "\"fingerprint\": \(JSONValue.quote(e.fingerprint))}"
        }
        let body = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n  ]"
        return "{\n  \"version\": 1,\n  \"findings\": \(body)\n}\n"
    }

    /// Why a baseline file cannot be used.
    package struct ReadError: Error, Sendable {
        package var line: Int
        package var column: Int
        package var message: String
    }

    /// Reads what ``json`` writes (any JSON layout of it).
    package init(json bytes: [UInt8]) throws(ReadError) {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch {
            throw ReadError(line: error.line, column: error.column, message: error.message)
        }
        let shape = "a baseline is {\"version\": 1, \"findings\": [{\"path\", \"rule\", \"fingerprint\"}, …]}"
        guard case .number("1")? = value["version"], case .array(let items)? = value["findings"] else {
            throw ReadError(line: 1, column: 1, message: shape)
        }
        var entries: [Entry] = []
        for item in items {
            guard case .string(let path)? = item["path"], case .string(let rule)? = item["rule"],
                case .string(let fingerprint)? = item["fingerprint"]
            else { throw ReadError(line: 1, column: 1, message: shape) }
            entries.append(Entry(path: path, rule: rule, fingerprint: fingerprint))
        }
        self.init(entries: entries)
    }
}
