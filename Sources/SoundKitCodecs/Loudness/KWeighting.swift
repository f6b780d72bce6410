/// The K-weighting of ITU-R BS.1770-4 for one sample rate: the high-shelf and the high-pass biquads designed from
/// their analogue prototypes by the bilinear transform (as libebur128 designs them, so that a rate other than 48 kHz
/// is weighted the same way), multiplied into one fourth-order filter run in direct form II.
package struct KWeighting: Sendable, Hashable {
    /// Feed-forward coefficients b0…b4.
    package let b: SIMD8<Double>
    /// Feedback coefficients a1…a4 (a0 is 1), in lanes 1…4.
    package let a: SIMD8<Double>

    /// 10^(G/20) and its power, for the shelf's gain G = 3.999843853973347 dB (the design's constants).
    static let shelfHigh = 0x1.95b9b16bf11c6p+0
    static let shelfBand = 0x1.423b88ee23b99p+0

    /// The filter for `sampleRate` Hz (positive and finite).
    @_optimize(speed)
    package init(sampleRate: Double) {
        var k = Trigonometry.tangent(.pi * 1681.974450955533 / sampleRate)
        var q = 0.7071752369554196
        let a0 = 1 + k / q + k * k
        let pb0 = (Self.shelfHigh + Self.shelfBand * k / q + k * k) / a0
        let pb1 = 2 * (k * k - Self.shelfHigh) / a0
        let pb2 = (Self.shelfHigh - Self.shelfBand * k / q + k * k) / a0
        let pa1 = 2 * (k * k - 1) / a0
        let pa2 = (1 - k / q + k * k) / a0
        k = Trigonometry.tangent(.pi * 38.13547087602444 / sampleRate)
        q = 0.5003270373238773
        let ra1 = 2 * (k * k - 1) / (1 + k / q + k * k)
        let ra2 = (1 - k / q + k * k) / (1 + k / q + k * k)
        // The high-pass's numerator is 1 − 2z⁻¹ + z⁻².
        b = [pb0, -2 * pb0 + pb1, pb0 - 2 * pb1 + pb2, pb1 - 2 * pb2, pb2, 0, 0, 0]
        a = [1, ra1 + pa1, ra2 + pa1 * ra1 + pa2, pa1 * ra2 + pa2 * ra1, pa2 * ra2, 0, 0, 0]
    }

    /// Filters `frames` samples of one channel, `stride` apart from `samples`, through `state` (v1…v4), and returns
    /// the sum of the squares of the output: the scalar reference. The terms are summed in the order the vector
    /// path sums them, so the two agree to the bit.
    @_optimize(speed)
    package func filter(
        _ samples: UnsafePointer<Double>, stride: Int, frames: Int, state: inout (Double, Double, Double, Double)
    ) -> Double {
        var (v1, v2, v3, v4) = state
        var energy = 0.0
        let a1 = a[1]
        let a2 = a[2]
        let a3 = a[3]
        let a4 = a[4]
        let b0 = b[0]
        let b1 = b[1]
        let b2 = b[2]
        let b3 = b[3]
        let b4 = b[4]
        for i in 0..<frames {
            // The terms of the older states first: only a1·v1 waits on the previous sample.
            let v0 = samples[i * stride] - a4 * v4 - a3 * v3 - a2 * v2 - a1 * v1
            let y = b0 * v0 + b1 * v1 + b2 * v2 + b3 * v3 + b4 * v4
            energy += y * y
            v4 = v3
            v3 = v2
            v2 = v1
            v1 = v0
        }
        state = (Self.flushed(v1), Self.flushed(v2), Self.flushed(v3), Self.flushed(v4))
        return energy
    }

    /// Two channels at once, `offset` and `offset + 1` of frames `stride` samples long: the vector path.
    @_optimize(speed)
    package func filterPair(
        _ samples: UnsafePointer<Double>, stride: Int, frames: Int, state: inout PairState
    ) -> SIMD2<Double> {
        var v1 = state.v1
        var v2 = state.v2
        var v3 = state.v3
        var v4 = state.v4
        var energy = SIMD2<Double>()
        let a1 = SIMD2(repeating: a[1])
        let a2 = SIMD2(repeating: a[2])
        let a3 = SIMD2(repeating: a[3])
        let a4 = SIMD2(repeating: a[4])
        let b0 = SIMD2(repeating: b[0])
        let b1 = SIMD2(repeating: b[1])
        let b2 = SIMD2(repeating: b[2])
        let b3 = SIMD2(repeating: b[3])
        let b4 = SIMD2(repeating: b[4])
        let raw = UnsafeRawPointer(samples)
        let step = stride * MemoryLayout<Double>.stride
        for i in 0..<frames {
            let x = raw.loadUnaligned(fromByteOffset: i * step, as: SIMD2<Double>.self)
            let v0 = x - a4 * v4 - a3 * v3 - a2 * v2 - a1 * v1
            let y = b0 * v0 + b1 * v1 + b2 * v2 + b3 * v3 + b4 * v4
            energy += y * y
            v4 = v3
            v3 = v2
            v2 = v1
            v1 = v0
        }
        state = PairState(
            v1: Self.flushed(v1), v2: Self.flushed(v2), v3: Self.flushed(v3), v4: Self.flushed(v4))
        return energy
    }

    /// The filter memory of two channels.
    package struct PairState: Sendable {
        package var v1 = SIMD2<Double>(), v2 = SIMD2<Double>(), v3 = SIMD2<Double>(), v4 = SIMD2<Double>()
    }

    /// 0 for a state that decayed below the normal range (subnormal arithmetic is many times slower, and after a
    /// sound ends the filter's memory decays through it), else the state.
    @_optimize(speed)
    static func flushed(_ v: Double) -> Double { abs(v) < .leastNormalMagnitude ? 0 : v }

    @_optimize(speed)
    static func flushed(_ v: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(flushed(v[0]), flushed(v[1]))
    }
}
