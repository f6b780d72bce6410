/// String literals: which prefixes and quotes open one in each language, its escapes and interpolations.
extension SourceLexer {
    /// How a string literal's text is read.
    struct StringSpec {
        /// How interpolations are written.
        enum Interpolation {
            case none
            /// Swift's `\(…)` (`\#(…)` in a raw string).
            case swift
            /// Kotlin's and Dart's `$name` and `${…}`.
            case dollar
            /// JavaScript's template `${…}`.
            case template
            /// C#'s `{…}`, `n` braces to a hole in a raw string (`{{` is a brace in a regular one).
            case braces(Int)
        }

        var quote: UInt8
        /// Quotes that open and close it (1, or 3 and more for multi-line and raw strings).
        var count = 1
        /// Swift raw strings' `#`s.
        var hashes = 0
        var escapes = true
        /// C# verbatim strings: `""` is a quote.
        var doubledQuote = false
        var interpolation = Interpolation.none
        var multiline = false
    }

    /// Whether a string literal starts at the cursor; if so reads it and appends it as a token.
    mutating func stringToken() -> Bool {
        guard stringStart() != nil else { return false }
        let (l, c) = (line, column)
        let literal = readString(depth: 0)
        tokens.append(SourceToken(kind: .string, text: "", line: l, column: c, literal: literal))
        return true
    }

    /// The string literal starting at the cursor (its prefix and opening quotes: how many bytes), if one does.
    func stringStart() -> (spec: StringSpec, skip: Int)? {
        guard let b = peek() else { return nil }
        let dq = UInt8(ascii: "\"")
        let sq = UInt8(ascii: "'")
        switch language {
        case .swift:
            var h = 0
            while peek(h) == UInt8(ascii: "#") && h < 255 { h += 1 }
            guard peek(h) == dq else { return nil }
            let n = quotes(at: h, dq) >= 3 ? 3 : 1
            return (StringSpec(quote: dq, count: n, hashes: h, interpolation: .swift, multiline: n == 3), h + n)
        case .objectiveC:
            if b == UInt8(ascii: "@") && peek(1) == dq { return (StringSpec(quote: dq), 2) }
            return b == dq || b == sq ? (StringSpec(quote: b), 1) : nil
        case .kotlin, .java:
            if b == sq { return (StringSpec(quote: sq), 1) }
            guard b == dq else { return nil }
            if quotes(at: 0, dq) >= 3 {
                let kotlin = language == .kotlin
                return (
                    StringSpec(
                        quote: dq, count: 3, escapes: !kotlin, interpolation: kotlin ? .dollar : .none, multiline: true),
                    3
                )
            }
            return (StringSpec(quote: dq, interpolation: language == .kotlin ? .dollar : .none), 1)
        case .dart:
            let raw = b == UInt8(ascii: "r") && (peek(1) == sq || peek(1) == dq)
            let q = raw ? peek(1) ?? dq : b
            guard q == sq || q == dq else { return nil }
            let p = raw ? 1 : 0
            let n = quotes(at: p, q) >= 3 ? 3 : 1
            let spec = StringSpec(
                quote: q, count: n, escapes: !raw, interpolation: raw ? .none : .dollar, multiline: n == 3)
            return (spec, p + n)
        case .script:
            if b == UInt8(ascii: "`") {
                return (StringSpec(quote: b, interpolation: .template, multiline: true), 1)
            }
            return b == dq || b == sq ? (StringSpec(quote: b), 1) : nil
        case .csharp:
            return csharpStringStart()
        }
    }

    /// C#'s strings: `"…"`, `'c'`, `@"…"`, `$"…"`, `$@"…"`/`@$"…"`, and raw `"""…"""` with any `$`s.
    func csharpStringStart() -> (spec: StringSpec, skip: Int)? {
        let dq = UInt8(ascii: "\"")
        if peek() == UInt8(ascii: "'") { return (StringSpec(quote: UInt8(ascii: "'")), 1) }
        var k = 0
        var dollars = 0
        var verbatim = false
        while k < 300, let b = peek(k), b == UInt8(ascii: "$") || (b == UInt8(ascii: "@") && !verbatim) {
            if b == UInt8(ascii: "$") { dollars += 1 } else { verbatim = true }
            k += 1
        }
        guard peek(k) == dq else { return nil }
        let n = quotes(at: k, dq)
        if !verbatim && n >= 3 {
            let spec = StringSpec(
                quote: dq, count: n, escapes: false, interpolation: dollars > 0 ? .braces(dollars) : .none,
                multiline: true)
            return (spec, k + n)
        }
        var spec = StringSpec(quote: dq, interpolation: dollars > 0 ? .braces(1) : .none)
        if verbatim {
            spec.escapes = false
            spec.doubledQuote = true
            spec.multiline = true
        }
        return (spec, k + 1)
    }

    /// How many `q` follow from `k` ahead (up to 300).
    func quotes(at k: Int, _ q: UInt8) -> Int {
        var n = 0
        while n < 300 && peek(k + n) == q { n += 1 }
        return n
    }

    /// Reads the string literal at the cursor (which ``stringStart()`` found), nested `depth` interpolations deep.
    mutating func readString(depth: Int) -> StringLiteral {
        guard let (spec, skip) = stringStart() else { return StringLiteral(pieces: [""]) }
        advance(skip)
        var pieces: [String] = []
        var current: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if spec.doubledQuote && b == spec.quote && peek(1) == spec.quote {
                current.append(b)
                advance(2)
                continue
            }
            if closes(spec) {
                advance(spec.count + spec.hashes)
                break
            }
            if b == 0x0A && !spec.multiline { break }
            if hole(spec, depth: depth, into: &current) {
                pieces.append(String(decoding: current, as: UTF8.self))
                current = []
                continue
            }
            if spec.escapes && b == UInt8(ascii: "\\") && hashesFollow(spec.hashes, from: 1) {
                escape(after: spec.hashes, into: &current)
                continue
            }
            current.append(b)
            advance()
        }
        pieces.append(String(decoding: current, as: UTF8.self))
        if spec.count >= 3 && (language == .swift || language == .java || language == .csharp) {
            pieces = Self.dedented(pieces)
        }
        return StringLiteral(pieces: pieces)
    }

    /// Whether the closing quotes (and `#`s) are at the cursor.
    func closes(_ spec: StringSpec) -> Bool {
        for k in 0..<spec.count where peek(k) != spec.quote { return false }
        return hashesFollow(spec.hashes, from: spec.count)
    }

    /// Whether `n` `#`s follow from `k` ahead.
    func hashesFollow(_ n: Int, from k: Int) -> Bool {
        for j in 0..<n where peek(k + j) != UInt8(ascii: "#") { return false }
        return true
    }
}
