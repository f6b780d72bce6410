import ArgumentParser
import SoundKit

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert sound files, with afconvert's options.",
        usage: """
        soundkit convert INPUT [OUTPUT] [options]
        soundkit convert INPUT -o OUTPUT [options] [-o OUTPUT [options]]...
        soundkit convert INPUT... --output-dir DIR -f TYPE [options]
        soundkit convert -hf
        """,
        discussion: """
        Reads WAV, AIFF, AIFF-C, CAF, FLAC, Ogg Vorbis, Opus, MP3 and whatever else libsndfile reads, and writes \
        Linear PCM, IMA4, µLaw or aLaw into CAF, AIFF, AIFF-C or WAV files laid out as Core Audio writes them.

        Examples:
          soundkit convert chime.aiff chime.caf -d ima4
          soundkit convert in.wav out.caf -f caff -d LEI16@44100 -c 1
          soundkit convert voice.mp3 -f WAVE -d ulaw@8000
          soundkit convert in.wav -o a.caf -d ima4 -o b.wav -d ulaw@8000
          soundkit convert old.aifc new.caf -d 0
          soundkit convert Sounds/ extra.wav --output-dir out -f caff -d ima4

        Without -d, the source's Linear PCM layout is kept when the file type can hold it (lossless), otherwise \
        16-bit PCM is written. Without OUTPUT, -f is required and the file is written next to the input under \
        afconvert's naming rule. Nothing is written unless the conversion succeeds, and the input is never touched.

        -o: the source is read once and written to every output; output options after an -o apply to that output \
        only, those before the first -o to every output. All outputs appear or none.

        --output-dir: every INPUT file, and every file found in an INPUT folder (recursively, hidden files aside), \
        whose bytes are audio is converted to DIR/<path below the folder>/<name>.<type's extension>; other files \
        are skipped with a note. Two inputs that would write the same file (a.wav and a.aiff to a.caf, compared \
        ignoring case) stop the run before anything is written. On a terminal a progress line shows on standard \
        error; errors are `path: error: message` and the rest go on; the last line counts what was converted and \
        failed. Exit status 1 when any file failed, 130 when interrupted (files already converted are kept).

        afconvert options for codecs soundkit does not write (-b, -s, -u, --soundcheck-*, --media-kind, \
        --anchor-*, --prime-*, --gapless-*, --codec-manuf, --dither) are refused with one line saying why, exit 64.
        """)

    // MARK: Output options (after -o OUTPUT, for that output only)

    @Option(name: [.customShort("f"), .customLong("file")],
            help: ArgumentHelp("File type: caff, AIFF, AIFC or WAVE (default: from the output's extension).", valueName: "type"))
    var fileType: String?

    @Option(name: [.customShort("d"), .customLong("data")],
            help: ArgumentHelp("""
                Data format: [BE|LE]{F|I|UI}{8|16|24|32|64}, ima4, ulaw or alaw, each with optional @RATE (resample) and \
                /FLAGS (hex Core Audio format flags, replacing those of the name: 1 float, 2 big-endian, 4 signed, 8 \
                packed); ima4 also takes #64. 0 copies the source's packets exactly (no decoding). See -hf.
                """, valueName: "format[@rate][/flags][#frames]"))
    var dataFormat: String?

    @Option(name: [.customShort("c"), .customLong("channels")],
            help: ArgumentHelp("Output channels. soundkit always mixes: 1 averages, 2 from mono duplicates, 5.1 to 2 by ITU-R BS.775.", valueName: "n"))
    var channels: Int?

    @Option(name: [.customShort("l"), .customLong("channellayout")],
            help: ArgumentHelp("Channel layout tag to record: Mono, Stereo, StereoHeadphones, MatrixStereo, MidSide, XY or Binaural (the kAudioChannelLayoutTag_ prefix may be given). CAF keeps any; WAVE Mono and Stereo (as its channel mask); AIFF none.", valueName: "tag"))
    var channelLayout: String?

    @Flag(help: "afconvert's channel downmixing; soundkit always mixes when -c changes the count, so this changes nothing.")
    var mix = false

    @Option(name: [.customShort("q"), .customLong("quality")],
            help: ArgumentHelp("Codec quality 0...127, for ima4 (and IMA ADPCM in WAV). 0 writes Apple's encoder's stream bit for bit (in WAV, the greedy quantiser), fastest; 1...95 (default 64) codes every packet greedily from 4 starting states a channel in stereo, 8 in mono, and keeps the best (in WAV: a trellis search); 96...119 adds a trellis search (16 paths) and a look-ahead coder (8 starts) for every channel, keeping the closer: at least ffmpeg -trellis 8 in IMA4, tens of times slower than the default; 120...126 adds a beam of 256 paths a block, about 100 times slower again; 127 two beams, twice that.", valueName: "q"))
    var quality: Int?

    @Option(name: [.customShort("r"), .customLong("src-quality")],
            help: ArgumentHelp("Sample rate converter quality 0...127 (default 127), with --src-complexity choosing the libsoxr recipe: line: quick; norm: 0-31 low, 32-63 medium, 64-95 16-bit, 96-127 20-bit (28-bit for PCM above 16 bits); bats: 0-63 24-bit, 64-95 28-bit, 96-127 32-bit.", valueName: "q"))
    var srcQuality: Int?

    @Option(name: .customLong("src-complexity"),
            help: ArgumentHelp("Sample rate converter complexity (default: norm).", valueName: "complexity"))
    var srcComplexity: ResamplerQuality.Complexity?

    @Option(help: ArgumentHelp("Keep at most this many seconds, ending with a 0.25 s fade-out (e.g. 29.5 for a notification sound).", valueName: "seconds"))
    var trim: Double?

    // .unconditional: the value is usually negative (-16), which would otherwise read as an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("Amplify (or with a negative number, attenuate) by this many dB before encoding; samples past full scale are clamped.", valueName: "dB"))
    var gain: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Bring the output to this integrated loudness (EBU R 128), measured after encoding, within 0.5 LU unless the true-peak ceiling stops it (e.g. -16).", valueName: "LUFS"))
    var normalize: Double?

    @Option(name: .customLong("true-peak"), parsing: .unconditional, help: ArgumentHelp("The true-peak ceiling --normalize keeps under (default -1).", valueName: "dBTP"))
    var truePeak: Double?

    @Flag(name: .customLong("no-filler"), help: "Do not pad the header so that the audio starts at byte 4096.")
    var noFiller = false

    // MARK: Run options

    @Option(name: .customShort("o"),
            help: ArgumentHelp("An output; the output options after it apply to it alone. Repeat for several outputs of one decode.", valueName: "output"))
    var outputs: [String] = []

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Say what was read and written.")
    var verbose = false

    @Option(name: .customLong("output-dir"), help: ArgumentHelp("Convert every INPUT (files, and folders recursively) into this folder.", valueName: "dir"))
    var outputDir: String?

    @Option(help: ArgumentHelp("With --output-dir: files converted at once (default: the number of processors).", valueName: "n"))
    var jobs: Int?

    @Option(help: "Output: json (versioned) or github (workflow annotations) instead of text.")
    var format: ReportFormat?

    @Flag(name: [.customLong("hf", withSingleDash: true), .customLong("help-formats")],
          help: "List every file type soundkit writes with its extensions and the data formats it holds.")
    var helpFormats = false

    @Argument(help: ArgumentHelp("Inputs, then the output (see USAGE).", visibility: .hidden))
    var files: [String] = []

    func validate() throws { try ConvertWords.validate(outputOptions, runOptions) }

    /// What the options and arguments say, without ArgumentParser's wrappers.
    var words: ConvertWords { ConvertWords(output: outputOptions, run: runOptions, files: files) }

    /// The output options given.
    var outputOptions: OutputOptions {
        OutputOptions(fileType: fileType, dataFormat: dataFormat, channels: channels, channelLayout: channelLayout, mix: mix,
                      quality: quality, srcQuality: srcQuality, srcComplexity: srcComplexity, trim: trim, noFiller: noFiller,
                      gain: gain, normalize: normalize, truePeak: truePeak)
    }

    /// The run options given.
    var runOptions: RunOptions {
        RunOptions(verbose: verbose, outputDir: outputDir, jobs: jobs, format: format, helpFormats: helpFormats)
    }

    func run() throws {
        if outputs.isEmpty {
            try Self.execute { try ConvertRequest(options: outputOptions, run: runOptions, files: files) }
        } else {
            // The -o form needs the arguments in their order, which the parsed options have lost: parse them
            // again, part by part.
            let all = Array(CommandLine.arguments.dropFirst())
            try Self.execute { try ConvertRequest(words: all.firstIndex(of: "convert").map { Array(all[($0 + 1)...]) } ?? all) }
        }
    }

    /// The words after `convert`, when ``ConvertWords/scan(_:)`` reads them all: a command line run without
    /// ArgumentParser (whose reflection over convert's 20 options cost about 0.4 ms a process). Anything it does
    /// not read (help, a bad value, an unknown option) goes the usual way, so the messages stay ArgumentParser's.
    static func runScanned(_ words: [String]) -> Bool {
        guard let (before, groups) = try? ConvertRequest.split(words), let first = ConvertWords.scan(before) else { return false }
        var outputs: [(output: String, words: Result<ConvertWords, any Error>)] = []
        for g in groups {
            guard let scanned = ConvertWords.scan(g.words) else { return false }
            outputs.append((g.output, .success(scanned)))
        }
        do {
            try execute { try ConvertRequest(first, outputs) }
        } catch {
            exit(withError: error)
        }
        return true
    }

    /// Runs the request `make` builds; a request soundkit refuses is one line and exit status 64.
    static func execute(_ make: () throws -> ConvertRequest) throws {
        let request: ConvertRequest
        do {
            request = try make()
        } catch let e as ConvertRequest.Refusal {
            printError("soundkit: error: \(e.message)")
            throw ExitCode(64)
        }
        if request.run.helpFormats {
            for line in HelpFormats.lines() { print(line) }
            return
        }
        let format = request.run.format ?? .text
        switch request.mode {
        case .outputs(let input, let outputs):
            try convertOne(input, outputs, verbose: request.run.verbose, format: format)
        case .batch(let inputs, let dir):
            let code = try BatchCommand(inputs: inputs, outputDir: dir, options: request.options, run: request.run).execute()
            if code != 0 { throw ExitCode(code) }
        }
    }

    /// One input, one or more outputs, read once.
    static func convertOne(_ input: String, _ outputs: [(path: String?, options: OutputOptions)], verbose: Bool, format: ReportFormat) throws {
        let clock = ContinuousClock(), start = clock.now
        var entry = ConvertDocument.File(input: input, outputs: [], error: nil)
        do {
            let requested = try outputs.map { o in
                OutputRequest(path: o.path, options: try ConvertRequest.conversionOptions(o.options, output: o.path, input: input))
            }
            let reports = try Self.convert(input, requested)
            entry.outputs = reports.map(ConvertDocument.Output.init)
            for r in reports { if let note = r.normalization?.note { printFinding(r.outputPath, .note, "normalize", note, format: format) } }
            if verbose, let s = reports.first?.source {
                let how = s.decoder == "none" ? "packets copied, not decoded" : "decoded by \(s.decoder)"
                printInfo("Input file: \(s.path), \(s.fileTypeName), \(s.channels) ch, \(fixed(s.sampleRate, 0)) Hz, \(s.formatName), \(s.frames) frames (\(how))", format: format)
                for r in reports { printInfo(outputLine(r), format: format) }
            }
        } catch {
            entry.error = describe(error)
            if format != .json { report(error, format: format) }
        }
        if format == .json {
            let failed = entry.error == nil ? 0 : 1
            try printJSON(ConvertDocument(files: [entry], skipped: [], converted: 1 - failed, failed: failed,
                                          seconds: seconds(clock.now - start)))
        }
        if entry.error != nil { throw ExitCode.failure }
    }

    /// The outputs' options resolved against the source, then one conversion for all of them.
    static func convert(_ input: String, _ requested: [OutputRequest]) throws -> [ConversionReport] {
        if requested.allSatisfy(\.options.copiesPackets) {
            let outputs = try requested.map { r in
                ConversionOutput(path: try r.path ?? defaultPath(input, r, reader: nil), options: r.options)
            }
            try warnAboutExtensions(outputs)
            return try Converter.convert(input: input, outputs: outputs)
        }
        let reader = try AudioInput.open(input)
        // A damaged source still converts (as sox and ffmpeg do), but the user hears about what is missing.
        for w in reader.info.header?.warnings ?? [] where w.isTruncation { printError("\(input): warning: \(w)") }
        let outputs = try requested.map { r in
            ConversionOutput(path: try r.path ?? defaultPath(input, r, reader: reader), options: r.options)
        }
        try warnAboutExtensions(outputs)
        return try Converter.convert(reader, outputs: outputs)
    }

    /// afconvert's name for an output without OUTPUT: beside the input, `-<rate>k` or `-<bits>bit` when taken.
    static func defaultPath(_ input: String, _ r: OutputRequest, reader: (any AudioReader)?) throws -> String {
        guard let reader else {
            return Converter.defaultOutputPath(input: input, fileType: r.options.fileType, rateChanged: nil, bitsChanged: nil)
        }
        let info = reader.info
        let encoding = try Converter.resolveEncoding(r.options, source: info, channels: r.options.channels ?? info.channels)
        var bits: Int?
        if case .pcm(let p) = encoding, p.bits != info.pcmFormat?.bits { bits = p.bits }
        let rate = r.options.sampleRate.flatMap { $0 != info.sampleRate ? $0 : nil }
        return Converter.defaultOutputPath(input: input, fileType: r.options.fileType, rateChanged: rate, bitsChanged: bits)
    }

    static func warnAboutExtensions(_ outputs: [ConversionOutput]) throws {
        for o in outputs {
            let ext = FileSystem.splitExtension(o.path).ext
            if let declared = ContainerKind(fileType: ext), declared != o.options.fileType {
                let type = o.options.fileType
                printError("\(o.path): warning: writing a \(type.fileTypeID ?? type.name) file under a .\(ext) name")
            }
        }
    }
}

