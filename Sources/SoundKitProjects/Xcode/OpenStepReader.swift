/// Reads an old-style (OpenStep) property list, the text `project.pbxproj` is written in, as CoreFoundation's
/// `CFOldStylePList.c` accepts it: dictionaries `{ key = value; }` (and `key;` for `key = key`), arrays `( a, b, )`
/// with a trailing comma, data `<0fbd 7771>`, strings quoted with `"` or `'` (every escape: octal, `\U` UTF-16 units,
/// `\a \b \f \n \r \t \v`, a backslash before anything else) or unquoted (`[A-Za-z0-9_$/:.-]`), comments `//` and
/// `/* */` wherever space may be, a strings file's brace-less `key = value;` list, and an empty file as an empty
/// dictionary. Of a key given twice the later value is kept.
///
/// The bytes are a stranger's: the reader is iterative (an explicit stack, at most ``maxDepth`` arrays and
/// dictionaries deep), reads at most ``maxBytes`` and builds at most ``maxNodes`` values, and stops at the first
/// mistake with a ``ProjectReadError`` at its line and column.
package struct OpenStepReader {
    /// How deeply arrays and dictionaries may nest: a pbxproj needs five (root, objects, object, a list, an entry's
    /// settings); CoreFoundation allows 512.
    package static let maxDepth = 64
    /// The largest file read: the largest public projects' pbxproj files are a few megabytes.
    package static let maxBytes = 64 << 20
    /// The most values built (strings, data, arrays and dictionaries together).
    package static let maxNodes = 4_000_000

    let bytes: [UInt8]
    let file: String
    var i: Int
    var locator: TextLocator
    var nodes = 0

    /// An open array or dictionary. A struct kept in the stack and changed through it, so that its storage has one
    /// owner and grows in place (an enum's payload taken out and put back was copied for each value: quadratic).
    private struct Frame {
        var isArray: Bool
        var line: Int
        var column: Int
        /// A dictionary's `braces`: false for a strings file's top level, closed by the end of the text.
        var braces = true
        var items: [PlistNode] = []
        var entries = PlistDictionary()
        /// A dictionary's key whose value is being read.
        var key: PlistDictionary.Entry?

        /// The finished collection.
        var node: PlistNode {
            PlistNode(isArray ? .array(items) : .dictionary(entries), line: line, column: column)
        }
    }

    /// The property list in `bytes` (UTF-8, a byte order mark allowed); `file` names it in errors.
    package static func read(_ bytes: [UInt8], file: String) throws(ProjectReadError) -> PlistNode {
        guard bytes.count <= maxBytes else {
            throw ProjectReadError(
                site: SourceSite(path: file, line: 1, column: 1),
                message: "the file is \(bytes.count) bytes; a property list over \(maxBytes) bytes is not read")
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var reader = OpenStepReader(bytes: bytes, file: file, i: start, locator: TextLocator(bytes, start: start))
        return try reader.document()
    }

    mutating func document() throws(ProjectReadError) -> PlistNode {
        let start = i
        try skipSpace()
        guard i < bytes.count else { return PlistNode(.dictionary(PlistDictionary()), line: 1, column: 1) }
        let first = try value(stack: [])
        try skipSpace()
        if i == bytes.count { return first }
        // A top-level string followed by more text: the text is a strings file (`key = value;` without braces).
        if case .string = first.value {
            i = start
            nodes = 0
            return try value(stack: [Frame(isArray: false, line: 1, column: 1, braces: false)])
        }
        throw error("unexpected \(describeHere()) after the end of the property list")
    }

    // MARK: The iterative walk

    /// Reads one value; with `stack` not empty, the value that closes its bottom frame.
    private mutating func value(stack initial: [Frame]) throws(ProjectReadError) -> PlistNode {
        var stack = initial
        if !stack.isEmpty, let closed = try proceed(&stack, justOpened: true) {
            return closed
        }
        while true {
            try skipSpace()
            guard i < bytes.count else { throw error("unexpected end of the file where a value should be") }
            let at = locator.position(of: i)
            var node: PlistNode
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "("):
                guard stack.count < Self.maxDepth else {
                    throw error("arrays and dictionaries nested deeper than \(Self.maxDepth) levels")
                }
                try count()
                stack.append(Frame(isArray: bytes[i] == UInt8(ascii: "("), line: at.line, column: at.column))
                i += 1
                guard let closed = try proceed(&stack, justOpened: true) else { continue }
                node = closed
            case UInt8(ascii: "<"):
                node = PlistNode(.data(try data()), line: at.line, column: at.column)
            default:
                guard let s = try string() else {
                    throw error("unexpected \(describeHere()) where a value should be")
                }
                node = PlistNode(.string(s), line: at.line, column: at.column)
            }
            // Hand the finished value to the collection it is in, closing collections as they end.
            while true {
                guard !stack.isEmpty else { return node }
                attach(node, to: &stack)
                guard let closed = try proceed(&stack, justOpened: false) else { break }
                node = closed
            }
        }
    }

    /// Adds `node` to the innermost collection, in place.
    private func attach(_ node: PlistNode, to stack: inout [Frame]) {
        let top = stack.count - 1
        guard top >= 0 else { return }
        if stack[top].isArray {
            stack[top].items.append(node)
        } else if var key = stack[top].key {
            key.value = node
            stack[top].key = nil
            stack[top].entries.set(key)
        }
    }

    /// Reads the separators after a collection opened or after one of its values: nil when a value comes next (a
    /// dictionary's key read), or the collection when it closed (popped from the stack).
    private mutating func proceed(_ stack: inout [Frame], justOpened: Bool) throws(ProjectReadError) -> PlistNode? {
        let top = stack.count - 1
        guard top >= 0 else { return nil }
        let (line, column, braces) = (stack[top].line, stack[top].column, stack[top].braces)
        if stack[top].isArray {
            try skipSpace()
            if !justOpened {
                guard i < bytes.count else {
                    throw error("the array that starts at line \(line), column \(column) has no ')'")
                }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    try skipSpace()
                } else if bytes[i] != UInt8(ascii: ")") {
                    throw error("unexpected \(describeHere()) in an array: a ',' or ')' should be here")
                }
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: ")"), let closed = stack.popLast() else { return nil }
            i += 1
            return closed.node
        }
        if !justOpened {
            try skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else {
                throw error("a ';' is missing after the value (unexpected \(describeHere()))")
            }
            i += 1
        }
        while true {
            try skipSpace()
            if i == bytes.count, !braces { return stack.popLast()?.node }
            guard i < bytes.count else {
                throw error("the dictionary that starts at line \(line), column \(column) has no '}'")
            }
            if bytes[i] == UInt8(ascii: "}"), braces {
                i += 1
                return stack.popLast()?.node
            }
            let at = locator.position(of: i)
            guard let key = try string() else {
                throw error("unexpected \(describeHere()) where a dictionary's key should be")
            }
            let entry = PlistDictionary.Entry(
                key: key, keyLine: at.line, keyColumn: at.column,
                value: PlistNode(.string(key), line: at.line, column: at.column))
            try skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
                i += 1
                stack[top].key = entry
                return nil
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else {
                throw error("unexpected \(describeHere()) after the key \"\(key)\": an '=' should be here")
            }
            // `key;` stands for `key = key;`.
            i += 1
            stack[top].entries.set(entry)
        }
    }

    // MARK: Tokens

    private mutating func count() throws(ProjectReadError) {
        nodes += 1
        guard nodes <= Self.maxNodes else {
            throw error("more than \(Self.maxNodes) values: a property list this large is not read")
        }
    }

    /// A quoted or unquoted string at `i`, nil when none starts there.
    private mutating func string() throws(ProjectReadError) -> String? {
        guard i < bytes.count else { return nil }
        let b = bytes[i]
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            try count()
            return try quoted()
        }
        let start = i
        while i < bytes.count, Self.isUnquoted(bytes[i]) { i += 1 }
        guard i > start else { return nil }
        try count()
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// `isValidUnquotedStringCharacter`: `A-Z a-z 0-9 _ $ / : . -`.
    static func isUnquoted(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
            UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// A quoted string, its escapes decoded into UTF-16 units (so `\U` surrogate pairs join).
    private mutating func quoted() throws(ProjectReadError) -> String {
        let quote = bytes[i]
        let start = i
        i += 1
        var units: [UInt16] = []
        var run = i
        while i < bytes.count {
            let b = bytes[i]
            if b == quote || b == UInt8(ascii: "\\") {
                units.append(contentsOf: String(decoding: bytes[run..<i], as: UTF8.self).utf16)
                i += 1
                if b == quote { return String(decoding: units, as: UTF16.self) }
                guard i < bytes.count else { break }
                units.append(contentsOf: escape())
                run = i
                continue
            }
            i += 1
        }
        throw error("a quoted string starts here and is not closed", at: start)
    }

    /// The escape after a backslash (at `i`), as UTF-16 units.
    private mutating func escape() -> [UInt16] {
        let b = bytes[i]
        i += 1
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            // Up to three octal digits: a byte of NeXTSTEP's encoding, which is ASCII below 0x80; above it the
            // table is NeXTSTEP's own, which Xcode never writes (it writes `\U`), so it reads as U+FFFD.
            var v = UInt16(b - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[i]) {
                v = v &* 8 &+ UInt16(bytes[i] - UInt8(ascii: "0"))
                i += 1
                digits += 1
            }
            return [v < 0x80 ? v : 0xFFFD]
        case UInt8(ascii: "U"):
            var v: UInt16 = 0
            var digits = 0
            while digits < 4, i < bytes.count, let d = Self.hexValue(bytes[i]) {
                v = v &<< 4 | UInt16(d)
                i += 1
                digits += 1
            }
            return [v]
        case UInt8(ascii: "a"): return [0x07]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "v"): return [0x0B]
        default:
            // Any other character stands for itself (`\"`, `\\`, `\'`, a backslash before a line end); a multi-byte
            // character is taken whole.
            var end = i
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            let text = String(decoding: bytes[(i - 1)..<end], as: UTF8.self)
            i = end
            return Array(text.utf16)
        }
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `<hex digits and spaces>`.
    private mutating func data() throws(ProjectReadError) -> [UInt8] {
        try count()
        let start = i
        i += 1
        var out: [UInt8] = []
        var high: UInt8?
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: ">") {
                guard high == nil else { throw error("the data has an odd number of hex digits") }
                i += 1
                return out
            }
            if let d = Self.hexValue(b) {
                if let h = high {
                    out.append(h << 4 | d)
                    high = nil
                } else {
                    high = d
                }
            } else if ![0x20, 0x09, 0x0A, 0x0D].contains(b) && !isLineSeparator(at: i) {
                throw error("unexpected \(describeHere()) in data: only hex digits and spaces may be between < and >")
            } else if b == 0xE2 {
                i += 2
            }
            i += 1
        }
        throw error("data starts here and has no '>'", at: start)
    }

    // MARK: Space and comments

    /// U+2028 and U+2029 (E2 80 A8, E2 80 A9), which CoreFoundation skips as space.
    func isLineSeparator(at j: Int) -> Bool {
        j + 2 < bytes.count && bytes[j] == 0xE2 && bytes[j + 1] == 0x80
            && (bytes[j + 2] == 0xA8 || bytes[j + 2] == 0xA9)
    }

    /// Skips space, `// …` to the line's end, and `/* … */` (not nesting; one left open is an error).
    mutating func skipSpace() throws(ProjectReadError) {
        while i < bytes.count {
            let b = bytes[i]
            if (0x09...0x0D).contains(b) || b == 0x20 {
                i += 1
            } else if isLineSeparator(at: i) {
                i += 3
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                let start = i
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                    i += 1
                }
                guard i + 1 < bytes.count else {
                    // CoreFoundation lets it run to the end, where the value it interrupts fails; say where it starts.
                    i = bytes.count
                    throw error("a comment starts here and is not closed ('*/')", at: start)
                }
                i += 2
            } else {
                return
            }
        }
    }

    // MARK: Errors

    /// An error at byte `offset` (by default where the reader is).
    mutating func error(_ message: String, at offset: Int? = nil) -> ProjectReadError {
        let at = locator.position(of: offset ?? i)
        return ProjectReadError(site: SourceSite(path: file, line: at.line, column: at.column), message: message)
    }

    func describeHere() -> String {
        guard i < bytes.count else { return "end of the file" }
        let b = bytes[i]
        return b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }
}
