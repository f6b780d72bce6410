import CStandardError

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's standard error, shared with the C libraries soundkit loads. A decoder library may print to it on
/// its own — libmpg123, inside libsndfile, writes `Note: Illegal Audio-MPEG-Header 0x… at offset …` naming no file,
/// and neither libsndfile nor the libmpg123 handle libsndfile makes can be told to be quiet. Those libraries (libmpg123,
/// libsndfile, libFLAC, libopus, libmp3lame) all print through C's `stderr` stream, never to descriptor 2 directly, so
/// the stream is where their text is told apart: on first use `stderr` becomes a stream whose writes go to the calling
/// thread's capture when ``capturing(_:)`` runs on that thread, and to descriptor 2, unchanged, on every other thread.
/// No descriptor moves and no call waits for another's: each call's text stays its own, and the server's log lines
/// (written to descriptor 2, or through `stderr` on another thread) reach the terminal meanwhile.
package enum StandardError {
    /// The most a capture keeps of what was written.
    static let captureLimit = 4096

    /// What one thread's libraries wrote during ``capturing(_:)``: bytes up to ``captureLimit``.
    final class Capture {
        var bytes: [UInt8] = []
    }

    /// The thread-specific slot naming the calling thread's ``Capture`` (an unretained pointer), or nothing.
    private static let slot: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Whether `stderr` has been made the stream that routes by thread (CStandardError); done once, the first time a
    /// capture runs: a process that opens no decoder library keeps C's own stream.
    private static let routed: Bool = {
        guard slot != nil else { return false }
        return soundkit_standard_error_route { bytes, count in
            guard let bytes else { return }
            StandardError.route(UnsafeRawBufferPointer(start: bytes, count: count))
        } == 0
    }()

    /// Writes `bytes` to descriptor 2, whole (soundkit's own lines; a decoder's text on a thread not capturing),
    /// after what C's `stdout` still holds: with both streams on one pipe (`2>&1`, a CI log), a summary written while
    /// standard output's buffer held the findings came before them, or inside one of their lines.
    package static func write(_ bytes: [UInt8]) {
        soundkit_flush_standard_output()
        _ = Syscall.writeAll(2, bytes)
    }

    /// Where a library's write to `stderr` goes: the calling thread's capture, or descriptor 2.
    fileprivate static func route(_ bytes: UnsafeRawBufferPointer) {
        if let key = slot, let p = pthread_getspecific(key) {
            let capture = Unmanaged<Capture>.fromOpaque(p).takeUnretainedValue()
            let room = Swift.max(captureLimit - capture.bytes.count, 0)
            capture.bytes.append(contentsOf: bytes.prefix(room))
        } else {
            _ = Syscall.writeAll(2, bytes)
        }
    }

    /// `body`'s result and what the C libraries it calls wrote to `stderr` on this thread meanwhile (at most
    /// ``captureLimit`` bytes), which reaches no one else. Other threads are neither stopped nor captured. When the
    /// stream cannot be made, `body` runs as it is and nothing is captured.
    package static func capturing<T>(_ body: () -> T) -> (value: T, written: String) {
        guard routed, let key = slot else { return (body(), "") }
        let capture = Capture()
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(capture).toOpaque())
        let value = withExtendedLifetime(capture) { body() }
        pthread_setspecific(key, outer)
        return (value, String(decoding: capture.bytes, as: UTF8.self))
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
