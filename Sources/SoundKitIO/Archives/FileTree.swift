/// A tree of files read in place: a folder on disk (``FolderTree``) or a folder inside a zip archive (``ZipTree``:
/// an `.ipa`'s `Payload/Demo.app`, an APK's root). Bundle walks go through it, so they read an archive as they read
/// a folder, naming its files `App.ipa/Payload/Demo.app/…`.
package protocol FileTree {
    /// The root as reports name it: a folder's path (empty: paths are used as given), or `App.ipa/Payload/Demo.app`.
    var root: String { get }
    /// Every file below the root in walk order (a folder's sorted names, depth first), hidden names left out;
    /// `enter(path, relative)` says whether a folder is walked.
    func files(entering enter: (String, String) -> Bool) -> [FolderWalk.Entry]
    /// The names directly inside the folder at `relative` (empty: the root), sorted.
    func contents(of relative: String) -> [String]
    /// Whether `relative` names a folder.
    func isDirectory(_ relative: String) -> Bool
    /// The file at `relative` to read: on disk the file itself, in an archive its bytes (at most `limit`) in memory.
    func open(_ relative: String, limit: Int64) throws -> InputFile
    /// At most the first `count` bytes of the file at `relative`; empty when it cannot be read.
    func head(_ relative: String, count: Int) -> [UInt8]
}

extension FileTree {
    /// The path of `relative` as reports name it.
    package func path(_ relative: String) -> String {
        relative.isEmpty ? root : root.isEmpty ? relative : FileSystem.join(root, relative)
    }

    /// The whole file at `relative`, when it is at most `limit` bytes; throws ``FileTreeError`` when it is larger.
    package func bytes(_ relative: String, limit: Int) throws -> [UInt8] {
        let file = try open(relative, limit: Int64(limit))
        guard file.size <= Int64(limit) else { throw FileTreeError.tooLarge(size: file.size, limit: limit) }
        return try file.memory ?? file.read(at: 0, count: Int(file.size))
    }
}

/// Why ``FileTree/bytes(_:limit:)`` did not read a file.
package enum FileTreeError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(size: Int64, limit: Int)
    case notFound(String)

    package var description: String {
        switch self {
        case .tooLarge(let size, let limit): return "is \(size) bytes, over the \(limit) bytes read"
        case .notFound(let name): return "\(name) does not exist"
        }
    }
}

/// A folder on disk, walked like ``FolderWalk`` walks it.
package struct FolderTree: FileTree {
    package var root: String

    package init(root: String) { self.root = root }

    package func files(entering enter: (String, String) -> Bool) -> [FolderWalk.Entry] {
        FolderWalk.files(in: root, entering: enter)
    }

    package func contents(of relative: String) -> [String] { FileSystem.contents(of: path(relative)) }

    package func isDirectory(_ relative: String) -> Bool { FileSystem.isDirectory(path(relative)) }

    package func open(_ relative: String, limit: Int64) throws -> InputFile { try InputFile(path: path(relative)) }

    package func head(_ relative: String, count: Int) -> [UInt8] {
        (try? InputFile(path: path(relative)).read(at: 0, count: count)) ?? []
    }
}

/// A folder inside a zip archive (`prefix`, such as `Payload/Demo.app/`, or empty for the whole archive), read in
/// place. Only names whose every component is an ordinary name are in the tree: `..`, `.`, empty components, a
/// leading `/` or a backslash leave an entry out, so no name reaches outside the folder it claims.
package final class ZipTree: FileTree {
    package let archive: ZipArchive
    package let root: String
    /// The folder of the archive the tree is (`Payload/Demo.app/`), or empty for the whole archive.
    package let prefix: String
    /// The files and folders below the prefix, by their path relative to it.
    private let files: [String: ZipEntry]
    private let folders: Set<String>

    /// The folder `prefix` (ending with `/`, or empty) of `archive`, named `root` in reports.
    package init(_ archive: ZipArchive, prefix: String, root: String) {
        self.archive = archive
        self.root = root
        self.prefix = prefix
        var files: [String: ZipEntry] = [:]
        var folders: Set<String> = [""]
        for entry in archive.entries where entry.name.hasPrefix(prefix) {
            let relative = String(entry.name.dropFirst(prefix.count))
            var parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if entry.isDirectory { parts.removeLast() }
            guard Self.isOrdinary(parts), !relative.contains("\\") else { continue }
            for k in 1..<parts.count { folders.insert(parts[0..<k].joined(separator: "/")) }
            let name = parts.joined(separator: "/")
            if entry.isDirectory { folders.insert(name) } else { files[name] = entry }
        }
        self.files = files
        self.folders = folders
    }

    /// Whether a name's components are all ordinary names: none empty, `.` or `..`, so it reaches nowhere else.
    package static func isOrdinary<S: StringProtocol>(_ parts: [S]) -> Bool {
        !parts.isEmpty && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// The app bundles of an `.ipa`: the `Payload/*.app` folders its names hold, sorted.
    package static func appBundles(in archive: ZipArchive) -> [String] {
        var apps: Set<String> = []
        for e in archive.entries {
            let parts = e.name.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count >= 2, parts[0] == "Payload", parts[1].hasSuffix(".app"), parts[1].count > 4,
                parts[1] != "..", !parts[1].contains("\\")
            {
                apps.insert("Payload/" + parts[1])
            }
        }
        return apps.sorted()
    }

    package func files(entering enter: (String, String) -> Bool) -> [FolderWalk.Entry] {
        var entered: [String: Bool] = ["": true]
        func walks(_ folder: String) -> Bool {
            if let known = entered[folder] { return known }
            let parent = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
            let answer = walks(parent) && enter(path(folder), folder)
            entered[folder] = answer
            return answer
        }
        let sorted = files.keys.map { $0.split(separator: "/").map(String.init) }
            .filter { !$0.contains { $0.hasPrefix(".") } }
            .sorted { $0.lexicographicallyPrecedes($1) }
        return sorted.compactMap { parts in
            let relative = parts.joined(separator: "/")
            return walks(parts.dropLast().joined(separator: "/"))
                ? FolderWalk.Entry(path: path(relative), relative: relative) : nil
        }
    }

    package func contents(of relative: String) -> [String] {
        let prefix = relative.isEmpty ? "" : relative + "/"
        var names: Set<String> = []
        for name in Array(files.keys) + Array(folders) where name.hasPrefix(prefix) && name.count > prefix.count {
            names.insert(String(name.dropFirst(prefix.count).prefix { $0 != "/" }))
        }
        return names.sorted()
    }

    package func isDirectory(_ relative: String) -> Bool { folders.contains(relative) }

    package func open(_ relative: String, limit: Int64) throws -> InputFile {
        guard let entry = files[relative] else { throw FileTreeError.notFound(path(relative)) }
        return InputFile(name: path(relative), bytes: try archive.read(entry, limit: limit))
    }

    package func head(_ relative: String, count: Int) -> [UInt8] {
        files[relative].flatMap { try? archive.head($0, count: count) } ?? []
    }
}