/// The options that belong to one output. Every one is optional so that options given after `-o OUTPUT` can be
/// told from the defaults and override those given before the first `-o`.
struct OutputOptions: Equatable {
    var fileType: String?
    var dataFormat: String?
    var channels: Int?
    var channelLayout: String?
    var mix: Bool
    var quality: Int?
    var srcQuality: Int?
    var srcComplexity: ResamplerQuality.Complexity?
    var trim: Double?
    var noFiller: Bool
    var gain: Double?
    var normalize: Double?
    var truePeak: Double?

    /// These options, with `other`'s where it gives them.
    func overridden(by other: OutputOptions) -> OutputOptions {
        OutputOptions(fileType: other.fileType ?? fileType, dataFormat: other.dataFormat ?? dataFormat,
                      channels: other.channels ?? channels, channelLayout: other.channelLayout ?? channelLayout,
                      mix: other.mix || mix, quality: other.quality ?? quality, srcQuality: other.srcQuality ?? srcQuality,
                      srcComplexity: other.srcComplexity ?? srcComplexity, trim: other.trim ?? trim, noFiller: other.noFiller || noFiller,
                      gain: other.gain ?? (other.normalize == nil ? gain : nil), normalize: other.normalize ?? (other.gain == nil ? normalize : nil),
                      truePeak: other.truePeak ?? truePeak)
    }
}

