import Foundation
import Testing

/// What ffmpeg's `ebur128` filter (the oracle) prints in its summary, and sox's sample peak.
struct Oracle {
    var integrated: Double
    var range: Double
    var truePeak: Double
    var samplePeak: Double
    /// `sox FILE -n stats`: the largest sample in dBFS, from the samples as they are (ffmpeg's ebur128 measures its
    /// sample peak after resampling to its own rate).
    var soxSamplePeak: Double?

    static func measure(_ path: String) throws -> Oracle {
        let r = try Tool.must(
            "ffmpeg", "-nostdin", "-nostats", "-i", path, "-filter_complex", "ebur128=peak=true+sample", "-f", "null",
            "-")
        // ffmpeg 5 configures the graph twice and prints an empty summary first: the last one counts.
        let summary = try #require(r.stderr.components(separatedBy: "Summary:").last)
        func value(after label: String, in text: Substring) throws -> Double {
            let line = try #require(
                text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) })
            let field = try #require(line.split(separator: " ").dropFirst().first)
            return field == "-inf" ? -.infinity : try #require(Double(field))
        }
        let s = Substring(summary)
        let truePart = try #require(s.range(of: "True peak:"))
        let samplePart = try #require(s.range(of: "Sample peak:"))
        var oracle = Oracle(
            integrated: try value(after: "I:", in: s), range: try value(after: "LRA:", in: s),
            truePeak: try value(after: "Peak:", in: s[truePart.upperBound...]),
            samplePeak: try value(after: "Peak:", in: s[samplePart.upperBound...]))
        if let stats = try? Tool.run("sox", [path, "-n", "stats"]),
            let line = stats.stderr.split(separator: "\n").first(where: { $0.hasPrefix("Pk lev dB") })
        {
            oracle.soxSamplePeak = line.split(separator: " ").dropFirst(3).first.flatMap { Double($0) }
        }
        return oracle
    }
}

/// `soundkit info --json`'s loudness object.
struct InfoLoudness: Decodable {
    struct File: Decodable {
        struct L: Decodable {
            var integrated: Double?
            var integratedReason: String?
            var range: Double?
            var truePeak: Double?
            var samplePeak: Double?
        }
        var path: String
        var loudness: L?
        var loudnessUnavailable: String?
    }
    var files: [File]

    static func of(_ path: String) throws -> File.L {
        let r = try Tool.soundkit("info", "--json", path)
        #expect(r.status == 0, "\(r.stderr)")
        let file = try #require(try JSONDecoder().decode(InfoLoudness.self, from: r.data).files.first)
        return try #require(file.loudness, "\(file.loudnessUnavailable ?? "no loudness")")
    }
}

