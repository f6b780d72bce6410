import Foundation
import Testing

/// Inputs written by other tools, made once for the whole run.
enum Inputs {
    struct Input: CustomStringConvertible, Sendable {
        var name: String
        var path: String
        /// What the samples should be, decoded by ffmpeg: the input itself for PCM and FLAC (exact), ffmpeg's own
        /// decode for MP3 (libsndfile's mpg123 agrees within 1.6e-6), libsndfile's 32-bit output for Ogg (ffmpeg
        /// drops Vorbis's first 128 frames; libsndfile keeps the true length). `sndfile-convert -float64` cannot
        /// serve: it normalises MP3 to full scale.
        var referencePath: String
        /// Integer bits the source carries exactly (nil: float or lossy).
        var integerBits: Int?
        /// How far two correct decoders of a lossy source may differ.
        var tolerance: Double = 0
        var description: String { name }
    }

    static let directory: URL = (try? temporaryDirectory("inputs")) ?? FileManager.default.temporaryDirectory

    static let all: [Input] = {
        let d = directory.path
        func sox(_ name: String, _ args: [String], bits: Int?) -> Input {
            let p = "\(d)/\(name)"
            // A tool that fails leaves no file: the test using the input then fails naming it.
            _ = try? Tool.run(
                "sox", ["-n"] + args.prefix(while: { $0 != "--" }) + [p] + args.drop(while: { $0 != "--" }).dropFirst())
            return Input(name: name, path: p, referencePath: p, integerBits: bits)
        }
        func ffmpeg(
            _ name: String, _ args: [String], bits: Int?, tolerance: Double = 0, viaSndfile: Bool = false
        ) -> Input {
            let p = "\(d)/\(name)"
            _ = try? Tool.must(
                "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", args[0]] + Array(args.dropFirst()) + [p])
            var ref = p
            if viaSndfile {
                ref = "\(d)/\(name).ref.wav"
                _ = try? Tool.must("sndfile-convert", "-pcm32", p, ref)
            }
            return Input(name: name, path: p, referencePath: ref, integerBits: bits, tolerance: tolerance)
        }
        let chirp = "aevalsrc=0.6*sin(2*PI*(200+1800*t)*t)*exp(-t)|0.5*sin(2*PI*523*t)"
        return [
            sox(
                "u8-mono-8k.wav",
                ["-r", "8000", "-c", "1", "-b", "8", "-e", "unsigned", "--", "synth", "0.4", "sine", "300-3000"],
                bits: 8),
            sox(
                "s16-stereo-44k.wav",
                ["-r", "44100", "-c", "2", "-b", "16", "--", "synth", "0.3", "sine", "440", "pinknoise", "gain", "-4"],
                bits: 16),
            sox(
                "s8-mono-16k.aiff",
                [
                    "-r", "16000", "-c", "1", "-b", "8", "-e", "signed", "--", "synth", "0.3", "square", "200", "gain",
                    "-8",
                ], bits: 8),
            ffmpeg(
                "s24-6ch-48k.wav",
                [
                    "\(chirp)|0.3*sin(2*PI*100*t)|0.1*sin(2*PI*60*t)|0.2*sin(2*PI*700*t)|0.25*sin(2*PI*900*t):s=48000:d=0.25",
                    "-c:a", "pcm_s24le",
                ], bits: 24),
            ffmpeg("s32-stereo-32k.aiff", ["\(chirp):s=32000:d=0.3", "-c:a", "pcm_s32be"], bits: 32),
            sox(
                "f32-stereo-22k.wav",
                [
                    "-r", "22050", "-c", "2", "-b", "32", "-e", "floating-point", "--", "synth", "0.3", "sine", "1000",
                    "sine", "1500", "gain", "-2",
                ], bits: nil),
            ffmpeg(
                "f64-mono-11k.caf", ["aevalsrc=0.9*sin(2*PI*440*t)*exp(-3*t):s=11025:d=0.4", "-c:a", "pcm_f64le"],
                bits: nil),
            ffmpeg(
                "flac24-stereo-48k.flac", ["\(chirp):s=48000:d=0.3", "-c:a", "flac", "-sample_fmt", "s32"], bits: 24),
            ffmpeg(
                "mp3-mono-22k.mp3",
                ["aevalsrc=0.5*sin(2*PI*660*t):s=22050:d=0.5", "-c:a", "libmp3lame", "-b:a", "64k"], bits: nil,
                tolerance: 4e-6),
            ffmpeg(
                "vorbis-stereo-44k.ogg", ["\(chirp):s=44100:d=0.4", "-c:a", "libvorbis", "-q:a", "4"], bits: nil,
                tolerance: 1e-9, viaSndfile: true),
        ]
    }()
}

