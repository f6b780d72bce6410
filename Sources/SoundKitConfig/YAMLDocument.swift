import CLibYAML

/// Where a node starts: line and column from 1, columns in Unicode scalars (libyaml's count).
package struct YAMLMark: Sendable {
    package var line: Int
    package var column: Int
}

/// A YAML node as the config reader needs it: no tags and no anchors (YAMLBounds refuses those), scalars as their
/// text and whether they were written plain (so `yes`, `1` and `"1"` are told apart), every node at its mark.
/// `package` for SoundKitProjects, which reads `pubspec.yaml` and XcodeGen's `project.yml` with the same bounds.
package struct YAMLNode: Sendable {
    package struct Scalar: Sendable {
        package var string: String
        /// Written without quotes or a block indicator: the only scalars that can be a number, a bool or null.
        package var plain: Bool
    }

    package enum Kind: Sendable {
        case scalar(Scalar)
        case sequence([YAMLNode])
        case mapping([(YAMLNode, YAMLNode)])
    }

    package var kind: Kind
    package var mark: YAMLMark

    /// A scalar's text.
    package var string: String? {
        guard case .scalar(let s) = kind else { return nil }
        return s.string
    }

    /// A plain empty, `~` or `null` scalar (YAML 1.1's and 1.2's null).
    package var isNull: Bool {
        guard case .scalar(let s) = kind, s.plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(s.string)
    }
}

