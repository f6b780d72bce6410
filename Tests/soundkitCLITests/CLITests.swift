import Foundation
import Testing

@Suite("Command line: errors, safety, naming, info")
struct CLITests {
    func makeWav(_ dir: URL, _ name: String = "in.wav", seconds: String = "0.2", args: [String] = []) throws -> String {
        let p = dir.appendingPathComponent(name).path
        try Tool.must("sox", ["-n", "-r", "22050", "-c", "1", "-b", "16", p, "synth", seconds, "sine", "440"] + args)
        return p
    }

    @Test("an unsupported combination lists what the file type accepts, exits 1 and writes nothing")
    func unsupportedCombination() throws {
        let dir = try temporaryDirectory()
        let input = try makeWav(dir)
        let r = try Tool.soundkit(
            "convert", input, dir.appendingPathComponent("x.aiff").path, "-f", "AIFF", "-d", "LEF32")
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot hold data format LEF32"))
        #expect(r.stderr.contains("I8 BEI16 BEI24 BEI32"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.wav"])
    }

    @Test("converting onto the input is refused and the input is untouched, also through a link")
    func refuseSelf() throws {
        let dir = try temporaryDirectory()
        let input = try makeWav(dir)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        var r = try Tool.soundkit("convert", input, input, "-d", "LEI16")
        #expect(r.status == 1 && r.stderr.contains("is the input file"))
        let link = dir.appendingPathComponent("link.wav").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
        r = try Tool.soundkit("convert", input, link)
        #expect(r.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }

    @Test("bad input: named, exit 1, nothing written, an existing output left as it was")
    func badInput() throws {
        let dir = try temporaryDirectory()
        let junk = dir.appendingPathComponent("junk.wav").path
        try Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: junk))
        let out = dir.appendingPathComponent("out.caf").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: out))
        let r = try Tool.soundkit("convert", junk, out, "-d", "ima4")
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("\(junk): error: "))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["junk.wav", "out.caf"])

        let missing = try Tool.soundkit("convert", dir.appendingPathComponent("nope.wav").path, out)
        #expect(missing.status == 1 && missing.stderr.contains("nope.wav: error: cannot open"))
    }

    @Test("truncated and hostile headers never crash the reader or the converter")
    func hostileBytes() throws {
        let dir = try temporaryDirectory()
        let good = try makeWav(dir)
        let caf = dir.appendingPathComponent("good.caf").path
        try #require(try Tool.soundkit("convert", good, caf, "-d", "ima4").status == 0)
        for source in [good, caf] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
            for cut in [0, 4, 11, 12, 30, 44, 60, 100, 4095, 4100, bytes.count - 1] where cut < bytes.count {
                let p = dir.appendingPathComponent("cut.\(URL(fileURLWithPath: source).pathExtension)").path
                try bytes.prefix(cut).write(to: URL(fileURLWithPath: p))
                let info = try Tool.soundkit("info", p)
                #expect(info.status == 0 || info.status == 1, "info crashed on \(cut) bytes of \(source)")
                let conv = try Tool.soundkit("convert", p, dir.appendingPathComponent("o.wav").path)
                #expect(conv.status == 0 || conv.status == 1, "convert crashed on \(cut) bytes of \(source)")
            }
        }
    }

    @Test("--trim cuts at the limit with a fade to silence, and leaves shorter sounds whole and untouched")
    func trim() throws {
        let dir = try temporaryDirectory()
        let input = try makeWav(dir, seconds: "1.0")
        let cut = dir.appendingPathComponent("cut.wav").path
        let whole = dir.appendingPathComponent("whole.wav").path
        let plain = dir.appendingPathComponent("plain.wav").path
        try #require(try Tool.soundkit("convert", input, cut, "--trim", "0.5").status == 0)
        try #require(try Tool.soundkit("convert", input, whole, "--trim", "5").status == 0)
        try #require(try Tool.soundkit("convert", input, plain).status == 0)
        let c = try Decoded.ffmpeg(cut)
        let w = try Decoded.ffmpeg(whole)
        let p = try Decoded.ffmpeg(plain)
        #expect(c.frames == 11025)
        #expect(abs(c.samples.last!) < 1e-3)  // faded out
        #expect(Array(c.samples.prefix(5000)) == Array(p.samples.prefix(5000)))  // untouched before the fade
        #expect(w.samples == p.samples)
    }

    @Test("without an output, the name follows afconvert's rule")
    func outputNaming() throws {
        let dir = try temporaryDirectory()
        let input = try makeWav(dir, "tone.wav")
        try #require(try Tool.soundkit("convert", input, "-f", "caff").status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("tone.caf").path))
        try #require(try Tool.soundkit("convert", input, "-f", "caff", "-d", "BEI16@8000").status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("tone-8k.caf").path))
        try #require(try Tool.soundkit("convert", input, "-f", "caff", "-d", "BEI24").status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("tone-24bit.caf").path))
        try #require(try Tool.soundkit("convert", input, "-f", "WAVE").status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("tone-1.wav").path))
        let noType = try Tool.soundkit("convert", input)
        #expect(noType.status == 1 && noType.stderr.contains("-f"))
    }

    @Test(
        "CAF as Core Audio writes it: audio at 4096, edit count 1, no chan for mono; --no-filler drops the free chunk")
    func cafLayout() throws {
        let dir = try temporaryDirectory()
        let input = try makeWav(dir)
        let out = dir.appendingPathComponent("a.caf").path
        try #require(try Tool.soundkit("convert", input, out, "-d", "BEI16").status == 0)
        let b = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(Array(b[0..<8]) == Array("caff".utf8) + [0, 1, 0, 0])
        #expect(String(decoding: b[8..<12], as: UTF8.self) == "desc")
        #expect(String(decoding: b[52..<56], as: UTF8.self) == "free")
        #expect(String(decoding: b[4080..<4084], as: UTF8.self) == "data")
        #expect(Array(b[4092..<4096]) == [0, 0, 0, 1])
        let info = try Tool.soundkit("info", "--json", out)
        #expect(info.stdout.contains("\"dataOffset\" : 4096"))

        let bare = dir.appendingPathComponent("b.caf").path
        try #require(try Tool.soundkit("convert", input, bare, "-d", "BEI16", "--no-filler").status == 0)
        let c = [UInt8](try Data(contentsOf: URL(fileURLWithPath: bare)))
        #expect(String(decoding: c[52..<56], as: UTF8.self) == "data")
        #expect(c.count == b.count - 4096 + 68)
    }

    @Test("info --json reports the true facts of files other tools wrote")
    func infoFacts() throws {
        let dir = try temporaryDirectory()
        let sox = dir.appendingPathComponent("sox.aiff").path
        try Tool.must("sox", "-n", "-r", "16000", "-c", "2", "-b", "24", sox, "synth", "1.25", "sine", "100")
        let ff = dir.appendingPathComponent("ff.caf").path
        try Tool.must(
            "ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=f=300:sample_rate=8000:d=0.5", "-c:a", "pcm_s16le", ff)
        let flac = dir.appendingPathComponent("x.flac").path
        try Tool.must("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=f=300:sample_rate=48000:d=0.75", flac)
        let r = try Tool.soundkit("info", "--json", sox, ff, flac)
        try #require(r.status == 0, "\(r.stderr)")
        struct Doc: Decodable {
            struct File: Decodable {
                var path, container, format: String
                var sampleRate: Double
                var channels: Int
                var frames: Int
                var duration: Double
                var bitsPerChannel, bytesPerPacket, framesPerPacket: Int
                var dataOffset: Int?
                var dataBytes: Int?
            }
            var version: Int
            var files: [File]
        }
        let doc = try JSONDecoder().decode(Doc.self, from: r.data)
        #expect(doc.version == 1 && doc.files.count == 3)
        let a = doc.files[0]
        let b = doc.files[1]
        let c = doc.files[2]
        #expect(
            a.container == "AIFF" && a.format == "BEI24" && a.sampleRate == 16000 && a.channels == 2
                && a.frames == 20000)
        #expect(a.bytesPerPacket == 6 && a.dataBytes == 120000)
        #expect(
            b.container == "CAF" && b.format == "LEI16" && b.frames == 4000 && b.duration == 0.5
                && b.framesPerPacket == 1)
        // The data offset ffprobe and our parser agree on: CAF data chunk body + 4.
        #expect(b.dataOffset != nil && b.dataBytes == 8000)
        #expect(c.container == "FLAC" && c.frames == 36000 && c.sampleRate == 48000 && c.dataOffset == nil)
    }
}
