/// Apple IMA4 (`ima4`): 64 frames a packet; per channel a 34-byte block of a 2-byte big-endian preamble
/// (9-bit predictor, 7-bit step index) and 32 bytes of codes, low nibble first; channels block-interleaved.
public enum IMA4 {
    public static let framesPerPacket = 64
    public static let bytesPerBlock = 34

    public static func bytesPerPacket(channels: Int) -> Int { bytesPerBlock * channels }

    /// The preamble a decoder reads as `(predictor, index)`.
    @inlinable @inline(__always)
    public static func preamble(predictor: Int32, index: Int32) -> UInt16 {
        UInt16(truncatingIfNeeded: predictor) & 0xFF80 | UInt16(truncatingIfNeeded: index)
    }

    /// Apple's resync rule: keep the running state when the preamble's index equals it and its predictor lies
    /// within 0x7F of it; otherwise adopt the preamble. Returns the state the packet decodes from.
    @inlinable @inline(__always)
    public static func resync(_ running: IMAState, preamble: UInt16) -> IMAState {
        let predictor = Int32(Int16(bitPattern: preamble & 0xFF80))
        let index = Int32(preamble & 0x7F)
        if index == running.index && abs(predictor &- running.predictor) <= 0x7F { return running }
        return IMAState(predictor: predictor, index: index)
    }
}

public enum IMA4Error: Error, Equatable, CustomStringConvertible {
    case invalidStepIndex(packet: Int, channel: Int, index: Int)

    public var description: String {
        switch self {
        case let .invalidStepIndex(packet, channel, index):
            return "IMA4 packet \(packet), channel \(channel + 1): step index \(index) is outside 0...88"
        }
    }
}

/// Decodes Apple IMA4 exactly as Core Audio and FFmpeg do (resync rule, initial state 0/0).
public struct IMA4Decoder: Sendable {
    public let channels: Int
    public private(set) var states: [IMAState]
    public private(set) var packetsDecoded = 0

    public init(channels: Int) {
        precondition(channels > 0)
        self.channels = channels
        self.states = Array(repeating: IMAState(), count: channels)
    }

    /// Decodes `src.count / (34·channels)` whole packets into interleaved Int16 (64 frames each).
    /// Returns the number of frames written.
    public mutating func decode(_ src: UnsafeRawBufferPointer, into dst: UnsafeMutableBufferPointer<Int16>) throws(IMA4Error) -> Int {
        let ch = channels
        let packetBytes = IMA4.bytesPerPacket(channels: ch)
        let packets = Swift.min(src.count / packetBytes, dst.count / (IMA4.framesPerPacket * ch))
        guard packets > 0, let s = src.baseAddress, let d = dst.baseAddress else { return 0 }
        let bytes = s.assumingMemoryBound(to: UInt8.self)
        try IMA.withSteps { (steps) throws(IMA4Error) in
            for p in 0..<packets {
                for c in 0..<ch {
                    let block = bytes + p * packetBytes + c * IMA4.bytesPerBlock
                    let pre = UInt16(block[0]) << 8 | UInt16(block[1])
                    guard pre & 0x7F <= 88 else {
                        throw .invalidStepIndex(packet: packetsDecoded + p, channel: c, index: Int(pre & 0x7F))
                    }
                    var state = IMA4.resync(states[c], preamble: pre)
                    var out = d + p * IMA4.framesPerPacket * ch + c
                    for i in 2..<IMA4.bytesPerBlock {
                        out.pointee = IMA.decode(block[i] & 0xF, &state, steps: steps); out += ch
                        out.pointee = IMA.decode(block[i] >> 4, &state, steps: steps); out += ch
                    }
                    states[c] = state
                }
            }
        }
        packetsDecoded += packets
        return packets * IMA4.framesPerPacket
    }
}

/// Encodes Apple IMA4.
///
/// With ``Search/none`` this is Apple's (and FFmpeg's `adpcm_ima_qt`) encoder: the greedy quantiser, the state
/// carried across packets, the preamble written from the running state. With ``Search/packet`` each channel block
/// also tries restarting from other step indices — the preamble lets a packet set its own state, and a preamble
/// whose index differs from the decoder's running index is always adopted — and keeps whichever candidate has the
/// least squared error. Every candidate is simulated with the decoder's own step, so the stream decodes exactly
/// as the encoder assumed under the resync rule.
public struct IMA4Encoder: Sendable {
    public enum Search: Sendable, Hashable {
        /// Apple's encoder, bit for bit.
        case none
        /// Per-packet choice of the starting step index (the default).
        case packet
    }

    public let channels: Int
    public let search: Search
    public private(set) var states: [IMAState]

