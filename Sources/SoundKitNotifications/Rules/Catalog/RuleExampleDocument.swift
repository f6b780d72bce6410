/// A rule's examples as `soundkit rules --format json` lists them: `{"triggering": [...], "nonTriggering": [...]}`,
/// each a push body `{"payload": {…}, "provider": "…"}` (provider only when the example names one; a body that is not
/// JSON, `payload-json`'s, as `{"text": "…"}`), sound files to make and check as `{"description": "soundkit check …",
/// "sounds": [{"name", "bytes", "format", "seconds", "sampleRate", "channels", "signal"}]}`, or `{"description": "…"}`.
package struct RuleExamplesDocument: Encodable, Sendable {
    package struct Example: Encodable, Sendable {
        var payload: JSONValue?
        var text: String?
        var provider: PushProvider?
        var description: String?
        var sounds: [Sound]?
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
        case .payload(let body):
            if let value = try? JSONParser.parse(Array(body.utf8)) {
                return Example(payload: value, provider: e.provider)
            }
            return Example(text: body, provider: e.provider)
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
