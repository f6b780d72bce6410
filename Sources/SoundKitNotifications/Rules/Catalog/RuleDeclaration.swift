/// One rule, declared in one file: its id (the ``Rule`` case), family, severities (the usual one first), summary,
/// what its severity rests on, and examples that must trigger it and examples that must not. SwiftLint's model: the
/// examples are its proof — `RuleExampleTests` runs every push-body example through the payload checker, and makes
/// and checks every example's sound files and file trees — and the
/// README's table, `--help` and `soundkit rules` all come from these declarations.
package protocol RuleDeclaration: Sendable {
    static var rule: Rule { get }
    static var family: Rule.Family { get }
    static var severities: [Severity] { get }
    static var summary: String { get }
    static var basis: Rule.Basis { get }
    /// The documents the severity rests on beyond its ``basis``, when the table names them.
    static var citation: String? { get }
    static var examples: RuleExamples { get }
}

/// What must trigger a rule and what must not.
package struct RuleExamples: Sendable {
    package var triggering: [RuleExample]
    package var nonTriggering: [RuleExample]
}

/// One example of a rule: a push body (as JSON text, read as `provider`'s when one is named, else by its shape), sound
/// files to make and check, a tree of files (a bundle, an Android project, an attachment) to make and run a command
/// on, or, where no test can run one, the file or command that shows it in words.
package struct RuleExample: Sendable, Hashable {
    package enum Input: Sendable, Hashable {
        case payload(String)
        case sounds(SoundExample)
        case tree(ExampleTree)
        case described(String)
    }

    package var input: Input
    package var provider: PushProvider?

    package static func payload(_ body: String, provider: PushProvider? = nil) -> RuleExample {
        RuleExample(input: .payload(body), provider: provider)
    }

    package static func described(_ words: String) -> RuleExample {
        RuleExample(input: .described(words), provider: nil)
    }

    /// The example in words, as `soundkit rules ID` lists it: a push body as its JSON (and whose body it is read
    /// as), files and the command run on them, or the words it was declared with.
    package var words: String {
        switch input {
        case .payload(let body): body + (provider.map { " (read as \($0.title)'s body)" } ?? "")
        case .sounds(let example): example.words
        case .tree(let tree): tree.words
        case .described(let words): words
        }
    }

    /// `soundkit check` on `files`, made as they say, with `--loudness` or `--name-policy` when given.
    package static func sounds(
        _ files: ExampleSound..., loudness: LoudnessGoal? = nil, namePolicy: Bool = false
    ) -> RuleExample {
        RuleExample(input: .sounds(SoundExample(files, loudness: loudness, namePolicy: namePolicy)), provider: nil)
    }

    /// Apple's documents the Live Activity rules rest on.
    static let activityKit =
        "Apple: Starting and updating Live Activities with ActivityKit push notifications; the APNs payload key reference"
}

extension Rule {
    /// Each rule's declaration, by rule.
    static let declared: [Rule: any RuleDeclaration.Type] = Dictionary(
        declarations.map { ($0.rule, $0) }, uniquingKeysWith: { first, _ in first })

    /// This rule's declaration; every case has one (a test holds it), and a missing one reads as an empty tool rule.
    package var declaration: (any RuleDeclaration.Type)? { Self.declared[self] }
    /// The kind of thing the rule judges.
    package var family: Family { declaration?.family ?? .tool }
    /// Every severity the rule reports, the usual one first.
    package var severities: [Severity] { declaration?.severities ?? [.error] }
    /// What the rule finds, in one line.
    package var summary: String { declaration?.summary ?? "" }
    /// What the rule's severity rests on.
    package var basis: Basis { declaration?.basis ?? .tool }
    /// The documents a rule's severity rests on, where the table names them beside its ``Basis``.
    package var citation: String? { declaration?.citation }
    /// What must trigger the rule and what must not.
    package var examples: RuleExamples { declaration?.examples ?? RuleExamples(triggering: [], nonTriggering: []) }
}
