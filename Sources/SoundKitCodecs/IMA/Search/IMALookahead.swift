/// The look-ahead coder: a greedy coder that looks a few samples ahead before it commits.
///
/// Eight paths run side by side, a lane each, from the states a block's header could set. At every sample a path
/// weighs four codes — the greedy one (the level nearest the sample, Apple's choice), one magnitude below and one
/// above on the same side, and magnitude 0 on the other side — and takes the one whose own squared error plus the
/// greedy coder's over the next ``depth`` samples from where it leads is least (on a tie, the greedy code). The
/// trellis (``IMATrellis``) keeps whichever path has been cheapest so far, which loses the paths that pay a little
/// now to set the step size right for an edge or a click a few samples on; looking ahead finds those. Every code
/// is applied with the decoder's own arithmetic, so a decoder following a lane's codes is exactly where the lane is.
enum IMALookahead {
    typealias Lanes = IMA.Lanes
    typealias Paths = IMATrellis.Paths

    /// How many samples after its own each choice is judged by (fewer at the block's end). Four is where the gain
    /// levels off (scripts/quality against `ffmpeg -trellis 8`; 2 loses to it on white noise and the sweep).
    static let depth = 4

    /// Codes `count` samples, `x[t · stride]`, along all 8 lanes of `paths` (its costs grow by each lane's squared
    /// error; a lane that starts at infinite cost stays there). Lane k's code for sample t is `codes[t][k]`.
    @_optimize(speed)
    static func run(
        _ x: UnsafePointer<Int16>, stride: Int, count: Int, paths: inout Paths, codes: UnsafeMutablePointer<Lanes>,
        steps: UnsafePointer<Int16>
    ) {
        var p = paths
        var greedyAhead: Ahead? = nil
        for t in 0..<count {
            let xt = Lanes(repeating: x[t &* stride])
            let n = Swift.min(depth, count &- 1 &- t)
            let next = x + (t &+ 1) &* stride
            let (g, down, up, flip) = children(xt, p)
            // The greedy child's score first. Where every lane took its greedy code at the last sample, the greedy
            // coder ahead of this one is that look-ahead one sample on: its first step is this greedy child.
            if greedyAhead != nil {
                greedyAhead?.advance(to: n, next, stride: stride, steps: steps)
            } else {
                greedyAhead = Ahead(g, n, next, stride: stride, steps: steps)
            }
            let score = greedyAhead?.score(g.cost) ?? .zero
            var best = g
            // A child whose own error is already above that score in every lane cannot win (the error ahead is
            // never negative), and then no look-ahead is run for it — in silence and on slow signals, most samples.
            if any(down.cost .< score) || any(up.cost .< score) || any(flip.cost .< score) {
                var chains = (Chain(down, steps: steps), Chain(up, steps: steps), Chain(flip, steps: steps))
                Chain.run(&chains, n, next, stride: stride, steps: steps)
                // At magnitude 0 the child below is the greedy one again, at 7 the one above: equal scores, and a
                // tie keeps the greedy code.
                var bestScore = score
                pick(down, chains.0.cost, into: &best, &bestScore)
                pick(up, chains.1.cost, into: &best, &bestScore)
                pick(flip, chains.2.cost, into: &best, &bestScore)
                if best.code != g.code { greedyAhead = nil }
            }
            codes[t] = best.code
            p = Paths(
                predictor: best.predictor, index: best.index, step: IMA.lookUp(best.index, in: steps),
                cost: p.cost + best.cost)
        }
        paths = p
    }

    /// The greedy coder's look-ahead from the greedy child: where it ends, and the squared error of each of its
    /// (up to 4) samples, kept apart so that the score is summed in the same order however it was reached.
    struct Ahead {
        var end: Chain
        var errors: (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) = (.zero, .zero, .zero, .zero)
        var count = 0

        @inline(__always) @_optimize(speed)
        init(_ g: IMATrellis.Child, _ n: Int, _ x: UnsafePointer<Int16>, stride: Int, steps: UnsafePointer<Int16>) {
            end = Chain(g, steps: steps)
            while count < n { step(x[count &* stride], steps: steps) }
        }

        /// One greedy sample more, its error appended.
        @inline(__always) @_optimize(speed)
        mutating func step(_ x: Int16, steps: UnsafePointer<Int16>) {
            end.cost = .zero
            end.greedy(Lanes(repeating: x), steps: steps)
            switch count {
            case 0: errors.0 = end.cost
            case 1: errors.1 = end.cost
            case 2: errors.2 = end.cost
            default: errors.3 = end.cost
            }
            count &+= 1
        }

        /// The look-ahead of the next sample's greedy child, which is this one's first step: that step dropped,
        /// then samples added until there are `n` (`x` now starts after the next sample).
        @inline(__always) @_optimize(speed)
        mutating func advance(to n: Int, _ x: UnsafePointer<Int16>, stride: Int, steps: UnsafePointer<Int16>) {
            errors = (errors.1, errors.2, errors.3, .zero)
            count = Swift.max(count &- 1, 0)
            while count < n { step(x[count &* stride], steps: steps) }
        }

