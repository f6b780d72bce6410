import Foundation
import Testing

/// The chunks of a CAF, AIFF/AIFF-C or WAVE file, read by the test itself (not by soundkit's parsers).
struct Chunks {
    var kind: String
    var chunks: [(id: String, body: Data)]

    init(_ path: String) throws {
        let d = try Data(contentsOf: URL(fileURLWithPath: path))
        func be(_ o: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 << 8 | Int(d[o + $1]) } }
        func le(_ o: Int, _ n: Int) -> Int { (0..<n).reversed().reduce(0) { $0 << 8 | Int(d[o + $1]) } }
        let magic = String(decoding: d.prefix(4), as: UTF8.self)
        kind = magic
        chunks = []
        var o: Int
        switch magic {
        case "caff":
            o = 8
            while o + 12 <= d.count {
                let size = be(o + 4, 8)
                chunks.append(
                    (String(decoding: d[o..<(o + 4)], as: UTF8.self), d[(o + 12)..<min(d.count, o + 12 + size)]))
                o += 12 + size
            }
        case "FORM", "RIFF":
            o = 12
            while o + 8 <= d.count {
                let size = magic == "FORM" ? be(o + 4, 4) : le(o + 4, 4)
                chunks.append(
                    (String(decoding: d[o..<(o + 4)], as: UTF8.self), d[(o + 8)..<min(d.count, o + 8 + size)]))
                o += 8 + size + (size & 1)
            }
        default:
            throw Tool.Failed(description: "\(path) is not CAF, AIFF or WAVE")
        }
    }

    func body(_ id: String) -> Data? { chunks.first { $0.id == id }?.body }

    /// The audio bytes: CAF `data` after its edit count, AIFF `SSND` after offset and block size, WAVE `data`.
    var audio: Data {
        get throws {
            switch kind {
            case "caff": if let b = body("data") { return b.dropFirst(4) }
            case "FORM": if let b = body("SSND") { return b.dropFirst(8) }
            default: if let b = body("data") { return b }
            }
            throw Tool.Failed(description: "no audio chunk")
        }
    }
}

/// Runs soundkit with an argument array.
@discardableResult
func sk(_ arguments: [String]) throws -> Tool.Result { try Tool.run(Tool.soundkit, arguments) }

extension Data {
    func be(_ offset: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 << 8 | Int(self[startIndex + offset + $1]) } }
    func le(_ offset: Int, _ n: Int) -> Int {
        (0..<n).reversed().reduce(0) { $0 << 8 | Int(self[startIndex + offset + $1]) }
    }
}

@Suite("convert: afconvert's grammar")
struct GrammarTests {
    func sox(
        _ dir: URL, _ name: String, _ args: [String], seconds: String = "0.7", synth: [String] = ["sine", "440"]
    ) throws -> String {
        let p = dir.appendingPathComponent(name).path
        try Tool.must("sox", ["-R", "-n"] + args + [p, "synth", seconds] + synth)
        return p
    }

