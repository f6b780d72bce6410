import ArgumentParser
import SoundKit

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a sound file, with afconvert's options.",
        discussion: """
        Reads WAV, AIFF, AIFF-C, CAF, FLAC, Ogg Vorbis, Opus, MP3 and whatever else libsndfile reads, and writes \
        Linear PCM, IMA4, µLaw or aLaw into CAF, AIFF, AIFF-C or WAV files laid out as Core Audio writes them.

        Examples:
          soundkit convert chime.aiff chime.caf -d ima4
          soundkit convert in.wav out.caf -f caff -d LEI16@44100 -c 1
          soundkit convert voice.mp3 -f WAVE -d ulaw@8000

        Without -d, the source's Linear PCM layout is kept when the file type can hold it (lossless), otherwise \
        16-bit PCM is written. Without OUTPUT, -f is required and the file is written next to the input under \
        afconvert's naming rule. Nothing is written unless the conversion succeeds, and the input is never touched.
        """)

    @Argument(help: "The file to read.")
    var input: String

    @Argument(help: "The file to write (default: next to the input, named by afconvert's rule).")
    var output: String?

    @Option(name: [.customShort("f"), .customLong("file")],
            help: ArgumentHelp("File type: caff, AIFF, AIFC or WAVE (default: from the output's extension).", valueName: "type"))
    var fileType: String?

    @Option(name: [.customShort("d"), .customLong("data")],
            help: ArgumentHelp("Data format: [BE|LE]{F|I|UI}{8|16|24|32|64}, ima4, ulaw or alaw, each with an optional @RATE to resample.",
                               valueName: "format[@rate]"))
    var dataFormat: String?

    @Option(name: [.customShort("c"), .customLong("channels")],
            help: ArgumentHelp("Output channels: 1 mixes down (average), 2 from mono duplicates.", valueName: "n"))
    var channels: Int?

    @Option(name: [.customShort("q"), .customLong("quality")],
            help: ArgumentHelp("Codec quality 0...127. For ima4: 0 writes Apple's encoder's stream bit for bit (fastest); 1...95 (default 64) tries 4 starts per packet and channel (8 in mono) and sounds better than every other encoder; 96...127 tries 16 and sounds best, about 4 times slower.", valueName: "q"))
    var quality: Int = 64

    @Option(help: ArgumentHelp("Keep at most this many seconds, ending with a 0.25 s fade-out (e.g. 29.5 for a notification sound).", valueName: "seconds"))
    var trim: Double?

    // .unconditional: the value is usually negative (-16), which would otherwise read as an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("Amplify (or with a negative number, attenuate) by this many dB before encoding; samples past full scale are clamped.", valueName: "dB"))
    var gain: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Bring the output to this integrated loudness (EBU R 128), measured after encoding, within 0.5 LU unless the true-peak ceiling stops it (e.g. -16).", valueName: "LUFS"))
    var normalize: Double?

    @Option(name: .customLong("true-peak"), parsing: .unconditional, help: ArgumentHelp("The true-peak ceiling --normalize keeps under (default -1).", valueName: "dBTP"))
    var truePeak: Double = -1

    @Flag(name: .customLong("no-filler"), help: "Do not pad the header so that the audio starts at byte 4096.")
    var noFiller = false

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Say what was read and written.")
    var verbose = false

    func validate() throws {
        if let c = channels, !(1...64).contains(c) { throw ValidationError("-c takes a channel count from 1 to 64.") }
        if !(0...127).contains(quality) { throw ValidationError("-q takes a quality from 0 to 127.") }
        if let t = trim, !(t > 0) { throw ValidationError("--trim takes a positive number of seconds.") }
        if gain != nil && normalize != nil { throw ValidationError("--gain and --normalize exclude each other: --normalize chooses the gain.") }
    }

    func run() throws {
        do {
            try convert()
        } catch {
            report(error)
            throw ExitCode.failure
        }
    }

    func convert() throws {
        var type: ContainerKind?
        if let f = fileType {
            guard let t = ContainerKind(fileType: f) else {
                throw UsageError(input, "'\(f)' is not a file type soundkit writes; use caff, AIFF, AIFC or WAVE")
            }
            type = t
        }
        if type == nil, let o = output {
            let ext = FileSystem.splitExtension(o).ext
            guard let t = ContainerKind(fileType: ext) else {
                throw UsageError(o, "cannot tell the file type from the extension '.\(ext)'; add -f caff, AIFF, AIFC or WAVE")
            }
            type = t
        }
        guard let fileType = type else {
            throw UsageError(input, "no output file and no file type; add an output name or -f caff, AIFF, AIFC or WAVE")
        }
        var spec: DataFormatSpec?
        if let d = dataFormat {
            do { spec = try DataFormatSpec(parsing: d) }
            catch { throw UsageError(input, "-d \(error.description)") }
        }
        let options = ConversionOptions(
            fileType: fileType, encoding: spec?.encoding(for: fileType), sampleRate: spec?.sampleRate, channels: channels,
            filler: !noFiller, imaSearch: quality == 0 ? .none : quality >= 96 ? .wide : .packet, trim: trim,
            gain: gain, normalize: normalize.map { LoudnessTarget(integrated: $0, ceiling: truePeak) })

        let reader = try AudioInput.open(input)
        let target: String
        if let o = output {
            target = o
            if let declared = ContainerKind(fileType: FileSystem.splitExtension(o).ext), declared != fileType {
                printError("\(o): warning: writing a \(fileType.fileTypeID ?? fileType.name) file under a .\(FileSystem.splitExtension(o).ext) name")
            }
        } else {
            let encoding = try Converter.resolveEncoding(options, source: reader.info, channels: channels ?? reader.info.channels)
            var bits: Int?
            if case .pcm(let p) = encoding, p.bits != reader.info.pcmFormat?.bits { bits = p.bits }
            let rate = options.sampleRate.flatMap { $0 != reader.info.sampleRate ? $0 : nil }
            target = Converter.defaultOutputPath(input: input, fileType: fileType, rateChanged: rate, bitsChanged: bits)
        }
        // A damaged source still converts (as sox and ffmpeg do), but the user hears about what is missing.
        for w in reader.info.header?.warnings ?? [] where w.isTruncation { printError("\(input): warning: \(w)") }
        let result = try Converter.convert(reader, to: target, options: options)
        if let note = result.normalization?.note { printError("\(target): note: \(note)") }
        if verbose {
            let s = result.source
            let f = result.layout.format
            print("Input file: \(s.path), \(s.fileTypeName), \(s.channels) ch, \(fixed(s.sampleRate, 0)) Hz, \(s.formatName), \(s.frames) frames (decoded by \(s.decoder))")
            print("Output file: \(result.outputPath), \(fileType.fileTypeID ?? fileType.name), \(f.channels) ch, \(fixed(f.sampleRate, 0)) Hz, \(f.encoding), \(result.totals.validFrames) frames, \(result.totals.packets) packets, \(result.totals.dataBytes) audio bytes")
            if let n = result.normalization {
                print("Normalized: \(LoudnessReading.measured(n.before).summary) before, gain \(fixed(n.gain, 2)) dB, \(LoudnessReading.measured(n.after).summary) after")
            }
        }
    }
}
