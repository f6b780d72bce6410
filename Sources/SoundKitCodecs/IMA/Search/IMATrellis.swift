/// The trellis search both IMA encoders share.
///
/// A block of samples is coded along one of many paths; a path is a sequence of 4-bit codes, and where a decoder
/// following it is after each sample is its state (predictor, step index). The search keeps 8 paths of a channel in
/// the 8 lanes of a vector (16 paths in two vectors for a `wide` channel). At every sample each path has two
/// children: the greedy code (the reconstruction level nearest the sample, what Apple's encoder writes) and the
/// level on the other side of the sample — one magnitude up or down, which is how a path steers its step size; at
/// magnitude 0, the opposite sign. Each lane then keeps the cheaper (least squared error so far) of its own greedy
/// child and the other child of its partner lane: lane j ^ d, the distance d cycling through 1, 2, 4 (and, across
/// a wide channel's two vectors, 8), so a good path reaches every lane within three or four samples and a bad one
/// is overwritten. The cheapest child of all always survives. Every child is computed with the decoder's own
/// arithmetic, so a decoder following the chosen codes is exactly where the search says.
///
/// The paths start from the states the block's header could set (`starts`); the cheapest path at the end picks
/// the header as well as the codes. What each lane took at each sample is traced (the code, plus 16 when it came
/// from the partner), and the winner is read back from the end.
///
/// FFmpeg's `adpcm_compress_trellis` keeps the best paths in a heap with a hash against duplicates; this layout
/// trades that exactness for a fixed, branch-free schedule of vector instructions.
struct IMATrellis {
    typealias Lanes = IMA.Lanes
    typealias Costs = SIMD8<Float>

    /// How the search's two vectors are used, and how far paths travel between lanes.
    struct Layout: Sendable, Equatable {
        /// Whether the two vectors hold one channel's 16 paths (else two channels, 8 paths each).
        var wide: Bool
        /// Lanes exchange with partners at distances 1, 2, … 2^(cycle − 1), one a sample in turn: paths compete
        /// within groups of 2^cycle lanes (8 meaning across a wide channel's two vectors).
        var cycle: Int

        static let pair = Layout(wide: false, cycle: 3)
        static let wide = Layout(wide: true, cycle: 4)

        /// The partner distance at sample `t`; 8 means the lane of the same number in the other vector.
        @inline(__always) @_optimize(speed)
        func distance(_ t: Int) -> Int { cycle == 0 ? 0 : 1 &<< (t % cycle) }
    }

    /// 8 paths of one channel, a lane each: where a decoder following the path is, and its squared error so far.
    struct Paths {
        var predictor: Lanes
        var index: Lanes
        var step: Lanes
        var cost: Costs
    }

    /// A child of every path in a vector: the state after one code, the code, and the path's cost with it.
    struct Child {
        var predictor: Lanes
        var index: Lanes
        var code: Lanes
        var cost: Costs
    }

    /// The states a block may start from, 8 a vector (16 for a wide channel); a start that is no candidate (a
    /// header no decoder would adopt) has an infinite cost and is overwritten at the first samples.
    struct Starts {
        var predictor: (Lanes, Lanes) = (Lanes(), Lanes())
        var index: (Lanes, Lanes) = (Lanes(), Lanes())
        var valid: UInt16 = 0

        /// Lane `k` of all 16 (vector k / 8).
        subscript(lane k: Int) -> IMAState {
            get {
                let v = k & 7
                return k < 8
                    ? IMAState(predictor: Int32(predictor.0[v]), index: Int32(index.0[v]))
                    : IMAState(predictor: Int32(predictor.1[v]), index: Int32(index.1[v]))
            }
            set {
                let v = k & 7
                let p = Int16(truncatingIfNeeded: newValue.predictor)
                let i = Int16(truncatingIfNeeded: newValue.index)
                if k < 8 {
                    predictor.0[v] = p
                    index.0[v] = i
                } else {
                    predictor.1[v] = p
                    index.1[v] = i
                }
            }
        }

