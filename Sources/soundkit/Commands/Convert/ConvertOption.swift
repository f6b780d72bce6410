import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitReport

/// One of convert's options, declared once: its spellings, help, how its value is read and checked, and where it
/// goes. ``Convert``'s ArgumentParser declarations take their names and help from it, ``ConvertWords/scan(_:)``
/// reads words by it, and the `-o` groups merge by it (``ConvertWords/merging(_:_:)``). Adding an option is one
/// entry here, one line in ``Convert`` (the property ArgumentParser fills) and a field in ``OutputOptions`` or
/// ``RunOptions``.
struct ConvertOption {
    enum Kind: Equatable {
        /// Given alone (`--mix`).
        case flag
        /// Followed by a value that does not start with `-`.
        case value
        /// Followed by any word, a negative number too (ArgumentParser's `.unconditional`).
        case anyValue
    }

    /// Whether the option belongs to an output (and may follow `-o OUTPUT`) or to the whole run.
    enum Scope { case output, run }

    /// Every spelling, as typed: `-f`, `--file`, `-hf`.
    let spellings: [String]
    private(set) var kind: Kind
    let scope: Scope
    let help: ArgumentHelp
    /// Stores a value read from a word (nil for a flag); false when the word is not a value of the option or the
    /// value is out of its range.
    let read: (inout ConvertWords, String?) -> Bool
    /// Why the value in the words is refused (nil when it is accepted or absent).
    let refusal: (ConvertWords) -> String?
    /// Copies ArgumentParser's reading of the option into the words.
    let take: (Convert, inout ConvertWords) -> Void
    /// Takes the option from the second words when they give it (for an `-o` group).
    let merge: (inout ConvertWords, ConvertWords) -> Void

    /// The names as ArgumentParser takes them.
    var names: NameSpecification {
        NameSpecification(
            spellings.map { s -> NameSpecification.Element in
                if s.hasPrefix("--") { return .customLong(String(s.dropFirst(2))) }
                if s.count == 2 { return .customShort(s.dropFirst().first ?? "-") }
                return .customLong(String(s.dropFirst()), withSingleDash: true)
            })
    }

    /// The option, taking any word as its value, a negative number too.
    var takingAnyWord: ConvertOption {
        var option = self
        option.kind = .anyValue
        return option
    }

    /// An option with a value, stored at `field` (and by ArgumentParser at `parsed`); `check` says why a value
    /// is refused.
    static func value<T: ExpressibleByArgument & Equatable>(
        _ spellings: [String], _ scope: Scope, _ field: WritableKeyPath<ConvertWords, T?>, parsed: KeyPath<Convert, T?>,
        help: ArgumentHelp, check: @escaping (T) -> String? = { _ in nil }
    ) -> ConvertOption {
        ConvertOption(
            spellings: spellings, kind: .value, scope: scope, help: help,
            read: { words, word in
                guard let word, let v = T(argument: word), check(v) == nil else { return false }
                words[keyPath: field] = v
                return true
            },
            refusal: { words in words[keyPath: field].flatMap(check) },
            take: { command, words in words[keyPath: field] = command[keyPath: parsed] },
            merge: { words, other in if let v = other[keyPath: field] { words[keyPath: field] = v } })
    }

    /// A flag, stored at `field`.
    static func flag(
        _ spellings: [String], _ scope: Scope, _ field: WritableKeyPath<ConvertWords, Bool>,
        parsed: KeyPath<Convert, Bool>, help: ArgumentHelp
    ) -> ConvertOption {
        ConvertOption(
            spellings: spellings, kind: .flag, scope: scope, help: help,
            read: { words, _ in
                words[keyPath: field] = true
                return true
            },
            refusal: { _ in nil },
            take: { command, words in words[keyPath: field] = command[keyPath: parsed] },
            merge: { words, other in if other[keyPath: field] { words[keyPath: field] = true } })
    }

    /// The option given `spelled`, if convert has one.
    static func named(_ spelled: String) -> ConvertOption? { all.first { $0.spellings.contains(spelled) } }

    /// Every option, in the order their values are checked.
    static var all: [ConvertOption] {
        [
            channels, quality, srcQuality, trim, channelLayout, jobs, fileType, dataFormat, mix, srcComplexity, gain,
            normalize, truePeak, noFiller, output, verbose, outputDir, format, helpFormats, platform,
        ]
    }
}

// MARK: Output options (after -o OUTPUT, for that output only)