    @Test("-o OUT [options], repeated: one decode, each output as its own conversion would write it")
    func severalOutputs() throws {
        let dir = try temporaryDirectory()
        let input = try sox(
            dir, "in.wav", ["-r", "44100", "-c", "2", "-b", "16"], synth: ["sine", "440", "sine", "660"])
        let p = { (n: String) in dir.appendingPathComponent(n).path }
        let r = try Tool.soundkit(
            "convert", input, "-o", p("a.caf"), "-d", "ima4", "-o", p("b.wav"), "-d", "ulaw@8000", "-c", "1",
            "-o", p("c.aiff"), "--trim", "0.5")
        #expect(r.status == 0, "\(r.stderr)")
        try Tool.must(Tool.soundkit, ["convert", input, p("a1.caf"), "-d", "ima4"])
        try Tool.must(Tool.soundkit, ["convert", input, p("b1.wav"), "-d", "ulaw@8000", "-c", "1"])
        try Tool.must(Tool.soundkit, ["convert", input, p("c1.aiff"), "--trim", "0.5"])
        for (a, b) in [("a.caf", "a1.caf"), ("b.wav", "b1.wav"), ("c.aiff", "c1.aiff")] {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: p(a))) == Data(contentsOf: URL(fileURLWithPath: p(b))), "\(a)"
            )
        }
        let b = try Decoded.ffmpeg(p("b.wav"))
        #expect(b.codec == "pcm_mulaw" && b.sampleRate == 8000 && b.channels == 1)
        #expect(try Decoded.ffmpeg(p("c.aiff")).frames == 22050)

        // Options before the first -o apply to every output; after it, to that output only.
        let s = try Tool.soundkit("convert", "-c", "1", input, "-o", p("m.caf"), "-o", p("s.caf"), "-c", "2")
        #expect(s.status == 0, "\(s.stderr)")
        #expect(try Decoded.ffmpeg(p("m.caf")).channels == 1)
        #expect(try Decoded.ffmpeg(p("s.caf")).channels == 2)
    }

    @Test("-o: when one output cannot be written, none is, and no temporary file stays")
    func allOrNone() throws {
        let dir = try temporaryDirectory()
        let input = try sox(dir, "in.wav", ["-r", "22050", "-c", "1", "-b", "16"])
        let p = { (n: String) in dir.appendingPathComponent(n).path }
        let r = try Tool.soundkit("convert", input, "-o", p("ok.caf"), "-d", "ima4", "-o", p("bad.aiff"), "-d", "ulaw")
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot hold data format ulaw"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.wav"])
        let twice = try Tool.soundkit("convert", input, "-o", p("x.caf"), "-o", p("x.caf"))
        #expect(twice.status == 64 && twice.stderr.contains("given twice"))
        let extra = try Tool.soundkit("convert", input, "-o", p("x.caf"), "stray.wav")
        #expect(extra.status == 64 && extra.stderr.contains("only options may follow an output"))
    }

    @Test(
        "-d 0: an ima4 AIFF-C that libsndfile wrote becomes a CAF with the same packets, and ffmpeg decodes both alike")
    func copyIMA4FromAIFC() throws {
        let dir = try temporaryDirectory()
        let wav = try sox(
            dir, "in.wav", ["-r", "22050", "-c", "1", "-b", "16"], seconds: "0.61", synth: ["pluck", "220"])
        let aifc = dir.appendingPathComponent("lib.aifc").path
        try Tool.must("sndfile-convert", "-ima-adpcm", wav, aifc)
        let caf = dir.appendingPathComponent("copy.caf").path
        let r = try Tool.soundkit("convert", aifc, caf, "-d", "0")
        #expect(r.status == 0, "\(r.stderr)")
        let source = try Chunks(aifc)
        let copy = try Chunks(caf)
        let packets = try source.audio.count / 34
        #expect(packets == 211)
        #expect(try copy.audio == source.audio)
        let desc = try #require(copy.body("desc"))
        #expect(String(decoding: desc[desc.startIndex + 8..<desc.startIndex + 12], as: UTF8.self) == "ima4")
        let pakt = try #require(copy.body("pakt"))
        #expect(pakt.be(8, 8) == packets * 64, "valid frames = packets × 64: AIFF-C lost the exact length")
        #expect(pakt.be(16, 4) == 0 && pakt.be(20, 4) == 0, "no priming, no remainder")
        let a = try Decoded.ffmpeg(aifc)
        let b = try Decoded.ffmpeg(caf)
        #expect(a.frames == packets * 64 && a.samples == b.samples)
    }

    @Test(
        "-d 0: stereo ima4 CAF -> AIFF-C -> CAF keeps every packet; the CAF copy of the AIFF-C plays packets × 64 frames"
    )
    func copyIMA4RoundTrip() throws {
        let dir = try temporaryDirectory()
        let wav = try sox(
            dir, "in.wav", ["-r", "44100", "-c", "2", "-b", "16"], seconds: "0.5",
            synth: ["pluck", "220", "sine", "500"])
        let p = { (n: String) in dir.appendingPathComponent(n).path }
        try Tool.must(Tool.soundkit, ["convert", wav, p("a.caf"), "-d", "ima4"])
        try Tool.must(Tool.soundkit, ["convert", p("a.caf"), p("b.aifc"), "-d", "0"])
        try Tool.must(Tool.soundkit, ["convert", p("b.aifc"), p("c.caf"), "-d", "0"])
        let a = try Chunks(p("a.caf")).audio
        let b = try Chunks(p("b.aifc")).audio
        let c = try Chunks(p("c.caf")).audio
        #expect(a.count == 345 * 68 && a == b && b == c)
        let comm = try #require(try Chunks(p("b.aifc")).body("COMM"))
        #expect(comm.be(2, 4) == 345, "AIFF-C counts packets")
        #expect(try #require(try Chunks(p("a.caf")).body("pakt")).be(8, 8) == 22050)
        #expect(try #require(try Chunks(p("c.caf")).body("pakt")).be(8, 8) == 345 * 64)
        let da = try Decoded.ffmpeg(p("a.caf"))
        let db = try Decoded.ffmpeg(p("b.aifc"))
        #expect(Array(db.samples.prefix(da.samples.count)) == da.samples)
    }

    @Test(
        "-d 0: linear PCM and µLaw move between containers byte for byte; a type that cannot hold the layout says what it accepts"
    )
    func copyPCM() throws {
        let dir = try temporaryDirectory()
        let p = { (n: String) in dir.appendingPathComponent(n).path }
        let w16 = try sox(dir, "s16.wav", ["-r", "44100", "-c", "2", "-b", "16"])
        let w24 = try sox(dir, "s24.wav", ["-r", "48000", "-c", "1", "-b", "24"])
        let mu = try sox(dir, "mu.wav", ["-r", "8000", "-c", "1", "-e", "u-law"])
        let be = try sox(dir, "be.aiff", ["-r", "16000", "-c", "1", "-b", "16"])
        for (source, target) in [(w16, "s16.caf"), (w24, "s24.caf"), (mu, "mu.caf"), (be, "be.caf"), (be, "be.aifc")] {
            let r = try Tool.soundkit("convert", source, p(target), "-d", "0")
            #expect(r.status == 0, "\(target): \(r.stderr)")
            #expect(try Chunks(p(target)).audio == Chunks(source).audio, "\(target)")
        }
        try Tool.must(Tool.soundkit, ["convert", p("mu.caf"), p("mu.aifc"), "-d", "0"])
        #expect(try Chunks(p("mu.aifc")).audio == Chunks(mu).audio)
        #expect(try Decoded.ffmpeg(p("s24.caf")).samples == Decoded.ffmpeg(w24).samples)

        let refused = try Tool.soundkit("convert", w16, p("x.aiff"), "-d", "0")
        #expect(
            refused.status == 1
                && refused.stderr.contains("cannot hold data format LEI16; it accepts I8 BEI16 BEI24 BEI32"))
        let rate = try Tool.soundkit("convert", w16, p("x.caf"), "-d", "0@22050")
        #expect(rate.status == 1 && rate.stderr.contains("takes no @RATE"))
        let mix = try Tool.soundkit("convert", w16, p("x.caf"), "-d", "0", "-c", "1")
        #expect(mix.status == 1 && mix.stderr.contains("cannot be combined with a channel count (-c)"))
        let flac = p("in.flac")
        try Tool.must("sox", w16, flac)
        let other = try Tool.soundkit("convert", flac, p("x.caf"), "-d", "0")
        #expect(other.status == 1 && other.stderr.contains("this is FLAC"))
        #expect(
            !FileManager.default.fileExists(atPath: p("x.caf")) && !FileManager.default.fileExists(atPath: p("x.aiff")))
    }

    @Test("-d fmt/FLAGS: flags that describe a layout soundkit writes are taken; others are refused by name")
    func flags() throws {
        let dir = try temporaryDirectory()
        let input = try sox(dir, "in.wav", ["-r", "22050", "-c", "1", "-b", "16"])
        let p = { (n: String) in dir.appendingPathComponent(n).path }
        // 0xE: signed, big-endian, packed — replaces LEI16's flags, so the CAF holds BEI16 (CAF desc flags 0).
        for (spec, flagsInCAF) in [
            ("LEI16/C", 2), ("LEI16/0xE", 0), ("I16/6", 0), ("F32/9", 3), ("BEF32/1", 3), ("LEF32/3", 1),
        ] {
            let r = try Tool.soundkit("convert", input, p("f.caf"), "-d", spec)
            #expect(r.status == 0, "\(spec): \(r.stderr)")
            let desc = try #require(try Chunks(p("f.caf")).body("desc"))
            #expect(desc.be(12, 4) == flagsInCAF, "\(spec)")
        }
        try Tool.must(Tool.soundkit, ["convert", input, p("u8.wav"), "-d", "I8/0"])
        #expect(try Decoded.ffmpeg(p("u8.wav")).codec == "pcm_u8")
        for (spec, words) in [
            ("LEI16/20", "IsNonInterleaved (0x20)"), ("LEI16/40", "IsNonMixable (0x40)"),
            ("LEI16/80", "sample fraction bits"), ("LEI16/8", "unsigned LEUI16"),
            ("LEI16/5", "both float (0x1) and signed"),
            ("LEI16/zz", "not hexadecimal"), ("ima4/1", "ima4 has no format flags"), ("F16/1", "LEF16"),
        ] {
            let r = try Tool.soundkit("convert", input, p("g.caf"), "-d", spec)
            #expect(r.status == 1 && r.stderr.contains(words), "\(spec): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: p("g.caf")))
    }

    @Test("-d ima4#64 is ima4; any other #frames is refused, saying why")
    func framesPerPacket() throws {
        let dir = try temporaryDirectory()
        let input = try sox(dir, "in.wav", ["-r", "22050", "-c", "1", "-b", "16"])
        let p = { (n: String) in dir.appendingPathComponent(n).path }
        try Tool.must(Tool.soundkit, ["convert", input, p("a.caf"), "-d", "ima4#64"])
        try Tool.must(Tool.soundkit, ["convert", input, p("b.caf"), "-d", "ima4"])
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: p("a.caf"))) == Data(contentsOf: URL(fileURLWithPath: p("b.caf")))
        )
        let r = try Tool.soundkit("convert", input, p("c.caf"), "-d", "ima4#32")
        #expect(r.status == 1 && r.stderr.contains("ima4 always has 64 frames per packet, not 32"))
        let u = try Tool.soundkit("convert", input, p("c.caf"), "-d", "ulaw#1")
        #expect(u.status == 1 && u.stderr.contains("apply to ima4 only"))
        let n = try Tool.soundkit("convert", input, p("c.caf"), "-d", "N")
        #expect(n.status == 1 && n.stderr.contains("ALAC or FLAC"))
    }

    @Test(
        "-r and --src-complexity choose the libsoxr recipe: a 15 kHz tone at 44.1 -> 22.05 kHz aliases through 'line' only"
    )
    func resamplerQuality() throws {
        let dir = try temporaryDirectory()
        let input = try sox(
            dir, "in.wav", ["-r", "44100", "-c", "1", "-b", "16"], seconds: "0.5",
            synth: ["sine", "15000", "gain", "-3"])
        let p = { (n: String) in dir.appendingPathComponent(n).path }
        var rms: [String: Double] = [:]
        var bytes: [String: Data] = [:]
        for (name, args) in [
            ("line", ["--src-complexity", "line"]), ("norm", []), ("bats", ["--src-complexity", "bats"]),
            ("r0", ["-r", "0"]), ("r127", ["-r", "127", "--src-complexity", "norm"]),
        ] {
            let out = p("\(name).wav")
            let r = try sk(["convert", input, out, "-d", "LEF32@22050"] + args)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let d = try Decoded.ffmpeg(out)
            #expect(d.sampleRate == 22050 && abs(d.frames - 11025) <= 1, "\(name)")
            // Away from the ends, where the filters answer the tone's abrupt start and stop.
            let middle = d.samples.dropFirst(500).dropLast(500)
            rms[name] = (middle.reduce(0) { $0 + $1 * $1 } / Double(max(1, middle.count))).squareRoot()
            bytes[name] = try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let line = try #require(rms["line"])
        let norm = try #require(rms["norm"])
        let bats = try #require(rms["bats"])
        #expect(line > 0.1, "quick cubic interpolation lets the alias through (rms \(line))")
        #expect(norm < 0.0001 && bats < 0.0001, "the filtering recipes remove it (rms \(norm), \(bats))")
        #expect(bytes["norm"] == bytes["r127"], "norm at 127 is the default")
        #expect(bytes["norm"] != bytes["bats"] && bytes["norm"] != bytes["r0"] && bytes["line"] != bytes["norm"])
        let bad = try Tool.soundkit("convert", input, p("x.wav"), "-r", "128")
        #expect(bad.status == 64 && bad.stderr.contains("-r takes"))
        let badc = try Tool.soundkit("convert", input, p("x.wav"), "--src-complexity", "fast")
        #expect(badc.status == 64)
    }

    @Test("-l records the layout tag: CAF's chan chunk for every tag, WAVE's channel mask for Mono and Stereo")
    func channelLayout() throws {
        let dir = try temporaryDirectory()
        let mono = try sox(dir, "m.wav", ["-r", "22050", "-c", "1", "-b", "16"])
        let stereo = try sox(dir, "s.wav", ["-r", "22050", "-c", "2", "-b", "16"])
        let p = { (n: String) in dir.appendingPathComponent(n).path }
        let tags: [(String, Int, String)] = [
            ("Mono", 0x0064_0001, mono), ("kAudioChannelLayoutTag_Stereo", 0x0065_0002, stereo),
            ("StereoHeadphones", 0x0066_0002, stereo), ("MatrixStereo", 0x0067_0002, stereo),
            ("MidSide", 0x0068_0002, stereo), ("XY", 0x0069_0002, stereo), ("binaural", 0x006A_0002, stereo),
        ]
        for (name, tag, source) in tags {
            let r = try Tool.soundkit("convert", source, p("l.caf"), "-d", "ima4", "-l", name)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let chan = try #require(try Chunks(p("l.caf")).body("chan"), "\(name)")
            #expect(chan.count == 12 && chan.be(0, 4) == tag && chan.be(4, 4) == 0 && chan.be(8, 4) == 0, "\(name)")
        }
        // Without -l, a mono or stereo CAF has no chan chunk (as afconvert writes it).
        try Tool.must(Tool.soundkit, ["convert", stereo, p("n.caf")])
        #expect(try Chunks(p("n.caf")).body("chan") == nil)

        for (name, source, mask, layout) in [("Stereo", stereo, 3, "stereo"), ("Mono", mono, 4, "mono")] {
            try Tool.must(Tool.soundkit, ["convert", source, p("l.wav"), "-l", name])
            let fmt = try #require(try Chunks(p("l.wav")).body("fmt "))
            #expect(fmt.le(0, 2) == 0xFFFE && fmt.le(20, 4) == mask, "\(name)")
            let probe = try Tool.must(
                "ffprobe", "-v", "error", "-show_entries", "stream=channel_layout", "-of", "csv=p=0", p("l.wav"))
            #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == layout)
        }
        for (args, words) in [
            ([stereo, p("x.caf"), "-l", "Mono"], "has 1 channel and the output has 2; add -c 1"),
            ([stereo, p("x.aiff"), "-l", "Stereo"], "AIFF files have no channel layout"),
            ([stereo, p("x.wav"), "-l", "Binaural"], "WAVE has no speaker positions for Binaural"),
            ([stereo, p("x.wav"), "-l", "Stereo", "-d", "ulaw"], "only for linear PCM"),
        ] {
            let r = try sk(["convert"] + args)
            #expect(r.status == 1 && r.stderr.contains(words), "\(args): \(r.stderr)")
        }
        let unknown = try Tool.soundkit("convert", stereo, p("x.caf"), "-l", "Quadraphonic")
        #expect(unknown.status == 64 && unknown.stderr.contains("Mono, Stereo"))
        // -l Mono with -c 1: the mix-down gets the tag.
        try Tool.must(Tool.soundkit, ["convert", stereo, p("m.caf"), "-c", "1", "-l", "Mono", "--mix"])
        #expect(try #require(try Chunks(p("m.caf")).body("chan")).be(0, 4) == 0x0064_0001)
    }

    @Test("-hf lists every file type soundkit writes with its extensions and data formats, in afconvert's layout")
    func helpFormats() throws {
        for flag in ["-hf", "--help-formats"] {
            let r = try Tool.soundkit("convert", flag)
            #expect(r.status == 0)
            // FORMATS.md §1 and afconvert -hf, for what soundkit writes.
            for line in [
                "'caff' = CAF (.caf)",
                "data_formats: I8 BEI16 BEI24 BEI32 BEF32 BEF64 LEI16 LEI24 LEI32 LEF32 LEF64 'ulaw' 'alaw' 'ima4'",
                "'AIFF' = AIFF (.aiff, .aif)", "data_formats: I8 BEI16 BEI24 BEI32\n",
                "'AIFC' = AIFF-C (.aifc)",
                "data_formats: I8 BEI16 BEI24 BEI32 BEF32 BEF64 UI8 LEI16 'ulaw' 'alaw' 'ima4'\n",
                "'WAVE' = WAVE (.wav)",
                "data_formats: UI8 LEI16 LEI24 LEI32 LEF32 LEF64 'ulaw' 'alaw' 'ima4' (IMA ADPCM, tag 0x11)",
                "Mono (caff, WAVE), Stereo (caff, WAVE), StereoHeadphones (caff)",
            ] {
                #expect(r.stdout.contains(line), "\(flag): \(line)")
            }
        }
    }

    @Test(
        "afconvert options for codecs soundkit does not write get one line saying why, exit 64, nothing written",
        arguments: [
            ["-b", "128000"], ["--bitrate", "64000"], ["-s", "2"], ["--strategy", "3"], ["--soundcheck-generate"],
            ["--soundcheck-read"], ["-u", "vbrq", "127"], ["--media-kind", "Audiobook"], ["--anchor-generate"],
            ["--prime-method", "1"], ["--gapless-before", "x.wav"], ["--codec-manuf", "appl"], ["--dither", "1"],
        ])
    func unsupportedOptions(_ option: [String]) throws {
        let dir = try temporaryDirectory()
        let input = try sox(dir, "in.wav", ["-r", "22050", "-c", "1", "-b", "16"])
        for args in [
            [input, dir.appendingPathComponent("o.caf").path] + option,
            option + [input, dir.appendingPathComponent("o.caf").path],
        ] {
            let r = try sk(["convert"] + args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
            #expect(
                r.stderr.hasPrefix("soundkit: error: \(option[0]) ")
                    && r.stderr.contains("soundkit writes only Linear PCM, IMA4, µLaw and aLaw"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.wav"])
    }

    @Test("the forms that worked before still do: no OUTPUT names the file by afconvert's rule; -v; --help")
    func existingForms() throws {
        let dir = try temporaryDirectory()
        let input = try sox(dir, "tone.wav", ["-r", "22050", "-c", "1", "-b", "16"])
        let r = try Tool.soundkit("convert", input, "-f", "caff", "-d", "ima4", "-v")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("tone.caf").path))
        #expect(
            r.stdout.contains("Output file: \(dir.appendingPathComponent("tone.caf").path), caff, 1 ch, 22050 Hz, ima4")
        )
        try Tool.must(Tool.soundkit, ["convert", input, "-f", "AIFF", "-d", "BEI16@48000"])
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("tone.aiff").path))
        try Tool.must(Tool.soundkit, ["convert", input, "-f", "AIFF", "-d", "BEI16@48000"])
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("tone-48k.aiff").path))
        for help in [["convert", "--help"], ["convert", input, "--help"], ["convert", input, "-o", "x.caf", "-h"]] {
            let h = try sk(help)
            #expect(
                h.status == 0 && h.stdout.contains("USAGE: soundkit convert INPUT [OUTPUT] [options]")
                    && h.stdout.contains("--src-complexity"))
        }
        let none = try Tool.soundkit("convert")
        #expect(none.status == 64 && none.stderr.contains("name the file to convert"))
        let many = try Tool.soundkit("convert", input, input, input)
        #expect(many.status == 64 && many.stderr.contains("--output-dir"))
        let folder = try Tool.soundkit("convert", dir.path, "x.caf")
        #expect(folder.status == 64 && folder.stderr.contains("is a folder; add --output-dir"))
    }
}

