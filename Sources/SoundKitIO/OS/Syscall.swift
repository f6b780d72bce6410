import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one funnel to the operating system (swift-system's habit): descriptors are opened, read, written and
/// closed through swift-system's `FileDescriptor`, which retries `EINTR`; the calls it lacks (stat, mkdir,
/// opendir, readdir, fsync, rename, mkstemp, unlink, fchmod) come through ``sys(_:_:_:)`` and the wrappers
/// below. Every failure becomes an ``AudioFileError`` carrying the path, the operation and the `Errno`.
package enum Syscall {
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

    /// `fsync(2)`, which on Linux reaches the disk. On Darwin `fsync` only hands the data to the drive, which may
    /// keep it in its cache across a power cut (macOS's fsync(2) manual page): `F_FULLFSYNC` asks the drive to
    /// write it, and `fsync` remains for the file systems that refuse `F_FULLFSYNC` (some network and FAT volumes).
    static func flushToDisk(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
            if fcntl(fd, F_FULLFSYNC) != -1 { return 0 }
        #endif
        return fsync(fd)
    }

    /// Linux's `syncfs(2)`, which the Glibc module does not export; nil where the C library lacks it.
    #if os(Linux)
        static let syncfs: (@convention(c) (Int32) -> Int32)? = dlsym(nil, "syncfs").map {
            unsafeBitCast($0, to: (@convention(c) (Int32) -> Int32).self)
        }
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
        try open(path, failing: .open, reporting: path)
    }

    /// Opens `path` (a file or a folder) read-only through swift-system; a failure is reported as `op` on
    /// `reported` (the file a flush is for, when `path` is its folder).
    static func open(
        _ path: String, failing op: FileOperation, reporting reported: String
    ) throws(AudioFileError)
        -> FileDescriptor
    {
        switch outcome({ try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) }) {
        case .success(let fd): return fd
        case .failure(let e): throw failure(op, reported, e)
        }
    }

    /// Closes `fd` through swift-system (never retried: the descriptor is gone whatever `close` returns); `op`
    /// says what a failure means for the file.
    static func close(_ fd: FileDescriptor, _ op: FileOperation, _ path: String) throws(AudioFileError) {
        if case .failure(let e) = outcome({ try fd.close() }) { throw failure(op, path, e) }
    }

    /// Flushes `path` to disk: opens it (a file, or a folder to flush its entries) read-only, runs `call` on the
    /// descriptor (``flushToDisk(_:)``, or Linux's `syncfs` for its whole file system) and closes it. The first
    /// failure is thrown, as `.sync` on `reported`.
    static func sync(
        _ path: String, reporting reported: String, with call: (Int32) -> Int32 = { flushToDisk($0) }
    )
        throws(AudioFileError)
    {
        let fd = try open(path, failing: .sync, reporting: reported)
        do {
            try sys(.sync, reported) { call(fd.rawValue) }
        } catch {
            try? fd.close()
            throw error
        }
        try close(fd, .sync, reported)
    }

    /// The status of `path` (`stat(2)`, or `lstat(2)` without `followingLinks`); nil when nothing is there
    /// (`ENOENT`, or a path through something that is not a folder, `ENOTDIR`).
    static func status(_ path: String, followingLinks: Bool = true) throws(AudioFileError) -> stat? {
        var st = stat()
        do {
            try sys(.stat, path) { followingLinks ? stat(path, &st) : lstat(path, &st) }
        } catch {
            if case .system(_, let e) = error.reason, e == .noSuchFileOrDirectory || e == .notDirectory { return nil }
            throw error
        }
        return st
    }

    /// The working directory (`getcwd(3)`); ``FileSystem/workingDirectory`` reads it once.
    static func currentDirectory() throws(AudioFileError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else {
            throw AudioFileError(".", .system(.stat, Errno(rawValue: errno)))
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes all of `bytes` to the descriptor `fd` (standard error, an appended file), retrying `EINTR` and short
    /// writes; false when a write fails.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    /// The same for bytes already in memory (a server's upload chunk).
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        (try? writeFully(FileDescriptor(rawValue: fd), bytes)) != nil
    }

    /// Writes all of `bytes` with swift-system's `write` (`pwrite` from `offset` when given), continuing short writes;
    /// swift-system retries `EINTR`. Not its `writeAll`: generic over a sequence and unspecialised here, it builds
    /// `Result<Int, Errno>`'s metadata at run time, whose `Error` requirement scans all of the binary's 5,000
    /// protocol conformances — about 1 % of a short conversion.
    static func writeFully(_ fd: FileDescriptor, _ bytes: UnsafeRawBufferPointer, at offset: Int64? = nil) throws -> Int
    {
        var done = 0
        while done < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[done...])
            let n: Int
            if let offset {
                n = try fd.write(toAbsoluteOffset: offset + Int64(done), rest)
            } else {
                n = try fd.write(rest)
            }
            // write(2) returns 0 only for an empty buffer; anything else would loop for ever.
            guard n > 0 else { throw Errno.ioError }
            done += n
        }
        return done
    }

    /// Everything the descriptor `fd` (standard input) gives until its end; a read error is thrown, reported on
    /// `name`.
    package static func readAll(_ fd: Int32, reporting name: String) throws(AudioFileError) -> [UInt8] {
        let descriptor = FileDescriptor(rawValue: fd)
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = try run(.read, name) { try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) } }
            if n == 0 { return out }
            out += chunk[0..<n]
        }
    }

    /// Appends `bytes` to the file `path`, made (mode 0644 less the creation mask) when missing.
    package static func append(_ bytes: [UInt8], to path: String) throws(AudioFileError) {
        let opened = outcome {
            try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.append, .create, .closeOnExec],
                permissions: [.ownerReadWrite, .groupRead, .otherRead])
        }
        let fd: FileDescriptor
        switch opened {
        case .success(let opened): fd = opened
        case .failure(let e): throw failure(.open, path, e)
        }
        let written = outcome { try bytes.withUnsafeBytes { try writeFully(fd, $0) } }
        try close(fd, .write, path)
        if case .failure(let e) = written { throw failure(.write, path, e) }
    }

    /// Whether the descriptor `fd` is a terminal (`isatty(3)`).
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Creates the folder `path` (`mkdir(2)`, mode 0777 less the creation mask).
    static func makeDirectory(_ path: String) throws(AudioFileError) {
        try sys(.create, path) { mkdir(path, 0o777) }
    }

    /// Removes the file `path` (`unlink(2)`); one that is already gone is not an error.
    static func removeFile(_ path: String) throws(AudioFileError) {
        do {
            try sys(.remove, path) { unlink(path) }
        } catch {
            if case .system(_, .noSuchFileOrDirectory) = error.reason { return }
            throw error
        }
    }

    /// Renames `from` over `to` (`rename(2)`), reported on `to`.
    static func move(_ from: String, over to: String) throws(AudioFileError) {
        try sys(.rename, to) { rename(from, to) }
    }

    /// The names in the folder `path` (`opendir`, `readdir`, `closedir`), unsorted, `.` and `..` included.
    static func directoryEntries(_ path: String) throws(AudioFileError) -> [String] {
        var opened = opendir(path)
        while opened == nil && errno == EINTR { opened = opendir(path) }
        guard let dir = opened else { throw AudioFileError(path, .system(.list, Errno(rawValue: errno))) }
        var names: [String] = []
        var failure: Errno?
        // The name is read where it lies, up to its NUL: an entry is only as long as its name (d_reclen), so copying
        // the whole d_name array (256 bytes on Linux) read past the end of readdir's buffer for the last entries of a
        // large folder (AddressSanitizer: heap-buffer-overflow).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        while true {
            // readdir returns nil both at the end and on failure; only errno tells them apart.
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { failure = Errno(rawValue: errno) }
                break
            }
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            names.append(String(cString: name))
        }
        if closedir(dir) != 0 && failure == nil { failure = Errno(rawValue: errno) }
        if let failure { throw AudioFileError(path, .system(.list, failure)) }
        return names
    }

    static func failure(_ op: FileOperation, _ path: String, _ error: any Error) -> AudioFileError {
        AudioFileError(path, .system(op, (error as? Errno) ?? .ioError))
    }
}
