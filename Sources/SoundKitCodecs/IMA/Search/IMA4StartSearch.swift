/// The start search (``IMASearch/starts``, the default): each channel block is coded greedily from the running
/// state and from a few restarts, in the lanes of one vector, and the candidate with the least squared error wins —
/// 4 candidates a channel in stereo (both channels in one vector, lanes alternating left and right as the frames
/// do), 8 for any other channel. A call of 8 packets or more runs as two halves at once
/// (``IMA4Encoder/StartSearch/encodeInHalves(_:packets:states:into:secondHalf:started:)``), two dependency chains the
/// CPU overlaps. Every candidate is simulated with the decoder's arithmetic.
extension IMA4Encoder {
    /// The restarts of the start search: the first 3 of ``IMA4Encoder/restarts`` in stereo (4 candidates), the
    /// first 7 for a channel alone (8), chosen with scripts/quality.
    @_optimize(speed)
    static func packetRestarts(candidates: Int) -> [Restart] { candidates == 4 ? narrowRestarts : monoRestarts }

    static let narrowRestarts = Array(restarts.prefix(3))
    static let monoRestarts = Array(restarts.prefix(7))

    /// Candidates a channel block tries.
    @_optimize(speed)
    static func packetCandidates(channels: Int) -> Int { channels == 2 ? 4 : 8 }

    /// What the start search works with for one call, set up before any packet is searched: the channels searched
    /// together, the candidates and restarts they try, the step tables and room for two packets' searches.
    struct StartSearch {
        /// Channels searched together in one vector: 1, or 2 for both blocks of a stereo packet.
        let channels: Int
        /// How far apart a channel's samples are: the packet's channels.
        let stride: Int
        /// Candidates a channel block tries: continuing and the first `candidates` − 1 of ``restarts``.
        let candidates: Int
        /// The restarts in order of use (``IMA4Encoder/packetRestarts(candidates:)``).
        let restarts: [Restart]
        /// The step table, and the same in 16 bits for the lanes.
        let steps: UnsafePointer<Int32>
        let steps16: UnsafePointer<Int16>
        /// Room for two packets' searches, ``IMA4Encoder/scratchPerPacket`` vectors each.
        let scratch: UnsafeMutablePointer<Lanes>

        /// Calls `body` with the search of `channels` channels together (1 or 2) in packets of `stride` channels.
        @_optimize(speed)
        static func with<R>(channels: Int, stride: Int, _ body: (StartSearch) -> R) -> R {
            let candidates = packetCandidates(channels: channels)
            return withUnsafeTemporaryAllocation(of: Lanes.self, capacity: 2 * scratchPerPacket) { scratch in
                IMA.withSteps16 { steps16 in
                    IMA.withSteps { steps in
                        body(
                            StartSearch(
                                channels: channels, stride: stride, candidates: candidates,
                                restarts: packetRestarts(candidates: candidates), steps: steps,
                                steps16: steps16, scratch: scratch.baseAddress.unsafelyUnwrapped))
                    }
                }
            }
        }
    }

    /// One packet's search: its frames, the running state of its channels (left where the winners end), where its
    /// blocks go and, when not nil, where to leave the state each winner starts from.
    struct Packet {
        var x: UnsafePointer<Int16>
        var states: UnsafeMutablePointer<IMAState>
        var block: UnsafeMutablePointer<UInt8>
        var started: UnsafeMutablePointer<IMAState>?
    }

    /// The start search over `packets` whole packets of `ch` channels.
    @_optimize(speed)
    static func encodeStarts(
        _ s: UnsafePointer<Int16>, packets: Int, channels ch: Int,
        into out: UnsafeMutablePointer<UInt8>, states: UnsafeMutablePointer<IMAState>
    ) {
        let together = ch == 2 ? 2 : 1
        StartSearch.with(channels: together, stride: ch) { search in
            if together == ch && search.candidates * ch == 8 && packets >= 2 * minimumHalf {
                withUnsafeTemporaryAllocation(of: IMAState.self, capacity: (packets + 1) * ch) { buffer in
                    let second = buffer.baseAddress.unsafelyUnwrapped
                    search.secondHalfStart(s, packets: packets, states: states, into: second)
                    search.encodeInHalves(
                        s, packets: packets, states: states, into: out, secondHalf: second,
                        started: second + ch)
                }
                return
            }
            for p in 0..<packets {
                let x = s + p * IMA4.framesPerPacket * ch
                let packet = out + p * IMA4.bytesPerPacket(channels: ch)
                for c in stride(from: 0, to: ch, by: together) {
                    let block = packet + c * IMA4.bytesPerBlock
                    search.encode(Packet(x: x + c, states: states + c, block: block, started: nil))
                }
            }
        }
    }

