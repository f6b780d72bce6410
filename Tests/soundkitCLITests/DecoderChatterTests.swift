import Foundation
import Testing

/// What a decoder library prints on its own never reaches the terminal raw: libmpg123 (libsndfile's MP3 decoder)
/// writes `Note: Illegal Audio-MPEG-Header 0x… at offset …` to descriptor 2 with no file name when it resynchronises
/// over damaged frames. Run as a process, since only a process has a descriptor 2 of its own.
@Suite("Decoder chatter", .tags(.binary))
struct DecoderChatterTests {
    /// A three-second MP3 with 400 bytes a third of the way in replaced by noise: it decodes, after a resync.
    static func garbledMP3() throws -> URL {
        _ = try SoundKitTestSupport.Tool.required("ffmpeg")
        let dir = try temporaryDirectory("decoder-chatter")
        let clean = dir.appendingPathComponent("clean.mp3")
        try Tool.must(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "sine=f=440:sample_rate=44100", "-t", "3", "-c:a",
                "libmp3lame", "-b:a", "128k", clean.path,
            ])
        var bytes = [UInt8](try Data(contentsOf: clean))
        var rng = SplitMix64(seed: 5)
        for i in stride(from: bytes.count / 3, to: bytes.count / 3 + 2000, by: 5) {
            bytes[i] = UInt8(truncatingIfNeeded: rng.next())
        }
        let garbled = dir.appendingPathComponent("garbled.mp3")
        try Data(bytes).write(to: garbled)
        return garbled
    }

    @Test("check, info and convert of a damaged MP3: no libmpg123 line on stderr, the file's own findings on stdout")
    func noChatter() throws {
        let mp3 = try Self.garbledMP3()
        let check = try Tool.run(Tool.soundkit, ["check", mp3.path, "--no-cache"])
        let info = try Tool.run(Tool.soundkit, ["info", mp3.path])
        let out = mp3.deletingLastPathComponent().appendingPathComponent("out.caf")
        let convert = try Tool.run(Tool.soundkit, ["convert", mp3.path, out.path, "-d", "ima4"])
        for r in [check, info, convert] {
            #expect(!r.stderr.contains("Illegal Audio-MPEG-Header"), "\(r.stderr)")
            #expect(!r.stderr.contains("Note:") && !r.stderr.contains("libmpg123"), "\(r.stderr)")
        }
        // It decodes after the resync: check's finding is the container's, naming the file; the summary line is the
        // only other thing on stderr.
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(mp3.path): error: file is MPEG-1/2 (MPEG Layer III)"))
        #expect(check.stdout.contains("[container]") && !check.stdout.contains("[unreadable]"))
        #expect(check.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("soundkit: checked 1 file") })
        #expect(info.status == 0 && info.stdout.contains("MPEG Layer III"))
        #expect(convert.status == 0 && FileManager.default.fileExists(atPath: out.path))
    }
}
