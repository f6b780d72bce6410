#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes in memory and a position in them, behind the read and seek callbacks libsndfile's virtual I/O and FFmpeg's
/// I/O context call. The offsets they ask for come from the file's own fields: a seek is checked (no overflow, not
/// negative), and nothing is read from past the end.
final class MemoryCursor {
    var bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The cursor behind a callback's `user_data` / `opaque` pointer.
    static func of(_ user: UnsafeMutableRawPointer?) -> MemoryCursor? {
        user.map { Unmanaged<MemoryCursor>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Copies up to `count` bytes into `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        guard count > 0, position < bytes.count else { return 0 }
        let n = Swift.min(count, bytes.count - position)
        bytes.withUnsafeBytes { b in
            UnsafeMutableRawBufferPointer(start: buffer, count: n).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: b[position..<(position + n)]))
        }
        position += n
        return n
    }

    /// Moves to `offset` from `SEEK_SET`, `SEEK_CUR` or `SEEK_END`; nil for an offset that overflows or lies before
    /// the start, or beyond the end when `pastEnd` is false.
    func seek(_ offset: Int64, whence: Int32, pastEnd: Bool) -> Int64? {
        let base: Int64
        switch whence {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = Int64(position)
        case SEEK_END: base = Int64(bytes.count)
        default: return nil
        }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0, pastEnd || target <= Int64(bytes.count), let p = Int(exactly: target) else {
            return nil
        }
        position = p
        return target
    }
}