    typealias Lanes = IMA.Lanes

    /// One sample of the search for every lane: the vector nibble step (``IMA/encode(_:_:_:_:steps:)``) and the
    /// squared error of what it decodes to, summed in Float as the scalar reference sums them. Returns the codes.
    @_transparent
    static func searchStep(
        _ xs: Lanes, _ predictor: inout Lanes, _ index: inout Lanes, _ step: inout Lanes,
        _ error: inout SIMD8<Float>, steps: UnsafePointer<Int16>
    ) -> Lanes {
        let code = IMA.encode(xs, &predictor, &index, &step, steps: steps)
        IMA.addSquaredError(xs, predictor, to: &error)
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

        @inline(__always) @_optimize(speed)
        init(
            x: UnsafePointer<Int16>, stride: Int, channels: Int, start: UnsafePointer<Lanes>,
            packed: UnsafeMutablePointer<Lanes>,
            steps: UnsafePointer<Int16>
        ) {
            self.x = x
            self.stride = stride
            self.channels = channels
            self.packed = packed
            predictor = start[0]
            index = start[1]
            step = IMA.lookUp(index, in: steps)
        }

        /// The lanes' input at sample `i` of the packet: a stereo frame's two samples repeated, as one 32-bit
        /// broadcast, or one sample in every lane.
        @inline(__always) @_optimize(speed)
        func input(_ i: Int) -> Lanes {
            let f = x + i &* stride
            if channels == 2 {
                return unsafeBitCast(
                    SIMD4<UInt32>(repeating: UnsafeRawPointer(f).loadUnaligned(as: UInt32.self)), to: Lanes.self)
            }
            return Lanes(repeating: f[0])
        }

        @inline(__always) @_optimize(speed)
        mutating func run(steps: UnsafePointer<Int16>) {
            var predictor = self.predictor
            var index = self.index
            var step = self.step
            var error = self.error
            for word in 0..<16 {
                var nibbles = Lanes()
                for n in 0..<4 {
                    nibbles |=
                        searchStep(input(word &* 4 &+ n), &predictor, &index, &step, &error, steps: steps)
                        &<< Int16(4 &* n)
                }
                packed[word] = nibbles
            }
            self.predictor = predictor
            self.index = index
            self.step = step
            self.error = error
        }
    }

