/// How hard an IMA encoder looks for the codes that sound best.
package enum IMASearch: Sendable, Hashable {
    /// The reference encoder's greedy quantiser, bit for bit (Apple's for IMA4; for IMA in WAV, the index carried
    /// from block to block as libsndfile and sox do).
    case none
    /// The default. IMA4: every packet is coded greedily from a few of the header states it could set (4 a channel
    /// in stereo, 8 otherwise) and the cheapest is kept — the search that keeps the default fast. IMA in WAV: the
    /// trellis, 8 paths a channel for stereo, 16 for a channel alone.
    case starts
    /// For every channel, 16 starts coded greedily, the trellis (``IMATrellis``, 16 paths) and the look-ahead
    /// coder (``IMALookahead``, 8 starts); the closest wins.
    case trellis
    /// The beam (``IMABeam``): 256 paths a channel block with at most one per band of predictor values (32 wide),
    /// and what ``trellis`` tries, the closest kept; far slower than the trellis (scripts/bench times it). In WAV,
    /// the block's first sample at every index is a start.
    case beam
    /// Two beams and what ``trellis`` tries, the closest kept: bands 16 and 64 wide in IMA4 (dense signals and
    /// transients), 2 and 64 in WAV, whose long blocks have no restarts.
    case beams
}

