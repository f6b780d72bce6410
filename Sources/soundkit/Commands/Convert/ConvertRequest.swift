import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
import SoundKitIO
import SoundKitNotifications
import SoundKitReport

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

    /// Options parsed as usual (no `-o`): the files are the input(s) and maybe the output.
    init(_ words: ConvertWords) throws {
        try self.init(run: words.run, shared: words.output, inputs: words.files, groups: [])
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
        var run = first
        var perOutput: [(String, OutputOptions)] = []
        for g in groups {
            let s = try g.words.get()
            if let extra = s.files.first {
                throw Refusal(
                    message: "'\(extra)' after -o \(g.output): only options may follow an output; name the input first")
            }
            run = run.merging(s, .run)
            perOutput.append((g.output, first.merging(s, .output).output))
        }
        try self.init(run: run.run, shared: first.output, inputs: first.files, groups: perOutput)
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
            guard groups.isEmpty else {
                throw Refusal(message: "-o and --output-dir do not go together: name outputs, or a folder for them")
            }
            guard !inputs.isEmpty else { throw Refusal(message: "name the files or folders to convert into \(dir)") }
            mode = .batch(inputs: inputs, outputDir: dir)
            return
        }
        if run.jobs != nil { throw Refusal(message: "--jobs applies to --output-dir runs") }
        if run.platform != nil {
            throw Refusal(message: "--platform applies to --output-dir runs: add --output-dir DIR")
        }
        guard let input = inputs.first else {
            throw Refusal(message: "name the file to convert (soundkit convert --help)")
        }
        if FileSystem.isDirectory(input) {
            throw Refusal(message: "\(input) is a folder; add --output-dir DIR to convert the sound files in it")
        }
        if !groups.isEmpty {
            guard inputs.count == 1 else { throw Refusal(message: "with -o, name one input; '\(inputs[1])' is extra") }
            var seen: Set<String> = []
            for (output, _) in groups where !seen.insert(output).inserted {
                throw Refusal(message: "-o \(output) is given twice")
            }
            mode = .outputs(input: input, groups.map { ($0.0, $0.1) })
            return
        }
        guard inputs.count <= 2 else {
            throw Refusal(
                message:
                    "\(inputs.count) files named; to convert several, add --output-dir DIR (or use -o for several outputs of one input)"
            )
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
                throw UsageError(input, "'\(f)' is not a file type soundkit writes; use caff, AIFF, AIFC, WAVE or Ogg")
            }
            type = t
        }
        if type == nil, let out = output {
            let ext = FileSystem.splitExtension(out).ext
            guard let t = ContainerKind(fileType: ext) else {
                throw UsageError(
                    out, "cannot tell the file type from the extension '.\(ext)'; add -f caff, AIFF, AIFC, WAVE or Ogg")
            }
            type = t
        }
        guard let fileType = type else {
            throw UsageError(
                input, "no output file and no file type; add an output name or -f caff, AIFF, AIFC, WAVE or Ogg")
        }
        var spec: DataFormatSpec?
        if let d = o.dataFormat {
            do { spec = try DataFormatSpec(parsing: d) } catch { throw UsageError(input, "-d \(error.description)") }
        }
        var options = ConversionOptions(
            fileType: fileType, encoding: spec?.encoding(for: fileType), sampleRate: spec?.sampleRate,
            channels: o.channels, trim: o.trim, quality: o.quality ?? ConversionOptions.defaultQuality)
        options.filler = !o.noFiller
        options.copiesPackets = spec?.copiesPackets ?? false
        options.resampling = ResamplerQuality(quality: o.srcQuality ?? 127, complexity: o.srcComplexity ?? .norm)
        options.channelLayout = o.channelLayout.flatMap(ChannelLayoutTag.init(name:))
        options.gain = o.gain
        options.normalize = o.normalize.map { LoudnessTarget(integrated: $0, ceiling: o.truePeak ?? -1) }
        return options
    }

    /// afconvert options that only concern codecs soundkit does not write, and why.
    static let unsupported: [(names: [String], why: String)] = [
        (["-b", "--bitrate"], "sets the bit rate of AAC and other compressed codecs"),
        (["-s", "--strategy"], "chooses the bit rate strategy (CBR, ABR, VBR) of AAC and other compressed codecs"),
        (["-u", "--userproperty"], "sets encoder properties of AAC and other compressed codecs"),
        (
            ["--soundcheck-generate", "--soundcheck-read"],
            "writes Sound Check loudness data for music players, which notification sounds do not use"
        ),
        (
            ["--anchor-generate", "--anchor-loudness", "--generate-hash", "--media-kind", "--codec-manuf"],
            "writes metadata of AAC files for music players"
        ),
        (
            ["--prime-method", "--prime-override", "--gapless-before", "--gapless-after"],
            "concerns the priming of AAC and other compressed codecs"
        ),
        (
            ["--dither"],
            "chooses a dither for narrowing PCM; soundkit rounds to nearest, so the same input always gives the same bytes"
        ),
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
