import SoundKitCodecs

// `soundkit-bench ima4-bound REF.raw CHANNELS EVERY OUT.raw...`: how close IMA4 encoders come to the best any
// IMA4 stream could do. Used by `scripts/quality --bound`.
//
// For every EVERY-th packet and each channel block of REF (16-bit little-endian, interleaved), the least squared
// error of any 64 codes from any start state at all (predictor and index), found exactly by dynamic programming over
// (predictor, index). A real packet starts from the running state or from a preamble the decoder adopts, so this
// relaxes the resync rule and bounds every encoder from above: no IMA4 stream decodes closer on these blocks.
// The search keeps only paths whose error is at most that of the best OUT block (decoded outputs of real encoders,
// aligned with REF), which some path reaches. Prints the SNR of each OUT and of the bound over the same blocks.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class IMA4Bound {
    static let states = 89 * 65536
    // Layer t's states (key = index · 65536 + predictor + 32768) and costs; the next layer's; where a key sits in
    // the next layer, valid when its stamp is the layer's.
    private var keys: UnsafeMutablePointer<UInt32>, nextKeys: UnsafeMutablePointer<UInt32>
    private var costs: UnsafeMutablePointer<UInt64>, nextCosts: UnsafeMutablePointer<UInt64>
    private let position: UnsafeMutablePointer<UInt32>, stamp: UnsafeMutablePointer<UInt32>
    private var layer: UInt32 = 0

    init() {
        keys = .allocate(capacity: Self.states)
        nextKeys = .allocate(capacity: Self.states)
        costs = .allocate(capacity: Self.states)
        nextCosts = .allocate(capacity: Self.states)
        position = .allocate(capacity: Self.states)
        stamp = .allocate(capacity: Self.states)
        stamp.initialize(repeating: 0, count: Self.states)
    }

    deinit {
        for p in [keys, nextKeys, position, stamp] { p.deallocate() }
        costs.deallocate()
        nextCosts.deallocate()
    }

    /// The least error over `x[t · stride]`, t in 0..<64·`packets`, from any state, or nil if none is at most
    /// `limit`. Between packets a path goes on from where it is or from any preamble state (9-bit predictor, any
    /// index): a decoder's choices and a few more (the resync rule would keep the running state for some of them).
    func least(_ x: UnsafePointer<Int16>, stride: Int, packets: Int = 1, limit: UInt64) -> UInt64? {
        IMATables.step.withUnsafeBufferPointer {
            least(x, stride: stride, packets: packets, limit: limit, steps: $0.baseAddress!)
        }
    }

    private func least(
        _ x: UnsafePointer<Int16>, stride: Int, packets: Int, limit: UInt64, steps: UnsafePointer<Int32>
    ) -> UInt64? {
        // After the first code every (predictor, index) is reachable from some state: sample 0 costs its own error.
        var count = 0
        let x0 = Int64(x[0])
        let radius = Int64(Double(limit).squareRoot()) + 1
        for i in 0..<89 {
            for p in Swift.max(x0 - radius, -32768)...Swift.min(x0 + radius, 32767) {
                let e = UInt64((p - x0) * (p - x0))
                guard e <= limit else { continue }
                keys[count] = UInt32(i << 16) | UInt32(p + 32768)
                costs[count] = e
                count += 1
            }
        }
        for t in 1..<(IMA4.framesPerPacket * packets) {
            let sample = Int64(x[t * stride])
            if t % IMA4.framesPerPacket == 0 { count = addPreambles(count) }
            count = advance(count, sample: sample, limit: limit, steps: steps)
            if count == 0 { return nil }
        }
        var least = UInt64.max
        for a in 0..<count { least = Swift.min(least, costs[a]) }
        return least
    }

    /// The cheapest 64 codes over `x[t · stride]` from any of `starts`, and where they end; nil if none costs at
    /// most `limit`. Exact: every path within `limit` is kept, one per state.
    func best(
        from starts: [IMAState], _ x: UnsafePointer<Int16>, stride: Int, limit: UInt64
    ) -> (cost: UInt64, end: IMAState)? {
        IMATables.step.withUnsafeBufferPointer { steps in
            var count = 0
            nextLayer()
            for s in starts {
                let k = UInt32(s.index) << 16 | UInt32(s.predictor + 32768)
                guard stamp[Int(k)] != layer else { continue }
                stamp[Int(k)] = layer
                keys[count] = k
                costs[count] = 0
                count += 1
            }
            for t in 0..<IMA4.framesPerPacket {
                count = advance(count, sample: Int64(x[t * stride]), limit: limit, steps: steps.baseAddress!)
                if count == 0 { return nil }
            }
            var best = 0
            for a in 1..<count where costs[a] < costs[best] { best = a }
            return (
                costs[best], IMAState(predictor: Int32(keys[best] & 0xFFFF) - 32768, index: Int32(keys[best] >> 16))
            )
        }
    }

    /// One sample: every code from every state of the layer, kept when the path costs at most `limit`, one a
    /// state. Returns the new layer's count.
    private func advance(_ count: Int, sample: Int64, limit: UInt64, steps: UnsafePointer<Int32>) -> Int {
        nextLayer()
        var next = 0
        for a in 0..<count {
            let key = keys[a]
            let cost = costs[a]
            let i = Int32(key >> 16)
            let p = Int32(key & 0xFFFF) - 32768
            for code in 0..<16 as Range<UInt8> {
                var s = IMAState(predictor: p, index: i)
                _ = IMA.decode(code, &s, steps: steps)
                let e = sample - Int64(s.predictor)
                let total = cost + UInt64(e * e)
                guard total <= limit else { continue }
                let k = UInt32(s.index) << 16 | UInt32(s.predictor + 32768)
                if stamp[Int(k)] != layer {
                    stamp[Int(k)] = layer
                    position[Int(k)] = UInt32(next)
                    nextKeys[next] = k
                    nextCosts[next] = total
                    next += 1
                } else if total < nextCosts[Int(position[Int(k)])] {
                    nextCosts[Int(position[Int(k)])] = total
                }
            }
        }
        swap(&keys, &nextKeys)
        swap(&costs, &nextCosts)
        return next
    }

    /// Starts a new layer: stamps from earlier layers no longer count.
    private func nextLayer() {
        layer &+= 1
        if layer == 0 {
            stamp.update(repeating: 0, count: Self.states)
            layer = 1
        }
    }

    /// Adds every preamble state (predictor a multiple of 128, any index) to the current layer at the cheapest
    /// current cost, keeping a state already there at the lesser cost. Returns the new count.
    private func addPreambles(_ count: Int) -> Int {
        var cheapest = UInt64.max
        for a in 0..<count { cheapest = Swift.min(cheapest, costs[a]) }
        nextLayer()
        for a in 0..<count {
            stamp[Int(keys[a])] = layer
            position[Int(keys[a])] = UInt32(a)
        }
        var n = count
        for i in 0..<89 {
            for p in Swift.stride(from: -32768, through: 32640, by: 128) {
                let k = UInt32(i << 16) | UInt32(p + 32768)
                if stamp[Int(k)] == layer {
                    costs[Int(position[Int(k)])] = cheapest
                } else {
                    stamp[Int(k)] = layer
                    keys[n] = k
                    costs[n] = cheapest
                    n += 1
                }
            }
        }
        return n
    }
}

