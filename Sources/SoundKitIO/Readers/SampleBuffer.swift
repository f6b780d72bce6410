import SoundKitCodecs

/// A block of interleaved frames at the precision of its source: left-justified `Int32` for integer audio
/// (exact up to 32 bits), `Double` for float audio (exact for 32- and 64-bit floats).
package struct SampleBuffer: Sendable {
    package enum Kind: Sendable, Hashable { case integer, float }

    package var kind: Kind
    package var channels: Int
    package var frames: Int = 0
    package var ints: [Int32] = []
    package var floats: [Double] = []

    package init(kind: Kind, channels: Int) {
        self.kind = kind
        self.channels = channels
    }

    package var sampleCount: Int { frames * channels }

    /// Makes room for `frames` frames of the current kind without shrinking.
    mutating func reserve(frames n: Int) {
        let need = n * channels
        switch kind {
        case .integer: if ints.count < need { ints.append(contentsOf: repeatElement(0, count: need - ints.count)) }
        case .float: if floats.count < need { floats.append(contentsOf: repeatElement(0, count: need - floats.count)) }
        }
    }

    /// The samples as Double (integers scaled exactly to ±1.0).
    package func doubles(into out: inout [Double]) {
        let n = sampleCount
        if out.count < n { out.append(contentsOf: repeatElement(0, count: n - out.count)) }
        switch kind {
        case .float:
            out.withUnsafeMutableBufferPointer { d in
                floats.withUnsafeBufferPointer { s in for i in 0..<n { d[i] = s[i] } }
            }
        case .integer:
            out.withUnsafeMutableBufferPointer { d in
                ints.withUnsafeBufferPointer { s in for i in 0..<n { d[i] = PCM.toDouble(s[i]) } }
            }
        }
    }

    /// The samples as Int16, rounded to nearest and clamped, written from `out[offset]` on.
    package func int16(into out: inout [Int16], at offset: Int = 0) {
        let n = sampleCount
        if out.count < offset + n { out.append(contentsOf: repeatElement(0, count: offset + n - out.count)) }
        out.withUnsafeMutableBufferPointer { d in
            let dst = UnsafeMutableBufferPointer(rebasing: d[offset..<(offset + n)])
            switch kind {
            case .integer:
                ints.withUnsafeBufferPointer { PCM.int16(from: UnsafeBufferPointer(rebasing: $0[0..<n]), into: dst) }
            case .float:
                floats.withUnsafeBufferPointer { PCM.int16(from: UnsafeBufferPointer(rebasing: $0[0..<n]), into: dst) }
            }
        }
    }
}