        @_optimize(speed)
        func paths(_ v: Int, steps: UnsafePointer<Int16>) -> Paths {
            let p = v == 0 ? predictor.0 : predictor.1
            let i = v == 0 ? index.0 : index.1
            var cost = Costs(repeating: .infinity)
            for k in 0..<8 where valid & (1 &<< UInt16(v &* 8 &+ k)) != 0 { cost[k] = 0 }
            return Paths(predictor: p, index: i, step: IMA.lookUp(i, in: steps), cost: cost)
        }
    }

    /// A channel's winning path once read back: the lane (0..<16) it started from and where it ended.
    struct Winner {
        var origin: Int
        var end: IMAState
    }

    /// Room for tracing `samples` samples: two vectors a sample.
    @_optimize(speed)
    static func traceCapacity(samples: Int) -> Int { 2 * samples }

    /// One run of the search over a block: vector v's input is `x[v][t · stride]` for t in 0..<`count` (for a wide
    /// channel both point at the same samples); what each lane took at sample t goes to `trace[2t + v]`.
    struct Run {
        var x: (UnsafePointer<Int16>, UnsafePointer<Int16>)
        var stride: Int
        var count: Int
        var trace: UnsafeMutablePointer<Lanes>
        var steps: UnsafePointer<Int16>
    }

    // MARK: One sample

    /// The greedy code for `x` from every path in `p`, as in ``IMA/encode(_:_:_:_:steps:)``: its sign (−1 where
    /// negative), magnitude, reconstruction level and the distance |x − predictor| it quantises (both unsigned).
    @_transparent
    static func quantise(_ x: Lanes, _ p: Paths) -> (negative: Lanes, magnitude: Lanes, level: Lanes, distance: Lanes) {
        let q = p.predictor
        let st = p.step
        let neg = IMA.mask(x, lessThan: q)
        let distance = ((x &- q) ^ neg) &- neg
        var d = distance
        let half = st &>> 1
        let quarter = st &>> 2
        let lt4 = IMA.below(d, st)
        d &-= st & ~lt4
        let lt2 = IMA.below(d, half)
        d &-= half & ~lt2
        let lt1 = IMA.below(d, quarter)
        let m = (~lt4 & 4) | (~lt2 & 2) | (~lt1 & 1)
        let level = (st &>> 3) &+ (st & ~lt4) &+ (half & ~lt2) &+ (quarter & ~lt1)
        return (neg, m, level, distance)
    }

    /// Both children of every path in `p` for input `x` (the same sample in every lane). Not inlined: with its
    /// copies in the unrolled loop the compiler stops inlining the vector operators themselves.
    @inline(never) @_optimize(speed)
    static func children(_ x: Lanes, _ p: Paths) -> (greedy: Child, other: Child) {
        let (neg, m, level, distance) = quantise(x, p)
        // The sample lies beyond the greedy level (as unsigned numbers): the other level next to it is one up.
        let beyond = IMA.mask(level ^ Lanes(repeating: .min), lessThan: distance ^ Lanes(repeating: .min))
        let top = IMA.equal(m, 7)
        let zero = IMA.equal(m, 0)
        let up = beyond & ~top
        let otherM = m &+ (up & 1) &- (~up & ~zero & 1)
        let otherNeg = neg ^ (~beyond & zero)
        let greedy = apply(x, negative: neg, magnitude: m, p)
        let other = apply(x, negative: otherNeg, magnitude: otherM, p)
        return (greedy, other)
    }

    /// Every path codes `x` greedily (``IMA/encode(_:_:_:_:steps:)``, Apple's quantiser) and adds its squared
    /// error to its cost. Returns the codes.
    @_transparent
    static func greedy(_ x: Lanes, _ p: inout Paths, steps: UnsafePointer<Int16>) -> Lanes {
        let code = IMA.encode(x, &p.predictor, &p.index, &p.step, steps: steps)
        IMA.addSquaredError(x, p.predictor, to: &p.cost)
        return code
    }