/// Encodes Apple IMA4.
///
/// With ``IMASearch/none`` this is Apple's (and FFmpeg's `adpcm_ima_qt`) encoder: the greedy quantiser, the state
/// carried across packets, the preamble written from the running state. The searches use the preamble to let a
/// packet set its own state — a preamble whose index differs from the decoder's running index is always adopted —
/// and keep the cheapest of several codings: ``IMASearch/starts`` (the default, IMA4StartSearch.swift) codes each
/// packet greedily from the running state and a few restarts; ``IMASearch/trellis`` adds the trellis
/// (``IMATrellis``) and the look-ahead coder (``IMALookahead``); ``IMASearch/beam`` and ``IMASearch/beams`` the
/// widest search (``IMABeam``). Every candidate is simulated with the decoder's own arithmetic, so the stream
/// decodes exactly as the encoder assumed under the resync rule.
package struct IMA4Encoder: Sendable {
    /// How hard the encoder searches.
    package typealias Search = IMASearch

    /// Channels a packet holds.
    package let channels: Int
    /// How hard the encoder searches.
    package let search: Search
    /// Where a decoder of each channel is after the last packet written.
    package private(set) var states: [IMAState]

    /// A restart a search tries besides continuing: a step-index offset from the running index, and whether the
    /// predictor comes from the packet's first input sample (which lets a packet jump to an attack) instead of the
    /// running predictor. Both rounded to the preamble's 9 bits.
    struct Restart: Sendable, Hashable {
        var indexOffset: Int32
        var fromFirstSample: Bool
    }

    /// The trellis's restarts in order of use: a search with n starts tries continuing and the first n − 1. Near
    /// and far index offsets catch drift, an attack and a decay; a restart at the first sample jumps to an attack.
    static let restarts: [Restart] =
        [
            Restart(indexOffset: -3, fromFirstSample: false), Restart(indexOffset: 3, fromFirstSample: false),
            Restart(indexOffset: 0, fromFirstSample: true),
        ]
        + [-1, 1, -6, 6, -2, 2, -8, 8, 16].map { Restart(indexOffset: $0, fromFirstSample: false) }
        + [-4, 4, 8].map { Restart(indexOffset: $0, fromFirstSample: true) }

    /// Where candidate `j` of a channel block starts: 0 continues the running state, `j` > 0 is restart `j`-1.
    /// Nil for a restart the decoder would not adopt (index out of range, or the running index with a predictor
    /// within 0x7F of the running one, which the resync rule keeps): it is no candidate.
    @inline(__always) @_optimize(speed)
    static func candidate(_ j: Int, of running: IMAState, first: Int32, restarts: [Restart]) -> IMAState? {
        guard j > 0 else { return running }
        let r = restarts[j &- 1]
        let predictor = IMA4.preamblePredictor(nearest: r.fromFirstSample ? first : running.predictor)
        let index = running.index &+ r.indexOffset
        guard index >= 0 && index <= 88, index != running.index || abs(predictor &- running.predictor) > 0x7F else {
            return nil
        }
        return IMAState(predictor: predictor, index: index)
    }

    /// An encoder of `channels` block-interleaved channels (fewer than 1 counts as 1) searching as `search` says.
    @_optimize(speed)
    package init(channels: Int, search: Search = .starts) {
        self.channels = Swift.max(channels, 1)
        self.search = search
        self.states = Array(repeating: IMAState(), count: Swift.max(channels, 1))
    }

    /// Encodes `src.count / (64·channels)` whole packets of interleaved Int16 into `dst` (34·channels bytes each).
    /// Returns the number of packets written. With ``IMASearch/starts`` a call of 8 packets or more is encoded as
    /// two halves at once, so the bytes (never their exactness) depend on how the input is divided into calls; the
    /// converter divides it the same way every time.
    @discardableResult @_optimize(speed)
    package mutating func encode(_ src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableRawBufferPointer) -> Int {
        let ch = channels
        let packets = Swift.min(src.count / (IMA4.framesPerPacket * ch), dst.count / IMA4.bytesPerPacket(channels: ch))
        guard packets > 0, let s = src.baseAddress, let d = dst.baseAddress else { return 0 }
        let out = d.assumingMemoryBound(to: UInt8.self)
        var states = self.states
        states.withUnsafeMutableBufferPointer { st in
            guard let states = st.baseAddress else { return }
            switch search {
            case .none:
                IMA.withSteps { steps in
                    for p in 0..<packets {
                        let x = s + p * IMA4.framesPerPacket * ch
                        let packet = out + p * IMA4.bytesPerPacket(channels: ch)
                        if ch == 2 {
                            Self.encodeBlockPairGreedy(x, states: states, into: packet, steps: steps)
                        } else {
                            for c in 0..<ch {
                                Self.encodeBlockGreedy(
                                    x + c, stride: ch, state: &states[c], into: packet + c * IMA4.bytesPerBlock,
                                    steps: steps)
                            }
                        }
                    }
                }
            case .starts:
                Self.encodeStarts(s, packets: packets, channels: ch, into: out, states: states)
            case .trellis:
                encodeCheapest(s, packets: packets, into: out, states: states, beams: [])
            case .beam:
                encodeCheapest(s, packets: packets, into: out, states: states, beams: [IMABeam(bandShift: 5)])
            case .beams:
                encodeCheapest(
                    s, packets: packets, into: out, states: states,
                    beams: [IMABeam(bandShift: 4), IMABeam(bandShift: 6)])
            }
        }
        self.states = states
        return packets
    }

    // MARK: Apple's encoder

    /// Two channel blocks of one stereo packet, encoded together; the same stream as two ``encodeBlockGreedy``.
    @inlinable @_optimize(speed)
    static func encodeBlockPairGreedy(
        _ x: UnsafePointer<Int16>, states: UnsafeMutablePointer<IMAState>,
        into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>
    ) {
        var l = states[0]
        var r = states[1]
        let right = block + IMA4.bytesPerBlock
        let pl = IMA4.preamble(predictor: l.predictor, index: l.index)
        let pr = IMA4.preamble(predictor: r.predictor, index: r.index)
        block[0] = UInt8(pl >> 8)
        block[1] = UInt8(pl & 0xFF)
        right[0] = UInt8(pr >> 8)
        right[1] = UInt8(pr & 0xFF)
        for i in 0..<32 {
            let f = x + 4 &* i
            let l0 = IMA.encode(Int32(f[0]), &l, steps: steps)
            let r0 = IMA.encode(Int32(f[1]), &r, steps: steps)
            let l1 = IMA.encode(Int32(f[2]), &l, steps: steps)
            let r1 = IMA.encode(Int32(f[3]), &r, steps: steps)
            block[2 &+ i] = l0 | l1 << 4
            right[2 &+ i] = r0 | r1 << 4
        }
        states[0] = l
        states[1] = r
    }

    /// Apple's block: preamble from the running state, then greedy codes continuing from the full predictor.
    @inlinable @_optimize(speed)
    static func encodeBlockGreedy(
        _ x: UnsafePointer<Int16>, stride: Int, state: inout IMAState,
        into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>
    ) {
        let pre = IMA4.preamble(predictor: state.predictor, index: state.index)
        block[0] = UInt8(pre >> 8)
        block[1] = UInt8(pre & 0xFF)
        var s = state
        for i in 0..<32 {
            let lo = IMA.encode(Int32(x[(2 * i) * stride]), &s, steps: steps)
            let hi = IMA.encode(Int32(x[(2 * i + 1) * stride]), &s, steps: steps)
            block[2 + i] = lo | hi << 4
        }
        state = s
    }

    // MARK: The trellis

    /// Where a packet may start for a channel in `running`, whose first sample is `first`: lane 0 continues, lane
    /// j > 0 is restart j − 1; written at lanes `lanes.lowerBound...`. A restart the decoder would not adopt (index
    /// out of range, or the running index with a predictor within 0x7F of the running one, which the resync rule
    /// keeps) is no candidate.
    @_optimize(speed)
    static func starts(_ running: IMAState, first: Int32, into starts: inout IMATrellis.Starts, lanes: Range<Int>) {
        for (j, lane) in lanes.enumerated() {
            let start = candidate(j, of: running, first: first, restarts: restarts)
            starts[lane: lane] = start ?? running
            if start != nil { starts.valid |= 1 << UInt16(lane) }
        }
    }

    // MARK: The trellis, the look-ahead coder and the beams

    /// Every channel block coded by the trellis, the look-ahead coder (``IMALookahead``) and each beam, from the
    /// same running state; the closest (least squared error) is written. The trellis is often the closest on steady
    /// tones, the look-ahead coder on edges, clicks and noise, the beams far ahead on transients.
    @_optimize(speed)
    func encodeCheapest(
        _ s: UnsafePointer<Int16>, packets: Int, into out: UnsafeMutablePointer<UInt8>,
        states: UnsafeMutablePointer<IMAState>, beams: [IMABeam]
    ) {
        let ch = channels
        IMASearchContext.with(samples: IMA4.framesPerPacket, trialBytes: IMA4.bytesPerBlock, beams: beams) { context in
            for p in 0..<packets {
                let x = s + p * IMA4.framesPerPacket * ch
                let packet = out + p * IMA4.bytesPerPacket(channels: ch)
                for c in 0..<ch {
                    states[c] = Self.encodeCheapest(
                        x + c, stride: ch, running: states[c],
                        into: packet + c * IMA4.bytesPerBlock, context)
                }
            }
        }
    }

    /// One channel block, `x[t · stride]`, coded from `running` by every search of `context`; the closest is
    /// written into `block`. Returns where it leaves a decoder.
    @_optimize(speed)
    static func encodeCheapest(
        _ x: UnsafePointer<Int16>, stride: Int, running: IMAState,
        into block: UnsafeMutablePointer<UInt8>, _ context: IMASearchContext
    ) -> IMAState {
        let other = context.trial
        var end = encodeTrellis(x, stride: stride, running: running, into: block, context)
        var best = squaredError(block, from: running, x, stride: stride, steps: context.steps)
        let ahead = encodeLookahead(x, stride: stride, running: running, into: other, context)
        let aheadCost = squaredError(other, from: running, x, stride: stride, steps: context.steps)
        if aheadCost < best {
            best = aheadCost
            end = ahead
            block.update(from: other, count: IMA4.bytesPerBlock)
        }
        for beam in context.beams {
            var beamEnd = running
            let cost = beam.encodeBlock(x, stride: stride, state: &beamEnd, into: other)
            if cost < best {
                best = cost
                end = beamEnd
                block.update(from: other, count: IMA4.bytesPerBlock)
            }
        }
        return end
    }

    /// A channel block, `x[t · stride]`, coded by the trellis (16 paths) and greedily, from the running state and
    /// the first 15 restarts; the cheapest written into `block`. Returns where it leaves a decoder.
    @_optimize(speed)
    static func encodeTrellis(
        _ x: UnsafePointer<Int16>, stride: Int, running: IMAState,
        into block: UnsafeMutablePointer<UInt8>, _ context: IMASearchContext
    ) -> IMAState {
        var s = IMATrellis.Starts()
        starts(running, first: Int32(x[0]), into: &s, lanes: 0..<16)
        var end = running
        context.trellis((x, x), stride: stride, count: IMA4.framesPerPacket, from: s, layout: .wide) { _, w in
            write(start: s[lane: w.origin], codes: context.trellis.codes, into: block)
            end = w.end
        }
        return end
    }

    /// A channel block coded by the look-ahead coder from the running state and the first 7 restarts, the
    /// cheapest written into `block`. Returns where it leaves a decoder.
    @_optimize(speed)
    static func encodeLookahead(
        _ x: UnsafePointer<Int16>, stride: Int, running: IMAState,
        into block: UnsafeMutablePointer<UInt8>, _ context: IMASearchContext
    ) -> IMAState {
        var s = IMATrellis.Starts()
        starts(running, first: Int32(x[0]), into: &s, lanes: 0..<8)
        let codes = context.trellis.codes
        let w = context.lookahead(x, stride: stride, count: IMA4.framesPerPacket, from: s, into: codes)
        write(start: s[lane: w.origin], codes: codes, into: block)
        return w.end
    }

    /// The squared error of a channel block against `x[t · stride]`, decoded from `running` as a decoder does.
    @_optimize(speed)
    static func squaredError(
        _ block: UnsafePointer<UInt8>, from running: IMAState, _ x: UnsafePointer<Int16>, stride: Int,
        steps: UnsafePointer<Int32>
    ) -> Int64 {
        var state = IMA4.resync(running, preamble: UInt16(block[0]) << 8 | UInt16(block[1]))
        var total: Int64 = 0
        for t in 0..<IMA4.framesPerPacket {
            let byte = block[2 &+ t &>> 1]
            let y = IMA.decode(t & 1 == 0 ? byte & 0xF : byte &>> 4, &state, steps: steps)
            let e = Int64(x[t &* stride]) &- Int64(y)
            total &+= e &* e
        }
        return total
    }

    /// A channel block: the preamble of `start`, then 64 codes, low nibble first.
    @inline(__always) @_optimize(speed)
    static func write(start: IMAState, codes: UnsafePointer<UInt8>, into block: UnsafeMutablePointer<UInt8>) {
        let pre = IMA4.preamble(predictor: start.predictor, index: start.index)
        block[0] = UInt8(pre >> 8)
        block[1] = UInt8(pre & 0xFF)
        for i in 0..<32 { block[2 &+ i] = codes[2 &* i] | codes[2 &* i &+ 1] &<< 4 }
    }
}