    /// Two passes in one loop: two independent dependency chains, which the CPU overlaps (one chain alone leaves
    /// it waiting on the step-table lookups). The state lives in locals so that it stays in registers.
    @inline(__always) @_optimize(speed)
    static func run(_ a: inout Pass, _ b: inout Pass, steps: UnsafePointer<Int16>) {
        var pa = a.predictor
        var ia = a.index
        var sa = a.step
        var ea = a.error
        var pb = b.predictor
        var ib = b.index
        var sb = b.step
        var eb = b.error
        for word in 0..<16 {
            var na = Lanes()
            var nb = Lanes()
            for n in 0..<4 {
                let i = word &* 4 &+ n
                na |= searchStep(a.input(i), &pa, &ia, &sa, &ea, steps: steps) &<< Int16(4 &* n)
                nb |= searchStep(b.input(i), &pb, &ib, &sb, &eb, steps: steps) &<< Int16(4 &* n)
            }
            a.packed[word] = na
            b.packed[word] = nb
        }
        a.predictor = pa
        a.index = ia
        a.step = sa
        a.error = ea
        b.predictor = pb
        b.index = ib
        b.step = sb
        b.error = eb
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

        @inline(__always) @_optimize(speed)
        init(
            _ x: UnsafePointer<Int16>, states: UnsafePointer<IMAState>, scratch: UnsafeMutablePointer<Lanes>,
            _ search: StartSearch
        ) {
            let channels = search.channels
            let restarts = search.restarts
            self.channels = channels
            passes = search.candidates * channels / 8
            packed = scratch
            starts = scratch + 16 * 4
            ends = starts + 2 * 4
            for pass in 0..<passes {
                var predictor = Lanes()
                var index = Lanes()
                for k in 0..<8 {
                    let lane = pass * 8 + k
                    let c = lane % channels
                    let s = candidate(lane / channels, of: states[c], first: Int32(x[c]), restarts: restarts)
                    if s != nil { valid |= 1 << UInt32(lane) }
                    let start = s ?? states[c]
                    predictor[k] = Int16(truncatingIfNeeded: start.predictor)
                    index[k] = Int16(truncatingIfNeeded: start.index)
                }
                starts[2 * pass] = predictor
                starts[2 * pass + 1] = index
            }
        }

        @inline(__always) @_optimize(speed)
        func pass(_ i: Int, _ x: UnsafePointer<Int16>, stride: Int, steps: UnsafePointer<Int16>) -> Pass {
            Pass(x: x, stride: stride, channels: channels, start: starts + 2 * i, packed: packed + 16 * i, steps: steps)
        }

        @inline(__always) @_optimize(speed)
        mutating func record(_ i: Int, _ p: Pass) {
            ends[2 * i] = p.predictor
            ends[2 * i + 1] = p.index
            switch i {
            case 0: errors.0 = p.error
            case 1: errors.1 = p.error
            case 2: errors.2 = p.error
            default: errors.3 = p.error
            }
        }

        @inline(__always) @_optimize(speed)
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
        @discardableResult @_optimize(speed)
        func finish(
            into block: UnsafeMutablePointer<UInt8>, states: UnsafeMutablePointer<IMAState>,
            started: UnsafeMutablePointer<IMAState>? = nil,
            handingOver next: (block: UnsafePointer<UInt8>, expected: UnsafePointer<IMAState>)? = nil
        ) -> Bool {
            var winners = (0, 0)
            for c in 0..<channels {
                var best = -1
                for lane in Swift.stride(from: c, to: passes * 8, by: channels)
                where valid & (1 << UInt32(lane)) != 0 && (best < 0 || error(lane) < error(best)) {
                    if let next {
                        let b = next.block + c * IMA4.bytesPerBlock
                        if IMA4.resync(end(lane), preamble: UInt16(b[0]) << 8 | UInt16(b[1])) != next.expected[c] {
                            continue
                        }
                    }
                    best = lane
                }
                if best < 0 { return false }
                if c == 0 { winners.0 = best } else { winners.1 = best }
            }
            for c in 0..<channels {
                let best = c == 0 ? winners.0 : winners.1
                let pass = best / 8
                let k = best % 8
                let out = block + c * IMA4.bytesPerBlock
                let start = IMAState(predictor: Int32(starts[2 * pass][k]), index: Int32(starts[2 * pass + 1][k]))
                let pre = IMA4.preamble(predictor: start.predictor, index: start.index)
                out[0] = UInt8(pre >> 8)
                out[1] = UInt8(pre & 0xFF)
                for word in 0..<16 {  // four codes a word, low nibble first: the block's two bytes, little-endian
                    let w = UInt16(bitPattern: packed[16 * pass + word][k])
                    out[2 &+ 2 &* word] = UInt8(truncatingIfNeeded: w)
                    out[3 &+ 2 &* word] = UInt8(truncatingIfNeeded: w >> 8)
                }
                states[c] = end(best)
                started?[c] = start
            }
            return true
        }

        @inline(__always) @_optimize(speed)
        func end(_ lane: Int) -> IMAState {
            IMAState(predictor: Int32(ends[2 * (lane / 8)][lane % 8]), index: Int32(ends[2 * (lane / 8) + 1][lane % 8]))
        }
    }

    /// Calls of fewer than twice this many packets are not split.
    static let minimumHalf = 4
}

extension IMA4Encoder.StartSearch {
    typealias Packet = IMA4Encoder.Packet

    /// The search of one packet: one block (`channels` 1) or both blocks of a stereo packet (`channels` 2, stride 2),
    /// `candidates` a channel. Writes each channel's winning candidate and leaves its end state in `p.states` (and
    /// its start in `p.started`). With `handingOver`, a candidate that hands over to that next packet wins if there
    /// is one (see ``IMA4Encoder/PacketSearch/finish(into:states:started:handingOver:)``), else the best; returns
    /// whether one handed over.
    @discardableResult @_optimize(speed)
    func encode(
        _ p: Packet,
        handingOver next: (block: UnsafePointer<UInt8>, expected: UnsafePointer<IMAState>)? = nil
    ) -> Bool {
        var search = IMA4Encoder.PacketSearch(p.x, states: p.states, scratch: scratch, self)
        var i = 0
        while i + 1 < search.passes {
            var a = search.pass(i, p.x, stride: stride, steps: steps16)
            var b = search.pass(i + 1, p.x, stride: stride, steps: steps16)
            IMA4Encoder.run(&a, &b, steps: steps16)
            search.record(i, a)
            search.record(i + 1, b)
            i += 2
        }
        if i < search.passes {
            var a = search.pass(i, p.x, stride: stride, steps: steps16)
            a.run(steps: steps16)
            search.record(i, a)
        }
        if let next, search.finish(into: p.block, states: p.states, started: p.started, handingOver: next) {
            return true
        }
        search.finish(into: p.block, states: p.states, started: p.started)
        return false
    }

