import Testing

@testable import SoundKitContainers
@testable import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("LoudnessMeter")
struct LoudnessMeterTests {
    /// `seconds` of a sine at `amplitude` in every channel.
    func sine(
        _ seconds: Double, rate: Double = 48000, channels: Int = 1, amplitude: Double = 0.5, frequency: Double = 997
    ) -> SampleBuffer {
        var b = SampleBuffer(kind: .float, channels: channels)
        b.frames = Int(seconds * rate)
        b.floats = (0..<(b.frames * channels)).map { i in
            amplitude * sin(2 * .pi * frequency * Double(i / channels) / rate)
        }
        return b
    }

    func measure(_ b: SampleBuffer, rate: Double = 48000, mask: UInt32? = nil, blocks: Int = 1) throws -> Loudness {
        let meter = try LoudnessMeter(sampleRate: rate, channels: b.channels, channelMask: mask, path: "test")
        // Fed whole or in pieces, the result is the same stream's.
        let step = (b.frames + blocks - 1) / blocks
        for start in stride(from: 0, to: b.frames, by: step) {
            var piece = SampleBuffer(kind: b.kind, channels: b.channels)
            piece.frames = min(step, b.frames - start)
            let range = (start * b.channels)..<((start + piece.frames) * b.channels)
            if b.kind == .float { piece.floats = Array(b.floats[range]) } else { piece.ints = Array(b.ints[range]) }
            try meter.add(piece)
        }
        return meter.result
    }

    @Test("a 997 Hz sine at -6.02 dBFS in one channel reads -9.03 LUFS, as BS.1770 defines (0 dBFS at 1 kHz is -3.01)")
    func sineLevel() throws {
        let l = try measure(sine(3, amplitude: 0.5), blocks: 7)
        let integrated = try #require(l.integrated)
        #expect(abs(integrated - (-6.02 - 3.01)) < 0.02, "\(integrated)")
        #expect(abs(try #require(l.samplePeak) - -6.02) < 0.01 && l.range == 0 && l.integratedReason == nil)
    }

    @Test("the same audio as integers or floats, whole or in pieces, measures the same")
    func kinds() throws {
        let f = sine(2, channels: 2, amplitude: 0.25)
        var i = SampleBuffer(kind: .integer, channels: 2)
        i.frames = f.frames
        i.ints = f.floats.map { Int32(($0 * 0x1p31).rounded()) }
        let a = try measure(f)
        let b = try measure(i)
        let c = try measure(f, blocks: 13)
        #expect(abs(try #require(a.integrated) - (try #require(b.integrated))) < 1e-6)
        #expect(a == c)
    }

    @Test("5.1 by its channel mask: LFE left out, surrounds count 1.41 times, side channels too")
    func channelWeights() throws {
        #expect(LoudnessMeter.weights(channels: 6, mask: nil) == [1, 1, 1, 0, 1.41, 1.41])
        #expect(LoudnessMeter.weights(channels: 6, mask: 0x60F) == [1, 1, 1, 0, 1.41, 1.41])
        #expect(LoudnessMeter.weights(channels: 3, mask: 0x1) == [1, 1, 1])
        // The same tone in one channel of a 5.1 stream: in the LFE it is not heard, in a surround it is 1.5 dB louder.
        func one(_ channel: Int) throws -> Double? {
            let s = sine(2, amplitude: 0.3)
            var b = SampleBuffer(kind: .float, channels: 6)
            b.frames = s.frames
            b.floats = [Double](repeating: 0, count: s.frames * 6)
            for f in 0..<s.frames { b.floats[f * 6 + channel] = s.floats[f] }
            return try measure(b, mask: 0x3F).integrated
        }
        let front = try #require(try one(0))
        let surround = try #require(try one(4))
        #expect(try one(3) == nil)
        #expect(abs(surround - front - 10 * log10(1.41)) < 0.01, "\(front) \(surround)")
    }

    @Test("under 0.4 s: no integrated loudness, said why; silence: nothing in decibels, never ±inf")
    func unmeasurable() throws {
        let short = try measure(sine(0.39))
        #expect(
            short.integrated == nil && short.integratedReason == .tooShort && short.range == nil
                && short.truePeak != nil)
        var silent = SampleBuffer(kind: .integer, channels: 2)
        silent.frames = 48000
        silent.ints = [Int32](repeating: 0, count: 96000)
        let s = try measure(silent)
        #expect(
            s == Loudness(integrated: nil, integratedReason: .belowGate, range: nil, truePeak: nil, samplePeak: nil))
        let empty = try LoudnessMeter(sampleRate: 44100, channels: 1, path: "e").result
        #expect(empty.integratedReason == .tooShort && empty.samplePeak == nil)
    }

    @Test(
        "impossible streams are errors naming the sound, not traps",
        arguments: [(0.0, 1), (.nan, 1), (44100.5, 1), (44100, 0), (44100, 65), (1e9, 2)])
    func refused(_ rate: Double, _ channels: Int) {
        #expect(throws: AudioFileError.self) {
            try LoudnessMeter(sampleRate: rate, channels: channels, path: "odd.wav")
        }
    }

    @Test("a block with the wrong channel count is refused")
    func wrongChannels() throws {
        let meter = try LoudnessMeter(sampleRate: 48000, channels: 2, path: "m.wav")
        #expect(throws: AudioFileError.self) { try meter.add(sine(0.1)) }
    }

    @Test("decimal() rounds half away from zero and never traps")
    func decimals() {
        #expect(
            decimal(-23.05, 1) == "-23.1" && decimal(0.04, 1) == "0.0" && decimal(-0.04, 1) == "0.0"
                && decimal(1.5, 0) == "2")
        #expect(decimal(.infinity, 1) == "inf" && decimal(.nan, 2) == "nan" && decimal(1e300, 1) == "1e+300")
    }
}