extension ConvertOption {
    static var fileType: ConvertOption {
        .value(
            ["-f", "--file"], .output, \.output.fileType, parsed: \.fileType,
            help: ArgumentHelp(
                "File type: caff, AIFF, AIFC, WAVE or Ogg (default: from the output's extension).", valueName: "type"))
    }

    static var dataFormat: ConvertOption {
        .value(
            ["-d", "--data"], .output, \.output.dataFormat, parsed: \.dataFormat,
            help: ArgumentHelp(
                """
                Data format: [BE|LE]{F|I|UI}{8|16|24|32|64}, ima4, ulaw, alaw or vorbis (Ogg's only one, its \
                default), each with optional @RATE (resample) and \
                /FLAGS (hex Core Audio format flags, replacing those of the name: 1 float, 2 big-endian, 4 signed, 8 \
                packed); ima4 also takes #64. 0 copies the source's packets exactly (no decoding). See -hf.
                """, valueName: "format[@rate][/flags][#frames]"))
    }

    static var channels: ConvertOption {
        .value(
            ["-c", "--channels"], .output, \.output.channels, parsed: \.channels,
            help: ArgumentHelp(
                """
                Output channels. soundkit always mixes: 1 averages, 2 from mono duplicates, 5.1 to 2 by ITU-R BS.775.
                """, valueName: "n"), check: { (1...64).contains($0) ? nil : "-c takes a channel count from 1 to 64." })
    }

    static var channelLayout: ConvertOption {
        .value(
            ["-l", "--channellayout"], .output, \.output.channelLayout, parsed: \.channelLayout,
            help: ArgumentHelp(
                """
                Channel layout tag to record: Mono, Stereo, StereoHeadphones, MatrixStereo, MidSide, XY or Binaural (the \
                kAudioChannelLayoutTag_ prefix may be given). CAF keeps any; WAVE Mono and Stereo (as its channel mask); \
                AIFF none.
                """, valueName: "tag"),
            check: { l in
                guard ChannelLayoutTag(name: l) == nil else { return nil }
                let names = ChannelLayoutTag.allCases.map(\.name).joined(separator: ", ")
                return "-l '\(l)' is not a layout soundkit records; use \(names)."
            })
    }

    static var mix: ConvertOption {
        .flag(
            ["--mix"], .output, \.output.mix, parsed: \.mix,
            help: """
                afconvert's channel downmixing; soundkit always mixes when -c changes the count, so this changes nothing.
                """)
    }

    static var quality: ConvertOption {
        let levels = ConversionOptions.qualityLevels
        return .value(
            ["-q", "--quality"], .output, \.output.quality, parsed: \.quality,
            help: ArgumentHelp(
                """
                Codec quality 0...127, for ima4 (and IMA ADPCM in WAV). 0 writes Apple's encoder's stream bit for bit (in \
                WAV, the greedy quantiser), fastest; 1...95 (default 64) codes every packet greedily from 4 starting \
                states a channel in stereo, 8 in mono, and keeps the best (in WAV: a trellis search); 96...119 adds a trellis \
                search (16 paths) and a look-ahead coder (8 starts) for every channel, keeping the closer: at least ffmpeg \
                -trellis 8 in IMA4; 120...126 adds a beam of 256 paths a block; 127 two beams. Higher levels take \
                longer (scripts/bench measures them). For vorbis, libsndfile's VBR quality q/127: 0 the smallest file, \
                127 the best sound, 64 about Vorbis's quality 5.
                """, valueName: "q"),
            check: { q in
                levels.contains(q) ? nil : "-q takes a quality from \(levels.lowerBound) to \(levels.upperBound)."
            })
    }

    static var srcQuality: ConvertOption {
        .value(
            ["-r", "--src-quality"], .output, \.output.srcQuality, parsed: \.srcQuality,
            help: ArgumentHelp(
                """
                Sample rate converter quality 0...127 (default 127), with --src-complexity choosing the libsoxr recipe: \
                line: quick; norm: 0-31 low, 32-63 medium, 64-95 16-bit, 96-127 20-bit (28-bit for PCM above 16 bits); \
                bats: 0-63 24-bit, 64-95 28-bit, 96-127 32-bit.
                """, valueName: "q"),
            check: {
                (0...127).contains($0) ? nil : "-r takes a sample rate converter quality from 0 to 127."
            })
    }

    static var srcComplexity: ConvertOption {
        .value(
            ["--src-complexity"], .output, \.output.srcComplexity, parsed: \.srcComplexity,
            help: ArgumentHelp("Sample rate converter complexity (default: norm).", valueName: "complexity"))
    }

