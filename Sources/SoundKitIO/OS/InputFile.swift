import SoundKitContainers
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read-only source of bytes: a file, closed when released, or bytes in memory (an upload a service holds), read
/// the same way. Reads at an offset and fills its buffer completely unless the source ends (swift-system retries
/// `EINTR`; short reads are continued here).
package final class InputFile: ByteSource, @unchecked Sendable {
    // @unchecked: the storage is immutable after init, and pread is safe from any thread.
    /// The path, or for bytes in memory the name they go by in messages.
    package let path: String
    package let size: Int64
    private let storage: Storage

    private enum Storage {
        case descriptor(FileDescriptor)
        case memory([UInt8])
    }

    /// The bytes, when the source is in memory: what libsndfile's virtual I/O and FFmpeg's I/O context read.
    package var memory: [UInt8]? {
        if case .memory(let bytes) = storage { return bytes }
        return nil
    }

    /// Bytes in memory, named `name` in messages.
    package init(name: String, bytes: [UInt8]) {
        path = name
        size = Int64(bytes.count)
        storage = .memory(bytes)
    }

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
        self.storage = .descriptor(fd)
        self.size = Int64(st.st_size)
    }

    deinit { if case .descriptor(let fd) = storage { try? fd.close() } }

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
        let fd: FileDescriptor
        switch storage {
        case .memory(let bytes):
            guard offset >= 0, offset < size else { return 0 }
            let start = Int(offset)
            let n = Swift.min(buffer.count, bytes.count - start)
            bytes.withUnsafeBytes { b in
                UnsafeMutableRawBufferPointer(rebasing: buffer[0..<n]).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: b[start..<(start + n)]))
            }
            return n
        case .descriptor(let d): fd = d
        }
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
