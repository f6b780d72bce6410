/// One file being scanned: its tokens, the same-file declarations names resolve through, and the references found.
struct ScanContext {
    let path: String
    let language: SourceLanguage
    let tree: TokenTree
    /// For each name declared with an initializer (`let x =`, `val x =`, `const x =`, `String x =`), the index of
    /// each initializer's first token.
    let declarations: [String: [Int]]
    /// Whether the file uses notification APIs (``NotificationUse``): assignments to a property named like a
    /// notification's sound (`x.soundName =`, `x.Sound =`) only count in such a file.
    var usesNotifications = false
    var references: [SoundReference] = []
    /// The tokens a reference was taken from, with its platform, so that a name is taken once.
    var taken: Set<String> = []
    /// What the scan read past.
    var notes: [ProjectNote] = []
    /// How many candidate calls were read: each may look at the brackets around it, so a file that holds more than
    /// ``maxCandidates`` (no real one does) is read only that far.
    var candidates = 0
    static let maxCandidates = 5000

    init(path: String, language: SourceLanguage, tree: TokenTree) {
        self.path = path
        self.language = language
        self.tree = tree
        declarations = Self.declarations(in: tree)
        usesNotifications = NotificationUse.uses(self)
    }

    /// Counts one candidate call at `k`; false (and a note, once) past ``maxCandidates``.
    mutating func candidate(at k: Int) -> Bool {
        candidates += 1
        if candidates == Self.maxCandidates + 1 {
            let message =
                "scanned for sound names only up to here: over \(Self.maxCandidates) candidate calls in one file"
            notes.append(ProjectNote(site: site(k), message: message))
        }
        return candidates <= Self.maxCandidates
    }

    /// The place of the token at `k`.
    func site(_ k: Int) -> SourceSite {
        guard let t = tree.token(k) else { return SourceSite(path: path, line: 1, column: 1) }
        return SourceSite(path: path, line: t.line, column: t.column)
    }

    /// What a call does with the name it is given.
    struct Shape {
        var platform: SoundReference.Platform
        var role: SoundReference.Role
        var api: String
        var form: SoundReference.Form
    }

    /// Adds a reference to `value` as `shape` reads it, once for each token and platform.
    mutating func emit(_ value: Evaluated, _ shape: Shape, channelID: String? = nil) {
        let key = "\(value.at):\(shape.platform.rawValue)"
        guard !taken.contains(key) else { return }
        taken.insert(key)
        references.append(
            SoundReference(
                site: site(value.at), platform: shape.platform, role: shape.role, api: shape.api, name: value.name,
                form: shape.form
            ).on(channel: channelID))
    }

    /// Whether a reference was already taken from the token at `k`.
    func isTaken(_ k: Int) -> Bool {
        SoundReference.Platform.allCases.contains { taken.contains("\(k):\($0.rawValue)") }
    }

    /// Keywords after which `name =` is not a declaration.
    static let notDeclarers: Set<String> = ["return", "case", "in", "yield", "await", "else", "if", "while", "throw"]

    /// Every `name = initializer` whose name is declared there: after a keyword or a type (`let`, `val`, `const`,
    /// `final`, `String`, `Uri`), after `*` or `const` in C, or after `name: Type`. Member assignments (`a.x =`) are
    /// not declarations.
    static func declarations(in tree: TokenTree) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for k in 1..<max(1, tree.count) where tree.punct(k, "=") {
            var n = k - 1
            // `name: Type =`, `name: Type? =`, `name: A.B =`.
            var m = tree.punct(k - 1, "?") ? k - 2 : k - 1
            var steps = 0
            while steps < 8, tree.identifier(m) != nil, tree.punct(m - 1, "."), tree.identifier(m - 2) != nil {
                m -= 2
                steps += 1
            }
            if tree.identifier(m) != nil, tree.punct(m - 1, ":"), tree.identifier(m - 2) != nil { n = m - 2 }
            guard let name = tree.identifier(n), !tree.punct(n - 1, "."), !tree.punct(n - 1, "?.") else { continue }
            let before = tree.token(n - 1)
            let declared =
                (before?.kind == .identifier && !notDeclarers.contains(before?.text ?? ""))
                || (before?.kind == .punctuation && (before?.text == "*" || before?.text == ">"))
            guard declared, k + 1 < tree.count else { continue }
            out[name, default: []].append(k + 1)
        }
        return out
    }

    /// The one initializer of `name` (nil when none, or when it is declared more than once).
    func initializer(of name: String) -> Range<Int>? {
        guard let starts = declarations[name], starts.count == 1, let start = starts.first else { return nil }
        return start..<tree.expressionEnd(from: start)
    }
}

/// A name as an expression gives it, and the token that carries it (a literal's, or the expression's first).
struct Evaluated: Sendable, Hashable {
    var name: SoundReference.Name
    var at: Int
}
