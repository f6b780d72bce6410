/// A small lexer for one language family: comments skipped, string literals decoded (interpolations kept as holes),
/// identifiers, numbers and punctuation, each with its line and column. It never traps on any bytes: every read is
/// bounds-checked, an unterminated comment or string ends at the end of the file (a single-line string at the end of
/// its line), nesting inside interpolations is limited, and the token count is bounded.
struct SourceLexer {
    /// The most tokens one file yields; past it the rest of the file is not read (and the scan says so).
    static let maxTokens = 400_000
    /// How deep string literals nest inside interpolations before the lexer stops looking for nested ones.
    static let maxInterpolationDepth = 8

    let bytes: [UInt8]
    let language: SourceLanguage
    var i = 0
    var line = 1
    var column = 1
    var tokens: [SourceToken] = []
    /// Whether the token bound stopped the lexer before the end of the file.
    var truncated = false

    init(bytes: [UInt8], language: SourceLanguage) {
        self.bytes = bytes
        self.language = language
    }

    /// The tokens of `bytes`, and whether the bound cut them short.
    static func tokens(_ bytes: [UInt8], language: SourceLanguage) -> (tokens: [SourceToken], truncated: Bool) {
        var lexer = SourceLexer(bytes: bytes, language: language)
        lexer.run()
        return (lexer.tokens, lexer.truncated)
    }

    mutating func run() {
        while i < bytes.count {
            if tokens.count >= Self.maxTokens {
                truncated = true
                return
            }
            step()
        }
    }

    /// The byte `k` places ahead, when there is one.
    func peek(_ k: Int = 0) -> UInt8? {
        let j = i &+ k
        return j >= 0 && j < bytes.count ? bytes[j] : nil
    }

    /// Moves past one byte, counting lines and columns (a column per Unicode scalar: UTF-8 continuation bytes do not
    /// count).
    mutating func advance() {
        guard i < bytes.count else { return }
        let b = bytes[i]
        i += 1
        if b == 0x0A {
            line += 1
            column = 1
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    mutating func advance(_ n: Int) {
        for _ in 0..<max(0, n) { advance() }
    }

    /// Whether the bytes at the cursor are `s`.
    func at(_ s: String) -> Bool {
        var k = 0
        for b in s.utf8 {
            guard peek(k) == b else { return false }
            k += 1
        }
        return true
    }

    mutating func step() {
        let b = bytes[i]
        switch b {
        case 0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x0B:
            advance()
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            skipLine()
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            skipBlockComment()
        case UInt8(ascii: "/") where language == .script && regexCanStart:
            scriptRegex()
        default:
            if !stringToken() { plainToken(b) }
        }
    }

    /// An identifier, number or punctuation starting with `b`.
    mutating func plainToken(_ b: UInt8) {
        if Self.isIdentifierStart(b, language) {
            identifier()
        } else if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
            number()
        } else if b == UInt8(ascii: "`") && language == .swift {
            // A Swift identifier in backticks: the name inside.
            advance()
            identifier()
            if peek() == UInt8(ascii: "`") { advance() }
        } else {
            punctuation()
        }
    }

    static func isIdentifierStart(_ b: UInt8, _ language: SourceLanguage) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_") || b >= 0x80
            || (b == UInt8(ascii: "$") && (language == .script || language == .dart))
    }

    static func isIdentifierByte(_ b: UInt8, _ language: SourceLanguage) -> Bool {
        isIdentifierStart(b, language) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }

    mutating func skipLine() {
        while let b = peek(), b != 0x0A { advance() }
    }

    mutating func skipBlockComment() {
        advance(2)
        var depth = 1
        while i < bytes.count {
            if at("*/") {
                advance(2)
                depth -= 1
                if depth == 0 { return }
            } else if language.nestedComments && at("/*") {
                advance(2)
                depth = min(depth + 1, 1 << 20)
            } else {
                advance()
            }
        }
    }

    mutating func identifier() {
        let start = (i, line, column)
        while let b = peek(), Self.isIdentifierByte(b, language) { advance() }
        if i == start.0 { advance() }
        let text = String(decoding: bytes[start.0..<i], as: UTF8.self)
        tokens.append(SourceToken(kind: .identifier, text: text, line: start.1, column: start.2))
    }

    mutating func number() {
        let start = (i, line, column)
        while let b = peek() {
            let digitAfterDot = b == UInt8(ascii: ".") && (peek(1).map { $0 >= 0x30 && $0 <= 0x39 } ?? false)
            guard Self.isIdentifierByte(b, language) || digitAfterDot else { break }
            advance()
        }
        let text = String(decoding: bytes[start.0..<i], as: UTF8.self)
        tokens.append(SourceToken(kind: .number, text: text, line: start.1, column: start.2))
    }

    /// One punctuation character, or `==`, `===`, `!=`, `=>`, `->`, `?.`, `::`, `??` as one token.
    mutating func punctuation() {
        let start = (i, line, column)
        var length = 1
        if let b = peek(), Self.operatorStarts.contains(b) {
            for op in Self.operators where at(op) {
                length = op.utf8.count
                break
            }
        }
        advance(length)
        let text = String(decoding: bytes[start.0..<min(i, bytes.count)], as: UTF8.self)
        tokens.append(SourceToken(kind: .punctuation, text: text, line: start.1, column: start.2))
    }

    /// Operators read as one token, longest first.
    static let operators = ["===", "!==", "==", "!=", "=>", "->", "?.", "::", "??", "+=", "<=", ">=", "&&", "||"]
    /// Their first bytes.
    static let operatorStarts = Set(operators.compactMap { $0.utf8.first })

    /// Whether a `/` here starts a regular expression in JavaScript (after an operator, an opening bracket, a comma,
    /// `return`), not a division.
    var regexCanStart: Bool {
        guard let last = tokens.last else { return true }
        switch last.kind {
        case .punctuation: return !(last.text == ")" || last.text == "]" || last.text == "}")
        case .identifier: return ["return", "typeof", "case", "in", "of", "yield", "await", "else"].contains(last.text)
        default: return false
        }
    }

    /// A JavaScript regular expression, read past as one punctuation token; a `/` with no closing `/` on its line is
    /// a division after all.
    mutating func scriptRegex() {
        let saved = (i, line, column)
        advance()
        var inClass = false
        while let b = peek(), b != 0x0A {
            if b == UInt8(ascii: "\\") {
                advance(2)
                continue
            }
            if b == UInt8(ascii: "[") { inClass = true }
            if b == UInt8(ascii: "]") { inClass = false }
            advance()
            if b == UInt8(ascii: "/") && !inClass {
                while let f = peek(), Self.isIdentifierByte(f, language) { advance() }
                tokens.append(SourceToken(kind: .punctuation, text: "regex", line: saved.1, column: saved.2))
                return
            }
        }
        (i, line, column) = saved
        punctuation()
    }
}
