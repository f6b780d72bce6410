import Foundation
import Testing

@testable import SoundKitIO
@testable import SoundKitNotifications

/// `check` asks the meter only whether each sound's true peak passes the clipping rule's ceiling; no verdict and no
/// message may change for it.
@Suite("Clipping judged against the ceiling only")
struct ClippingCeilingTests {
    /// A 16-bit stereo WAV at 44.1 kHz of `seconds` of `sample(frame)` in both channels.
    static func wav(_ seconds: Double, _ sample: (Int) -> Double) -> Data {
        Data(
            TestWAV.pcm16(rate: 44100, channels: 2, frames: Int(seconds * 44100)) { f, _ in
                Int16(max(-32768, min(32767, (sample(f) * 32768).rounded())))
            })
    }

    @Test("a sound far under 0 dBTP is judged from its samples; one whose inter-sample peaks pass it, exactly")
    func ceiling() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let quiet = dir.appendingPathComponent("quiet.wav")
        try Self.wav(2) { 0.3 * sin(2 * .pi * 1000 * Double($0) / 44100) }.write(to: quiet)
        // A quarter of the sample rate at 45°: every sample is ±0.9, the wave between them peaks at 0.9·√2.
        let hot = dir.appendingPathComponent("hot.wav")
        try Self.wav(2) { 0.9 * sqrt(2) * sin(.pi / 2 * Double($0) + .pi / 4) }.write(to: hot)

        let judged = SoundFacts.gather(quiet.path, measureLoudness: true, truePeakCeiling: ClippingRule.ceiling)
        let full = SoundFacts.gather(quiet.path, measureLoudness: true)
        let j = try #require(judged.loudness?.value)
        let f = try #require(full.loudness?.value)
        #expect(j.truePeak == nil && j.truePeakAtMost == 0 && f.truePeak != nil && f.truePeakAtMost == nil)
        #expect(j.integrated == f.integrated && j.samplePeak == f.samplePeak)
        #expect(SoundChecker.check(file: quiet.path).findings.allSatisfy { $0.rule != .clipping })

        let hotFull = SoundFacts.gather(hot.path, measureLoudness: true)
        let expected = ClippingRule().check(hotFull, CheckOptions()).map(\.message)
        let checked = SoundChecker.check(file: hot.path).findings.filter { $0.rule == .clipping }.map(\.message)
        #expect(expected.count == 1 && checked == expected, "\(checked) \(expected)")
        #expect(try #require(hotFull.loudness?.value?.truePeak) > 1.5)
    }
}
