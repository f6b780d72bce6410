#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SoundKitContainers
import SystemPackage

/// The one funnel to the operating system (swift-system's habit): reads and writes go through swift-system's
/// `FileDescriptor`, which retries `EINTR`; the few calls it lacks (fsync, rename, mkstemp, unlink, fchmod) come
/// through ``sys(_:_:_:)``. Every failure becomes an ``AudioFileError`` carrying the path, the operation and the
/// `Errno`.
enum Syscall {
    /// Runs a C call that returns -1 and sets `errno` on failure, retrying on `EINTR`.
    @discardableResult
    static func sys(_ op: FileOperation, _ path: String, _ call: () -> Int32) throws(AudioFileError) -> Int32 {
        while true {
            let r = call()
            if r != -1 { return r }
            let e = Errno(rawValue: errno)
            if e == .interrupted { continue }
            throw AudioFileError(path, .system(op, e))
        }
    }

    /// Linux's `syncfs(2)`, which the Glibc module does not export; nil where the C library lacks it.
    #if os(Linux)
    static let syncfs: (@convention(c) (Int32) -> Int32)? = dlsym(nil, "syncfs").map { unsafeBitCast($0, to: (@convention(c) (Int32) -> Int32).self) }
    #endif

    /// Runs a swift-system call, turning its `Errno` into an ``AudioFileError`` (through ``outcome(_:)``; not
    /// generic, as Swift 6.3's optimiser also mishandles generic functions with typed throws).
    static func run(_ op: FileOperation, _ path: String, _ call: () throws -> Int) throws(AudioFileError) -> Int {
        switch outcome(call) {
        case .success(let n): return n
        case .failure(let e): throw failure(op, path, e)
        }
    }

    /// Opens `path` read-only through swift-system.
    static func openForReading(_ path: String) throws(AudioFileError) -> FileDescriptor {
        switch outcome({ try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) }) {
        case .success(let fd): return fd
        case .failure(let e): throw failure(.open, path, e)
        }
    }

    /// Closes `fd` through swift-system; `op` says what a failure means for the file.
    static func close(_ fd: FileDescriptor, _ op: FileOperation, _ path: String) throws(AudioFileError) {
        if case .failure(let e) = outcome({ try fd.close() }) { throw failure(op, path, e) }
    }

    static func failure(_ op: FileOperation, _ path: String, _ error: any Error) -> AudioFileError {
        AudioFileError(path, .system(op, (error as? Errno) ?? .ioError))
    }
}

/// A read-only file, closed when released. Reads at an offset and fills its buffer completely unless the file
/// ends (swift-system retries `EINTR`; short reads are continued here).
package final class InputFile: ByteSource, @unchecked Sendable {
    // @unchecked: the descriptor is immutable after init and pread is safe from any thread.
    package let path: String
    let fd: FileDescriptor
    package let size: Int64

    package init(path: String) throws(AudioFileError) {
        self.path = path
        let fd = try Syscall.openForReading(path)
        var st = stat()
        do {
            try Syscall.sys(.stat, path) { fstat(fd.rawValue, &st) }
        } catch {
            try? fd.close()
            throw error
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            try? fd.close()
            throw AudioFileError(path, .isDirectory)
        }
        self.fd = fd
        self.size = Int64(st.st_size)
    }

    deinit { try? fd.close() }

    package func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard count > 0, offset >= 0, offset < size else { return [] }
        let n = Int(Swift.min(Int64(count), size - offset))
        var out = [UInt8](repeating: 0, count: n)
        let got = try AudioFileError.rethrown(path) { try out.withUnsafeMutableBytes { b in try read(at: offset, into: b) } }
        if got < n { out.removeLast(n - got) }
        return out
    }

    /// Fills `buffer` from `offset` as far as the file goes; returns the bytes read.
    package func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(AudioFileError) -> Int {
        var done = 0
        while done < buffer.count {
            let (position, overflow) = offset.addingReportingOverflow(Int64(done))
            if overflow { break }
            let r = try Syscall.run(.read, path) {
                try fd.read(fromAbsoluteOffset: position, into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]))
            }
            if r == 0 { break }
            done += r
        }
        return done
    }
}

