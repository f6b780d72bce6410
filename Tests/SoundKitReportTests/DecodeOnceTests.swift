import Foundation
import SoundKitIO
import SoundKitNotifications
import Testing

@testable import SoundKitReport

@Suite("Report decoding")
struct ReportDecodingTests {
    /// The bytes the calling thread has read so far (`rchar` in Linux's /proc/thread-self/io); nil elsewhere.
    static func bytesRead() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("rchar:") {
            return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// A 16-bit stereo WAVE file of `frames` frames of a sine.
    static func wave(frames: Int, rate: Int = 48000) -> [UInt8] {
        func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let data = frames * 4
        var out = Array("RIFF".utf8) + le(36 + data, 4) + Array("WAVEfmt ".utf8) + le(16, 4) + le(1, 2) + le(2, 2)
        out += le(rate, 4) + le(rate * 4, 4) + le(4, 2) + le(16, 2) + Array("data".utf8) + le(data, 4)
        for i in 0..<frames {
            let v = Int(12000 * sin(Double(i) * 0.03))
            out += le(v, 2) + le(-v, 2)
        }
        return out
    }

    @Test("a report reads each sound once for its loudness, levels, waveform and preview")
    func decodesOnce() throws {
        let dir = try temporaryDirectory()
        let bytes = Self.wave(frames: 48000 * 5)
        let path = dir.appendingPathComponent("tone.wav").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        guard let before = Self.bytesRead() else { return }  // no per-thread I/O counts on this system
        let report = SoundSetReport.build(
            [path], options: .init(title: "Notification sounds", check: CheckOptions(), preview: .wav))
        let read = (Self.bytesRead() ?? 0) - before
        let sound = try #require(report.sounds.first)
        #expect(sound.loudness?.integrated != nil && sound.waveform != nil && sound.preview != nil)
        #expect(read >= bytes.count && read < bytes.count * 3 / 2, "read \(read) bytes of a \(bytes.count)-byte file")
    }
}
