import SoundKitTestSupport
import Testing

@testable import SoundKitProjects

/// Bytes from strangers: every language's lexer and call shapes on unterminated strings and comments, deep
/// nesting, invalid UTF-8 and oversized files return a scan (with a note where something was read past) and never
/// trap.
@Suite struct ScannerHostileTests {
    static let paths = [
        "a.swift", "a.m", "a.kt", "a.java", "a.dart", "a.tsx", "a.cs", "a.apns", "a.json", "capacitor.config.json",
    ]

    @Test func kindsThatAreNotScanned() {
        #expect(SourceScanner.scan(Array("let x = 1".utf8), path: "README.md") == nil)
        #expect(!SourceScanner.isScanned(path: "android/app/build.gradle"))
        #expect(SourceScanner.isScanned(path: "ios/Runner/AppDelegate.swift"))
        #expect(SourceScanner.isScanned(path: "src/App.TSX"))
        #expect(SourceScanner.isScanned(path: "Payloads/push.apns"))
    }

    @Test(arguments: paths)
    func unterminatedStringsAndComments(_ path: String) throws {
        for text in [
            "UNNotificationSound(named: \"abc", "/* never closed UNNotificationSound(named: \"a.caf\")",
            "x = \"\"\"\n never closed", "x = #\"raw", "s = '''dart", "t = `template ${ a", "v = $\"{ never",
            "w = @\"verbatim", "u = \"\\u{110000}\\u{D800}\\uZZ\\", "q = \"\\(\"\\(\"\\(", "{\"aps\": {\"sound\": \"x",
        ] {
            _ = try Scanned.scan(text, path)
        }
    }

    @Test func aStringEndsAtItsLineWhenUnterminated() throws {
        let src = """
            let broken = "no end
            content.sound = UNNotificationSound(named: UNNotificationSoundName("next.caf"))
            """
        #expect(try Scanned.lines(src, "a.swift") == ["2:68 ios notification fileName next.caf"])
    }

    @Test(arguments: paths)
    func aMegabyteOfOpeningParentheses(_ path: String) throws {
        // A megabyte in scripts/test; a quarter of it in the quick loop, still far past any stack a recursive reader
        // could nest in (22 s of the quick loop's CPU at full size).
        let scan = try Scanned.scan(String(repeating: "(", count: TestRun.size(quick: 1 << 18, full: 1 << 20)), path)
        #expect(scan.references.isEmpty)
        // Other brackets and interpolations, 64 KB each (16 KB in the quick loop; the same code paths).
        for opener in ["{", "[", "\"\\(", "${", "$\"{", "`${"] {
            let text = String(repeating: opener, count: TestRun.size(quick: 1 << 14, full: 1 << 16) / opener.utf8.count)
            #expect(try Scanned.scan(text, path).references.isEmpty)
        }
    }

    @Test func deepNestingStillFindsTheCallAfterIt() throws {
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        let src = deep + "\ncontent.sound = UNNotificationSound(named: UNNotificationSoundName(\"after.caf\"))"
        #expect(try Scanned.lines(src, "a.swift") == ["2:68 ios notification fileName after.caf"])
    }

    @Test func invalidUTF8IsANoteAndTheRestIsRead() throws {
        var bytes = Array("let junk = \"".utf8) + [0xFF, 0xC3, 0x28, 0x80, 0xF0, 0x9F] + Array("\"\n".utf8)
        bytes += Array("content.sound = UNNotificationSound(named: UNNotificationSoundName(\"ok.caf\"))".utf8)
        let scan = try #require(SourceScanner.scan(bytes, path: "a.swift"))
        #expect(scan.references.map(Scanned.line) == ["2:68 ios notification fileName ok.caf"])
        #expect(scan.notes.map(\.message).contains { $0.contains("not UTF-8") })
        for path in Self.paths {
            let random = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
            _ = try #require(SourceScanner.scan(random, path: path))
        }
    }

    @Test func aFileOverTheBoundIsANoteNotAScan() throws {
        let line = "content.sound = UNNotificationSound(named: UNNotificationSoundName(\"big.caf\"))\n"
        let text = String(repeating: line, count: SourceScanner.maxBytes / line.utf8.count + 1)
        let scan = try Scanned.scan(text, "Generated.swift")
        #expect(scan.references.isEmpty)
        #expect(scan.notes.count == 1)
        #expect(scan.notes.first?.message.contains("over the 2 MB") == true)
    }

    @Test func theTokenBoundIsANote() throws {
        let text = String(repeating: "a ", count: SourceLexer.maxTokens + 10)
        let scan = try Scanned.scan(text, "a.kt")
        #expect(scan.notes.map(\.message).contains { $0.contains("scanned only up to here") })
    }
}

/// Shapes whose work would grow with the square of the file if each call looked at the whole bracket around it.
@Suite struct ScannerWorkBoundTests {
    @Test func manySoundKeysInOneObjectAreBounded() throws {
        let members = String(repeating: "sound: 'x', ", count: 12_000)
        let src = "import notifee from '@notifee/react-native';\nnotifee.createChannel({ \(members) id: 'c' });"
        let scan = try Scanned.scan(src, "a.js")
        // Each key is a channel sound, up to the bound.
        #expect(scan.references.count == ScanContext.maxCandidates)
        #expect(scan.notes.map(\.message).contains { $0.contains("over 5000 candidate calls") })
    }

    @Test func deeplyNestedCallsAndParenthesesAreBounded() throws {
        // Past the tree's bracket depth (2048), under the byte and token bounds.
        let depth = 10_000
        let nested =
            String(repeating: "UNNotificationSound(named: UNNotificationSoundName(", count: depth) + "\"a.caf\""
            + String(repeating: "))", count: depth)
        let refs = try Scanned.scan(nested, "a.swift").references
        // The outer calls whose brackets are matched each name a sound built at run time (another call).
        #expect(refs.count == TokenTree.maxDepth / 2)
        #expect(refs.allSatisfy { $0.name == .dynamic(prefix: "", suffix: "") })
        let parens =
            "x.sound = UNNotificationSound(named: " + String(repeating: "(", count: 100_000) + "\"p.caf\""
            + String(repeating: ")", count: 100_000) + ")"
        #expect(try Scanned.scan(parens, "b.swift").references.map(\.name) == [.dynamic(prefix: "", suffix: "")])
    }
}
