import SoundKitTestSupport
import Testing

@testable import SoundKitCodecs

/// IMA ADPCM as the IMA recommendation and FFmpeg's `adpcm_ima_qt` write it, transcribed independently:
/// the decoder with a table lookup of the index change, and FFmpeg's encoder formulation
/// (`diff = delta + (step >> 3)`, minus what is left after the three subtractions).
enum IMAReference {
    static let indexTable = [-1, -1, -1, -1, 2, 4, 6, 8, -1, -1, -1, -1, 2, 4, 6, 8]
    static let stepTable = IMATables.step.map(Int.init)

    static func expand(_ nibble: Int, _ pred: inout Int, _ index: inout Int) -> Int {
        let step = stepTable[index]
        var diff = step >> 3
        if nibble & 4 != 0 { diff += step }
        if nibble & 2 != 0 { diff += step >> 1 }
        if nibble & 1 != 0 { diff += step >> 2 }
        pred = nibble & 8 != 0 ? max(pred - diff, -32768) : min(pred + diff, 32767)
        index = min(max(index + indexTable[nibble], 0), 88)
        return pred
    }

    /// FFmpeg `adpcm_ima_qt_compress_sample`.
    static func compress(_ sample: Int, _ pred: inout Int, _ index: inout Int) -> Int {
        var delta = sample - pred
        var step = stepTable[index]
        var nibble = delta < 0 ? 8 : 0
        delta = abs(delta)
        var diff = delta + (step >> 3)
        if delta >= step {
            nibble |= 4
            delta -= step
        }
        step >>= 1
        if delta >= step {
            nibble |= 2
            delta -= step
        }
        step >>= 1
        if delta >= step {
            nibble |= 1
            delta -= step
        }
        diff -= delta
        pred = nibble & 8 != 0 ? pred - diff : pred + diff
        pred = min(max(pred, -32768), 32767)
        index = min(max(index + indexTable[nibble], 0), 88)
        return nibble
    }

    /// FFmpeg's `adpcm_ima_qt` decoder for whole packets: resync, then 64 nibbles, low first.
    static func decodeQT(_ bytes: [UInt8], channels: Int) -> [Int16] {
        var pred = [Int](repeating: 0, count: channels)
        var index = pred
        var out = [Int16](repeating: 0, count: bytes.count / 34 * 64)
        for p in 0..<(bytes.count / (34 * channels)) {
            for c in 0..<channels {
                let b = p * 34 * channels + c * 34
                let header = Int(bytes[b]) << 8 | Int(bytes[b + 1])
                let hPred = Int(Int16(bitPattern: UInt16(header & 0xFF80)))
                let hIndex = header & 0x7F
                if !(hIndex == index[c] && abs(hPred - pred[c]) <= 0x7F) {
                    pred[c] = hPred
                    index[c] = hIndex
                }
                for i in 0..<64 {
                    let byte = Int(bytes[b + 2 + i / 2])
                    let nib = i % 2 == 0 ? byte & 0xF : byte >> 4
                    out[(p * 64 + i) * channels + c] = Int16(expand(nib, &pred[c], &index[c]))
                }
            }
        }
        return out
    }
}

