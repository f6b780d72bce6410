import SoundKitIO

/// The checkout as the project readers look at it: whether a path exists with exactly the case written (iOS devices
/// are case-sensitive even where the Mac that builds is not), and the files below a folder, through cached folder
/// listings; bounded in how many files a folder walk returns and how deep it goes, and never following a symbolic
/// link to a folder. Given the checkout's root, it looks at nothing outside it (a path a project names above or
/// beside the checkout is not in it).
final class CheckoutView {
    /// At most this many files are listed below one folder.
    static let maxFiles = 20_000
    /// A folder walk goes at most this deep.
    static let maxDepth = 32

    /// The folder it may look in, normalized; nil for anywhere.
    let root: String?
    private var listings: [String: Set<String>] = [:]
    private var walks: [String: (files: [String], truncated: Bool)] = [:]

    init(root: String? = nil) {
        self.root = root.map(Self.normalize)
    }

    /// Whether `path` is inside ``root``.
    func isInside(_ path: String) -> Bool {
        guard let root else { return true }
        let p = Self.normalize(path)
        if root.isEmpty { return !p.hasPrefix("/") && p != ".." && !p.hasPrefix("../") }
        return p == root || p.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// The names in `dir` (cached).
    private func names(in dir: String) -> Set<String> {
        if let known = listings[dir] { return known }
        let names = Set(FileSystem.contents(of: dir.isEmpty ? "." : dir))
        listings[dir] = names
        return names
    }

    /// Whether `path` exists, every component spelled with the case it has on disk.
    func exists(_ path: String) -> Bool {
        guard isInside(path) else { return false }
        let normal = Self.normalize(path)
        var dir = normal.hasPrefix("/") ? "/" : ""
        for component in normal.split(separator: "/") {
            let name = String(component)
            if name == ".." {
                dir = dir.isEmpty ? ".." : Self.join(dir, "..")
                continue
            }
            guard names(in: dir).contains(name) else { return false }
            dir = dir.isEmpty ? name : Self.join(dir, name)
        }
        return !normal.isEmpty
    }

    /// Whether `path` is a folder (with the case written).
    func isDirectory(_ path: String) -> Bool {
        exists(path) && FileSystem.isDirectory(path)
    }

    /// The files below `dir`, as paths relative to it, sorted; `truncated` when a bound stopped the walk.
    func files(below dir: String) -> (files: [String], truncated: Bool) {
        guard isInside(dir) else { return ([], false) }
        if let known = walks[dir] { return known }
        let walk = walk(dir)
        walks[dir] = walk
        return walk
    }

    private func walk(_ dir: String) -> (files: [String], truncated: Bool) {
        var out: [String] = []
        var pending: [(relative: String, depth: Int)] = [("", 0)]
        var truncated = false
        while let (relative, depth) = pending.popLast() {
            let folder = relative.isEmpty ? dir : Self.join(dir, relative)
            for name in FileSystem.contents(of: folder) {
                let rel = relative.isEmpty ? name : relative + "/" + name
                let full = Self.join(dir, rel)
                if FileSystem.isDirectory(full) {
                    if FileSystem.isSymbolicLink(full) { continue }
                    if depth + 1 < Self.maxDepth {
                        pending.append((rel, depth + 1))
                    } else {
                        truncated = true
                    }
                } else if out.count < Self.maxFiles {
                    out.append(rel)
                } else {
                    truncated = true
                }
            }
        }
        return (out.sorted(), truncated)
    }

    /// `path` with `.`, empty components and `..` after a named component resolved by name.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for c in path.split(separator: "/", omittingEmptySubsequences: true) {
            if c == "." { continue }
            if c == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if c == "..", path.hasPrefix("/"), parts.isEmpty { continue }
            parts.append(c)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined
    }

    /// `rel` below `dir` (`rel` itself when absolute), normalized; `.` or empty `dir` is the working folder.
    static func join(_ dir: String, _ rel: String) -> String {
        if rel.hasPrefix("/") { return normalize(rel) }
        if dir.isEmpty || dir == "." { return normalize(rel) }
        return normalize(dir + "/" + rel)
    }

    /// Every file below the folder `path`, landing below `bundlePath` (a folder reference, an asset catalog); a
    /// folder that is not there is one entry that does not exist. The note says when a bound cut the list short.
    func folderEntries(
        _ path: String, bundlePath: String, route: BundleRoute, declared: SourceSite
    ) -> (entries: [BundleEntry], note: ProjectNote?) {
        guard isDirectory(path) else {
            return (
                [BundleEntry(bundlePath: bundlePath, file: path, route: route, declaredAt: declared, exists: false)],
                nil
            )
        }
        let (files, truncated) = files(below: path)
        let note =
            truncated
            ? ProjectNote(
                site: declared,
                message: "\(path) holds more files than are listed (\(Self.maxFiles)); the rest are not checked")
            : nil
        let entries = files.map {
            BundleEntry(
                bundlePath: bundlePath + "/" + $0, file: Self.join(path, $0), route: route, declaredAt: declared,
                exists: true)
        }
        return (entries, note)
    }

    /// The entries of one file reference copied to `destination`: the file, or every file of a folder reference or
    /// asset catalog (by its file type, its `.xcassets` extension, or being a folder on disk).
    func fileEntries(
        _ path: String, type: String, to destination: CopyDestination, declared: SourceSite
    ) -> (entries: [BundleEntry], note: ProjectNote?) {
        let name = FileSystem.lastComponent(path)
        let isCatalog = type == "folder.assetcatalog" || FileSystem.splitExtension(name).ext == "xcassets"
        guard type == "folder" || isCatalog || isDirectory(path) else {
            let entry = BundleEntry(
                bundlePath: destination.prefix + name, file: path, route: destination.route, declaredAt: declared,
                exists: exists(path))
            return ([entry], nil)
        }
        return folderEntries(
            path, bundlePath: destination.prefix + name, route: isCatalog ? .assetCatalog : .folderReference,
            declared: declared)
    }

    /// The path an exception lists, or every file below it when it names a folder (paths relative to `root`).
    func listed(_ rel: String, root: String) -> [String] {
        let path = Self.join(root, rel)
        guard isDirectory(path) else { return [rel] }
        return files(below: path).files.map { rel + "/" + $0 }
    }
}
