/// IMA ADPCM in WAV (format tag 0x0011, Microsoft/IMA "DVI ADPCM"): blocks of `blockAlign` bytes; per channel a
/// 4-byte header {Int16 LE first sample, UInt8 step index, 0}, then 4-byte groups of 8 codes per channel in turn,
/// low nibble first. The header sample is the block's first output sample.
package enum IMAWAV {
    /// Frames a block of `blockAlign` bytes holds (the header's and 8 a group), or 0 when it holds no group.
    @_optimize(speed)
    package static func framesPerBlock(blockAlign: Int, channels: Int) -> Int {
        guard channels > 0, blockAlign > 4 * channels else { return 0 }
        return (blockAlign - 4 * channels) / (4 * channels) * 8 + 1
    }

    /// The block sizes libsndfile, sox and Windows use: 256·ch up to 11.025 kHz, 512·ch to 22.05 kHz, else 1024·ch.
    @_optimize(speed)
    package static func defaultBlockAlign(sampleRate: Double, channels: Int) -> Int {
        (sampleRate <= 11025 ? 256 : sampleRate <= 22050 ? 512 : 1024) * channels
    }
}

/// Decodes IMA ADPCM WAV blocks with the reference shift-and-add arithmetic (as libsndfile and sox do).
package struct IMAWAVDecoder: Sendable {
    /// Channels a block holds.
    package let channels: Int
    /// Bytes a block takes.
    package let blockAlign: Int
    /// Frames a block holds.
    package let framesPerBlock: Int

    /// A decoder of blocks of `blockAlign` bytes and `channels` channels; nil when such a block holds no group of
    /// codes.
    package init?(channels: Int, blockAlign: Int) {
        let frames = IMAWAV.framesPerBlock(blockAlign: blockAlign, channels: channels)
        guard channels > 0, frames > 1 else { return nil }
        self.channels = channels
        self.blockAlign = blockAlign
        self.framesPerBlock = frames
    }

    /// Decodes one block (`blockAlign` bytes) into `framesPerBlock` interleaved frames; returns the frames
    /// written (0 when either buffer is too small).
    @discardableResult @_optimize(speed)
    package func decodeBlock(_ src: UnsafeRawBufferPointer, into dst: UnsafeMutableBufferPointer<Int16>) -> Int {
        let ch = channels
        guard src.count >= blockAlign, dst.count >= framesPerBlock * ch, let s = src.baseAddress,
            let d = dst.baseAddress
        else { return 0 }
        let b = s.assumingMemoryBound(to: UInt8.self)
        let groups = (framesPerBlock - 1) / 8
        IMA.withSteps { steps in
            for c in 0..<ch {
                let h = b + 4 * c
                var state = IMAState(
                    predictor: Int32(Int16(bitPattern: UInt16(h[0]) | UInt16(h[1]) << 8)),
                    index: Swift.min(Int32(h[2]), 88))  // libsndfile clamps a bad index
                d[c] = Int16(truncatingIfNeeded: state.predictor)
                var out = d + ch + c
                for g in 0..<groups {
                    let codes = b + 4 * ch + (g * ch + c) * 4
                    for k in 0..<4 {
                        out.pointee = IMA.decode(codes[k] & 0xF, &state, steps: steps)
                        out += ch
                        out.pointee = IMA.decode(codes[k] >> 4, &state, steps: steps)
                        out += ch
                    }
                }
            }
        }
        return framesPerBlock
    }
}

