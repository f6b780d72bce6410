import Foundation
import Testing

/// Reads a file's bytes.
func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

func be32(_ b: [UInt8], _ o: Int) -> UInt32 { b[o..<(o + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
func be64(_ b: [UInt8], _ o: Int) -> UInt64 { b[o..<(o + 8)].reduce(0) { $0 << 8 | UInt64($1) } }
func le32(_ b: [UInt8], _ o: Int) -> UInt32 { b[o..<(o + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) } }
func le16(_ b: [UInt8], _ o: Int) -> UInt16 { UInt16(b[o]) | UInt16(b[o + 1]) << 8 }

/// Finds a RIFF/AIFF/CAF chunk by ID: the offset of its header.
func chunk(_ b: [UInt8], _ id: String, from start: Int = 12) -> Int? {
    let want = Array(id.utf8)
    var i = start
    while i + 4 <= b.count {
        if Array(b[i..<(i + 4)]) == want { return i }
        i += 1
    }
    return nil
}

/// Samples of a file decoded to 16-bit by soundkit itself (its own decoders for the codecs it writes).
func soundkitDecode16(_ path: String, _ dir: URL) throws -> [Int16] {
    let out = dir.appendingPathComponent("sk-\(UUID().uuidString.prefix(6)).wav").path
    let r = try Tool.soundkit("convert", path, out, "-d", "LEI16", "--no-filler")
    guard r.status == 0 else { throw Tool.Failed(description: r.stderr) }
    let b = try bytes(out)
    return Decoded.int16(Data(b[44...]))
}

/// Samples decoded to 16-bit by an external tool.
func toolDecode16(_ tool: String, _ path: String) throws -> [Int16] {
    switch tool {
    case "ffmpeg":
        return Decoded.int16(
            try Tool.must("ffmpeg", "-v", "error", "-i", path, "-f", "s16le", "-acodec", "pcm_s16le", "-").data)
    case "sox":
        return Decoded.int16(try Tool.must("sox", path, "-t", "raw", "-e", "signed", "-b", "16", "-L", "-").data)
    default:
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("sf-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        try Tool.must("sndfile-convert", "-pcm16", path, tmp)
        return Decoded.int16(try Tool.must("sox", tmp, "-t", "raw", "-e", "signed", "-b", "16", "-L", "-").data)
    }
}

@Suite("IMA4, IMA ADPCM and G.711 against ffmpeg, sox and libsndfile", .tags(.oracle))
struct CodecInteropTests {
    static let sources: [(name: String, path: String)] = {
        let d = Inputs.directory.path
        var out: [(String, String)] = []
        for (name, args) in [
            (
                "chime-mono-44k.wav",
                ["-r", "44100", "-c", "1", "-b", "16", "NAME", "synth", "1.3", "pluck", "C5", "fade", "0", "1.3", "1"]
            ),
            (
                "tones-stereo-22k.wav",
                [
                    "-r", "22050", "-c", "2", "-b", "16", "NAME", "synth", "0.9", "sine", "700", "sine", "300-3000",
                    "gain", "-3",
                ]
            ),
            (
                "exact-64x-mono-8k.wav",
                ["-r", "8000", "-c", "1", "-b", "16", "NAME", "synth", "0.8", "square", "440", "gain", "-10"]
            ),
        ] {
            let p = "\(d)/\(name)"
            try! Tool.must("sox", ["-R", "-n"] + args.map { $0 == "NAME" ? p : $0 })
            out.append((name, p))
        }
        return out
    }()

    @Test("IMA4 CAF is laid out as Apple writes it, and the true length survives")
    func ima4CAFLayout() throws {
        let dir = try temporaryDirectory()
        for (name, path) in Self.sources {
            let out = dir.appendingPathComponent("\(name).caf").path
            try #require(try Tool.soundkit("convert", path, out, "-d", "ima4").status == 0)
            let b = try bytes(out)
            let channels = Int(be32(b, 44))
            #expect(String(decoding: b[8..<12], as: UTF8.self) == "desc")
            #expect(String(decoding: b[28..<32], as: UTF8.self) == "ima4")
            #expect(be32(b, 32) == 0 && be32(b, 36) == UInt32(34 * channels) && be32(b, 40) == 64 && be32(b, 48) == 0)
            // pakt right after desc, before data: 0 packets, valid frames, 0 priming, remainder.
            #expect(String(decoding: b[52..<56], as: UTF8.self) == "pakt")
            let frames = Int(try Tool.must("soxi", "-s", path).stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
            let packets = frames / 64 + 1  // Apple pads even a whole number of packets with one more
            #expect(be64(b, 64) == 0 && be64(b, 72) == UInt64(frames) && be32(b, 80) == 0)
            #expect(be32(b, 84) == UInt32(packets * 64 - frames), "\(name)")
            #expect(String(decoding: b[88..<92], as: UTF8.self) == "free" && be64(b, 92) == 3980)
            #expect(String(decoding: b[4080..<4084], as: UTF8.self) == "data" && be32(b, 4092) == 1)
            #expect(b.count == 4096 + packets * 34 * channels)
            // ffmpeg reads it as Apple IMA4 with the right rate and channels.
            let probe = try Tool.must(
                "ffprobe", "-v", "error", "-show_entries", "stream=codec_name,channels,sample_rate", "-of", "csv=p=0",
                out)
            #expect(probe.stdout.hasPrefix("adpcm_ima_qt,"))
            // soundkit's own decoder honours pakt: exactly the source's frames.
            #expect(try soundkitDecode16(out, dir).count == frames * channels)
        }
    }

    @Test(
        "ffmpeg decodes our IMA4 (CAF and AIFF-C; Apple's stream, the default, the trellis, the beams) exactly as our decoder does",
        .tags(.slow), .notQuick, arguments: ["caf", "aifc"])
    func ffmpegDecodesOurIMA4(_ ext: String) throws {
        let dir = try temporaryDirectory()
        for (name, path) in Self.sources {
            for q in ["0", "64", "100", "127"] {
                let out = dir.appendingPathComponent("\(name)-\(q).\(ext)").path
                try #require(try Tool.soundkit("convert", path, out, "-d", "ima4", "-q", q).status == 0)
                let ours = try soundkitDecode16(out, dir)
                let ffmpeg = try toolDecode16("ffmpeg", out)
                #expect(ours.count <= ffmpeg.count && ours.count > 0)
                #expect(Array(ffmpeg.prefix(ours.count)) == ours, "\(name) -q \(q) .\(ext)")
            }
        }
    }

    /// Signals whose transients a small search cannot follow; sox writes them.
    static let transients: [(name: String, sox: [String])] = [
        (
            "clicks",
            [
                "-r", "44100", "-c", "1", "-b", "16", "NAME", "synth", "1", "square", "4", "0", "0", "0.5", "gain",
                "-3", "highpass", "2000",
            ]
        ),
        ("square8", ["-r", "22050", "-c", "1", "-b", "8", "NAME", "synth", "0.6", "square", "440", "gain", "-6"]),
        (
            "squares-stereo",
            [
                "-r", "44100", "-c", "2", "-b", "16", "NAME", "synth", "0.5", "square", "220", "square", "331", "gain",
                "-9",
            ]
        ),
    ]

    /// The containers `-q 127` is raced in: IMA4 in CAF (decoded by ffmpeg, whose `adpcm_ima_qt` decoder is
    /// Apple's) and IMA ADPCM in WAV (decoded by sox, the reference arithmetic, and libsndfile, which must agree).
    static let beamContainers: [(ext: String, ffmpegCodec: String, decoder: String)] =
        [("caf", "adpcm_ima_qt", "ffmpeg"), ("wav", "adpcm_ima_wav", "sox")]

    @Test(
        "-q 127 (the beam) is at least 0.5 dB above ffmpeg -trellis 8 on transients, in CAF and WAV",
        .tags(.slow), .notQuick, arguments: transients.map(\.name), beamContainers.map(\.ext))
    func beamBeatsFFmpegTrellis(_ name: String, _ ext: String) throws {
        let args = try #require(Self.transients.first { $0.name == name }).sox
        let (ours, trellis8) = try raceFFmpegTrellis(name, args, ext, quality: "127")
        #expect(ours >= trellis8 + 0.5, "\(name).\(ext): -q 127 \(ours) dB, ffmpeg -trellis 8 \(trellis8) dB")
    }

    @Test(
        "-q 96 (the trellis and the look-ahead coder) is at least ffmpeg -trellis 8 in CAF, on transients and noise",
        .tags(.slow), .notQuick, arguments: transients.map(\.name) + ["white"])
    func lookaheadMeetsFFmpegTrellis(_ name: String) throws {
        let white = ["-r", "22050", "-c", "1", "-b", "16", "NAME", "synth", "1", "whitenoise", "gain", "-12"]
        let args = try name == "white" ? white : #require(Self.transients.first { $0.name == name }).sox
        let (ours, trellis8) = try raceFFmpegTrellis(name, args, "caf", quality: "96")
        #expect(ours >= trellis8, "\(name): -q 96 \(ours) dB, ffmpeg -trellis 8 \(trellis8) dB")
    }

    /// The SNR (dB, against ffmpeg's 16-bit decode of the source sox writes with `args`) of soundkit's output at
    /// `-q quality` and of `ffmpeg -trellis 8`'s, both in container `ext` and decoded by its oracle.
    func raceFFmpegTrellis(_ name: String, _ args: [String], _ ext: String, quality: String) throws -> (Double, Double)
    {
        let dir = try temporaryDirectory()
        let container = try #require(Self.beamContainers.first { $0.ext == ext })
        let source = dir.appendingPathComponent("\(name).wav").path
        try Tool.must("sox", ["-R", "-n"] + args.map { $0 == "NAME" ? source : $0 })
        let reference = try toolDecode16("ffmpeg", source)
        let ours = dir.appendingPathComponent("ours.\(ext)").path
        let theirs = dir.appendingPathComponent("theirs.\(ext)").path
        try #require(try Tool.soundkit("convert", source, ours, "-d", "ima4", "-q", quality).status == 0)
        try Tool.must("ffmpeg", "-v", "error", "-i", source, "-c:a", container.ffmpegCodec, "-trellis", "8", theirs)
        func snr(_ y: [Int16]) -> Double {
            var signal = 0.0
            var noise = 0.0
            for (a, b) in zip(reference, y) {
                signal += Double(a) * Double(a)
                noise += (Double(a) - Double(b)) * (Double(a) - Double(b))
            }
            return 10 * log10(signal / max(noise, 1e-9))
        }
        let decoded = try toolDecode16(container.decoder, ours)
        #expect(decoded.count >= reference.count)
        if ext == "wav" {
            #expect(try toolDecode16("sndfile", ours) == decoded, "\(name): sox and libsndfile disagree")
        }
        return (snr(decoded), snr(try toolDecode16(container.decoder, theirs)))
    }

    @Test("our IMA4 decoder equals ffmpeg's on files ffmpeg wrote (CAF and AIFF-C)", arguments: ["caf", "aiff"])
    func ourDecoderOnFFmpegFiles(_ ext: String) throws {
        let dir = try temporaryDirectory()
        for (name, path) in Self.sources {
            let out = dir.appendingPathComponent("\(name).\(ext)").path
            try Tool.must("ffmpeg", "-v", "error", "-i", path, "-c:a", "adpcm_ima_qt", out)
            let ours = try soundkitDecode16(out, dir)
            let ffmpeg = try toolDecode16("ffmpeg", out)
            #expect(ours == ffmpeg, "\(name).\(ext)")
        }
    }

    @Test("AIFF-C ima4: FVER, COMM counting packets, sample size 16, 'IMA 4:1'")
    func ima4AIFC() throws {
        let dir = try temporaryDirectory()
        let (_, path) = Self.sources[1]
        let out = dir.appendingPathComponent("x.aifc").path
        try #require(try Tool.soundkit("convert", path, out, "-d", "ima4").status == 0)
        let b = try bytes(out)
        #expect(String(decoding: b[8..<12], as: UTF8.self) == "AIFC")
        let fver = try #require(chunk(b, "FVER"))
        let comm = try #require(chunk(b, "COMM"))
        #expect(be32(b, fver + 8) == 0xA280_5140)
        let frames = Int(try Tool.must("soxi", "-s", path).stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
        #expect(be32(b, comm + 10) == UInt32((frames + 63) / 64))
        #expect(b[comm + 14] == 0 && b[comm + 15] == 16)
        #expect(String(decoding: b[(comm + 26)..<(comm + 30)], as: UTF8.self) == "ima4")
        #expect(b[comm + 30] == 7 && String(decoding: b[(comm + 31)..<(comm + 38)], as: UTF8.self) == "IMA 4:1")
    }

    @Test("more than two channels into ima4 is a clear error suggesting -c")
    func ima4Channels() throws {
        let dir = try temporaryDirectory()
        let six = Inputs.all[3].path
        let r = try Tool.soundkit("convert", six, dir.appendingPathComponent("x.caf").path, "-d", "ima4")
        #expect(r.status == 1 && r.stderr.contains("-c 2") && r.stderr.contains("-c 1"))
        #expect(
            try Tool.soundkit("convert", six, dir.appendingPathComponent("y.caf").path, "-d", "ima4", "-c", "2").status
                == 0)
    }

    @Test("IMA ADPCM WAV: sox and libsndfile decode ours as we do; we decode sox's as sox does; fact holds the length")
    func imaWAV() throws {
        let dir = try temporaryDirectory()
        for (name, path) in Self.sources {
            let out = dir.appendingPathComponent("\(name)-ima.wav").path
            try #require(try Tool.soundkit("convert", path, out, "-d", "ima4").status == 0)
            let b = try bytes(out)
            let fmt = try #require(chunk(b, "fmt "))
            let fact = try #require(chunk(b, "fact"))
            let channels = Int(le16(b, fmt + 10))
            let rate = Int(le32(b, fmt + 12))
            #expect(le16(b, fmt + 8) == 0x11 && le16(b, fmt + 22) == 4)
            let blockAlign = Int(le16(b, fmt + 20))
            #expect(blockAlign == (rate <= 11025 ? 256 : rate <= 22050 ? 512 : 1024) * channels)
            #expect(le16(b, fmt + 26) == UInt16((blockAlign - 4 * channels) * 2 / channels + 1))
            let frames = Int(try Tool.must("soxi", "-s", path).stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
            #expect(le32(b, fact + 8) == UInt32(frames))
            let ours = try soundkitDecode16(out, dir)
            #expect(ours.count == frames * channels)
            #expect(try toolDecode16("sox", out).prefix(ours.count) == ours[...], "sox, \(name)")
            #expect(try toolDecode16("sndfile", out).prefix(ours.count) == ours[...], "libsndfile, \(name)")

            let soxIMA = dir.appendingPathComponent("\(name)-sox.wav").path
            try Tool.must("sox", path, "-e", "ima-adpcm", soxIMA)
            // sox decodes whole blocks, ignoring fact; we stop at fact's true length.
            let theirs = try toolDecode16("sox", soxIMA)
            let decoded = try soundkitDecode16(soxIMA, dir)
            #expect(decoded.count == frames * channels)
            #expect(theirs.prefix(decoded.count) == decoded[...], "our decoder on sox's \(name)")
        }
    }

    @Test("G.711: every code decodes as sox and ffmpeg decode it, in WAV, CAF and AIFF-C")
    func g711Decoding() throws {
        let dir = try temporaryDirectory()
        let raw = dir.appendingPathComponent("codes.raw")
        try Data((0..<256).map { UInt8($0) } + (0..<256).map { UInt8(255 - $0) }).write(to: raw)
        for (encoding, soxName) in [("ulaw", "u-law"), ("alaw", "a-law")] {
            let wav = dir.appendingPathComponent("\(encoding).wav").path
            try Tool.must("sox", "-t", "raw", "-e", soxName, "-b", "8", "-r", "8000", "-c", "1", raw.path, wav)
            let reference = try toolDecode16("sox", wav)
            #expect(try toolDecode16("ffmpeg", wav) == reference)
            #expect(try soundkitDecode16(wav, dir) == reference, "\(encoding) WAV written by sox")
            // Re-wrapped by soundkit into each container: the codes survive and every decoder agrees.
            for ext in ["caf", "aifc", "wav"] {
                let out = dir.appendingPathComponent("re-\(encoding).\(ext)").path
                try #require(try Tool.soundkit("convert", wav, out, "-d", encoding).status == 0)
                #expect(try toolDecode16("ffmpeg", out) == reference, "\(encoding) .\(ext) via ffmpeg")
                #expect(try soundkitDecode16(out, dir) == reference, "\(encoding) .\(ext) via soundkit")
            }
        }
    }

    @Test("G.711: all 65,536 inputs encode at least as close as ffmpeg's and sox's encoders, in every container")
    func g711Encoding() throws {
        let dir = try temporaryDirectory()
        let all = (Int32(Int16.min)...Int32(Int16.max)).map { Int16($0) }
        let raw = dir.appendingPathComponent("all.raw")
        try all.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: raw)
        let wav = dir.appendingPathComponent("all.wav").path
        try Tool.must("sox", "-t", "raw", "-e", "signed", "-b", "16", "-L", "-r", "8000", "-c", "1", raw.path, wav)
        for (encoding, ffCodec, soxName, ffTag) in [
            ("ulaw", "pcm_mulaw", "u-law", "pcm_mulaw"), ("alaw", "pcm_alaw", "a-law", "pcm_alaw"),
        ] {
            let ff = dir.appendingPathComponent("ff-\(encoding).wav").path
            try Tool.must("ffmpeg", "-v", "error", "-i", wav, "-c:a", ffCodec, ff)
            let sox = dir.appendingPathComponent("sox-\(encoding).wav").path
            try Tool.must("sox", wav, "-e", soxName, sox)
            let ffErr = try toolDecode16("sox", ff).enumerated().map { abs(Int($0.element) - Int(all[$0.offset])) }
            let soxErr = try toolDecode16("sox", sox).enumerated().map { abs(Int($0.element) - Int(all[$0.offset])) }
            for ext in ["wav", "caf", "aifc"] {
                let out = dir.appendingPathComponent("sk-\(encoding).\(ext)").path
                try #require(try Tool.soundkit("convert", wav, out, "-d", encoding).status == 0)
                let probe = try Tool.must(
                    "ffprobe", "-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", out)
                #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == ffTag)
                let ours = try toolDecode16("ffmpeg", out).enumerated().map {
                    abs(Int($0.element) - Int(all[$0.offset]))
                }
                #expect(ours.count == all.count)
                #expect(
                    zip(ours, ffErr).filter { $0 > $1 }.count == 0, "\(encoding).\(ext) worse than ffmpeg somewhere")
                #expect(zip(ours, soxErr).filter { $0 > $1 }.count == 0, "\(encoding).\(ext) worse than sox somewhere")
            }
            // WAV fields: tag 7 (µLaw) / 6 (aLaw), 8 bits, and a fact chunk.
            let b = try bytes(dir.appendingPathComponent("sk-\(encoding).wav").path)
            let fmt = try #require(chunk(b, "fmt "))
            let fact = try #require(chunk(b, "fact"))
            #expect(le16(b, fmt + 8) == (encoding == "ulaw" ? 7 : 6) && le16(b, fmt + 22) == 8)
            #expect(le32(b, fact + 8) == 65536)
        }
    }
}
