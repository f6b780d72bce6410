/// The true-peak estimate of ITU-R BS.1770-4: each channel oversampled by a polyphase interpolator and the largest
/// magnitude taken. The interpolator is libebur128's: 49 taps of a Hann-windowed sinc, ×4 below 96 kHz and ×2 below
/// 192 kHz (none above), split into one subfilter per output phase; samples enter as Float, as they do there.
package struct TruePeakFilter: Sendable {
    /// The oversampling factor.
    package let factor: Int
    /// How many past samples a phase reaches back (the largest delay of a tap).
    package let history: Int
    /// Every phase's taps one after the other: the delay in input samples and the coefficient; phase `p` is
    /// `taps[starts[p]..<starts[p + 1]]`.
    package let delays: [Int]
    package let coefficients: [Float]
    package let starts: [Int]
    /// No interpolated sample exceeds the largest input sample its taps see by more than this factor: the largest
    /// sum of a phase's absolute coefficients, raised by a margin far above Float's rounding in the sums.
    package let gain: Double

    /// The interpolator for `sampleRate` Hz, or nil at 192 kHz and above, where the samples themselves count.
    @_optimize(speed)
    package init?(sampleRate: Double) {
        guard sampleRate < 192_000 else { return nil }
        let factor = sampleRate < 96_000 ? 4 : 2
        let taps = 49
        var phases = [[(delay: Int, coefficient: Float)]](repeating: [], count: factor)
        var sums = [Double](repeating: 0, count: factor)
        for j in 0..<taps {
            let m = Double(j) - Double(taps - 1) / 2
            var c = 1.0
            if abs(m) > 1e-6 {
                let x = m * .pi / Double(factor)
                c = Trigonometry.sineCosine(x).sin / x
            }
            c *= 0.5 * (1 - Trigonometry.sineCosine(2 * .pi * Double(j) / Double(taps - 1)).cos)
            if abs(c) > 1e-6 {
                phases[j % factor].append((j / factor, Float(c)))
                sums[j % factor] += abs(Double(Float(c)))
            }
        }
        self.factor = factor
        delays = phases.flatMap { $0.map(\.delay) }
        coefficients = phases.flatMap { $0.map(\.coefficient) }
        starts = phases.reduce(into: [0]) { $0.append(($0.last ?? 0) + $1.count) }
        history = delays.max() ?? 0
        gain = (sums.max() ?? 1) * (1 + 1e-5)
    }

    /// The largest magnitude the interpolator puts out for the samples `line[history…]`, each phase's sum taken in
    /// Double as libebur128 does: the scalar reference. `line` starts with the `history` samples before them.
    @_optimize(speed)
    package func referencePeak(_ line: UnsafeBufferPointer<Float>) -> Float {
        var peak: Float = 0
        guard line.count > history else { return 0 }
        for n in history..<line.count {
            for p in 0..<factor {
                var acc = 0.0
                for t in starts[p]..<starts[p + 1] { acc += Double(line[n - delays[t]]) * Double(coefficients[t]) }
                peak = Swift.max(peak, abs(Float(acc)))
            }
        }
        return peak
    }

    /// ``referencePeak(_:)`` eight outputs of a phase at a time, in Float; stretches of `chunk` samples whose inputs are
    /// all at most `skipBelow / gain` are not interpolated (nothing there can exceed `skipBelow`). Returns the
    /// peak of what was interpolated, and whether any stretch was skipped.
    @_optimize(speed)
    package func peak(
        _ line: UnsafeBufferPointer<Float>, skipBelow: Double = 0, chunk: Int = 256
    ) -> (peak: Float, skipped: Bool) {
        guard let base = line.baseAddress, line.count > history else { return (0, false) }
        let limit = Float(skipBelow / gain)
        var best = SIMD8<Float>()
        var skipped = false
        var start = history
        while start < line.count {
            let end = Swift.min(start + Swift.max(chunk, 8), line.count)
            if limit > 0 {
                var local = SIMD8<Float>()
                var i = start - history
                while i + 8 <= end {
                    local = pointwiseMax(
                        local, Self.magnitude(UnsafeRawPointer(base + i).loadUnaligned(as: SIMD8<Float>.self)))
                    i += 8
                }
                var top = local.max()
                while i < end {
                    top = Swift.max(top, abs(base[i]))
                    i += 1
                }
                if top <= limit {
                    skipped = true
                    start = end
                    continue
                }
            }
            best = pointwiseMax(best, stretch(base, from: start, to: end))
            start = end
        }
        return (best.max(), skipped)
    }

    /// The largest magnitudes, lane by lane, of the outputs for samples `from..<to`.
    @_optimize(speed)
    func stretch(_ base: UnsafePointer<Float>, from: Int, to: Int) -> SIMD8<Float> {
        var best = SIMD8<Float>()
        var n = from
        delays.withUnsafeBufferPointer { delays in
            coefficients.withUnsafeBufferPointer { coefficients in
                while n + 8 <= to {
                    for p in 0..<factor {
                        var acc = SIMD8<Float>()
                        for t in starts[p]..<starts[p + 1] {
                            let x = UnsafeRawPointer(base + (n - delays[t])).loadUnaligned(as: SIMD8<Float>.self)
                            acc += x * SIMD8(repeating: coefficients[t])
                        }
                        best = pointwiseMax(best, Self.magnitude(acc))
                    }
                    n += 8
                }
                while n < to {
                    for p in 0..<factor {
                        var acc: Float = 0
                        for t in starts[p]..<starts[p + 1] { acc += base[n - delays[t]] * coefficients[t] }
                        best[0] = Swift.max(best[0], abs(acc))
                    }
                    n += 1
                }
            }
        }
        return best
    }

    /// |v|, lane by lane.
    @_transparent
    static func magnitude(_ v: SIMD8<Float>) -> SIMD8<Float> { pointwiseMax(v, -v) }
}
