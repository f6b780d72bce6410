import ArgumentParser
import SoundKit

/// What a run of convert's words says: the output options, the run options and the files, in order.
struct ConvertWords: Equatable {
    var output: OutputOptions
    var run: RunOptions
    var files: [String]

    /// The checks `Convert.validate()` makes, for both ways of reading the words.
    static func validate(_ o: OutputOptions, _ r: RunOptions) throws {
        if let c = o.channels, !(1...64).contains(c) { throw ValidationError("-c takes a channel count from 1 to 64.") }
        if let q = o.quality, !(0...127).contains(q) { throw ValidationError("-q takes a quality from 0 to 127.") }
        if let q = o.srcQuality, !(0...127).contains(q) { throw ValidationError("-r takes a sample rate converter quality from 0 to 127.") }
        if let t = o.trim, !(t > 0) { throw ValidationError("--trim takes a positive number of seconds.") }
        if let l = o.channelLayout, ChannelLayoutTag(name: l) == nil {
            throw ValidationError("-l '\(l)' is not a layout soundkit records; use \(ChannelLayoutTag.allCases.map(\.name).joined(separator: ", ")).")
        }
        if let j = r.jobs, j < 1 { throw ValidationError("--jobs takes a number of files from 1 up.") }
        if o.gain != nil && o.normalize != nil { throw ValidationError("--gain and --normalize exclude each other: --normalize chooses the gain.") }
    }

    /// Reads `words` (those after `convert`, or between two `-o`s) by convert's option table, or gives nil for
    /// anything outside the plain forms: help and version, an unknown or repeated option, a value that is missing,
    /// malformed or out of range, `--`. The caller then hands the words to ArgumentParser, which has the final
    /// word and the messages; this reading exists because ArgumentParser's reflection over `Convert`'s options
    /// was most of the start-up that convert added since it had 8 of them. soundkitCLITests checks that every
    /// line read here gives what ArgumentParser gives, option by option.
    ///
    /// A name missing from the table costs only speed (the words go to ArgumentParser); a name here that
    /// `Convert` does not declare would accept what soundkit refuses, which the test catches.
    static func scan(_ words: [String]) -> ConvertWords? {
        var o = OutputOptions(fileType: nil, dataFormat: nil, channels: nil, channelLayout: nil, mix: false, quality: nil,
                              srcQuality: nil, srcComplexity: nil, trim: nil, noFiller: false, gain: nil, normalize: nil,
                              truePeak: nil)
        var r = RunOptions(verbose: false, outputDir: nil, jobs: nil, format: nil, helpFormats: false)
        var files: [String] = []
        var seen: Set<Name> = []
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            guard word.hasPrefix("-") else {
                files.append(word)
                continue
            }
            var spelled = word, attached: String?
            if word.hasPrefix("--"), let eq = word.firstIndex(of: "=") {
                spelled = String(word[..<eq])
                attached = String(word[word.index(after: eq)...])
            }
            guard let name = Name(spelled), seen.insert(name).inserted else { return nil }
            if name.isFlag {
                guard attached == nil else { return nil }
                switch name {
                case .mix: o.mix = true
                case .noFiller: o.noFiller = true
                case .verbose: r.verbose = true
                case .helpFormats: r.helpFormats = true
                default: return nil
                }
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else {
                guard i < words.count else { return nil }
                value = words[i]
                i += 1
                // ArgumentParser takes a word that looks like an option as a value only for the options declared
                // `.unconditional`.
                if value.hasPrefix("-") && !name.takesAnyWord { return nil }
            }
            switch name {
            case .fileType: o.fileType = value
            case .dataFormat: o.dataFormat = value
            case .channels: guard let v = Int(value) else { return nil }; o.channels = v
            case .channelLayout: o.channelLayout = value
            case .quality: guard let v = Int(value) else { return nil }; o.quality = v
            case .srcQuality: guard let v = Int(value) else { return nil }; o.srcQuality = v
            case .srcComplexity: guard let v = ResamplerQuality.Complexity(rawValue: value) else { return nil }; o.srcComplexity = v
            case .trim: guard let v = Double(value) else { return nil }; o.trim = v
            case .gain: guard let v = Double(value) else { return nil }; o.gain = v
            case .normalize: guard let v = Double(value) else { return nil }; o.normalize = v
            case .truePeak: guard let v = Double(value) else { return nil }; o.truePeak = v
            case .output: return nil  // -o is split off by ConvertRequest(words:) before the parts reach here
            case .outputDir: r.outputDir = value
            case .jobs: guard let v = Int(value) else { return nil }; r.jobs = v
            case .format: guard let v = ReportFormat(rawValue: value) else { return nil }; r.format = v
            case .mix, .noFiller, .verbose, .helpFormats: return nil
            }
        }
        guard (try? validate(o, r)) != nil else { return nil }
        return ConvertWords(output: o, run: r, files: files)
    }

    /// Convert's options, as `Convert` declares them.
    enum Name: Hashable {
        case fileType, dataFormat, channels, channelLayout, mix, quality, srcQuality, srcComplexity, trim, gain,
             normalize, truePeak, noFiller, output, verbose, outputDir, jobs, format, helpFormats

        init?(_ spelled: String) {
            guard let entry = Self.table.first(where: { $0.spelling == spelled }) else { return nil }
            self = entry.name
        }

        var isFlag: Bool { self == .mix || self == .noFiller || self == .verbose || self == .helpFormats }
        /// Declared with `parsing: .unconditional`: the value may start with `-` (a negative number).
        var takesAnyWord: Bool { self == .gain || self == .normalize || self == .truePeak }

        /// Every spelling `Convert` declares, with its option.
        static let table: [(spelling: String, name: Name)] = [
            ("-f", .fileType), ("--file", .fileType), ("-d", .dataFormat), ("--data", .dataFormat),
            ("-c", .channels), ("--channels", .channels), ("-l", .channelLayout), ("--channellayout", .channelLayout),
            ("--mix", .mix), ("-q", .quality), ("--quality", .quality), ("-r", .srcQuality), ("--src-quality", .srcQuality),
            ("--src-complexity", .srcComplexity), ("--trim", .trim), ("--gain", .gain), ("--normalize", .normalize),
            ("--true-peak", .truePeak), ("--no-filler", .noFiller), ("-o", .output), ("-v", .verbose), ("--verbose", .verbose),
            ("--output-dir", .outputDir), ("--jobs", .jobs), ("--format", .format), ("-hf", .helpFormats),
            ("--help-formats", .helpFormats),
        ]

        /// Every spelling, for the test that holds this table to `Convert`'s declarations.
        static var spellings: [String] { table.map(\.spelling) }
    }
}