/// Every Linear PCM cell of the table.
struct Cell: CustomStringConvertible, Sendable {
    var fileType: String
    var ext: String
    var data: String
    var ffmpegCodec: String
    var bits: Int
    var isFloat: Bool
    var description: String { "\(fileType) \(data)" }

    static let all: [Cell] = {
        func c(_ t: String, _ e: String, _ d: String, _ codec: String) -> Cell {
            let bits = Int(d.filter(\.isNumber))!
            return Cell(fileType: t, ext: e, data: d, ffmpegCodec: codec, bits: bits, isFloat: d.contains("F"))
        }
        return [
            c("caff", "caf", "I8", "pcm_s8"), c("caff", "caf", "BEI16", "pcm_s16be"),
            c("caff", "caf", "BEI24", "pcm_s24be"),
            c("caff", "caf", "BEI32", "pcm_s32be"), c("caff", "caf", "BEF32", "pcm_f32be"),
            c("caff", "caf", "BEF64", "pcm_f64be"),
            c("caff", "caf", "LEI16", "pcm_s16le"), c("caff", "caf", "LEI24", "pcm_s24le"),
            c("caff", "caf", "LEI32", "pcm_s32le"),
            c("caff", "caf", "LEF32", "pcm_f32le"), c("caff", "caf", "LEF64", "pcm_f64le"),
            c("AIFF", "aiff", "I8", "pcm_s8"), c("AIFF", "aiff", "BEI16", "pcm_s16be"),
            c("AIFF", "aiff", "BEI24", "pcm_s24be"),
            c("AIFF", "aiff", "BEI32", "pcm_s32be"),
            c("AIFC", "aifc", "I8", "pcm_s8"), c("AIFC", "aifc", "BEI16", "pcm_s16be"),
            c("AIFC", "aifc", "BEI24", "pcm_s24be"),
            c("AIFC", "aifc", "BEI32", "pcm_s32be"), c("AIFC", "aifc", "BEF32", "pcm_f32be"),
            c("AIFC", "aifc", "BEF64", "pcm_f64be"),
            c("AIFC", "aifc", "LEI16", "pcm_s16le"),
            c("WAVE", "wav", "UI8", "pcm_u8"), c("WAVE", "wav", "LEI16", "pcm_s16le"),
            c("WAVE", "wav", "LEI24", "pcm_s24le"),
            c("WAVE", "wav", "LEI32", "pcm_s32le"), c("WAVE", "wav", "LEF32", "pcm_f32le"),
            c("WAVE", "wav", "LEF64", "pcm_f64le"),
        ]
    }()

    /// Whether `y` is what a correct converter could write for a source known only to within `tolerance` of `x`.
    func isCorrectRounding(_ y: Double, of x: Double, within tolerance: Double) -> Bool {
        let lsb = isFloat ? abs(x) * (bits == 32 ? 0x1p-24 : 0x1p-53) : 1 / Double(1 << (bits - 1))
        let clamped = isFloat ? x : min(max(x, -1), 1 - lsb)
        return abs(y - clamped) <= tolerance + (isFloat ? lsb : lsb / 2) + 1e-12
    }

    /// The sample a correct converter writes for `x` (full scale ±1): integers round half up and clamp;
    /// floats are exact, or rounded to Float.
    func expected(_ x: Double) -> Double {
        if isFloat { return bits == 32 ? Double(Float(x)) : x }
        let scale = Double(1 << (bits - 1))
        let q = min(max((x * scale + 0.5).rounded(.down), -scale), scale - 1)
        return q / scale
    }
}

