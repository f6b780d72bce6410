/// A rule's example about files in folders — an app bundle and its extensions, an Android project, an attachment, an
/// app container — made rather than described: the files to write below a folder of their own, and the command that
/// judges them. `RuleExampleTests` writes each file with its own writers (property lists by Foundation, sounds by
/// its sound writer, not soundkit's), runs the library as the command says and expects the rule, or not, as
/// declared; `soundkit rules` shows the example in words and, in JSON, as data.
package struct ExampleTree: Sendable, Hashable {
    /// What is run on the tree; every path is relative to the tree's root.
    package enum Command: Sendable, Hashable {
        /// `soundkit check PATH`, with `--platform`, `--entitlements FILE` and `--fix DIR` (a folder made empty) when
        /// given.
        case check(String, platform: SoundPlatform? = nil, entitlements: String? = nil, fix: String? = nil)
        /// `soundkit check --attachment PATH`.
        case attachment(String)
        /// `soundkit resolve NAME --app-container DIR --bundle APP`.
        case resolve(String, appContainer: String?, bundle: String?)
        /// `soundkit payload FILE --bundle APP --entitlements FILE`, each option when given.
        case payload(String, bundle: String? = nil, entitlements: String? = nil)
        /// `soundkit check PATH` on a repository checkout: the projects, the code's sound names and the sounds they
        /// resolve to (SoundKitProjects' `RepositoryCheck`, which its own tests run).
        case repository(String)
        /// `soundkit resolve NAME --project DIR [--platform ios|android]`.
        case resolveInProject(String, project: String, platform: String? = nil)
    }

    package var command: Command
    package var files: [ExampleFile]

    package init(_ command: Command, _ files: [ExampleFile]) {
        self.command = command
        self.files = files
    }

    /// The command line: `soundkit check Demo.app --entitlements App.entitlements`.
    package var commandLine: String {
        switch command {
        case .check(let path, let platform, let entitlements, let fix):
            var line = "soundkit check \(path)"
            if let platform { line += " --platform \(platform.rawValue)" }
            if let entitlements { line += " --entitlements \(entitlements)" }
            if let fix { line += " --fix \(fix)" }
            return line
        case .attachment(let path):
            return "soundkit check --attachment \(path)"
        case .resolve(let name, let container, let bundle):
            return "soundkit resolve \(name)" + (container.map { " --app-container \($0)" } ?? "")
                + (bundle.map { " --bundle \($0)" } ?? "")
        case .payload(let file, let bundle, let entitlements):
            return "soundkit payload \(file)" + (bundle.map { " --bundle \($0)" } ?? "")
                + (entitlements.map { " --entitlements \($0)" } ?? "")
        case .repository(let path):
            return "soundkit check \(path)"
        case .resolveInProject(let name, let project, let platform):
            return "soundkit resolve \(name) --project \(project)" + (platform.map { " --platform \($0)" } ?? "")
        }
    }

    /// The command line and what each file holds: `soundkit check Demo.app, where Demo.app/Info.plist is a property
    /// list {CFBundleIdentifier = com.example.demo}; …`.
    package var words: String {
        commandLine + ", where " + files.map { "\($0.path) is \($0.words)" }.joined(separator: "; ")
    }
}

/// One file of an ``ExampleTree``: its path below the tree's root and what it holds.
package struct ExampleFile: Sendable, Hashable {
    package enum Contents: Sendable, Hashable {
        /// UTF-8 text: a build.gradle, a keep file, an HTML page, a property list that is not one.
        case text(String)
        /// A property list, written as XML.
        case plist(ExamplePlist)
        /// A sound, made as ``ExampleSound`` says.
        case sound(ExampleSound)
        /// These bytes: the head of an image.
        case bytes([UInt8])
    }

    package var path: String
    package var contents: Contents

    package static func text(_ path: String, _ text: String) -> ExampleFile {
        ExampleFile(path: path, contents: .text(text))
    }

    package static func plist(_ path: String, _ plist: ExamplePlist) -> ExampleFile {
        ExampleFile(path: path, contents: .plist(plist))
    }

    /// A sound named by the last part of `path`: a second of a tone, in `bytes`' container.
    package static func sound(_ path: String, _ bytes: ExampleSound.Bytes = .caf) -> ExampleFile {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return ExampleFile(path: path, contents: .sound(ExampleSound(name, bytes)))
    }

    /// `sound`, at `path` (its own name is the one `path` ends with).
    package static func sound(_ path: String, _ sound: ExampleSound) -> ExampleFile {
        ExampleFile(path: path, contents: .sound(sound))
    }

    package static func bytes(_ path: String, _ bytes: [UInt8]) -> ExampleFile {
        ExampleFile(path: path, contents: .bytes(bytes))
    }

    /// The first bytes of a JPEG (JFIF) file: what an attachment's type is judged by.
    package static let jpegHead: [UInt8] =
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01]
        + [0x00, 0x00, 0xFF, 0xD9]

    /// `a property list {…}`, `the text "…"`, a sound's words, `20 bytes: FF D8 FF E0 …`.
    package var words: String {
        switch contents {
        case .text(let t): return "the text \"\(t)\""
        case .plist(let p): return "a property list \(p.words)"
        case .sound(let s): return s.words
        case .bytes(let b):
            return "\(b.count) bytes: \(Self.hex(b.prefix(8), separator: " "))\(b.count > 8 ? " …" : "")"
        }
    }

    /// `bytes` in uppercase hexadecimal, two digits a byte: the words and the JSON of a bytes file.
    static func hex(_ bytes: some Sequence<UInt8>, separator: String = "") -> String {
        let digits = Array("0123456789ABCDEF")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined(separator: separator)
    }
}

/// A property list's value, as an example's Info.plist or .entitlements holds it.
package indirect enum ExamplePlist: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    case bool(Bool)
    case integer(Int)
    case array([ExamplePlist])
    case dictionary([String: ExamplePlist])

    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .integer(value) }
    package init(arrayLiteral elements: ExamplePlist...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, ExamplePlist)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// `{CFBundleIdentifier = com.example.demo; NSExtension = {…}}`, keys in order.
    package var words: String {
        switch self {
        case .string(let s): return s.isEmpty ? "\"\"" : s
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return "\(i)"
        case .array(let items): return "(" + items.map(\.words).joined(separator: ", ") + ")"
        case .dictionary(let members):
            return "{"
                + members.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value.words)" }.joined(
                    separator: "; ") + "}"
        }
    }
}

extension RuleExample {
    /// `command` run on a folder holding `files`, written as they say.
    package static func tree(_ command: ExampleTree.Command, _ files: ExampleFile...) -> RuleExample {
        RuleExample(input: .tree(ExampleTree(command, files)), provider: nil)
    }
}
