/// A rule's examples as `soundkit rules --format json` lists them: `{"triggering": [...], "nonTriggering": [...]}`,
/// each a push body `{"payload": {…}, "provider": "…"}` (provider only when the example names one; a body that is not
/// JSON, `payload-json`'s, as `{"text": "…"}`), sound files to make and check as `{"description": "soundkit check …",
/// "sounds": [{"name", "bytes", "format", "seconds", "sampleRate", "channels", "signal"}]}`, a tree of files to make
/// and run a command on as `{"description": "soundkit check Demo.app, where …", "tree": {"command": {"run": "check",
/// "path": …}, "files": [{"path", "text" | "plist" | "sound" | "bytes"}]}}`, or `{"description": "…"}`.
package struct RuleExamplesDocument: Encodable, Sendable {
    package struct Example: Encodable, Sendable {
        var payload: JSONValue?
        var text: String?
        var provider: PushProvider?
        var description: String?
        var sounds: [Sound]?
        var tree: Tree?
    }

    /// One file of a sound example; `signal` is `tone`, `square` or `silence`, a tone with its `peak` in dBFS.
    package struct Sound: Encodable, Sendable {
        var name: String
        var bytes: String
        var format: String
        var seconds: Double
        var sampleRate: Double
        var channels: Int
        var signal: String
        var peak: Double?

        init(_ s: ExampleSound) {
            name = s.name
            bytes = s.bytes.rawValue
            format = s.format
            seconds = s.seconds
            sampleRate = s.sampleRate
            channels = s.channels
            switch s.signal {
            case .tone(let p):
                signal = "tone"
                peak = p
            case .square: signal = "square"
            case .silence: signal = "silence"
            }
        }
    }

    package var triggering: [Example]
    package var nonTriggering: [Example]

    package init(_ examples: RuleExamples) {
        triggering = examples.triggering.map(Self.example)
        nonTriggering = examples.nonTriggering.map(Self.example)
    }

    static func example(_ e: RuleExample) -> Example {
        switch e.input {
        case .described(let words):
            return Example(description: words)
        case .sounds(let example):
            return Example(description: example.words, sounds: example.files.map(Sound.init))
        case .tree(let tree):
            return Example(description: tree.words, tree: Tree(tree))
        case .payload(let body):
            if let value = try? JSONParser.parse(Array(body.utf8)) {
                return Example(payload: value, provider: e.provider)
            }
            return Example(text: body, provider: e.provider)
        }
    }
}

extension RuleExamplesDocument {
    /// A tree example: the command (`run` is `check`, `attachment`, `resolve` or `payload`, with its `path` — for
    /// `resolve`, the sound `name`, and `project` for a checkout — and options) and the files, each with its `path` and one of `text`, `plist` (as JSON), `sound` or `bytes` (hex).
    package struct Tree: Encodable, Sendable {
        struct Command: Encodable, Sendable {
            var run: String
            /// The file or folder run on; for `resolve`, none (``name`` is the sound name).
            var path: String?
            var name: String?
            var platform: String?
            var entitlements: String?
            var appContainer: String?
            var bundle: String?
            var fix: String?
            var project: String?
        }

        struct File: Encodable, Sendable {
            var path: String
            var text: String?
            var plist: ExamplePlist?
            var sound: Sound?
            var bytes: String?
        }

        var command: Command
        var files: [File]

        init(_ tree: ExampleTree) {
            switch tree.command {
            case .check(let path, let platform, let entitlements, let fix):
                command = Command(
                    run: "check", path: path, platform: platform?.rawValue, entitlements: entitlements, fix: fix)
            case .attachment(let path):
                command = Command(run: "attachment", path: path)
            case .resolve(let name, let container, let bundle):
                command = Command(run: "resolve", name: name, appContainer: container, bundle: bundle)
            case .payload(let file, let bundle, let entitlements):
                command = Command(run: "payload", path: file, entitlements: entitlements, bundle: bundle)
            case .repository(let path):
                command = Command(run: "check", path: path)
            case .resolveInProject(let name, let project, let platform):
                command = Command(run: "resolve", name: name, platform: platform, project: project)
            }
            files = tree.files.map { f in
                var file = File(path: f.path)
                switch f.contents {
                case .text(let t): file.text = t
                case .plist(let p): file.plist = p
                case .sound(let s): file.sound = Sound(s)
                case .bytes(let b): file.bytes = ExampleFile.hex(b)
                }
                return file
            }
        }
    }
}

extension ExamplePlist: Encodable {
    /// The property list as JSON: a dictionary as an object, an array as an array.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let s): try c.encode(s)
        case .bool(let b): try c.encode(b)
        case .integer(let i): try c.encode(i)
        case .array(let items): try c.encode(items)
        case .dictionary(let members): try c.encode(members)
        }
    }
}

extension JSONValue: Encodable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The value as JSON again: numbers keep their text when it is an integer or a decimal Swift reads.
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var c = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try c.encode(value, forKey: Key(stringValue: key)) }
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .number(let n):
            var c = encoder.singleValueContainer()
            if let i = Int(n) {
                try c.encode(i)
            } else if let d = Double(n), d.isFinite {
                try c.encode(d)
            } else {
                try c.encode(n)
            }
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        }
    }
}
