import Foundation
import SoundKitExampleSupport
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitTestSupport
import Testing

@testable import SoundKitProjects

/// The repository rules' examples (`soundkit check .` on a checkout, `soundkit resolve NAME --project .`), written as
/// the catalog declares them and run through the repository checker: each must raise its rule, or not, as declared.
@Suite struct RepositoryRuleExampleTests {
    /// The rules a checkout example's command raises, at any severity.
    static func rules(_ tree: ExampleTree) throws -> [Rule] {
        let dir = try temporaryDirectory("repository-tree")
        try ExampleTreeFiles.write(tree, into: dir)
        switch tree.command {
        case .repository(let path):
            var options = CheckOptions()
            options.jobs = 1
            options.measureLoudness = false
            let report = RepositoryCheck.checked([dir.appendingPathComponent(path).path], options: options).report
            return report.files.flatMap(\.findings).map(\.rule)
        case .resolveInProject(let name, let project, let platform):
            let explained = RepositoryCheck.explain(
                name, in: dir.appendingPathComponent(project).path, platform: platform.flatMap(AppPlatform.init))
            return explained.verdicts.flatMap(\.findings).map(\.rule)
        default:
            return try ExampleTreeFiles.rules(tree)
        }
    }

    static let checkoutRules = Rule.allCases.filter { rule in
        (rule.examples.triggering + rule.examples.nonTriggering).contains {
            guard case .tree(let tree) = $0.input else { return false }
            return !ExampleTreeFiles.runsHere(tree)
        }
    }

    @Test("every source-tree rule proves itself with checkouts made both ways")
    func everyRuleHasCheckouts() {
        let expected: Set<Rule> = [
            .notInTarget, .assetCatalog, .wrongBundle, .notAResource, .androidURI, .androidIDURI, .channelSound,
            .dynamicName, .projectUnreadable, .xcodeBothFormats, .unnamedSound, .runtimeSounds,
        ]
        #expect(Set(Self.checkoutRules) == expected)
    }

    @Test("every checkout example triggers its rule, or does not, as declared", arguments: checkoutRules)
    func checkoutExamplesBehave(_ rule: Rule) throws {
        for e in rule.examples.triggering {
            guard case .tree(let tree) = e.input else { continue }
            let found = try Self.rules(tree)
            #expect(found.contains(rule), "\(rule) must trigger on \(tree.words): \(found)")
        }
        for e in rule.examples.nonTriggering {
            guard case .tree(let tree) = e.input else { continue }
            let found = try Self.rules(tree)
            #expect(!found.contains(rule), "\(rule) must not trigger on \(tree.words): \(found)")
        }
    }
}
