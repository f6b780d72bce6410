import Foundation
import Testing

/// Files people start from — exports of GarageBand, Voice Memos, iMovie, video editors — made by the ffmpeg CLI,
/// and what soundkit makes of them against ffmpeg's own decode (the same libavcodec, so the samples are equal).
enum FFmpegInputs {
    struct Kind: CustomStringConvertible, Sendable {
        var file: String
        /// ffmpeg arguments between the inputs and the output name.
        var args: [String]
        var container: String
        var codec: String
        var video = false
        /// The decoder soundkit uses: FFmpeg, or libsndfile for the formats it read before FFmpeg was added.
        var decoder = "FFmpeg"
        /// Minimum SNR against ffmpeg's decode, in dB, where another library decodes (nil: bit-exact).
        var snr: Double?
        var description: String { file }
    }

    static let encoders: String = (try? Tool.run("ffmpeg", ["-hide_banner", "-encoders"]).stdout) ?? ""
    static func has(_ encoder: String) -> Bool { encoders.contains(" \(encoder) ") }

    /// Two tones, one a channel, 1.5 s at 44.1 kHz.
    static let stereo = [
        "-f", "lavfi", "-i", "sine=f=440:d=1.5:sample_rate=44100", "-f", "lavfi", "-i",
        "sine=f=660:d=1.5:sample_rate=44100", "-filter_complex", "amerge",
    ]
    static let video = ["-f", "lavfi", "-i", "testsrc=d=1.5:s=160x120:r=25"]

    static let kinds: [Kind] = [
        Kind(file: "tone.m4a", args: stereo + ["-c:a", "aac"], container: "MPEG-4", codec: "AAC LC"),
        Kind(file: "ringtone.m4r", args: stereo + ["-c:a", "aac", "-f", "ipod"], container: "MPEG-4", codec: "AAC LC"),
        Kind(file: "tone.aac", args: stereo + ["-c:a", "aac"], container: "ADTS", codec: "AAC LC"),
        Kind(
            file: "clip.mp4", args: video + stereo + ["-c:v", "mpeg4", "-c:a", "aac", "-shortest"], container: "MPEG-4",
            codec: "AAC LC", video: true),
        Kind(
            file: "clip.mov", args: video + stereo + ["-c:v", "mpeg4", "-c:a", "aac"], container: "QuickTime",
            codec: "AAC LC", video: true),
        Kind(
            file: "memo.3gp", args: ["-f", "lavfi", "-i", "sine=f=440:d=1.5:sample_rate=16000", "-c:a", "aac"],
            container: "3GP", codec: "AAC LC"),
        Kind(file: "tone.wma", args: stereo + ["-c:a", "wmav2"], container: "ASF", codec: "WMA v2"),
        Kind(file: "tone.ac3", args: stereo + ["-c:a", "ac3"], container: "AC-3", codec: "AC-3"),
        Kind(file: "tone.eac3", args: stereo + ["-c:a", "eac3"], container: "E-AC-3", codec: "E-AC-3"),
        Kind(
            file: "opus.webm", args: stereo + ["-ar", "48000", "-c:a", "opus", "-strict", "-2"], container: "Matroska",
            codec: "Opus"),
        Kind(file: "vorbis.webm", args: stereo + ["-c:a", "libvorbis"], container: "Matroska", codec: "Vorbis"),
        Kind(file: "alac.m4a", args: stereo + ["-c:a", "alac"], container: "MPEG-4", codec: "ALAC"),
        // FFmpeg's CAF muxer writes an ALAC packet table libsndfile refuses ("Bad ALAC format flag").
        Kind(file: "alac.caf", args: stereo + ["-c:a", "alac"], container: "CAF", codec: "Apple Lossless (ALAC)"),
        Kind(file: "flac.mkv", args: stereo + ["-c:a", "flac"], container: "Matroska", codec: "FLAC"),
        // libsndfile read these before FFmpeg was added and still does: mpg123 and libopus against FFmpeg's own
        // decoders, same length, samples within a float rounding (MP3) or the Opus decoders' difference.
        Kind(
            file: "tone.mp3", args: stereo + ["-c:a", "libmp3lame"], container: "MPEG-1/2", codec: "MPEG Layer III",
            decoder: "libsndfile", snr: 110),
        Kind(
            file: "tone.opus", args: stereo + ["-ar", "48000", "-c:a", "libopus"], container: "Ogg", codec: "Opus",
            decoder: "libsndfile", snr: 50),
    ]

    static let directory: URL = try! temporaryDirectory("ffmpeg-inputs")