/// Composes libyaml's parser events into the one document of a config: iteratively (no recursion on the input's
/// nesting), at most ``ConfigurationFile/maximumDepth`` deep and ``ConfigurationFile/maximumEntries`` nodes.
/// Aliases are refused as undefined (YAMLBounds has refused their anchors already), a second document is refused,
/// and so is a mapping whose key appears twice.
package enum YAMLDocument {
    /// A collection being composed: its mark, whether it is a mapping, and its children so far (a mapping's
    /// alternate keys and values).
    private struct Open {
        var mark: YAMLMark
        var mapping: Bool
        var children: [YAMLNode] = []
    }

    /// The document's root, nil for an empty stream.
    package static func compose(_ bytes: [UInt8], file: String) throws(ConfigurationError) -> YAMLNode? {
        let lib = try YAMLLibrary.forReading(file)
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard lib.initialize(parser) != 0 else { throw ConfigurationError(file, 1, 1, "libyaml is out of memory") }
        defer { lib.delete(parser) }
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer { event.deallocate() }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ConfigurationError) -> YAMLNode? in
            lib.setEncoding(parser, YAML_UTF8_ENCODING)
            lib.setInput(parser, buffer.baseAddress, buffer.count)
            var composer = Composer(file: file)
            while true {
                guard lib.parse(parser, event) != 0 else { throw parserError(parser.pointee, file: file) }
                let taken: Result<Bool, ConfigurationError>
                do throws(ConfigurationError) { taken = .success(try composer.take(event.pointee)) } catch {
                    taken = .failure(error)
                }
                lib.eventDelete(event)
                if try taken.get() { return composer.root }
            }
        }
    }

    /// libyaml's error, worded as the Yams-based reader worded it: `not valid YAML: PROBLEM` at the problem's mark.
    static func parserError(_ parser: yaml_parser_t, file: String) -> ConfigurationError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        switch parser.error {
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            return ConfigurationError(file, at: mark(parser.problem_mark), "not valid YAML: \(problem)")
        case YAML_MEMORY_ERROR:
            return ConfigurationError(file, 1, 1, "libyaml is out of memory")
        default:
            return ConfigurationError(file, 1, 1, "not valid YAML: \(problem)")
        }
    }

    /// libyaml's 0-based mark, from 1 (saturating: the values come from a file's length).
    static func mark(_ m: yaml_mark_t) -> YAMLMark {
        YAMLMark(
            line: Int(clamping: m.line).addingReportingOverflow(1).partialValue,
            column: Int(clamping: m.column).addingReportingOverflow(1).partialValue)
    }

    private struct Composer {
        let file: String
        var stack: [Open] = []
        var root: YAMLNode?
        var documents = 0
        var nodes = 0

        /// Takes one event; true at the stream's end.
        mutating func take(_ event: yaml_event_t) throws(ConfigurationError) -> Bool {
            let at = YAMLDocument.mark(event.start_mark)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return true
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw ConfigurationError(file, at: at, "not valid YAML: but found another document")
                }
            case YAML_ALIAS_EVENT:
                throw ConfigurationError(file, at: at, "not valid YAML: found undefined alias")
            case YAML_SCALAR_EVENT:
                let s = event.data.scalar
                let text =
                    s.value.map { p in
                        String(decoding: UnsafeBufferPointer(start: p, count: s.length), as: UTF8.self)
                    } ?? ""
                let plain = s.style == YAML_PLAIN_SCALAR_STYLE || s.style == YAML_ANY_SCALAR_STYLE
                try add(YAMLNode(kind: .scalar(.init(string: text, plain: plain)), mark: at))
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard stack.count < ConfigurationFile.maximumDepth else {
                    throw ConfigurationError(
                        file, at: at, "nested deeper than \(ConfigurationFile.maximumDepth) levels")
                }
                stack.append(Open(mark: at, mapping: event.type == YAML_MAPPING_START_EVENT))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let open = stack.popLast() else { return false }
                try add(open.mapping ? try mapping(open) : YAMLNode(kind: .sequence(open.children), mark: open.mark))
            default:
                break
            }
            return false
        }

        mutating func add(_ node: YAMLNode) throws(ConfigurationError) {
            nodes += 1
            guard nodes <= ConfigurationFile.maximumEntries else {
                throw ConfigurationError(
                    file, at: node.mark, "more than \(ConfigurationFile.maximumEntries) nodes: a config is a few lines")
            }
            if stack.isEmpty {
                root = node
            } else {
                stack[stack.count - 1].children.append(node)
            }
        }

        /// A finished mapping; a scalar key that appears twice is an error at the first of them (in name order).
        func mapping(_ open: Open) throws(ConfigurationError) -> YAMLNode {
            var pairs: [(YAMLNode, YAMLNode)] = []
            var i = 0
            while i + 1 < open.children.count {
                pairs.append((open.children[i], open.children[i + 1]))
                i += 2
            }
            var firsts: [String: YAMLNode] = [:]
            var seen: Set<KeyIdentity> = []
            var duplicates: Set<String> = []
            for (key, _) in pairs {
                guard case .scalar(let s) = key.kind else { continue }
                if !seen.insert(KeyIdentity(s)).inserted { duplicates.insert(s.string) }
                if firsts[s.string] == nil { firsts[s.string] = key }
            }
            let names = duplicates.sorted()
            if let first = names.first {
                throw ConfigurationError(
                    file, at: firsts[first]?.mark, "a key appears twice: \(names.joined(separator: ", "))")
            }
            return YAMLNode(kind: .mapping(pairs), mark: open.mark)
        }
    }
}

/// When two keys are the same key, as YAML's core schema (and Yams, before) tells: the same text, and both strings or
/// both the same plain non-string. A plain scalar is taken for a non-string when it is null, a YAML 1.1 bool, `<<`,
/// `=`, or starts like a number (a digit, or a sign or dot then a digit or `.inf`/`.nan`); quoted ones are strings.
private struct KeyIdentity: Hashable {
    var string: String
    var typed: Bool

    init(_ s: YAMLNode.Scalar) {
        string = s.string
        typed = s.plain && Self.looksTyped(s.string)
    }

    static let words: Set<String> = [
        "", "~", "null", "Null", "NULL", "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false",
        "False",
        "FALSE", "on", "On", "ON", "off", "Off", "OFF", "<<", "=",
    ]

    static func looksTyped(_ text: String) -> Bool {
        if words.contains(text) { return true }
        var rest = Substring(text)
        if let first = rest.first, first == "-" || first == "+" { rest = rest.dropFirst() }
        if rest.first == "." { rest = rest.dropFirst() }
        guard let next = rest.first else { return false }
        return next.isASCII && next.isNumber || ["inf", "Inf", "INF", "nan", "NaN", "NAN"].contains(rest)
    }
}
