import SoundKitContainers
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
        let got = try AudioFileError.rethrown(path) {
            try out.withUnsafeMutableBytes { b in try read(at: offset, into: b) }
        }
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
                try fd.read(
                    fromAbsoluteOffset: position, into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]))
            }
            if r == 0 { break }
            done += r
        }
        return done
    }
}
