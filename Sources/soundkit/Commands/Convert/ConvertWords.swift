import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
import SoundKitIO
import SoundKitNotifications
import SoundKitReport

/// What a run of convert's words says: the output options, the run options and the files, in order.
struct ConvertWords: Equatable {
    var output = OutputOptions()
    var run = RunOptions()
    var files: [String] = []

    /// The checks `Convert.validate()` makes, for both ways of reading the words: each option's own
    /// (``ConvertOption/all``, in order), then those between options.
    func validate() throws {
        for option in ConvertOption.all {
            if let why = option.refusal(self) { throw ValidationError(why) }
        }
        if output.gain != nil && output.normalize != nil {
            throw ValidationError("--gain and --normalize exclude each other: --normalize chooses the gain.")
        }
    }

    /// These words with the options of `scope` that `other` gives taken from it (an `-o` group's words over
    /// those before the first `-o`). `--gain` and `--normalize` replace each other.
    func merging(_ other: ConvertWords, _ scope: ConvertOption.Scope) -> ConvertWords {
        var merged = self
        for option in ConvertOption.all where option.scope == scope { option.merge(&merged, other) }
        if scope == .output {
            if other.output.gain != nil && other.output.normalize == nil { merged.output.normalize = nil }
            if other.output.normalize != nil && other.output.gain == nil { merged.output.gain = nil }
        }
        return merged
    }

    /// Reads `words` (those after `convert`, or between two `-o`s) by convert's options (``ConvertOption``), or
    /// gives nil for anything outside the plain forms: help and version, an unknown or repeated option, a value
    /// that is missing, malformed or out of range, `--`. The caller then hands the words to ArgumentParser, which
    /// has the final word and the messages; this reading exists because ArgumentParser's reflection over
    /// `Convert`'s options is what a short conversion's start-up would otherwise spend. soundkitCLITests checks that
    /// every line read here gives what ArgumentParser gives, option by option.
    static func scan(_ words: [String]) -> ConvertWords? {
        // Built at the first option word: building it instantiates every option's key paths and closures, which a
        // conversion naming only its files never needs.
        var table: [ConvertOption]?
        var read = ConvertWords()
        var seen: Set<String> = []
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            guard word.hasPrefix("-") else {
                read.files.append(word)
                continue
            }
            var spelled = word
            var attached: String?
            if word.hasPrefix("--"), let eq = word.firstIndex(of: "=") {
                spelled = String(word[..<eq])
                attached = String(word[word.index(after: eq)...])
            }
            let options = table ?? ConvertOption.all
            table = options
            guard let option = options.first(where: { $0.spellings.contains(spelled) }),
                let first = option.spellings.first, seen.insert(first).inserted
            else { return nil }
            var value = attached
            if option.kind == .flag {
                guard attached == nil else { return nil }
            } else if value == nil {
                guard i < words.count else { return nil }
                value = words[i]
                i += 1
                // ArgumentParser takes a word that looks like an option as a value only for the options declared
                // `.unconditional`.
                if words[i - 1].hasPrefix("-") && option.kind != .anyValue { return nil }
            }
            guard option.read(&read, value) else { return nil }
        }
        // Nothing to validate when no option was given.
        guard table == nil || (try? read.validate()) != nil else { return nil }
        return read
    }
}

/// The options that belong to one output. Every one is optional so that options given after `-o OUTPUT` can be
/// told from the defaults and override those given before the first `-o`.
struct OutputOptions: Equatable {
    var fileType: String?
    var dataFormat: String?
    var channels: Int?
    var channelLayout: String?
    var mix = false
    var quality: Int?
    var srcQuality: Int?
    var srcComplexity: ResamplerQuality.Complexity?
    var trim: Double?
    var noFiller = false
    var gain: Double?
    var normalize: Double?
    var truePeak: Double?
}

/// Options for the whole run, wherever they appear.
struct RunOptions: Equatable {
    var verbose = false
    var outputDir: String?
    var jobs: Int?
    var format: ReportFormat?
    var helpFormats = false
    var platform: String?
}

extension ResamplerQuality.Complexity: ExpressibleByArgument {
    // Spelled out, as ReportFormat's: the reflective defaults cost start-up.
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
}