/// Held-out sounds that ffmpeg, sox and espeak-ng wrote: mono, stereo and 5.1, 22.05 to 48 kHz, 16 and 24 bits,
/// WAV, AIFF, CAF and FLAC.
enum LoudnessFixtures {
    static let dir: URL = try! temporaryDirectory("loudness-fixtures")
    static func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    static let made: Bool = {
        let d = dir.path
        func ff(_ args: String...) { try! Tool.must("ffmpeg", ["-v", "error", "-y"] + args) }
        ff(
            "-f", "lavfi", "-i", "sine=f=997:sample_rate=44100:d=4", "-af", "volume=-6dB", "-c:a", "pcm_s16le",
            "\(d)/sine-44k-mono.wav")
        ff(
            "-f", "lavfi", "-i", "anoisesrc=c=pink:r=48000:a=0.3:d=6:s=7", "-ac", "2", "-c:a", "pcm_s24be",
            "\(d)/pink-48k-stereo.aiff")
        // 5.1 with a different sound in every channel: noise left, tones elsewhere, 60 Hz in the LFE, low-passed
        // noise in the surrounds (full-band white noise is where 4× interpolators disagree about true peak).
        let inputs = [
            "anoisesrc=c=pink:r=48000:a=0.2:d=5:s=1", "sine=f=440:sample_rate=48000:d=5",
            "sine=f=1000:sample_rate=48000:d=5",
            "sine=f=60:sample_rate=48000:d=5", "anoisesrc=c=brown:r=48000:a=0.4:d=5:s=2",
            "sine=f=3000:sample_rate=48000:d=5",
        ]
        let joined =
            inputs.flatMap { ["-f", "lavfi", "-i", $0] } + [
                "-filter_complex", "[0][1][2][3][4][5]join=inputs=6:channel_layout=5.1",
            ]
        try! Tool.must("ffmpeg", ["-v", "error", "-y"] + joined + ["-c:a", "pcm_s24le", "\(d)/surround-48k-5.1.wav"])
        try! Tool.must("ffmpeg", ["-v", "error", "-y"] + joined + ["-c:a", "flac", "\(d)/surround-48k-5.1.flac"])
        // Varying loudness, for the loudness range: quiet, loud, quiet tone bursts over 12 s.
        ff(
            "-f", "lavfi", "-i", "sine=f=500:sample_rate=44100:d=12", "-af",
            "volume='if(lt(t,4),0.05,if(lt(t,8),0.5,0.1))':eval=frame",
            "-c:a", "pcm_s16le", "\(d)/steps-44k-mono.wav")
        ff("-f", "lavfi", "-i", "sine=f=2000:sample_rate=48000:d=0.3", "-c:a", "pcm_s16le", "\(d)/short-0.3s.wav")
        try! Tool.must(
            "sox", "-R", "-n", "-r", "44100", "-c", "1", "-b", "16", "\(d)/sox-chime.wav", "synth", "2.5", "pluck",
            "C5", "fade", "0", "2.5", "2", "gain", "-3")
        try! Tool.must(
            "sox", "-R", "-n", "-r", "48000", "-c", "2", "-b", "16", "\(d)/sox-bell-stereo.caf", "synth", "2", "sine",
            "880", "sine", "1320", "fade", "0", "2", "1.6", "gain", "-8")
        // A square wave at full scale: its true peak is above 0 dBTP.
        try! Tool.must(
            "sox", "-R", "-n", "-r", "44100", "-c", "1", "-b", "16", "\(d)/sox-square-hot.wav", "synth", "1.5",
            "square", "997", "gain", "-0.1")
        return true
    }()

    /// espeak-ng speech at its own 22.05 kHz; nil when espeak-ng is not installed (scripts/setup installs it).
    static let speech: String? = {
        guard (try? Tool.which("espeak-ng")) != nil else { return nil }
        let p = path("espeak-speech.wav")
        try! Tool.must("espeak-ng", "-w", p, "Your order is ready for pickup at the front counter")
        return p
    }()

    static let agreed = [
        "sine-44k-mono.wav", "pink-48k-stereo.aiff", "surround-48k-5.1.wav", "surround-48k-5.1.flac",
        "steps-44k-mono.wav",
        "sox-chime.wav", "sox-bell-stereo.caf", "sox-square-hot.wav",
    ]
}

@Suite("Loudness (EBU R 128) against ffmpeg's ebur128 filter", .serialized, .tags(.oracle))
struct LoudnessTests {
    func agree(_ path: String) throws {
        let ours = try InfoLoudness.of(path)
        let theirs = try Oracle.measure(path)
        let integrated = try #require(ours.integrated)
        let range = try #require(ours.range)
        let truePeak = try #require(ours.truePeak)
        let samplePeak = try #require(ours.samplePeak)
        // ffmpeg prints one decimal; soundkit must agree to 0.1 LU on integrated loudness and range, 0.3 dB on
        // true peak (the two oversample differently), 0.1 dB on sample peak with sox (exact) where sox reads the file.
        #expect(abs(integrated - theirs.integrated) <= 0.1, "integrated \(integrated) vs \(theirs.integrated)")
        #expect(abs(range - theirs.range) <= 0.1, "range \(range) vs \(theirs.range)")
        #expect(abs(truePeak - theirs.truePeak) <= 0.3, "true peak \(truePeak) vs \(theirs.truePeak)")
        if let sox = theirs.soxSamplePeak {
            #expect(abs(samplePeak - sox) <= 0.01, "sample peak \(samplePeak) vs sox \(sox)")
        }
        print(
            "agreement | \(FileManager.default.displayName(atPath: path)) | \(d(integrated)) / \(d(theirs.integrated)) | \(d(range)) / \(d(theirs.range)) | \(d(truePeak)) / \(d(theirs.truePeak)) | \(d(samplePeak)) / \(d(theirs.samplePeak)) / \(theirs.soxSamplePeak.map(d) ?? "–")"
        )
    }

    func d(_ v: Double) -> String { String(format: "%.2f", v) }

    @Test(
        "integrated loudness, range and peaks agree with ffmpeg (and sox's sample peak)",
        arguments: LoudnessFixtures.agreed)
    func agreement(_ name: String) throws {
        #expect(LoudnessFixtures.made)
        try agree(LoudnessFixtures.path(name))
    }

