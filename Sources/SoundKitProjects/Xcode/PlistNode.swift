/// A value of a property list or JSON5 document read by soundkit's own readers, at the line and column where it
/// starts (from 1, columns in Unicode scalars), so that what a project says can be reported where it says it.
///
/// OpenStep property lists hold only strings, data, arrays and dictionaries (numbers are strings there); JSON5's
/// numbers, `true`, `false` and `null` are kept as strings with their text, which is all a project reader asks of them.
package struct PlistNode: Sendable {
    /// What the node holds.
    package enum Value: Sendable {
        case string(String)
        case data([UInt8])
        case array([PlistNode])
        case dictionary(PlistDictionary)
    }

    /// What the node holds.
    package var value: Value
    /// The line where it starts, from 1.
    package var line: Int
    /// The column where it starts, from 1, in Unicode scalars.
    package var column: Int

    package init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// The string, when the node is one.
    package var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    /// The items, when the node is an array.
    package var array: [PlistNode]? {
        if case .array(let a) = value { return a }
        return nil
    }

    /// The entries, when the node is a dictionary.
    package var dictionary: PlistDictionary? {
        if case .dictionary(let d) = value { return d }
        return nil
    }

    /// The value of `key`, when the node is a dictionary that has it.
    package subscript(key: String) -> PlistNode? { dictionary?[key] }

    /// The strings of an array (items that are not strings left out), or a single string as a one-item list.
    package var strings: [String] {
        if let s = string { return [s] }
        return array?.compactMap(\.string) ?? []
    }
}

/// A dictionary's entries in the order their keys first appear; a key given twice keeps the later value (as
/// CoreFoundation's reader does), at the later place.
package struct PlistDictionary: Sendable {
    /// One key and its value, with where the key is written.
    package struct Entry: Sendable {
        package var key: String
        package var keyLine: Int
        package var keyColumn: Int
        package var value: PlistNode
    }

    /// The entries, in first-appearance order.
    package private(set) var entries: [Entry] = []
    private var index: [String: Int] = [:]

    package init() {}

    /// Sets `key` (a later value replaces an earlier one).
    package mutating func set(_ entry: Entry) {
        if let i = index[entry.key] {
            entries[i] = entry
        } else {
            index[entry.key] = entries.count
            entries.append(entry)
        }
    }

    /// The entry for `key`.
    package func entry(_ key: String) -> Entry? {
        index[key].map { entries[$0] }
    }

    /// The value of `key`.
    package subscript(key: String) -> PlistNode? { entry(key)?.value }

    /// How many keys it has.
    package var count: Int { entries.count }
}

/// Turns byte offsets into lines and columns, counting forward from the last offset asked for (readers ask in order;
/// an earlier offset, for an error, counts again from the start).
struct TextLocator {
    let bytes: [UInt8]
    /// Where the text starts (after a byte order mark): line 1, column 1.
    let start: Int
    private var offset: Int
    private var line = 1
    private var column = 1

    init(_ bytes: [UInt8], start: Int) {
        self.bytes = bytes
        self.start = start
        offset = start
    }

    /// The line and column of the byte at `target` (the end of the text when past it).
    mutating func position(of target: Int) -> (line: Int, column: Int) {
        if target < offset {
            offset = start
            line = 1
            column = 1
        }
        let end = min(target, bytes.count)
        while offset < end {
            let b = bytes[offset]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        return (line, column)
    }
}