    static var trim: ConvertOption {
        .value(
            ["--trim"], .output, \.output.trim, parsed: \.trim,
            help: ArgumentHelp(
                """
                Keep at most this many seconds, ending with a 0.25 s fade-out (e.g. 29.5 for a notification sound).
                """, valueName: "seconds"), check: { $0 > 0 ? nil : "--trim takes a positive number of seconds." })
    }

    static var gain: ConvertOption {
        .value(
            ["--gain"], .output, \.output.gain, parsed: \.gain,
            help: ArgumentHelp(
                """
                Amplify (or with a negative number, attenuate) by this many dB before encoding; samples past full scale \
                are clamped.
                """, valueName: "dB")
        ).takingAnyWord
    }

    static var normalize: ConvertOption {
        .value(
            ["--normalize"], .output, \.output.normalize, parsed: \.normalize,
            help: ArgumentHelp(
                """
                Bring the output to this integrated loudness (EBU R 128), measured after encoding, within 0.5 LU unless \
                the true-peak ceiling stops it (e.g. -16).
                """, valueName: "LUFS")
        ).takingAnyWord
    }

    static var truePeak: ConvertOption {
        .value(
            ["--true-peak"], .output, \.output.truePeak, parsed: \.truePeak,
            help: ArgumentHelp(
                "The true-peak ceiling --normalize keeps under (default -1).", valueName: "dBTP")
        ).takingAnyWord
    }

    static var noFiller: ConvertOption {
        .flag(
            ["--no-filler"], .output, \.output.noFiller, parsed: \.noFiller,
            help: "Do not pad the header so that the audio starts at byte 4096.")
    }
}

// MARK: Run options

extension ConvertOption {
    /// `-o OUTPUT`: split off by ``ConvertRequest/split(_:)`` before the words between are read, so never read here.
    static var output: ConvertOption {
        ConvertOption(
            spellings: ["-o"], kind: .value, scope: .run,
            help: ArgumentHelp(
                "An output; the output options after it apply to it alone. Repeat for several outputs of one decode.",
                valueName: "output"),
            read: { _, _ in false }, refusal: { _ in nil }, take: { _, _ in }, merge: { _, _ in })
    }

    static var verbose: ConvertOption {
        .flag(["-v", "--verbose"], .run, \.run.verbose, parsed: \.verbose, help: "Say what was read and written.")
    }

    static var outputDir: ConvertOption {
        .value(
            ["--output-dir"], .run, \.run.outputDir, parsed: \.outputDir,
            help: ArgumentHelp(
                "Convert every INPUT (files, and folders recursively) into this folder.", valueName: "dir"))
    }

    static var jobs: ConvertOption {
        .value(
            ["--jobs"], .run, \.run.jobs, parsed: \.jobs,
            help: ArgumentHelp(
                "With --output-dir: files converted at once (default: the number of processors).", valueName: "n"),
            check: { $0 >= 1 ? nil : "--jobs takes a number of files from 1 up." })
    }

    static var platform: ConvertOption {
        .value(
            ["--platform"], .run, \.run.platform, parsed: \.platform,
            help: ArgumentHelp(
                """
                With --output-dir: write each sound for ios (DIR/ios/NAME.caf, IMA4, names kept), android \
                (DIR/android/res/raw/NAME.ogg, Vorbis, names made Android-safe: lowercase a-z, 0-9 and _, a capital \
                after a lowercase letter starting a word, other characters one _, sound_ before a leading digit, \
                _sound after a Java keyword) or all (both), from one decode; -f and -d may then be omitted.
                """, valueName: "ios|android|all"),
            check: { SoundPlatform.named($0) == nil ? "--platform takes ios, android or all." : nil })
    }

    static var format: ConvertOption {
        .value(
            ["--format"], .run, \.run.format, parsed: \.format,
            help: "Output: json (versioned) or github (workflow annotations) instead of text.")
    }

    static var helpFormats: ConvertOption {
        .flag(
            ["-hf", "--help-formats"], .run, \.run.helpFormats, parsed: \.helpFormats,
            help: "List every file type soundkit writes with its extensions and the data formats it holds.")
    }
}

extension Option {
    /// convert's option as ``ConvertOption`` declares it.
    init<T: ExpressibleByArgument>(_ option: ConvertOption) where Value == T? {
        self.init(name: option.names, parsing: option.kind == .anyValue ? .unconditional : .next, help: option.help)
    }
}

extension Flag where Value == Bool {
    /// convert's flag as ``ConvertOption`` declares it.
    init(wrappedValue: Bool, _ option: ConvertOption) {
        self.init(wrappedValue: wrappedValue, name: option.names, help: option.help)
    }
}
