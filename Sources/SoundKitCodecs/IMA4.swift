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
/// least squared error. Every candidate is simulated with the decoder's own arithmetic, so the stream decodes
/// exactly as the encoder assumed under the resync rule.
public struct IMA4Encoder: Sendable {
    public enum Search: Sendable, Hashable {
        /// Apple's encoder, bit for bit.
        case none
        /// Per-packet choice among continuing and a few restarts (the default): 4 candidates a channel in stereo,
        /// 8 in mono, all in the 8 lanes of one vector. Better than Apple's, ffmpeg's and libsndfile's encoders,
        /// and faster than ffmpeg's and libsndfile's.
        case packet
        /// Per-packet choice among continuing and 15 restarts a channel: sounds best, several times slower.
        case wide

        /// Candidates a channel block tries, and the vector lanes the search runs in.
        func candidates(channels: Int) -> Int {
            switch self {
            case .none: return 1
            case .packet: return channels == 2 ? 4 : 8
            case .wide: return 16
            }
        }
    }

    public let channels: Int
    public let search: Search
    public private(set) var states: [IMAState]
    /// How many packets of second halves had to be encoded again (see `encodeInHalves`).
    private(set) var packetsReencoded = 0
    /// When not nil, each search call leaves here the state it assumes a decoder is in after each packet
    /// (packet-major, channels interleaved): what tests check the decoder against.
    var packetEnds: [IMAState]?

    /// The restarts a search tries besides continuing (candidate 0): a step-index offset from the running index,
    /// and whether the predictor comes from the packet's first input sample (which lets a packet jump to an
    /// attack) instead of the running predictor. Both rounded to the preamble's 9 bits.
    public struct Restart: Sendable, Hashable {
        public var indexOffset: Int32
        public var fromFirstSample: Bool
    }

    /// The restarts for a search of `candidates` candidates a channel (4, 8 or 16), chosen with scripts/quality.
    /// The 16 (`-q 127`): near and far index offsets for drift, attacks and decays, and restarts at the first
    /// sample; on a chime this lifts the gain over ffmpeg from +0.9 to +3.5 dB, and no signal there does worse than
    /// with index offsets alone. The 4 and 8 (the default in stereo and mono) keep the most useful of those.
    public static func restarts(candidates: Int) -> [Restart] {
        switch candidates {
        case 4: return narrowRestarts
        case 8: return monoRestarts
        default: return wideRestarts
        }
    }

    static let wideRestarts: [Restart] =
        [-1, 1, -2, 2, -4, 4, -8, 8, 16].map { Restart(indexOffset: $0, fromFirstSample: false) }
        + [0, -2, 2, -4, 4, 8].map { Restart(indexOffset: $0, fromFirstSample: true) }
    static let narrowRestarts: [Restart] =
        [Restart(indexOffset: -3, fromFirstSample: false), Restart(indexOffset: 3, fromFirstSample: false),
         Restart(indexOffset: 0, fromFirstSample: true)]
    static let monoRestarts: [Restart] = narrowRestarts
        + [-1, 1, -6, 6].map { Restart(indexOffset: $0, fromFirstSample: false) }

    public init(channels: Int, search: Search = .packet) {
        precondition(channels > 0)
        self.channels = channels
        self.search = search
        self.states = Array(repeating: IMAState(), count: channels)
    }

    /// Encodes `src.count / (64·channels)` whole packets of interleaved Int16 into `dst` (34·channels bytes each).
    /// Returns the number of packets written. With ``Search/packet`` a call of 8 packets or more is encoded as two
    /// halves at once, so the bytes (never their exactness) depend on how the input is divided into calls; the
    /// converter divides it the same way every time.
    @discardableResult
    public mutating func encode(_ src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableRawBufferPointer) -> Int {
        encode(src, into: dst, secondHalfStart: nil)
    }