/// 10·log10(signal / noise) with two decimals ("30.60"); "inf" or "-inf" when a side is zero.
func decibels(_ signal: Double, _ noise: Double) -> String {
    let db = 10 * log10(signal / Swift.max(noise, 1e-9))
    guard db.isFinite, abs(db) < 1e6 else { return db < 0 ? "-inf" : "inf" }
    let hundredths = Int((db * 100).rounded())
    let whole = abs(hundredths) / 100
    let fraction = abs(hundredths) % 100
    return "\(hundredths < 0 ? "-" : "")\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
}

func readRaw(_ path: String) -> [Int16]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var out = [Int16]()
    var buffer = [Int16](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 2, 65536, f) }
        if n <= 0 { break }
        out += buffer[0..<n].map { Int16(littleEndian: $0) }
    }
    return out
}

func ima4BoundMain(_ args: [String]) -> Int32 {
    guard args.count >= 4, let channels = Int(args[1]), channels > 0, let every = Int(args[2]), every > 0,
        let reference = readRaw(args[0])
    else {
        print("usage: soundkit-bench ima4-bound REF.raw CHANNELS EVERY [--window PACKETS] OUT.raw...")
        return 2
    }
    var window = 1
    var first = 3
    if args.count >= 6, args[3] == "--window", let w = Int(args[4]), w > 0 {
        window = w
        first = 5
    }
    var outputs: [[Int16]] = []
    for path in args[first...] {
        guard let o = readRaw(path) else {
            print("cannot read \(path)")
            return 1
        }
        outputs.append(o)
    }
    let length = outputs.reduce(reference.count) { Swift.min($0, $1.count) }
    let packets = length / channels / IMA4.framesPerPacket / window * window
    let bound = IMA4Bound()
    var signal = 0.0
    var least = 0.0
    var errors = [Double](repeating: 0, count: outputs.count)
    var blocks = 0
    reference.withUnsafeBufferPointer { ref in
        for p in Swift.stride(from: 0, to: packets, by: every * window) {
            for c in 0..<channels {
                let base = p * IMA4.framesPerPacket * channels + c
                var limit = UInt64.max
                for (j, o) in outputs.enumerated() {
                    var e: UInt64 = 0
                    for t in 0..<(IMA4.framesPerPacket * window) {
                        let d = Int64(ref[base + t * channels]) - Int64(o[base + t * channels])
                        e += UInt64(d * d)
                    }
                    errors[j] += Double(e)
                    limit = Swift.min(limit, e)
                }
                for t in 0..<(IMA4.framesPerPacket * window) {
                    signal += Double(ref[base + t * channels]) * Double(ref[base + t * channels])
                }
                // An output's block is a path, so the search finds one; nil would mean an output is no IMA4 stream.
                guard
                    let l = limit == 0
                        ? 0 : bound.least(ref.baseAddress! + base, stride: channels, packets: window, limit: limit)
                else {
                    print(
                        "packet \(p), channel \(c + 1): no path within the outputs' error (an output is not IMA4 decoded?)"
                    )
                    exit(1)
                }
                least += Double(l)
                blocks += 1
            }
        }
    }
    func snr(_ e: Double) -> String { decibels(signal, e) }
    print("blocks \(blocks) of \(packets * channels)")
    for (j, e) in errors.enumerated() { print("snr \(snr(e)) \(args[first + j])") }
    print("bound \(snr(least))")
    return 0
}

