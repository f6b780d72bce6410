import Foundation
import Testing

/// Whether ffmpeg, ffprobe and sox are on the PATH: the Android tests make and decode their files with them, and
/// are skipped (and listed as skipped) without them.
let androidTools = ["ffmpeg", "ffprobe", "sox"].allSatisfy { (try? Tool.which($0)) != nil }

@Suite("Ogg Vorbis out and convert --platform", .enabled(if: androidTools, "needs ffmpeg, ffprobe and sox"))
struct AndroidConvertTests {
    @Test("convert IN OUT.ogg writes Vorbis that FFmpeg decodes to the source's length, short sounds too")
    func oggLength() throws {
        let dir = try temporaryDirectory()
        for (name, rate, channels, seconds, quality) in [
            ("short", "48000", "1", "0.2", "64"), ("stereo", "44100", "2", "1.3", "0"),
            ("best", "22050", "1", "0.5", "127"),
        ] {
            let wav = dir.appendingPathComponent("\(name).wav").path
            let ogg = dir.appendingPathComponent("\(name).ogg").path
            try Tool.must(
                "sox", "-R", "-n", "-r", rate, "-c", channels, "-b", "16", wav, "synth", seconds, "pluck", "440")
            let r = try Tool.soundkit("convert", wav, ogg, "-q", quality)
            #expect(r.status == 0, "\(r.stderr)")
            let source = try Decoded.ffmpeg(wav)
            let decoded = try Decoded.ffmpeg(ogg)
            #expect(decoded.codec == "vorbis")
            #expect(decoded.frames == source.frames, "\(name): \(decoded.frames) frames decoded of \(source.frames)")
            #expect(decoded.channels == source.channels && decoded.sampleRate == source.sampleRate)
        }
    }

    @Test("-q sets Vorbis's quality: 0 writes a smaller file than 127; -d vorbis goes only into Ogg")
    func oggQuality() throws {
        let dir = try temporaryDirectory()
        let wav = dir.appendingPathComponent("in.wav").path
        try Tool.must("sox", "-R", "-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "1", "pinknoise")
        let small = dir.appendingPathComponent("small.ogg").path
        let big = dir.appendingPathComponent("big.ogg").path
        #expect(try Tool.soundkit("convert", wav, small, "-q", "0").status == 0)
        #expect(try Tool.soundkit("convert", wav, big, "-q", "127").status == 0)
        let size = { (p: String) in (try? FileManager.default.attributesOfItem(atPath: p)[.size] as? Int) ?? 0 }
        #expect(size(small) > 0 && size(small) < size(big))
        #expect(try Tool.soundkit("convert", wav, dir.appendingPathComponent("d.ogg").path, "-d", "vorbis").status == 0)
        let refused = try Tool.soundkit("convert", wav, dir.appendingPathComponent("x.caf").path, "-d", "vorbis")
        #expect(refused.status != 0 && refused.stderr.contains("cannot hold data format vorbis"))
    }

    /// Sounds whose names iOS keeps and Android must change.
    func makeSounds(_ dir: URL, names: [String]) throws -> URL {
        let src = dir.appendingPathComponent("Sounds")
        try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        for name in names {
            try Tool.must(
                "sox", "-R", "-n", "-r", "44100", "-c", "1", "-b", "16", src.appendingPathComponent(name).path,
                "synth", "0.6", "sine", "660")
        }
        return src
    }

    @Test(
        "--platform all: DIR/ios/NAME.caf in IMA4 and DIR/android/res/raw/SAFE.ogg in Vorbis, names printed and in JSON"
    )
    func platformAll() throws {
        let dir = try temporaryDirectory()
        let src = try makeSounds(dir, names: ["New Message.wav", "1up.aiff", "default.wav"])
        let out = dir.appendingPathComponent("out").path
        let r = try Tool.soundkit("convert", src.path, "--output-dir", out, "--platform", "all", "--normalize", "-20")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("New Message.wav: ios New Message.caf, android new_message"))
        #expect(r.stdout.contains("1up.aiff: ios 1up.caf, android sound_1up"))
        #expect(r.stdout.contains("default.wav: ios default.caf, android default_sound"))
        for (file, codec) in [
            ("ios/New Message.caf", "adpcm_ima_qt"), ("ios/1up.caf", "adpcm_ima_qt"),
            ("android/res/raw/new_message.ogg", "vorbis"), ("android/res/raw/sound_1up.ogg", "vorbis"),
            ("android/res/raw/default_sound.ogg", "vorbis"),
        ] {
            #expect(try Decoded.ffmpeg("\(out)/\(file)").codec == codec, "\(file)")
        }
        let json = try Tool.soundkit(
            "convert", src.path, "--output-dir", dir.appendingPathComponent("json").path, "--platform", "android",
            "--format", "json")
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""name" : "new_message""#) && json.stdout.contains(#""platform" : "android""#))
        #expect(!json.stdout.contains(#""platform" : "ios""#))
    }

    @Test("--platform android: two inputs with one Android name are refused before anything is written, naming both")
    func platformCollision() throws {
        let dir = try temporaryDirectory()
        let src = try makeSounds(dir, names: ["New-Message.wav", "new message.wav", "other.wav"])
        let out = dir.appendingPathComponent("out")
        let r = try Tool.soundkit("convert", src.path, "--output-dir", out.path, "--platform", "android")
        #expect(r.status == 1)
        #expect(r.stderr.contains("New-Message.wav") && r.stderr.contains("new message.wav"), "\(r.stderr)")
        #expect(r.stderr.contains("new_message.ogg"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("android/res/raw/other.ogg").path))
        // iOS keeps the names, which differ: no collision there.
        let ios = try Tool.soundkit("convert", src.path, "--output-dir", out.path, "--platform", "ios")
        #expect(ios.status == 0, "\(ios.stderr)")
    }

    @Test("--platform needs --output-dir, and takes ios, android or all")
    func platformRefusals() throws {
        let dir = try temporaryDirectory()
        let src = try makeSounds(dir, names: ["a.wav"])
        let alone = try Tool.soundkit("convert", src.appendingPathComponent("a.wav").path, "--platform", "android")
        #expect(alone.status == 64 && alone.stderr.contains("--platform applies to --output-dir runs"))
        let bad = try Tool.soundkit("convert", src.path, "--output-dir", dir.path + "/o", "--platform", "windows")
        #expect(bad.status != 0 && bad.stderr.contains("--platform takes ios, android or all"))
    }
}
