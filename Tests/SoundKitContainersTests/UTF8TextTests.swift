import Testing

@testable import SoundKitContainers

/// UTF8Text against the standard library's own validator, `String(validating:as:)`, which the libraries cannot call
/// (it needs macOS 15; they declare 13) but a test on Linux or a current Mac can.
@Suite("UTF8Text: UTF-8 validation without String(validating:)")
struct UTF8TextTests {
    /// Every sequence of one and two bytes, and every three- and four-byte sequence whose bytes are drawn from the
    /// values where UTF-8's rules change (ASCII, continuation, the lead bytes' ranges, overlong and surrogate edges).
    @Test("the same verdict as the standard library on every 1- and 2-byte sequence and the edges of 3 and 4 bytes")
    func agreesWithTheStandardLibrary() throws {
        guard #available(macOS 15, iOS 18, *) else {
            Issue.record("String(validating:as:) is not available on this OS: nothing to compare with")
            return
        }
        func same(_ bytes: [UInt8]) -> Bool {
            let expected = String(validating: bytes, as: UTF8.self)
            return UTF8Text.isValid(bytes) == (expected != nil) && UTF8Text.decoded(bytes) == expected
        }
        var sequences = 0
        var disagreements: [[UInt8]] = []
        for a in 0...255 {
            let one = [UInt8(a)]
            sequences += 1
            if !same(one) { disagreements.append(one) }
            for b in 0...255 {
                let two = [UInt8(a), UInt8(b)]
                sequences += 1
                if !same(two) { disagreements.append(two) }
            }
        }
        let edges: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
            0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for a in edges {
            for b in edges {
                for c in edges {
                    sequences += 1
                    if !same([a, b, c]) { disagreements.append([a, b, c]) }
                    for d in edges {
                        sequences += 1
                        if !same([a, b, c, d]) { disagreements.append([a, b, c, d]) }
                    }
                }
            }
        }
        #expect(sequences == 256 + 65536 + 25 * 25 * 25 * 26)
        #expect(disagreements.isEmpty, "first disagreements: \(disagreements.prefix(5))")
        // Known verdicts, so that a validator broken the same way as the oracle would still be caught.
        #expect(UTF8Text.decoded([0x63, 0x61, 0x66, 0xC3, 0xA9]) == "café")
        #expect(!UTF8Text.isValid([0xC0, 0x80]), "an overlong NUL")
        #expect(!UTF8Text.isValid([0xED, 0xA0, 0x80]), "a surrogate")
        #expect(!UTF8Text.isValid([0xF4, 0x90, 0x80, 0x80]), "past U+10FFFF")
        #expect(!UTF8Text.isValid([0xE2, 0x82]), "cut off")
        #expect(UTF8Text.isValid([0xF0, 0x9F, 0x94, 0x94]), "U+1F514, a bell")
    }
}
