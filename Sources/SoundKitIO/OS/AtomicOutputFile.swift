import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output written to a temporary file beside its destination and renamed into place only when complete, so a
/// failed conversion leaves nothing behind and an existing file is only ever replaced whole. The data is flushed
/// to disk before the rename and the folder after it, so a power cut leaves either the old file or the new one.
///
/// ``commit()`` does all of that for one file. Several files that must appear together, or many files that
/// should share one flush to disk, are ``detach(flush:)``ed and then published with ``PendingFile/publish(_:flushed:)``.
package final class AtomicOutputFile: OutputBytes {
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
        _ = try Syscall.run(.write, path) { try Syscall.writeFully(fd, bytes) }
    }

    package func write(_ bytes: [UInt8]) throws(AudioFileError) {
        try AudioFileError.rethrown(path) { try bytes.withUnsafeBytes { raw in try write(raw) } }
    }

    /// Overwrites bytes already written (the final header).
    package func write(_ bytes: [UInt8], at offset: Int64) throws(AudioFileError) {
        _ = try Syscall.run(.write, path) { try bytes.withUnsafeBytes { try Syscall.writeFully(fd, $0, at: offset) } }
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
            if flush { try Syscall.sys(.sync, path) { Syscall.flushToDisk(fd.rawValue) } }
            owned = false
            try Syscall.close(fd, .write, path)
        } catch {
            owned = false
            // The error that stopped the file is the one to report; removing it is best effort.
            PendingFile(path: path, temporaryPath: temporaryPath, flushed: false).discard()
            throw error
        }
        return PendingFile(path: path, temporaryPath: temporaryPath, flushed: flush)
    }

    package func handOff(flush: Bool) throws(AudioFileError) -> WrittenOutput { .file(try detach(flush: flush)) }

    /// Closes and removes the temporary file, unless it was handed on. For failure paths and releases, which
    /// have another error to report or none: a file that cannot be removed is left under its temporary name.
    package func discard() {
        guard owned else { return }
        owned = false
        try? fd.close()
        PendingFile(path: path, temporaryPath: temporaryPath, flushed: false).discard()
    }
}

/// A finished output under its temporary name, closed, waiting to be renamed into place: what passes from the
/// task that wrote a file to the one that publishes it. Until published, ``discard()`` removes it.
package struct PendingFile: Sendable, Hashable {
    package let path: String
    package let temporaryPath: String
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
                    try Syscall.move(f.temporaryPath, over: f.path)
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

    /// Removes the temporary file (nothing, once it is published). Throws when it cannot be removed; it is then
    /// left under its temporary name, which the error names.
    package func remove() throws(AudioFileError) {
        try Syscall.removeFile(temporaryPath)
        TemporaryFiles.untrack(temporaryPath)
    }

    /// Removes the temporary file as far as it can: for failure paths, whose own error is the one to report.
    package func discard() {
        try? remove()
    }

    static func flush(_ files: [PendingFile]) throws(AudioFileError) {
        #if os(Linux)
            if let syncfs = Syscall.syncfs {
                var done: [String] = []
                for f in files where !f.flushed {
                    let dir = FileSystem.directory(of: f.path)
                    guard !done.contains(dir) else { continue }
                    done.append(dir)
                    try Syscall.sync(dir, reporting: f.path) { syncfs($0) }
                }
                return
            }
        #endif
        for f in files where !f.flushed {
            try Syscall.sync(f.temporaryPath, reporting: f.path)
        }
    }

    /// The folders are few (one, for a single conversion): an array, not a `Set`, whose storage's metadata would be
    /// built at run time by a scan of every protocol conformance in the binary.
    static func syncFolders(of files: [PendingFile]) {
        var done: [String] = []
        for f in files {
            let dir = FileSystem.directory(of: f.path)
            guard !done.contains(dir) else { continue }
            done.append(dir)
            try? Syscall.sync(dir, reporting: dir)
        }
    }
}
