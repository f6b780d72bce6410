import SoundKitIO

/// How the framework readers read a checkout: small text files whole (up to a bound), folders listed without
/// recursion on the tree's depth and up to a count, and byte offsets turned into `line:column` sites.
package enum ProjectFiles {
    /// The most of a project file read (a `build.gradle`, a `.csproj`, a `config.xml`, a `pubspec.yaml`).
    package static let maximumBytes = 4 << 20
    /// The most files one listing returns (a web folder, a `res` root, a .NET project's folder).
    package static let maximumListed = 50_000
    /// The deepest a listing goes below its folder.
    package static let maximumDepth = 48

    /// The bytes of the file at `path` (named `shown` in errors): at most ``maximumBytes``, else an error at 1:1.
    package static func bytes(_ path: String, shown: String) throws(ProjectReadError) -> [UInt8] {
        let site = SourceSite(path: shown, line: 1, column: 1)
        let file: InputFile
        do { file = try InputFile(path: path) } catch {
            throw ProjectReadError(site: site, message: "cannot be read: \(error.message)")
        }
        guard file.size <= Int64(maximumBytes) else {
            throw ProjectReadError(site: site, message: "over \(maximumBytes) bytes, more than a project file holds")
        }
        do { return try file.read(at: 0, count: Int(clamping: file.size)) } catch {
            throw ProjectReadError(site: site, message: "cannot be read: \(error)")
        }
    }

    /// The files below `folder`, as paths below it (`sub/x.wav`), sorted; hidden entries and linked folders left
    /// out, folders named in `skipping` not entered. Iterative; stops at ``maximumListed`` files or
    /// ``maximumDepth`` levels, and says so with `truncated`.
    package static func files(
        below folder: String, skipping: Set<String> = []
    ) -> (files: [String], truncated: Bool) {
        var found: [String] = []
        var pending: [(path: String, relative: String, depth: Int)] = [(folder, "", 0)]
        var truncated = false
        while let (dir, relative, depth) = pending.popLast() {
            for name in FileSystem.contents(of: dir) where !name.hasPrefix(".") {
                let path = FileSystem.join(dir, name)
                let rel = relative.isEmpty ? name : relative + "/" + name
                if FileSystem.isDirectory(path) {
                    guard !FileSystem.isSymbolicLink(path), !skipping.contains(name) else { continue }
                    guard depth < maximumDepth else {
                        truncated = true
                        continue
                    }
                    pending.append((path, rel, depth + 1))
                } else {
                    guard found.count < maximumListed else { return (found.sorted(), true) }
                    found.append(rel)
                }
            }
        }
        return (found.sorted(), truncated)
    }

    /// The files directly in `folder` (no subfolders), sorted, hidden ones left out, at most ``maximumListed``.
    package static func filesIn(_ folder: String) -> [String] {
        FileSystem.contents(of: folder).lazy.filter { name in
            !name.hasPrefix(".") && !FileSystem.isDirectory(FileSystem.join(folder, name))
        }.prefix(maximumListed).map { $0 }
    }

    /// `a/b` joined with `c` as a path below a checkout (`.` and the empty path stand for the checkout itself).
    package static func below(_ folder: String, _ name: String) -> String {
        folder.isEmpty || folder == "." ? name : folder + "/" + name
    }

    /// A `/`-separated path with `.` segments dropped and `..` applied, or nil when it climbs above its start
    /// (a project naming a file outside the checkout).
    package static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                guard parts.popLast() != nil else { return nil }
                continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}

/// The start of each line of a text, to turn a byte offset into a `line:column` site (columns in Unicode scalars,
/// from 1) without counting from the top each time. Sites asked for in increasing order on one long line are
/// counted on from the last one, so a text costs time in proportion to its length.
package final class LineTable {
    private let bytes: [UInt8]
    private var starts: [Int] = [0]
    private var cursor = (offset: 0, line: 0, column: 1)
    /// The path sites name.
    package let path: String

    package init(_ bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
    }

    /// The site of byte `offset` (clamped to the text).
    package func site(_ offset: Int) -> SourceSite {
        let o = Swift.max(0, Swift.min(offset, bytes.count))
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = low + (high - low + 1) / 2
            if starts[mid] <= o { low = mid } else { high = mid - 1 }
        }
        var from = starts[low]
        var column = 1
        if cursor.line == low, cursor.offset <= o {
            from = cursor.offset
            column = cursor.column
        }
        for b in bytes[from..<o] where b & 0xC0 != 0x80 { column += 1 }
        cursor = (o, low, column)
        return SourceSite(path: path, line: low + 1, column: column)
    }
}