    /// Sample `t` of both vectors when every path codes greedily: no exchange; the trace holds the codes.
    @_transparent
    static func sampleGreedy(_ t: Int, _ r: Run, _ a: inout Paths, _ b: inout Paths) {
        r.trace[2 &* t] = greedy(Lanes(repeating: r.x.0[t &* r.stride]), &a, steps: r.steps)
        r.trace[2 &* t &+ 1] = greedy(Lanes(repeating: r.x.1[t &* r.stride]), &b, steps: r.steps)
    }

    /// The code (sign mask `negative`, magnitude 0...7) applied to every path with the decoder's arithmetic
    /// (``IMA/decode(_:_:steps:)`` in every lane), and the path's cost with the squared error against `x`.
    @_transparent
    static func apply(_ x: Lanes, negative neg: Lanes, magnitude m: Lanes, _ p: Paths) -> Child {
        let st = p.step
        let q = p.predictor
        let m4 = (m &<< 13) &>> 15
        let m2 = (m &<< 14) &>> 15
        let m1 = (m &<< 15) &>> 15  // each bit as a lane mask
        let level = (st &>> 3) &+ (st & m4) &+ ((st &>> 1) & m2) &+ ((st &>> 2) & m1)  // ≤ 61438, unsigned
        // The clamp, as in IMA.encode: the room left in the code's direction against the level, unsigned.
        let over = IMA.mask(q ^ ~neg, lessThan: level ^ Lanes(repeating: .min))
        let moved = q &+ ((level ^ neg) &- neg)
        let predictor = moved ^ ((moved ^ (Lanes(repeating: .max) ^ neg)) & over)
        let adjust = ((((m & 3) &+ 1) &<< 1) & m4) | ~m4  // −1 for magnitudes 0...3, else 2·(m − 3)
        let index = IMA.clampIndex(p.index &+ adjust)
        var cost = p.cost
        IMA.addSquaredError(x, predictor, to: &cost)
        return Child(predictor: predictor, index: index, code: (neg & 8) | m, cost: cost)
    }

    /// Lane j of the result is lane j ^ d of `c` (d 1, 2 or 4).
    @_transparent
    static func partner(_ c: Child, _ d: Int) -> Child {
        Child(predictor: swap(c.predictor, d), index: swap(c.index, d), code: swap(c.code, d), cost: swap(c.cost, d))
    }

    @_transparent
    static func swap(_ v: Lanes, _ d: Int) -> Lanes {
        switch d {
        case 1: return Lanes(v[1], v[0], v[3], v[2], v[5], v[4], v[7], v[6])
        case 2: return Lanes(v[2], v[3], v[0], v[1], v[6], v[7], v[4], v[5])
        default: return Lanes(v[4], v[5], v[6], v[7], v[0], v[1], v[2], v[3])
        }
    }

    @_transparent
    static func swap(_ v: Costs, _ d: Int) -> Costs {
        switch d {
        case 1: return Costs(v[1], v[0], v[3], v[2], v[5], v[4], v[7], v[6])
        case 2: return Costs(v[2], v[3], v[0], v[1], v[6], v[7], v[4], v[5])
        default: return Costs(v[4], v[5], v[6], v[7], v[0], v[1], v[2], v[3])
        }
    }

    /// Each lane keeps the cheaper of `own` and `moved` (on a tie, its own). Returns the new paths and the trace
    /// entry: the kept code, plus 16 where it is `moved`.
    @_transparent
    static func keep(_ own: Child, _ moved: Child, steps: UnsafePointer<Int16>) -> (Paths, Lanes) {
        let take = IMA.lanes(moved.cost .< own.cost)
        let predictor = own.predictor ^ ((own.predictor ^ moved.predictor) & take)
        let index = own.index ^ ((own.index ^ moved.index) & take)
        let code = own.code ^ ((own.code ^ moved.code) & take)
        let paths = Paths(
            predictor: predictor, index: index, step: IMA.lookUp(index, in: steps),
            cost: own.cost.replacing(with: moved.cost, where: moved.cost .< own.cost))
        return (paths, code | (take & 16))
    }

    // MARK: A block

