import Foundation
import Testing

@testable import SoundKitNotifications

/// Every rule's declared examples, run: each push body that must trigger its rule does, each that must not does not.
@Suite("Rules carry their own proof: every declared example behaves as stated")
struct RuleExampleTests {
    /// The rules `body` (read as `provider`'s, or by its shape) raises, at any severity.
    func rules(_ body: String, _ provider: PushProvider?) -> [Rule] {
        let r = PayloadChecker.check(
            Array(body.utf8), provider: provider, cache: ResultCache(directory: nil, identity: "test"))
        return declared(r.findings).map(\.rule)
    }

    @Test("every rule has exactly one declaration, with a summary, a severity and both kinds of example")
    func everyRuleDeclared() {
        let declared: [Rule] = Rule.declarations.map { $0.rule }
        #expect(declared == Rule.allCases)
        for r in Rule.allCases {
            #expect(!r.summary.isEmpty && !r.severities.isEmpty, "\(r)")
            #expect(!r.examples.triggering.isEmpty && !r.examples.nonTriggering.isEmpty, "\(r) has no examples")
        }
    }

    @Test("every push-body example triggers its rule, or does not, as declared", arguments: Rule.allCases)
    func examplesBehave(_ rule: Rule) {
        for e in rule.examples.triggering {
            guard case .payload(let body) = e.input else { continue }
            #expect(rules(body, e.provider).contains(rule), "\(rule) must trigger on \(body)")
        }
        for e in rule.examples.nonTriggering {
            guard case .payload(let body) = e.input else { continue }
            let found = rules(body, e.provider)
            #expect(!found.contains(rule), "\(rule) must not trigger on \(body): \(found)")
        }
    }

    @Test("at least 15 rules prove themselves with push bodies both ways")
    func pushBodyRules() {
        func bodies(_ list: [RuleExample]) -> Int {
            list.filter { if case .payload = $0.input { true } else { false } }.count
        }
        let proved = Rule.allCases.filter {
            bodies($0.examples.triggering) > 0 && bodies($0.examples.nonTriggering) > 0
        }
        #expect(proved.count >= 15, "\(proved)")
    }

    @Test("the examples document: bodies as JSON objects, the provider only when named, words as description")
    func document() throws {
        let doc = RuleExamplesDocument(Rule.liveActivityEvent.examples)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(doc), as: UTF8.self)
        #expect(text.hasPrefix(#"{"nonTriggering":[{"payload":{"aps":{"#), "\(text)")
        #expect(text.contains(#""provider":"onesignal-live-activity""#))
        let json = String(decoding: try encoder.encode(RuleExamplesDocument(Rule.payloadJSON.examples)), as: UTF8.self)
        #expect(json.contains(#"{"text":"{\"aps\":"#), "\(json)")
        let words = String(decoding: try encoder.encode(RuleExamplesDocument(Rule.codec.examples)), as: UTF8.self)
        #expect(words.contains(#""description":"ffmpeg"#), "\(words)")
    }
}
