/// A JSON value that keeps what APNs cares about and Foundation blurs: `1` and `1.0` and `true` are different.
package indirect enum JSONValue: Sendable, Hashable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    /// The number as written.
    case number(String)
    case bool(Bool)
    case null

    package static func == (a: JSONValue, b: JSONValue) -> Bool { a.compact == b.compact }
    package func hash(into h: inout Hasher) { h.combine(compact) }

    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.last { $0.0 == key }?.1 }
        return nil
    }

    /// What a person would call its type, for messages.
    package var typeName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let s): return "the string \"\(s)\""
        case .number(let n): return "the number \(n)"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// The compact serialisation (what a sender puts on the wire).
    package var compact: String {
        switch self {
        case .object(let m):
            return "{" + m.map { JSONValue.quote($0.0) + ":" + $0.1.compact }.joined(separator: ",") + "}"
        case .array(let a): return "[" + a.map(\.compact).joined(separator: ",") + "]"
        case .string(let s): return JSONValue.quote(s)
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    out += "\\u00" + String(u.value, radix: 16).leftPad(2)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}

package struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var line: Int
    package var column: Int
    package var offset: Int
    package var description: String { "invalid JSON at line \(line), column \(column): \(message)" }
}

/// Where something starts in a JSON document as given: 1-based line, and column counted in Unicode scalars.
package struct JSONPosition: Sendable, Hashable {
    package var line: Int
    package var column: Int
}

/// Where the members of a parsed document's objects and the items of its arrays start, by key path (an item's
/// component is its index in brackets, `[0]`), down to ``JSONPositions/depth`` levels.
package struct JSONPositions: Sendable {
    /// Where one member's key (none for array items) and value start.
    package struct Member: Sendable {
        package var key: JSONPosition?
        package var value: JSONPosition
    }

    /// How deep members are recorded: deeper than anything a payload check names, and a bound on hostile input.
    package static let depth = 8
    /// Where the document's value starts.
    package var root = JSONPosition(line: 1, column: 1)
    /// Each member and item recorded, by its key path; of duplicate keys the last, as ``JSONValue`` keeps it.
    package var members: [[String]: Member] = [:]

    /// Where the value at `path` starts, or, when nothing is there, the value of its nearest ancestor that is.
    package func value(at path: [String]) -> JSONPosition {
        var p = path[...]
        while !p.isEmpty {
            if let m = members[Array(p)] { return m.value }
            p = p.dropLast()
        }
        return root
    }

    /// Where the member `path` starts (its key), when it is a member of an object.
    package func key(at path: [String]) -> JSONPosition? { members[path]?.key }
}

/// A strict RFC 8259 parser that reports where it stopped, and where each member starts.
package struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    /// Where the document's text starts (after a byte order mark).
    var start = 0
    /// The key path of the value being parsed, as far as positions are recorded.
    var path: [String] = []
    var positions = JSONPositions()
    /// The last position worked out, from which the next is counted on (positions are asked for in order).
    var cursor = (offset: 0, position: JSONPosition(line: 1, column: 1))

    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try parseLocated(bytes).value
    }

    /// The document and where its members start.
    package static func parseLocated(
        _ bytes: [UInt8]
    ) throws(JSONSyntaxError) -> (value: JSONValue, positions: JSONPositions) {
        var p = JSONParser(bytes: bytes)
        // A UTF-8 byte order mark is tolerated, as most senders' libraries do.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.start = 3 }
        p.i = p.start
        p.cursor.offset = p.start
        p.skipSpace()
        p.positions.root = p.here()
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == bytes.count else { throw p.error("unexpected \(p.describeHere()) after the end of the document") }
        return (v, p.positions)
    }

    /// The position of byte `offset`, counted on from `from` (at or before it).
    static func position(
        of offset: Int, in bytes: [UInt8], from: (offset: Int, position: JSONPosition)
    ) -> JSONPosition {
        var p = from.position
        for b in bytes[from.offset..<max(from.offset, min(offset, bytes.count))] {
            if b == 0x0A {
                p.line += 1
                p.column = 1
            } else if b & 0xC0 != 0x80 {
                p.column += 1
            }
        }
        return p
    }

    /// The position of the current byte.
    mutating func here() -> JSONPosition {
        let p = Self.position(of: i, in: bytes, from: cursor)
        cursor = (i, p)
        return p
    }

    func error(_ message: String) -> JSONSyntaxError {
        let p = Self.position(of: i, in: bytes, from: (start, JSONPosition(line: 1, column: 1)))
        return JSONSyntaxError(message: message, line: p.line, column: p.column, offset: i)
    }

    func describeHere() -> String {
        guard i < bytes.count else { return "end of input" }
        let b = bytes[i]
        return b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }

    mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < 512 else { throw error("nested too deeply") }
        guard i < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected \(describeHere()), expected a value")
        }
    }

    mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<(i + w.count)]) == w else {
            throw error("unexpected \(describeHere()), expected a value")
        }
        i += w.count
    }

    /// Enters the member `name` (its value starts here) and records where it and its key start.
    mutating func record(_ name: String, key: JSONPosition?) {
        path.append(name)
        positions.members[path] = JSONPositions.Member(key: key, value: here())
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        i += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeHere()), expected a member name in quotes")
            }
            let recorded = depth < JSONPositions.depth
            let keyAt = recorded ? here() : nil
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeHere()), expected ':' after \"\(key)\"")
            }
            i += 1
            skipSpace()
            if recorded { record(key, key: keyAt) }
            members.append((key, try value(depth: depth + 1)))
            if recorded { path.removeLast() }
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return .object(members)
            }
            throw error("unexpected \(describeHere()), expected ',' or '}'")
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(items)
        }
        while true {
            skipSpace()
            let recorded = depth < JSONPositions.depth
            if recorded { record("[\(items.count)]", key: nil) }
            items.append(try value(depth: depth + 1))
            if recorded { path.removeLast() }
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
            throw error("unexpected \(describeHere()), expected ',' or ']'")
        }
    }

    mutating func number() throws(JSONSyntaxError) -> String {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw error("unexpected end of input in a number") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            throw error("unexpected \(describeHere()) in a number")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { throw error("expected digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { throw error("expected digits in the exponent") }
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw error("control character in a string (escape it)") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard bytes.count - i > 4,
                        let v = UInt32(String(decoding: bytes[(i + 1)...(i + 4)], as: UTF8.self), radix: 16)
                    else {
                        throw error("expected four hex digits after \\u")
                    }
                    i += 4
                    var scalar = v
                    if (0xD800...0xDBFF).contains(v), bytes.count - i > 6, bytes[i + 1] == 0x5C,
                        bytes[i + 2] == UInt8(ascii: "u"),
                        let low = UInt32(String(decoding: bytes[(i + 3)...(i + 6)], as: UTF8.self), radix: 16),
                        (0xDC00...0xDFFF).contains(low)
                    {
                        scalar = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                    out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                default: throw error("unknown escape \\\(Character(Unicode.Scalar(bytes[i])))")
                }
                i += 1
                continue
            }
            out.append(b)
            i += 1
        }
        throw error("unterminated string")
    }
}