    /// `encode`, with the state the default search's second half starts from given (tests use it to make the
    /// hand-over between the halves hard).
    mutating func encode(_ src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableRawBufferPointer, secondHalfStart: [IMAState]?) -> Int {
        let ch = channels
        let packets = Swift.min(src.count / (IMA4.framesPerPacket * ch), dst.count / IMA4.bytesPerPacket(channels: ch))
        guard packets > 0, let s = src.baseAddress, let d = dst.baseAddress else { return 0 }
        let out = d.assumingMemoryBound(to: UInt8.self)
        let search = self.search
        states.withUnsafeMutableBufferPointer { st in
            let states = st.baseAddress!
            if search == .none {
                IMA.withSteps { steps in
                    for p in 0..<packets {
                        let x = s + p * IMA4.framesPerPacket * ch, packet = out + p * IMA4.bytesPerPacket(channels: ch)
                        if ch == 2 {
                            Self.encodeBlockPairGreedy(x, states: states, into: packet, steps: steps)
                        } else {
                            for c in 0..<ch {
                                Self.encodeBlockGreedy(x + c, stride: ch, state: &states[c], into: packet + c * IMA4.bytesPerBlock, steps: steps)
                            }
                        }
                    }
                }
                return
            }
            let candidates = search.candidates(channels: ch), restarts = Self.restarts(candidates: candidates)
            var ends = [IMAState](repeating: IMAState(), count: packetEnds == nil ? 0 : packets * ch)
            let tracing = packetEnds != nil
            ends.withUnsafeMutableBufferPointer { e in
                let trace = tracing ? e.baseAddress : nil
                IMA.withSteps16 { steps in
                    // Stereo: both channels' candidates share one vector, lanes alternating left and right as the
                    // frames do. Any other count: one channel at a time.
                    let together = ch == 2 ? 2 : 1
                    if together == ch && candidates * ch == 8 && packets >= 2 * Self.minimumHalf {
                        packetsReencoded += Self.encodeInHalves(s, packets: packets, channels: ch, candidates: candidates, states: states,
                                                                into: out, steps: steps, restarts: restarts,
                                                                secondHalfStart: secondHalfStart, trace: trace)
                        return
                    }
                    for p in 0..<packets {
                        let x = s + p * IMA4.framesPerPacket * ch, packet = out + p * IMA4.bytesPerPacket(channels: ch)
                        for c in stride(from: 0, to: ch, by: together) {
                            Self.encodeSearching(x + c, stride: ch, channels: together, candidates: candidates,
                                                 states: states + c, into: packet + c * IMA4.bytesPerBlock, steps: steps, restarts: restarts)
                        }
                        if let trace { (trace + p * ch).update(from: states, count: ch) }
                    }
                }
            }
            if tracing { packetEnds = ends }
        }
        return packets
    }