        /// `own` (the greedy child's own error) plus the errors ahead, summed in order.
        @inline(__always) @_optimize(speed)
        func score(_ own: SIMD8<Float>) -> SIMD8<Float> {
            var s = own
            if count > 0 { s += errors.0 }
            if count > 1 { s += errors.1 }
            if count > 2 { s += errors.2 }
            if count > 3 { s += errors.3 }
            return s
        }
    }

    /// The four children of every path for sample `xt`: the greedy code, one magnitude below and above it on the
    /// same side, magnitude 0 on the other side. Their costs are their own squared errors alone — the paths' costs
    /// so far are left out, so that a long block's large total does not swallow the differences in Float. (Not
    /// inlined: in one function with the look-ahead the compiler stops inlining the vector operators themselves.)
    @inline(never) @_optimize(speed)
    static func children(
        _ xt: Lanes, _ p: Paths
    ) -> (IMATrellis.Child, IMATrellis.Child, IMATrellis.Child, IMATrellis.Child) {
        let (neg, m, _, _) = IMATrellis.quantise(xt, p)
        let zero = IMA.equal(m, 0)
        let top = IMA.equal(m, 7)
        var fresh = p
        fresh.cost = .zero
        return (
            apply(xt, negative: neg, magnitude: m, fresh),
            apply(xt, negative: neg, magnitude: m &- (~zero & 1), fresh),
            apply(xt, negative: neg, magnitude: m &+ (~top & 1), fresh),
            apply(xt, negative: ~neg, magnitude: Lanes(), fresh)
        )
    }

    /// ``IMATrellis/apply(_:negative:magnitude:_:)``, one call each: four inlined copies in one function are where
    /// the compiler stopped inlining the vector operators.
    @inline(never) @_optimize(speed)
    static func apply(_ x: Lanes, negative: Lanes, magnitude: Lanes, _ p: Paths) -> IMATrellis.Child {
        IMATrellis.apply(x, negative: negative, magnitude: magnitude, p)
    }

    /// A child coded on greedily.
    struct Chain {
        var predictor: Lanes
        var index: Lanes
        var step: Lanes
        var cost: SIMD8<Float>

        @inline(__always) @_optimize(speed)
        init(_ c: IMATrellis.Child, steps: UnsafePointer<Int16>) {
            predictor = c.predictor
            index = c.index
            step = IMA.lookUp(c.index, in: steps)
            cost = c.cost
        }

        @inline(__always) @_optimize(speed)
        mutating func greedy(_ x: Lanes, steps: UnsafePointer<Int16>) {
            _ = IMA.encode(x, &predictor, &index, &step, steps: steps)
            IMA.addSquaredError(x, predictor, to: &cost)
        }

        /// Three chains over the same `count` samples `x[j · stride]` in one loop: independent, so the CPU
        /// overlaps them.
        @inline(never) @_optimize(speed)
        static func run(
            _ chains: inout (Chain, Chain, Chain), _ count: Int, _ x: UnsafePointer<Int16>, stride: Int,
            steps: UnsafePointer<Int16>
        ) {
            var a = chains.0
            var b = chains.1
            var c = chains.2
            for j in 0..<count {
                let xj = Lanes(repeating: x[j &* stride])
                a.greedy(xj, steps: steps)
                b.greedy(xj, steps: steps)
                c.greedy(xj, steps: steps)
            }
            chains = (a, b, c)
        }
    }

    @_transparent
    static func any(_ m: SIMDMask<SIMD8<Int32>>) -> Bool { m != SIMDMask(repeating: false) }

    /// `best` becomes `child` in the lanes where `childScore` is below `score`.
    @_transparent
    static func pick(
        _ child: IMATrellis.Child, _ childScore: SIMD8<Float>, into best: inout IMATrellis.Child,
        _ score: inout SIMD8<Float>
    ) {
        let less = childScore .< score
        let take = IMA.lanes(less)
        best.predictor ^= (best.predictor ^ child.predictor) & take
        best.index ^= (best.index ^ child.index) & take
        best.code ^= (best.code ^ child.code) & take
        best.cost = best.cost.replacing(with: child.cost, where: less)
        score = score.replacing(with: childScore, where: less)
    }
}

extension IMASearchContext {
    /// The look-ahead coder over `count` samples `x[t · stride]` (at most the context's samples) from the first 8
    /// lanes of `starts` (a start that is no candidate never wins); writes the cheapest lane's codes, one a sample,
    /// at `out`. Returns the lane it started from and where it leaves a decoder.
    @_optimize(speed)
    func lookahead(
        _ x: UnsafePointer<Int16>, stride: Int, count: Int, from starts: IMATrellis.Starts,
        into out: UnsafeMutablePointer<UInt8>
    ) -> IMATrellis.Winner {
        var paths = starts.paths(0, steps: steps16)
        IMALookahead.run(x, stride: stride, count: count, paths: &paths, codes: lanes, steps: steps16)
        var k = 0
        for lane in 1..<8 where paths.cost[lane] < paths.cost[k] { k = lane }
        for t in 0..<count { out[t] = UInt8(truncatingIfNeeded: lanes[t][k]) }
        return IMATrellis.Winner(
            origin: k, end: IMAState(predictor: Int32(paths.predictor[k]), index: Int32(paths.index[k])))
    }
}