    @Test(
        "espeak-ng speech agrees too",
        .enabled(if: LoudnessFixtures.speech != nil, "espeak-ng is not installed (scripts/setup installs it)"))
    func speech() throws {
        try agree(try #require(LoudnessFixtures.speech))
    }

    @Test("a sound under 0.4 s has no integrated loudness, with the reason; its peaks are still measured")
    func tooShort() throws {
        #expect(LoudnessFixtures.made)
        let path = LoudnessFixtures.path("short-0.3s.wav")
        let r = try Tool.soundkit("info", "--json", path)
        #expect(
            r.stdout.contains(#""integrated" : null"#) && r.stdout.contains(#""integratedReason" : "too-short""#),
            "\(r.stdout)")
        let l = try InfoLoudness.of(path)
        let oracle = try Oracle.measure(path)
        #expect(l.range == nil && oracle.integrated == -70)
        let peak = try #require(l.truePeak)
        #expect(abs(peak - oracle.truePeak) <= 0.3)
        let text = try Tool.soundkit("info", path)
        #expect(
            text.stdout.contains(
                "loudness: no integrated loudness (shorter than 0.4 s, too short to gate), -18.1 dBTP true peak"),
            "\(text.stdout)")
    }

    @Test("digital silence has no loudness and no peaks: null, never -inf, in JSON")
    func silence() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("silent.wav").path
        try Tool.must(
            "ffmpeg", "-v", "error", "-f", "lavfi", "-i", "anullsrc=r=44100:cl=stereo", "-t", "2", "-c:a", "pcm_s16le",
            path)
        let r = try Tool.soundkit("info", "--json", path)
        #expect(r.status == 0 && !r.stdout.contains("inf") && !r.stdout.contains("nan"), "\(r.stdout)")
        let l = try InfoLoudness.of(path)
        #expect(
            l.integrated == nil && l.integratedReason == "below-gate" && l.truePeak == nil && l.samplePeak == nil
                && l.range == nil)
    }
}

