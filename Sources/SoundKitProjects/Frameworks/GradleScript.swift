/// What a Gradle build or settings script (Groovy or Kotlin DSL) says about where an Android module's files come
/// from, read at the token level: comments skipped, strings kept, nothing evaluated. A value built at configuration
/// time (`"$projectDir/res"`, a variable) is not read; it becomes a note.
package struct GradleScript: Sendable, Hashable {
    /// Which Android plugin the script applies.
    package enum ModuleKind: String, Sendable, Hashable {
        case application
        case library
    }

    /// A `res`/`assets` source folder directive inside `android { sourceSets { … } }`.
    package struct SourceDirectory: Sendable, Hashable {
        /// `res` or `assets`.
        package var kind: String
        /// The source set it belongs to (`main`, `debug`, a flavor).
        package var sourceSet: String
        /// The folders named, relative to the module.
        package var folders: [String]
        /// Whether it replaces the default folder (`srcDirs = […]`, `setSrcDirs(…)`) rather than adding to it
        /// (`srcDirs += […]`, `srcDir(…)`, `srcDirs(…)`).
        package var replaces: Bool
        /// Where it is written.
        package var site: SourceSite
    }

    /// The Android plugin applied (`com.android.application`, `id("com.android.application")`, `apply plugin:`,
    /// a version catalog alias `libs.plugins.android.application`), or nil.
    package var moduleKind: ModuleKind?
    /// Whether the Kotlin Multiplatform plugin is applied.
    package var kotlinMultiplatform = false
    /// Modules a settings script includes (`include ':app', ':lib'`, `include(":app")`), as Gradle paths.
    package var includes: [String] = []
    /// Folders a settings script gives modules (`project(':x').projectDir = file('../x')`), by Gradle path.
    package var projectDirectories: [String: String] = [:]
    /// Project dependencies of a build script (`implementation project(':x')`, `api(project(":x"))`), as Gradle
    /// paths, and type-safe accessors (`projects.featureSounds`) as written after `projects.`.
    package var projectDependencies: [String] = []
    /// Type-safe project accessors (`implementation(projects.core.sounds)`), as written after `projects.`.
    package var projectAccessors: [String] = []
    /// The `res`/`assets` folder directives.
    package var sourceDirectories: [SourceDirectory] = []
    /// What was read past.
    package var notes: [ProjectNote] = []

    /// The most tokens one statement is read over (forwards for its strings, backwards for its source set), so
    /// that a script of unclosed brackets costs time in proportion to its length.
    static let statementTokens = 1_024
    /// The most tokens read back from a `res`/`assets` directive for its source set's name (on its own line).
    static let lineTokens = 128

    /// The script `bytes` holds, named `path` in sites. Never fails: what it cannot read is a note.
    package static func parse(_ bytes: [UInt8], path: String) -> GradleScript {
        let lexed = GradleLexer.tokens(bytes)
        let lines = LineTable(bytes, path: path)
        var script = GradleScript()
        if lexed.truncated {
            script.notes.append(
                ProjectNote(
                    site: lines.site(bytes.count),
                    message: "more than \(GradleLexer.maximumTokens) tokens: the rest of the script is not read"))
        }
        script.read(lexed.tokens, lines)
        return script
    }

    private mutating func read(_ tokens: [GradleToken], _ lines: LineTable) {
        var blocks: [String] = []
        var k = 0
        while k < tokens.count {
            let t = tokens[k]
            switch t.kind {
            case .punct("{"):
                blocks.append(blockName(tokens, before: k))
            case .punct("}"):
                _ = blocks.popLast()
            case .string(let s):
                if s == "com.android.application" { moduleKind = .application }
                if s == "com.android.library", moduleKind == nil { moduleKind = .library }
                if s == "org.jetbrains.kotlin.multiplatform" { kotlinMultiplatform = true }
                if s == "multiplatform", k >= 2, tokens[k - 2].kind == .word("kotlin") { kotlinMultiplatform = true }
            case .word(let w):
                readWord(w, tokens, k, blocks, lines)
            default:
                break
            }
            k += 1
        }
    }

    private mutating func readWord(
        _ w: String, _ tokens: [GradleToken], _ k: Int, _ blocks: [String], _ lines: LineTable
    ) {
        let previous = k > 0 ? tokens[k - 1].kind : .newline
        switch w {
        case "include" where previous != .punct("."):
            includes += statementStrings(tokens, from: k + 1).filter { !$0.contains("$") }
        case "project" where k + 1 < tokens.count && tokens[k + 1].kind == .punct("("):
            guard let first = statementStrings(tokens, from: k + 1, untilClose: true).first else { return }
            if let dir = projectDirectory(tokens, after: k) {
                projectDirectories[first] = dir
            } else {
                projectDependencies.append(first)
            }
        case "projects" where k + 2 < tokens.count && tokens[k + 1].kind == .punct("."):
            var parts: [String] = []
            var j = k + 2
            while j < tokens.count, case .word(let part) = tokens[j].kind {
                parts.append(part)
                guard j + 1 < tokens.count, tokens[j + 1].kind == .punct(".") else { break }
                j += 2
            }
            if !parts.isEmpty { projectAccessors.append(parts.joined(separator: ".")) }
        case "res", "assets":
            sourceDirectory(w, tokens, k, blocks, lines)
        default:
            let words = chain(tokens, before: k)
            guard words.contains("plugins") else { return }
            let android = words.contains("android")
            if w == "kotlinMultiplatform" || w == "multiplatform" && words.contains("kotlin") {
                kotlinMultiplatform = true
            }
            if w == "androidApplication" || w == "application" && android { moduleKind = .application }
            if w == "androidLibrary" || w == "library" && android, moduleKind == nil { moduleKind = .library }
        }
    }

    /// The words before the word at `k` in a dotted chain (`libs.plugins.android.application` gives
    /// `android, plugins, libs`), nearest first.
    private func chain(_ tokens: [GradleToken], before k: Int) -> [String] {
        var j = k
        var words: [String] = []
        while j >= 2, words.count < 16, tokens[j - 1].kind == .punct("."), case .word(let w) = tokens[j - 2].kind {
            words.append(w)
            j -= 2
        }
        return words
    }

    /// The name a block opened at `brace` gets: `main` for `main {`, `getByName("main") {`, `named("x") {`,
    /// `create("x") {`, `maybeCreate("x") {`; otherwise the word before the brace, or "".
    private func blockName(_ tokens: [GradleToken], before brace: Int) -> String {
        var j = brace - 1
        if j >= 0, tokens[j].kind == .punct(")") {
            while j >= 0, brace - j < Self.statementTokens, tokens[j].kind != .punct("(") { j -= 1 }
            if j + 1 < brace, case .string(let s) = tokens[j + 1].kind { return s }
            j -= 1
        }
        if j >= 0, case .word(let w) = tokens[j].kind { return w }
        return ""
    }

    /// The string literals of a statement from `start` (to the end of its line outside brackets, or to the
    /// bracket that closes the first one when `untilClose`).
    private func statementStrings(_ tokens: [GradleToken], from start: Int, untilClose: Bool = false) -> [String] {
        var out: [String] = []
        var depth = 0
        var j = start
        while j < tokens.count, j - start < Self.statementTokens {
            switch tokens[j].kind {
            case .punct("("), .punct("["): depth += 1
            case .punct(")"), .punct("]"):
                depth -= 1
                if untilClose && depth <= 0 || depth < 0 { return out }
            case .newline where depth <= 0, .punct("{"), .punct("}"): return out
            case .string(let s): out.append(s)
            default: break
            }
            j += 1
        }
        return out
    }

    /// For `project(':x').projectDir = file('y')` / `new File(settingsDir, 'y')`: `y`.
    private func projectDirectory(_ tokens: [GradleToken], after k: Int) -> String? {
        var j = k
        while j < tokens.count, j - k < 64, tokens[j].kind != .punct(")") { j += 1 }
        guard j + 2 < tokens.count, tokens[j + 1].kind == .punct("."), tokens[j + 2].kind == .word("projectDir")
        else { return nil }
        return statementStrings(tokens, from: j + 3).last
    }

    private mutating func sourceDirectory(
        _ kind: String, _ tokens: [GradleToken], _ k: Int, _ blocks: [String], _ lines: LineTable
    ) {
        // `res.srcDirs …`, `res.srcDir(…)`, `res.setSrcDirs(…)`, or `res { srcDirs … }` on the next tokens.
        var j = k + 1
        if j < tokens.count, tokens[j].kind == .punct("{") { j += 1 }
        while j < tokens.count, tokens[j].kind == .newline { j += 1 }
        if j < tokens.count, tokens[j].kind == .punct(".") { j += 1 }
        guard j < tokens.count, case .word(let verb) = tokens[j].kind,
            ["srcDirs", "srcDir", "setSrcDirs"].contains(verb)
        else { return }
        if k > 0, tokens[k - 1].kind == .punct("."), !isSourceSetAccess(tokens, k) { return }
        let next = j + 1 < tokens.count ? tokens[j + 1].kind : .newline
        let replaces = verb == "setSrcDirs" || (verb == "srcDirs" && next == .punct("="))
        let strings = statementStrings(tokens, from: j + 1)
        let site = lines.site(tokens[k].offset)
        let set = sourceSetName(tokens, k, blocks)
        let built = strings.filter { $0.contains("$") }
        if !built.isEmpty || strings.isEmpty {
            notes.append(
                ProjectNote(
                    site: site,
                    message:
                        "a \(kind) folder of source set '\(set)' is built at configuration time and not read: its files are not in the layout"
                ))
        }
        sourceDirectories.append(
            SourceDirectory(
                kind: kind, sourceSet: set, folders: strings.filter { !$0.contains("$") }, replaces: replaces,
                site: site))
    }

    /// `sourceSets.main.res…`, `sourceSets["main"].res…`, `sourceSets.getByName("main").res…`.
    private func isSourceSetAccess(_ tokens: [GradleToken], _ k: Int) -> Bool {
        var j = k - 1
        while j >= 0, k - j < Self.lineTokens, tokens[j].kind != .newline {
            if tokens[j].kind == .word("sourceSets") { return true }
            j -= 1
        }
        return false
    }

    private func sourceSetName(_ tokens: [GradleToken], _ k: Int, _ blocks: [String]) -> String {
        var j = k - 1
        var candidate: String?
        while j >= 0, k - j < Self.lineTokens, tokens[j].kind != .newline {
            if tokens[j].kind == .word("sourceSets") { return candidate ?? "main" }
            switch tokens[j].kind {
            case .string(let s): candidate = s
            case .word(let w) where !["getByName", "named", "res", "assets", "java"].contains(w): candidate = w
            default: break
            }
            j -= 1
        }
        let generic: Set<String> = ["android", "sourceSets", "res", "assets", "", "apply", "configure", "all"]
        return blocks.last { !generic.contains($0) } ?? "main"
    }
}

