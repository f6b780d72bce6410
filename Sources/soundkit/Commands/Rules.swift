import ArgumentParser
import SoundKit
import SoundKitNotifications

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule: its id, usual severity, the severities it can take and what it finds.",
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

    @Option(help: "Output: text, json (versioned) or markdown (a table).")
    var format: Format = .text

    func run() throws {
        switch format {
        case .markdown: print(Rule.markdownTable)
        case .json:
            try printJSON(RulesDocument.current)
        case .text:
            let width = Rule.allCases.map(\.id.count).max() ?? 0
            for r in Rule.allCases {
                let pad = String(repeating: " ", count: width - r.id.count)
                print("\(r.id)\(pad)  \(r.severities.map(\.rawValue).joined(separator: "/")): \(r.summary)")
            }
        }
    }
}
