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
import SoundKitCodecs

final class IMA4Bound {
    static let states = 89 * 65536
    // Layer t's states (key = index · 65536 + predictor + 32768) and costs; the next layer's; where a key sits in
    // the next layer, valid when its stamp is the layer's.
    private var keys: UnsafeMutablePointer<UInt32>, nextKeys: UnsafeMutablePointer<UInt32>
    private var costs: UnsafeMutablePointer<UInt64>, nextCosts: UnsafeMutablePointer<UInt64>
    private let position: UnsafeMutablePointer<UInt32>, stamp: UnsafeMutablePointer<UInt32>
    private var layer: UInt32 = 0

    init() {
        keys = .allocate(capacity: Self.states); nextKeys = .allocate(capacity: Self.states)
        costs = .allocate(capacity: Self.states); nextCosts = .allocate(capacity: Self.states)
        position = .allocate(capacity: Self.states); stamp = .allocate(capacity: Self.states)
        stamp.initialize(repeating: 0, count: Self.states)
    }

    deinit {
        for p in [keys, nextKeys, position, stamp] { p.deallocate() }
        costs.deallocate(); nextCosts.deallocate()
    }

    /// The least error over `x[t · stride]`, t in 0..<64, from any state, or nil if none is at most `limit`.
    func least(_ x: UnsafePointer<Int16>, stride: Int, limit: UInt64) -> UInt64? {
        IMATables.step.withUnsafeBufferPointer { least(x, stride: stride, limit: limit, steps: $0.baseAddress!) }
    }

    private func least(_ x: UnsafePointer<Int16>, stride: Int, limit: UInt64, steps: UnsafePointer<Int32>) -> UInt64? {
        // After the first code every (predictor, index) is reachable from some state: sample 0 costs its own error.
        var count = 0
        let x0 = Int64(x[0]), radius = Int64(Double(limit).squareRoot()) + 1
        for i in 0..<89 {
            for p in Swift.max(x0 - radius, -32768)...Swift.min(x0 + radius, 32767) {
                let e = UInt64((p - x0) * (p - x0))
                guard e <= limit else { continue }
                keys[count] = UInt32(i << 16) | UInt32(p + 32768)
                costs[count] = e
                count += 1
            }
        }
        for t in 1..<IMA4.framesPerPacket {
            let sample = Int64(x[t * stride])
            layer &+= 1
            if layer == 0 { stamp.update(repeating: 0, count: Self.states); layer = 1 }
            var next = 0
            for a in 0..<count {
                let key = keys[a], cost = costs[a]
                let i = Int(key >> 16), p = Int32(key & 0xFFFF) - 32768
                for code in 0..<16 as Range<UInt8> {
                    var s = IMAState(predictor: p, index: Int32(i))
                    _ = IMA.decode(code, &s, steps: steps)
                    let e = sample - Int64(s.predictor)
                    let total = cost + UInt64(e * e)
                    guard total <= limit else { continue }
                    let k = UInt32(s.index) << 16 | UInt32(s.predictor + 32768)
                    if stamp[Int(k)] != layer {
                        stamp[Int(k)] = layer; position[Int(k)] = UInt32(next)
                        nextKeys[next] = k; nextCosts[next] = total; next += 1
                    } else if total < nextCosts[Int(position[Int(k)])] {
                        nextCosts[Int(position[Int(k)])] = total
                    }
                }
            }
            swap(&keys, &nextKeys); swap(&costs, &nextCosts)
            count = next
            if count == 0 { return nil }
        }
        var least = UInt64.max
        for a in 0..<count { least = Swift.min(least, costs[a]) }
        return least
    }
}

func readRaw(_ path: String) -> [Int16]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var out = [Int16](), buffer = [Int16](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 2, 65536, f) }
        if n <= 0 { break }
        out += buffer[0..<n].map { Int16(littleEndian: $0) }
    }
    return out
}

func ima4BoundMain(_ args: [String]) -> Int32 {
    guard args.count >= 4, let channels = Int(args[1]), channels > 0, let every = Int(args[2]), every > 0,
          let reference = readRaw(args[0]) else {
        print("usage: soundkit-bench ima4-bound REF.raw CHANNELS EVERY OUT.raw...")
        return 2
    }
    var outputs: [[Int16]] = []
    for path in args[3...] {
        guard let o = readRaw(path) else { print("cannot read \(path)"); return 1 }
        outputs.append(o)
    }
    let length = outputs.reduce(reference.count) { Swift.min($0, $1.count) }
    let packets = length / channels / IMA4.framesPerPacket
    let bound = IMA4Bound()
    var signal = 0.0, least = 0.0, errors = [Double](repeating: 0, count: outputs.count), blocks = 0
    reference.withUnsafeBufferPointer { ref in
        for p in Swift.stride(from: 0, to: packets, by: every) {
            for c in 0..<channels {
                let base = p * IMA4.framesPerPacket * channels + c
                var limit = UInt64.max
                for (j, o) in outputs.enumerated() {
                    var e: UInt64 = 0
                    for t in 0..<IMA4.framesPerPacket {
                        let d = Int64(ref[base + t * channels]) - Int64(o[base + t * channels])
                        e += UInt64(d * d)
                    }
                    errors[j] += Double(e)
                    limit = Swift.min(limit, e)
                }
                for t in 0..<IMA4.framesPerPacket { signal += Double(ref[base + t * channels]) * Double(ref[base + t * channels]) }
                // An output's block is a path, so the search finds one; nil would mean an output is no IMA4 stream.
                guard let l = limit == 0 ? 0 : bound.least(ref.baseAddress! + base, stride: channels, limit: limit) else {
                    print("packet \(p), channel \(c + 1): no path within the outputs' error (an output is not IMA4 decoded?)")
                    exit(1)
                }
                least += Double(l)
                blocks += 1
            }
        }
    }
    func snr(_ e: Double) -> String { String(Double(Int((1000 * log10(signal / Swift.max(e, 1e-9))).rounded())) / 100) }
    print("blocks \(blocks) of \(packets * channels)")
    for (j, e) in errors.enumerated() { print("snr \(snr(e)) \(args[3 + j])") }
    print("bound \(snr(least))")
    return 0
}