    /// Runs the search over the block of `r`. Leaves the paths' ends in `paths` and the trace in `r.trace`
    /// (2 · count vectors).
    @inline(__always) @_optimize(speed)
    static func run(_ r: Run, layout: Layout, paths: inout (Paths, Paths)) {
        var a = paths.0
        var b = paths.1
        var t = 0
        let count = r.count
        switch layout.cycle {
        case 0:
            while t < count {
                sampleGreedy(t, r, &a, &b)
                t &+= 1
            }
        case 1:
            while t < count {
                sample(t, 1, r, &a, &b)
                t &+= 1
            }
        case 2:
            while t &+ 2 <= count {
                sample(t, 1, r, &a, &b)
                t &+= 1
                sample(t, 2, r, &a, &b)
                t &+= 1
            }
            if t < count {
                sample(t, 1, r, &a, &b)
                t &+= 1
            }
        case 3:
            while t &+ 3 <= count {
                sample(t, 1, r, &a, &b)
                t &+= 1
                sample(t, 2, r, &a, &b)
                t &+= 1
                sample(t, 4, r, &a, &b)
                t &+= 1
            }
            if t < count {
                sample(t, 1, r, &a, &b)
                t &+= 1
            }
            if t < count {
                sample(t, 2, r, &a, &b)
                t &+= 1
            }
        default:
            while t &+ 4 <= count {
                sample(t, 1, r, &a, &b)
                t &+= 1
                sample(t, 2, r, &a, &b)
                t &+= 1
                sample(t, 4, r, &a, &b)
                t &+= 1
                sample(t, 8, r, &a, &b)
                t &+= 1
            }
            if t < count {
                sample(t, 1, r, &a, &b)
                t &+= 1
            }
            if t < count {
                sample(t, 2, r, &a, &b)
                t &+= 1
            }
            if t < count {
                sample(t, 4, r, &a, &b)
                t &+= 1
            }
        }
        paths = (a, b)
    }

    /// Sample `t` of both vectors, partner distance `d`.
    @_transparent
    static func sample(_ t: Int, _ d: Int, _ r: Run, _ a: inout Paths, _ b: inout Paths) {
        let steps = r.steps
        let trace = r.trace
        let xa = Lanes(repeating: r.x.0[t &* r.stride])
        let xb = Lanes(repeating: r.x.1[t &* r.stride])
        let ca = children(xa, a)
        let cb = children(xb, b)
        let ka: (Paths, Lanes)
        let kb: (Paths, Lanes)
        if d == 8 {
            ka = keep(ca.greedy, cb.other, steps: steps)
            kb = keep(cb.greedy, ca.other, steps: steps)
        } else {
            ka = keep(ca.greedy, partner(ca.other, d), steps: steps)
            kb = keep(cb.greedy, partner(cb.other, d), steps: steps)
        }
        a = ka.0
        b = kb.0
        trace[2 &* t] = ka.1
        trace[2 &* t &+ 1] = kb.1
    }

    /// The cheapest path among `vectors` (vector 0 or 1 alone, or both): its lane (0..<16) and cost.
    @_optimize(speed)
    static func cheapest(_ paths: (Paths, Paths), vectors: ClosedRange<Int>) -> (lane: Int, cost: Float) {
        var best = vectors.lowerBound &* 8
        var bestCost = Float.infinity
        for lane in (vectors.lowerBound &* 8)..<((vectors.upperBound &+ 1) &* 8) {
            let c = lane < 8 ? paths.0.cost[lane] : paths.1.cost[lane &- 8]
            if c < bestCost {
                best = lane
                bestCost = c
            }
        }
        return (best, bestCost)
    }

    /// The path ending in `lane`, read back through `trace` into one code a sample at `codes[t]`.
    @_optimize(speed)
    static func readBack(
        _ lane: Int, of paths: (Paths, Paths), count: Int, layout: Layout, trace: UnsafePointer<Lanes>,
        codes: UnsafeMutablePointer<UInt8>
    ) -> Winner {
        let endPaths = lane < 8 ? paths.0 : paths.1
        let end = IMAState(predictor: Int32(endPaths.predictor[lane & 7]), index: Int32(endPaths.index[lane & 7]))
        var lane = lane
        var t = count
        while t > 0 {
            t &-= 1
            let entry = trace[2 &* t &+ (lane &>> 3)][lane & 7]
            codes[t] = UInt8(truncatingIfNeeded: entry & 15)
            if entry & 16 != 0 { lane ^= layout.distance(t) }
        }
        return Winner(origin: lane, end: end)
    }
}

