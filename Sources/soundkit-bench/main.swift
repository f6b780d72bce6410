import SoundKitCodecs

// Kernel throughput in Msamples/s on synthetic audio, one core. Used by scripts/bench; prints one line a kernel.
// `soundkit-bench ima4-bound …` and `ima4-optimal …` measure IMA4 against the best possible instead (IMA4Bound.swift).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "ima4-bound" {
    exit(ima4BoundMain(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "ima4-optimal" {
    exit(ima4OptimalMain(Array(CommandLine.arguments.dropFirst(2))))
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Best of `repeats` runs of `body` over `samples` samples, in Msamples/s.
func measure(_ name: String, samples: Int, repeats: Int = 5, _ body: () -> Void) {
    var best = Double.infinity
    for _ in 0..<repeats {
        let t0 = now()
        body()
        best = min(best, now() - t0)
    }
    let rate = Double(samples) / best / 1e6
    // Whole numbers, except below 10 (the beams run at a fraction of one).
    let shown = rate >= 10 ? String(Int(rate.rounded())) : String(Double(Int((rate * 100).rounded())) / 100)
    print("kernel \(name + String(repeating: " ", count: max(0, 28 - name.count))) \(shown) Msamples/s")
}

let frames = 1 << 20
let channels = 2
let n = frames * channels
var input = [Int16](repeating: 0, count: n)
var seed: UInt64 = 1
for i in 0..<frames {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let noise = Double(Int64(seed >> 33) % 512) - 256
    let envelope = exp(-Double(i % 44100) / 9000)
    let v = 20000 * envelope * sin(Double(i) * 0.07) + noise
    input[2 * i] = Int16(v)
    input[2 * i + 1] = Int16(v * 0.7)
}
var ints = [Int32](repeating: 0, count: n)
var codes = [UInt8](repeating: 0, count: n)
var back = [Int16](repeating: 0, count: n)
var bytes = [UInt8](repeating: 0, count: n * 4)
var doubles = [Double](repeating: 0, count: n)

input.withUnsafeBufferPointer { src in
    codes.withUnsafeMutableBufferPointer { c in
        measure("g711 ulaw encode", samples: n) { G711.encodeULaw(src, into: c) }
        measure("g711 alaw encode", samples: n) { G711.encodeALaw(src, into: c) }
        _ = (G711.ulawCodes, G711.alawCodes)
        measure("g711 ulaw encode (table)", samples: n) { G711.encode(src, into: c, table: G711.ulawCodes) }
        measure("g711 alaw encode (table)", samples: n) { G711.encode(src, into: c, table: G711.alawCodes) }
        back.withUnsafeMutableBufferPointer { b in
            measure("g711 ulaw decode", samples: n) { G711.decodeULaw(UnsafeBufferPointer(c), into: b) }
        }
    }
    ints.withUnsafeMutableBufferPointer { i in
        measure("pcm int16 -> int32", samples: n) { PCM.int32(from: src, into: i) }
        back.withUnsafeMutableBufferPointer { b in
            measure("pcm int32 -> int16", samples: n) { PCM.int16(from: UnsafeBufferPointer(i), into: b) }
        }
        bytes.withUnsafeMutableBytes { raw in
            measure("pcm pack BEI16", samples: n) {
                PCM.pack(UnsafeBufferPointer(i), format: .int(16, bigEndian: true), into: raw)
            }
            measure("pcm pack LEI24", samples: n) {
                PCM.pack(UnsafeBufferPointer(i), format: .int(24, bigEndian: false), into: raw)
            }
            measure("pcm unpack LEI16", samples: n) {
                PCM.unpack(UnsafeRawBufferPointer(raw), format: .int(16, bigEndian: false), into: i)
            }
        }
    }
    let packetBytes = n / 64 * 34
    var ima = [UInt8](repeating: 0, count: packetBytes)
    ima.withUnsafeMutableBytes { out in
        // In calls of 16384 frames, as the converter makes them.
        func encode(_ search: IMASearch, samples: Int = n) {
            var e = IMA4Encoder(channels: channels, search: search)
            let chunk = 16384 * channels
            for start in stride(from: 0, to: samples, by: chunk) {
                e.encode(
                    UnsafeBufferPointer(rebasing: src[start..<min(samples, start + chunk)]),
                    into: UnsafeMutableRawBufferPointer(rebasing: out[(start / 64 * 34)...]))
            }
        }
        measure("ima4 encode (apple, -q 0)", samples: n, repeats: 7) { encode(.none) }
        measure("ima4 encode (default)", samples: n, repeats: 7) { encode(.starts) }
        measure("ima4 encode (-q 96, trellis)", samples: n, repeats: 5) { encode(.trellis) }
        measure("ima4 encode (-q 120, beam)", samples: n / 16, repeats: 1) { encode(.beam, samples: n / 16) }
        measure("ima4 encode (-q 127, beams)", samples: n / 16, repeats: 1) { encode(.beams, samples: n / 16) }
        var wav = [UInt8](repeating: 0, count: n)
        wav.withUnsafeMutableBytes { wavOut in
            measure("ima adpcm wav encode", samples: n, repeats: 7) {
                var e = IMAWAVEncoder(channels: channels, blockAlign: 2048)!
                let chunk = 16384 / e.framesPerBlock * e.framesPerBlock * channels
                for start in stride(from: 0, to: n - chunk, by: chunk) {
                    e.encode(
                        UnsafeBufferPointer(rebasing: src[start..<(start + chunk)]),
                        into: UnsafeMutableRawBufferPointer(
                            rebasing: wavOut[(start / (e.framesPerBlock * channels) * 2048)...]))
                }
            }
        }
        back.withUnsafeMutableBufferPointer { b in
            measure("ima4 decode", samples: n, repeats: 3) {
                var d = IMA4Decoder(channels: channels)
                _ = try? d.decode(UnsafeRawBufferPointer(out), into: b)
            }
        }
    }
}

// The EBU R 128 meter over the same stereo at 48 kHz, in calls of 16384 frames as a decode pass makes them: whole;
// without oversampling (what `check` does where the samples are far under the clipping ceiling); the scalar
// references; and the true-peak interpolator alone on one channel.
for i in 0..<n { doubles[i] = Double(input[i]) / 32768 }
doubles.withUnsafeBufferPointer { all in
    func meter(vector: Bool = true, skipBelow: Double = 0) {
        var m = LoudnessMeasurement(sampleRate: 48000, weights: [1, 1])
        m.vector = vector
        m.truePeakSkipBelow = skipBelow
        for start in stride(from: 0, to: n, by: 16384 * channels) {
            let end = min(n, start + 16384 * channels)
            m.add(UnsafeBufferPointer(rebasing: all[start..<end]), frames: (end - start) / channels)
        }
        if m.integratedEnergy == nil { print("no loudness") }
    }
    measure("loudness (ebu r128, true peak)", samples: n) { meter() }
    measure("loudness (no oversampling)", samples: n) { meter(skipBelow: .greatestFiniteMagnitude) }
    measure("loudness (scalar reference)", samples: n, repeats: 1) { meter(vector: false) }
}
if let filter = TruePeakFilter(sampleRate: 48000) {
    let line = (0..<(frames + filter.history)).map { Float(input[2 * max(0, $0 - filter.history)]) / 32768 }
    line.withUnsafeBufferPointer { l in
        measure("true peak 4x (one channel)", samples: frames) {
            if filter.peak(l).peak > 2 { print("over") }
        }
    }
}