/// Encodes IMA ADPCM WAV blocks. Every block's header states its first sample exactly and its step index.
///
/// With ``IMASearch/none``, the greedy quantiser: ``encode(_:into:)`` encodes several blocks at once in vector
/// lanes, each block starting from the index the greedy encoder reaches over the 32 frames before it; one block at
/// a time (``encodeBlock(_:into:)``), the index carries over. The other searches code each block along the cheapest
/// path of ``IMATrellis`` from a choice of starting indices (sox's encoder searches the starting index too, so
/// the trellis is what beats it): ``IMASearch/starts`` searches a stereo block's two channels together, 8 paths
/// each, and any other channel alone with 16; ``IMASearch/trellis`` every channel with 16, then the look-ahead
/// coder (``IMALookahead``) from the first 8 of the same starts; ``IMASearch/beam`` and ``IMASearch/beams`` add
/// ``IMABeam`` (blocks of up to ``IMABeam/maxSamples`` frames); the closest is kept. Blocks are coded in order,
/// each choice starting near where the last block ended.
package struct IMAWAVEncoder: Sendable {
    /// Channels a block holds.
    package let channels: Int
    /// Bytes a block takes.
    package let blockAlign: Int
    /// Frames a block holds.
    package let framesPerBlock: Int
    /// How hard the encoder searches.
    package let search: IMASearch
    /// Each channel's step index where the last block written ended.
    package private(set) var indices: [Int32]

    /// An encoder of blocks of `blockAlign` bytes and `channels` channels searching as `search` says; nil unless
    /// the block is a whole number of 4-byte groups a channel after the headers and holds at least one.
    package init?(channels: Int, blockAlign: Int, search: IMASearch = .starts) {
        let frames = IMAWAV.framesPerBlock(blockAlign: blockAlign, channels: channels)
        guard channels > 0, frames > 1, (blockAlign - 4 * channels) % (4 * channels) == 0 else { return nil }
        self.channels = channels
        self.blockAlign = blockAlign
        self.framesPerBlock = frames
        self.search = search
        self.indices = Array(repeating: 0, count: channels)
    }

    /// Index offsets from where the last block ended that a block may start at, in order of use (8 or 16); the
    /// first absolute candidates are 0 and the index the greedy encoder reaches over the block's first 32 frames.
    static let indexOffsets: [Int32] = [0, -2, 2, -4, 4, -8, 8, -1, 1, -3, 3, -6, 6, -12, 12, 16]

    /// The trellis over whole blocks, in order; with ``IMASearch/beam`` or ``IMASearch/beams`` each channel's
    /// part of a block is also coded by the beams (``IMABeam``, from the block's first sample at every index) and
    /// the cheapest kept.
    @_optimize(speed)
    private mutating func encodeSearching(_ x: UnsafePointer<Int16>, blocks: Int, into out: UnsafeMutablePointer<UInt8>)
    {
        let ch = channels
        let frames = framesPerBlock
        let search = self.search
        let beams: [IMABeam]
        switch search {
        case .beam where frames - 1 <= IMABeam.maxSamples: beams = [IMABeam(bandShift: 5, samples: frames - 1)]
        case .beams where frames - 1 <= IMABeam.maxSamples:
            // 2-wide bands, not IMA4's 16: a WAV block runs 2,000 samples without a restart, and on dense signals
            // the paths worth keeping differ by a few units of predictor (scripts/quality).
            beams = [IMABeam(bandShift: 1, samples: frames - 1), IMABeam(bandShift: 6, samples: frames - 1)]
        default: beams = []
        }
        guard let decoder = IMAWAVDecoder(channels: ch, blockAlign: blockAlign) else { return }
        let layout = BlockLayout(channels: ch, frames: frames)
        indices.withUnsafeMutableBufferPointer { ix in
            guard let indices = ix.baseAddress else { return }
            IMASearchContext.with(samples: frames - 1, trialBytes: blockAlign, beams: beams) { context in
                let blockSearch = BlockSearch(layout: layout, decoder: decoder, search: search, context: context)
                for b in 0..<blocks {
                    blockSearch.encode(x + b * frames * ch, indices: indices, into: out + b * blockAlign)
                }
            }
        }
    }

    /// Where a block's channel parts are: `channels` channels of `frames` frames each.
    struct BlockLayout {
        var channels: Int
        var frames: Int

        /// The starts of channel samples `x` (every `channels`-th), ending where the last block of the channel
        /// ended (`running`): the header's sample with each candidate index, at `lanes` of `s`.
        @_optimize(speed)
        func starts(
            _ x: UnsafePointer<Int16>, running: Int32, into s: inout IMATrellis.Starts, lanes: Range<Int>,
            steps: UnsafePointer<Int32>
        ) {
            var warm = IMAState(predictor: Int32(x[0]), index: 0)
            for i in 1..<Swift.min(frames, 33) { _ = IMA.encode(Int32(x[i * channels]), &warm, steps: steps) }
            let candidates = [running, warm.index, 0] + IMAWAVEncoder.indexOffsets.dropFirst().map { running + $0 }
            var next = candidates.makeIterator()
            for lane in lanes {
                s[lane: lane] = IMAState(predictor: Int32(x[0]), index: running)
                while let index = next.next() {
                    guard index >= 0 && index <= 88,
                        !(lanes.lowerBound..<lane).contains(where: {
                            s.valid & (1 << UInt16($0)) != 0 && s[lane: $0].index == index
                        })
                    else { continue }
                    s[lane: lane] = IMAState(predictor: Int32(x[0]), index: index)
                    s.valid |= 1 << UInt16(lane)
                    break
                }
            }
        }

        /// Channel `c`'s part of a block: its header, then its codes in groups of 8 (4 bytes, low nibble first), the
        /// channels' groups in turn.
        @_optimize(speed)
        func write(
            header sample: Int16, index: Int32, codes: UnsafePointer<UInt8>, channel c: Int,
            into block: UnsafeMutablePointer<UInt8>
        ) {
            let ch = channels
            let h = block + 4 * c
            let bits = UInt16(bitPattern: sample)
            h[0] = UInt8(bits & 0xFF)
            h[1] = UInt8(bits >> 8)
            h[2] = UInt8(truncatingIfNeeded: index)
            h[3] = 0
            for g in 0..<((frames - 1) / 8) {
                let o = block + 4 * ch + (g * ch + c) * 4
                let k = codes + 8 * g
                for j in 0..<4 { o[j] = k[2 * j] | k[2 * j + 1] << 4 }
            }
        }
    }

    /// What the searches of a block work with: its layout, the decoder that measures a coding's error, the search
    /// level and the searches' context.
    struct BlockSearch {
        let layout: BlockLayout
        let decoder: IMAWAVDecoder
        let search: IMASearch
        let context: IMASearchContext

        /// Codes block `x` (`frames` interleaved frames) into `o`, each channel starting near where it ended in the
        /// block before (`indices`, updated).
        @_optimize(speed)
        func encode(
            _ x: UnsafePointer<Int16>, indices: UnsafeMutablePointer<Int32>,
            into o: UnsafeMutablePointer<UInt8>
        ) {
            let ch = layout.channels
            let frames = layout.frames
            let codes = context.trellis.codes
            var c = 0
            while c < ch {
                let pair = search == .starts && c + 1 < ch
                var s = IMATrellis.Starts()
                for v in 0..<(pair ? 2 : 1) {
                    layout.starts(
                        x + c + v, running: indices[c + v], into: &s,
                        lanes: pair ? v * 8..<(v * 8 + 8) : 0..<16, steps: context.steps)
                }
                let first = x + ch + c  // sample 1: the header holds sample 0
                context.trellis(
                    pair ? (first, first + 1) : (first, first), stride: ch, count: frames - 1, from: s,
                    layout: pair ? .pair : .wide
                ) { v, w in
                    layout.write(
                        header: x[c + v], index: Int32(s[lane: w.origin].index), codes: codes, channel: c + v,
                        into: o)
                    indices[c + v] = w.end.index
                }
                if !pair, search != .starts {
                    indices[c] = lookahead(x + c, channel: c, from: s, end: indices[c], into: o)
                }
                for v in 0..<(pair ? 2 : 1) where !context.beams.isEmpty {
                    indices[c + v] = beamSearch(x + c + v, channel: c + v, end: indices[c + v], into: o)
                }
                c += pair ? 2 : 1
            }
        }

        /// Channel `c`'s part of block `o`, already coded, coded again by the look-ahead coder (``IMALookahead``)
        /// from the first 8 of the trellis's starts `s`, and written if it is closer. Returns the index where the
        /// written part ends (`end`, the trellis's, when it stays).
        @_optimize(speed)
        func lookahead(
            _ x: UnsafePointer<Int16>, channel c: Int, from s: IMATrellis.Starts, end: Int32,
            into o: UnsafeMutablePointer<UInt8>
        ) -> Int32 {
            let ch = layout.channels
            let codes = context.trellis.codes
            let trial = context.trial
            let w = context.lookahead(x + ch, stride: ch, count: layout.frames - 1, from: s, into: codes)
            trial.update(from: o, count: decoder.blockAlign)
            layout.write(header: x[0], index: s[lane: w.origin].index, codes: codes, channel: c, into: trial)
            guard squaredError(trial, channel: c, x) < squaredError(o, channel: c, x) else { return end }
            o.update(from: trial, count: decoder.blockAlign)
            return w.end.index
        }

        /// Channel `c`'s part of block `o`, already coded, coded again by each beam from `x` (its first sample,
        /// every `channels`-th); the cheapest is written. Returns the index where the written part ends (`end`, the
        /// trellis's, when it stays).
        @_optimize(speed)
        func beamSearch(
            _ x: UnsafePointer<Int16>, channel c: Int, end: Int32,
            into o: UnsafeMutablePointer<UInt8>
        ) -> Int32 {
            let ch = layout.channels
            var best = squaredError(o, channel: c, x)
            var end = end
            let starts = (0...IMATables.maxIndex).map { IMAState(predictor: Int32(x[0]), index: $0) }
            for beam in context.beams {
                let path = beam.search(x + ch, stride: ch, count: layout.frames - 1, from: starts)
                guard path.cost < best else { continue }
                best = path.cost
                end = path.end.index
                layout.write(header: x[0], index: starts[path.start].index, codes: beam.found, channel: c, into: o)
            }
            return end
        }

        /// The squared error of channel `c`'s part of block `o` against `x` (every `channels`-th sample) over
        /// samples 1..<frames, as ``IMAWAVDecoder`` decodes it (the header states sample 0 exactly).
        @_optimize(speed)
        func squaredError(_ o: UnsafePointer<UInt8>, channel c: Int, _ x: UnsafePointer<Int16>) -> Int64 {
            let ch = layout.channels
            let frames = layout.frames
            return withUnsafeTemporaryAllocation(of: Int16.self, capacity: frames * ch) { decoded in
                let block = UnsafeRawBufferPointer(start: o, count: decoder.blockAlign)
                guard decoder.decodeBlock(block, into: decoded) == frames else { return .max }
                var total: Int64 = 0
                for t in 1..<frames {
                    let e = Int64(x[t * ch]) - Int64(decoded[t * ch + c])
                    total += e * e
                }
                return total
            }
        }
    }

    /// Encodes `framesPerBlock` interleaved frames into one block of `blockAlign` bytes with the greedy quantiser,
    /// the index carried from the block before (libsndfile's and sox's stream); returns whether the buffers held a
    /// block.
    @discardableResult @_optimize(speed)
    package mutating func encodeBlock(
        _ src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableRawBufferPointer
    ) -> Bool {
        let ch = channels
        guard src.count >= framesPerBlock * ch, dst.count >= blockAlign, let x = src.baseAddress,
            let d = dst.baseAddress
        else { return false }
        let b = d.assumingMemoryBound(to: UInt8.self)
        let groups = (framesPerBlock - 1) / 8
        IMA.withSteps { steps in
            for c in 0..<ch {
                let first = x[c]
                var state = IMAState(predictor: Int32(first), index: indices[c])
                let h = b + 4 * c
                let bits = UInt16(bitPattern: first)
                h[0] = UInt8(bits & 0xFF)
                h[1] = UInt8(bits >> 8)
                h[2] = UInt8(state.index)
                h[3] = 0
                var input = x + ch + c
                for g in 0..<groups {
                    let codes = b + 4 * ch + (g * ch + c) * 4
                    for k in 0..<4 {
                        let lo = IMA.encode(Int32(input.pointee), &state, steps: steps)
                        input += ch
                        let hi = IMA.encode(Int32(input.pointee), &state, steps: steps)
                        input += ch
                        codes[k] = lo | hi << 4
                    }
                }
                indices[c] = state.index
            }
        }
        return true
    }

    /// The frames a block's starting index is estimated from, when its predecessor is encoded at the same time.
    static let warmUpFrames = 32

    /// Encodes as many whole blocks as `src` holds and `dst` has room for; returns how many. Mono and stereo run
    /// 16 blocks' channels in two 8-lane vectors at once (two dependency chains, which the CPU overlaps).
    @discardableResult @_optimize(speed)
    package mutating func encode(_ src: UnsafeBufferPointer<Int16>, into dst: UnsafeMutableRawBufferPointer) -> Int {
        let ch = channels
        let blocks = Swift.min(src.count / (framesPerBlock * ch), dst.count / blockAlign)
        guard blocks > 0, let x = src.baseAddress, let out = dst.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            return 0
        }
        if search != .none {
            encodeSearching(x, blocks: blocks, into: out)
            return blocks
        }
        guard ch <= 2 else {
            for b in 0..<blocks {
                encodeBlock(
                    UnsafeBufferPointer(start: x + b * framesPerBlock * ch, count: framesPerBlock * ch),
                    into: UnsafeMutableRawBufferPointer(start: out + b * blockAlign, count: blockAlign))
            }
            return blocks
        }
        let group = 16 / ch
        IMA.withSteps16 { steps16 in
            IMA.withSteps { steps in
                for first in stride(from: 0, to: blocks, by: group) {
                    encodeGroup(
                        x, blocks: first..<Swift.min(blocks, first + group), into: out, steps: steps, steps16: steps16)
                }
            }
        }
        return blocks
    }

    /// Blocks `range` (at most 16 / channels): lane k of the two vectors is channel k % channels of block
    /// range.lowerBound + k / channels.
    @_optimize(speed)
    private mutating func encodeGroup(
        _ x: UnsafePointer<Int16>, blocks range: Range<Int>, into out: UnsafeMutablePointer<UInt8>,
        steps: UnsafePointer<Int32>, steps16: UnsafePointer<Int16>
    ) {
        let ch = channels
        let frames = framesPerBlock
        var lanes = LaneStates()
        for k in 0..<16 {
            let b = range.lowerBound + k / ch
            let c = k % ch
            guard b < range.upperBound else { continue }
            let start = x + b * frames * ch + c
            var i = indices[c]
            if b > range.lowerBound {  // estimate: the greedy encoder over the frames before, from index 0
                let n = Swift.min(Self.warmUpFrames, frames)
                var warm = IMAState(predictor: Int32(start[-n * ch]), index: 0)
                for f in (1 - n)...0 { _ = IMA.encode(Int32(start[f * ch]), &warm, steps: steps) }
                i = warm.index
            }
            let h = out + b * blockAlign + 4 * c
            let bits = UInt16(bitPattern: start[0])
            h[0] = UInt8(bits & 0xFF)
            h[1] = UInt8(bits >> 8)
            h[2] = UInt8(i)
            h[3] = 0
            if k < 8 {
                lanes.predictor.0[k] = start[0]
                lanes.index.0[k] = Int16(i)
            } else {
                lanes.predictor.1[k - 8] = start[0]
                lanes.index.1[k - 8] = Int16(i)
            }
        }
        lanes.step = (IMA.lookUp(lanes.index.0, in: steps16), IMA.lookUp(lanes.index.1, in: steps16))
        // Where each block slot's frames are; a slot past the range repeats the last block, into nothing.
        withUnsafeTemporaryAllocation(of: UnsafePointer<Int16>.self, capacity: 16) { reads in
            for slot in 0..<(16 / ch) {
                reads[slot] = x + Swift.min(range.lowerBound + slot, range.upperBound - 1) * frames * ch
            }
            encodeLanes(
                range: range, reads: UnsafePointer(reads.baseAddress.unsafelyUnwrapped), lanes: lanes,
                into: out, steps16: steps16)
        }
    }

    /// The state of a group's 16 lanes in two vectors: the predictors, the step indices and their steps.
    struct LaneStates {
        var predictor = (IMA.Lanes(), IMA.Lanes())
        var index = (IMA.Lanes(), IMA.Lanes())
        var step = (IMA.Lanes(), IMA.Lanes())
    }

    /// The group's samples 1..<framesPerBlock, its lanes starting in `lanes`: `reads[slot]` is where block slot's
    /// frames are.
    @inline(__always) @_optimize(speed)
    private mutating func encodeLanes(
        range: Range<Int>, reads: UnsafePointer<UnsafePointer<Int16>>, lanes: LaneStates,
        into out: UnsafeMutablePointer<UInt8>, steps16: UnsafePointer<Int16>
    ) {
        let ch = channels
        let frames = framesPerBlock
        var predictor = lanes.predictor
        var index = lanes.index
        var step = lanes.step
        @_optimize(speed)
        @inline(__always) func input(_ i: Int, _ half: Int) -> IMA.Lanes {
            if ch == 2 {  // four blocks' frames, each a 32-bit pair of samples
                var pairs = SIMD4<UInt32>()
                for j in 0..<4 {
                    pairs[j] = UnsafeRawPointer(reads[half * 4 + j] + i &* 2).loadUnaligned(as: UInt32.self)
                }
                return unsafeBitCast(pairs, to: IMA.Lanes.self)
            }
            var xs = IMA.Lanes()
            for k in 0..<8 { xs[k] = reads[half * 8 + k][i] }
            return xs
        }
        var words = (IMA.Lanes(), IMA.Lanes())
        for i in 1..<frames {
            let n = (i - 1) & 3
            words.0 |= IMA.encode(input(i, 0), &predictor.0, &index.0, &step.0, steps: steps16) &<< Int16(4 * n)
            words.1 |= IMA.encode(input(i, 1), &predictor.1, &index.1, &step.1, steps: steps16) &<< Int16(4 * n)
            guard n == 3 else { continue }
            // Four codes a lane, low nibble first: half of the lane's 4-byte group of 8 samples.
            let w = (i - 1) / 4
            for lane in 0..<16 {
                let b = range.lowerBound + lane / ch
                guard b < range.upperBound else { break }
                let word = UInt16(bitPattern: lane < 8 ? words.0[lane] : words.1[lane - 8])
                let o = out + b * blockAlign + 4 * ch + ((w / 2) * ch + lane % ch) * 4 + (w % 2) * 2
                o[0] = UInt8(truncatingIfNeeded: word)
                o[1] = UInt8(truncatingIfNeeded: word >> 8)
            }
            words = (IMA.Lanes(), IMA.Lanes())
        }
        let last = range.upperBound - 1 - range.lowerBound
        for c in 0..<ch {
            let lane = last * ch + c
            indices[c] = Int32(lane < 8 ? index.0[lane] : index.1[lane - 8])
        }
    }
}
