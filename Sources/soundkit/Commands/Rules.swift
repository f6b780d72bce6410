import ArgumentParser
import SoundKit
@_spi(SoundKitServe) import SoundKitNotifications

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract:
            "List every rule: its id, usual severity, the severities it can take and what it finds; with ids, each in full with its examples.",
        discussion: """
            text prints a line a rule; json is {"version": 1, "rules": [{"id", "severity", "severities", "summary", \
            "restsOn", "examples": {"triggering": [...], "nonTriggering": [...]}}]}, each example a push body \
            {"payload": {...}, "provider"?}, sound files to make {"description": "soundkit check ...", "sounds": [...]}, \
            a tree of files to make and run a command on {"description": "soundkit check Demo.app, where ...", \
            "tree": {"command": {...}, "files": [...]}} or {"description": "..."}; markdown is the table the README shows, with what \
            each severity rests on.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown

        var defaultValueDescription: String { rawValue }
        static var allValueStrings: [String] { allCases.map(\.rawValue) }
        static var allValueDescriptions: [String: String] { [:] }
    }

    @Argument(help: "Rules to show in full (ids, as `soundkit rules` lists them); none lists every rule.")
    var ids: [String] = []

    @Option(help: "Output: text, json (versioned) or markdown (a table).")
    var format: Format = .text

    func validate() throws {
        for id in ids where Rule(rawValue: id) == nil {
            let near = Rule.allCases.filter { $0.id.hasPrefix(id) || id.hasPrefix($0.id) || $0.id.contains(id) }
            let hint = near.isEmpty ? "" : "; did you mean \(near.prefix(3).map(\.id).joined(separator: ", "))?"
            throw ValidationError("no rule '\(id)'\(hint) (soundkit rules lists them)")
        }
    }

    func run() throws {
        let chosen = ids.isEmpty ? Rule.allCases : ids.compactMap { Rule(rawValue: $0) }
        switch format {
        case .markdown: print(Rule.markdownTable(of: chosen))
        case .json:
            try printJSON(RulesDocument.of(chosen))
        case .text where ids.isEmpty:
            let width = Rule.allCases.map(\.id.count).max() ?? 0
            for r in Rule.allCases {
                let pad = String(repeating: " ", count: width - r.id.count)
                print("\(r.id)\(pad)  \(r.severities.map(\.rawValue).joined(separator: "/")): \(r.summary)")
            }
        case .text:
            print(chosen.map(Self.detail).joined(separator: "\n"))
        }
    }

    /// One rule in full, as SwiftLint's `rules ID` shows it: what it finds, its severities, what they rest on, and
    /// the examples that must and must not trigger it (the tests run each one that is not described in words).
    static func detail(_ r: Rule) -> String {
        var lines = [
            "\(r.id) (\(r.family.rawValue)): \(r.severities.map(\.rawValue).joined(separator: " / "))",
            "  finds: \(r.summary)",
            "  rests on: \(r.restsOn)",
            "  triggers on:",
        ]
        lines += r.examples.triggering.map { "    - \($0.words)" }
        lines.append("  does not trigger on:")
        lines += r.examples.nonTriggering.map { "    - \($0.words)" }
        return lines.joined(separator: "\n")
    }
}