    /// Index offsets tried at each packet besides continuing: near ones for drift, far ones for attacks and decays.
    @usableFromInline static let candidateOffsets: [Int32] = [-2, 2, -4, 4, -1, 1, -6, 6, -8, 8, -12, 12, -16, 16, -20, 20, 28]

    public init(channels: Int, search: Search = .packet) {
        precondition(channels > 0)
        self.channels = channels
        self.search = search
        self.states = Array(repeating: IMAState(), count: channels)
    }

    /// Encodes `src.count / (64·channels)` whole packets of interleaved Int16 into `dst` (34·channels bytes each).
    /// Returns the number of packets written.
    @discardableResult
    public mutating func encode(_ src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableRawBufferPointer) -> Int {
        let ch = channels
        let packets = Swift.min(src.count / (IMA4.framesPerPacket * ch), dst.count / IMA4.bytesPerPacket(channels: ch))
        guard packets > 0, let s = src.baseAddress, let d = dst.baseAddress else { return 0 }
        let out = d.assumingMemoryBound(to: UInt8.self)
        let search = self.search
        IMA.withSteps { steps in
            for p in 0..<packets {
                for c in 0..<ch {
                    let x = s + p * IMA4.framesPerPacket * ch + c
                    let block = out + (p * ch + c) * IMA4.bytesPerBlock
                    switch search {
                    case .none: Self.encodeBlockGreedy(x, stride: ch, state: &states[c], into: block, steps: steps)
                    case .packet: Self.encodeBlockSearching(x, stride: ch, state: &states[c], into: block, steps: steps)
                    }
                }
            }
        }
        return packets
    }

    /// Apple's block: preamble from the running state, then greedy codes continuing from the full predictor.
    @inlinable
    static func encodeBlockGreedy(_ x: UnsafePointer<Int16>, stride: Int, state: inout IMAState,
                                  into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>) {
        let pre = IMA4.preamble(predictor: state.predictor, index: state.index)
        block[0] = UInt8(pre >> 8); block[1] = UInt8(pre & 0xFF)
        var s = state
        for i in 0..<32 {
            let lo = IMA.encode(Int32(x[(2 * i) * stride]), &s, steps: steps)
            let hi = IMA.encode(Int32(x[(2 * i + 1) * stride]), &s, steps: steps)
            block[2 + i] = lo | hi << 4
        }
        state = s
    }

    /// Encodes one block greedily from `start` into `codes` (one code a byte), giving up as soon as the squared
    /// error reaches `bound`. Returns the error (≥ `bound` when abandoned) and the end state.
    @inlinable @inline(__always)
    static func trial(_ x: UnsafePointer<Int16>, stride: Int, from start: IMAState, bound: Int64,
                      steps: UnsafePointer<Int32>, codes: UnsafeMutablePointer<UInt8>) -> (error: Int64, end: IMAState) {
        var s = start
        var error: Int64 = 0
        for i in 0..<IMA4.framesPerPacket {
            let v = Int32(x[i &* stride])
            codes[i] = IMA.encode(v, &s, steps: steps)
            let e = Int64(v &- s.predictor)
            error &+= e &* e
            if error >= bound { return (error, s) }
        }
        return (error, s)
    }

    @inlinable
    static func encodeBlockSearching(_ x: UnsafePointer<Int16>, stride: Int, state: inout IMAState,
                                     into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>) {
        let running = state
        // Two code buffers: the best so far and the one being tried.
        var buffers = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0),
                       UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &buffers) { raw in
            var best = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var trying = best + IMA4.framesPerPacket
            // Continuing: the decoder keeps the running state (same index, predictor within 0x7F of the preamble's).
            var bestPreamble = IMA4.preamble(predictor: running.predictor, index: running.index)
            var bestResult = trial(x, stride: stride, from: running, bound: .max, steps: steps, codes: best)
            // Restarting: the predictor rounded to the preamble's 9 bits and another index, so the decoder adopts it.
            let rounded = Swift.min((running.predictor &+ 64) & ~0x7F, 32640)
            for offset in candidateOffsets where bestResult.error > 0 {
                let index = running.index &+ offset
                if index < 0 || index > 88 { continue }
                let t = trial(x, stride: stride, from: IMAState(predictor: rounded, index: index), bound: bestResult.error,
                              steps: steps, codes: trying)
                if t.error < bestResult.error {
                    bestResult = t
                    bestPreamble = IMA4.preamble(predictor: rounded, index: index)
                    swap(&best, &trying)
                }
            }
            block[0] = UInt8(bestPreamble >> 8); block[1] = UInt8(bestPreamble & 0xFF)
            for i in 0..<32 { block[2 + i] = best[2 * i] | best[2 * i + 1] << 4 }
            state = bestResult.end
        }
    }
}
