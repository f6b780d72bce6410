/// An element of a small XML document (a `.csproj`, Cordova's `config.xml`): its name, attributes and text, where it
/// starts, and its place in the tree (indices into ``XMLDocument/elements``).
package struct XMLElement: Sendable, Hashable {
    /// One attribute, its value with entities decoded, and where its name starts.
    package struct Attribute: Sendable, Hashable {
        package var name: String
        package var value: String
        package var site: SourceSite
    }

    /// The element's name as written (`BundleResource`, `resource-file`).
    package var name: String
    /// Its attributes, in order.
    package var attributes: [Attribute]
    /// Where its `<` is.
    package var site: SourceSite
    /// Its parent's index, nil for the root.
    package var parent: Int?
    /// Its children's indices, in order.
    package var children: [Int] = []
    /// Its own text (character data and CDATA, entities decoded; not its children's).
    package var text: String = ""

    /// The value of the attribute named `name` (exactly), if any.
    package func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
}

/// A parsed XML document: its elements in document order, the root first.
package struct XMLDocument: Sendable, Hashable {
    package var elements: [XMLElement]

    /// The children of element `index` named `name`.
    package func children(of index: Int, named name: String) -> [Int] {
        guard elements.indices.contains(index) else { return [] }
        return elements[index].children.filter { elements[$0].name == name }
    }

    /// A child element's trimmed text (MSBuild metadata written as an element: `<Link>x</Link>`).
    package func childText(of index: Int, named name: String) -> String? {
        children(of: index, named: name).first.map { trimmed(elements[$0].text) }
    }
}

