/// Escapes and interpolations inside string literals.
extension SourceLexer {
    /// Whether an interpolation starts at the cursor in a string read by `spec`; if so moves past it (nested strings
    /// in it read and dropped), or, for C#'s `{{`/`}}`, appends the brace to `current` and says no hole.
    mutating func hole(_ spec: StringSpec, depth: Int, into current: inout [UInt8]) -> Bool {
        guard let b = peek() else { return false }
        switch spec.interpolation {
        case .none:
            return false
        case .swift:
            guard b == UInt8(ascii: "\\"), hashesFollow(spec.hashes, from: 1),
                peek(1 + spec.hashes) == UInt8(ascii: "(")
            else { return false }
            advance(1 + spec.hashes)
            skipBalanced(open: UInt8(ascii: "("), close: UInt8(ascii: ")"), depth: depth)
            return true
        case .template:
            guard b == UInt8(ascii: "$"), peek(1) == UInt8(ascii: "{") else { return false }
            advance()
            skipBalanced(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), depth: depth)
            return true
        case .dollar:
            guard b == UInt8(ascii: "$"), let next = peek(1) else { return false }
            if next == UInt8(ascii: "{") {
                advance()
                skipBalanced(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), depth: depth)
                return true
            }
            guard Self.isIdentifierStart(next, .java) else { return false }
            advance()
            while let c = peek(), Self.isIdentifierByte(c, .java) { advance() }
            return true
        case .braces(let n):
            return braceHole(n, depth: depth, into: &current)
        }
    }

    /// C#'s interpolation holes: `n` braces open one; in a regular interpolated string `{{` and `}}` are braces.
    mutating func braceHole(_ n: Int, depth: Int, into current: inout [UInt8]) -> Bool {
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        if n == 1, (peek() == open && peek(1) == open) || (peek() == close && peek(1) == close) {
            current.append(peek() ?? open)
            advance(2)
            return false
        }
        guard peek() == open else { return false }
        for k in 0..<n where peek(k) != open { return false }
        advance(n - 1)
        skipBalanced(open: open, close: close, depth: depth)
        // A raw string's hole closes with as many braces as opened it.
        var k = 1
        while k < n && peek() == close {
            advance()
            k += 1
        }
        return true
    }

    /// Moves past a bracketed interpolation whose opening bracket is at the cursor, reading past nested string
    /// literals (down to ``maxInterpolationDepth``) so that their brackets do not count.
    mutating func skipBalanced(open: UInt8, close: UInt8, depth: Int) {
        advance()
        var d = 1
        while i < bytes.count {
            if depth < Self.maxInterpolationDepth, stringStart() != nil {
                _ = readString(depth: depth + 1)
                continue
            }
            let b = bytes[i]
            if b == open {
                d += 1
            } else if b == close {
                d -= 1
                if d == 0 {
                    advance()
                    return
                }
            }
            advance()
        }
    }

    /// Decodes the escape at the cursor (a backslash, then `hashes` `#`s in a Swift raw string) into `out`.
    mutating func escape(after hashes: Int, into out: inout [UInt8]) {
        advance(1 + hashes)
        guard let c = peek() else { return }
        advance()
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "0"): 0,
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "v"): 0x0B,
        ]
        if let s = simple[c], !(c == UInt8(ascii: "b") && language == .swift) {
            out.append(s)
            return
        }
        switch c {
        case 0x0A:
            // A line continuation.
            while let w = peek(), w == 0x20 || w == 0x09, language == .swift { advance() }
        case 0x0D:
            if peek() == 0x0A { advance() }
        case UInt8(ascii: "u"):
            if peek() == UInt8(ascii: "{") {
                advance()
                let v = hexValue(maxDigits: 8)
                if peek() == UInt8(ascii: "}") { advance() }
                appendScalar(v, to: &out)
            } else {
                appendScalar(hexValue(maxDigits: 4), to: &out)
            }
        case UInt8(ascii: "U") where language == .csharp:
            appendScalar(hexValue(maxDigits: 8), to: &out)
        case UInt8(ascii: "x") where language != .swift:
            appendScalar(hexValue(maxDigits: language == .csharp ? 4 : 2), to: &out)
        default:
            out.append(c)
        }
    }

    /// Up to `maxDigits` hexadecimal digits at the cursor, as a number (none: nil).
    mutating func hexValue(maxDigits: Int) -> UInt32? {
        var v: UInt32 = 0
        var n = 0
        while n < maxDigits, let b = peek(), let d = Self.hexDigit(b) {
            v = (v << 4) | d
            n += 1
            advance()
        }
        return n > 0 ? v : nil
    }

    static func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The scalar `v` in UTF-8; U+FFFD when it is none (a surrogate, past U+10FFFF, no digits).
    func appendScalar(_ v: UInt32?, to out: inout [UInt8]) {
        let scalar = v.flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    /// A multi-line literal's text as Swift, Java and C# read it: the line after the opening quotes onward, the
    /// closing quotes' indentation removed from every line.
    static func dedented(_ pieces: [String]) -> [String] {
        var p = pieces
        guard !p.isEmpty else { return p }
        if let nl = p[0].firstIndex(of: "\n"), p[0][..<nl].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
            p[0] = String(p[0][p[0].index(after: nl)...])
        }
        let last = p.count - 1
        guard let nl = p[last].lastIndex(of: "\n") else { return p }
        let indent = String(p[last][p[last].index(after: nl)...])
        guard indent.allSatisfy({ $0 == " " || $0 == "\t" }) else { return p }
        p[last] = String(p[last][..<nl])
        guard !indent.isEmpty else { return p }
        for k in p.indices {
            if k == 0, p[k].hasPrefix(indent) { p[k] = String(p[k].dropFirst(indent.count)) }
            p[k] = p[k].replacing("\n" + indent, with: "\n")
        }
        return p
    }
}
