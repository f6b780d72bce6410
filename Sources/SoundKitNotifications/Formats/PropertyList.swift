#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads what the extension checks need from an app extension's `Info.plist`, XML or binary, with
/// FoundationEssentials' `PropertyListDecoder`.
///
/// Info.plists come from bundles people hand to a build step, so their bytes are hostile. The decoder mostly throws on
/// malformed input, but two of its paths recurse without a limit: the XML scanner (one level per `<array>`, `<dict>` or
/// `<plist>` element) and the OpenStep text parser; it traps on invalid UTF-8 inside an XML element, and on a binary
/// collection that claims 2^63 bytes or more. So only valid UTF-8 XML and binary plists whose collections claim no
/// more entries than the file has bytes are handed to it, XML only when it holds few enough of those tags that the
/// scanner's depth stays small on any thread's stack, and the decoded values below descend only into the keys the
/// checks read (`NSExtension`, `NSExtensionAttributes`, the category list), so a cyclic or deeply shared binary plist
/// costs no more than its size.
package enum InfoPlist {
    /// Larger files are not read: an extension's Info.plist is a few kilobytes.
    package static let maxBytes = 1 << 20
    /// The XML scanner recurses once per `<array`, `<dict` and `<plist` it meets and only moves forward, so this count
    /// bounds its depth (about 1 KB of stack per level in a debug build).
    package static let maxXMLCollections = 256

    package enum Format: String, Sendable { case xml = "XML property list", binary = "binary property list" }

    /// Why a property list was not read.
    package struct ReadError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The facts of one Info.plist.
    package struct Contents: Sendable {
        package var format: Format
        /// The top level, when it is not a dictionary.
        package var rootKind: Leaf?
        package var nsExtension: Node<ExtensionKeys>?
    }

    package static func read(_ bytes: [UInt8]) throws(ReadError) -> Contents {
        let (format, root): (Format, Node<RootKeys>) = try decode(format: bytes)
        switch root {
        case .value(let keys): return Contents(format: format, rootKind: nil, nsExtension: keys.nsExtension)
        case .other(let leaf): return Contents(format: format, rootKind: leaf, nsExtension: nil)
        }
    }

    /// Any property list read as an Info.plist is (the same checks and limits), into the keys `Keys` names.
    package static func decode<Keys: Decodable & Sendable>(_ bytes: [UInt8]) throws(ReadError) -> Node<Keys> {
        try decode(format: bytes).1
    }

    static func decode<Keys: Decodable & Sendable>(
        format bytes: [UInt8]
    ) throws(ReadError) -> (Format, Node<Keys>) {
        guard !bytes.isEmpty else { throw ReadError(description: "is empty") }
        guard bytes.count <= maxBytes else {
            throw ReadError(description: "is \(bytes.count) bytes; an Info.plist over \(maxBytes) bytes is not read")
        }
        let format: Format
        if bytes.starts(with: Array("bplist00".utf8)) {
            try checkBinary(bytes)
            format = .binary
        } else {
            try checkXML(bytes)
            format = .xml
        }
        do {
            return (format, try PropertyListDecoder().decode(Node<Keys>.self, from: Data(bytes)))
        } catch let e as DecodingError {
            throw ReadError(description: "is not a valid \(format.rawValue) (\(describe(e)))")
        } catch {
            throw ReadError(description: "is not a valid \(format.rawValue) (\(error))")
        }
    }

    /// Only UTF-8 XML (what Xcode writes) that starts with markup, so the decoder takes its XML path and neither
    /// transcodes nor falls back to the OpenStep parser; and few enough collection tags.
    static func checkXML(_ b: [UInt8]) throws(ReadError) {
        if b.starts(with: [0xFE, 0xFF]) || b.starts(with: [0xFF, 0xFE]) || b.starts(with: [0, 0]) {
            throw ReadError(
                description:
                    "is UTF-16 or UTF-32 text; only binary and UTF-8 XML property lists are read (plutil -convert binary1 converts it)"
            )
        }
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < b.count, [0x09, 0x0A, 0x0D, 0x20].contains(b[i]) { i += 1 }
        guard i < b.count, b[i] == UInt8(ascii: "<") else {
            throw ReadError(description: "is neither a binary nor an XML property list")
        }
        // The XML declaration's encoding, when it names one, must be UTF-8.
        if b[i...].starts(with: Array("<?xml".utf8)) {
            let declaration = b[i...].prefix(200).prefix { $0 != UInt8(ascii: ">") }
            let text = String(decoding: declaration, as: UTF8.self).lowercased()
            if let r = Substring(text).range(of: "encoding=") {
                let value = text[r.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
                guard value == "utf-8" || value == "utf8" else {
                    throw ReadError(
                        description: "declares the encoding \(value); only binary and UTF-8 XML property lists are read"
                    )
                }
            }
        }
        // Invalid UTF-8 inside an element makes FoundationEssentials trap (BufferView._decodeScalar, reached from an
        // <integer>'s whitespace skipping; found by scripts/fuzz), so XML must be valid UTF-8 throughout.
        var utf8 = UTF8()
        var bytes = b.makeIterator()
        var offset = 0
        decoding: while true {
            switch utf8.decode(&bytes) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: break decoding
            case .error:
                throw ReadError(
                    description: "is not valid UTF-8 (at byte \(offset)); an XML property list is UTF-8 text")
            }
        }
        var collections = 0
        for tag in ["<array", "<dict", "<plist"] {
            collections += occurrences(of: Array(tag.utf8), in: b)
            if collections > maxXMLCollections {
                throw ReadError(
                    description:
                        "holds more than \(maxXMLCollections) arrays and dictionaries; an Info.plist this elaborate is not read"
                )
            }
        }
    }

    /// FoundationEssentials' binary scanner traps on two kinds of length it does not check as it uses them (both found by
    /// scripts/fuzz; swift-foundation's BPlistScanner, unchanged at its August 2026 head): it converts the byte count
    /// an array, set or dictionary claims to `Int` before comparing it with the bytes that are left, which traps from
    /// 2^63 on; and it compares a UTF-16 string's character count, not its byte count, with the bytes that are left, so
    /// a string that runs past them traps when it is read. So every object the offset table points at is looked at
    /// first: whatever it claims to hold must fit between its header and the offset table. A trailer or table the
    /// scanner would refuse anyway is left to it, and this walk reads only what the trailer's arithmetic keeps inside
    /// the file.
    static func checkBinary(_ b: [UInt8]) throws(ReadError) {
        let trailerSize = 32
        guard b.count > 8 + trailerSize else { return }
        let t = b.count - trailerSize
        /// A big-endian integer of `size` bytes at `at`; of a longer one, as the scanner does, its last 8 bytes.
        func integer(at: Int, size: Int) -> UInt64 {
            var v: UInt64 = 0
            for i in at..<(at + size) { v = v &<< 8 | UInt64(b[i]) }
            return v
        }
        let offsetSize = Int(b[t + 6])
        let refSize = UInt64(b[t + 7])
        let objects = integer(at: t + 8, size: 8)
        let tableOffset = integer(at: t + 24, size: 8)
        // The scanner's own condition: the offset table fills exactly the bytes between tableOffset and the trailer.
        guard offsetSize >= 1, refSize >= 1, tableOffset >= 9, tableOffset < UInt64(t),
            case (let tableSize, let o1) = objects.multipliedReportingOverflow(by: UInt64(offsetSize)), !o1,
            case (let tableEnd, let o2) = tableOffset.addingReportingOverflow(tableSize), !o2, tableEnd == UInt64(t)
        else { return }
        let end = Int(tableOffset)  // < t, so it fits
        var entry = end
        for n in 0..<Int(objects) {  // objects × offsetSize == t − end, so it fits
            let offset = integer(at: entry, size: offsetSize)
            entry += offsetSize
            guard offset >= 8, offset < tableOffset else { continue }
            let at = Int(offset)
            let marker = b[at]
            let (kind, unit, width): (String, String, UInt64)
            switch marker & 0xF0 {
            case 0x40: (kind, unit, width) = ("data", "bytes", 1)
            case 0x50: (kind, unit, width) = ("ASCII string", "characters", 1)
            case 0x60: (kind, unit, width) = ("UTF-16 string", "characters", 2)
            case 0xA0: (kind, unit, width) = ("array", "entries", refSize)
            case 0xC0: (kind, unit, width) = ("set", "entries", refSize)
            case 0xD0: (kind, unit, width) = ("dictionary", "entries", 2 * refSize)
            default: continue
            }
            var count = UInt64(marker & 0x0F)
            var start = at + 1
            if count == 0x0F {
                // The count is an integer object of 2^k bytes that must end before the offset table.
                guard start < end, b[start] & 0xF0 == 0x10 else { continue }
                let size = 1 << Int(b[start] & 0x0F)
                guard size <= end - (start + 1) else { continue }
                count = integer(at: start + 1, size: size)
                start += 1 + size
            }
            let (bytes, o3) = count.multipliedReportingOverflow(by: width)
            guard !o3, bytes <= UInt64(end - start) else {
                let inBytes = o3 || width == 1 ? "" : " (\(bytes) bytes)"
                throw ReadError(
                    description:
                        "is not a valid binary property list (the \(kind) at byte \(at), object \(n), claims \(count) \(unit)\(inBytes), more than the \(end - start) bytes before the offset table hold)"
                )
            }
        }
    }

    static func occurrences(of needle: [UInt8], in b: [UInt8]) -> Int {
        guard let first = needle.first, b.count >= needle.count else { return 0 }
        var n = 0
        var i = 0
        while i <= b.count - needle.count {
            if b[i] == first, b[i..<(i + needle.count)].elementsEqual(needle) {
                n += 1
                i += needle.count
            } else {
                i += 1
            }
        }
        return n
    }

    static func describe(_ e: DecodingError) -> String {
        switch e {
        case .dataCorrupted(let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c):
            let underlying = c.underlyingError.map { " — \($0)" } ?? ""
            return c.debugDescription + underlying
        @unknown default:
            return "\(e)"
        }
    }

    // MARK: Values

    /// A value the checks do not descend into: its kind, and its content for scalars.
    package enum Leaf: Decodable, Sendable, Equatable {
        case string(String), number(Double), bool(Bool), data, date, array, dictionary

        package init(from decoder: Decoder) throws {
            if (try? decoder.container(keyedBy: AnyKey.self)) != nil {
                self = .dictionary
                return
            }
            if (try? decoder.unkeyedContainer()) != nil {
                self = .array
                return
            }
            let c = try decoder.singleValueContainer()
            // Booleans first: a plist <true/> is not a number and <integer>1</integer> is not a Boolean.
            if let v = try? c.decode(Bool.self) {
                self = .bool(v)
            } else if let v = try? c.decode(Double.self) {
                self = .number(v)
            } else if let v = try? c.decode(String.self) {
                self = .string(v)
            } else if (try? c.decode(Data.self)) != nil {
                self = .data
            } else if (try? c.decode(Date.self)) != nil {
                self = .date
            } else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "a value of no property-list type")
            }
        }

        /// What a person would call it, for messages.
        package var typeName: String {
            switch self {
            case .string(let s): return "the string \"\(s)\""
            case .number(let n): return "the number \(Int64(exactly: n).map(String.init) ?? "\(n)")"
            case .bool(let b): return b ? "true" : "false"
            case .data: return "data"
            case .date: return "a date"
            case .array: return "an array"
            case .dictionary: return "a dictionary"
            }
        }
    }

    /// A value that should be a dictionary of known keys.
    package enum Node<Keys: Decodable & Sendable>: Decodable, Sendable {
        case value(Keys)
        case other(Leaf)

        package init(from decoder: Decoder) throws {
            if (try? decoder.container(keyedBy: AnyKey.self)) != nil {
                self = .value(try Keys(from: decoder))
            } else {
                self = .other(try Leaf(from: decoder))
            }
        }
    }

    /// `UNNotificationExtensionCategory`: a string or an array of strings.
    package enum Categories: Decodable, Sendable {
        case list([Leaf])
        case single(Leaf)

        package init(from decoder: Decoder) throws {
            if var u = try? decoder.unkeyedContainer() {
                var items: [Leaf] = []
                while !u.isAtEnd { items.append(try u.decode(Leaf.self)) }
                self = .list(items)
            } else {
                self = .single(try Leaf(from: decoder))
            }
        }
    }

    package struct RootKeys: Decodable, Sendable {
        package var nsExtension: Node<ExtensionKeys>?
        enum CodingKeys: String, CodingKey { case nsExtension = "NSExtension" }
    }

    package struct ExtensionKeys: Decodable, Sendable {
        package var pointIdentifier: Leaf?
        package var principalClass: Leaf?
        package var mainStoryboard: Leaf?
        package var attributes: Node<AttributeKeys>?
        enum CodingKeys: String, CodingKey {
            case pointIdentifier = "NSExtensionPointIdentifier", principalClass = "NSExtensionPrincipalClass"
            case mainStoryboard = "NSExtensionMainStoryboard", attributes = "NSExtensionAttributes"
        }
    }

    package struct AttributeKeys: Decodable, Sendable {
        package var category: Categories?
        package var initialContentSizeRatio: Leaf?
        package var defaultContentHidden: Leaf?
        package var overridesDefaultTitle: Leaf?
        package var userInteractionEnabled: Leaf?
        enum CodingKeys: String, CodingKey {
            case category = "UNNotificationExtensionCategory"
            case initialContentSizeRatio = "UNNotificationExtensionInitialContentSizeRatio"
            case defaultContentHidden = "UNNotificationExtensionDefaultContentHidden"
            case overridesDefaultTitle = "UNNotificationExtensionOverridesDefaultTitle"
            case userInteractionEnabled = "UNNotificationExtensionUserInteractionEnabled"
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