extension ResamplerQuality.Complexity: ExpressibleByArgument {
    // Spelled out, as ReportFormat's: the reflective defaults cost start-up.
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
}

/// Options for the whole run, wherever they appear.
struct RunOptions: Equatable {
    var verbose: Bool
    var outputDir: String?
    var jobs: Int?
    var format: ReportFormat?
    var helpFormats: Bool

    func merged(with other: RunOptions) -> RunOptions {
        RunOptions(verbose: verbose || other.verbose, outputDir: other.outputDir ?? outputDir, jobs: other.jobs ?? jobs,
                   format: other.format ?? format, helpFormats: helpFormats || other.helpFormats)
    }
}

/// One output: its path (nil: afconvert's default name) and resolved options.
struct OutputRequest {
    var path: String?
    var options: ConversionOptions
}

/// A convert command line, parsed: afconvert's two forms plus `--output-dir`.
struct ConvertRequest {
    enum Mode {
        case outputs(input: String, [(path: String?, options: OutputOptions)])
        case batch(inputs: [String], outputDir: String)
    }

    /// A command line soundkit refuses, in one line.
    struct Refusal: Error { var message: String }

    var mode: Mode
    var run: RunOptions
    /// The options every output of a batch gets.
    var options: OutputOptions

    /// Options parsed as usual (no `-o`): `files` are the input(s) and maybe the output.
    init(options: OutputOptions, run: RunOptions, files: [String]) throws {
        try self.init(run: run, shared: options, inputs: files, groups: [])
    }

