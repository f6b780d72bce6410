import Foundation
import Testing

@testable import SoundKitNotifications

/// The layout a newcomer opens: every rule in one file named after its id, holding one type named after its case,
/// and every push provider's body in a file named after its type. It reads the module's sources, so a rule declared
/// anywhere else, or a provider body forwarding into a shared file, fails here.
@Suite struct RuleLayoutTests {
    static let module = repositoryRoot.appendingPathComponent("Sources/SoundKitNotifications")

    /// Every `.swift` file of the module, by its path inside it, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let base = module.path + "/"
        let walker = try #require(FileManager.default.enumerator(atPath: module.path))
        var out: [(String, String)] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            out.append((relative, try String(contentsOfFile: base + relative, encoding: .utf8)))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The types a file declares conforming to `protocols`, by name.
    static func conformers(in text: String, to protocols: [String]) -> [String] {
        let alternatives = protocols.joined(separator: "|")
        let pattern =
            #"(?m)^(?:package |public )?(?:enum|struct|final class|class) (\w+)\s*:[^{\n]*\b(?:"#
            + alternatives + #")\b"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { m in
            Range(m.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// A rule's type name from its id, as the convention spells it: the case with `Rule` after it; compared without
    /// case, so `payload-json` is `PayloadJSONRule`.
    static func folded(_ s: String) -> String { s.lowercased().replacingOccurrences(of: "-", with: "") }

    @Test("every rule is one file <id>.swift under Rules/ or PushPayloads/Rules/, holding its one type <Case>Rule")
    func rulesLayout() throws {
        let files = try Self.sources()
        var declaredIn: [String: [String]] = [:]
        for file in files {
            for type in Self.conformers(in: file.text, to: ["RuleDeclaration", "SoundRule"]) {
                declaredIn[type, default: []].append(file.path)
            }
        }
        #expect(declaredIn.count == Rule.allCases.count, "\(declaredIn.keys.sorted())")
        for rule in Rule.allCases {
            let declaration = try #require(rule.declaration, "\(rule.id) has no declaration")
            let type = String(describing: declaration)
            #expect(Self.folded(type) == Self.folded(rule.id) + "rule", "\(rule.id) is declared by \(type)")
            let paths = declaredIn[type] ?? []
            #expect(paths.count == 1, "\(type) is declared in \(paths)")
            guard let path = paths.first else { continue }
            let name = (path as NSString).lastPathComponent
            #expect(name == rule.id + ".swift", "\(rule.id) is declared in \(path)")
            #expect(
                path.hasPrefix("Rules/") || path.hasPrefix("PushPayloads/Rules/"),
                "\(rule.id) is declared outside Rules/ and PushPayloads/Rules/: \(path)")
            let named = files.filter { ($0.path as NSString).lastPathComponent == rule.id + ".swift" }
            #expect(named.count == 1, "\(rule.id).swift: \(named.map(\.path))")
        }
        #expect(Rule.declarations.count == Rule.allCases.count)
    }

    @Test("sound-name is raised from its own file alone")
    func soundNameInOneFile() throws {
        let raising = try Self.sources().filter {
            $0.text.contains("Rule.soundName.finding") || $0.text.contains("add(\n            .soundName")
                || $0.text.contains("add(.soundName")
        }
        #expect(raising.map(\.path) == ["PushPayloads/Rules/sound-name.swift"])
    }

    @Test("every push provider's body is one type in Providers/<Type>.swift, and no other file holds a body")
    func providersLayout() throws {
        let files = try Self.sources().filter { $0.path.hasPrefix("PushPayloads/Providers/") }
        var bodies: [String: String] = [:]
        for file in files {
            for type in Self.conformers(in: file.text, to: ["ProviderBody"]) { bodies[type] = file.path }
        }
        for provider in PushProvider.allCases {
            let body = try #require(ProviderBodies.body(of: provider), "\(provider) has no body")
            let type = String(describing: body)
            #expect(
                bodies[type] == "PushPayloads/Providers/\(type).swift",
                "\(provider): \(type) in \(bodies[type] ?? "no file")")
        }
        #expect(Set(bodies.values).count == bodies.count, "a file holds two bodies: \(bodies)")
        let shared = ["PushPayloads/Providers/ProviderBody.swift", "PushPayloads/Providers/PushProvider.swift"]
        let strays = files.map(\.path).filter { !shared.contains($0) && !bodies.values.contains($0) }
        #expect(strays.isEmpty, "files in Providers/ that are no provider's body: \(strays)")
    }
}
