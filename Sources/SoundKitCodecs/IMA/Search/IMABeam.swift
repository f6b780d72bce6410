/// The widest IMA search (``IMASearch/beam``, `-q 120…127`): a beam over one channel block (64 samples in IMA4, up
/// to ``maxSamples`` in WAV) that keeps the 256 cheapest paths, at most one per band of predictor values (16, 32 or
/// 64 wide).
///
/// The band rule is what makes it work. Paths that differ only in the last bits of the predictor have nearly the
/// same future, and a beam that keeps the cheapest paths without it fills with such near-copies; one path a band
/// keeps paths whose step sizes and predictors really differ alive until a transient decides between them. On
/// clicks, square waves and alert tones, which need a large step ready before the edge, this is worth several dB
/// over a trellis of 16 paths and over FFmpeg's `-trellis 8` (figures: scripts/quality).
///
/// An IMA4 block starts from the running state (continuing) or from a preamble the decoder adopts under the resync
/// rule: predictors at the running one and at the block's first sample (and one preamble step either side of it),
/// indices within 12 of the running one; a WAV block from its first sample (the header states it exactly) at every
/// index. A path's children are the codes whose magnitude lies within 2 of the
/// greedy one on its side of the sample, and magnitudes up to 2 on the other side. Every child is computed with
/// the decoder's arithmetic (``IMA/decode(_:_:steps:)``), so the stream decodes to exactly the path found.
///
/// For the quality end of the scale: it is slow (scripts/bench times it). A beam keeps its buffers (and its copy
/// of the step table) from block to block.
final class IMABeam {
    /// Paths kept after each sample.
    static let width = 256
    /// Predictor bands: `(predictor + 32768) >> bandShift`. Narrow bands suit dense signals (noise, sweeps), wide
    /// ones transients; `-q 127` runs a beam of each.
    let bandShift: Int32
    /// Children a path has at most: 5 magnitudes around the greedy one and 0 on its side, 3 on the other.
    static let maxChildren = 9
    /// Start indices: the running index ± this.
    static let indexReach: Int32 = 12
    /// The longest block a beam searches: the sort key holds a cost below 2^47 (at most 2^32 a sample) beside a
    /// band, and the trace takes 3 bytes a path and sample (3 MB here). WAV's blocks are 2,041 frames or fewer
    /// as soundkit writes them; longer blocks get the trellis.
    static let maxSamples = 4096
    /// Samples this beam's trace holds.
    let capacity: Int
    /// Children: magnitudes within this of the greedy one.
    static let reach: Int32 = 2

    // Candidates of one sample (at most one a band), and the paths kept at every sample of the block. Raw
    // buffers, allocated once: the inner loop runs once a candidate, up to width · maxChildren times a sample.
    private let predictor: UnsafeMutablePointer<Int32>
    private let index: UnsafeMutablePointer<Int32>
    private let cost: UnsafeMutablePointer<Int64>
    private let parent: UnsafeMutablePointer<Int32>
    private let code: UnsafeMutablePointer<UInt8>
    private let band: UnsafeMutablePointer<Int32>
    private let slot: UnsafeMutablePointer<Int32>
    private let stamp: UnsafeMutablePointer<UInt32>
    private var generation: UInt32 = 0
    private let order: UnsafeMutablePointer<Int64>
    /// Kept paths a sample: the parent (in the previous sample's kept list, or the start) and the code.
    private let traceParent: UnsafeMutablePointer<Int16>
    private let traceCode: UnsafeMutablePointer<UInt8>
    /// The winning path's codes, read back.
    private let codes: UnsafeMutablePointer<UInt8>
    // The current paths (never more than `width`: a block has at most 101 starts).
    private let pathPredictor: UnsafeMutablePointer<Int32>
    private let pathIndex: UnsafeMutablePointer<Int32>
    private let pathCost: UnsafeMutablePointer<Int64>
    /// The step table (``IMATables/step``).
    private let steps: UnsafeMutablePointer<Int32>