    /// afconvert's `INPUT [-o OUTPUT [options]]...`, from the words after `convert`: options before the first
    /// `-o` belong to every output, the others to the output before them.
    init(words: [String]) throws {
        let (before, groups) = try Self.split(words)
        try self.init(try Self.parse(before), groups.map { g in (g.output, Result { try Self.parse(g.words) }) })
    }

    /// The words before the first `-o` and those after each `-o OUTPUT`, read (a failure to read an output's
    /// words is thrown when that output's turn comes, after any refusal of an output before it).
    init(_ first: ConvertWords, _ groups: [(output: String, words: Result<ConvertWords, any Error>)]) throws {
        var run = first.run
        var perOutput: [(String, OutputOptions)] = []
        for g in groups {
            let s = try g.words.get()
            if let extra = s.files.first {
                throw Refusal(message: "'\(extra)' after -o \(g.output): only options may follow an output; name the input first")
            }
            run = run.merged(with: s.run)
            perOutput.append((g.output, first.output.overridden(by: s.output)))
        }
        try self.init(run: run, shared: first.output, inputs: first.files, groups: perOutput)
    }

    /// The words before the first `-o`, and each `-o`'s output with the words after it.
    static func split(_ words: [String]) throws -> (before: [String], groups: [(output: String, words: [String])]) {
        var groups: [(output: String, words: [String])] = []
        var before: [String] = []
        var i = 0
        while i < words.count {
            if words[i] == "-o" {
                guard i + 1 < words.count else { throw Refusal(message: "-o needs an output file name") }
                groups.append((words[i + 1], []))
                i += 2
                continue
            }
            if groups.isEmpty { before.append(words[i]) } else { groups[groups.count - 1].words.append(words[i]) }
            i += 1
        }
        return (before, groups)
    }