func testSignal(frames: Int, channels: Int, seed: UInt64) -> [Int16] {
    var rng = SplitMix64(seed: seed)
    var out = [Int16](repeating: 0, count: frames * channels)
    for i in 0..<frames {
        let t = Double(i)
        // A decaying chime, a loud burst, silence and noise: exercises every step size and clamping.
        let envelope = i % 4000 < 2000 ? exp(-t.truncatingRemainder(dividingBy: 4000) / 600) : 0.02
        for c in 0..<channels {
            let tone = sin(t * (0.05 + 0.03 * Double(c))) + 0.5 * sin(t * 0.31)
            let noise = Double(Int64(bitPattern: rng.next() % 2001) - 1000) / 1000
            let v = 30000 * envelope * tone + 200 * noise + (i % 9000 > 8800 ? 40000 * sin(t) : 0)
            out[i * channels + c] = Int16(max(-32768, min(32767, v)))
        }
    }
    return out
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("IMA4 and IMA WAV")
struct IMATests {
    func encode(_ x: [Int16], channels: Int, search: IMASearch) -> [UInt8] {
        var enc = IMA4Encoder(channels: channels, search: search)
        var out = [UInt8](repeating: 0, count: x.count / 64 * 34)
        x.withUnsafeBufferPointer { s in out.withUnsafeMutableBytes { _ = enc.encode(s, into: $0) } }
        return out
    }

    func decode(_ bytes: [UInt8], channels: Int) throws -> [Int16] {
        var dec = IMA4Decoder(channels: channels)
        var out = [Int16](repeating: 0, count: bytes.count / 34 * 64)
        _ = try bytes.withUnsafeBytes { raw in try out.withUnsafeMutableBufferPointer { try dec.decode(raw, into: $0) }
        }
        return out
    }

    /// Every whole block of `bytes`, decoded with the reference arithmetic.
    func decodeWAV(_ bytes: [UInt8], _ dec: IMAWAVDecoder) -> [Int16] {
        var all = [Int16]()
        var out = [Int16](repeating: 0, count: dec.framesPerBlock * dec.channels)
        for b in 0..<(bytes.count / dec.blockAlign) {
            bytes[(b * dec.blockAlign)..<((b + 1) * dec.blockAlign)].withUnsafeBytes { raw in
                out.withUnsafeMutableBufferPointer { dec.decodeBlock(raw, into: $0) }
            }
            all += out
        }
        return all
    }

    func snr(_ x: [Int16], _ y: [Int16]) -> Double {
        var s = 0.0
        var n = 0.0
        for (a, b) in zip(x, y) {
            s += Double(a) * Double(a)
            n += (Double(a) - Double(b)) * (Double(a) - Double(b))
        }
        return 10 * log10(s / max(n, 1e-9))
    }

    @Test("decoder equals the FFmpeg-style reference on random packets", arguments: [1, 2])
    func decoderMatchesReference(channels: Int) throws {
        var rng = SplitMix64(seed: UInt64(channels))
        var bytes = (0..<(34 * channels * 3000)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        for p in stride(from: 0, to: bytes.count, by: 34) {
            // Mostly valid indices, near the running state half of the time, so both resync branches run.
            bytes[p + 1] = bytes[p + 1] & 0x80 | UInt8(rng.next() % 89)
        }
        #expect(try decode(bytes, channels: channels) == IMAReference.decodeQT(bytes, channels: channels))
        // Packets written by the greedy encoder keep the running state: exercise that branch too.
        let x = testSignal(frames: 64 * 500, channels: channels, seed: 9)
        let encoded = encode(x, channels: channels, search: .none)
        #expect(try decode(encoded, channels: channels) == IMAReference.decodeQT(encoded, channels: channels))
    }

    @Test("an out-of-range step index is an error, not a crash")
    func badIndex() {
        var bytes = [UInt8](repeating: 0, count: 34)
        bytes[1] = 89
        #expect(throws: IMA4Error.invalidStepIndex(packet: 0, channel: 0, index: 89)) { try decode(bytes, channels: 1) }
    }

    @Test("Search.none is FFmpeg's adpcm_ima_qt encoder bit for bit", arguments: [1, 2])
    func greedyMatchesFFmpegFormulation(channels: Int) {
        let x = testSignal(frames: 64 * 400, channels: channels, seed: 1)
        let ours = encode(x, channels: channels, search: .none)
        var expected = [UInt8]()
        var pred = [Int](repeating: 0, count: channels)
        var index = pred
        for p in 0..<(x.count / (64 * channels)) {
            for c in 0..<channels {
                let h = UInt16(truncatingIfNeeded: pred[c]) & 0xFF80 | UInt16(index[c])
                expected += [UInt8(h >> 8), UInt8(h & 0xFF)]
                for i in stride(from: 0, to: 64, by: 2) {
                    let lo = IMAReference.compress(Int(x[(p * 64 + i) * channels + c]), &pred[c], &index[c])
                    let hi = IMAReference.compress(Int(x[(p * 64 + i + 1) * channels + c]), &pred[c], &index[c])
                    expected.append(UInt8(lo | hi << 4))
                }
            }
        }
        #expect(ours == expected)
    }

    @Test(
        "the searching encoders decode exactly as they simulated, and beat Apple's encoder",
        arguments: [(1, IMASearch.starts), (2, .starts), (3, .starts), (1, .trellis), (2, .trellis)])
    func searchIsExactAndBetter(channels: Int, search: IMASearch) throws {
        try searchIsExactAndBetterBody(channels: channels, search: search)
    }

    /// The beams, apart: three quarters of this suite's time in a debug build, so out of the quick loop.
    @Test(
        "the beams decode exactly as they simulated, and beat Apple's encoder", .tags(.slow), .notQuick,
        arguments: [(1, IMASearch.beam), (2, .beam), (1, .beams)])
    func beamIsExactAndBetter(channels: Int, search: IMASearch) throws {
        try searchIsExactAndBetterBody(channels: channels, search: search)
    }

    func searchIsExactAndBetterBody(channels: Int, search: IMASearch) throws {
        // The beam is slow in a debug build: fewer packets; the quick loop takes a fifth of the others'.
        let beam = search == .beam || search == .beams
        let x = testSignal(frames: 64 * (beam ? 120 : TestRun.size(quick: 160, full: 800)), channels: channels, seed: 5)
        var enc = IMA4Encoder(channels: channels, search: search)
        var dec = IMA4Decoder(channels: channels)
        var packet = [UInt8](repeating: 0, count: 34 * channels)
        var decoded = [Int16](repeating: 0, count: 64 * channels)
        var all = [Int16]()
        var stream = [UInt8]()
        var mismatches = 0
        try x.withUnsafeBufferPointer { s in
            for p in 0..<(x.count / (64 * channels)) {
                let slice = UnsafeBufferPointer(rebasing: s[(p * 64 * channels)..<((p + 1) * 64 * channels)])
                packet.withUnsafeMutableBytes { _ = enc.encode(slice, into: $0) }
                _ = try packet.withUnsafeBytes { raw in
                    try decoded.withUnsafeMutableBufferPointer { try dec.decode(raw, into: $0) }
                }
                // Same state after every packet: the decoder followed the path the encoder chose.
                if dec.states != enc.states { mismatches += 1 }
                all += decoded
                stream += packet
            }
        }
        #expect(mismatches == 0)
        // The trellis: a packet at a time or all at once, the same bytes (the start search splits calls in halves).
        if search != .starts { #expect(encode(x, channels: channels, search: search) == stream) }
        let greedy = try decode(encode(x, channels: channels, search: .none), channels: channels)
        #expect(snr(x, all) > snr(x, greedy) + (search == .starts ? 0.3 : 1))
        if beam {
            let trellis = try decode(encode(x, channels: channels, search: .trellis), channels: channels)
            #expect(snr(x, all) > snr(x, trellis))
            // What FFmpeg's (Apple's) decoder makes of the stream, by the tests' own transcription of it.
            #expect(IMAReference.decodeQT(stream, channels: channels) == all)
        }
    }

    /// One call of the start search over the packets of `input`, as ``IMA4Encoder/encode(_:into:)`` runs a call of
    /// 8 packets or more (two halves at once), from `states`; the second half starts from `given`, else where the
    /// encoder would start it. Returns the bytes, how many packets were encoded again, and the state each packet's
    /// winner starts from (packet-major, channels interleaved).
    func encodeHalves(
        _ input: UnsafeBufferPointer<Int16>, channels: Int, states: inout [IMAState],
        secondHalf given: [IMAState]?
    ) -> (bytes: [UInt8], redone: Int, started: [IMAState]) {
        let packets = input.count / (64 * channels)
        var bytes = [UInt8](repeating: 0, count: packets * 34 * channels)
        var redone = 0
        var second = given ?? [IMAState](repeating: IMAState(), count: channels)
        var started = [IMAState](repeating: IMAState(), count: packets * channels)
        IMA4Encoder.StartSearch.with(channels: channels, stride: channels) { search in
            states.withUnsafeMutableBufferPointer { st in
                second.withUnsafeMutableBufferPointer { b in
                    if given == nil {
                        search.secondHalfStart(
                            input.baseAddress!, packets: packets, states: st.baseAddress!,
                            into: b.baseAddress!)
                    }
                    started.withUnsafeMutableBufferPointer { sd in
                        bytes.withUnsafeMutableBufferPointer { out in
                            redone = search.encodeInHalves(
                                input.baseAddress!, packets: packets,
                                states: st.baseAddress!, into: out.baseAddress!,
                                secondHalf: b.baseAddress!, started: sd.baseAddress!)
                        }
                    }
                }
            }
        }
        return (bytes, redone, started)
    }

    /// Encodes `x` in calls of 256 packets (``encodeHalves``), decoding packet by packet; expects the decoder to
    /// start every packet in the state the encoder assumed and to end every call where the encoder did (it decoded
    /// every packet as the encoder simulated it). Returns the decoded samples, the bytes and how many packets were
    /// encoded again.
    func encodeInCalls(
        _ x: [Int16], channels: Int, secondHalfStart: (Int, [IMAState]) -> [IMAState]? = { _, _ in nil }
    )
        throws -> (decoded: [Int16], bytes: [UInt8], redone: Int)
    {
        let chunk = 64 * 256 * channels
        var dec = IMA4Decoder(channels: channels)
        var states = [IMAState](repeating: IMAState(), count: channels)
        var decoded = [Int16](repeating: 0, count: 64 * channels)
        var all = [Int16]()
        var stream = [UInt8]()
        var mismatches = 0
        var redone = 0
        try x.withUnsafeBufferPointer { s in
            for (call, start) in stride(from: 0, to: x.count, by: chunk).enumerated() {
                let input = UnsafeBufferPointer(rebasing: s[start..<(start + chunk)])
                let given = secondHalfStart(call, states)
                let (encoded, r, started) = encodeHalves(input, channels: channels, states: &states, secondHalf: given)
                redone += r
                stream += encoded
                for p in 0..<256 {
                    for c in 0..<channels {
                        let h = (p * channels + c) * 34
                        let preamble = UInt16(encoded[h]) << 8 | UInt16(encoded[h + 1])
                        if IMA4.resync(dec.states[c], preamble: preamble) != started[p * channels + c] {
                            mismatches += 1
                        }
                    }
                    _ = try encoded[(p * 34 * channels)..<((p + 1) * 34 * channels)].withUnsafeBytes { raw in
                        try decoded.withUnsafeMutableBufferPointer { try dec.decode(raw, into: $0) }
                    }
                    all += decoded
                }
                #expect(dec.states == states, "call \(call)")
            }
        }
        #expect(mismatches == 0)
        return (all, stream, redone)
    }

    @Test("the default search encodes a call as two halves, which decode exactly as simulated", arguments: [1, 2])
    func halvesAreExact(channels: Int) throws {
        // Calls of 256 packets: the quick loop encodes 4 of them (two with a second half forced elsewhere), the
        // full run 24.
        let x = testSignal(frames: 64 * 256 * TestRun.size(quick: 4, full: 24), channels: channels, seed: 23)
        // The encoder's own halves: what encodeHalves writes.
        var enc = IMA4Encoder(channels: channels, search: .starts)
        var written = [UInt8](repeating: 0, count: x.count / 64 * 34)
        let chunk = 64 * 256 * channels
        x.withUnsafeBufferPointer { s in
            written.withUnsafeMutableBytes { out in
                for start in stride(from: 0, to: x.count, by: chunk) {
                    _ = enc.encode(
                        UnsafeBufferPointer(rebasing: s[start..<(start + chunk)]),
                        into: UnsafeMutableRawBufferPointer(rebasing: out[(start / 64 * 34)...]))
                }
            }
        }
        #expect(try encodeInCalls(x, channels: channels).bytes == written)
        // Every other call, the second half starts where the decoder arrives (the state after the middle packet,
        // rounded as a preamble states it), which it would not adopt: the middle packet must end elsewhere.
        let all = try encodeInCalls(x, channels: channels) { call, states in
            guard call % 2 == 1 else { return nil }
            var probe = states
            let start = call * 64 * 256 * channels
            var scratch = [UInt8](repeating: 0, count: 34 * channels)
            x.withUnsafeBufferPointer { s in
                IMA4Encoder.StartSearch.with(channels: channels, stride: channels) { search in
                    probe.withUnsafeMutableBufferPointer { st in
                        scratch.withUnsafeMutableBufferPointer { out in
                            for p in 0...128 {
                                let x = s.baseAddress! + start + p * 64 * channels
                                search.encode(
                                    IMA4Encoder.Packet(
                                        x: x, states: st.baseAddress!, block: out.baseAddress!,
                                        started: nil))
                            }
                        }
                    }
                }
            }
            return probe.map { IMAState(predictor: min(($0.predictor + 64) & ~0x7F, 32640), index: $0.index) }
        }.decoded
        let greedy = try decode(encode(x, channels: channels, search: .none), channels: channels)
        #expect(snr(x, all) > snr(x, greedy))
    }

    @Test("when no candidate of the middle packet hands over, the second half is encoded again", arguments: [1, 2])
    func halvesFallBack(channels: Int) throws {
        // A constant 1: the first half ends at index 0 with its predictor at or next to 1; a second half started
        // at (0, 0) keeps that preamble, which a decoder arriving there would not adopt.
        let x = [Int16](repeating: 1, count: 64 * 256 * 2 * channels)
        let (decoded, _, redone) = try encodeInCalls(x, channels: channels) { _, _ in
            Array(repeating: IMAState(), count: channels)
        }
        #expect(redone > 0)
        #expect(decoded.allSatisfy { abs(Int($0) - 1) <= 1 })
    }

    @Test(
        "the vector packet searches equal their scalar reference on every packet",
        arguments: [1, 2])
    func vectorSearchEqualsReference(channels: Int) {
        let candidates = IMA4Encoder.packetCandidates(channels: channels)
        let x = testSignal(frames: 64 * 1500, channels: channels, seed: 11)
        var fast = [UInt8](repeating: 0, count: 34 * channels)
        var slow = fast
        var fastState = [IMAState](repeating: IMAState(), count: channels)
        var slowState = fastState
        var mismatches = 0
        x.withUnsafeBufferPointer { s in
            IMATables.step.withUnsafeBufferPointer { t in
                IMA4Encoder.StartSearch.with(channels: channels, stride: channels) { search in
                    for p in 0..<1500 {
                        let base = s.baseAddress! + p * 64 * channels
                        fast.withUnsafeMutableBufferPointer { out in
                            fastState.withUnsafeMutableBufferPointer { st in
                                let packet = IMA4Encoder.Packet(
                                    x: base, states: st.baseAddress!,
                                    block: out.baseAddress!, started: nil)
                                _ = search.encode(packet)
                            }
                        }
                        for c in 0..<channels {
                            slow.withUnsafeMutableBufferPointer {
                                StartSearchReference.encodeBlock(
                                    base + c, stride: channels, state: &slowState[c], into: $0.baseAddress! + 34 * c,
                                    steps: t.baseAddress!, candidates: candidates)
                            }
                        }
                        if fast != slow || fastState != slowState { mismatches += 1 }
                    }
                }
            }
        }
        #expect(mismatches == 0, "\(candidates) candidates, \(channels) channels")
    }

    @Test("the 16-bit search step equals the scalar nibble step on every difference and step size")
    func searchStepIsExact() {
        // Every step index against predictors and inputs from the whole Int16 range, including the extremes
        // where |x − p| exceeds 32767 and the predictor clamps.
        var rng = SplitMix64(seed: 17)
        var mismatches = 0
        IMATables.step.withUnsafeBufferPointer { t in
            IMATables.step16.withUnsafeBufferPointer { t16 in
                let edges: [Int16] = [-32768, -32767, -32640, -1, 0, 1, 32640, 32766, 32767]
                for _ in 0..<20_000 {
                    var xs = IMA.Lanes()
                    var p = IMA.Lanes()
                    var index = IMA.Lanes()
                    var step = IMA.Lanes()
                    for k in 0..<8 {
                        let r = rng.next()
                        xs[k] = r & 7 == 0 ? edges[Int(r >> 8 % 9)] : Int16(truncatingIfNeeded: r >> 16)
                        p[k] = r & 56 == 0 ? edges[Int(r >> 32 % 9)] : Int16(truncatingIfNeeded: r >> 40)
                        index[k] = Int16(r >> 56 % 89)
                        step[k] = t16[Int(index[k])]
                    }
                    var error = SIMD8<Float>(repeating: 0)
                    let (p0, i0) = (p, index)
                    let codes = IMA4Encoder.searchStep(xs, &p, &index, &step, &error, steps: t16.baseAddress!)
                    for k in 0..<8 {
                        var s = IMAState(predictor: Int32(p0[k]), index: Int32(i0[k]))
                        let code = IMA.encode(Int32(xs[k]), &s, steps: t.baseAddress!)
                        let d = Float(Int32(xs[k]) - s.predictor)
                        if Int16(code) != codes[k] || Int32(p[k]) != s.predictor || Int32(index[k]) != s.index
                            || step[k] != t16[Int(s.index)] || error[k] != d * d
                        {
                            mismatches += 1
                        }
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test(
        "-q 96 writes what its scalar transcription writes: the trellis or the look-ahead coder, the closer",
        arguments: [1, 2, 3])
    func trellisEqualsScalarReference(channels: Int) {
        let search = IMASearch.trellis
        let packets = TestRun.size(quick: 40, full: 150)
        let x = testSignal(frames: 64 * packets, channels: channels, seed: 11)
        let fast = encode(x, channels: channels, search: search)
        var slow = [UInt8]()
        var states = [IMAState](repeating: IMAState(), count: channels)
        var lookaheadWins = 0
        for p in 0..<packets {
            let frame = { (i: Int, c: Int) in x[(p * 64 + i) * channels + c] }
            var blocks = [[UInt8]](repeating: [], count: channels)
            for c in 0..<channels {
                var starts = IMATrellis.Starts()
                IMA4Encoder.starts(states[c], first: Int32(frame(0, c)), into: &starts, lanes: 0..<16)
                let input = (0..<64).map { frame($0, c) }
                func block(_ w: ScalarTrellis.Winner) -> [UInt8] {
                    let start = starts[lane: w.origin]
                    let pre = IMA4.preamble(predictor: start.predictor, index: start.index)
                    return [UInt8(pre >> 8), UInt8(pre & 0xFF)]
                        + (0..<32).map { w.codes[2 * $0] | w.codes[2 * $0 + 1] << 4 }
                }
                // The closer block by the exact squared error, as FFmpeg's decoder (the tests' transcription) decodes
                // it after the running state; on a tie the trellis's.
                func error(_ b: [UInt8]) -> Int64 {
                    var pred = Int(states[c].predictor)
                    var index = Int(states[c].index)
                    let header = Int(b[0]) << 8 | Int(b[1])
                    let hPred = Int(Int16(bitPattern: UInt16(header & 0xFF80)))
                    if !(header & 0x7F == index && abs(hPred - pred) <= 0x7F) {
                        pred = hPred
                        index = header & 0x7F
                    }
                    return (0..<64).reduce(Int64(0)) { sum, i in
                        let nibble = Int(i % 2 == 0 ? b[2 + i / 2] & 0xF : b[2 + i / 2] >> 4)
                        let e = Int64(input[i]) - Int64(IMAReference.expand(nibble, &pred, &index))
                        return sum + e * e
                    }
                }
                let t = ScalarTrellis.search([input], starts: starts, trellis: true)[0]
                let l = ScalarLookahead.search(input, starts: starts)
                let (a, b) = (block(t), block(l))
                let lookahead = error(b) < error(a)
                if lookahead { lookaheadWins += 1 }
                blocks[c] = lookahead ? b : a
                states[c] = lookahead ? l.end : t.end
            }
            slow += blocks.joined()
        }
        #expect(fast.count == slow.count)
        #expect(zip(fast, slow).filter { $0 != $1 }.count == 0)
        // Both coders take part: neither wins every block of this signal.
        #expect(lookaheadWins > 0 && lookaheadWins < packets * channels, "look-ahead won \(lookaheadWins) blocks")
    }

    @Test(
        "the look-ahead coder writes what its scalar transcription writes, from any starts, on any input",
        arguments: [0, 1, 2, 3])
    func lookaheadEqualsScalarReference(kind: Int) {
        // Signals and starts from the whole Int16 range, extremes where the predictor clamps, starts that are no
        // candidate, and blocks shorter than the look-ahead.
        var rng = SplitMix64(seed: 53 + UInt64(kind))
        let edges: [Int16] = [-32768, -32767, -1, 0, 1, 32766, 32767]
        var mismatches = 0
        for trial in 0..<TestRun.size(quick: 20, full: 60) {
            let count = trial % 10 == 0 ? Int(rng.next() % 6) + 1 : 64 + Int(rng.next() % 200)
            let x: [Int16] = (0..<count).map { i in
                let r = rng.next()
                switch kind {
                case 0: return Int16(truncatingIfNeeded: r >> 16)  // white, full scale
                case 1: return r & 15 == 0 ? edges[Int(r >> 8 % 7)] : Int16(truncatingIfNeeded: r >> 48) / 64
                case 2: return (i / 9) % 2 == 0 ? 20000 : -20000  // a square wave
                default:
                    return Int16(truncatingIfNeeded: Int(12000 * sin(Double(i) * 0.07)))
                        &+ Int16(truncatingIfNeeded: r % 65)
                }
            }
            var starts = IMATrellis.Starts()
            for lane in 0..<8 {
                let r = rng.next()
                starts[lane: lane] = IMAState(
                    predictor: Int32(r & 3 == 0 ? edges[Int(r >> 8 % 7)] : Int16(truncatingIfNeeded: r >> 16)),
                    index: Int32(r >> 40 % 89))
                if r >> 60 != 0 { starts.valid |= 1 << UInt16(lane) }  // about one lane in 16 is no candidate
            }
            let expected = ScalarLookahead.search(x, starts: starts)
            var codes = [UInt8](repeating: 0, count: count)
            let w = x.withUnsafeBufferPointer { s in
                codes.withUnsafeMutableBufferPointer { out in
                    IMASearchContext.with(samples: count, trialBytes: 0) { context in
                        context.lookahead(s.baseAddress!, stride: 1, count: count, from: starts, into: out.baseAddress!)
                    }
                }
            }
            if w.origin != expected.origin || w.end != expected.end || codes != expected.codes { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("a trellis child is the decoder's step: the greedy code and the level on the sample's other side")
    func trellisChildrenAreExact() {
        // Every step index against predictors and inputs from the whole Int16 range, including the extremes
        // where |x − p| exceeds 32767 and the predictor clamps.
        var rng = SplitMix64(seed: 17)
        var mismatches = 0
        let edges: [Int16] = [-32768, -32767, -32640, -1, 0, 1, 32640, 32766, 32767]
        IMATables.step16.withUnsafeBufferPointer { t16 in
            for _ in 0..<20_000 {
                var x = Int16(0)
                var p = IMA.Lanes()
                var index = IMA.Lanes()
                let r0 = rng.next()
                x = r0 & 7 == 0 ? edges[Int(r0 >> 8 % 9)] : Int16(truncatingIfNeeded: r0 >> 16)
                for k in 0..<8 {
                    let r = rng.next()
                    p[k] = r & 7 == 0 ? edges[Int(r >> 32 % 9)] : Int16(truncatingIfNeeded: r >> 40)
                    index[k] = Int16(r >> 56 % 89)
                }
                let paths = IMATrellis.Paths(
                    predictor: p, index: index, step: IMA.lookUp(index, in: t16.baseAddress!),
                    cost: SIMD8<Float>(repeating: 5))
                let (greedy, other) = IMATrellis.children(IMA.Lanes(repeating: x), paths)
                for k in 0..<8 {
                    let start = ScalarTrellis.Path(
                        state: IMAState(predictor: Int32(p[k]), index: Int32(index[k])), cost: 5)
                    let (a, codeA, b, codeB) = ScalarTrellis.children(Int32(x), start)
                    if greedy.code[k] != Int16(codeA) || greedy.predictor[k] != Int16(a.state.predictor)
                        || greedy.index[k] != Int16(a.state.index)
                        || greedy.cost[k] != a.cost
                    {
                        mismatches += 1
                    }
                    if other.code[k] != Int16(codeB) || other.predictor[k] != Int16(b.state.predictor)
                        || other.index[k] != Int16(b.state.index)
                        || other.cost[k] != b.cost
                    {
                        mismatches += 1
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("the beam's selection finds the value of every rank, on every size up to the beam's candidates")
    func beamSelection() {
        var rng = SplitMix64(seed: 11)
        for count in [1, 2, 3, 7, 255, 256, 257, 1000, 2048, IMABeam.width * IMABeam.maxChildren] {
            // Distinct values (as the beam's keys are: the band is in the low bits).
            let values = (0..<count).map { Int64(bitPattern: rng.next() % 5000) << 12 | Int64($0) }
            let sorted = values.sorted()
            let buffer = UnsafeMutablePointer<Int64>.allocate(capacity: count)
            defer { buffer.deallocate() }
            for rank in Set([0, count / 2, count - 1, min(255, count - 1)]) {
                buffer.initialize(from: values, count: count)
                #expect(
                    IMABeam.select(buffer, count: count, rank: rank) == sorted[rank], "count \(count), rank \(rank)")
            }
        }
    }

    @Test("the beam starts where a decoder can: continuing, or from a preamble the resync rule adopts")
    func beamStarts() {
        for running in [
            IMAState(predictor: 0, index: 0), IMAState(predictor: -32768, index: 88),
            IMAState(predictor: 1234, index: 40),
            IMAState(predictor: 32767, index: 5),
        ] {
            for first: Int32 in [-32768, -1, 0, 63, 64, 200, 32767] {
                let starts = IMABeam.starts(running, first: first)
                #expect(starts.first == running)
                #expect(Set(starts).count == starts.count)
                for s in starts.dropFirst() {
                    #expect(IMA4.resync(running, preamble: IMA4.preamble(predictor: s.predictor, index: s.index)) == s)
                    #expect((0...88).contains(s.index) && s.predictor % 128 == 0)
                }
            }
        }
    }

    @Test("the stereo greedy encoder writes the same bytes as one block at a time")
    func greedyPairEqualsSingle() {
        let x = testSignal(frames: 64 * 800, channels: 2, seed: 13)
        var pair = IMA4Encoder(channels: 2, search: .none)
        var paired = [UInt8](repeating: 0, count: 800 * 68)
        x.withUnsafeBufferPointer { s in paired.withUnsafeMutableBytes { _ = pair.encode(s, into: $0) } }
        var single = [UInt8](repeating: 0, count: 800 * 68)
        var states = [IMAState(), IMAState()]
        x.withUnsafeBufferPointer { s in
            IMATables.step.withUnsafeBufferPointer { t in
                single.withUnsafeMutableBufferPointer { out in
                    for p in 0..<800 {
                        for c in 0..<2 {
                            IMA4Encoder.encodeBlockGreedy(
                                s.baseAddress! + p * 128 + c, stride: 2, state: &states[c],
                                into: out.baseAddress! + p * 68 + c * 34, steps: t.baseAddress!)
                        }
                    }
                }
            }
        }
        #expect(paired.indices.filter { paired[$0] != single[$0] }.count == 0)
        #expect(pair.states == states)
    }

    @Test("IMA WAV: decoder equals the reference, encoder's blocks decode to its own states", arguments: [1, 2])
    func wavBlocks(channels: Int) throws {
        let blockAlign = 256 * channels
        var enc = try #require(IMAWAVEncoder(channels: channels, blockAlign: blockAlign))
        let dec = try #require(IMAWAVDecoder(channels: channels, blockAlign: blockAlign))
        #expect(enc.framesPerBlock == 505)
        let x = testSignal(frames: enc.framesPerBlock * 40, channels: channels, seed: 2)
        var block = [UInt8](repeating: 0, count: blockAlign)
        var out = [Int16](repeating: 0, count: enc.framesPerBlock * channels)
        var decoded = [Int16]()
        x.withUnsafeBufferPointer { s in
            for b in 0..<40 {
                let n = enc.framesPerBlock * channels
                block.withUnsafeMutableBytes {
                    enc.encodeBlock(UnsafeBufferPointer(rebasing: s[(b * n)..<((b + 1) * n)]), into: $0)
                }
                block.withUnsafeBytes { raw in out.withUnsafeMutableBufferPointer { dec.decodeBlock(raw, into: $0) } }
                // Reference decode of the same block.
                var ref = [Int16](repeating: 0, count: n)
                for c in 0..<channels {
                    var pred = Int(Int16(bitPattern: UInt16(block[4 * c]) | UInt16(block[4 * c + 1]) << 8))
                    var index = Int(block[4 * c + 2])
                    ref[c] = Int16(pred)
                    for i in 1..<enc.framesPerBlock {
                        let g = (i - 1) / 8
                        let k = (i - 1) % 8
                        let byte = Int(block[4 * channels + (g * channels + c) * 4 + k / 2])
                        ref[i * channels + c] = Int16(
                            IMAReference.expand(k % 2 == 0 ? byte & 0xF : byte >> 4, &pred, &index))
                    }
                }
                #expect(out == ref)
                decoded += out
            }
        }
        #expect(snr(x, decoded) > 15)
    }

    @Test(
        "IMA WAV: blocks encoded many at once hold the greedy codes from their headers' state",
        arguments: [(1, 256), (2, 512), (2, 2048), (1, 12), (2, 24)])
    func wavBlocksAtOnce(channels: Int, blockAlign: Int) throws {
        var enc = try #require(IMAWAVEncoder(channels: channels, blockAlign: blockAlign, search: .none))
        var single = enc
        let frames = enc.framesPerBlock
        let n = frames * channels
        let blocks = 37  // not a whole number of 16-lane groups
        let x = testSignal(frames: frames * blocks, channels: channels, seed: 29)
        var many = [UInt8](repeating: 0, count: blockAlign * blocks)
        var one = many
        let count = x.withUnsafeBufferPointer { s in many.withUnsafeMutableBytes { enc.encode(s, into: $0) } }
        #expect(count == blocks)
        x.withUnsafeBufferPointer { s in
            one.withUnsafeMutableBytes { o in
                for b in 0..<blocks {
                    single.encodeBlock(
                        UnsafeBufferPointer(rebasing: s[(b * n)..<((b + 1) * n)]),
                        into: UnsafeMutableRawBufferPointer(rebasing: o[(b * blockAlign)..<((b + 1) * blockAlign)]))
                }
            }
        }
        var mismatches = 0
        for b in 0..<blocks {
            for c in 0..<channels {
                let h = b * blockAlign + 4 * c
                #expect(
                    Int16(bitPattern: UInt16(many[h]) | UInt16(many[h + 1]) << 8) == x[b * n + c] && many[h + 3] == 0)
                // The header's index is the encoder's choice; from there the codes are the reference greedy ones.
                var pred = Int(x[b * n + c])
                var index = Int(many[h + 2])
                if b == 0 { #expect(index == Int(one[h + 2])) }  // the first block continues the running index
                for i in 1..<frames {
                    let g = (i - 1) / 8
                    let k = (i - 1) % 8
                    let byte = Int(many[b * blockAlign + 4 * channels + (g * channels + c) * 4 + k / 2])
                    let code = IMAReference.compress(Int(x[(b * frames + i) * channels + c]), &pred, &index)
                    if code != (k % 2 == 0 ? byte & 0xF : byte >> 4) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
        let dec = try #require(IMAWAVDecoder(channels: channels, blockAlign: blockAlign))
        func decodeAll(_ bytes: [UInt8]) -> [Int16] { decodeWAV(bytes, dec) }
        // Estimated starting indices cost next to nothing against carrying the index block to block.
        #expect(snr(x, decodeAll(many)) > snr(x, decodeAll(one)) - 0.2)
        #expect(enc.indices.count == channels)
    }

    @Test(
        "IMA WAV: searched blocks are what the scalar transcription writes, and beat the greedy quantiser",
        arguments: [(1, 256, IMASearch.starts), (2, 512, .starts), (2, 1024, .trellis), (1, 12, .trellis)])
    func wavTrellis(channels: Int, blockAlign: Int, search: IMASearch) throws {
        var enc = try #require(IMAWAVEncoder(channels: channels, blockAlign: blockAlign, search: search))
        var greedyEncoder = try #require(IMAWAVEncoder(channels: channels, blockAlign: blockAlign, search: .none))
        let frames = enc.framesPerBlock
        let n = frames * channels
        let blocks = TestRun.size(quick: 6, full: 12)
        let x = testSignal(frames: frames * blocks, channels: channels, seed: 31)
        var bytes = [UInt8](repeating: 0, count: blockAlign * blocks)
        var greedyBytes = bytes
        #expect(x.withUnsafeBufferPointer { s in bytes.withUnsafeMutableBytes { enc.encode(s, into: $0) } } == blocks)
        x.withUnsafeBufferPointer { s in greedyBytes.withUnsafeMutableBytes { _ = greedyEncoder.encode(s, into: $0) } }
        let dec = try #require(IMAWAVDecoder(channels: channels, blockAlign: blockAlign))
        func decodeAll(_ bytes: [UInt8]) -> [Int16] { decodeWAV(bytes, dec) }
        // The scalar transcription, block by block from the same starts.
        var indices = [Int32](repeating: 0, count: channels)
        var mismatches = 0
        var lookaheadWins = 0
        let steps = IMATables.step
        x.withUnsafeBufferPointer { s in
            steps.withUnsafeBufferPointer { t in
                for b in 0..<blocks {
                    var expected = [UInt8](repeating: 0, count: blockAlign)
                    var c = 0
                    while c < channels {
                        let group = search == .starts && c + 1 < channels ? [c, c + 1] : [c]
                        var starts = IMATrellis.Starts()
                        let layout = IMAWAVEncoder.BlockLayout(channels: channels, frames: frames)
                        for (v, ch) in group.enumerated() {
                            layout.starts(
                                s.baseAddress! + b * n + ch, running: indices[ch], into: &starts,
                                lanes: group.count == 2 ? v * 8..<(v * 8 + 8) : 0..<16, steps: t.baseAddress!)
                        }
                        let inputs = group.map { ch in (1..<frames).map { x[(b * frames + $0) * channels + ch] } }
                        func write(_ w: ScalarTrellis.Winner, channel: Int, into block: inout [UInt8]) {
                            block.withUnsafeMutableBufferPointer { o in
                                w.codes.withUnsafeBufferPointer { k in
                                    layout.write(
                                        header: x[b * n + channel], index: starts[lane: w.origin].index,
                                        codes: k.baseAddress!, channel: channel, into: o.baseAddress!)
                                }
                            }
                        }
                        for (v, w) in ScalarTrellis.search(inputs, starts: starts, trellis: true).enumerated() {
                            write(w, channel: group[v], into: &expected)
                            indices[group[v]] = w.end.index
                        }
                        if search != .starts {
                            // -q 96: the look-ahead coder from the first 8 starts, kept where it decodes closer.
                            let w = ScalarLookahead.search(inputs[0], starts: starts)
                            var trial = expected
                            write(w, channel: c, into: &trial)
                            func error(_ block: [UInt8]) -> Int64 {
                                let y = decodeAll(block)
                                return (1..<frames).reduce(Int64(0)) { sum, t in
                                    let e = Int64(inputs[0][t - 1]) - Int64(y[t * channels + c])
                                    return sum + e * e
                                }
                            }
                            if error(trial) < error(expected) {
                                expected = trial
                                indices[c] = w.end.index
                                lookaheadWins += 1
                            }
                        }
                        c += group.count
                    }
                    if Array(bytes[(b * blockAlign)..<((b + 1) * blockAlign)]) != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(snr(x, decodeAll(bytes)) > snr(x, decodeAll(greedyBytes)) + 0.5)
        // On 16-sample blocks the trellis may win every one; on long blocks the look-ahead coder takes part.
        if search == .trellis && frames > 100 { #expect(lookaheadWins > 0, "the look-ahead coder never won a block") }
    }

    @Test("the beam's path over a long block decodes, with the reference arithmetic, to the error it reports")
    func beamPathIsExact() {
        let n = 1500
        let x = testSignal(frames: n, channels: 2, seed: 41)
        let starts = [
            IMAState(predictor: 0, index: 0), IMAState(predictor: Int32(x[0]), index: 30),
            IMAState(predictor: -20000, index: 88),
        ]
        for shift: Int32 in [4, 6] {
            let beam = IMABeam(bandShift: shift, samples: n)
            let path = x.withUnsafeBufferPointer { s in
                beam.search(s.baseAddress! + 1, stride: 2, count: n, from: starts)
            }
            #expect(starts.indices.contains(path.start))
            let start = starts[min(max(path.start, 0), starts.count - 1)]
            var pred = Int(start.predictor)
            var index = Int(start.index)
            var cost: Int64 = 0
            for t in 0..<n {
                let e = Int64(x[2 * t + 1]) - Int64(IMAReference.expand(Int(beam.found[t]), &pred, &index))
                cost += e * e
            }
            #expect(
                cost == path.cost && IMAState(predictor: Int32(pred), index: Int32(index)) == path.end,
                "bands \(1 << shift)")
        }
    }

    @Test(
        "IMA WAV: the beams' blocks state their first sample, decode by the reference, and beat the trellis",
        arguments: [(1, 256, IMASearch.beam), (2, 512, .beams)])
    func wavBeam(channels: Int, blockAlign: Int, search: IMASearch) throws {
        var enc = try #require(IMAWAVEncoder(channels: channels, blockAlign: blockAlign, search: search))
        var trellisEncoder = try #require(IMAWAVEncoder(channels: channels, blockAlign: blockAlign, search: .trellis))
        // The beam is slow in a debug build: a few blocks.
        // Square waves (periods 50 and 74 samples) over quiet noise: edges a trellis of 16 paths cannot follow.
        let frames = enc.framesPerBlock
        let blocks = TestRun.size(quick: 2, full: 4)
        var rng = SplitMix64(seed: 37)
        let x = (0..<(frames * blocks * channels)).map { i -> Int16 in
            let period = i % channels == 0 ? 50 : 74
            return Int16((i / channels) % period < period / 2 ? 12000 : -12000) + Int16(rng.next() % 201) - 100
        }
        var bytes = [UInt8](repeating: 0, count: blockAlign * blocks)
        var trellisBytes = bytes
        #expect(x.withUnsafeBufferPointer { s in bytes.withUnsafeMutableBytes { enc.encode(s, into: $0) } } == blocks)
        x.withUnsafeBufferPointer { s in trellisBytes.withUnsafeMutableBytes { _ = trellisEncoder.encode(s, into: $0) }
        }
        // The reference decoder, transcribed here: header {sample LE, index, 0}, then groups of 4 bytes a channel.
        var reference = [Int16](repeating: 0, count: x.count)
        for b in 0..<blocks {
            for c in 0..<channels {
                let h = b * blockAlign + 4 * c
                var pred = Int(Int16(bitPattern: UInt16(bytes[h]) | UInt16(bytes[h + 1]) << 8))
                var index = Int(bytes[h + 2])
                #expect(pred == Int(x[b * frames * channels + c]) && index <= 88 && bytes[h + 3] == 0)
                reference[b * frames * channels + c] = Int16(pred)
                for t in 1..<frames {
                    let byte = Int(
                        bytes[b * blockAlign + 4 * channels + ((t - 1) / 8 * channels + c) * 4 + (t - 1) % 8 / 2])
                    let nibble = (t - 1) % 2 == 0 ? byte & 0xF : byte >> 4
                    reference[(b * frames + t) * channels + c] = Int16(IMAReference.expand(nibble, &pred, &index))
                }
            }
        }
        let dec = try #require(IMAWAVDecoder(channels: channels, blockAlign: blockAlign))
        #expect(decodeWAV(bytes, dec) == reference)
        #expect(snr(x, reference) > snr(x, decodeWAV(trellisBytes, dec)) + 0.5)
    }
}

/// The trellis of ``IMATrellis``, transcribed one path at a time with the scalar decoder: what the vector code
/// must write.
enum ScalarTrellis {
    struct Path {
        var state: IMAState
        var cost: Float
    }
    struct Winner {
        var origin: Int
        var end: IMAState
        var codes: [UInt8]
    }

    static func cost(_ path: Path, _ x: Int32, after state: IMAState) -> Float {
        let f = Float(abs(x - state.predictor))
        return path.cost + f * f
    }

    /// The greedy child (IMA.encode) and the other: one magnitude towards the sample's other side.
    static func children(_ x: Int32, _ p: Path) -> (Path, UInt8, Path, UInt8) {
        IMATables.step.withUnsafeBufferPointer { t in
            var a = p.state
            let g = IMA.encode(x, &a, steps: t.baseAddress!)
            let step = t[Int(p.state.index)]
            let m = Int32(g & 7)
            var level = step >> 3
            if m & 4 != 0 { level += step }
            if m & 2 != 0 { level += step >> 1 }
            if m & 1 != 0 { level += step >> 2 }
            let beyond = level < abs(x - p.state.predictor)
            let otherM = beyond ? (m < 7 ? m + 1 : 6) : (m > 0 ? m - 1 : 0)
            let flip = !beyond && m == 0
            let otherCode = UInt8(otherM) | ((g & 8 != 0) != flip ? 8 : 0)
            var b = p.state
            _ = IMA.decode(otherCode, &b, steps: t.baseAddress!)
            return (
                Path(state: a, cost: cost(p, x, after: a)), g, Path(state: b, cost: cost(p, x, after: b)), otherCode
            )
        }
    }

    /// One search: `inputs` holds one channel (16 paths) or two (8 each); the starts' lanes as IMATrellis lays them.
    static func search(_ inputs: [[Int16]], starts: IMATrellis.Starts, trellis searching: Bool) -> [Winner] {
        let wide = inputs.count == 1
        let count = inputs[0].count
        let initial = (0..<16).map {
            Path(state: starts[lane: $0], cost: starts.valid & (1 << UInt16($0)) != 0 ? 0 : .infinity)
        }
        func run(cycle: Int) -> (paths: [Path], trace: [[Int]]) {
            var paths = initial
            var trace = [[Int]]()
            for t in 0..<count {
                let d = cycle == 0 ? 0 : 1 << (t % cycle)
                let kids = (0..<16).map { children(Int32(inputs[wide ? 0 : $0 / 8][t]), paths[$0]) }
                var row = [Int](repeating: 0, count: 16)
                for l in 0..<16 {
                    let (a, codeA, _, _) = kids[l]
                    paths[l] = a
                    row[l] = Int(codeA)
                    if d != 0 {
                        let (_, _, b, codeB) = kids[l ^ d]
                        if b.cost < a.cost {
                            paths[l] = b
                            row[l] = Int(codeB) | 16
                        }
                    }
                }
                trace.append(row)
            }
            return (paths, trace)
        }
        let greedy = run(cycle: 0)
        var trellis = run(cycle: wide ? 4 : 3)
        if !searching { trellis.paths = trellis.paths.map { Path(state: $0.state, cost: .infinity) } }
        func cheapest(_ paths: [Path], _ lanes: Range<Int>) -> (Int, Float) {
            var best = lanes.lowerBound
            var bestCost = Float.infinity
            for l in lanes where paths[l].cost < bestCost {
                best = l
                bestCost = paths[l].cost
            }
            return (best, bestCost)
        }
        return (wide ? [0..<16] : [0..<8, 8..<16]).map { lanes in
            let g = cheapest(greedy.paths, lanes)
            let tr = cheapest(trellis.paths, lanes)
            let (lane0, run, cycle) = tr.1 < g.1 ? (tr.0, trellis, wide ? 4 : 3) : (g.0, greedy, 0)
            var lane = lane0
            var codes = [UInt8](repeating: 0, count: count)
            for t in stride(from: count - 1, through: 0, by: -1) {
                let e = run.trace[t][lane]
                codes[t] = UInt8(e & 15)
                if e & 16 != 0 { lane ^= 1 << (t % cycle) }
            }
            return Winner(origin: lane, end: run.paths[lane0].state, codes: codes)
        }
    }
}

/// The look-ahead coder of ``IMALookahead``, one path and one candidate at a time with the scalar decoder: what
/// the vector code must write. A candidate's score is its own squared error, then the greedy coder's over the next
/// samples, summed in that order in Float as the vector code sums them; the first of the cheapest wins.
enum ScalarLookahead {
    static func square(_ x: Int16, _ state: IMAState) -> Float {
        let f = Float(abs(Int32(x) - state.predictor))
        return f * f
    }

    /// The winner over the first 8 lanes of `starts` (a lane that is no candidate costs infinity).
    static func search(_ x: [Int16], starts: IMATrellis.Starts) -> ScalarTrellis.Winner {
        IMATables.step.withUnsafeBufferPointer { t in
            let steps = t.baseAddress!
            var best: (lane: Int, cost: Float, end: IMAState, codes: [UInt8])?
            for lane in 0..<8 {
                var s = starts[lane: lane]
                var cost: Float = starts.valid & (1 << UInt16(lane)) != 0 ? 0 : .infinity
                var codes = [UInt8]()
                for i in 0..<x.count {
                    var g = s
                    let code = IMA.encode(Int32(x[i]), &g, steps: steps)
                    let m = code & 7
                    let side = code & 8
                    let candidates = [code, side | (m > 0 ? m - 1 : m), side | (m < 7 ? m + 1 : m), side ^ 8]
                    var pick: (code: UInt8, own: Float, score: Float, state: IMAState)?
                    for c in candidates {
                        var u = s
                        _ = IMA.decode(c, &u, steps: steps)
                        let own = square(x[i], u)
                        var score = own
                        var v = u
                        for j in stride(from: i + 1, through: min(i + IMALookahead.depth, x.count - 1), by: 1) {
                            _ = IMA.encode(Int32(x[j]), &v, steps: steps)
                            score += square(x[j], v)
                        }
                        if pick == nil || score < pick!.score { pick = (c, own, score, u) }
                    }
                    cost += pick!.own
                    s = pick!.state
                    codes.append(pick!.code)
                }
                if best == nil || cost < best!.cost { best = (lane, cost, s, codes) }
            }
            return ScalarTrellis.Winner(origin: best!.lane, end: best!.end, codes: best!.codes)
        }
    }
}

/// The start search one channel block and one candidate at a time with the scalar ``IMA/encode``: the reference
/// the vector search (IMA4StartSearch.swift) is tested against.
enum StartSearchReference {
    /// The same search, one channel block and one candidate at a time with the scalar ``IMA/encode``: the
    /// reference the vector search is tested against.
    static func encodeBlock(
        _ x: UnsafePointer<Int16>, stride: Int, state: inout IMAState,
        into block: UnsafeMutablePointer<UInt8>, steps: UnsafePointer<Int32>,
        candidates: Int
    ) {
        let restarts = IMA4Encoder.packetRestarts(candidates: candidates)
        var best: (error: Float, start: IMAState, end: IMAState, codes: [UInt8])?
        for j in 0..<candidates {
            guard let start = IMA4Encoder.candidate(j, of: state, first: Int32(x[0]), restarts: restarts) else {
                continue
            }
            var s = start
            var e: Float = 0
            var codes: [UInt8] = []
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
        block[0] = UInt8(pre >> 8)
        block[1] = UInt8(pre & 0xFF)
        for i in 0..<32 { block[2 + i] = b.codes[2 * i] | b.codes[2 * i + 1] << 4 }
        state = b.end
    }
}
