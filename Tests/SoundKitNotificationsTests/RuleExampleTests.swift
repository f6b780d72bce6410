import Foundation
import SoundKitExampleSupport
import Testing

@_spi(SoundKitServe) @testable import SoundKitNotifications

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

    /// The rules that `soundkit check` raises on the example's files, made in a folder of their own, at any severity.
    func rules(_ example: SoundExample) throws -> [Rule] {
        let dir = try temporaryDirectory("rule-example")
        let paths = try example.files.map { try ExampleSoundFiles.write($0, into: dir) }
        var options = CheckOptions(namePolicy: example.namePolicy, loudness: example.loudness)
        options.jobs = 1
        return SoundChecker.check(paths, options: options).files.flatMap(\.findings).map(\.rule)
    }

    @Test("every sound example triggers its rule, or does not, as declared", arguments: Rule.allCases)
    func soundExamplesBehave(_ rule: Rule) throws {
        for e in rule.examples.triggering {
            guard case .sounds(let example) = e.input else { continue }
            #expect(try rules(example).contains(rule), "\(rule) must trigger on \(example.words)")
        }
        for e in rule.examples.nonTriggering {
            guard case .sounds(let example) = e.input else { continue }
            let found = try rules(example)
            #expect(!found.contains(rule), "\(rule) must not trigger on \(example.words): \(found)")
        }
    }

    @Test("every rule about one sound file proves itself with files made both ways")
    func soundFileRules() {
        func made(_ list: [RuleExample]) -> Bool {
            list.contains { if case .sounds = $0.input { true } else { false } }
        }
        let proved = Set(Rule.allCases.filter { made($0.examples.triggering) && made($0.examples.nonTriggering) })
        let expected: Set<Rule> = [
            .unreadable, .container, .codec, .duration, .durationBanner, .silence, .clipping, .loudness,
            .loudnessSpread, .extension, .channelsRate, .size, .namePolicy,
        ]
        #expect(proved == expected, "\(proved.symmetricDifference(expected))")
    }

    @Test("every file-tree example triggers its rule, or does not, as declared", arguments: Rule.allCases)
    func treeExamplesBehave(_ rule: Rule) throws {
        for e in rule.examples.triggering {
            guard case .tree(let tree) = e.input, ExampleTreeFiles.runsHere(tree) else { continue }
            let found = try ExampleTreeFiles.rules(tree)
            #expect(found.contains(rule), "\(rule) must trigger on \(tree.words): \(found)")
        }
        for e in rule.examples.nonTriggering {
            guard case .tree(let tree) = e.input, ExampleTreeFiles.runsHere(tree) else { continue }
            let found = try ExampleTreeFiles.rules(tree)
            #expect(!found.contains(rule), "\(rule) must not trigger on \(tree.words): \(found)")
        }
    }

    @Test("every rule about bundles, Android projects and attachments proves itself with file trees made both ways")
    func treeRules() {
        func made(_ list: [RuleExample]) -> Bool {
            list.contains { if case .tree = $0.input { true } else { false } }
        }
        let proved = Set(Rule.allCases.filter { made($0.examples.triggering) && made($0.examples.nonTriggering) })
        let expected: Set<Rule> = [
            .subfolder, .shadowed, .extensionPlist, .contentExtension, .serviceExtension, .entitlement,
            .extensionVersion, .extensionBundleID, .androidFormat, .androidDuplicate, .androidShrink, .androidName,
            .attachment, .attachmentExtension, .categoryNotDeclared, .noServiceExtension, .interruptionLevel, .fix,
            // Checkouts' rules: their trees are run by SoundKitProjectsTests' RepositoryRuleExampleTests.
            .notInTarget, .assetCatalog, .wrongBundle, .notAResource, .androidURI, .androidIDURI, .channelSound,
            .dynamicName, .projectUnreadable, .xcodeBothFormats, .unnamedSound, .runtimeSounds,
        ]
        #expect(proved == expected, "\(proved.symmetricDifference(expected))")
    }

    @Test("every rule but convert, info and normalize is proved both ways by examples a test runs")
    func everyRuleRuns() {
        func runs(_ list: [RuleExample]) -> Bool {
            list.contains { if case .described = $0.input { false } else { true } }
        }
        let unproved = Set(Rule.allCases.filter { !runs($0.examples.triggering) || !runs($0.examples.nonTriggering) })
        #expect(unproved == [.convert, .info, .normalize], "\(unproved)")
    }

    @Test("only examples no test here can run stay words: the tool's own rules and AAC LC in CAF")
    func describedOnlyWhereNothingRuns() {
        func described(_ list: [RuleExample]) -> Bool {
            list.contains { if case .described = $0.input { true } else { false } }
        }
        let words = Set(Rule.allCases.filter { described($0.examples.triggering + $0.examples.nonTriggering) })
        let expected: Set<Rule> = [.convert, .info, .normalize, .codec]
        #expect(words == expected, "\(words.symmetricDifference(expected))")
    }

    @Test(
        "the example files are what they say: ffmpeg reads each one's codec, rate, channels, length and peak",
        .tags(.oracle), .needs("ffmpeg", "ffprobe"))
    func exampleFilesAreWhatTheySay() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Every file written first (each in a folder of its own: two examples may share a name), then one ffmpeg run.
        var files: [(sound: ExampleSound, path: String)] = []
        for rule in Rule.allCases {
            for e in rule.examples.triggering + rule.examples.nonTriggering {
                guard case .sounds(let example) = e.input else { continue }
                for s in example.files where s.bytes != .noise && s.format == "lpcm" || s.bytes == .mp3 {
                    let folder = dir.appendingPathComponent("\(files.count)")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    files.append((s, try ExampleSoundFiles.write(s, into: folder)))
                }
            }
        }
        let decoded = try Decoded.ffmpeg(files.map(\.path))
        var checked = 0
        for ((s, _), d) in zip(files, decoded) {
            checked += 1
            if s.bytes == .mp3 {
                #expect(d.codec == "mp3" && d.samples.allSatisfy { $0 == 0 }, "\(s.words): \(d.codec)")
                continue
            }
            let codec = s.bytes == .wav || s.bytes == .rf64 ? "pcm_s16le" : "pcm_s16be"
            #expect(
                d.codec == codec && d.sampleRate == Int(s.sampleRate) && d.channels == s.channels, "\(s.words)")
            #expect(d.frames == Int((s.seconds * s.sampleRate).rounded()), "\(s.words): \(d.frames) frames")
            let peak = d.samples.map(abs).max() ?? 0
            switch s.signal {
            case .silence: #expect(peak == 0, "\(s.words)")
            case .square: #expect(peak >= 0.9999, "\(s.words)")
            case .tone(let dB): #expect(abs(20 * log10(peak) - dB) < 0.05, "\(s.words): peak \(peak)")
            }
        }
        #expect(checked >= 20, "only \(checked) example files were read back")
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
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(doc), as: UTF8.self)
        #expect(text.hasPrefix(#"{"nonTriggering":[{"payload":{"aps":{"#), "\(text)")
        #expect(text.contains(#""provider":"onesignal-live-activity""#))
        let json = String(decoding: try encoder.encode(RuleExamplesDocument(Rule.payloadJSON.examples)), as: UTF8.self)
        #expect(json.contains(#"{"text":"{\"aps\":"#), "\(json)")
        let codec = String(decoding: try encoder.encode(RuleExamplesDocument(Rule.codec.examples)), as: UTF8.self)
        #expect(
            codec.contains(
                #"{"description":"soundkit check chime.caf, where chime.caf is a CAF: 'alac' (its header, packets zeroed), 1 s, 44.1 kHz mono, a 997 Hz tone peaking at -12 dBFS","sounds":[{"bytes":"CAF","channels":1,"format":"alac","name":"chime.caf","peak":-12,"sampleRate":44100,"seconds":1,"signal":"tone"}]}"#
            ), "\(codec)")
        #expect(codec.contains(#"{"description":"AAC LC in CAF, as Bark ships its push sounds (a warning)"}"#))
        let loudness = String(
            decoding: try encoder.encode(RuleExamplesDocument(Rule.loudness.examples)), as: UTF8.self)
        #expect(loudness.contains(#""description":"soundkit check loud.caf --loudness -16±1, where loud.caf is"#))
        let subfolder = String(
            decoding: try encoder.encode(RuleExamplesDocument(Rule.subfolder.examples)), as: UTF8.self)
        #expect(
            subfolder.contains(
                #"{"description":"soundkit check Demo.app, where Demo.app/Info.plist is a property list {CFBundleIdentifier = com.example.demo}; Demo.app/Sounds/chime.caf is a CAF: 16-bit PCM, 1 s, 44.1 kHz mono, a 997 Hz tone peaking at -12 dBFS","tree":{"command":{"path":"Demo.app","run":"check"},"files":[{"path":"Demo.app/Info.plist","plist":{"CFBundleIdentifier":"com.example.demo"}},{"path":"Demo.app/Sounds/chime.caf","sound":{"bytes":"CAF","channels":1,"format":"lpcm","name":"chime.caf","peak":-12,"sampleRate":44100,"seconds":1,"signal":"tone"}}]}}"#
            ), "\(subfolder)")
        let photo = String(
            decoding: try encoder.encode(RuleExamplesDocument(Rule.attachment.examples)), as: UTF8.self)
        #expect(
            photo.contains(
                #"{"description":"soundkit check --attachment photo.jpg, where photo.jpg is 22 bytes: FF D8 FF E0 00 10 4A 46 …","tree":{"command":{"path":"photo.jpg","run":"attachment"},"files":[{"bytes":"FFD8FFE000104A46494600010100000100010000FFD9","path":"photo.jpg"}]}}"#
            ), "\(photo)")
        let shadowed = String(
            decoding: try encoder.encode(RuleExamplesDocument(Rule.shadowed.examples)), as: UTF8.self)
        #expect(
            shadowed.contains(
                #""command":{"appContainer":"Container","bundle":"Demo.app","name":"chime.caf","run":"resolve"}"#),
            "\(shadowed)")
        let entitled = String(
            decoding: try encoder.encode(RuleExamplesDocument(Rule.entitlement.examples)), as: UTF8.self)
        #expect(
            entitled.contains(#""command":{"entitlements":"App.entitlements","path":"critical.json","run":"payload"}"#))
        #expect(
            entitled.contains(
                #""plist":{"aps-environment":"production","com.apple.developer.usernotifications.critical-alerts":true}"#
            ))
    }
}