    private init(run: RunOptions, shared: OutputOptions, inputs: [String], groups: [(String, OutputOptions)]) throws {
        self.run = run
        self.options = shared
        if run.helpFormats {
            mode = .batch(inputs: [], outputDir: "")
            return
        }
        if let dir = run.outputDir {
            guard groups.isEmpty else { throw Refusal(message: "-o and --output-dir do not go together: name outputs, or a folder for them") }
            guard !inputs.isEmpty else { throw Refusal(message: "name the files or folders to convert into \(dir)") }
            mode = .batch(inputs: inputs, outputDir: dir)
            return
        }
        if run.jobs != nil { throw Refusal(message: "--jobs applies to --output-dir runs") }
        guard let input = inputs.first else { throw Refusal(message: "name the file to convert (soundkit convert --help)") }
        if FileSystem.isDirectory(input) { throw Refusal(message: "\(input) is a folder; add --output-dir DIR to convert the sound files in it") }
        if !groups.isEmpty {
            guard inputs.count == 1 else { throw Refusal(message: "with -o, name one input; '\(inputs[1])' is extra") }
            var seen: Set<String> = []
            for (output, _) in groups where !seen.insert(output).inserted { throw Refusal(message: "-o \(output) is given twice") }
            mode = .outputs(input: input, groups.map { ($0.0, $0.1) })
            return
        }
        guard inputs.count <= 2 else {
            throw Refusal(message: "\(inputs.count) files named; to convert several, add --output-dir DIR (or use -o for several outputs of one input)")
        }
        mode = .outputs(input: input, [(inputs.count == 2 ? inputs[1] : nil, shared)])
    }

    /// Words between two `-o`s (or before the first), parsed with convert's own option table.
    static func parse(_ words: [String]) throws -> ConvertWords {
        if let scanned = ConvertWords.scan(words) { return scanned }
        do {
            return try Convert.parse(words).words
        } catch {
            throw Refusal(message: Convert.message(for: error))
        }
    }

