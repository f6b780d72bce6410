#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SoundKitContainers

/// The text of an `errno` value.
func errnoText(_ e: Int32 = errno) -> String { String(cString: strerror(e)) }

/// A read-only file, closed when released.
public final class InputFile: ByteSource {
    public let path: String
    let fd: Int32
    public let size: Int64

    public init(path: String) throws {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw AudioFileError(path, "cannot open: \(errnoText())") }
        var st = stat()
        guard fstat(fd, &st) == 0 else { let e = errnoText(); close(fd); throw AudioFileError(path, "cannot stat: \(e)") }
        if (st.st_mode & S_IFMT) == S_IFDIR { close(fd); throw AudioFileError(path, "is a folder, not a sound file") }
        self.fd = fd
        self.size = Int64(st.st_size)
    }

    deinit { close(fd) }

    public func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard count > 0, offset >= 0, offset < size else { return [] }
        let n = Int(Swift.min(Int64(count), size - offset))
        var out = [UInt8](repeating: 0, count: n)
        let got = try out.withUnsafeMutableBytes { try read(at: offset, into: $0) }
        if got < n { out.removeLast(n - got) }
        return out
    }

    /// Fills `buffer` from `offset` as far as the file goes; returns the bytes read.
    public func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var done = 0
        while done < buffer.count {
            let r = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + Int64(done)))
            if r < 0 {
                if errno == EINTR { continue }
                throw AudioFileError(path, "read failed: \(errnoText())")
            }
            if r == 0 { break }
            done += r
        }
        return done
    }
}

public enum FileSystem {
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether two paths name the same file (same device and inode), through links.
    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// The entries of a folder, sorted, without `.` and `..`.
    public static func contents(of dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Splits `dir/name.ext` into `dir/name` and `ext` (no extension: `""`).
    public static func splitExtension(_ path: String) -> (base: String, ext: String) {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (path, "") }
        let ext = String(name[name.index(after: dot)...])
        return (String(path.dropLast(ext.count + 1)), ext)
    }

    public static func join(_ dir: String, _ name: String) -> String {
        dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }
}

/// An output written to a temporary file beside its destination and renamed into place only when complete,
/// so a failed conversion leaves nothing behind and an existing file is only ever replaced whole.
public final class AtomicOutputFile {
    public let path: String
    let temporaryPath: String
    let fd: Int32
    private var finished = false

    public init(path: String) throws {
        self.path = path
        let dir = FileSystem.directory(of: path)
        var template = Array(FileSystem.join(dir, ".\(FileSystem.lastComponent(path)).soundkit-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw AudioFileError(path, "cannot create a file in \(dir): \(errnoText())") }
        self.fd = fd
        self.temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit { if !finished { discard() } }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let r = Glibc_write(fd, bytes.baseAddress! + done, bytes.count - done)
            if r < 0 {
                if errno == EINTR { continue }
                throw AudioFileError(path, "write failed: \(errnoText())")
            }
            done += r
        }
    }

    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { (raw) in try write(raw) }
    }

    /// Overwrites bytes already written (the final header).
    public func write(_ bytes: [UInt8], at offset: Int64) throws {
        let r = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        guard r == bytes.count else { throw AudioFileError(path, "write failed: \(errnoText())") }
    }

    /// Gives the file the usual permissions and renames it over `path`.
    public func commit() throws {
        let mask = umask(0); umask(mask)
        fchmod(fd, 0o666 & ~mask)
        guard close(fd) == 0 else { let e = errnoText(); discard(); throw AudioFileError(path, "write failed: \(e)") }
        finished = true
        guard rename(temporaryPath, path) == 0 else {
            let e = errnoText(); unlink(temporaryPath)
            throw AudioFileError(path, "cannot move the finished file into place: \(e)")
        }
    }

    /// Removes the temporary file.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(fd)
        unlink(temporaryPath)
    }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.write(fd, p, n)
    #else
    return Glibc.write(fd, p, n)
    #endif
}