/// `soundkit-bench ima4-optimal REF.raw CHANNELS`: a real IMA4 stream, each packet coded by the exact search
/// (``IMA4Bound/best(from:_:stride:limit:)``) from the states a decoder can really start it in — the running state,
/// or a preamble the resync rule adopts — the cheapest end carried on. Prints its SNR and that of coding each
/// packet greedily from every one of those starts (its limit). Slow: an exact search of every block.
func ima4OptimalMain(_ args: [String]) -> Int32 {
    guard args.count == 2, let channels = Int(args[1]), channels > 0, let reference = readRaw(args[0]) else {
        print("usage: soundkit-bench ima4-optimal REF.raw CHANNELS")
        return 2
    }
    let packets = reference.count / channels / IMA4.framesPerPacket
    let search = IMA4Bound()
    var signal = 0.0
    var optimal = 0.0
    var greedy = 0.0
    reference.withUnsafeBufferPointer { ref in
        IMATables.step.withUnsafeBufferPointer { table in
            let steps = table.baseAddress!
            for c in 0..<channels {
                var running = IMAState()
                for p in 0..<packets {
                    let x = ref.baseAddress! + p * IMA4.framesPerPacket * channels + c
                    var starts = [running]
                    for i in 0...IMATables.maxIndex {
                        for q in Swift.stride(from: Int32(-32768), through: 32640, by: 128) {
                            let s = IMA4.resync(running, preamble: IMA4.preamble(predictor: q, index: i))
                            if s != running { starts.append(s) }
                        }
                    }
                    var limit = UInt64.max
                    for s in starts {
                        var state = s
                        var e: UInt64 = 0
                        for t in 0..<IMA4.framesPerPacket {
                            let v = Int64(x[t * channels])
                            _ = IMA.encode(Int32(v), &state, steps: steps)
                            e += UInt64((v - Int64(state.predictor)) * (v - Int64(state.predictor)))
                        }
                        limit = Swift.min(limit, e)
                    }
                    greedy += Double(limit)
                    for t in 0..<IMA4.framesPerPacket { signal += Double(x[t * channels]) * Double(x[t * channels]) }
                    guard let found = search.best(from: starts, x, stride: channels, limit: limit) else {
                        print("packet \(p), channel \(c + 1): the search lost the greedy path")
                        exit(1)
                    }
                    optimal += Double(found.cost)
                    running = found.end
                }
            }
        }
    }
    func snr(_ e: Double) -> String { decibels(signal, e) }
    print("greedy from every start \(snr(greedy))")
    print("packet-optimal \(snr(optimal))")
    return 0
}