    /// The options of one output as the library takes them. `output` names the file (its extension gives the
    /// type when -f does not).
    static func conversionOptions(_ o: OutputOptions, output: String?, input: String) throws -> ConversionOptions {
        var type: ContainerKind?
        if let f = o.fileType {
            guard let t = ContainerKind(fileType: f) else {
                throw UsageError(input, "'\(f)' is not a file type soundkit writes; use caff, AIFF, AIFC or WAVE")
            }
            type = t
        }
        if type == nil, let out = output {
            let ext = FileSystem.splitExtension(out).ext
            guard let t = ContainerKind(fileType: ext) else {
                throw UsageError(out, "cannot tell the file type from the extension '.\(ext)'; add -f caff, AIFF, AIFC or WAVE")
            }
            type = t
        }
        guard let fileType = type else {
            throw UsageError(input, "no output file and no file type; add an output name or -f caff, AIFF, AIFC or WAVE")
        }
        var spec: DataFormatSpec?
        if let d = o.dataFormat {
            do { spec = try DataFormatSpec(parsing: d) }
            catch { throw UsageError(input, "-d \(error.description)") }
        }
        let quality = o.quality ?? 64
        return ConversionOptions(
            fileType: fileType, encoding: spec?.encoding(for: fileType), sampleRate: spec?.sampleRate, channels: o.channels,
            filler: !o.noFiller, imaSearch: quality == 0 ? .none : quality == 127 ? .beams : quality >= 120 ? .beam : quality >= 96 ? .trellis : .starts, trim: o.trim,
            copiesPackets: spec?.copiesPackets ?? false,
            resampling: ResamplerQuality(quality: o.srcQuality ?? 127, complexity: o.srcComplexity ?? .norm),
            channelLayout: o.channelLayout.flatMap(ChannelLayoutTag.init(name:)),
            gain: o.gain, normalize: o.normalize.map { LoudnessTarget(integrated: $0, ceiling: o.truePeak ?? -1) })
    }

    /// afconvert options that only concern codecs soundkit does not write, and why.
    static let unsupported: [(names: [String], why: String)] = [
        (["-b", "--bitrate"], "sets the bit rate of AAC and other compressed codecs"),
        (["-s", "--strategy"], "chooses the bit rate strategy (CBR, ABR, VBR) of AAC and other compressed codecs"),
        (["-u", "--userproperty"], "sets encoder properties of AAC and other compressed codecs"),
        (["--soundcheck-generate", "--soundcheck-read"], "writes Sound Check loudness data for music players, which notification sounds do not use"),
        (["--anchor-generate", "--anchor-loudness", "--generate-hash", "--media-kind", "--codec-manuf"], "writes metadata of AAC files for music players"),
        (["--prime-method", "--prime-override", "--gapless-before", "--gapless-after"], "concerns the priming of AAC and other compressed codecs"),
        (["--dither"], "chooses a dither for narrowing PCM; soundkit rounds to nearest, so the same input always gives the same bytes"),
    ]

    /// Why `arguments` (a whole command line) use an afconvert option soundkit refuses, if they do. Checked
    /// before parsing, so that the answer is this line rather than "unknown option".
    static func refusal(_ arguments: [String]) -> String? {
        guard arguments.first == "convert" else { return nil }
        for w in arguments where w.hasPrefix("-") {
            let name = w.split(separator: "=", maxSplits: 1).first.map(String.init) ?? w
            guard let entry = unsupported.first(where: { $0.names.contains(name) }) else { continue }
            return "\(name) \(entry.why); soundkit writes only Linear PCM, IMA4, µLaw and aLaw, where it does not apply"
        }
        return nil
    }
}

/// `-hf`: afconvert's listing, for the file types soundkit writes.
enum HelpFormats {
    static func lines() -> [String] {
        var out = ["File types and the data formats soundkit writes in them (-f TYPE, -d FORMAT):"]
        for kind in ContainerKind.writable {
            let id = kind.fileTypeID ?? kind.name
            let extensions = extensionNames.filter { ContainerKind(fileType: $0) == kind }.map { "." + $0 }
            out.append("    '\(id)' = \(kind.name) (\(extensions.joined(separator: ", ")))")
            let formats = kind.acceptedEncodings.map { e -> String in
                switch e {
                case .pcm(let p): return p.description
                case .imaADPCM: return "'ima4' (IMA ADPCM, tag 0x11)"
                default: return "'\(e)'"
                }
            }
            out.append("               data_formats: " + formats.joined(separator: " "))
        }
        out.append("Channel layouts (-l): " + ChannelLayoutTag.allCases.map { tag in
            tag.waveChannelMask != nil ? "\(tag.name) (caff, WAVE)" : "\(tag.name) (caff)"
        }.joined(separator: ", "))
        out.append("-d 0 copies the source's packets into any of these types that holds its data format.")
        return out
    }

    /// The file extensions soundkit recognises.
    static let extensionNames = ["caf", "aiff", "aif", "aifc", "wav"]
}
