import SoundKitNotifications

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `project.pbxproj` in whichever encoding it was written: OpenStep text (what Xcode writes; soundkit's own
/// ``OpenStepReader``), XML or binary (CocoaPods and synx once wrote XML; read through `InfoPlist`'s guarded
/// decoder, so within its bounds: 1 MB and 256 arrays and dictionaries, which only small projects fit), or JSON
/// (`plutil -convert json`; `JSONParser`). UTF-16 text is transcoded first.
package enum ProjectPropertyList {
    /// The encodings told apart.
    package enum Encoding: String, Sendable {
        case openStep = "OpenStep text"
        case xml = "XML property list"
        case binary = "binary property list"
        case json = "JSON"
    }

    /// How the bytes are written, judged from their start.
    package static func sniff(_ bytes: [UInt8]) -> Encoding {
        if bytes.starts(with: Array("bplist".utf8)) { return .binary }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x09, 0x0A, 0x0D, 0x20].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { return .openStep }
        if bytes[i] == UInt8(ascii: "<"), i + 1 < bytes.count,
            [UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "p")].contains(bytes[i + 1])
        {
            return .xml
        }
        // JSON and OpenStep both open with '{'; JSON's first key is followed by ':', OpenStep's by '=' or ';'.
        guard bytes[i] == UInt8(ascii: "{") else { return .openStep }
        i += 1
        while i < bytes.count, [0x09, 0x0A, 0x0D, 0x20].contains(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return .openStep }
        i += 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        i += 1
        while i < bytes.count, [0x09, 0x0A, 0x0D, 0x20].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: ":") ? .json : .openStep
    }

    /// The property list in `bytes`; `file` names it in errors.
    package static func read(_ bytes: [UInt8], file: String) throws(ProjectReadError) -> PlistNode {
        var text = bytes
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            text = utf8(fromUTF16: bytes)
        }
        switch sniff(text) {
        case .openStep: return try OpenStepReader.read(text, file: file)
        case .json: return try json(text, file: file)
        case .xml, .binary: return try decoded(text, file: file)
        }
    }

    /// UTF-16 text (with its byte order mark) as UTF-8; an odd last byte is dropped.
    static func utf8(fromUTF16 bytes: [UInt8]) -> [UInt8] {
        let big = bytes[0] == 0xFE
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var j = 2
        while j + 1 < bytes.count {
            let (a, b) = (UInt16(bytes[j]), UInt16(bytes[j + 1]))
            units.append(big ? a << 8 | b : b << 8 | a)
            j += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    // MARK: JSON

    static func json(_ bytes: [UInt8], file: String) throws(ProjectReadError) -> PlistNode {
        let parsed: (value: JSONValue, positions: JSONPositions)
        do {
            parsed = try JSONParser.parseLocated(bytes)
        } catch {
            throw ProjectReadError(
                site: SourceSite(path: file, line: error.line, column: error.column),
                message: "not valid JSON: \(error.message)")
        }
        return try convert(parsed.value, positions: parsed.positions, file: file)
    }

    /// A JSON value as a node, at the positions the parser recorded (the nearest recorded ancestor's for values
    /// deeper than it records). Recursive, at most ``OpenStepReader/maxDepth`` levels.
    static func convert(
        _ value: JSONValue, positions: JSONPositions, file: String, path: [String] = []
    ) throws(ProjectReadError) -> PlistNode {
        let at = positions.value(at: path)
        guard path.count <= OpenStepReader.maxDepth else {
            throw ProjectReadError(
                site: SourceSite(path: file, line: at.line, column: at.column),
                message: "arrays and objects nested deeper than \(OpenStepReader.maxDepth) levels")
        }
        switch value {
        case .object(let members):
            var d = PlistDictionary()
            for (key, member) in members {
                let keyAt = positions.key(at: path + [key]) ?? at
                d.set(
                    .init(
                        key: key, keyLine: keyAt.line, keyColumn: keyAt.column,
                        value: try convert(member, positions: positions, file: file, path: path + [key])))
            }
            return PlistNode(.dictionary(d), line: at.line, column: at.column)
        case .array(let items):
            var nodes: [PlistNode] = []
            for (n, item) in items.enumerated() {
                nodes.append(try convert(item, positions: positions, file: file, path: path + ["[\(n)]"]))
            }
            return PlistNode(.array(nodes), line: at.line, column: at.column)
        case .string(let s): return PlistNode(.string(s), line: at.line, column: at.column)
        case .number(let n): return PlistNode(.string(n), line: at.line, column: at.column)
        case .bool(let b): return PlistNode(.string(b ? "YES" : "NO"), line: at.line, column: at.column)
        case .null: return PlistNode(.string(""), line: at.line, column: at.column)
        }
    }

    // MARK: XML and binary

    static func decoded(_ bytes: [UInt8], file: String) throws(ProjectReadError) -> PlistNode {
        let budget = DecodedTree.Budget()
        let root: InfoPlist.Node<DecodedTree>
        do {
            root = try DecodedTree.$budget.withValue(budget) { () throws(InfoPlist.ReadError) in
                try InfoPlist.decode(bytes)
            }
        } catch {
            throw ProjectReadError(site: SourceSite(path: file, line: 1, column: 1), message: "the file \(error)")
        }
        guard case .value(let tree) = root else {
            throw ProjectReadError(
                site: SourceSite(path: file, line: 1, column: 1), message: "the property list is not a dictionary")
        }
        return tree.node
    }
}

/// Any property-list value decoded through `InfoPlist`'s guarded decoder, as a ``PlistNode`` at line 1 (the decoder
/// gives no positions). Bounded: at most ``maxDepth`` levels (a cyclic binary plist stops there) and ``maxValues``
/// values (a binary plist whose objects share children many times over stops there).
struct DecodedTree: Decodable, Sendable {
    static let maxDepth = 64
    static let maxValues = 1_000_000

    /// The values decoded so far in one read.
    final class Budget: @unchecked Sendable {
        var values = 0
    }

    @TaskLocal static var budget: Budget?

    var node: PlistNode

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        guard decoder.codingPath.count < Self.maxDepth else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "nested deeper than \(Self.maxDepth) levels"))
        }
        if let budget = Self.budget {
            budget.values += 1
            guard budget.values <= Self.maxValues else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "more than \(Self.maxValues) values"))
            }
        }
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var d = PlistDictionary()
            for key in keyed.allKeys {
                let value = try keyed.decode(DecodedTree.self, forKey: key)
                d.set(.init(key: key.stringValue, keyLine: 1, keyColumn: 1, value: value.node))
            }
            node = PlistNode(.dictionary(d), line: 1, column: 1)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var items: [PlistNode] = []
            while !unkeyed.isAtEnd { items.append(try unkeyed.decode(DecodedTree.self).node) }
            node = PlistNode(.array(items), line: 1, column: 1)
        } else {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) {
                node = PlistNode(.string(s), line: 1, column: 1)
            } else if let b = try? c.decode(Bool.self) {
                node = PlistNode(.string(b ? "YES" : "NO"), line: 1, column: 1)
            } else if let n = try? c.decode(Int64.self) {
                node = PlistNode(.string(String(n)), line: 1, column: 1)
            } else if let n = try? c.decode(Double.self) {
                node = PlistNode(.string("\(n)"), line: 1, column: 1)
            } else if let data = try? c.decode(Data.self) {
                node = PlistNode(.data(Array(data)), line: 1, column: 1)
            } else {
                node = PlistNode(.string(""), line: 1, column: 1)
            }
        }
    }
}