/// The trimmed text.
func trimmed(_ s: String) -> String {
    String(s.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
}

/// A small, bounded XML reader for project files: elements, attributes (either quote), comments, CDATA, processing
/// instructions and the XML declaration (skipped), the five predefined entities and character references. A
/// document type declaration is refused (no DTDs, so no external or expanding entities), as is an undefined
/// entity, a mismatched or missing end tag, or text past the bounds. Iterative: nesting costs a stack entry, never
/// recursion. Errors carry the `line:column` where reading stopped.
package struct XMLTokenizer {
    /// The deepest nesting read.
    package static let maximumDepth = 256
    /// The most elements read.
    package static let maximumElements = 200_000
    /// The most attributes on one element.
    package static let maximumAttributes = 1_024

    private let bytes: [UInt8]
    private let path: String
    private var i = 0
    private var line = 1
    private var column = 1

    /// The document `bytes` (named `path` in sites and errors) holds.
    package static func parse(_ bytes: [UInt8], path: String) throws(ProjectReadError) -> XMLDocument {
        var t = XMLTokenizer(bytes: bytes, path: path)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { t.i = 3 }
        return try t.document()
    }

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    private var here: SourceSite { SourceSite(path: path, line: line, column: column) }

    private func fail(_ message: String, at site: SourceSite? = nil) -> ProjectReadError {
        ProjectReadError(site: site ?? here, message: "not valid XML: \(message)")
    }

    private func at(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return bytes.count - i >= u.count && bytes[i..<(i + u.count)].elementsEqual(u)
    }

    private mutating func advance(_ n: Int = 1) {
        var k = 0
        while k < n && i < bytes.count {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
            k += 1
        }
    }

    /// Moves past `end`, or fails naming what was left open.
    private mutating func skip(past end: String, what: String) throws(ProjectReadError) {
        let start = here
        let u = Array(end.utf8)
        while i < bytes.count {
            if bytes[i] == u[0], bytes.count - i >= u.count, bytes[i..<(i + u.count)].elementsEqual(u) {
                advance(u.count)
                return
            }
            advance()
        }
        throw fail("\(what) is not closed (no '\(end)')", at: start)
    }

    private mutating func document() throws(ProjectReadError) -> XMLDocument {
        var elements: [XMLElement] = []
        var open: [Int] = []
        var rootClosed = false
        while i < bytes.count {
            if bytes[i] != UInt8(ascii: "<") {
                let text = try characterData()
                if let top = open.last {
                    elements[top].text += text
                } else if !text.allSatisfy(\.isWhitespace) {
                    throw fail("text outside the root element")
                }
                continue
            }
            if at("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if at("<![CDATA[") {
                let start = here
                advance(9)
                let from = i
                try skip(past: "]]>", what: "a CDATA section")
                guard let top = open.last else { throw fail("CDATA outside the root element", at: start) }
                elements[top].text += String(decoding: bytes[from..<(i - 3)], as: UTF8.self)
            } else if at("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if at("<!") {
                throw fail(
                    "a document type declaration (<!DOCTYPE>) or other markup declaration is not read: "
                        + "project files need no DTD, and its entities could name other files or expand without end")
            } else if at("</") {
                let start = here
                advance(2)
                let name = try self.name()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("expected '>' after </\(name)") }
                advance()
                guard let top = open.popLast() else { throw fail("</\(name)> closes nothing", at: start) }
                guard elements[top].name == name else {
                    throw fail("</\(name)> closes <\(elements[top].name)> opened at \(elements[top].site)", at: start)
                }
                if open.isEmpty { rootClosed = true }
            } else {
                let start = here
                guard !rootClosed else { throw fail("a second root element", at: start) }
                guard elements.count < Self.maximumElements else {
                    throw fail("more than \(Self.maximumElements) elements", at: start)
                }
                let (element, selfClosing) = try startTag(at: start, parent: open.last)
                let index = elements.count
                elements.append(element)
                if let parent = open.last { elements[parent].children.append(index) }
                if selfClosing {
                    if open.isEmpty { rootClosed = true }
                } else {
                    guard open.count < Self.maximumDepth else {
                        throw fail("nested deeper than \(Self.maximumDepth) elements", at: start)
                    }
                    open.append(index)
                }
            }
        }
        if let top = open.last {
            throw fail("<\(elements[top].name)> opened at \(elements[top].site) is not closed")
        }
        guard !elements.isEmpty else { throw fail("no root element", at: SourceSite(path: path, line: 1, column: 1)) }
        return XMLDocument(elements: elements)
    }

    private mutating func startTag(
        at start: SourceSite, parent: Int?
    ) throws(ProjectReadError) -> (XMLElement, Bool) {
        advance()
        var element = XMLElement(name: try name(), attributes: [], site: start, parent: parent)
        while true {
            let spaced = skipSpace()
            guard i < bytes.count else { throw fail("<\(element.name)> is not closed", at: start) }
            if bytes[i] == UInt8(ascii: ">") {
                advance()
                return (element, false)
            }
            if at("/>") {
                advance(2)
                return (element, true)
            }
            guard spaced else { throw fail("expected a space, '>' or '/>' in <\(element.name)>") }
            guard element.attributes.count < Self.maximumAttributes else {
                throw fail("more than \(Self.maximumAttributes) attributes on <\(element.name)>")
            }
            let site = here
            let key = try name()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail("expected '=' after \(key)") }
            advance()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw fail("expected a quoted value for \(key)")
            }
            let value = try quoted()
            guard !element.attributes.contains(where: { $0.name == key }) else {
                throw fail("the attribute \(key) appears twice", at: site)
            }
            element.attributes.append(.init(name: key, value: value, site: site))
        }
    }

    /// Skips white space; whether there was some.
    @discardableResult
    private mutating func skipSpace() -> Bool {
        let from = i
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { advance() }
        return i > from
    }

    private mutating func name() throws(ProjectReadError) -> String {
        let from = i
        while i < bytes.count {
            let b = bytes[i]
            if [0x20, 0x09, 0x0A, 0x0D].contains(b) || "/>=<\"'&".utf8.contains(b) { break }
            advance()
        }
        guard i > from else { throw fail("expected a name") }
        return String(decoding: bytes[from..<i], as: UTF8.self)
    }

    private mutating func quoted() throws(ProjectReadError) -> String {
        let quote = bytes[i]
        let start = here
        advance()
        var out: [UInt8] = []
        while i < bytes.count, bytes[i] != quote {
            if bytes[i] == UInt8(ascii: "<") { throw fail("'<' in an attribute value") }
            if bytes[i] == UInt8(ascii: "&") {
                out += try entity()
            } else {
                out.append(bytes[i])
                advance()
            }
        }
        guard i < bytes.count else { throw fail("an attribute value is not closed", at: start) }
        advance()
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func characterData() throws(ProjectReadError) -> String {
        var out: [UInt8] = []
        while i < bytes.count, bytes[i] != UInt8(ascii: "<") {
            if bytes[i] == UInt8(ascii: "&") {
                out += try entity()
            } else {
                out.append(bytes[i])
                advance()
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// An entity or character reference at `&`, decoded to UTF-8.
    private mutating func entity() throws(ProjectReadError) -> [UInt8] {
        let start = here
        let from = i + 1
        var end = from
        while end < bytes.count, end - from < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw fail("'&' that starts no entity (write &amp;)", at: start)
        }
        let body = String(decoding: bytes[from..<end], as: UTF8.self)
        advance(end - i + 1)
        let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        if let s = named[body] { return Array(s.utf8) }
        var digits = Substring(body)
        guard digits.hasPrefix("#") else { throw fail("the entity &\(body); is not defined", at: start) }
        digits = digits.dropFirst()
        let hex = digits.hasPrefix("x")
        if hex { digits = digits.dropFirst() }
        guard let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value), value != 0 else {
            throw fail("&\(body); is not a character", at: start)
        }
        return Array(String(Character(scalar)).utf8)
    }
}
