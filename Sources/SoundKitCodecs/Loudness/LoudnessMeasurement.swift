/// ITU-R BS.1770-4 / EBU R 128 measured while a sound streams through, as libebur128 measures it: K-weighted energy
/// summed per 100 ms segment; a 400 ms gating block every 100 ms and a 3 s short-term block every second, kept when
/// above the −70 LUFS absolute gate; sample and true peaks per channel. Memory is constant in the audio (a few
/// segments and one buffer's worth of each channel) and grows by one number a gating block and one a short-term
/// block, as libebur128's lists do. Figures come out as energies and amplitudes; the caller takes the logarithms.
package struct LoudnessMeasurement: Sendable {
    /// Energy of −70 LUFS: blocks below it are left out.
    package static let absoluteGate = 0x1.f791ec6e1d5b7p-24
    /// Each channel's weight: 0 leaves it out (LFE), 1.41 for the surround channels, 1 for the rest.
    package let weights: [Double]
    /// Samples per channel in 100 ms (the sample rate over 10, rounded).
    package let segmentFrames: Int
    /// Run the vector paths (false: the scalar references, for testing them against each other).
    package var vector = true

    let channels: Int
    let kWeighting: KWeighting
    let interpolator: TruePeakFilter?
    var pairs: [KWeighting.PairState]
    var singles: [(Double, Double, Double, Double)]
    var segmentEnergy: [Double]
    var segmentFill = 0
    var segments = 0
    var recent = [Double](repeating: 0, count: 30)
    /// Energies of the gating blocks and of the short-term blocks above the absolute gate.
    package private(set) var blocks: [Double] = []
    package private(set) var shortTermBlocks: [Double] = []
    /// The largest sample magnitude, and the largest interpolated one, per channel.
    package private(set) var samplePeaks: [Double]
    package private(set) var interpolatedPeaks: [Double]
    /// Whether some stretch was not interpolated because its samples could not reach `truePeakSkipBelow`.
    package private(set) var truePeakSkipped = false
    /// See ``truePeakSkipped``; 0 interpolates everything.
    package var truePeakSkipBelow = 0.0
    /// Each channel's Float samples: the interpolator's history, then the last call's samples.
    var lines: [[Float]]
    /// How much of each line the last call filled.
    var filled: [Int]

    /// A measurement of `weights.count` channels at `sampleRate` Hz (positive and finite).
    @_optimize(speed)
    package init(sampleRate: Double, weights: [Double]) {
        self.weights = weights
        channels = weights.count
        kWeighting = KWeighting(sampleRate: sampleRate)
        interpolator = TruePeakFilter(sampleRate: sampleRate)
        let rate = sampleRate.rounded()
        segmentFrames = rate >= 10 && rate < 1e9 ? (Int(rate) + 5) / 10 : 1
        pairs = Array(repeating: KWeighting.PairState(), count: channels / 2)
        singles = Array(repeating: (0, 0, 0, 0), count: channels)
        segmentEnergy = Array(repeating: 0, count: channels)
        samplePeaks = Array(repeating: 0, count: channels)
        interpolatedPeaks = Array(repeating: 0, count: channels)
        lines = Array(repeating: Array(repeating: 0, count: interpolator?.history ?? 0), count: channels)
        filled = Array(repeating: interpolator?.history ?? 0, count: channels)
    }

    /// Adds `frames` interleaved frames of `samples` (at least `frames` × channels of them).
    @_optimize(speed)
    package mutating func add(_ samples: UnsafeBufferPointer<Double>, frames: Int) {
        guard let base = samples.baseAddress, frames > 0, channels > 0, samples.count >= frames * channels else {
            return
        }
        peaks(base, frames: frames)
        var done = 0
        while done < frames {
            let n = Swift.min(frames - done, segmentFrames - segmentFill)
            filter(base + done * channels, frames: n)
            done += n
            segmentFill += n
            if segmentFill == segmentFrames { closeSegment() }
        }
    }

    /// Sample peaks, and the interpolated ones through each channel's line of Float samples.
    @_optimize(speed)
    mutating func peaks(_ base: UnsafePointer<Double>, frames: Int) {
        let history = interpolator?.history ?? 0
        let channels = channels
        let vector = vector
        let skipBelow = truePeakSkipBelow
        for c in 0..<channels {
            let previous = filled[c]
            let kept = Swift.min(history, previous)
            if lines[c].count < history + frames {
                lines[c].append(contentsOf: repeatElement(0, count: history + frames - lines[c].count))
            }
            var high = 0.0
            var low = 0.0
            lines[c].withUnsafeMutableBufferPointer { l in
                guard let out = l.baseAddress, l.count >= history + frames, previous <= l.count else { return }
                // The last `history` samples of the previous call move to the front.
                for k in 0..<kept { out[history - kept + k] = out[previous - kept + k] }
                for i in 0..<frames {
                    let x = base[i * channels + c]
                    if x > high { high = x }
                    if x < low { low = x }
                    out[history + i] = Float(x)
                }
            }
            filled[c] = history + frames
            samplePeaks[c] = Swift.max(samplePeaks[c], high, -low)
            guard let interpolator else { continue }
            let found = lines[c].withUnsafeBufferPointer { all in
                let l = UnsafeBufferPointer(rebasing: all[0..<(history + frames)])
                return vector
                    ? interpolator.peak(l, skipBelow: skipBelow) : (peak: interpolator.referencePeak(l), skipped: false)
            }
            interpolatedPeaks[c] = Swift.max(interpolatedPeaks[c], Double(found.peak))
            if found.skipped { truePeakSkipped = true }
        }
    }

    /// K-weights `frames` frames (within one segment) and adds their energy to the segment's.
    @_optimize(speed)
    mutating func filter(_ base: UnsafePointer<Double>, frames: Int) {
        var c = 0
        if vector {
            while c + 1 < channels {
                let e = kWeighting.filterPair(base + c, stride: channels, frames: frames, state: &pairs[c / 2])
                segmentEnergy[c] += e[0]
                segmentEnergy[c + 1] += e[1]
                c += 2
            }
        }
        while c < channels {
            segmentEnergy[c] += kWeighting.filter(base + c, stride: channels, frames: frames, state: &singles[c])
            c += 1
        }
    }

    /// A 100 ms segment is complete: a gating block over the last four, a short-term block over the last thirty
    /// every tenth.
    @_optimize(speed)
    mutating func closeSegment() {
        var sum = 0.0
        for c in 0..<channels where weights[c] != 0 {
            sum += weights[c] == 1 ? segmentEnergy[c] : segmentEnergy[c] * weights[c]
            segmentEnergy[c] = 0
        }
        recent[segments % 30] = sum
        segments += 1
        segmentFill = 0
        if segments >= 4 {
            var block = 0.0
            for k in 1...4 { block += recent[(segments - k) % 30] }
            block /= Double(4 * segmentFrames)
            if block >= Self.absoluteGate { blocks.append(block) }
        }
        if segments >= 30 && segments % 10 == 0 {
            var block = 0.0
            for k in 1...30 { block += recent[(segments - k) % 30] }
            block /= Double(30 * segmentFrames)
            if block >= Self.absoluteGate { shortTermBlocks.append(block) }
        }
    }

    /// The mean energy of the gating blocks that pass both gates (the relative one 10 LU under the mean of those
    /// above the absolute gate), or nil when none does.
    @_optimize(speed)
    package var integratedEnergy: Double? {
        guard !blocks.isEmpty else { return nil }
        var total = 0.0
        for b in blocks { total += b }
        let gate = total / Double(blocks.count) * 0.1
        var kept = 0.0
        var count = 0
        for b in blocks where b >= gate {
            kept += b
            count += 1
        }
        return count > 0 ? kept / Double(count) : nil
    }

    /// The energies at the 10th and 95th percentiles of the short-term blocks that pass the absolute gate and one
    /// 20 LU under their mean (EBU Tech 3342), or nil when there are none: the loudness range is the ratio of the
    /// two in decibels.
    @_optimize(speed)
    package var rangeEnergies: (low: Double, high: Double)? {
        guard !shortTermBlocks.isEmpty else { return nil }
        let sorted = shortTermBlocks.sorted()
        var total = 0.0
        for b in sorted { total += b }
        let gate = total / Double(sorted.count) * 0.01
        let kept = sorted.drop { $0 < gate }
        guard let first = kept.indices.first, !kept.isEmpty else { return nil }
        let last = Double(kept.count - 1)
        return (kept[first + Int(last * 0.1 + 0.5)], kept[first + Int(last * 0.95 + 0.5)])
    }

    /// The largest true peak of any channel as an amplitude (the sample peak where it is larger, as libebur128
    /// reports it).
    package var truePeak: Double {
        var top = 0.0
        for c in 0..<channels { top = Swift.max(top, interpolatedPeaks[c], samplePeaks[c]) }
        return top
    }

    /// The largest sample magnitude of any channel.
    package var samplePeak: Double { samplePeaks.max() ?? 0 }
}
