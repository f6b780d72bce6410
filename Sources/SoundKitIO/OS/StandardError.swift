#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's standard error, shared with the C libraries soundkit loads. A decoder library may print to it on
/// its own — libmpg123, inside libsndfile, writes `Note: Illegal Audio-MPEG-Header 0x… at offset …` to descriptor 2,
/// naming no file, and neither libsndfile nor libmpg123's handle libsndfile makes can be told to be quiet — so a
/// call into such a library runs ``capturing(_:)``: descriptor 2 goes to a private file for the call, and what the
/// library wrote comes back to the caller, which makes it part of that file's message or drops it. soundkit's own
/// writes to standard error (``write(_:)``) take the same lock, so they never land in a capture.
package enum StandardError {
    /// The unlinked file a capture sends descriptor 2 to: made on first use, reused, reached only with the lock held.
    private static let sink = LockedValueBox<Int32>(-1)

    /// The most a capture keeps of what was written.
    static let captureLimit = 4096

    /// Writes `bytes` to standard error, never while a library's output is being captured.
    package static func write(_ bytes: [UInt8]) {
        sink.withLockedValue { _ in _ = Syscall.writeAll(2, bytes) }
    }

    /// `body`'s result and what it wrote to descriptor 2 (at most ``captureLimit`` bytes), which reaches no one
    /// else. When descriptor 2 cannot be moved, `body` runs as it is and nothing is captured.
    package static func capturing<T>(_ body: () -> T) -> (value: T, written: String) {
        sink.withLockedValue { sink in
            if sink < 0 { sink = makeSink() }
            fflush(nil)  // every stream: stderr is one, and naming it is not concurrency-safe
            let saved = sink >= 0 ? dup(2) : -1
            guard saved >= 0, ftruncate(sink, 0) == 0, lseek(sink, 0, SEEK_SET) == 0, dup2(sink, 2) >= 0 else {
                if saved >= 0 { close(saved) }
                return (body(), "")
            }
            let value = body()
            fflush(nil)  // every stream: stderr is one, and naming it is not concurrency-safe
            _ = dup2(saved, 2)
            close(saved)
            let end = lseek(sink, 0, SEEK_CUR)
            guard end > 0 else { return (value, "") }
            var bytes = [UInt8](repeating: 0, count: Int(Swift.min(end, off_t(captureLimit))))
            let n = bytes.withUnsafeMutableBytes { pread(sink, $0.baseAddress, $0.count, 0) }
            return (value, String(decoding: bytes.prefix(Swift.max(n, 0)), as: UTF8.self))
        }
    }

    /// A file in the temporary folder, unlinked at once; -1 when none can be made.
    private static func makeSink() -> Int32 {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/soundkit-stderr-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { p in p.baseAddress.map { mkstemp($0) } ?? -1 }
        if fd >= 0 { _ = template.withUnsafeBufferPointer { p in p.baseAddress.map { unlink($0) } } }
        return fd
    }

    /// What a library printed, as a message's tail: its lines trimmed, repeats dropped, at most `lines` of them,
    /// joined with "; ". Empty when it printed nothing.
    package static func summary(_ written: String, lines: Int = 3) -> String {
        var kept: [String] = []
        for line in written.split(whereSeparator: \.isNewline) {
            var t = line
            while t.first?.isWhitespace == true { t.removeFirst() }
            while t.last?.isWhitespace == true { t.removeLast() }
            if !t.isEmpty, !kept.contains(String(t)) { kept.append(String(t)) }
        }
        return kept.prefix(lines).joined(separator: "; ") + (kept.count > lines ? "; …" : "")
    }
}
