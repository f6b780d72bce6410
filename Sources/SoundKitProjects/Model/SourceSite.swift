/// A place in a text file of a checked tree: the file, and a line and column from 1 (columns in Unicode scalars), so
/// that a finding reads `FILE:LINE:COL: error: …` and an editor jumps there.
package struct SourceSite: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file, as reports name it (the path given to `check` joined with the path below it).
    package var path: String
    /// The line, from 1.
    package var line: Int
    /// The column on ``line``, from 1, in Unicode scalars.
    package var column: Int

    package init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`.
    package var description: String { "\(path):\(line):\(column)" }
}

/// Something a project reader could not read, or read past: an unknown pbxproj object kind, a path it cannot
/// resolve, a generated project that is not committed. Never a failure: reports show it as a note, and the results
/// it touches as incomplete.
package struct ProjectNote: Sendable, Hashable, Codable {
    /// Where it is (the project file's line when known, else line 1).
    package var site: SourceSite
    /// What was read past and what it means for the results, in neutral words.
    package var message: String

    package init(site: SourceSite, message: String) {
        self.site = site
        self.message = message
    }
}

/// A project file that cannot be read at all (not a property list, JSON5 or YAML, or past a bound): where the reader
/// stopped and why. `check` reports it at that place as a note and goes on with the rest of the tree.
package struct ProjectReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the reader stopped.
    package var site: SourceSite
    /// What was wrong there.
    package var message: String

    package init(site: SourceSite, message: String) {
        self.site = site
        self.message = message
    }

    /// `path:line:column: message`.
    package var description: String { "\(site): \(message)" }
}