@Suite("convert --normalize and --gain", .serialized, .tags(.oracle))
struct NormalizeTests {
    /// Normalised outputs measured by ffmpeg: within 0.5 LU of the target, true peak under the ceiling (plus what
    /// IMA4's and µLaw's noise add).
    @Test(
        "outputs measure on target after encoding",
        arguments: [("ima4", "caf"), ("LEI16", "wav"), ("ulaw", "wav"), ("BEI16", "aiff")])
    func onTarget(_ format: String, _ ext: String) throws {
        #expect(LoudnessFixtures.made)
        let dir = try temporaryDirectory()
        let sources = [
            ("pink-48k-stereo.aiff", -16.0), ("sox-chime.wav", -18.0), ("steps-44k-mono.wav", -20.0),
            ("surround-48k-5.1.wav", -16.0),
        ]
        // The quick loop takes half the sources for each format, the other half for the next.
        let row = ["ima4", "LEI16", "ulaw", "BEI16"].firstIndex(of: format) ?? 0
        for (source, target) in TestRun.subset(sources, row: row, every: 2) {
            let out = dir.appendingPathComponent("\(source)-\(format).\(ext)").path
            var args = ["convert", LoudnessFixtures.path(source), out, "-d", format, "--normalize", String(target)]
            if source.hasPrefix("surround") { args += ["-c", "2"] }
            let r = try Tool.run(Tool.soundkit, args)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
            let measured = try Oracle.measure(out)
            #expect(
                abs(measured.integrated - target) <= 0.5,
                "\(source) → \(format): \(measured.integrated) LUFS for \(target)")
            #expect(measured.truePeak <= -1 + 0.3, "\(source) → \(format): true peak \(measured.truePeak)")
            print(
                "normalize | \(source) → \(format) | target \(target) | ffmpeg \(measured.integrated) LUFS, true peak \(measured.truePeak) dBTP"
            )
        }
    }

    @Test("when the ceiling stops it short, convert says so and says the loudness reached")
    func ceiling() throws {
        #expect(LoudnessFixtures.made)
        let dir = try temporaryDirectory()
        // sox-chime.wav (-16.7 LUFS) peaks at -2.7 dBTP: it cannot get to -6 LUFS under a -1 dBTP ceiling.
        let out = dir.appendingPathComponent("hot.wav").path
        let r = try Tool.soundkit("convert", LoudnessFixtures.path("sox-chime.wav"), out, "--normalize", "-6")
        #expect(r.status == 0)
        let note = try #require(r.stderr.split(separator: "\n").first { $0.contains("note:") }, "\(r.stderr)")
        #expect(note.contains("instead of -6.0 LUFS: the -1.0 dBTP true-peak ceiling stopped it"), "\(note)")
        let word = try #require(note.components(separatedBy: "reached ").last?.split(separator: " ").first)
        let reached = try #require(Double(word))
        let measured = try Oracle.measure(out)
        #expect(
            abs(measured.integrated - reached) <= 0.1 && measured.integrated < -6.5,
            "note says \(reached), ffmpeg \(measured.integrated)")
        #expect(abs(measured.truePeak - -1) <= 0.3, "true peak \(measured.truePeak)")
        // A lower ceiling given with --true-peak holds too.
        let low = dir.appendingPathComponent("low.wav").path
        let l = try Tool.soundkit(
            "convert", LoudnessFixtures.path("sox-chime.wav"), low, "--normalize", "-6", "--true-peak", "-3")
        #expect(l.status == 0 && l.stderr.contains("the -3.0 dBTP true-peak ceiling"))
        let lowPeak = try Oracle.measure(low).truePeak
        #expect(abs(lowPeak - -3) <= 0.3)
        // IMA4's noise lifts the peak of what was written by a few tenths of a dB: the second pass takes it back
        // under the ceiling (within what separates ffmpeg's true-peak estimate from libebur128's).
        let ima4 = dir.appendingPathComponent("hot.caf").path
        #expect(
            try Tool.soundkit(
                "convert", LoudnessFixtures.path("sox-chime.wav"), ima4, "-d", "ima4", "--normalize", "-6"
            ).status == 0)
        let imaPeak = try Oracle.measure(ima4).truePeak
        #expect(imaPeak <= -0.9, "IMA4 true peak \(imaPeak) dBTP")
    }

    @Test("--gain changes the level by exactly that many dB; PCM at 0 dB stays bit-exact")
    func gain() throws {
        #expect(LoudnessFixtures.made)
        let dir = try temporaryDirectory()
        let source = LoudnessFixtures.path("sine-44k-mono.wav")
        let quieter = dir.appendingPathComponent("q.wav").path
        let same = dir.appendingPathComponent("same.wav").path
        #expect(try Tool.soundkit("convert", source, quieter, "-d", "LEF32", "--gain", "-7.5").status == 0)
        #expect(try Tool.soundkit("convert", source, same, "--gain", "0").status == 0)
        let a = try Decoded.ffmpeg(source)
        let b = try Decoded.ffmpeg(quieter)
        let c = try Decoded.ffmpeg(same)
        #expect(c.samples == a.samples)
        let factor = pow(10, -7.5 / 20)
        let worst = zip(a.samples, b.samples).map { abs($0 * factor - $1) }.max() ?? 1
        #expect(worst < 1e-6, "largest error \(worst)")
        let before = try Oracle.measure(source).integrated
        let after = try Oracle.measure(quieter).integrated
        #expect(abs(after - (before - 7.5)) <= 0.1)
    }

    /// A batch run hands the same ConversionOptions to every file; normalising is one of them, so each file is
    /// measured and brought to the target on its own.
    @Test("the same options bring sounds of different loudness to the same target")
    func batch() throws {
        #expect(LoudnessFixtures.made)
        let dir = try temporaryDirectory()
        let target = -23.0
        for source in ["sine-44k-mono.wav", "sox-bell-stereo.caf", "pink-48k-stereo.aiff"] {
            let out = dir.appendingPathComponent("\(source).caf").path
            #expect(
                try Tool.soundkit(
                    "convert", LoudnessFixtures.path(source), out, "-d", "ima4", "--normalize", String(target)
                ).status == 0)
            let measured = try Oracle.measure(out).integrated
            #expect(abs(measured - target) <= 0.5, "\(source)")
        }
    }

    @Test("what normalising cannot do is an error naming the file, and nothing is written")
    func refusals() throws {
        #expect(LoudnessFixtures.made)
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("o.wav").path
        let short = try Tool.soundkit("convert", LoudnessFixtures.path("short-0.3s.wav"), out, "--normalize", "-16")
        #expect(
            short.status == 1
                && short.stderr.contains(
                    "short-0.3s.wav: error: cannot normalise it: it has no integrated loudness (shorter than 0.4 s"),
            "\(short.stderr)")
        let both = try Tool.soundkit(
            "convert", LoudnessFixtures.path("sox-chime.wav"), out, "--normalize", "-16", "--gain", "3")
        #expect(both.status != 0 && both.stderr.contains("exclude each other"))
        let loud = try Tool.soundkit("convert", LoudnessFixtures.path("sox-chime.wav"), out, "--normalize", "5")
        #expect(loud.status == 1 && loud.stderr.contains("is not valid"), "\(loud.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(left.isEmpty, "\(left)")
    }
}