@Suite("Linear PCM: every cell, from inputs other tools wrote, read back by ffmpeg", .tags(.oracle))
struct LinearPCMInteropTests {
    @Test(arguments: Inputs.all)
    func everyCell(_ input: Inputs.Input) throws {
        let dir = try temporaryDirectory("cells")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The quick loop writes a third of the cells from each input, a different third for the next input.
        let row = Inputs.all.firstIndex { $0.name == input.name } ?? 0
        let cells = TestRun.subset(Cell.all, row: row, every: 3)
        var outputs: [String] = []
        for cell in cells {
            let out = dir.appendingPathComponent("\(cell.fileType)-\(cell.data).\(cell.ext)").path
            let r = try Tool.soundkit("convert", input.path, out, "-f", cell.fileType, "-d", cell.data)
            try #require(r.status == 0, "\(input) → \(cell): \(r.stderr)")
            outputs.append(out)
        }
        // The reference and every cell in one ffmpeg run.
        let decoded = try Decoded.ffmpeg([input.referencePath] + outputs)
        let reference = decoded[0]
        for (cell, back) in zip(cells, decoded.dropFirst()) {
            #expect(back.codec == cell.ffmpegCodec, "\(input) → \(cell)")
            #expect(back.channels == reference.channels, "\(input) → \(cell)")
            #expect(back.sampleRate == reference.sampleRate, "\(input) → \(cell)")
            #expect(back.frames == reference.frames, "\(input) → \(cell)")
            var mismatches = 0
            var firstBad = -1
            for (i, x) in reference.samples.enumerated() where i < back.samples.count {
                let ok =
                    input.tolerance == 0
                    ? back.samples[i] == cell.expected(x)
                    : cell.isCorrectRounding(back.samples[i], of: x, within: input.tolerance)
                if !ok {
                    mismatches += 1
                    if firstBad < 0 { firstBad = i }
                }
            }
            #expect(mismatches == 0, "\(input) → \(cell): \(mismatches) samples differ, first at \(firstBad)")
            // Lossless whenever the cell holds the source's precision.
            let holdsSource: Bool
            if let bits = input.integerBits {
                holdsSource = cell.isFloat ? (cell.bits == 64 || bits <= 24) : cell.bits >= bits
            } else {
                holdsSource = false
            }
            if holdsSource {
                let exact =
                    reference.samples.count == back.samples.count
                    && zip(reference.samples, back.samples).allSatisfy { $0 == $1 }
                #expect(exact, "\(input) → \(cell) should be bit-exact")
            }
        }
    }

    @Test("libsndfile and sox read our files the same way ffmpeg does")
    func otherReaders() throws {
        let input = Inputs.all[1]  // s16 stereo
        let dir = try temporaryDirectory()
        // Each tool writes at full precision (sox narrows with dither, and both scale float to int16 by 32767).
        // sox is left out for float CAF: sox 14.4.2 misreads every float CAF, ffmpeg's own ones too.
        let cases = [
            ("caff", "caf", "BEI16"), ("AIFC", "aifc", "BEF32"), ("WAVE", "wav", "LEI24"), ("AIFF", "aiff", "BEI16"),
            ("caff", "caf", "BEF64"), ("WAVE", "wav", "LEF32"), ("AIFC", "aifc", "LEI16"), ("caff", "caf", "LEI24"),
        ]
        for (type, ext, data) in cases {
            let out = dir.appendingPathComponent("x.\(ext)").path
            try #require(try Tool.soundkit("convert", input.path, out, "-f", type, "-d", data).status == 0)
            let isFloat = data.contains("F")
            let viaSox = dir.appendingPathComponent("sox-\(ext).wav").path
            try Tool.must("sox", [out] + (isFloat ? ["-e", "floating-point", "-b", "32"] : ["-b", "32"]) + [viaSox])
            let viaSndfile = dir.appendingPathComponent("sf-\(ext).wav").path
            try Tool.must("sndfile-convert", isFloat ? "-float32" : "-pcm32", out, viaSndfile)
            let decoded = try Decoded.ffmpeg([out, viaSox, viaSndfile]).map(\.samples)
            let (a, b, c) = (decoded[0], decoded[1], decoded[2])
            if !(isFloat && type == "caff") {
                #expect(
                    a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }, "sox reads \(type) \(data) differently")
            }
            #expect(
                a.count == c.count && zip(a, c).allSatisfy { $0 == $1 }, "libsndfile reads \(type) \(data) differently")
        }
    }
}

