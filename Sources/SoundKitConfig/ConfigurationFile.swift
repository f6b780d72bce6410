import SoundKitContainers
import SoundKitIO
import SoundKitNotifications

/// `.soundkit.yml`: where it is found, and how its text becomes a ``CheckConfiguration``. Every mistake stops the
/// run before anything is checked, as `FILE:LINE:COL: error: …` naming the key and what it allows.
package enum ConfigurationFile {
    /// The name soundkit looks for.
    package static let name = ".soundkit.yml"
    /// The largest config read: a config is a screenful, and the limit bounds what a hostile one can make the reader build.
    package static let maximumBytes = 1 << 20
    /// At most this many `[` and `{` in a file, which bounds how deep flow collections can nest.
    package static let maximumBrackets = 256
    /// At most this many lines, commas and `- `, `? `, `: ` indicators, which bounds how many nodes are built.
    package static let maximumEntries = 10_000
    /// A line's content (after its indentation and any `- `, `? ` or `: ` in front) starts at most at this column,
    /// which bounds how deep block collections can nest.
    package static let maximumIndent = 80
    /// How deep the composer nests collections (YAMLDocument), which the two bounds above already imply.
    static let maximumDepth = maximumBrackets + maximumIndent

    /// The keys at the top level.
    static let keys = ["rules", "excluded", "sounds", "overrides", "loudness", "strict"]

    /// The nearest `.soundkit.yml` in `folder` (absolute) or a folder above it.
    package static func discover(from folder: String) -> String? {
        var dir = folder
        while true {
            let candidate = dir == "/" ? "/" + name : dir + "/" + name
            if FileSystem.exists(candidate), !FileSystem.isDirectory(candidate) { return candidate }
            if dir == "/" { return nil }
            dir = FileSystem.directory(of: dir)
        }
    }

    /// Reads the config at `path` (as given), for a run in `cwd` (absolute).
    package static func read(_ path: String, cwd: String) throws(ConfigurationError) -> CheckConfiguration {
        let bytes: [UInt8]
        do {
            let file = try InputFile(path: path)
            guard file.size <= Int64(maximumBytes) else {
                throw ConfigurationError(path, 1, 1, "the file is over \(maximumBytes) bytes; a config is a few lines")
            }
            bytes = try file.read(at: 0, count: maximumBytes)
        } catch let e as ConfigurationError {
            throw e
        } catch let e as AudioFileError {
            throw ConfigurationError(path, 1, 1, e.message)
        } catch {
            throw ConfigurationError(path, 1, 1, "\(error)")
        }
        let absolute = FileSystem.absolute(path, cwd: cwd)
        var config = CheckConfiguration(file: path, folder: FileSystem.directory(of: absolute), cwd: cwd)
        try parse(bytes, into: &config)
        return config
    }

    /// Fills `config` from a config's bytes.
    package static func parse(_ bytes: [UInt8], into config: inout CheckConfiguration) throws(ConfigurationError) {
        let file = config.file
        guard bytes.count <= maximumBytes else {
            throw ConfigurationError(file, 1, 1, "the file is over \(maximumBytes) bytes; a config is a few lines")
        }
        guard UTF8Text.isValid(bytes) else {
            throw ConfigurationError(file, 1, 1, "the file is not UTF-8 text")
        }
        try YAMLBounds.check(bytes, file: file)
        guard let root = try YAMLDocument.compose(bytes, file: file), !root.isNull else { return }
        let reader = NodeReader(file: file)
        try reader.top(root, into: &config)
    }
}

/// A mistake in a config, at its line and column (1-based, columns in Unicode scalars).
package struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String

    package init(_ file: String, _ line: Int, _ column: Int, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ file: String, at mark: YAMLMark?, _ message: String) {
        self.init(file, mark?.line ?? 1, mark?.column ?? 1, message)
    }

    /// `FILE:LINE:COL: error: MESSAGE`, the form Xcode and CI log parsers read.
    package var description: String { "\(file):\(line):\(column): error: \(message)" }
}
