import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Questions about paths and folders, through the ``Syscall`` funnel. The `Bool` questions answer `false` when
/// the system cannot tell (a path it may not look at is neither a folder nor the same file as another); the
/// throwing calls report every failure.
package enum FileSystem {
    package static func exists(_ path: String) -> Bool {
        (try? Syscall.sys(.stat, path) { access(path, F_OK) }) != nil
    }

    /// Whether two paths name the same file (same device and inode), through links.
    package static func isSameFile(_ a: String, _ b: String) -> Bool {
        guard let sa = try? Syscall.status(a), let sb = try? Syscall.status(b) else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    package static func isDirectory(_ path: String) -> Bool {
        guard let st = try? Syscall.status(path) else { return false }
        return (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` is itself a symbolic link (not followed).
    package static func isSymbolicLink(_ path: String) -> Bool {
        guard let st = try? Syscall.status(path, followingLinks: false) else { return false }
        return (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// The entries of a folder, sorted, without `.` and `..`; throws when it cannot be listed.
    package static func entries(of dir: String) throws(AudioFileError) -> [String] {
        try Syscall.directoryEntries(dir).filter { $0 != "." && $0 != ".." }.sorted()
    }

    /// The entries of a folder, sorted, without `.` and `..`; empty when it cannot be listed (``entries(of:)``
    /// says why).
    package static func contents(of dir: String) -> [String] {
        (try? entries(of: dir)) ?? []
    }

    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Splits `dir/name.ext` into `dir/name` and `ext` (no extension: `""`).
    package static func splitExtension(_ path: String) -> (base: String, ext: String) {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (path, "") }
        let ext = String(name[name.index(after: dot)...])
        return (String(path.dropLast(ext.count + 1)), ext)
    }

    /// Creates `dir` and the folders above it that are missing (`mkdir -p`); a folder that appears meanwhile (made
    /// by another task) is fine.
    package static func makeDirectories(_ dir: String) throws(AudioFileError) {
        guard !dir.isEmpty, !isDirectory(dir) else { return }
        let parent = directory(of: dir)
        if parent != dir { try makeDirectories(parent) }
        do {
            try Syscall.makeDirectory(dir)
        } catch {
            if case .system(_, .fileExists) = error.reason, isDirectory(dir) { return }
            throw error
        }
    }

    /// The working directory, read once (`getcwd(3)` through the funnel); nil when it cannot be named.
    package static let workingDirectory: String? = try? Syscall.currentDirectory()

    /// `path` made absolute against `cwd` (itself absolute), with `.`, `..` and doubled slashes resolved by name
    /// (swift-system's `FilePath`, lexically: links are not followed).
    package static func absolute(_ path: String, cwd: String) -> String {
        FilePath(cwd).pushing(FilePath(path)).lexicallyNormalized().string
    }

    /// `path` relative to `folder` (both absolute, as ``absolute(_:cwd:)`` makes them): `.` for the folder itself,
    /// nil for a path outside it.
    package static func relative(_ path: String, to folder: String) -> String? {
        var p = FilePath(path)
        guard p.removePrefix(FilePath(folder)) else { return nil }
        return p.isEmpty ? "." : p.string
    }

    /// `path` as a finding shows it: relative to `base` (`./` dropped) when it lies under it, or when it is relative
    /// already and stays below the working directory; nil otherwise.
    package static func shown(_ path: String, under base: String?) -> String? {
        if !path.hasPrefix("/") {
            let p = FilePath(path).lexicallyNormalized()
            return p.isEmpty || p.components.first?.kind == .parentDirectory ? nil : p.string
        }
        guard let base, base != "/", let r = relative(path, to: base), r != "." else { return nil }
        return r
    }

    /// A file as it is on disk (a copy that keeps the modification time is another inode): what a cache that
    /// trusts the file system keys a file's result by. Nil when it cannot be looked at.
    package struct Stamp: Hashable, Sendable {
        package var inode: UInt64
        package var size: Int64
        package var seconds: Int
        package var nanoseconds: Int
    }

    /// The file's ``Stamp`` (`stat(2)` through the funnel, following links).
    package static func stamp(_ path: String) -> Stamp? {
        guard let st = try? Syscall.status(path) else { return nil }
        #if canImport(Darwin)
            let time = st.st_mtimespec
        #else
            let time = st.st_mtim
        #endif
        return Stamp(
            inode: UInt64(st.st_ino), size: Int64(st.st_size), seconds: Int(time.tv_sec),
            nanoseconds: Int(time.tv_nsec))
    }

    package static func join(_ dir: String, _ name: String) -> String {
        dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }
}