package enum FileSystem {
    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether two paths name the same file (same device and inode), through links.
    package static func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` is itself a symbolic link (not followed).
    package static func isSymbolicLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// The entries of a folder, sorted, without `.` and `..`; empty when it cannot be read.
    package static func contents(of dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
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
        if mkdir(dir, 0o777) != 0 {
            let e = Errno(rawValue: errno)
            if e == .fileExists && isDirectory(dir) { return }
            throw AudioFileError(dir, .system(.create, e))
        }
    }

    package static func join(_ dir: String, _ name: String) -> String {
        dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }
}

/// The temporary files of outputs under way, so that a command-line tool ended by a signal can remove them
/// (``removeAll()``, from a thread that waits for the signal, never from a signal handler). Off until
/// ``startTracking()``: a library user that handles signals its own way pays nothing.
package enum TemporaryFiles {
    private final class Registry: @unchecked Sendable {
        let mutex: UnsafeMutablePointer<pthread_mutex_t>
        var paths: Set<String> = []
        var tracking = false

        init() {
            mutex = .allocate(capacity: 1)
            pthread_mutex_init(mutex, nil)
        }

        func locked<R>(_ body: () -> R) -> R {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }
    }

    private static let registry = Registry()

    /// Tracks every temporary output file from now on.
    package static func startTracking() { registry.locked { registry.tracking = true } }

    /// Makes a temporary file from `template` (`mkstemp`) and tracks it, both under the registry's lock: a signal
    /// taken between the two would otherwise find the file made but not yet tracked, and leave it behind.
    /// Returns the descriptor, or -1 with `errno` set.
    static func create(_ template: inout [CChar]) -> Int32 {
        registry.locked {
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if fd >= 0 && registry.tracking {
                registry.paths.insert(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
            }
            return fd
        }
    }

    static func untrack(_ path: String) { registry.locked { _ = registry.paths.remove(path) } }

    /// Removes every temporary file under way. They stay tracked-out: a file renamed into place after this is
    /// complete; one still being written is no longer there to rename, so it never appears.
    package static func removeAll() {
        registry.locked {
            for p in registry.paths { unlink(p) }
            registry.paths.removeAll()
        }
    }
}

/// An output written to a temporary file beside its destination and renamed into place only when complete, so a
/// failed conversion leaves nothing behind and an existing file is only ever replaced whole. The data is flushed
/// to disk before the rename and the folder after it, so a power cut leaves either the old file or the new one.
///
/// ``commit()`` does all of that for one file. Several files that must appear together, or many files that
/// should share one flush to disk, are ``detach(flush:)``ed and then published with ``PendingFile/publish(_:flushed:)``.
package final class AtomicOutputFile {
    package let path: String
    let temporaryPath: String
    let fd: FileDescriptor
    /// Whether the temporary file is still this object's to remove (until it is renamed or handed on).
    private var owned = true

    /// The process's file-creation mask, read once: `umask` can only be read by setting it, which would race with
    /// other threads creating files.
    private static let creationMask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    package init(path: String) throws(AudioFileError) {
        self.path = path
        let dir = FileSystem.directory(of: path)
        var template = Array(FileSystem.join(dir, ".\(FileSystem.lastComponent(path)).soundkit-XXXXXX").utf8CString)
        let raw = try Syscall.sys(.create, path) { TemporaryFiles.create(&template) }
        self.fd = FileDescriptor(rawValue: raw)
        self.temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit { discard() }

    /// Appends `bytes`, continuing short writes and retrying `EINTR`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(AudioFileError) {
        _ = try Syscall.run(.write, path) { try fd.writeAll(bytes) }
    }

    package func write(_ bytes: [UInt8]) throws(AudioFileError) {
        try AudioFileError.rethrown(path) { try bytes.withUnsafeBytes { raw in try write(raw) } }
    }

    /// Overwrites bytes already written (the final header).
    package func write(_ bytes: [UInt8], at offset: Int64) throws(AudioFileError) {
        _ = try Syscall.run(.write, path) { try fd.writeAll(toAbsoluteOffset: offset, bytes) }
    }

    /// Gives the file the usual permissions, flushes it, renames it over `path` and flushes the folder.
    package func commit() throws(AudioFileError) {
        try PendingFile.publish([try detach(flush: true)], flushed: true)
    }

    /// Gives the finished file the usual permissions and closes it, still under its temporary name, and hands it
    /// on; with `flush` its data is on disk first. A failure removes it.
    package func detach(flush: Bool) throws(AudioFileError) -> PendingFile {
        guard owned else { throw AudioFileError(path, .system(.write, .badFileDescriptor)) }
        do {
            try Syscall.sys(.permissions, path) { fchmod(fd.rawValue, 0o666 & ~Self.creationMask) }
            if flush { try Syscall.sys(.sync, path) { fsync(fd.rawValue) } }
            owned = false
            try Syscall.close(fd, .write, path)
        } catch {
            owned = false
            unlink(temporaryPath)
            TemporaryFiles.untrack(temporaryPath)
            throw error
        }
        return PendingFile(path: path, temporaryPath: temporaryPath, flushed: flush)
    }

    /// Closes and removes the temporary file, unless it was handed on.
    package func discard() {
        guard owned else { return }
        owned = false
        try? fd.close()
        unlink(temporaryPath)
        TemporaryFiles.untrack(temporaryPath)
    }
}

/// A finished output under its temporary name, closed, waiting to be renamed into place: what passes from the
/// task that wrote a file to the one that publishes it. Until published, ``discard()`` removes it.
package struct PendingFile: Sendable, Hashable {
    package let path: String
    let temporaryPath: String
    let flushed: Bool

    /// Renames `files` into place in order. Unless `flushed` (every file was detached with `flush`), their data
    /// is flushed first, all at once: on Linux one `syncfs` per file system (which writes other dirty files there
    /// too), elsewhere an `fsync` of each. Then the folders are flushed so the renames are durable (a folder that
    /// cannot be flushed, as on some network file systems, is not an error: the files are complete either way).
    /// A failure discards the files not yet renamed.
    package static func publish(_ files: [PendingFile], flushed: Bool) throws(AudioFileError) {
        do throws(AudioFileError) {
            if !flushed { try flush(files) }
            for (i, f) in files.enumerated() {
                do {
                    try Syscall.sys(.rename, f.path) { rename(f.temporaryPath, f.path) }
                    TemporaryFiles.untrack(f.temporaryPath)
                } catch {
                    for rest in files[i...] { rest.discard() }
                    throw error
                }
            }
        } catch {
            for f in files { f.discard() }
            throw error
        }
        syncFolders(of: files)
    }

    /// Removes the temporary file (nothing, once it is published).
    package func discard() {
        unlink(temporaryPath)
        TemporaryFiles.untrack(temporaryPath)
    }

    static func flush(_ files: [PendingFile]) throws(AudioFileError) {
        #if os(Linux)
        if let syncfs = Syscall.syncfs {
            var done: Set<String> = []
            for f in files where !f.flushed {
                let dir = FileSystem.directory(of: f.path)
                guard done.insert(dir).inserted else { continue }
                let d = try Syscall.sys(.sync, f.path) { open(dir, O_RDONLY | O_CLOEXEC) }
                defer { close(d) }
                try Syscall.sys(.sync, f.path) { syncfs(d) }
            }
            return
        }
        #endif
        for f in files where !f.flushed {
            let d = try Syscall.sys(.sync, f.path) { open(f.temporaryPath, O_RDONLY | O_CLOEXEC) }
            defer { close(d) }
            try Syscall.sys(.sync, f.path) { fsync(d) }
        }
    }

    static func syncFolders(of files: [PendingFile]) {
        var done: Set<String> = []
        for f in files {
            let dir = FileSystem.directory(of: f.path)
            guard done.insert(dir).inserted else { continue }
            let d = open(dir, O_RDONLY | O_CLOEXEC)
            if d >= 0 {
                _ = try? Syscall.sys(.sync, dir) { fsync(d) }
                close(d)
            }
        }
    }
}