@Suite("--format text|json|github on every command with output")
struct FormatTests {
    @Test("convert --format json is one versioned document; github turns errors into annotations")
    func convertFormats() throws {
        let dir = try temporaryDirectory()
        let input = dir.appendingPathComponent("in.wav").path
        try Tool.must("sox", "-n", "-r", "22050", "-c", "1", "-b", "16", input, "synth", "0.3", "sine", "440")
        let out = dir.appendingPathComponent("o.caf").path
        let r = try Tool.soundkit("convert", input, out, "-d", "ima4", "--format", "json")
        #expect(r.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: r.data) as? [String: Any])
        #expect(doc["version"] as? Int == 1 && doc["converted"] as? Int == 1 && doc["failed"] as? Int == 0)
        let files = try #require(doc["files"] as? [[String: Any]])
        let outputs = try #require(files.first?["outputs"] as? [[String: Any]])
        #expect(outputs.first?["path"] as? String == out && outputs.first?["format"] as? String == "ima4")
        #expect(outputs.first?["frames"] as? Int == 6615 && outputs.first?["fileTypeID"] as? String == "caff")

        let missing = dir.appendingPathComponent("nope.wav").path
        let j = try Tool.soundkit("convert", missing, out, "--format", "json")
        #expect(j.status == 1)
        let failed = try #require(try JSONSerialization.jsonObject(with: j.data) as? [String: Any])
        #expect(failed["failed"] as? Int == 1)
        #expect(((failed["files"] as? [[String: Any]])?.first?["error"] as? String)?.contains("cannot open") == true)
        let g = try Tool.soundkit("convert", missing, out, "--format", "github")
        #expect(g.status == 1 && g.stdout.hasPrefix("::error file=\(missing),title=soundkit convert::cannot open it"))
    }