    /// Makes `kind`'s file once (idempotent, so parallel tests may race to it).
    static func make(_ kind: Kind) throws -> String {
        let path = directory.appendingPathComponent(kind.file).path
        if !FileManager.default.fileExists(atPath: path) {
            let tmp = directory.appendingPathComponent("tmp-\(UUID().uuidString)-\(kind.file)").path
            try Tool.must("ffmpeg", ["-v", "error", "-y"] + kind.args + [tmp])
            do { try FileManager.default.moveItem(atPath: tmp, toPath: path) } catch
                where FileManager.default.fileExists(atPath: path)
            {}
        }
        return path
    }
}

@Suite("Inputs FFmpeg decodes: convert, info, check against ffmpeg's own decode", .tags(.oracle))
struct FFmpegInputTests {
    /// Every kind in scripts/test; every other one in the quick loop (20 s of its CPU for all 16).
    @Test(
        "convert to float and to 16-bit gives ffmpeg's frames and samples",
        arguments: TestRun.subset(FFmpegInputs.kinds, row: 0, every: 2))
    func convert(_ kind: FFmpegInputs.Kind) throws {
        let input = try FFmpegInputs.make(kind)
        let dir = try temporaryDirectory("convert-\(kind.file)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let float = dir.appendingPathComponent("float.wav").path
        let r = try Tool.soundkit("convert", input, float, "-d", "LEF64", "-v")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("decoded by \(kind.decoder)"), "\(r.stdout)")
        let int16 = dir.appendingPathComponent("int16.wav").path
        #expect(try Tool.soundkit("convert", input, int16, "-d", "LEI16").status == 0)
        // The input, our float and our 16-bit output in one ffmpeg run (16-bit samples come back exactly, as n/32768).
        let decoded = try Decoded.ffmpeg([input, float, int16])
        let (reference, ours) = (decoded[0], decoded[1])
        #expect(reference.frames > 0)
        #expect(ours.frames == reference.frames)
        #expect(ours.channels == reference.channels && ours.sampleRate == reference.sampleRate)
        if let minimum = kind.snr {
            #expect(snr(reference.samples, ours.samples) > minimum)
        } else {
            #expect(ours.samples == reference.samples)
        }

        let mine = decoded[2].samples.map { Int16($0 * 32768) }
        let theirs = Decoded.int16(try Tool.must("ffmpeg", "-v", "error", "-i", input, "-f", "s16le", "-").data)
        #expect(mine.count == theirs.count)
        if kind.snr == nil && mine.count == theirs.count && ours.samples.count == mine.count {
            // Equal but at exact ties (x·32768 ends in .5), which soundkit rounds up and libswresample to even.
            for i in mine.indices where mine[i] != theirs[i] {
                let x = ours.samples[i] * 32768
                #expect(
                    x - x.rounded(.down) == 0.5 && Double(mine[i]) == x.rounded(.up),
                    "sample \(i): soundkit \(mine[i]), ffmpeg \(theirs[i]), exact \(x)")
            }
        }
    }

    @Test(
        "info --json names the container and codec and counts ffmpeg's frames; check names them and the fix",
        arguments: FFmpegInputs.kinds.filter { $0.decoder == "FFmpeg" })
    func infoAndCheck(_ kind: FFmpegInputs.Kind) throws {
        let input = try FFmpegInputs.make(kind)
        let reference = try Decoded.ffmpeg(input)
        let r = try Tool.soundkit("info", "--json", input)
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: r.data) as? [String: Any]
        let d = try #require((doc?["files"] as? [[String: Any]])?.first)
        #expect(d["container"] as? String == kind.container)
        #expect(d["format"] as? String == kind.codec)
        #expect(d["channels"] as? Int == reference.channels)
        #expect(d["sampleRate"] as? Double == Double(reference.sampleRate))
        #expect(d["frames"] as? Int == reference.frames)
        #expect(d["decodable"] as? Bool == true)
        let warnings = d["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.contains("has video") } == kind.video, "\(warnings)")

        let c = try Tool.soundkit("check", input)
        #expect(c.status == 1)
        let want =
            kind.container == "CAF"
            ? "\(input): error: data format is \(kind.codec); notification sounds must be Linear PCM, IMA4, µLaw or aLaw — soundkit convert \(input) "
            : "\(input): error: file is \(kind.container) (\(kind.codec)); notification sounds must be CAF, AIFF or WAV — soundkit convert \(input) "
        #expect(
            c.stdout.contains(want)
                && c.stdout.contains(kind.container == "CAF" ? "-d ima4 [codec]" : "-d ima4 [container]"), "\(c.stdout)"
        )
        #expect(!c.stdout.contains("[unreadable]"))
    }

    @Test("check --fix turns them into IMA4 CAFs that pass check")
    func fix() throws {
        // Every kind is decoded by the tests above; the quick loop fixes a third of them (the IMA4 search is most of
        // this suite's time in a debug build), scripts/test all.
        let inputs = try TestRun.subset(FFmpegInputs.kinds, row: 0, every: 3).map(FFmpegInputs.make)
        let out = try temporaryDirectory("fix")
        let r = try Tool.run(Tool.soundkit, ["check", "--fix", out.path] + inputs)
        #expect(r.status == 1, "the originals still fail")
        let fixed = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".caf") }.map {
            out.appendingPathComponent($0).path
        }
        #expect(fixed.count == inputs.count, "\(r.stdout)")
        let c = try Tool.run(Tool.soundkit, ["check"] + fixed)
        #expect(c.status == 0, "\(c.stdout)")
        for (f, d) in zip(fixed, try Decoded.ffmpeg(fixed)) {
            #expect(d.codec == "adpcm_ima_qt", "\(f)")
        }
    }

    @Test("HE-AAC (needs ffmpeg built with libfdk_aac)", .enabled(if: FFmpegInputs.has("libfdk_aac")))
    func heAAC() throws {
        let kind = FFmpegInputs.Kind(
            file: "he.m4a", args: FFmpegInputs.stereo + ["-c:a", "libfdk_aac", "-profile:a", "aac_he"],
            container: "MPEG-4", codec: "HE-AAC")
        try convert(kind)
        try infoAndCheck(kind)
    }

    @Test(
        "AMR-NB in .amr and .3gp (needs ffmpeg built with libopencore_amrnb)",
        .enabled(if: FFmpegInputs.has("libopencore_amrnb")))
    func amr() throws {
        let mono = [
            "-f", "lavfi", "-i", "sine=f=440:d=1.5:sample_rate=8000", "-c:a", "libopencore_amrnb", "-b:a", "12.2k",
        ]
        try convert(FFmpegInputs.Kind(file: "memo.amr", args: mono, container: "AMR", codec: "AMR-NB"))
        try convert(FFmpegInputs.Kind(file: "memo-amr.3gp", args: mono, container: "3GP", codec: "AMR-NB"))
    }

    @Test(
        "a rate or channel change midway, a playlist, random and cut-off bytes: a one-line error naming the file, exit 1"
    )
    func hostile() throws {
        let dir = try temporaryDirectory("ffmpeg-hostile")
        func adts(_ name: String, rate: Int, channels: Int) throws -> Data {
            let p = dir.appendingPathComponent(name).path
            try Tool.must(
                "ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=d=0.5:sample_rate=\(rate)", "-ac", "\(channels)",
                "-c:a", "aac", p)
            return try Data(contentsOf: URL(fileURLWithPath: p))
        }
        let mono44 = try adts("a.aac", rate: 44100, channels: 1)
        let m4a = try Data(contentsOf: URL(fileURLWithPath: try FFmpegInputs.make(FFmpegInputs.kinds[0])))
        let cases: [(String, Data, String)] = [
            (
                "rate.aac", mono44 + (try adts("b.aac", rate: 48000, channels: 1)),
                "the stream changes from 1 ch at 44100 Hz to 1 ch at 48000 Hz midway"
            ),
            (
                "channels.aac", mono44 + (try adts("c.aac", rate: 44100, channels: 2)),
                "the stream changes from 1 ch at 44100 Hz to 2 ch at 44100 Hz midway"
            ),
            (
                "list.m4a", Data("ffconcat version 1.0\nfile a.aac\n".utf8),
                "it is a playlist (concat), not a sound file"
            ),
            (
                "random.m4a", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }),
                "neither libsndfile nor FFmpeg reads it"
            ),
            ("cut.m4a", m4a.prefix(20000), "MPEG-4 data that soundkit cannot read"),
        ]
        for (name, bytes, words) in cases {
            let path = dir.appendingPathComponent(name).path
            try bytes.write(to: URL(fileURLWithPath: path))
            let out = dir.appendingPathComponent(name + ".caf").path
            let r = try Tool.soundkit("convert", path, out, "-d", "ima4")
            #expect(
                r.status == 1 && r.stderr.hasPrefix("\(path): error: ") && r.stderr.contains(words),
                "\(name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
            let i = try Tool.soundkit("info", path)
            #expect(i.status == 1 && i.stderr.contains(words), "\(name): \(i.stderr)")
        }
    }

    /// An AAC CAF as Core Audio writes it (esds cookie, packet table with priming and remainder), built from the
    /// packets of an ADTS stream ffmpeg encoded: FFmpeg 5's CAF demuxer decodes every packet, soundkit drops the
    /// priming and stops after the valid frames.
    @Test("AAC in CAF: pakt's priming and remainder are honoured, the rest is ffmpeg's decode")
    func aacInCAF() throws {
        let dir = try temporaryDirectory("aac-caf")
        let adts = dir.appendingPathComponent("mono.aac").path
        try Tool.must(
            "ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=f=1000:d=1:sample_rate=44100", "-c:a", "aac", adts)
        var packets: [[UInt8]] = []
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: adts)))
        var at = 0
        while at + 7 <= bytes.count {
            let length = Int(bytes[at + 3] & 3) << 11 | Int(bytes[at + 4]) << 3 | Int(bytes[at + 5]) >> 5
            let header = bytes[at + 1] & 1 == 1 ? 7 : 9
            packets.append(Array(bytes[(at + header)..<(at + length)]))
            at += length
        }
        #expect(at == bytes.count)
        let priming = 1024
        let valid = 44100
        let remainder = packets.count * 1024 - priming - valid
        #expect(remainder > 0 && remainder < 1024)
        let caf = dir.appendingPathComponent("aac.caf").path
        try Data(Self.aacCAF(packets: packets, rate: 44100, valid: valid, priming: priming, remainder: remainder))
            .write(to: URL(fileURLWithPath: caf))

        let all = try Decoded.ffmpeg(caf)
        #expect(all.frames == packets.count * 1024)
        let out = dir.appendingPathComponent("out.wav").path
        #expect(try Tool.soundkit("convert", caf, out, "-d", "LEF64").status == 0)
        let ours = try Decoded.ffmpeg(out)
        #expect(ours.frames == valid)
        #expect(ours.samples == Array(all.samples[priming..<(priming + valid)]))
        // Dropping the priming aligns the decode with the tone that was encoded.
        let tone = (0..<valid).map { 0.125 * sin(2 * Double.pi * 1000 * Double($0) / 44100) }
        #expect(snr(tone, ours.samples) > 30)

        let info = try Tool.soundkit("info", caf)
        #expect(info.stdout.contains("1 ch, 44100 Hz, AAC LC (aac )"), "\(info.stdout)")
        #expect(
            info.stdout.contains("audio \(valid) valid frames + \(priming) priming + \(remainder) remainder"),
            "\(info.stdout)")
        // AAC LC in CAF plays (apps ship push sounds so): a warning whose remedy is the IMA4 conversion.
        let check = try Tool.soundkit("check", caf)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(
            check.stdout.contains(
                "warning: data format is AAC LC in CAF: iOS plays it (apps ship push sounds this way), but Apple documents only Linear PCM, IMA4, µLaw and aLaw — soundkit convert \(caf) "
            ), "\(check.stdout)")
        // --fix mends errors only: nothing is written for a warning.
        let fixed = try temporaryDirectory("aac-caf-fixed")
        #expect(try Tool.soundkit("check", "--fix", fixed.path, caf).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixed.path).isEmpty)
        let mended = fixed.appendingPathComponent("aac.caf").path
        #expect(try Tool.soundkit("convert", caf, mended, "-d", "ima4").status == 0)
        #expect(try Tool.soundkit("check", mended).status == 0)
        #expect(try Tool.soundkit("info", mended).stdout.contains("audio \(valid) valid frames"))
    }

    /// desc, kuki (an MPEG-4 ES descriptor, as Core Audio writes it), pakt, data.
    static func aacCAF(packets: [[UInt8]], rate: Double, valid: Int, priming: Int, remainder: Int) -> [UInt8] {
        var out: [UInt8] = Array("caff".utf8) + [0, 1, 0, 0]
        func u32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
        func u64(_ v: UInt64) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
        func chunk(_ id: String, _ body: [UInt8]) { out += Array(id.utf8) + u64(UInt64(body.count)) + body }
        func descriptor(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] { [tag, 0x80, 0x80, 0x80, UInt8(body.count)] + body }
        func ber(_ v: Int) -> [UInt8] {
            var out = [UInt8(v & 0x7F)]
            var v = v >> 7
            while v > 0 {
                out.insert(UInt8(v & 0x7F) | 0x80, at: 0)
                v >>= 7
            }
            return out
        }
        chunk("desc", u64(rate.bitPattern) + Array("aac ".utf8) + u32(0) + u32(0) + u32(1024) + u32(1) + u32(0))
        let asc: [UInt8] = [0x12, 0x08]  // AAC LC, 44.1 kHz, 1 channel
        let config = descriptor(0x04, [0x40, 0x15, 0, 0x18, 0] + u32(0) + u32(0) + descriptor(0x05, asc))
        chunk("kuki", descriptor(0x03, [0, 0, 0] + config + descriptor(0x06, [0x02])))
        chunk(
            "pakt",
            u64(UInt64(packets.count)) + u64(UInt64(valid)) + u32(UInt32(priming)) + u32(UInt32(remainder))
                + packets.flatMap { ber($0.count) })
        chunk("data", u32(0) + packets.flatMap { $0 })
        return out
    }
}
