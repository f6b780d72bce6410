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
    /// At ×4, the coefficients of phases 1…3 (each twelve taps, delays 0…11) as vectors of four equal lanes, for
    /// ``stretch(_:from:to:)``'s unrolled loop; empty when the filter is laid out otherwise.
    let splats: [SIMD4<Float>]
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
        let twelve = Array(0..<12)
        let unrolled =
            factor == 4 && phases[0].count == 1 && (1...3).allSatisfy { phases[$0].map(\.delay) == twelve }
        splats = unrolled ? (1...3).flatMap { p in phases[p].map { SIMD4(repeating: $0.coefficient) } } : []
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
                    Self.raise(&local, Self.magnitude(UnsafeRawPointer(base + i).loadUnaligned(as: SIMD8<Float>.self)))
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
            Self.raise(&best, stretch(base, from: start, to: end))
            start = end
        }
        return (best.max(), skipped)
    }

    /// The largest magnitudes, lane by lane, of the outputs for samples `from..<to`.
    @_optimize(speed)
    func stretch(_ base: UnsafePointer<Float>, from: Int, to: Int) -> SIMD8<Float> {
        var best = SIMD8<Float>()
        var n = from
        if splats.count == 36 {
            let four = splats.withUnsafeBufferPointer { c in Self.unrolled(base, from: from, to: to, c) }
            best = SIMD8(lowHalf: four.peak, highHalf: four.peak)
            n = four.next
        }
        delays.withUnsafeBufferPointer { delays in
            coefficients.withUnsafeBufferPointer { coefficients in
                while n + 8 <= to {
                    for p in 0..<factor {
                        var acc = SIMD8<Float>()
                        for t in starts[p]..<starts[p + 1] {
                            let x = UnsafeRawPointer(base + (n - delays[t])).loadUnaligned(as: SIMD8<Float>.self)
                            acc += x * SIMD8(repeating: coefficients[t])
                        }
                        Self.raise(&best, Self.magnitude(acc))
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

    /// The ×4 filter, four outputs of each phase at a time: the twelve input vectors are loaded once for the three
    /// phases, and each phase's sum is taken as a tree of pairs, so that no long chain of additions waits on itself.
    /// Phase 0 is the sample six back itself. Returns the largest magnitudes and the first sample not done.
    @_optimize(speed)
    static func unrolled(
        _ base: UnsafePointer<Float>, from: Int, to: Int, _ c: UnsafeBufferPointer<SIMD4<Float>>
    ) -> (peak: SIMD4<Float>, next: Int) {
        var high = SIMD4<Float>()
        var low = SIMD4<Float>()
        var n = from
        guard c.count == 36 else { return (high, n) }
        while n + 4 <= to {
            let raw = UnsafeRawPointer(base + (n - 11))
            let x11 = raw.loadUnaligned(fromByteOffset: 0, as: SIMD4<Float>.self)
            let x10 = raw.loadUnaligned(fromByteOffset: 4, as: SIMD4<Float>.self)
            let x9 = raw.loadUnaligned(fromByteOffset: 8, as: SIMD4<Float>.self)
            let x8 = raw.loadUnaligned(fromByteOffset: 12, as: SIMD4<Float>.self)
            let x7 = raw.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self)
            let x6 = raw.loadUnaligned(fromByteOffset: 20, as: SIMD4<Float>.self)
            let x5 = raw.loadUnaligned(fromByteOffset: 24, as: SIMD4<Float>.self)
            let x4 = raw.loadUnaligned(fromByteOffset: 28, as: SIMD4<Float>.self)
            let x3 = raw.loadUnaligned(fromByteOffset: 32, as: SIMD4<Float>.self)
            let x2 = raw.loadUnaligned(fromByteOffset: 36, as: SIMD4<Float>.self)
            let x1 = raw.loadUnaligned(fromByteOffset: 40, as: SIMD4<Float>.self)
            let x0 = raw.loadUnaligned(fromByteOffset: 44, as: SIMD4<Float>.self)
            for p in 0..<3 {
                let k = 12 * p
                let a: SIMD4<Float> = pair(c[k], x0, c[k + 1], x1) + pair(c[k + 2], x2, c[k + 3], x3)
                let b: SIMD4<Float> = pair(c[k + 4], x4, c[k + 5], x5) + pair(c[k + 6], x6, c[k + 7], x7)
                let d: SIMD4<Float> = pair(c[k + 8], x8, c[k + 9], x9) + pair(c[k + 10], x10, c[k + 11], x11)
                let y: SIMD4<Float> = (a + b) + d
                high.replace(with: y, where: y .> high)
                low.replace(with: y, where: y .< low)
            }
            high.replace(with: x6, where: x6 .> high)
            low.replace(with: x6, where: x6 .< low)
            n += 4
        }
        let low2 = -low
        high.replace(with: low2, where: low2 .> high)
        return (high, n)
    }

    /// c0·x0 + c1·x1.
    @_transparent
    static func pair(
        _ c0: SIMD4<Float>, _ x0: SIMD4<Float>, _ c1: SIMD4<Float>, _ x1: SIMD4<Float>
    ) -> SIMD4<Float> {
        let first: SIMD4<Float> = c0 * x0
        let second: SIMD4<Float> = c1 * x1
        return first + second
    }

    /// |v|, lane by lane.
    @_transparent
    static func magnitude(_ v: SIMD8<Float>) -> SIMD8<Float> { v.replacing(with: -v, where: v .< 0) }

    /// `best` raised to `v` in the lanes where `v` is larger (a compare and a blend; `pointwiseMax` goes lane by lane).
    @_transparent
    static func raise(_ best: inout SIMD8<Float>, _ v: SIMD8<Float>) { best.replace(with: v, where: v .> best) }
}
