import Foundation
import Testing

@testable import SoundKitProjects

/// The OpenStep property-list reader: the grammar of CFOldStylePList.c (SOURCE-TREES.md §1.2), positions, and
/// hostile text that must end in a ProjectReadError at the right place, never a trap.
@Suite struct XcodeOpenStepTests {
    func read(_ text: String) throws(ProjectReadError) -> PlistNode {
        try OpenStepReader.read(Array(text.utf8), file: "p.pbxproj")
    }

    func failure(_ text: String) -> ProjectReadError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    func failure(bytes: [UInt8]) -> ProjectReadError? {
        do {
            _ = try OpenStepReader.read(bytes, file: "p.pbxproj")
            return nil
        } catch {
            return error
        }
    }

    @Test("every escape decodes as CoreFoundation decodes it, in both quote styles")
    func escapes() throws {
        let text = #"""
            {
            	a = "tab\tnl\nbs\\dq\"sq\'";
            	b = 'single "quoted" \' here';
            	c = "\a\b\f\r\v";
            	d = "\101\60\0601";
            	e = "\U00e9\UD83D\UDE00\U41";
            	f = "\q\
            x";
            }
            """#
        let root = try read(text)
        #expect(root["a"]?.string == "tab\tnl\nbs\\dq\"sq'")
        #expect(root["b"]?.string == "single \"quoted\" ' here")
        #expect(root["c"]?.string == "\u{07}\u{08}\u{0C}\r\u{0B}")
        // Octal: at most three digits, so \0601 is "0" then "1".
        #expect(root["d"]?.string == "A001")
        // \U takes up to four hex digits; a surrogate pair joins.
        #expect(root["e"]?.string == "é😀A")
        #expect(root["f"]?.string == "q\nx")
    }

    @Test("comments of both forms, unquoted strings, data, trailing commas, key shortcut, duplicate keys")
    func grammar() throws {
        let text = """
            // !$*UTF8*$!
            {
            	/* a comment */ path = Sounds/chime-1.caf; // to the line end
            	list = ( one, "two", three, );
            	empty = ( );
            	data = <0fbd 7771
            	1c>;
            	version = 77;
            	shortcut;
            	dup = first;
            	dup = second;
            	chars = A-Za_z0$9/:.x;
            }
            """
        let root = try read(text)
        #expect(root["path"]?.string == "Sounds/chime-1.caf")
        #expect(root["list"]?.strings == ["one", "two", "three"])
        #expect(root["empty"]?.array?.count == 0)
        if case .data(let bytes)? = root["data"]?.value {
            #expect(bytes == [0x0F, 0xBD, 0x77, 0x71, 0x1C])
        } else {
            Issue.record("data was not read as data")
        }
        #expect(root["version"]?.string == "77")
        #expect(root["shortcut"]?.string == "shortcut")
        #expect(root["dup"]?.string == "second")
        #expect(root.dictionary?.count == 8)
        #expect(root["chars"]?.string == "A-Za_z0$9/:.x")
    }

    @Test("every value and key is at its line and column (columns in Unicode scalars)")
    func positions() throws {
        let text = "{\n\tobjects = {\n\t\t\"é\" = { isa = PBXBuildFile; };\n\t};\n}"
        let root = try read(text)
        let objects = try #require(root["objects"])
        #expect((objects.line, objects.column) == (2, 12))
        let entry = try #require(objects.dictionary?.entry("é"))
        #expect((entry.keyLine, entry.keyColumn) == (3, 3))
        // `"é" = {`: the brace is the seventh scalar after the two tabs.
        #expect((entry.value.line, entry.value.column) == (3, 9))
        #expect(entry.value["isa"]?.string == "PBXBuildFile")
    }

    @Test("a strings file's top level, an empty file, and a byte order mark")
    func topLevel() throws {
        let strings = try read("a = b;\n\"c d\" = \"e\";")
        #expect(strings["a"]?.string == "b" && strings["c d"]?.string == "e")
        #expect(try read("").dictionary?.count == 0)
        #expect(try read("  // nothing\n").dictionary?.count == 0)
        let bom = try OpenStepReader.read([0xEF, 0xBB, 0xBF] + Array("{a=b;}".utf8), file: "p")
        #expect(bom["a"]?.string == "b" && bom.column == 1)
    }

    @Test("mistakes are errors at their line and column")
    func mistakes() {
        let cases: [(String, Int, Int, String)] = [
            ("{\n\ta = \"open;\n}", 2, 6, "quoted string starts here"),
            ("{\n\ta = b; /* open\n}", 2, 9, "comment starts here"),
            ("{\n\ta = b\n\tc = d;\n}", 3, 2, "';' is missing"),
            ("{ a = <0f1>; }", 1, 11, "odd number"),
            ("{ a = <0g>; }", 1, 9, "only hex digits"),
            ("{ a = ( b c ); }", 1, 11, "',' or ')'"),
            ("{ a = b; } junk", 1, 12, "after the end"),
            ("{ a = b;", 1, 9, "has no '}'"),
            ("{ = b; }", 1, 3, "key should be"),
            ("{ a = ; }", 1, 7, "where a value should be"),
            ("( a, b", 1, 7, "has no ')'"),
        ]
        for (text, line, column, words) in cases {
            let e = failure(text)
            #expect(e?.site.line == line && e?.site.column == column, "\(text): \(String(describing: e))")
            #expect(e?.message.contains(words) == true, "\(text): \(String(describing: e))")
            #expect(e?.site.path == "p.pbxproj")
        }
    }

    @Test("nesting past 64 levels stops at the 65th, and 10 MB of '(' is an error, not a trap")
    func deepNesting() {
        let deep = failure(String(repeating: "{a=", count: 100))
        #expect(deep?.site.line == 1 && deep?.site.column == 64 * 3 + 1)
        #expect(deep?.message.contains("deeper than 64") == true)
        let parens = failure(bytes: [UInt8](repeating: UInt8(ascii: "("), count: 10 << 20))
        #expect(parens?.site.line == 1 && parens?.site.column == 65)
        let atDepth = String(repeating: "(", count: 64) + String(repeating: ")", count: 64)
        #expect(failure(atDepth) == nil)
    }

    @Test("unterminated strings and comments report where they start, even far into a long file")
    func unterminatedLate() {
        let lines = String(repeating: "\ta = b;\n", count: 5000)
        let e = failure("{\n" + lines + "\tz = 'never closed\n" + lines)
        #expect(e?.site.line == 5002 && e?.site.column == 6)
    }

    @Test("the encoding is sniffed: JSON, XML, UTF-16 and OpenStep")
    func sniffing() throws {
        #expect(ProjectPropertyList.sniff(Array(#"{"objects" : {}}"#.utf8)) == .json)
        #expect(ProjectPropertyList.sniff(Array(#"{ "objects" = {}; }"#.utf8)) == .openStep)
        #expect(ProjectPropertyList.sniff(Array("<?xml version=\"1.0\"?><plist/>".utf8)) == .xml)
        #expect(ProjectPropertyList.sniff(Array("bplist00".utf8)) == .binary)
        let json = try ProjectPropertyList.read(Array("{\n  \"a\" : [\"b\", 1]\n}".utf8), file: "p")
        #expect(json["a"]?.strings == ["b", "1"])
        #expect(json["a"]?.line == 2 && json["a"]?.column == 9)
        var utf16: [UInt8] = [0xFF, 0xFE]
        for u in "{ a = \"é\"; }".utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        #expect(try ProjectPropertyList.read(utf16, file: "p")["a"]?.string == "é")
        let badJSON = try #require(throws: ProjectReadError.self) {
            try ProjectPropertyList.read(Array("{\"a\" :\n  nope}".utf8), file: "p")
        }
        #expect(badJSON.site.line == 2 && badJSON.site.column == 3)
    }
}

/// Large projects read in time linear in their size.
@Suite struct XcodeReaderScaleTests {
    @Test(
        "a 100,000-object pbxproj and a 200,000-item array read in minutes at most (a quadratic reader took over ten)")
    func largeCollections() throws {
        var text = "{ objects = {\n"
        for n in 0..<100_000 {
            text += "\t\tA\(n) = {isa = PBXBuildFile; fileRef = B\(n); };\n"
        }
        text += "\t};\n\tlist = (" + String(repeating: "x, ", count: 200_000) + ");\n}\n"
        let clock = ContinuousClock()
        let start = clock.now
        let root = try OpenStepReader.read(Array(text.utf8), file: "big.pbxproj")
        let elapsed = clock.now - start
        #expect(root["objects"]?.dictionary?.count == 100_000)
        #expect(root["list"]?.array?.count == 200_000)
        #expect(elapsed < .seconds(120), "\(elapsed)")
        let json5 = "[" + String(repeating: "{a: 'b'}, ", count: 200_000) + "]"
        let start5 = clock.now
        #expect(try JSON5Reader.read(Array(json5.utf8), file: "big.xcproj").array?.count == 200_000)
        #expect(clock.now - start5 < .seconds(120))
    }
}
