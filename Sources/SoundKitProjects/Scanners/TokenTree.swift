/// A file's tokens with their brackets matched: for each token the bracket it sits in, and for each bracket its
/// partner. Built in one pass with an explicit stack (no recursion); nesting past ``maxDepth`` is read flat, and a
/// closing bracket that matches nothing open is read past.
struct TokenTree {
    /// How deep brackets are matched.
    static let maxDepth = 2048
    /// How far up the brackets a context search goes.
    static let maxClimb = 48

    let tokens: [SourceToken]
    /// For a bracket, the index of its partner; -1 for an unmatched bracket and every other token.
    private(set) var partner: [Int]
    /// The innermost open bracket around each token (for a bracket: the one around it); -1 at the top level.
    private(set) var parent: [Int]
    /// Each bracket's members once split: a call looks at the members of the call or object around it, and a
    /// stranger's file can hold thousands of calls in one bracket.
    let memberCache = MemberCache()

    /// The members already split, by bracket and labelling.
    final class MemberCache {
        var lists: [Int: [Member]] = [:]
    }

    init(_ tokens: [SourceToken]) {
        self.tokens = tokens
        partner = Array(repeating: -1, count: tokens.count)
        parent = Array(repeating: -1, count: tokens.count)
        var stack: [(index: Int, close: String)] = []
        var overflow = 0
        for (k, t) in tokens.enumerated() {
            parent[k] = stack.last?.index ?? -1
            guard t.kind == .punctuation else { continue }
            if let close = Self.closing[t.text] {
                if stack.count >= Self.maxDepth {
                    overflow += 1
                } else {
                    stack.append((k, close))
                }
            } else if Self.closing.values.contains(t.text) {
                if overflow > 0 {
                    overflow -= 1
                    continue
                }
                // Pop to the bracket this closes, when it is one of the innermost few (a stray bracket otherwise).
                guard let depth = stack.suffix(4).lastIndex(where: { $0.close == t.text }) else { continue }
                let open = stack[depth].index
                stack.removeSubrange(depth...)
                partner[open] = k
                partner[k] = open
                parent[k] = stack.last?.index ?? -1
            }
        }
    }

    static let closing = ["(": ")", "[": "]", "{": "}"]

    var count: Int { tokens.count }

    /// The token at `k`, when there is one.
    func token(_ k: Int) -> SourceToken? { k >= 0 && k < tokens.count ? tokens[k] : nil }
    /// Whether the token at `k` is the punctuation `p`.
    func punct(_ k: Int, _ p: String) -> Bool { token(k)?.isPunctuation(p) ?? false }
    /// Whether the token at `k` is the identifier `name`.
    func ident(_ k: Int, _ name: String) -> Bool { token(k)?.isIdentifier(name) ?? false }
    /// The identifier at `k`, when it is one.
    func identifier(_ k: Int) -> String? { token(k).flatMap { $0.kind == .identifier ? $0.text : nil } }

    /// The tokens inside the bracket opened at `open` (empty when it is not closed).
    func inside(_ open: Int) -> Range<Int> {
        guard let close = token(open).map({ _ in partner[open] }), close > open else { return open..<open }
        return (open + 1)..<close
    }

    /// The enclosing open brackets of `k`, innermost first, up to ``maxClimb``.
    func enclosing(_ k: Int) -> [Int] {
        var out: [Int] = []
        var p = k >= 0 && k < count ? parent[k] : -1
        while p >= 0 && out.count < Self.maxClimb {
            out.append(p)
            p = parent[p]
        }
        return out
    }

    /// One comma-separated part of a bracket's contents: its label (`named:` in Swift and Dart, `key:` in a
    /// JavaScript object, `Name =` in a C# initializer or a Kotlin named argument) and its value's tokens.
    struct Member {
        var label: String?
        /// The label's token.
        var labelAt: Int?
        var value: Range<Int>
    }

