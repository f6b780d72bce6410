import SoundKitIO

/// `soundkit info --format json`, and `POST /v1/sounds/info` of `soundkit serve`: one versioned document.
@_spi(SoundKitServe) public struct InfoDocument: Encodable, Sendable {
    /// The version of the document's shape.
    package var version = 1
    /// Every file described, in the order given.
    package var files: [Described]

    /// The document for `files`, in the order given.
    @_spi(SoundKitServe) public init(files: [Described]) { self.files = files }

    /// A file's description with its loudness: `"loudness": {...}`, or `null` and `"loudnessUnavailable"`.
    @_spi(SoundKitServe) public struct Described: Encodable, Sendable {
        package var description: AudioFileDescription
        package var loudness: LoudnessReading

        enum Keys: String, CodingKey { case loudness, loudnessUnavailable }

        package init(description: AudioFileDescription, loudness: LoudnessReading) {
            self.description = description
            self.loudness = loudness
        }

        /// The file at `path` described, its loudness measured.
        @_spi(SoundKitServe) public static func read(_ path: String) throws(AudioFileError) -> Described {
            let d = try Inspector.describe(path)
            return Described(description: d, loudness: LoudnessReading.measure(d))
        }

        /// The description's fields, and its loudness or why there is none.
        @_spi(SoundKitServe) public func encode(to encoder: any Encoder) throws {
            try description.encode(to: encoder)
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(loudness.value, forKey: .loudness)
            try c.encodeIfPresent(loudness.unavailable, forKey: .loudnessUnavailable)
        }
    }
}

/// `soundkit rules --format json`, and `GET /v1/rules` of `soundkit serve`.
@_spi(SoundKitServe) public struct RulesDocument: Encodable, Sendable {
    /// The version of the document's shape.
    package var version = 1
    /// Every rule, in the catalogue's order.
    package var rules: [Entry]

    /// One rule: its id, default severity, the severities it can have, what it checks, what its severity rests on,
    /// and the examples that must and must not trigger it.
    package struct Entry: Encodable, Sendable {
        var id: String
        var severity: String
        var severities: [String]
        var summary: String
        var restsOn: String
        var examples: RuleExamplesDocument
    }

    /// The catalogue as it is.
    @_spi(SoundKitServe) public static var current: RulesDocument { of(Rule.allCases) }

    /// The catalogue's entries for `rules`, in the order given.
    package static func of(_ rules: [Rule]) -> RulesDocument {
        RulesDocument(
            rules: rules.map {
                Entry(
                    id: $0.id, severity: $0.severity.rawValue, severities: $0.severities.map(\.rawValue),
                    summary: $0.summary, restsOn: $0.restsOn, examples: RuleExamplesDocument($0.examples))
            })
    }
}
