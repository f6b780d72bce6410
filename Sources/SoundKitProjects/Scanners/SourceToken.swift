/// The language families the call-site scanner lexes: each has its own comments and string literals, and its own
/// notification APIs.
enum SourceLanguage: Sendable, Hashable {
    /// Swift: nested `/* */`, `"…"`, `"""…"""`, raw `#"…"#`, interpolation `\(…)`.
    case swift
    /// Objective-C (and C headers): `@"…"`, `'c'`, `/* */` not nested.
    case objectiveC
    /// Kotlin: nested `/* */`, `"…"` and `"""…"""` with `$x` and `${…}` templates.
    case kotlin
    /// Java: `"…"`, text blocks `"""…"""`, `'c'`.
    case java
    /// Dart: nested `/* */`, `'…'`, `"…"`, `'''`/`"""`, raw `r'…'`, `$x` and `${…}`.
    case dart
    /// JavaScript and TypeScript (JSX, TSX): `'…'`, `"…"`, templates `` `…${…}…` ``, regular expressions.
    case script
    /// C#: `"…"`, verbatim `@"…"`, interpolated `$"…{…}…"`, raw `"""…"""`, `'c'`.
    case csharp

    /// Whether `/* */` comments nest.
    var nestedComments: Bool { self == .swift || self == .kotlin || self == .dart }
}

/// One token of a source file: an identifier, a string literal (escapes decoded), a number or punctuation, with the
/// line and column (from 1, in Unicode scalars) where it starts.
struct SourceToken: Sendable, Hashable {
    /// What a token is.
    enum Kind: Sendable, Hashable {
        case identifier
        case string
        case number
        case punctuation
    }

    /// What it is.
    var kind: Kind
    /// An identifier's, number's or punctuation's text; empty for a string.
    var text: String
    /// Where it starts: a string literal at its first character (`@`, `$`, `r`, `#` or the quote).
    var line: Int
    /// The column on ``line``, from 1, in Unicode scalars.
    var column: Int
    /// A string literal's text.
    var literal: StringLiteral?

    /// Whether this is the punctuation `p`.
    func isPunctuation(_ p: String) -> Bool { kind == .punctuation && text == p }
    /// Whether this is the identifier `name`.
    func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
}

/// A string literal's text: the literal pieces between its interpolations (one more than there are
/// interpolations), escapes decoded.
struct StringLiteral: Sendable, Hashable {
    /// The literal text before, between and after interpolations.
    var pieces: [String]

    /// Whether it has no interpolation.
    var isPlain: Bool { pieces.count <= 1 }
    /// Its text, interpolations left out.
    var joined: String { pieces.joined() }
}