    /// A beam with bands `1 << bandShift` wide (1...256), for blocks of up to `samples` (at most ``maxSamples``).
    @_optimize(speed)
    init(bandShift: Int32, samples: Int = IMA4.framesPerPacket) {
        self.bandShift = Swift.min(Swift.max(bandShift, 0), 8)
        capacity = Swift.min(Swift.max(samples, 1), Self.maxSamples)
        @_optimize(speed)
        func buffer<T>(_ count: Int, _ value: T) -> UnsafeMutablePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: count)
            p.initialize(repeating: value, count: count)
            return p
        }
        let candidates = Self.width * Self.maxChildren
        let bands = 65536 >> Int(self.bandShift)
        let trace = capacity * Self.width
        predictor = buffer(candidates, 0)
        index = buffer(candidates, 0)
        cost = buffer(candidates, 0)
        parent = buffer(candidates, 0)
        code = buffer(candidates, 0)
        band = buffer(candidates, 0)
        slot = buffer(bands, 0)
        stamp = buffer(bands, 0)
        order = buffer(candidates, 0)
        traceParent = buffer(trace, 0)
        traceCode = buffer(trace, 0)
        codes = buffer(capacity, 0)
        pathPredictor = buffer(Self.width, 0)
        pathIndex = buffer(Self.width, 0)
        pathCost = buffer(Self.width, 0)
        steps = .allocate(capacity: IMATables.step.count)
        steps.initialize(from: IMATables.step, count: IMATables.step.count)
    }

    deinit {
        let int32s: [UnsafeMutablePointer<Int32>] =
            [predictor, index, parent, band, slot, pathPredictor, pathIndex, steps]
        for p in int32s { p.deallocate() }
        for p in [cost, order, pathCost] as [UnsafeMutablePointer<Int64>] { p.deallocate() }
        code.deallocate()
        traceCode.deallocate()
        codes.deallocate()
        stamp.deallocate()
        traceParent.deallocate()
    }

    /// The states a block may start from: the running one first, then each distinct preamble the decoder adopts.
    @_optimize(speed)
    static func starts(_ running: IMAState, first: Int32) -> [IMAState] {
        var out = [running]
        let atFirst = IMA4.preamblePredictor(nearest: first)
        var predictors: [Int32] = []
        for p in [IMA4.preamblePredictor(nearest: running.predictor), atFirst, atFirst &- 128, atFirst &+ 128]
        where p >= -32768 && p <= 32640 && !predictors.contains(p) {
            predictors.append(p)
        }
        for i in Swift.max(running.index &- indexReach, 0)...Swift.min(running.index &+ indexReach, 88) {
            for p in predictors {
                let s = IMA4.resync(running, preamble: IMA4.preamble(predictor: p, index: i))
                if s == IMAState(predictor: p, index: i), s != running { out.append(s) }
            }
        }
        return out
    }

    /// Codes one IMA4 channel block: `x[t · stride]` for t in 0..<64, from `state` (updated to where a decoder
    /// ends). Writes the preamble and the codes into `block` (34 bytes). Returns the squared error of the block.
    @discardableResult @_optimize(speed)
    func encodeBlock(
        _ x: UnsafePointer<Int16>, stride: Int, state: inout IMAState,
        into block: UnsafeMutablePointer<UInt8>
    ) -> Int64 {
        let startStates = Self.starts(state, first: Int32(x[0]))
        let found = search(x, stride: stride, count: IMA4.framesPerPacket, from: startStates)
        IMA4Encoder.write(start: startStates[found.start], codes: codes, into: block)
        state = found.end
        return found.cost
    }

    /// The path a search found: its squared error, which start it leaves from, where a decoder ends; its codes
    /// are in ``codes``.
    struct Path {
        var cost: Int64
        var start: Int
        var end: IMAState
    }

    /// The codes of the last path found, one a byte.
    var found: UnsafePointer<UInt8> { UnsafePointer(codes) }

    /// The cheapest path the beam finds over `x[t · stride]` for t in 0..<`count` (at most ``capacity``; more are
    /// not searched) from any of `starts` (1 to ``width`` of them).
    @_optimize(speed)
    func search(_ x: UnsafePointer<Int16>, stride: Int, count: Int, from starts: [IMAState]) -> Path {
        let n = Swift.min(count, capacity)
        var count = Swift.min(starts.count, Self.width)
        guard n > 0, count > 0 else { return Path(cost: 0, start: 0, end: starts.first ?? IMAState()) }
        let steps = UnsafePointer(self.steps)  // read once, as a parameter would be, not in every child
        for k in 0..<count {
            pathPredictor[k] = starts[k].predictor
            pathIndex[k] = starts[k].index
            pathCost[k] = 0
        }
        for t in 0..<n {
            let sample = Int32(x[t &* stride])
            generation &+= 1
            var candidates = 0
            for k in 0..<count {
                let p = pathPredictor[k]
                let i = pathIndex[k]
                let origin = Parent(k: k, state: IMAState(predictor: p, index: i), cost: pathCost[k])
                let step = steps[Int(i)]
                let negative = sample < p
                let g = IMA.magnitude(negative ? p &- sample : sample &- p, step: step)  // the greedy code's
                let side: Int32 = negative ? 8 : 0
                for m in Swift.max(g &- Self.reach, 0)...Swift.min(g &+ Self.reach, 7) {
                    add(UInt8(truncatingIfNeeded: side | m), from: origin, sample, &candidates, steps)
                }
                if g > Self.reach { add(UInt8(truncatingIfNeeded: side), from: origin, sample, &candidates, steps) }
                for m in 0...Self.reach {
                    add(UInt8(truncatingIfNeeded: (8 &- side) | m), from: origin, sample, &candidates, steps)
                }
            }
            count = keepCheapest(candidates, at: t)
        }
        // The cheapest end, then back to its start.
        var best = 0
        for k in 1..<count where pathCost[k] < pathCost[best] { best = k }
        var k = best
        for t in Swift.stride(from: n &- 1, through: 0, by: -1) {
            codes[t] = traceCode[t &* Self.width &+ k]
            k = Int(traceParent[t &* Self.width &+ k])
        }
        return Path(
            cost: pathCost[best], start: k, end: IMAState(predictor: pathPredictor[best], index: pathIndex[best]))
    }

    /// A path a sample's children come from: its number among the current paths, where a decoder following it
    /// is, and its squared error so far.
    private struct Parent {
        var k: Int
        var state: IMAState
        var cost: Int64
    }

    /// The child of `origin` by code `c`: kept unless its band already holds a cheaper one (on a tie, the first).
    @inline(__always) @_optimize(speed)
    private func add(
        _ c: UInt8, from origin: Parent, _ sample: Int32, _ candidates: inout Int,
        _ steps: UnsafePointer<Int32>
    ) {
        let k = origin.k
        var s = origin.state
        _ = IMA.decode(c, &s, steps: steps)
        let e = Int64(sample &- s.predictor)
        let total = origin.cost &+ e &* e
        let b = Int((s.predictor &+ 32768) &>> bandShift)
        if stamp[b] == generation {
            let j = Int(slot[b])
            if total < cost[j] {
                predictor[j] = s.predictor
                index[j] = s.index
                cost[j] = total
                parent[j] = Int32(truncatingIfNeeded: k)
                code[j] = c
            }
            return
        }
        stamp[b] = generation
        slot[b] = Int32(truncatingIfNeeded: candidates)
        predictor[candidates] = s.predictor
        index[candidates] = s.index
        cost[candidates] = total
        parent[candidates] = Int32(truncatingIfNeeded: k)
        code[candidates] = c
        band[candidates] = Int32(b)
        candidates &+= 1
    }

    /// Keeps the `width` cheapest candidates (ties: the lower band) as the paths of sample `t`; returns how many.
    @_optimize(speed)
    private func keepCheapest(_ candidates: Int, at t: Int) -> Int {
        // Cost and band in one key: costs are below 2^44 (maxSamples of at most 2^32 each), bands below 2^16.
        var limit = Int64.max
        if candidates > Self.width {
            for j in 0..<candidates { order[j] = cost[j] &<< 16 | Int64(band[j]) }
            limit = Self.select(order, count: candidates, rank: Self.width &- 1)
        }
        var n = 0
        let row = t &* Self.width
        for j in 0..<candidates where cost[j] &<< 16 | Int64(band[j]) <= limit {
            pathPredictor[n] = predictor[j]
            pathIndex[n] = index[j]
            pathCost[n] = cost[j]
            traceParent[row &+ n] = Int16(truncatingIfNeeded: parent[j])
            traceCode[row &+ n] = code[j]
            n &+= 1
        }
        return n
    }

    /// The value of rank `rank` (0: the smallest) among the first `count` of `a` (distinct values), reordering them.
    @_optimize(speed)
    static func select(_ a: UnsafeMutablePointer<Int64>, count: Int, rank: Int) -> Int64 {
        var lo = 0
        var hi = count &- 1
        while lo < hi {
            let mid = lo &+ (hi &- lo) / 2
            // Median of three as the pivot, moved to hi.
            if a[mid] < a[lo] { swap(a, mid, lo) }
            if a[hi] < a[lo] { swap(a, hi, lo) }
            if a[mid] < a[hi] { swap(a, mid, hi) }
            let pivot = a[hi]
            var store = lo
            for j in lo..<hi where a[j] < pivot {
                swap(a, j, store)
                store &+= 1
            }
            swap(a, store, hi)
            if store == rank { return a[store] }
            if store < rank { lo = store &+ 1 } else { hi = store &- 1 }
        }
        return a[lo]
    }

    @inline(__always) @_optimize(speed)
    private static func swap(_ a: UnsafeMutablePointer<Int64>, _ i: Int, _ j: Int) {
        let t = a[i]
        a[i] = a[j]
        a[j] = t
    }
}
