import SoundKitTestSupport
import Testing

@testable import SoundKitContainers
@testable import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// soundkit's meter against libebur128, which it replaced and which stays the oracle: 0.01 LU for integrated
/// loudness and range, 0.01 dB for the peaks.
@Suite(
    "Loudness meter against libebur128",
    .enabled(if: LibEBUR128.shared != nil, "libebur128 (the test oracle) is not installed; scripts/setup installs it"),
    .tags(.oracle))
struct LoudnessOracleTests {
    /// A signal, its rate and libebur128's positions for its channels (5.1: L R C LFE Ls Rs).
    struct Signal: CustomTestStringConvertible, Sendable {
        var name: String
        var rate: Int
        var positions: [LibEBUR128.Position]
        var samples: [Double]
        var testDescription: String { name }
    }

    static func sine(_ rate: Int, seconds: Double = 3, channels: Int = 2, amplitude: Double = 0.5) -> Signal {
        let frames = Int(seconds * Double(rate))
        let samples = (0..<(frames * channels)).map { i in
            amplitude * sin(2 * .pi * 997 * Double(i / channels) / Double(rate) + Double(i % channels))
        }
        return Signal(
            name: "sine at \(rate) Hz, \(channels) channels", rate: rate,
            positions: Array(repeating: .left, count: channels), samples: samples)
    }

    static let signals: [Signal] = {
        var rng = SplitMix64(seed: 1770)
        let noise = (0..<(48000 * 4 * 2)).map { _ in Double.random(in: -0.6...0.6, using: &rng) }
        // A square wave driven past full scale and clipped: its true peak is above its samples'.
        let square = (0..<(44100 * 3)).map { i in max(-1, min(1, (i / 20) % 2 == 0 ? 1.3 : -1.3)) }
        var surround: [Double] = []
        for f in 0..<(48000 * 3) {
            for c in 0..<6 { surround.append(0.3 * sin(2 * .pi * Double(200 + 150 * c) * Double(f) / 48000)) }
        }
        return [8000, 22050, 44100, 48000, 96000].map { sine($0) } + [
            sine(44100, channels: 1, amplitude: 0.9),
            Signal(name: "seeded noise, stereo", rate: 48000, positions: [.left, .left], samples: noise),
            Signal(
                name: "silence", rate: 48000, positions: [.left, .left], samples: Array(repeating: 0, count: 96000)),
            Signal(name: "clipped square", rate: 44100, positions: [.left], samples: square),
            Signal(
                name: "5.1", rate: 48000, positions: [.left, .left, .left, .unused, .surround, .surround],
                samples: surround),
            sine(48000, seconds: 0.3),
        ]
    }()

    /// What the meter reads, fed in blocks of `block` frames (not libebur128's, to show blocks do not matter).
    func meter(_ s: Signal, block: Int = 1111) throws -> Loudness {
        let channels = s.positions.count
        let meter = try LoudnessMeter(sampleRate: Double(s.rate), channels: channels, path: s.name)
        let frames = s.samples.count / channels
        var start = 0
        while start < frames {
            var b = SampleBuffer(kind: .float, channels: channels)
            b.frames = min(block, frames - start)
            b.floats = Array(s.samples[(start * channels)..<((start + b.frames) * channels)])
            try meter.add(b)
            start += b.frames
        }
        return meter.result
    }

    static func close(_ a: Double?, _ b: Double?, _ tolerance: Double) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return abs(a - b) <= tolerance
        default: return false
        }
    }

    @Test("integrated loudness, range, true and sample peak agree", arguments: signals)
    func agrees(_ s: Signal) throws {
        let oracle = try #require(LibEBUR128.shared?.measure(s.samples, rate: s.rate, positions: s.positions))
        let l = try meter(s)
        #expect(Self.close(l.integrated, oracle.integrated, 0.01), "\(l) \(oracle)")
        #expect(Self.close(l.range, oracle.integrated == nil ? nil : oracle.range, 0.01), "\(l) \(oracle)")
        #expect(Self.close(l.truePeak, oracle.truePeak, 0.01), "\(l) \(oracle)")
        #expect(Self.close(l.samplePeak, oracle.samplePeak, 0.01), "\(l) \(oracle)")
    }

    @Test("the loudness range of 30 s that changes level every few seconds agrees")
    func range() throws {
        var rng = SplitMix64(seed: 3342)
        let levels = [0.05, 0.3, 0.1, 0.6, 0.02, 0.2, 0.4, 0.08, 0.5, 0.15]
        let samples = (0..<(16000 * 30)).map { i in
            levels[i / 48000] * Double.random(in: -1...1, using: &rng)
        }
        let s = Signal(name: "30 s of noise at ten levels", rate: 16000, positions: [.left], samples: samples)
        let oracle = try #require(LibEBUR128.shared?.measure(samples, rate: 16000, positions: [.left]))
        let l = try meter(s, block: 4096)
        let range = try #require(l.range)
        #expect(range > 10 && abs(range - oracle.range) <= 0.01, "\(range) \(oracle.range)")
        #expect(Self.close(l.integrated, oracle.integrated, 0.01))
    }

    @Test("asked only about a ceiling, the meter reports the true peak exactly above it and 'at most' under it")
    func ceiling() throws {
        for s in Self.signals {
            let channels = s.positions.count
            let full = try meter(s)
            let judged = try LoudnessMeter(
                sampleRate: Double(s.rate), channels: channels, path: s.name, truePeakCeiling: 0)
            var b = SampleBuffer(kind: .float, channels: channels)
            b.frames = s.samples.count / channels
            b.floats = s.samples
            try judged.add(b)
            let l = judged.result
            #expect(Self.close(l.integrated, full.integrated, 1e-9) && Self.close(l.range, full.range, 1e-9))
            #expect(l.samplePeak == full.samplePeak)
            if let peak = full.truePeak, peak > 0 {
                #expect(Self.close(l.truePeak, peak, 1e-9) && l.truePeakAtMost == nil, "\(s.name)")
            } else {
                let skipped = l.truePeak == nil && l.truePeakAtMost == 0
                #expect(skipped || Self.close(l.truePeak, full.truePeak, 1e-9), "\(s.name)")
            }
        }
        // A quiet sine needs no oversampling at all.
        let quiet = Self.sine(48000, amplitude: 0.1)
        let m = try LoudnessMeter(sampleRate: 48000, channels: 2, path: "q", truePeakCeiling: 0)
        var b = SampleBuffer(kind: .float, channels: 2)
        b.frames = quiet.samples.count / 2
        b.floats = quiet.samples
        try m.add(b)
        #expect(m.result.truePeak == nil && m.result.truePeakAtMost == 0)
    }
}
