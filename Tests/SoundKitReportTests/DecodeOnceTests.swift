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
        TestWAV.pcm16(rate: rate, channels: 2, frames: frames) { i, c in
            let v = Int16(12000 * sin(Double(i) * 0.03))
            return c == 0 ? v : -v
        }
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
