/// What an expression that names a sound comes to: literal text, parts only known at run time, and Android
/// resource-id references, through `+` concatenation, interpolation, same-file constants and the wrappers that only
/// carry a string (`UNNotificationSoundName(…)`, `.init(…)`, `Uri.parse(…)`).
extension ScanContext {
    /// One part of an expression's text.
    enum Segment: Hashable {
        /// Literal text, from the string token at `at`.
        case text(String, at: Int)
        /// A part known only at run time (a variable, a call, an interpolation), at `at`.
        case hole(at: Int)
        /// `R.raw.name` (Kotlin, Java) or `Resource.Raw.name` (C#): a resource id; `at` is the name's token.
        case rawResource(String, at: Int)

        var at: Int {
            switch self {
            case .text(_, let a), .hole(let a), .rawResource(_, let a): return a
            }
        }
    }

    /// How many names deep constants are followed.
    static let maxIndirection = 4
    /// How deep an expression is followed in all.
    static let maxNesting = 16

    /// The parts of the expression `range`, in order.
    func segments(_ range: Range<Int>, depth: Int = 0) -> [Segment] {
        var out: [Segment] = []
        var start = range.lowerBound
        var k = range.lowerBound
        while k <= range.upperBound {
            if k == range.upperBound || tree.punct(k, "+") {
                if k > start { out += piece(start..<k, depth: depth) }
                start = k + 1
            }
            k = tree.skip(k)
        }
        return out
    }

    /// Identifiers that wrap a string without changing it.
    static let wrappers: Set<String> = ["UNNotificationSoundName", "Self", "init", "parse", "Parse", "NSString", "Uri"]
    /// What a run-time scheme constant stands for.
    static let knownText = [
        "SCHEME_ANDROID_RESOURCE": "android.resource", "SchemeAndroidResource": "android.resource",
    ]

    /// One operand of a concatenation.
    func piece(_ r: Range<Int>, depth: Int) -> [Segment] {
        guard let first = tree.token(r.lowerBound) else { return [] }
        if first.kind == .string, let literal = first.literal {
            // `"x" as const`, `'x'!`: the literal is what counts.
            return Self.segments(of: literal, at: r.lowerBound)
        }
        // Nesting is followed `maxNesting` deep (parentheses, wrappers and constants together): `((((x))))` from a
        // stranger must not recurse once a bracket.
        guard depth < Self.maxNesting else { return [.hole(at: r.lowerBound)] }
        if tree.punct(r.lowerBound, "("), tree.partner[r.lowerBound] == r.upperBound - 1 {
            return segments(tree.inside(r.lowerBound), depth: depth + 1)
        }
        if let raw = rawResource(r) { return [raw] }
        // A wrapper call with one argument: `UNNotificationSoundName(rawValue: "x")`, `.init("x")`, `Uri.parse(…)`.
        if let open = (r.lowerBound..<r.upperBound).first(where: { tree.punct($0, "(") }),
            tree.partner[open] == r.upperBound - 1, let callee = tree.callee(open), let last = callee.last,
            Self.wrappers.contains(last), depth < Self.maxIndirection
        {
            let args = tree.members(open)
            if args.count == 1, let arg = args.first { return segments(arg.value, depth: depth + 1) }
        }
        // A name: `x`, `.x`, `Type.x`, `Type.Companion.x` (a few tokens: anything longer is no name).
        guard r.count <= 16 else { return [.hole(at: r.lowerBound)] }
        let names = (r.lowerBound..<r.upperBound).compactMap { tree.identifier($0) }
        let dotted = (r.lowerBound..<r.upperBound).allSatisfy { tree.identifier($0) != nil || tree.punct($0, ".") }
        if dotted, let last = names.last {
            if let text = Self.knownText[last] { return [.text(text, at: r.lowerBound)] }
            // A same-file constant stands for its text; a variable holding something known only at run time is
            // reported where it is used, not where it was set.
            if depth < Self.maxIndirection, let initial = initializer(of: last) {
                let inner = segments(initial, depth: depth + 1)
                if inner.contains(where: { if case .hole = $0 { return false } else { return true } }) { return inner }
            }
        }
        return [.hole(at: r.lowerBound)]
    }

    /// A string token's parts.
    static func segments(of literal: StringLiteral, at k: Int) -> [Segment] {
        var out: [Segment] = []
        for (n, p) in literal.pieces.enumerated() {
            if n > 0 { out.append(.hole(at: k)) }
            if !p.isEmpty || literal.pieces.count == 1 { out.append(.text(p, at: k)) }
        }
        return out
    }

    /// `R.raw.x` (optionally `.toString()`), `Resource.Raw.x` (`.ToString()`): the resource name.
    func rawResource(_ r: Range<Int>) -> Segment? {
        let k = r.lowerBound
        var base = k
        if tree.ident(k, "Resource") || tree.ident(k, "R") {
            base = k
        } else if let found = (k..<min(r.upperBound, k + 8)).first(where: {
            tree.ident($0, "R") || tree.ident($0, "Resource")
        }),
            (k..<found).allSatisfy({ tree.identifier($0) != nil || tree.punct($0, ".") })
        {
            // A qualified R: `com.example.app.R.raw.x`.
            base = found
        } else {
            return nil
        }
        guard tree.punct(base + 1, "."), tree.ident(base + 2, "raw") || tree.ident(base + 2, "Raw"),
            tree.punct(base + 3, "."), let name = tree.identifier(base + 4)
        else { return nil }
        return .rawResource(name, at: base + 4)
    }

    /// The name the parts give: literal when all are text, else built at run time with the literal text at its
    /// ends; the token that carries it is the first text's (or the first part's).
    static func name(of segments: [Segment]) -> Evaluated? {
        guard let first = segments.first else { return nil }
        var texts: [String] = []
        var allText = true
        for s in segments {
            if case .text(let t, _) = s { texts.append(t) } else { allText = false }
        }
        let carrier = segments.first { if case .text = $0 { return true } else { return false } } ?? first
        if allText { return Evaluated(name: .literal(texts.joined()), at: carrier.at) }
        var prefix = ""
        var suffix = ""
        for s in segments {
            guard case .text(let t, _) = s else { break }
            prefix += t
        }
        for s in segments.reversed() {
            guard case .text(let t, _) = s else { break }
            suffix = t + suffix
        }
        return Evaluated(name: .dynamic(prefix: prefix, suffix: suffix), at: carrier.at)
    }

    /// Values that name no sound file: the default sound, none, a boolean.
    static let noName: Set<String> = ["null", "nil", "undefined", "true", "false", "default", "none"]

    /// The sound name the expression `range` gives, or nil when it gives none (empty, `null`, `true`, `'default'`,
    /// `.default`).
    func soundName(_ range: Range<Int>, keepDefault: Bool = false) -> Evaluated? {
        guard !range.isEmpty, let first = tree.token(range.lowerBound) else { return nil }
        if range.count == 1, first.kind == .identifier,
            Self.noName.contains(first.text) || first.text.hasSuffix("DefaultSoundName")
        {
            return nil
        }
        if tree.punct(range.lowerBound, "."), tree.identifier(range.lowerBound + 1)?.hasPrefix("default") == true {
            return nil
        }
        guard let v = Self.name(of: segments(range)) else { return nil }
        if case .literal(let s) = v.name, s.isEmpty || (!keepDefault && s == "default") { return nil }
        return v
    }
}
