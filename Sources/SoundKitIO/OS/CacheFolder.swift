#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file operations of a cache folder that other processes share: small files read whole and bounded, written
/// under a temporary name and renamed into place (so a reader sees a whole file or none, never a flush to disk: a
/// cache entry damaged by a power cut is detected and replaced), stamped when used, listed by age and removed.
package enum CacheFolder {
    /// Where per-user caches go: `$XDG_CACHE_HOME/soundkit` when the variable holds an absolute path (the XDG Base
    /// Directory specification ignores a relative one), else `~/.cache/soundkit` on Linux and
    /// `~/Library/Caches/soundkit` on macOS; nil when neither the variable nor a home folder is set.
    package static var defaultDirectory: String? {
        if let xdg = variable("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return FileSystem.join(xdg, "soundkit") }
        #if canImport(Darwin)
            return variable("HOME").map { FileSystem.join($0, "Library/Caches/soundkit") }
        #else
            return variable("HOME").map { FileSystem.join($0, ".cache/soundkit") }
        #endif
    }

    private static func variable(_ name: String) -> String? {
        guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }

    /// The whole of `path` when it is a file of at most `limit` bytes; nil when it is missing, unreadable or larger.
    package static func read(_ path: String, limit: Int) -> [UInt8]? {
        guard let file = try? InputFile(path: path), file.size <= Int64(limit),
            let bytes = try? file.read(at: 0, count: Int(file.size)), bytes.count == Int(file.size)
        else { return nil }
        return bytes
    }

    /// Writes `bytes` to a temporary file beside `path` and renames it over `path`.
    package static func write(_ bytes: [UInt8], to path: String) throws(AudioFileError) {
        let file = try AtomicOutputFile(path: path)
        try file.write(bytes)
        let pending = try file.detach(flush: false)
        do {
            try Syscall.move(pending.temporaryPath, over: path)
            TemporaryFiles.untrack(pending.temporaryPath)
        } catch {
            pending.discard()
            throw error
        }
    }

    /// Sets the modification time of `path` to now: the mark of an entry used, which ``prune(_:limit:)`` keeps
    /// longest.
    package static func touch(_ path: String) {
        _ = try? Syscall.sys(.write, path) { utimensat(AT_FDCWD, path, nil, 0) }
    }

    /// Removes the oldest files (by modification time) of `dir` whose names end in `suffix` until those left take
    /// at most `limit` bytes, and temporary files of writers that stopped more than an hour ago. Files another
    /// process removes meanwhile are skipped.
    package static func prune(_ dir: String, suffix: String, limit: Int64) {
        var entries: [(path: String, size: Int64, modified: Int64)] = []  // modified: nanoseconds
        let now = Int64(time(nil))
        for name in FileSystem.contents(of: dir) {
            let path = FileSystem.join(dir, name)
            guard let st = (try? Syscall.status(path, followingLinks: false)) ?? nil,
                (st.st_mode & S_IFMT) == S_IFREG
            else { continue }
            #if canImport(Darwin)
                let stamp = st.st_mtimespec
            #else
                let stamp = st.st_mtim
            #endif
            let modified = Int64(stamp.tv_sec) &* 1_000_000_000 &+ Int64(stamp.tv_nsec)
            if name.hasPrefix(".") && name.contains(".soundkit-") {
                if now - Int64(stamp.tv_sec) > 3600 { try? Syscall.removeFile(path) }
            } else if name.hasSuffix(suffix) {
                entries.append((path, Int64(st.st_size), modified))
            }
        }
        var total = entries.reduce(Int64(0)) { $0 &+ $1.size }
        for e in entries.sorted(by: { $0.modified < $1.modified }) where total > limit {
            try? Syscall.removeFile(e.path)
            total -= e.size
        }
    }
}
