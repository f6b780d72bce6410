import Foundation
import Testing

@testable import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Standard error shared with C libraries", .serialized)
struct StandardErrorTests {
    @Test("a capture takes what a call writes to C's stderr, and gives descriptor 2 back")
    func capture() throws {
        let before = try #require(Self.identity(2))
        let text = "Note: Illegal Audio-MPEG-Header 0x06ea6b69 at offset 10563.\nNote: Trying to resync...\n"
        let (value, written) = StandardError.capturing { () -> Int32 in Self.chatter(text) }
        #expect(value >= 0)
        #expect(written == text)
        #expect(Self.identity(2) == before)
        // A capture starts empty, and a call that prints nothing gives nothing.
        #expect(StandardError.capturing { 1 }.written == "")
    }

    /// A decoder chatters on one thread while another thread writes its own lines (as a server's log does, to
    /// descriptor 2 and through C's stderr) and captures a chattering call of its own: every line reaches descriptor
    /// 2 whole, and no text crosses from one call's capture into the other's. The threads meet at each step on
    /// semaphores, so the writes really overlap a capture; a step that never comes fails the test after 20 s.
    @Test("a capture on one thread takes nothing another thread writes, and stops no one")
    func threads() throws {
        let errors = try Self.redirectingDescriptor2()
        defer { errors.restore() }
        let inCapture = DispatchSemaphore(value: 0)
        let otherDone = DispatchSemaphore(value: 0)
        let timedOut = LockedValueBox(false)
        let results = LockedValueBox<[String: String]>([:])
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let (_, written) = StandardError.capturing { () -> Int32 in
                _ = Self.chatter("Note: chatter of call A, part 1\n")
                inCapture.signal()
                if otherDone.wait(timeout: .now() + 20) == .timedOut { timedOut.withLockedValue { $0 = true } }
                return Self.chatter("Note: chatter of call A, part 2\n")
            }
            results.withLockedValue { $0["A"] = written }
        }
        DispatchQueue.global().async(group: group) {
            if inCapture.wait(timeout: .now() + 20) == .timedOut { timedOut.withLockedValue { $0 = true } }
            for i in 0..<50 {
                _ = Syscall.writeAll(2, Array("log line \(i) of the server, written whole\n".utf8))
            }
            _ = Self.chatter("a C library's own line on the server's thread\n")
            let (_, written) = StandardError.capturing { Self.chatter("Note: chatter of call B\n") }
            results.withLockedValue { $0["B"] = written }
            otherDone.signal()
        }
        #expect(group.wait(timeout: .now() + 40) == .success)
        #expect(!timedOut.withLockedValue { $0 })
        let found = results.withLockedValue { $0 }
        #expect(found["A"] == "Note: chatter of call A, part 1\nNote: chatter of call A, part 2\n")
        #expect(found["B"] == "Note: chatter of call B\n")
        let seen = errors.text()
        for i in 0..<50 { #expect(seen.contains("log line \(i) of the server, written whole\n")) }
        #expect(seen.contains("a C library's own line on the server's thread\n"))
        #expect(!seen.contains("chatter of call"))
    }

    @Test("a summary keeps the first lines once each, trimmed")
    func summary() {
        let printed = "Note: a\n  Note: a  \nNote: b\n\nNote: c\nNote: d\n"
        #expect(StandardError.summary(printed) == "Note: a; Note: b; Note: c; …")
        #expect(StandardError.summary("") == "")
    }

    /// Writes `text` the way libmpg123 and libsndfile do: `fputs` to C's `stderr` stream, as the variable holds it
    /// now (read through the dynamic linker, as the libraries read it).
    static func chatter(_ text: String) -> Int32 {
        #if canImport(Darwin)
            let (everywhere, name) = (UnsafeMutableRawPointer(bitPattern: -2), "__stderrp")
        #else
            let (everywhere, name) = (UnsafeMutableRawPointer(bitPattern: 0), "stderr")
        #endif
        guard let variable = dlsym(everywhere, name),
            let stream = variable.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee
        else { return -1 }
        let n = fputs(text, stream)
        fflush(stream)
        return n
    }

    /// Descriptor 2 sent to a file for the test (the test's own doing, not the library's), and the way back.
    struct Redirection {
        let saved: Int32
        let file: Int32

        func text() -> String {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            var offset: off_t = 0
            while true {
                let n = chunk.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, offset) }
                guard n > 0 else { break }
                bytes += chunk.prefix(n)
                offset += off_t(n)
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        func restore() {
            _ = dup2(saved, 2)
            close(saved)
            close(file)
        }
    }

    static func redirectingDescriptor2() throws -> Redirection {
        let path = NSTemporaryDirectory() + "soundkit-stderr-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(file >= 0)
        unlink(path)
        let saved = dup(2)
        try #require(saved >= 0 && dup2(file, 2) >= 0)
        return Redirection(saved: saved, file: file)
    }

    /// The device and inode descriptor `fd` is open on.
    static func identity(_ fd: Int32) -> [UInt64]? {
        var s = stat()
        guard fstat(fd, &s) == 0 else { return nil }
        return [UInt64(s.st_dev), UInt64(s.st_ino)]
    }
}
