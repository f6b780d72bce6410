import Foundation
import Testing

@testable import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Standard error shared with C libraries")
struct StandardErrorTests {
    @Test("a capture takes what a call writes to descriptor 2, and gives descriptor 2 back")
    func capture() throws {
        let before = try #require(Self.identity(2))
        let text = "Note: Illegal Audio-MPEG-Header 0x06ea6b69 at offset 10563.\nNote: Trying to resync...\n"
        let (value, written) = StandardError.capturing { () -> Int in
            Array(text.utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
        #expect(value == text.utf8.count)
        #expect(written == text)
        #expect(Self.identity(2) == before)
        // A capture starts empty, and a call that prints nothing gives nothing.
        #expect(StandardError.capturing { 1 }.written == "")
    }

    @Test("a summary keeps the first lines once each, trimmed")
    func summary() {
        let printed = "Note: a\n  Note: a  \nNote: b\n\nNote: c\nNote: d\n"
        #expect(StandardError.summary(printed) == "Note: a; Note: b; Note: c; …")
        #expect(StandardError.summary("") == "")
    }

    /// The device and inode descriptor `fd` is open on.
    static func identity(_ fd: Int32) -> [UInt64]? {
        var s = stat()
        guard fstat(fd, &s) == 0 else { return nil }
        return [UInt64(s.st_dev), UInt64(s.st_ino)]
    }
}