@Suite("Rate and channel conversion", .tags(.oracle))
struct RateChannelTests {
    @Test("the OneSignal recipe: -f caff -d LEI16@44100 -c 1")
    func oneSignal() throws {
        let input = Inputs.all[5]  // f32 stereo 22.05 kHz
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("out.caf").path
        let r = try Tool.soundkit("convert", input.path, out, "-f", "caff", "-d", "LEI16@44100", "-c", "1")
        try #require(r.status == 0, "\(r.stderr)")
        let back = try Decoded.ffmpeg(out)
        let source = try Decoded.ffmpeg(input.path)
        #expect(back.codec == "pcm_s16le" && back.channels == 1 && back.sampleRate == 44100)
        #expect(abs(back.frames - source.frames * 2) <= 1)
        // Against sox doing the same (its rate effect is the resampler libsoxr came from).
        let soxOut = dir.appendingPathComponent("sox.wav").path
        try Tool.must(
            "sox", input.path, "-r", "44100", "-c", "1", "-b", "32", "-e", "floating-point", soxOut, "remix", "1,2")
        // sox's `remix 1,2` scales a mix of n channels by 1/n: an average, like soundkit's -c 1.
        let soxSamples = try Decoded.ffmpeg(soxOut).samples
        let n = min(soxSamples.count, back.samples.count)
        #expect(snr(Array(soxSamples[0..<n]), Array(back.samples[0..<n])) > 60)
    }

    @Test("-c 1 averages, -c 2 from mono duplicates, exactly")
    func channels() throws {
        let dir = try temporaryDirectory()
        let stereo = Inputs.all[1]
        let mono = dir.appendingPathComponent("mono.wav").path
        try #require(try Tool.soundkit("convert", stereo.path, mono, "-d", "LEF64", "-c", "1").status == 0)
        let s = try Decoded.ffmpeg(stereo.path)
        let m = try Decoded.ffmpeg(mono)
        #expect(m.channels == 1 && m.frames == s.frames)
        let averaged = (0..<s.frames).allSatisfy { (i: Int) -> Bool in
            m.samples[i] == (s.samples[2 * i] + s.samples[2 * i + 1]) / 2
        }
        #expect(averaged)

        let up = dir.appendingPathComponent("up.aiff").path
        let source = Inputs.all[0]  // u8 mono
        try #require(try Tool.soundkit("convert", source.path, up, "-d", "BEI16", "-c", "2").status == 0)
        let u = try Decoded.ffmpeg(up)
        let src = try Decoded.ffmpeg(source.path)
        #expect(u.channels == 2 && u.frames == src.frames)
        let duplicated = (0..<src.frames).allSatisfy { (i: Int) -> Bool in
            u.samples[2 * i] == src.samples[i] && u.samples[2 * i + 1] == src.samples[i]
        }
        #expect(duplicated)
    }

    @Test(
        "resampling keeps the length in proportion at every common rate",
        arguments: [8000, 11025, 16000, 22050, 32000, 48000])
    func rates(_ rate: Int) throws {
        let dir = try temporaryDirectory()
        let input = Inputs.all[1]  // 44.1 kHz
        let out = dir.appendingPathComponent("r.wav").path
        try #require(try Tool.soundkit("convert", input.path, out, "-d", "LEI16@\(rate)").status == 0)
        let back = try Decoded.ffmpeg(out)
        let src = try Decoded.ffmpeg(input.path)
        #expect(back.sampleRate == rate)
        let expected = Double(src.frames) * Double(rate) / 44100
        #expect(abs(Double(back.frames) - expected) <= 1)
    }
}
