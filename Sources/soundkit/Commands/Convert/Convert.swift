import ArgumentParser
import SoundKit
import SoundKitCodecs
import SoundKitContainers
import SoundKitIO
import SoundKitNotifications
import SoundKitReport

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert sound files, with afconvert's options.",
        usage: """
            soundkit convert INPUT [OUTPUT] [options]
            soundkit convert INPUT -o OUTPUT [options] [-o OUTPUT [options]]...
            soundkit convert INPUT... --output-dir DIR -f TYPE [options]
            soundkit convert INPUT... --output-dir DIR --platform ios|android|all [options]
            soundkit convert -hf
            """,
        discussion: """
            Reads WAV, AIFF, AIFF-C, CAF, FLAC, Ogg Vorbis, Opus, MP3 and whatever else libsndfile reads, and writes \
            Linear PCM, IMA4, µLaw or aLaw into CAF, AIFF, AIFF-C or WAV files laid out as Core Audio writes them, and \
            Ogg Vorbis (through libsndfile) for Android.

            Examples:
              soundkit convert chime.aiff chime.caf -d ima4
              soundkit convert in.wav out.caf -f caff -d LEI16@44100 -c 1
              soundkit convert voice.mp3 -f WAVE -d ulaw@8000
              soundkit convert in.wav -o a.caf -d ima4 -o b.wav -d ulaw@8000
              soundkit convert old.aifc new.caf -d 0
              soundkit convert Sounds/ extra.wav --output-dir out -f caff -d ima4
              soundkit convert chime.wav chime.ogg -q 80
              soundkit convert Sounds/ --output-dir out --platform all --normalize -16

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

            --platform: each input is written to DIR/ios/NAME.caf and/or DIR/android/res/raw/NAME.ogg (folders \
            flattened: neither platform finds a sound in a subfolder), every other option applying to each output; \
            the name each input got on each platform is printed (and in --format json), and two inputs that would get \
            the same name on a platform stop the run before anything is written.

            afconvert options for codecs soundkit does not write (-b, -s, -u, --soundcheck-*, --media-kind, \
            --anchor-*, --prime-*, --gapless-*, --codec-manuf, --dither) are refused with one line saying why, exit 64.
            """)

    // The options, as ConvertOption declares them; the order here is --help's.

    @Option(ConvertOption.fileType) var fileType: String?
    @Option(ConvertOption.dataFormat) var dataFormat: String?
    @Option(ConvertOption.channels) var channels: Int?
    @Option(ConvertOption.channelLayout) var channelLayout: String?
    @Flag(ConvertOption.mix) var mix = false
    @Option(ConvertOption.quality) var quality: Int?
    @Option(ConvertOption.srcQuality) var srcQuality: Int?
    @Option(ConvertOption.srcComplexity) var srcComplexity: ResamplerQuality.Complexity?
    @Option(ConvertOption.trim) var trim: Double?
    @Option(ConvertOption.gain) var gain: Double?
    @Option(ConvertOption.normalize) var normalize: Double?
    @Option(ConvertOption.truePeak) var truePeak: Double?
    @Flag(ConvertOption.noFiller) var noFiller = false

    @Option(name: ConvertOption.output.names, help: ConvertOption.output.help) var outputs: [String] = []
    @Flag(ConvertOption.verbose) var verbose = false
    @Option(ConvertOption.outputDir) var outputDir: String?
    @Option(ConvertOption.jobs) var jobs: Int?
    @Option(ConvertOption.format) var format: ReportFormat?
    @Flag(ConvertOption.helpFormats) var helpFormats = false
    @Option(ConvertOption.platform) var platform: String?

    @Argument(help: ArgumentHelp("Inputs, then the output (see USAGE).", visibility: .hidden))
    var files: [String] = []

    func validate() throws { try words.validate() }

    /// What the options and arguments say, without ArgumentParser's wrappers.
    var words: ConvertWords {
        var words = ConvertWords(files: files)
        for option in ConvertOption.all { option.take(self, &words) }
        return words
    }

    func run() throws {
        if outputs.isEmpty {
            try Self.execute { try ConvertRequest(words) }
        } else {
            // The -o form needs the arguments in their order, which the parsed options have lost: parse them
            // again, part by part.
            let all = Console.arguments
            try Self.execute {
                try ConvertRequest(words: all.firstIndex(of: "convert").map { Array(all[($0 + 1)...]) } ?? all)
            }
        }
    }

    /// The words after `convert`, when ``ConvertWords/scan(_:)`` reads them all: a command line run without
    /// ArgumentParser (whose reflection over convert's options every process would pay for at start-up). Anything
    /// it does not read (help, a bad value, an unknown option) goes the usual way, so the messages stay
    /// ArgumentParser's. Returns the exit status, or nil when the words go the usual way.
    static func runScanned(_ words: [String]) -> Int32? {
        guard let (before, groups) = try? ConvertRequest.split(words), let first = ConvertWords.scan(before) else {
            return nil
        }
        var outputs: [(output: String, words: Result<ConvertWords, any Error>)] = []
        for g in groups {
            guard let scanned = ConvertWords.scan(g.words) else { return nil }
            outputs.append((g.output, .success(scanned)))
        }
        do {
            try execute { try ConvertRequest(first, outputs) }
            return 0
        } catch {
            let message = Self.fullMessage(for: error)
            if !message.isEmpty { printError(message) }
            return Self.exitCode(for: error).rawValue
        }
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
            let code = try BatchCommand(inputs: inputs, outputDir: dir, options: request.options, run: request.run)
                .execute()
            if code != 0 { throw ExitCode(code) }
        }
    }

    /// One input, one or more outputs, read once.
    static func convertOne(
        _ input: String, _ outputs: [(path: String?, options: OutputOptions)], verbose: Bool, format: ReportFormat
    ) throws {
        let clock = ContinuousClock()
        let start = clock.now
        var entry = ConvertDocument.File(input: input, outputs: [], error: nil)
        do {
            let requested = try outputs.map { o in
                OutputRequest(
                    path: o.path, options: try ConvertRequest.conversionOptions(o.options, output: o.path, input: input)
                )
            }
            let reports = try Self.convert(input, requested)
            entry.outputs = reports.map(ConvertDocument.Output.init)
            for r in reports {
                if let note = r.normalization?.note {
                    printFinding(r.outputPath, .note, .normalize, note, format: format)
                }
            }
            if verbose, let s = reports.first?.source {
                let how = s.decoder == "none" ? "packets copied, not decoded" : "decoded by \(s.decoder)"
                printInfo(
                    "Input file: \(s.path), \(s.fileTypeName), \(s.channels) ch, \(decimal(s.sampleRate, 0)) Hz, \(s.formatName), \(s.frames) frames (\(how))",
                    format: format)
                for r in reports { printInfo(outputLine(r), format: format) }
            }
        } catch {
            entry.error = describe(error)
            if format != .json { emitError(error, format: format) }
        }
        if format == .json {
            let failed = entry.error == nil ? 0 : 1
            try printJSON(
                ConvertDocument(
                    files: [entry], skipped: [], converted: 1 - failed, failed: failed,
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
            return Converter.defaultOutputPath(
                input: input, fileType: r.options.fileType, rateChanged: nil, bitsChanged: nil)
        }
        let info = reader.info
        let encoding = try Converter.resolveEncoding(
            r.options, source: info, channels: r.options.channels ?? info.channels)
        var bits: Int?
        if case .pcm(let p) = encoding, p.bits != info.pcmFormat?.bits { bits = p.bits }
        let rate = r.options.sampleRate.flatMap { $0 != info.sampleRate ? $0 : nil }
        return Converter.defaultOutputPath(
            input: input, fileType: r.options.fileType, rateChanged: rate, bitsChanged: bits)
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

/// `-hf`: afconvert's listing, for the file types soundkit writes.
enum HelpFormats {
    static func lines() -> [String] {
        var out = ["File types and the data formats soundkit writes in them (-f TYPE, -d FORMAT):"]
        for kind in ContainerKind.writable + ContainerKind.writtenByLibraries {
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
        out.append(
            "Channel layouts (-l): "
                + ChannelLayoutTag.allCases.map { tag in
                    tag.waveChannelMask != nil ? "\(tag.name) (caff, WAVE)" : "\(tag.name) (caff)"
                }.joined(separator: ", "))
        out.append("-d 0 copies the source's packets into any of these types that holds its data format.")
        return out
    }

    /// The file extensions soundkit recognises.
    static let extensionNames = ["caf", "aiff", "aif", "aifc", "wav", "ogg"]
}