/// A token of a Gradle script.
struct GradleToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case word(String)
        case string(String)
        case punct(Character)
        case newline
        case number
    }

    var kind: Kind
    var offset: Int
}

/// Splits a Gradle script into words, strings (single, double and triple quotes, escapes kept as written), numbers,
/// punctuation and line ends; `//` and `/* */` comments are skipped. Bounded by ``maximumTokens``.
enum GradleLexer {
    static let maximumTokens = 500_000

    static func tokens(_ bytes: [UInt8]) -> (tokens: [GradleToken], truncated: Bool) {
        var out: [GradleToken] = []
        var i = 0
        while i < bytes.count {
            guard out.count < maximumTokens else { return (out, true) }
            let b = bytes[i]
            if b == 0x0A {
                out.append(GradleToken(kind: .newline, offset: i))
                i += 1
            } else if b == 0x20 || b == 0x09 || b == 0x0D || b == UInt8(ascii: ";") {
                if b == UInt8(ascii: ";") { out.append(GradleToken(kind: .newline, offset: i)) }
                i += 1
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                    i += 1
                }
                i = Swift.min(bytes.count, i + 2)
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                let (text, end) = string(bytes, at: i)
                out.append(GradleToken(kind: .string(text), offset: i))
                i = end
            } else if isWordByte(b) {
                let start = i
                while i < bytes.count, isWordByte(bytes[i]) || (bytes[i] >= 0x30 && bytes[i] <= 0x39) { i += 1 }
                out.append(GradleToken(kind: .word(String(decoding: bytes[start..<i], as: UTF8.self)), offset: start))
            } else if b >= 0x30 && b <= 0x39 {
                let start = i
                while i < bytes.count, isWordByte(bytes[i]) || (bytes[i] >= 0x30 && bytes[i] <= 0x39) { i += 1 }
                out.append(GradleToken(kind: .number, offset: start))
            } else {
                if b < 0x80 { out.append(GradleToken(kind: .punct(Character(Unicode.Scalar(b))), offset: i)) }
                i += 1
            }
        }
        return (out, false)
    }

    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b >= 0x80
    }

    /// A string literal at `start` (its quote): its text and the offset after it. An unclosed single-line string
    /// ends at the line's end; a triple-quoted one at the text's end.
    static func string(_ bytes: [UInt8], at start: Int) -> (String, Int) {
        let q = bytes[start]
        let triple = start + 2 < bytes.count && bytes[start + 1] == q && bytes[start + 2] == q
        var i = start + (triple ? 3 : 1)
        let from = i
        while i < bytes.count {
            if triple {
                if i + 2 < bytes.count, bytes[i] == q, bytes[i + 1] == q, bytes[i + 2] == q {
                    return (String(decoding: bytes[from..<i], as: UTF8.self), i + 3)
                }
            } else if bytes[i] == UInt8(ascii: "\\") {
                i += 1
            } else if bytes[i] == q {
                return (String(decoding: bytes[from..<i], as: UTF8.self), i + 1)
            } else if bytes[i] == 0x0A {
                return (String(decoding: bytes[from..<i], as: UTF8.self), i)
            }
            i += 1
        }
        return (String(decoding: bytes[from..<Swift.min(i, bytes.count)], as: UTF8.self), bytes.count)
    }
}