@Suite("check: clipping, loudness-spread, --loudness on real files", .serialized, .tags(.oracle))
struct LoudnessCheckTests {
    static let loudnessRules: Set<String> = ["clipping", "loudness-spread", "loudness"]

    /// The loudness rules' findings by file name (the other rules have their own tests).
    func rules(_ r: Tool.Result) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for line in r.stdout.split(separator: "\n") {
            guard let open = line.lastIndex(of: "["), let colon = line.range(of: ": ") else { continue }
            let name = FileManager.default.displayName(atPath: String(line[..<colon.lowerBound]))
            let rule = String(line[line.index(after: open)...].dropLast())
            if Self.loudnessRules.contains(rule) { out[name, default: []].append(rule) }
        }
        return out
    }

    @Test("a set: the sounds far from its median and the one that clips are named, the rest pass")
    func set() throws {
        #expect(LoudnessFixtures.made)
        let names = [
            "sox-chime.wav", "sine-44k-mono.wav", "pink-48k-stereo.aiff", "sox-bell-stereo.caf", "sox-square-hot.wav",
        ]
        let r = try Tool.run(Tool.soundkit, ["check"] + names.map(LoudnessFixtures.path))
        // Integrated: chime -16.7 (the median), sine -27.1, pink -25.1, bell -10.4, square +0.4.
        let found = rules(r)
        #expect(found["sox-chime.wav"] == nil, "\(r.stdout)")
        #expect(
            found["sine-44k-mono.wav"] == ["loudness-spread"] && found["pink-48k-stereo.aiff"] == ["loudness-spread"])
        #expect(found["sox-bell-stereo.caf"] == ["loudness-spread"])
        #expect(found["sox-square-hot.wav"] == ["clipping", "loudness-spread"], "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "sox-bell-stereo.caf: warning: integrated loudness is -10.4 LUFS, 6.3 LU above the median of the 5 sounds checked with it (-16.7 LUFS)"
            ))
        // A wider threshold lets the bell through; --no-loudness measures nothing.
        let wide = rules(
            try Tool.run(Tool.soundkit, ["check", "--loudness-spread", "7"] + names.map(LoudnessFixtures.path)))
        #expect(wide["sox-bell-stereo.caf"] == nil && wide["sine-44k-mono.wav"] == ["loudness-spread"])
        let none = try Tool.run(Tool.soundkit, ["check", "--no-loudness"] + names.map(LoudnessFixtures.path))
        #expect(none.status == 0 && rules(none).isEmpty, "\(none.stdout)")
    }

    @Test("one sound: no spread; clipping still; --loudness both ways, in JSON with rule ids")
    func single() throws {
        #expect(LoudnessFixtures.made)
        let hot = try Tool.soundkit("check", LoudnessFixtures.path("sox-square-hot.wav"))
        #expect(
            rules(hot)["sox-square-hot.wav"] == ["clipping"] && hot.stdout.contains("true peak is +1.8 dBTP"),
            "\(hot.stdout)")
        let on = try Tool.soundkit("check", LoudnessFixtures.path("sox-chime.wav"), "--loudness", "-17±1")
        #expect(on.status == 0 && rules(on).isEmpty, "\(on.stdout)")
        let off = try Tool.soundkit(
            "check", LoudnessFixtures.path("sine-44k-mono.wav"), "--loudness", "-16", "--format", "json")
        let json = try JSONDecoder().decode(CheckJSON.self, from: off.data)
        let found = json.files.first?.findings.filter { Self.loudnessRules.contains($0.rule) }
        #expect(found?.map(\.rule) == ["loudness"])
        #expect(found?.first?.message.contains("-27.1 LUFS, 11.1 LU below the target -16.0 LUFS ±1.0 LU") == true)
        let bad = try Tool.soundkit("check", LoudnessFixtures.path("sox-chime.wav"), "--loudness", "loud")
        #expect(bad.status != 0 && bad.stderr.contains("--loudness takes a target"))
    }
}
