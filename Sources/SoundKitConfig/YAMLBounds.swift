/// What a config may hold before libyaml parses it, checked on its bytes without parsing: anchors (and so aliases, which
/// need them) are refused, nesting is bounded by counting brackets and measuring indentation, and the number of
/// nodes by counting what separates them (commas, line ends, and `-`, `?` or `:` before a space). The checks read
/// quoted text as if it were structure, so they can only refuse more, never let a nested or aliased document through.
package enum YAMLBounds {
    package static func check(_ bytes: [UInt8], file: String) throws(ConfigurationError) {
        var line = 1
        var lineStart = 0
        var brackets = 0
        var separators = 0
        var atLineStart = true
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let column = i - lineStart + 1
            if b == UInt8(ascii: ",") || b == UInt8(ascii: "\n")
                || (b == UInt8(ascii: "-") || b == UInt8(ascii: "?") || b == UInt8(ascii: ":"))
                    && (i + 1 == bytes.count || ends(bytes[i + 1]))
            {
                separators += 1
                if separators > ConfigurationFile.maximumEntries {
                    throw ConfigurationError(
                        file, line, column,
                        "more than \(ConfigurationFile.maximumEntries) entries (lines, commas, '- ', '? ' and ': '): "
                            + "a config is a few lines")
                }
            }
            if b == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
                atLineStart = true
                i += 1
                continue
            }
            if atLineStart {
                atLineStart = false
                let start = contentStart(bytes, from: i)
                if start - i >= ConfigurationFile.maximumIndent {
                    throw ConfigurationError(
                        file, line, 1,
                        "nested too deep: a line's content starts past column \(ConfigurationFile.maximumIndent)")
                }
            }
            if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                brackets += 1
                if brackets > ConfigurationFile.maximumBrackets {
                    throw ConfigurationError(
                        file, line, column,
                        "more than \(ConfigurationFile.maximumBrackets) '[' and '{': a config nests no deeper than that"
                    )
                }
            }
            if b == UInt8(ascii: "&"), startsNode(bytes, before: i, lineStart: lineStart), i + 1 < bytes.count,
                !ends(bytes[i + 1])
            {
                throw ConfigurationError(
                    file, line, column, "anchors (&name) and aliases (*name) are not allowed in a config")
            }
            i += 1
        }
    }

    /// Where a line's content starts: past spaces, tabs and the indicators `-`, `?` and `:` that open a nested
    /// block node (each followed by a space, a tab or the line's end).
    static func contentStart(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") {
                i += 1
            } else if b == UInt8(ascii: "-") || b == UInt8(ascii: "?") || b == UInt8(ascii: ":"),
                i + 1 == bytes.count || ends(bytes[i + 1])
            {
                i += 1
            } else {
                break
            }
        }
        return i
    }

    /// Whether a node may start at `i`: at the start of a line, or after a space, a tab or an indicator.
    static func startsNode(_ bytes: [UInt8], before i: Int, lineStart: Int) -> Bool {
        guard i > lineStart else { return true }
        return " \t[{,:?-".utf8.contains(bytes[i - 1])
    }

    /// Whether `b` ends an anchor's name (or stands where none can be).
    static func ends(_ b: UInt8) -> Bool {
        " \t\r\n,[]{}".utf8.contains(b)
    }
}