    /// The comma-separated members of the bracket opened at `open`; `equalsLabels` reads `Name = value` as labelled.
    func members(_ open: Int, equalsLabels: Bool = false) -> [Member] {
        let key = open &* 2 &+ (equalsLabels ? 1 : 0)
        if let cached = memberCache.lists[key] { return cached }
        let out = splitMembers(open, equalsLabels: equalsLabels)
        memberCache.lists[key] = out
        return out
    }

    func splitMembers(_ open: Int, equalsLabels: Bool) -> [Member] {
        let body = inside(open)
        var out: [Member] = []
        var start = body.lowerBound
        var k = body.lowerBound
        while k <= body.upperBound {
            if k == body.upperBound || (punct(k, ",") || punct(k, ";")) && parent[k] == open {
                if k > start { out.append(member(start..<k, equalsLabels: equalsLabels)) }
                start = k + 1
                if out.count > 4096 { break }
            }
            k = skip(k)
        }
        return out
    }

    /// The index after the token at `k`, past the whole bracket when it opens one.
    func skip(_ k: Int) -> Int {
        guard k >= 0 && k < count else { return k + 1 }
        let p = partner[k]
        return p > k ? p + 1 : k + 1
    }

    func member(_ r: Range<Int>, equalsLabels: Bool) -> Member {
        if r.count >= 2, let first = token(r.lowerBound), first.kind == .identifier || first.kind == .string,
            punct(r.lowerBound + 1, ":") || (equalsLabels && punct(r.lowerBound + 1, "="))
        {
            let label = first.kind == .string ? first.literal?.joined : first.text
            return Member(label: label, labelAt: r.lowerBound, value: (r.lowerBound + 2)..<r.upperBound)
        }
        return Member(label: nil, labelAt: nil, value: r)
    }

    /// The member labelled `label` of the bracket at `open`.
    func member(_ open: Int, _ label: String, equalsLabels: Bool = false) -> Member? {
        members(open, equalsLabels: equalsLabels).first { $0.label == label }
    }

    /// The name of the call whose argument bracket opens at `open`, as its dotted chain (`notifee.createChannel`,
    /// `NotificationChannelCompat.Builder`), or nil when no name is before it.
    func callee(_ open: Int) -> [String]? {
        var k = open - 1
        // Generic arguments: `Foo<Bar>(`.
        if punct(k, ">") {
            var n = 0
            while k > 0 && !punct(k, "<") && n < 16 {
                k -= 1
                n += 1
            }
            k -= 1
        }
        guard let last = identifier(k) else { return nil }
        var chain = [last]
        while chain.count < 8, punct(k - 1, ".") || punct(k - 1, "?.") || punct(k - 1, "!"),
            let name = identifier(k - 2)
        {
            chain.insert(name, at: 0)
            k -= 2
        }
        return chain
    }

    /// The end of the expression that starts at `start` (a variable's initializer): the first `;` or `,` at its
    /// level, the bracket around it closing, or a new line that does not continue it; at most 256 tokens.
    func expressionEnd(from start: Int) -> Int {
        guard start < count else { return start }
        let level = parent[start]
        var k = start
        var n = 0
        while k < count && n < 256 {
            let t = tokens[k]
            if parent[k] != level || (t.kind == .punctuation && (t.text == ";" || t.text == "," || t.text == "}")) {
                break
            }
            if k > start, t.line > tokens[k - 1].line, !continues(k) { break }
            k = skip(k)
            n += 1
        }
        return min(k, count)
    }

    /// Whether the token at `k`, on a new line, continues the expression before it (an operator at either end).
    func continues(_ k: Int) -> Bool {
        let before = tokens[k - 1]
        let here = tokens[k]
        let joiners: Set<String> = ["+", "-", "*", "/", ".", "?.", "?", ":", "=", "(", "[", "{", ",", "??", "&&", "||"]
        if before.kind == .punctuation && joiners.contains(before.text) { return true }
        return here.kind == .punctuation && [".", "?.", "+", "?", ":", "??"].contains(here.text)
    }
}
