import SoundKitContainers

/// The call-site scanner (issue 42, item 3): the sound names a file's code or config passes to notification APIs,
/// each at the line and column of the literal that carries it, with the platform, role, API and the form in which
/// the platform reads it.
///
/// Token-level, with no type checking: a small lexer per language family (comments, string literals with escapes
/// decoded and interpolations kept as holes, identifiers, punctuation), brackets matched, then each language's call
/// shapes (SOURCE-TREES.md §2, §5.1(8)). A name written as a same-file `let`/`val`/`const`/`static let` string
/// constant resolves; any other name is `.dynamic` with the literal text at its ends.
///
/// For `.both` references `form` says how Android reads the name; iOS always reads a file name.
///
/// Bounded: files over ``maxBytes`` are not read (a note says so), at most ``SourceLexer/maxTokens`` tokens a file,
/// bracket nesting and every look-around limited; no input traps.
package enum SourceScanner {
    /// The largest file scanned, in bytes: larger sources are generated or bundled code.
    package static let maxBytes = 2 << 20

    /// The language family of the file at `path`, by its extension; nil for JSON files and files not scanned.
    static func language(of path: String) -> SourceLanguage? {
        switch FileName.extension(path) {
        case "swift": return .swift
        case "m", "mm", "h": return .objectiveC
        case "kt": return .kotlin
        case "java": return .java
        case "dart": return .dart
        case "js", "jsx", "ts", "tsx", "mjs", "cjs", "mts", "cts": return .script
        case "cs": return .csharp
        default: return nil
        }
    }

    /// Whether files like `path` are scanned: Swift, Objective-C, Kotlin, Java, Dart, JavaScript/TypeScript, C#
    /// sources, and JSON files (push bodies, `.apns`, `capacitor.config.json`).
    package static func isScanned(path: String) -> Bool {
        language(of: path) != nil || ["json", "apns"].contains(FileName.extension(path))
    }

    /// What the file at `path` (named as reports name it) with contents `bytes` passes to notification APIs; nil when
    /// files of its kind are not scanned (``isScanned(path:)``).
    package static func scan(_ bytes: [UInt8], path: String) -> SourceScan? {
        guard isScanned(path: path) else { return nil }
        let top = SourceSite(path: path, line: 1, column: 1)
        guard bytes.count <= maxBytes else {
            let message =
                "not scanned for sound names: \(bytes.count) bytes, over the \(maxBytes >> 20) MB a source file may have"
            return SourceScan(notes: [ProjectNote(site: top, message: message)])
        }
        guard let language = language(of: path) else { return PushBodies.scan(bytes, path: path) }
        var notes: [ProjectNote] = []
        if !UTF8Text.isValid(bytes) {
            notes.append(ProjectNote(site: top, message: "not UTF-8 text: invalid bytes were read as U+FFFD"))
        }
        let lexed = SourceLexer.tokens(bytes, language: language)
        if lexed.truncated, let last = lexed.tokens.last {
            let site = SourceSite(path: path, line: last.line, column: last.column)
            notes.append(
                ProjectNote(
                    site: site, message: "scanned only up to here: over \(SourceLexer.maxTokens) tokens in one file"))
        }
        var context = ScanContext(path: path, language: language, tree: TokenTree(lexed.tokens))
        switch language {
        case .swift, .objectiveC: AppleCalls.scan(&context)
        case .kotlin, .java: AndroidCalls.scan(&context)
        case .dart: DartCalls.scan(&context)
        case .script: ScriptCalls.scan(&context)
        case .csharp:
            DotNetCalls.scan(&context)
            AndroidCalls.scan(&context)
        }
        let references = context.references.sorted {
            ($0.site.line, $0.site.column) < ($1.site.line, $1.site.column)
        }
        return SourceScan(
            references: references, usesNotifications: !references.isEmpty || context.usesNotifications,
            runtimeSoundFolders: NotificationUse.soundFolders(context), notes: notes + context.notes)
    }
}

/// A path's last component and extension, without Foundation.
enum FileName {
    /// The last component of `path`.
    static func last(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    /// The extension of `path`'s last component, lowercased (empty when none).
    static func `extension`(_ path: String) -> String {
        let name = last(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}
