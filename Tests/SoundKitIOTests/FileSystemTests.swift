import SystemPackage
import Testing

@testable import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file-system calls go through the `Syscall` funnel: normal answers as before, and failures come back as
/// ``AudioFileError``s naming the path, the operation and the `Errno` wherever a caller can act on them.
@Suite("IO: the file system through the funnel")
struct FileSystemTests {
    /// The operation and error number of a system failure, or nil for any other outcome.
    static func failure(_ body: () throws(AudioFileError) -> Void) -> (String, FileOperation, Errno)? {
        do {
            try body()
            return nil
        } catch {
            guard case .system(let op, let e) = error.reason else { return nil }
            return (error.path, op, e)
        }
    }

    @Test("questions about paths: files, folders, links, dangling links and missing paths")
    func questions() throws {
        let dir = try temporaryFolder()
        let file = FileSystem.join(dir, "a.wav")
        let out = try AtomicOutputFile(path: file)
        try out.write([1])
        try out.commit()
        #expect(symlink(file, FileSystem.join(dir, "link")) == 0)
        #expect(symlink(FileSystem.join(dir, "gone"), FileSystem.join(dir, "dangling")) == 0)
        #expect(FileSystem.exists(file) && FileSystem.exists(dir) && !FileSystem.exists(FileSystem.join(dir, "gone")))
        #expect(!FileSystem.exists(FileSystem.join(dir, "dangling")))
        #expect(FileSystem.isDirectory(dir) && !FileSystem.isDirectory(file))
        #expect(!FileSystem.isDirectory(FileSystem.join(file, "x")))
        #expect(FileSystem.isSymbolicLink(FileSystem.join(dir, "link")) && !FileSystem.isSymbolicLink(file))
        #expect(FileSystem.isSymbolicLink(FileSystem.join(dir, "dangling")))
        #expect(FileSystem.isSameFile(file, FileSystem.join(dir, "link")) && !FileSystem.isSameFile(file, dir))
        #expect(!FileSystem.isSameFile(file, FileSystem.join(dir, "gone")))
        #expect(try Syscall.status(FileSystem.join(dir, "gone")) == nil)
        #expect(try Syscall.status(FileSystem.join(file, "x")) == nil)
    }

    @Test("listing a folder: sorted, without . and ..; a folder that cannot be listed says why")
    func listing() throws {
        let dir = try temporaryFolder()
        for name in ["b", "a", ".hidden"] {
            let out = try AtomicOutputFile(path: FileSystem.join(dir, name))
            try out.commit()
        }
        #expect(try FileSystem.entries(of: dir) == [".hidden", "a", "b"])
        #expect(FileSystem.contents(of: dir) == [".hidden", "a", "b"])
        let missing = FileSystem.join(dir, "missing")
        let f = Self.failure { () throws(AudioFileError) in _ = try FileSystem.entries(of: missing) }
        #expect(f?.0 == missing && f?.1 == .list && f?.2 == .noSuchFileOrDirectory)
        let g = Self.failure { () throws(AudioFileError) in _ = try FileSystem.entries(of: FileSystem.join(dir, "a")) }
        #expect(g?.1 == .list && g?.2 == .notDirectory)
        // The quiet form keeps its old answer.
        #expect(FileSystem.contents(of: missing).isEmpty)
    }

    @Test("making folders: the missing ones on the way, an existing one is fine, a file in the way is an error")
    func makingFolders() throws {
        let dir = try temporaryFolder()
        let deep = FileSystem.join(dir, "x/y/z")
        try FileSystem.makeDirectories(deep)
        try FileSystem.makeDirectories(deep)
        #expect(FileSystem.isDirectory(deep))
        let out = try AtomicOutputFile(path: FileSystem.join(dir, "file"))
        try out.commit()
        let sub = FileSystem.join(dir, "file/sub")
        let f = Self.failure { () throws(AudioFileError) in try FileSystem.makeDirectories(sub) }
        #expect(f?.1 == .create && f?.2 == .fileExists)
    }

    @Test("removing a temporary file: a failure is reported with its name; one already gone is not a failure")
    func removingTemporaryFiles() throws {
        let dir = try temporaryFolder()
        let out = try AtomicOutputFile(path: FileSystem.join(dir, "out.wav"))
        try out.write([1, 2, 3])
        let pending = try out.detach(flush: false)
        // A folder where the temporary file was: unlink(2) refuses it, even for root.
        try Syscall.removeFile(pending.temporaryPath)
        try Syscall.makeDirectory(pending.temporaryPath)
        let f = Self.failure { () throws(AudioFileError) in try pending.remove() }
        #expect(f?.0 == pending.temporaryPath && f?.1 == .remove && f?.2 == .isDirectory)
        pending.discard()  // best effort, for failure paths: no error escapes
        #expect(rmdir(pending.temporaryPath) == 0)
        try pending.remove()
        #expect(FileSystem.contents(of: dir).isEmpty)
    }
}