    /// Two packets of one pass each (the default search) from two independent states, in one loop.
    @_optimize(speed)
    func encode(_ pa: Packet, _ pb: Packet) {
        var sa = IMA4Encoder.PacketSearch(pa.x, states: pa.states, scratch: scratch, self)
        let scratchB = scratch + IMA4Encoder.scratchPerPacket
        var sb = IMA4Encoder.PacketSearch(pb.x, states: pb.states, scratch: scratchB, self)
        var a = sa.pass(0, pa.x, stride: stride, steps: steps16)
        var b = sb.pass(0, pb.x, stride: stride, steps: steps16)
        IMA4Encoder.run(&a, &b, steps: steps16)
        sa.record(0, a)
        sb.record(0, b)
        sa.finish(into: pa.block, states: pa.states, started: pa.started)
        sb.finish(into: pb.block, states: pb.states, started: pb.started)
    }

    /// Where the second half of `packets` packets at `s` starts (see ``encodeInHalves``), left in `second` (one
    /// state a channel): the greedy encoder's state after running over the middle packet from the running index
    /// `states`, its predictor rounded to the preamble's 9 bits.
    @_optimize(speed)
    func secondHalfStart(
        _ s: UnsafePointer<Int16>, packets: Int, states: UnsafePointer<IMAState>,
        into second: UnsafeMutablePointer<IMAState>
    ) {
        let ch = stride
        let middle = packets / 2
        let frame = IMA4.framesPerPacket * ch
        for c in 0..<ch {
            var warm = IMAState(predictor: Int32(s[middle * frame + c]), index: states[c].index)
            for i in 0..<IMA4.framesPerPacket {
                _ = IMA.encode(Int32(s[middle * frame + i * ch + c]), &warm, steps: steps)
            }
            second[c] = IMAState(predictor: IMA4.preamblePredictor(nearest: warm.predictor), index: warm.index)
        }
    }

    /// The default search over `packets` whole packets of one or two channels, as two halves encoded at once: two
    /// dependency chains in one loop, which the CPU overlaps (one alone leaves it waiting on its step lookups).
    ///
    /// The second half starts one packet after the middle, from `secondHalf` (one state a channel, as
    /// ``secondHalfStart(_:packets:states:into:)`` chooses it: a state its preamble states exactly); it is its
    /// running state. The middle packet is encoded last, from the first half's end, and may only end where a
    /// decoder goes on into the next packet in the state the second half assumed there (the resync rule keeps a
    /// running state at the same index and a predictor within 0x7F, else adopts the preamble). Where no candidate
    /// does, the best one stays and the join moves on a packet: that packet is encoded again from the true state,
    /// under the same condition towards the one after it, and so on. Every packet therefore decodes exactly as the
    /// encoder simulated it. Leaves in `started` (`packets` states a channel) the state each packet's winner starts
    /// from. Returns how many packets were encoded again.
    @discardableResult @_optimize(speed)
    func encodeInHalves(
        _ s: UnsafePointer<Int16>, packets: Int, states: UnsafeMutablePointer<IMAState>,
        into out: UnsafeMutablePointer<UInt8>, secondHalf b: UnsafeMutablePointer<IMAState>,
        started: UnsafeMutablePointer<IMAState>
    ) -> Int {
        let ch = stride
        let frame = IMA4.framesPerPacket * ch
        let bytes = IMA4.bytesPerPacket(channels: ch)
        let middle = packets / 2
        let first = middle
        let second = packets - middle - 1  // packets in each half
        @_optimize(speed)
        func packet(_ p: Int, from states: UnsafeMutablePointer<IMAState>) -> Packet {
            Packet(x: s + p * frame, states: states, block: out + p * bytes, started: started + p * ch)
        }
        for k in 0..<Swift.max(first, second) {
            let pa = k
            let pb = middle + 1 + k
            if k < first && k < second {
                encode(packet(pa, from: states), packet(pb, from: b))
            } else if k < first {
                encode(packet(pa, from: states))
            } else {
                encode(packet(pb, from: b))
            }
        }
        // The join, from the first half's end (where a decoder really arrives) towards the second half.
        var redone = 0
        for p in middle..<packets {
            let next =
                p + 1 < packets
                ? (UnsafePointer(out + (p + 1) * bytes), UnsafePointer(started + (p + 1) * ch)) : nil
            let joined = encode(packet(p, from: states), handingOver: next)
            if p > middle { redone += 1 }
            if joined {
                for c in 0..<ch { states[c] = b[c] }
                break
            }
        }
        return redone
    }
}