    /// Two channel blocks of one stereo packet, encoded together; the same stream as two ``encodeBlockGreedy``.
    @inlinable
    static func encodeBlockPairGreedy(_ x: UnsafePointer<Int16>, states: UnsafeMutablePointer<IMAState>,
                                      into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>) {
        var l = states[0], r = states[1]
        let right = block + IMA4.bytesPerBlock
        let pl = IMA4.preamble(predictor: l.predictor, index: l.index), pr = IMA4.preamble(predictor: r.predictor, index: r.index)
        block[0] = UInt8(pl >> 8); block[1] = UInt8(pl & 0xFF)
        right[0] = UInt8(pr >> 8); right[1] = UInt8(pr & 0xFF)
        for i in 0..<32 {
            let f = x + 4 &* i
            let l0 = IMA.encode(Int32(f[0]), &l, steps: steps), r0 = IMA.encode(Int32(f[1]), &r, steps: steps)
            let l1 = IMA.encode(Int32(f[2]), &l, steps: steps), r1 = IMA.encode(Int32(f[3]), &r, steps: steps)
            block[2 &+ i] = l0 | l1 << 4
            right[2 &+ i] = r0 | r1 << 4
        }
        states[0] = l; states[1] = r
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

    /// Where candidate `j` of a channel block starts: 0 continues the running state, `j` > 0 is restart `j`-1.
    /// Nil for a restart the decoder would not adopt (index out of range, or the running index with a predictor
    /// within 0x7F of the running one, which the resync rule keeps): it is no candidate.
    @inline(__always)
    static func candidate(_ j: Int, of running: IMAState, first: Int32, restarts: [Restart]) -> IMAState? {
        guard j > 0 else { return running }
        let r = restarts[j &- 1]
        let predictor = Swift.min(((r.fromFirstSample ? first : running.predictor) &+ 64) & ~0x7F, 32640)
        let index = running.index &+ r.indexOffset
        guard index >= 0 && index <= 88, index != running.index || abs(predictor &- running.predictor) > 0x7F else { return nil }
        return IMAState(predictor: predictor, index: index)
    }

    typealias Lanes = IMA.Lanes

    /// One sample of the search for every lane: the vector nibble step (``IMA/encode(_:_:_:_:steps:)``) and the
    /// squared error of what it decodes to, summed in Float as the scalar reference sums them. Returns the codes.
    @_transparent
    static func searchStep(_ xs: Lanes, _ predictor: inout Lanes, _ index: inout Lanes, _ step: inout Lanes,
                           _ error: inout SIMD8<Float>, steps: UnsafePointer<Int16>) -> Lanes {
        let code = IMA.encode(xs, &predictor, &index, &step, steps: steps)
        let q = predictor
        let under = IMA.mask(xs, lessThan: q)
        let e = ((xs &- q) ^ under) &- under                          // |x − decoded|, unsigned
        for k in 0..<8 {
            let f = Float(UInt16(bitPattern: e[k]))
            error[k] += f * f
        }
        return code
    }

    /// One 8-lane pass of a packet search: 64 frames from `x` (every `stride`-th sample; with `channels` 2 the lanes
    /// alternate left and right as the frames do), from `start`. Leaves four codes a lane in each of the 16 words
    /// at `packed`.
    struct Pass {
        var x: UnsafePointer<Int16>
        var stride: Int
        var channels: Int
        var predictor: Lanes
        var index: Lanes
        var step = Lanes()
        var error = SIMD8<Float>(repeating: 0)
        var packed: UnsafeMutablePointer<Lanes>

        @inline(__always)
        init(x: UnsafePointer<Int16>, stride: Int, channels: Int, start: UnsafePointer<Lanes>, packed: UnsafeMutablePointer<Lanes>,
             steps: UnsafePointer<Int16>) {
            self.x = x; self.stride = stride; self.channels = channels; self.packed = packed
            predictor = start[0]; index = start[1]
            step = IMA.lookUp(index, in: steps)
        }

        /// The lanes' input at sample `i` of the packet: a stereo frame's two samples repeated, as one 32-bit
        /// broadcast, or one sample in every lane.
        @inline(__always)
        func input(_ i: Int) -> Lanes {
            let f = x + i &* stride
            if channels == 2 {
                return unsafeBitCast(SIMD4<UInt32>(repeating: UnsafeRawPointer(f).loadUnaligned(as: UInt32.self)), to: Lanes.self)
            }
            return Lanes(repeating: f[0])
        }

        @inline(__always)
        mutating func run(steps: UnsafePointer<Int16>) {
            var predictor = self.predictor, index = self.index, step = self.step, error = self.error
            for word in 0..<16 {
                var nibbles = Lanes()
                for n in 0..<4 {
                    nibbles |= searchStep(input(word &* 4 &+ n), &predictor, &index, &step, &error, steps: steps) &<< Int16(4 &* n)
                }
                packed[word] = nibbles
            }
            self.predictor = predictor; self.index = index; self.step = step; self.error = error
        }
    }

    /// Two passes in one loop: two independent dependency chains, which the CPU overlaps (one chain alone leaves
    /// it waiting on the step-table lookups). The state lives in locals so that it stays in registers.
    @inline(__always)
    static func run(_ a: inout Pass, _ b: inout Pass, steps: UnsafePointer<Int16>) {
        var pa = a.predictor, ia = a.index, sa = a.step, ea = a.error
        var pb = b.predictor, ib = b.index, sb = b.step, eb = b.error
        for word in 0..<16 {
            var na = Lanes(), nb = Lanes()
            for n in 0..<4 {
                let i = word &* 4 &+ n
                na |= searchStep(a.input(i), &pa, &ia, &sa, &ea, steps: steps) &<< Int16(4 &* n)
                nb |= searchStep(b.input(i), &pb, &ib, &sb, &eb, steps: steps) &<< Int16(4 &* n)
            }
            a.packed[word] = na; b.packed[word] = nb
        }
        a.predictor = pa; a.index = ia; a.step = sa; a.error = ea
        b.predictor = pb; b.index = ib; b.step = sb; b.error = eb
    }

    /// The scratch one packet's search needs, in `Lanes`: 16 code words, a start and an end (predictor, index)
    /// for each of up to 4 passes.
    static let scratchPerPacket = 4 * (16 + 2 + 2)

    /// A packet's search, set up: candidate j of channel c runs in lane (j·channels + c) of pass ⌊that / 8⌋.
    struct PacketSearch {
        var passes: Int
        var channels: Int
        var valid: UInt32 = 0
        var packed: UnsafeMutablePointer<Lanes>
        var starts: UnsafeMutablePointer<Lanes>
        var ends: UnsafeMutablePointer<Lanes>
        var errors = (SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>())

        @inline(__always)
        init(_ x: UnsafePointer<Int16>, channels: Int, candidates: Int, states: UnsafePointer<IMAState>, restarts: [Restart],
             scratch: UnsafeMutablePointer<Lanes>) {
            self.channels = channels
            passes = candidates * channels / 8
            packed = scratch; starts = scratch + 16 * 4; ends = starts + 2 * 4
            for pass in 0..<passes {
                var predictor = Lanes(), index = Lanes()
                for k in 0..<8 {
                    let lane = pass * 8 + k, c = lane % channels
                    let s = candidate(lane / channels, of: states[c], first: Int32(x[c]), restarts: restarts)
                    if s != nil { valid |= 1 << UInt32(lane) }
                    let start = s ?? states[c]
                    predictor[k] = Int16(truncatingIfNeeded: start.predictor); index[k] = Int16(truncatingIfNeeded: start.index)
                }
                starts[2 * pass] = predictor; starts[2 * pass + 1] = index
            }
        }

        @inline(__always)
        func pass(_ i: Int, _ x: UnsafePointer<Int16>, stride: Int, steps: UnsafePointer<Int16>) -> Pass {
            Pass(x: x, stride: stride, channels: channels, start: starts + 2 * i, packed: packed + 16 * i, steps: steps)
        }

        @inline(__always)
        mutating func record(_ i: Int, _ p: Pass) {
            ends[2 * i] = p.predictor; ends[2 * i + 1] = p.index
            switch i {
            case 0: errors.0 = p.error
            case 1: errors.1 = p.error
            case 2: errors.2 = p.error
            default: errors.3 = p.error
            }
        }

        @inline(__always)
        func error(_ lane: Int) -> Float {
            switch lane / 8 {
            case 0: return errors.0[lane % 8]
            case 1: return errors.1[lane % 8]
            case 2: return errors.2[lane % 8]
            default: return errors.3[lane % 8]
            }
        }

        /// Writes each channel's winning candidate, leaves its end state in `states` and, when asked, the state it
        /// starts from in `started`. With `handingOver`, only a candidate whose end state leads a decoder into the
        /// next packet (channel c's block at `block + 34·c`) in the state its encoder assumed (`expected[c]`) may
        /// win; returns false, writing nothing, when a channel has none.
        @inline(__always)
        @discardableResult
        func finish(into block: UnsafeMutablePointer<UInt8>, states: UnsafeMutablePointer<IMAState>,
                    started: UnsafeMutablePointer<IMAState>? = nil,
                    handingOver next: (block: UnsafePointer<UInt8>, expected: UnsafePointer<IMAState>)? = nil) -> Bool {
            var winners = (0, 0)
            for c in 0..<channels {
                var best = -1
                for lane in Swift.stride(from: c, to: passes * 8, by: channels)
                where valid & (1 << UInt32(lane)) != 0 && (best < 0 || error(lane) < error(best)) {
                    if let next {
                        let b = next.block + c * IMA4.bytesPerBlock
                        if IMA4.resync(end(lane), preamble: UInt16(b[0]) << 8 | UInt16(b[1])) != next.expected[c] { continue }
                    }
                    best = lane
                }
                if best < 0 { return false }
                if c == 0 { winners.0 = best } else { winners.1 = best }
            }
            for c in 0..<channels {
                let best = c == 0 ? winners.0 : winners.1
                let pass = best / 8, k = best % 8
                let out = block + c * IMA4.bytesPerBlock
                let start = IMAState(predictor: Int32(starts[2 * pass][k]), index: Int32(starts[2 * pass + 1][k]))
                let pre = IMA4.preamble(predictor: start.predictor, index: start.index)
                out[0] = UInt8(pre >> 8); out[1] = UInt8(pre & 0xFF)
                for word in 0..<16 {  // four codes a word, low nibble first: the block's two bytes, little-endian
                    let w = UInt16(bitPattern: packed[16 * pass + word][k])
                    out[2 &+ 2 &* word] = UInt8(truncatingIfNeeded: w); out[3 &+ 2 &* word] = UInt8(truncatingIfNeeded: w >> 8)
                }
                states[c] = end(best)
                started?[c] = start
            }
            return true
        }

        @inline(__always)
        func end(_ lane: Int) -> IMAState {
            IMAState(predictor: Int32(ends[2 * (lane / 8)][lane % 8]), index: Int32(ends[2 * (lane / 8) + 1][lane % 8]))
        }
    }

    /// The packet search for one block (`channels` 1) or both blocks of a stereo packet (`channels` 2, stride 2),
    /// `candidates` a channel. Writes each channel's winning candidate and leaves its end state in `states` (and
    /// its start in `started`). With `handingOver`, a candidate that hands over to that next packet wins if there
    /// is one (see ``PacketSearch/finish(into:states:started:handingOver:)``), else the best; returns whether one
    /// handed over.
    @discardableResult
    static func encodeSearching(_ x: UnsafePointer<Int16>, stride: Int, channels: Int, candidates: Int,
                                states: UnsafeMutablePointer<IMAState>, into block: UnsafeMutablePointer<UInt8>,
                                steps: UnsafePointer<Int16>, restarts: [Restart], started: UnsafeMutablePointer<IMAState>? = nil,
                                handingOver next: (block: UnsafePointer<UInt8>, expected: UnsafePointer<IMAState>)? = nil) -> Bool {
        precondition((channels == 1 || channels == 2 && stride == 2) && candidates * channels % 8 == 0 && candidates * channels <= 32)
        return withUnsafeTemporaryAllocation(of: Lanes.self, capacity: scratchPerPacket) { scratch in
            var search = PacketSearch(x, channels: channels, candidates: candidates, states: states, restarts: restarts,
                                      scratch: scratch.baseAddress!)
            var i = 0
            while i + 1 < search.passes {
                var a = search.pass(i, x, stride: stride, steps: steps), b = search.pass(i + 1, x, stride: stride, steps: steps)
                run(&a, &b, steps: steps)
                search.record(i, a); search.record(i + 1, b)
                i += 2
            }
            if i < search.passes {
                var a = search.pass(i, x, stride: stride, steps: steps)
                a.run(steps: steps)
                search.record(i, a)
            }
            if let next, search.finish(into: block, states: states, started: started, handingOver: next) { return true }
            search.finish(into: block, states: states, started: started)
            return false
        }
    }

    /// Two packets of one pass each (the default search) from two independent states, in one loop.
    static func encodeSearching(_ xa: UnsafePointer<Int16>, states sa: UnsafeMutablePointer<IMAState>, into ba: UnsafeMutablePointer<UInt8>,
                                _ xb: UnsafePointer<Int16>, states sb: UnsafeMutablePointer<IMAState>, into bb: UnsafeMutablePointer<UInt8>,
                                stride: Int, channels: Int, candidates: Int, steps: UnsafePointer<Int16>, restarts: [Restart],
                                startedB: UnsafeMutablePointer<IMAState>) {
        precondition((channels == 1 || channels == 2 && stride == 2) && candidates * channels == 8)
        withUnsafeTemporaryAllocation(of: Lanes.self, capacity: 2 * scratchPerPacket) { scratch in
            var sa_ = PacketSearch(xa, channels: channels, candidates: candidates, states: sa, restarts: restarts, scratch: scratch.baseAddress!)
            var sb_ = PacketSearch(xb, channels: channels, candidates: candidates, states: sb, restarts: restarts,
                                   scratch: scratch.baseAddress! + scratchPerPacket)
            var a = sa_.pass(0, xa, stride: stride, steps: steps), b = sb_.pass(0, xb, stride: stride, steps: steps)
            run(&a, &b, steps: steps)
            sa_.record(0, a); sb_.record(0, b)
            sa_.finish(into: ba, states: sa)
            sb_.finish(into: bb, states: sb, started: startedB)
        }
    }

    /// Calls of fewer than twice this many packets are not split.
    static let minimumHalf = 4

    /// The default search over `packets` whole packets of one or two channels, as two halves encoded at once: two
    /// dependency chains in one loop, which the CPU overlaps (one alone leaves it waiting on its step lookups).
    ///
    /// The second half starts one packet after the middle, from a state its preamble can state exactly: the
    /// greedy encoder's state after running over the middle packet from the running index, its predictor rounded
    /// to the preamble's 9 bits. The middle packet is encoded last, from the first half's end, and may only end
    /// where a decoder goes on into the next packet in the state the second half assumed there (the resync rule
    /// keeps a running state at the same index and a predictor within 0x7F, else adopts the preamble). Where no
    /// candidate does, the best one stays and the join moves on a packet: that packet is encoded again from the
    /// true state, under the same condition towards the one after it, and so on. Every packet therefore decodes
    /// exactly as the encoder simulated it. Returns how many packets were encoded again.
    static func encodeInHalves(_ s: UnsafePointer<Int16>, packets: Int, channels ch: Int, candidates: Int,
                               states: UnsafeMutablePointer<IMAState>, into out: UnsafeMutablePointer<UInt8>,
                               steps: UnsafePointer<Int16>, restarts: [Restart], secondHalfStart: [IMAState]? = nil,
                               trace: UnsafeMutablePointer<IMAState>? = nil) -> Int {
        let frame = IMA4.framesPerPacket * ch, bytes = IMA4.bytesPerPacket(channels: ch)
        let middle = packets / 2, first = middle, second = packets - middle - 1   // packets in each half
        return withUnsafeTemporaryAllocation(of: IMAState.self, capacity: (packets + 1) * ch) { buffer in
            // b: the second half's running state; started[p]: the state it assumed packet p starts from.
            let b = buffer.baseAddress!, started = b + ch
            for c in 0..<ch {
                if let given = secondHalfStart?[c] { b[c] = given; continue }
                var warm = IMAState(predictor: Int32(s[middle * frame + c]), index: states[c].index)
                IMA.withSteps { steps32 in
                    for i in 0..<IMA4.framesPerPacket { _ = IMA.encode(Int32(s[middle * frame + i * ch + c]), &warm, steps: steps32) }
                }
                b[c] = IMAState(predictor: Swift.min((warm.predictor &+ 64) & ~0x7F, 32640), index: warm.index)
            }
            for k in 0..<Swift.max(first, second) {
                let pa = k, pb = middle + 1 + k
                if k < first && k < second {
                    encodeSearching(s + pa * frame, states: states, into: out + pa * bytes, s + pb * frame, states: b, into: out + pb * bytes,
                                    stride: ch, channels: ch, candidates: candidates, steps: steps, restarts: restarts,
                                    startedB: started + pb * ch)
                } else if k < first {
                    encodeSearching(s + pa * frame, stride: ch, channels: ch, candidates: candidates, states: states,
                                    into: out + pa * bytes, steps: steps, restarts: restarts)
                } else {
                    encodeSearching(s + pb * frame, stride: ch, channels: ch, candidates: candidates, states: b,
                                    into: out + pb * bytes, steps: steps, restarts: restarts, started: started + pb * ch)
                }
                if let trace {
                    if k < first { (trace + pa * ch).update(from: states, count: ch) }
                    if k < second { (trace + pb * ch).update(from: b, count: ch) }
                }
            }
            // The join, from the first half's end (where a decoder really arrives) towards the second half.
            var redone = 0
            for p in middle..<packets {
                let next = p + 1 < packets ? (UnsafePointer(out + (p + 1) * bytes), UnsafePointer(started + (p + 1) * ch)) : nil
                let joined = encodeSearching(s + p * frame, stride: ch, channels: ch, candidates: candidates, states: states,
                                             into: out + p * bytes, steps: steps, restarts: restarts, handingOver: next)
                if let trace { (trace + p * ch).update(from: states, count: ch) }
                if p > middle { redone += 1 }
                if joined {
                    for c in 0..<ch { states[c] = b[c] }
                    break
                }
            }
            return redone
        }
    }

    /// The same search, one channel block and one candidate at a time with the scalar ``IMA/encode``: the
    /// reference the vector search is tested against.
    static func encodeBlockSearchingReference(_ x: UnsafePointer<Int16>, stride: Int, state: inout IMAState,
                                              into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>,
                                              candidates: Int) {
        let restarts = restarts(candidates: candidates)
        var best: (error: Float, start: IMAState, end: IMAState, codes: [UInt8])?
        for j in 0..<candidates {
            guard let start = candidate(j, of: state, first: Int32(x[0]), restarts: restarts) else { continue }
            var s = start, e: Float = 0, codes: [UInt8] = []
            for i in 0..<IMA4.framesPerPacket {
                let v = Int32(x[i * stride])
                codes.append(IMA.encode(v, &s, steps: steps))
                let d = Float(v - s.predictor)
                e += d * d
            }
            if best == nil || e < best!.error { best = (e, start, s, codes) }
        }
        let b = best!
        let pre = IMA4.preamble(predictor: b.start.predictor, index: b.start.index)
        block[0] = UInt8(pre >> 8); block[1] = UInt8(pre & 0xFF)
        for i in 0..<32 { block[2 + i] = b.codes[2 * i] | b.codes[2 * i + 1] << 4 }
        state = b.end
    }
}