extension IMATrellis {
    /// Traces and codes for searching blocks of up to `samples` samples.
    struct Scratch {
        var trace: UnsafeMutablePointer<Lanes>
        var greedyTrace: UnsafeMutablePointer<Lanes>
        /// One code a sample of the channel being written.
        var codes: UnsafeMutablePointer<UInt8>
    }

    @_optimize(speed)
    static func withScratch<R>(samples: Int, _ body: (Scratch) -> R) -> R {
        let n = traceCapacity(samples: samples)
        return withUnsafeTemporaryAllocation(of: Lanes.self, capacity: 2 * n + (samples + 15) / 16) { t in
            let trace = t.baseAddress.unsafelyUnwrapped
            let codes = UnsafeMutableRawPointer(trace + 2 * n).bindMemory(to: UInt8.self, capacity: samples)
            return body(Scratch(trace: trace, greedyTrace: trace + n, codes: codes))
        }
    }
}

extension IMASearchContext {
    /// The trellis over `count` samples from `starts` (`x[v][t · stride]` for vector v, as in ``IMATrellis/Run``),
    /// beside every start coded greedily (the reference quantiser from each header a block could have: the best
    /// for steady tones). For each channel (vector 0 and 1 of a pair, or the wide channel) the cheaper of the two
    /// searches' best paths wins: `emit(v, winner)` is called with its codes in `trellis.codes`.
    @inline(__always) @_optimize(speed)
    func trellis(
        _ x: (UnsafePointer<Int16>, UnsafePointer<Int16>), stride: Int, count: Int,
        from starts: IMATrellis.Starts, layout: IMATrellis.Layout, emit: (Int, IMATrellis.Winner) -> Void
    ) {
        let initial = (starts.paths(0, steps: steps16), starts.paths(1, steps: steps16))
        let greedyLayout = IMATrellis.Layout(wide: layout.wide, cycle: 0)
        let greedyRun = IMATrellis.Run(x: x, stride: stride, count: count, trace: trellis.greedyTrace, steps: steps16)
        let trellisRun = IMATrellis.Run(x: x, stride: stride, count: count, trace: trellis.trace, steps: steps16)
        var greedy = initial
        var paths = initial
        IMATrellis.run(greedyRun, layout: greedyLayout, paths: &greedy)
        IMATrellis.run(trellisRun, layout: layout, paths: &paths)
        for v in 0..<(layout.wide ? 1 : 2) {
            let vectors = layout.wide ? 0...1 : v...v
            let g = IMATrellis.cheapest(greedy, vectors: vectors)
            let t = IMATrellis.cheapest(paths, vectors: vectors)
            let w =
                t.cost < g.cost
                ? IMATrellis.readBack(
                    t.lane, of: paths, count: count, layout: layout, trace: trellis.trace,
                    codes: trellis.codes)
                : IMATrellis.readBack(
                    g.lane, of: greedy, count: count, layout: greedyLayout,
                    trace: trellis.greedyTrace, codes: trellis.codes)
            emit(v, w)
        }
    }
}

extension IMA {
    /// A comparison of costs as a lane mask: −1 where it holds, else 0.
    @_transparent
    static func lanes(_ m: SIMDMask<SIMD8<Int32>>) -> Lanes {
        let wide = unsafeBitCast(SIMD8<Int32>(repeating: 0).replacing(with: -1, where: m), to: SIMD16<Int16>.self)
        return Lanes(wide[0], wide[2], wide[4], wide[6], wide[8], wide[10], wide[12], wide[14])
    }

    /// −1 in the lanes where `a` equals `b`, else 0.
    @_transparent
    static func equal(_ a: Lanes, _ b: Int16) -> Lanes {
        Lanes(repeating: 0).replacing(with: -1, where: a .== Lanes(repeating: b))
    }
}
