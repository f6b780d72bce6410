/// `-c`: mono from many by averaging, many from mono by copying; 5.1 to stereo by ITU-R BS.775 (LFE dropped);
/// otherwise output channel k is the average of input channels k, k+M, k+2M, … (fewer) or a copy of k mod N (more).
enum ChannelMixer {
    static func mix(_ input: SampleBuffer, into out: inout SampleBuffer, scratch src: inout [Double]) {
        let n = input.channels
        let m = out.channels
        let frames = input.frames
        out.kind = .float
        out.frames = frames
        out.reserve(frames: frames)
        input.doubles(into: &src)
        let weights = matrix(from: n, to: m)
        src.withUnsafeBufferPointer { s in
            out.floats.withUnsafeMutableBufferPointer { d in
                for f in 0..<frames {
                    for k in 0..<m {
                        var acc = 0.0
                        for (j, w) in weights[k] { acc += w * s[f * n + j] }
                        d[f * m + k] = acc
                    }
                }
            }
        }
    }

    static func matrix(from n: Int, to m: Int) -> [[(Int, Double)]] {
        if n == 6 && m == 2 {
            let c = 0.5.squareRoot()
            let g = 1 / (1 + 2 * c)
            return [[(0, g), (2, c * g), (4, c * g)], [(1, g), (2, c * g), (5, c * g)]]
        }
        if m < n {
            return (0..<m).map { k in
                let sources = Array(stride(from: k, to: n, by: m))
                return sources.map { ($0, 1 / Double(sources.count)) }
            }
        }
        return (0..<m).map { k in [(k % n, 1.0)] }
    }
}
