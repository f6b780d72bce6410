/// IMA ADPCM in WAV (format tag 0x0011, Microsoft/IMA "DVI ADPCM"): blocks of `blockAlign` bytes; per channel a
/// 4-byte header {Int16 LE first sample, UInt8 step index, 0}, then 4-byte groups of 8 codes per channel in turn,
/// low nibble first. The header sample is the block's first output sample.
public enum IMAWAV {
    public static func framesPerBlock(blockAlign: Int, channels: Int) -> Int {
        guard channels > 0, blockAlign > 4 * channels else { return 0 }
        return (blockAlign - 4 * channels) / (4 * channels) * 8 + 1
    }

    /// The block sizes libsndfile, sox and Windows use: 256·ch up to 11.025 kHz, 512·ch to 22.05 kHz, else 1024·ch.
    public static func defaultBlockAlign(sampleRate: Double, channels: Int) -> Int {
        (sampleRate <= 11025 ? 256 : sampleRate <= 22050 ? 512 : 1024) * channels
    }
}

/// Decodes IMA ADPCM WAV blocks with the reference shift-and-add arithmetic (as libsndfile and sox do).
public struct IMAWAVDecoder: Sendable {
    public let channels: Int
    public let blockAlign: Int
    public let framesPerBlock: Int

    public init?(channels: Int, blockAlign: Int) {
        let frames = IMAWAV.framesPerBlock(blockAlign: blockAlign, channels: channels)
        guard channels > 0, frames > 1 else { return nil }
        self.channels = channels
        self.blockAlign = blockAlign
        self.framesPerBlock = frames
    }

    /// Decodes one block (`blockAlign` bytes) into `framesPerBlock` interleaved frames.
    public func decodeBlock(_ src: UnsafeRawBufferPointer, into dst: UnsafeMutableBufferPointer<Int16>) {
        let ch = channels
        precondition(src.count >= blockAlign && dst.count >= framesPerBlock * ch)
        let b = src.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let d = dst.baseAddress!
        let groups = (framesPerBlock - 1) / 8
        IMA.withSteps { steps in
            for c in 0..<ch {
                let h = b + 4 * c
                var state = IMAState(predictor: Int32(Int16(bitPattern: UInt16(h[0]) | UInt16(h[1]) << 8)),
                                     index: Swift.min(Int32(h[2]), 88))  // libsndfile clamps a bad index
                d[c] = Int16(truncatingIfNeeded: state.predictor)
                var out = d + ch + c
                for g in 0..<groups {
                    let codes = b + 4 * ch + (g * ch + c) * 4
                    for k in 0..<4 {
                        out.pointee = IMA.decode(codes[k] & 0xF, &state, steps: steps); out += ch
                        out.pointee = IMA.decode(codes[k] >> 4, &state, steps: steps); out += ch
                    }
                }
            }
        }
    }
}

/// Encodes IMA ADPCM WAV blocks (greedy quantiser; the step index carries across blocks).
public struct IMAWAVEncoder: Sendable {
    public let channels: Int
    public let blockAlign: Int
    public let framesPerBlock: Int
    public private(set) var indices: [Int32]

    public init?(channels: Int, blockAlign: Int) {
        let frames = IMAWAV.framesPerBlock(blockAlign: blockAlign, channels: channels)
        guard channels > 0, frames > 1, (blockAlign - 4 * channels) % (4 * channels) == 0 else { return nil }
        self.channels = channels
        self.blockAlign = blockAlign
        self.framesPerBlock = frames
        self.indices = Array(repeating: 0, count: channels)
    }

    /// Encodes `framesPerBlock` interleaved frames into one block of `blockAlign` bytes.
    public mutating func encodeBlock(_ src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableRawBufferPointer) {
        let ch = channels
        precondition(src.count >= framesPerBlock * ch && dst.count >= blockAlign)
        let x = src.baseAddress!
        let b = dst.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let groups = (framesPerBlock - 1) / 8
        IMA.withSteps { steps in
            if ch == 2 {
                encodeStereoBlock(x, into: b, groups: groups, steps: steps)
                return
            }
            for c in 0..<ch {
                let first = x[c]
                var state = IMAState(predictor: Int32(first), index: indices[c])
                let h = b + 4 * c
                let bits = UInt16(bitPattern: first)
                h[0] = UInt8(bits & 0xFF); h[1] = UInt8(bits >> 8); h[2] = UInt8(state.index); h[3] = 0
                var input = x + ch + c
                for g in 0..<groups {
                    let codes = b + 4 * ch + (g * ch + c) * 4
                    for k in 0..<4 {
                        let lo = IMA.encode(Int32(input.pointee), &state, steps: steps); input += ch
                        let hi = IMA.encode(Int32(input.pointee), &state, steps: steps); input += ch
                        codes[k] = lo | hi << 4
                    }
                }
                indices[c] = state.index
            }
        }
    }

    /// A stereo block with both channels' dependency chains in one loop; the same bytes as the general path.
    @inline(__always)
    private mutating func encodeStereoBlock(_ x: UnsafePointer<Int16>, into b: UnsafeMutablePointer<UInt8>, groups: Int,
                                            steps: UnsafePointer<Int32>) {
        var l = IMAState(predictor: Int32(x[0]), index: indices[0])
        var r = IMAState(predictor: Int32(x[1]), index: indices[1])
        for (c, first) in [x[0], x[1]].enumerated() {
            let bits = UInt16(bitPattern: first)
            b[4 * c] = UInt8(bits & 0xFF); b[4 * c + 1] = UInt8(bits >> 8); b[4 * c + 2] = UInt8(indices[c]); b[4 * c + 3] = 0
        }
        var input = x + 2
        for g in 0..<groups {
            let codesL = b + 8 + g * 8, codesR = codesL + 4
            for k in 0..<4 {
                let l0 = IMA.encode(Int32(input[0]), &l, steps: steps), r0 = IMA.encode(Int32(input[1]), &r, steps: steps)
                let l1 = IMA.encode(Int32(input[2]), &l, steps: steps), r1 = IMA.encode(Int32(input[3]), &r, steps: steps)
                codesL[k] = l0 | l1 << 4
                codesR[k] = r0 | r1 << 4
                input += 4
            }
        }
        indices[0] = l.index; indices[1] = r.index
    }
}