    @Test("info: --format json equals --json; github annotates unreadable files")
    func infoFormats() throws {
        let dir = try temporaryDirectory()
        let input = dir.appendingPathComponent("in.wav").path
        try Tool.must("sox", "-n", "-r", "22050", "-c", "1", "-b", "16", input, "synth", "0.3", "sine", "440")
        let a = try Tool.soundkit("info", input, "--json")
        let b = try Tool.soundkit("info", input, "--format", "json")
        #expect(a.status == 0 && a.stdout == b.stdout && a.stdout.contains("\"version\" : 1"))
        let junk = dir.appendingPathComponent("junk.wav").path
        try Data("not a sound".utf8).write(to: URL(fileURLWithPath: junk))
        let g = try Tool.soundkit("info", input, junk, "--format", "github")
        #expect(
            g.status == 1 && g.stdout.contains("File:           \(input)")
                && g.stdout.contains("::error file=\(junk),title=soundkit info::"))
        let clash = try Tool.soundkit("info", input, "--json", "--format", "github")
        #expect(clash.status == 64)
    }

    @Test("resolve and payload: json documents and annotations")
    func resolveAndPayload() throws {
        let dir = try temporaryDirectory()
        let bundle = dir.appendingPathComponent("Demo.app")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Tool.must(
            "sox", "-n", "-r", "22050", "-c", "1", "-b", "16", bundle.appendingPathComponent("chime.caf").path, "synth",
            "0.3", "sine", "440")
        let found = try Tool.soundkit("resolve", "chime.caf", "--bundle", bundle.path, "--format", "json")
        let doc = try #require(try JSONSerialization.jsonObject(with: found.data) as? [String: Any])
        #expect(
            found.status == 0 && doc["version"] as? Int == 1
                && doc["winner"] as? String == bundle.appendingPathComponent("chime.caf").path)
        let missing = try Tool.soundkit("resolve", "Chime.caf", "--bundle", bundle.path, "--format", "github")
        #expect(
            missing.status == 1 && missing.stdout.hasPrefix("::error file=Chime.caf,title=soundkit name-not-found::"))

        let payload = dir.appendingPathComponent("push.json").path
        try Data(#"{"aps": {"sound": {"critical": 1, "name": "chime.caf", "volume": "0.5"}}}"#.utf8).write(
            to: URL(fileURLWithPath: payload))
        let p = try Tool.soundkit("payload", payload, "--format", "json")
        let pdoc = try #require(try JSONSerialization.jsonObject(with: p.data) as? [String: Any])
        #expect(p.status == 1 && pdoc["version"] as? Int == 1)
        let pg = try Tool.soundkit("payload", payload, "--format", "github")
        #expect(pg.stdout.contains("::error file=\(payload),line=1,col=66,title=soundkit payload-shape::"))
    }
}
