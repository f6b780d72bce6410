import Foundation
import Testing

/// A file of the real-world collection beside the repository (../shared/realworld), when it is there.
func realWorldFile(_ path: String) -> String? {
    let url = FormatReaders.shared.appendingPathComponent("realworld/\(path)")
    return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
}

@Suite("severities weighed against what real apps ship", .tags(.oracle))
struct FieldSeverityTests {
    /// A WAV written to a pipe by `writer`, which cannot seek back to patch the sizes (sox leaves 0x7FFFF000 in its
    /// data size field, ffmpeg 0xFFFFFFFF).
    func streamed(_ writer: String) throws -> String {
        let path = try temporaryDirectory("streamed").appendingPathComponent("\(writer).wav").path
        let command =
            writer == "sox"
            ? "sox -R -n -r 22050 -c 1 -b 16 -t wav - synth 1 pluck C5 | cat > \"$0\""
            : "ffmpeg -v error -f lavfi -i sine=f=440:sample_rate=22050:d=1 -c:a pcm_s16le -f wav - | cat > \"$0\""
        try Tool.must("/bin/sh", ["-c", command, path])
        return path
    }

    @Test(
        "a WAV whose size fields are a streaming placeholder is readable: a warning says convert rewrites it",
        arguments: ["sox", "ffmpeg"])
    func streamingPlaceholder(_ writer: String) throws {
        let path = try streamed(writer)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let placeholder: [UInt8] = writer == "sox" ? [0x00, 0xF0, 0xFF, 0x7F] : [0xFF, 0xFF, 0xFF, 0xFF]
        #expect(
            bytes.count > 22050 * 2
                && bytes.indices.contains { Array(bytes[$0..<min($0 + 4, bytes.count)]) == placeholder })
        let r = try Tool.soundkit("check", "--no-loudness", path)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(!r.stdout.contains("[unreadable]"), "\(r.stdout)")
        let line = r.stdout.split(separator: "\n").first { $0.hasSuffix("[container]") }
        #expect(line?.contains(": warning: WAV size field is 0x") == true, "\(r.stdout)")
        #expect(line?.contains("streaming writer's placeholder") == true && line?.contains("soundkit convert") == true)
        let info = try Tool.soundkit("info", "--format", "json", path)
        #expect(info.stdout.contains("\"truncated\" : false"), "\(info.stdout)")
        #expect(info.stdout.contains("\"frames\" : 22050"), "\(info.stdout)")
    }

    @Test(
        "Linphone's ringback.wav (sox's 0x7FFFF000 sizes, ../shared/realworld) is readable, with a container warning",
        .enabled(
            if: realWorldFile("apps/linphone-iphone__ringback.wav") != nil,
            "../shared/realworld is not beside the repository; the real-world files are not tested"))
    func linphoneRingback() throws {
        let path = try #require(realWorldFile("apps/linphone-iphone__ringback.wav"))
        let r = try Tool.soundkit("check", "--no-loudness", path)
        #expect(r.status == 0 && !r.stdout.contains("[unreadable]"), "\(r.stdout)")
        #expect(r.stdout.contains("\(path): warning: WAV size field is 0x7FFFF000, a streaming writer's placeholder"))
        // SOURCES.tsv: ffprobe decodes 1.536 s at 8000 Hz.
        #expect(try Tool.soundkit("info", "--format", "json", path).stdout.contains("\"frames\" : 12288"))
    }

    @Test(
        "Session's all-zero \"None\" sound (../shared/realworld) is a warning that says iOS plays nothing",
        .enabled(
            if: realWorldFile("apps/session-ios__silence.aiff") != nil,
            "../shared/realworld is not beside the repository; the real-world files are not tested"))
    func sessionSilence() throws {
        let path = try #require(realWorldFile("apps/session-ios__silence.aiff"))
        let r = try Tool.soundkit("check", path)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("\(path): warning: is digital silence: every sample is zero, so iOS plays nothing"))
        #expect(!r.stdout.contains(": error:"), "\(r.stdout)")
    }

    @Test(
        "Bark's push sounds, AAC LC in CAF (../shared/realworld), are a codec warning, not an error; ALAC in CAF stays one",
        .enabled(
            if: realWorldFile("apps/Bark__gotosleep.caf") != nil,
            "../shared/realworld is not beside the repository; the real-world files are not tested"))
    func barkAACInCAF() throws {
        let names = ["Bark__gotosleep.caf", "Bark__minuet.caf", "Bark__silence.caf"]
        let paths = try names.map { try #require(realWorldFile("apps/\($0)")) }
        let r = try Tool.run(Tool.soundkit, ["check", "--no-loudness"] + paths)
        #expect(r.status == 0 && !r.stdout.contains(": error:"), "\(r.stdout)")
        for p in paths {
            #expect(
                r.stdout.contains(
                    "\(p): warning: data format is AAC LC in CAF: iOS plays it (apps ship push sounds this way), but Apple documents only Linear PCM, IMA4, µLaw and aLaw"
                ), "\(r.stdout)")
        }
        let alac = try temporaryDirectory("alac").appendingPathComponent("chime.caf").path
        try Tool.must("ffmpeg", "-v", "error", "-i", paths[0], "-c:a", "alac", alac)
        let a = try Tool.soundkit("check", "--no-loudness", alac)
        #expect(
            a.status == 1 && a.stdout.contains("\(alac): error: data format is Apple Lossless (ALAC)"), "\(a.stdout)")
    }
}
