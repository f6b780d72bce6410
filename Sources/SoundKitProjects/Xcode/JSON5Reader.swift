/// Reads JSON5 (what Xcode 27's `project.xcproj` is written in): JSON plus `//` and `/* */` comments, trailing
/// commas, unquoted keys, single-quoted strings and JSON5's escapes (`\x41`, `\0`, `\'`, a backslash before a line
/// end). Numbers, `true`, `false` and `null` are kept as strings with their text. Bounded like ``OpenStepReader``:
/// iterative, at most ``OpenStepReader/maxDepth`` deep, ``OpenStepReader/maxBytes`` long and
/// ``OpenStepReader/maxNodes`` values; the first mistake is a ``ProjectReadError`` at its line and column.
package struct JSON5Reader {
    let bytes: [UInt8]
    let file: String
    var i: Int
    var locator: TextLocator
    var nodes = 0

    /// An open array or object, changed in place through the stack (see ``OpenStepReader``'s frames).
    private struct Frame {
        var isArray: Bool
        var line: Int
        var column: Int
        var items: [PlistNode] = []
        var members = PlistDictionary()
        var key: PlistDictionary.Entry?

        var node: PlistNode {
            PlistNode(isArray ? .array(items) : .dictionary(members), line: line, column: column)
        }
    }

    /// The document in `bytes` (UTF-8, a byte order mark allowed); `file` names it in errors.
    package static func read(_ bytes: [UInt8], file: String) throws(ProjectReadError) -> PlistNode {
        guard bytes.count <= OpenStepReader.maxBytes else {
            throw ProjectReadError(
                site: SourceSite(path: file, line: 1, column: 1),
                message: "the file is \(bytes.count) bytes; a project over \(OpenStepReader.maxBytes) bytes is not read"
            )
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var reader = JSON5Reader(bytes: bytes, file: file, i: start, locator: TextLocator(bytes, start: start))
        let value = try reader.value()
        try reader.skipSpace()
        guard reader.i == bytes.count else {
            throw reader.error("unexpected \(reader.describeHere()) after the end of the document")
        }
        return value
    }

    private mutating func value() throws(ProjectReadError) -> PlistNode {
        var stack: [Frame] = []
        while true {
            try skipSpace()
            guard i < bytes.count else { throw error("unexpected end of the file where a value should be") }
            let at = locator.position(of: i)
            try count()
            var node: PlistNode
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < OpenStepReader.maxDepth else {
                    throw error("arrays and objects nested deeper than \(OpenStepReader.maxDepth) levels")
                }
                stack.append(Frame(isArray: bytes[i] == UInt8(ascii: "["), line: at.line, column: at.column))
                i += 1
                guard let closed = try proceed(&stack, justOpened: true) else { continue }
                node = closed
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                node = PlistNode(.string(try quoted()), line: at.line, column: at.column)
            default:
                guard let word = bare() else { throw error("unexpected \(describeHere()) where a value should be") }
                node = PlistNode(.string(word), line: at.line, column: at.column)
            }
            while true {
                guard !stack.isEmpty else { return node }
                let top = stack.count - 1
                if stack[top].isArray {
                    stack[top].items.append(node)
                } else if var key = stack[top].key {
                    key.value = node
                    stack[top].key = nil
                    stack[top].members.set(key)
                }
                guard let closed = try proceed(&stack, justOpened: false) else { break }
                node = closed
            }
        }
    }

    /// After a collection opened or one of its values: nil when a value comes next (an object's key read), or the
    /// collection when it closed.
    private mutating func proceed(_ stack: inout [Frame], justOpened: Bool) throws(ProjectReadError) -> PlistNode? {
        let top = stack.count - 1
        guard top >= 0 else { return nil }
        let close = stack[top].isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")
        try skipSpace()
        if !justOpened {
            guard i < bytes.count else {
                throw error("unexpected end of the file: a ',' or '\(Character(Unicode.Scalar(close)))' should be here")
            }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                try skipSpace()
            } else if bytes[i] != close {
                throw error(
                    "unexpected \(describeHere()): a ',' or '\(Character(Unicode.Scalar(close)))' should be here")
            }
        }
        if i < bytes.count, bytes[i] == close {
            i += 1
            return stack.popLast()?.node
        }
        if stack[top].isArray { return nil }
        guard i < bytes.count else { throw error("unexpected end of the file where a member's name should be") }
        let at = locator.position(of: i)
        let key: String
        if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
            key = try quoted()
        } else if let word = bare() {
            key = word
        } else {
            throw error("unexpected \(describeHere()) where a member's name should be")
        }
        try skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
            throw error("unexpected \(describeHere()) after the name \"\(key)\": a ':' should be here")
        }
        i += 1
        stack[top].key = PlistDictionary.Entry(
            key: key, keyLine: at.line, keyColumn: at.column,
            value: PlistNode(.string(""), line: at.line, column: at.column))
        return nil
    }

    private mutating func count() throws(ProjectReadError) {
        nodes += 1
        guard nodes <= OpenStepReader.maxNodes else {
            throw error("more than \(OpenStepReader.maxNodes) values: a project this large is not read")
        }
    }

    /// An unquoted name, number or literal (`true`, `null`, `-1.5e3`, `Infinity`, `0x1F`).
    private mutating func bare() -> String? {
        let start = i
        while i < bytes.count, Self.isBare(bytes[i]) { i += 1 }
        return i > start ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
    }

    /// A character of an unquoted name or literal: letters, digits, `_ $ . + -`.
    static func isBare(_ b: UInt8) -> Bool {
        b != UInt8(ascii: ":") && b != UInt8(ascii: "/") && (OpenStepReader.isUnquoted(b) || b == UInt8(ascii: "+"))
    }

    private mutating func quoted() throws(ProjectReadError) -> String {
        let quote = bytes[i]
        let start = i
        i += 1
        var units: [UInt16] = []
        var run = i
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A { break }
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
        throw error("a quoted string starts here and is not closed on its line", at: start)
    }

    private mutating func escape() -> [UInt16] {
        let b = bytes[i]
        i += 1
        func hex(_ n: Int) -> UInt16? {
            guard bytes.count - i >= n else { return nil }
            var v: UInt16 = 0
            for k in 0..<n {
                guard let d = OpenStepReader.hexValue(bytes[i + k]) else { return nil }
                v = v << 4 | UInt16(d)
            }
            i += n
            return v
        }
        switch b {
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "v"): return [0x0B]
        case UInt8(ascii: "0"): return [0]
        case UInt8(ascii: "x"): return [hex(2) ?? 0xFFFD]
        case UInt8(ascii: "u"): return [hex(4) ?? 0xFFFD]
        case 0x0A: return []
        case 0x0D:
            if i < bytes.count, bytes[i] == 0x0A { i += 1 }
            return []
        default:
            var end = i
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            let text = String(decoding: bytes[(i - 1)..<end], as: UTF8.self)
            i = end
            return Array(text.utf16)
        }
    }

    mutating func skipSpace() throws(ProjectReadError) {
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x20 || (0x09...0x0D).contains(b) {
                i += 1
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                let start = i
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                    i += 1
                }
                guard i + 1 < bytes.count else {
                    i = bytes.count
                    throw error("a comment starts here and is not closed ('*/')", at: start)
                }
                i += 2
            } else {
                return
            }
        }
    }

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
