import Foundation
import Testing

@testable import SoundKitCodecs

@Suite("Loudness kernels")
struct LoudnessKernelTests {
    /// `frames` interleaved frames of seeded noise in `channels` channels, each channel at its own level.
    func noise(frames: Int, channels: Int, seed: UInt64 = 29) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<(frames * channels)).map { i in
            Double.random(in: -1...1, using: &rng) * (0.2 + 0.15 * Double(i % channels))
        }
    }

    func measure(
        _ samples: [Double], rate: Double, weights: [Double], vector: Bool, block: Int = 1000, skipBelow: Double = 0
    ) -> LoudnessMeasurement {
        var m = LoudnessMeasurement(sampleRate: rate, weights: weights)
        m.vector = vector
        m.truePeakSkipBelow = skipBelow
        let channels = weights.count
        let frames = samples.count / channels
        samples.withUnsafeBufferPointer { all in
            var start = 0
            while start < frames {
                let n = min(block, frames - start)
                m.add(UnsafeBufferPointer(rebasing: all[(start * channels)..<((start + n) * channels)]), frames: n)
                start += n
            }
        }
        return m
    }

    @Test("sine, cosine and tangent in plain Swift agree with the C library's to a few units in the last place")
    func trigonometry() {
        for x in stride(from: -20.0, through: 20.0, by: 0.37) + [0, .pi / 2, .pi, 6 * .pi, 1e-9] {
            let (s, c) = Trigonometry.sineCosine(x)
            #expect(abs(s - sin(x)) <= 4e-15 * max(1, abs(x)), "sin \(x)")
            #expect(abs(c - cos(x)) <= 4e-15 * max(1, abs(x)), "cos \(x)")
        }
        for rate in [8000.0, 22050, 44100, 48000, 96000, 192_000] {
            let x = Double.pi * 1681.974450955533 / rate
            #expect(abs(Trigonometry.tangent(x) - tan(x)) <= 1e-14 * tan(x))
        }
        #expect(Trigonometry.sineCosine(.nan).sin.isNaN && Trigonometry.sineCosine(.infinity).cos.isNaN)
    }

    @Test(
        "the vector paths agree with the scalar references: block energies to the bit, peaks within Float rounding",
        arguments: [
            (48000.0, [1.0]), (44100.0, [1.0, 1]), (96000.0, [1.0, 1]), (8000.0, [1.0, 1, 1, 0, 1.41, 1.41]),
        ]
            as [(Double, [Double])])
    func vectorMatchesScalar(_ rate: Double, _ weights: [Double]) {
        let samples = noise(frames: Int(rate * 3.05), channels: weights.count)
        let v = measure(samples, rate: rate, weights: weights, vector: true, block: 777)
        let s = measure(samples, rate: rate, weights: weights, vector: false, block: 777)
        #expect(v.blocks == s.blocks && v.shortTermBlocks == s.shortTermBlocks && v.blocks.count == 27)
        #expect(v.shortTermBlocks.count == 1 && v.samplePeaks == s.samplePeaks)
        for c in weights.indices {
            #expect(abs(v.interpolatedPeaks[c] - s.interpolatedPeaks[c]) <= 1e-6 * s.interpolatedPeaks[c])
            #expect(v.interpolatedPeaks[c] > v.samplePeaks[c] * 0.9)
        }
    }

    @Test("no interpolated sample exceeds the samples its taps see times the filter's gain, and one comes near it")
    func gainBound() throws {
        for rate in [44100.0, 96000] {
            let filter = try #require(TruePeakFilter(sampleRate: rate))
            #expect(filter.factor == (rate < 96000 ? 4 : 2) && filter.history == (rate < 96000 ? 11 : 23))
            // Full-scale samples whose signs match the loudest phase's taps are its worst case.
            let phase =
                (0..<filter.factor).max { a, b in
                    let sum = { (p: Int) in
                        (filter.starts[p]..<filter.starts[p + 1]).reduce(0) { $0 + abs(filter.coefficients[$1]) }
                    }
                    return sum(a) < sum(b)
                } ?? 0
            var line = [Float](repeating: 0, count: filter.history + 1)
            for t in filter.starts[phase]..<filter.starts[phase + 1] {
                line[filter.history - filter.delays[t]] = filter.coefficients[t] < 0 ? -1 : 1
            }
            let peak = Double(line.withUnsafeBufferPointer { filter.referencePeak($0) })
            #expect(peak <= filter.gain && peak > filter.gain * 0.9999, "\(peak) \(filter.gain)")
            #expect(peak > 1.6)
        }
        #expect(TruePeakFilter(sampleRate: 192_000) == nil)
    }

    @Test("skipping quiet stretches never hides a peak above the ceiling, and says when it skipped")
    func skipIsExact() {
        let rate = 48000.0
        // Quiet noise with one burst near full scale in the middle.
        var samples = noise(frames: 48000, channels: 2).map { $0 * 0.3 }
        var rng = SplitMix64(seed: 5)
        for i in 48000..<48400 { samples[i] = Double.random(in: -1...1, using: &rng) }
        let full = measure(samples, rate: rate, weights: [1, 1], vector: true)
        let skipping = measure(samples, rate: rate, weights: [1, 1], vector: true, skipBelow: 1)
        #expect(full.truePeak > 1 && skipping.truePeak == full.truePeak && skipping.truePeakSkipped)
        #expect(!full.truePeakSkipped && skipping.blocks == full.blocks)
        let quiet = measure(samples.map { $0 * 0.5 }, rate: rate, weights: [1, 1], vector: true, skipBelow: 1)
        #expect(quiet.truePeakSkipped && quiet.truePeak <= 1)
    }

    @Test("hostile samples (NaN, infinities) and odd rates measure without trapping")
    func hostile() {
        var samples = noise(frames: 20000, channels: 2)
        samples[100] = .nan
        samples[2001] = .infinity
        for rate in [1.0, 7.0, 11025, 384_000] {
            let m = measure(samples, rate: rate, weights: [1, 1], vector: true)
            _ = (m.integratedEnergy, m.rangeEnergies, m.truePeak)
        }
        var m = LoudnessMeasurement(sampleRate: 48000, weights: [])
        [1.0, 2.0].withUnsafeBufferPointer { m.add($0, frames: 2) }
        #expect(m.integratedEnergy == nil && m.rangeEnergies == nil && m.truePeak == 0)
    }
}
