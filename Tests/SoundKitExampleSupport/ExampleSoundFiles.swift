import Foundation
import SoundKitNotifications
import SoundKitTestSupport

/// The bytes of a rule's example sound, written here byte by byte from the formats' specifications (FORMATS.md), not
/// by soundkit's writers: an example proves its rule only if the rule's own code did not make its input.
package enum ExampleSoundFiles {
    package static func write(_ s: ExampleSound, into dir: URL) throws -> String {
        let path = dir.appendingPathComponent(s.name).path
        try Data(bytes(s)).write(to: URL(fileURLWithPath: path))
        return path
    }

    package static func bytes(_ s: ExampleSound) -> [UInt8] {
        switch s.bytes {
        case .noise:
            var g = SplitMix64(seed: 0x5EED)
            return (0..<1024).map { _ in UInt8(truncatingIfNeeded: g.next()) }
        case .mp3: return mp3(seconds: s.seconds)
        case .wav:
            return TestWAV.pcm16(rate: Int(s.sampleRate), channels: s.channels, frames: frames(s)) { i, _ in
                sample(s, i)
            }
        case .rf64: return rf64(s)
        case .aiff: return aiff(s)
        case .caf: return caf(s)
        }
    }

    package static func frames(_ s: ExampleSound) -> Int { Int((s.seconds * s.sampleRate).rounded()) }

    /// Frame `i` of the signal, the same in every channel.
    package static func sample(_ s: ExampleSound, _ i: Int) -> Int16 {
        switch s.signal {
        case .silence: return 0
        case .square: return (i * 882 / Int(s.sampleRate)) % 2 == 0 ? .max : .min
        case .tone(let peak):
            let amplitude = 32767 * pow(10, peak / 20)
            return Int16((amplitude * sin(2 * Double.pi * 997 * Double(i) / s.sampleRate)).rounded())
        }
    }

    package static func be(_ v: UInt64, _ bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) }
    }

    package static func bigEndianSamples(_ s: ExampleSound) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(frames(s) * s.channels * 2)
        for i in 0..<frames(s) {
            let v = UInt16(bitPattern: sample(s, i))
            for _ in 0..<s.channels { out += [UInt8(v >> 8), UInt8(v & 0xFF)] }
        }
        return out
    }

    /// RF64 (EBU Tech 3306): the WAV's `fmt ` chunk and samples, its RIFF and data sizes 0xFFFFFFFF, the real ones in
    /// a `ds64` chunk first.
    package static func rf64(_ s: ExampleSound) -> [UInt8] {
        let wav = TestWAV.pcm16(rate: Int(s.sampleRate), channels: s.channels, frames: frames(s)) { i, _ in
            sample(s, i)
        }
        func le(_ v: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let fmt = Array(wav[12..<36])
        let samples = Array(wav[44...])
        let total = 12 + 8 + 28 + fmt.count + 8 + samples.count
        let ds64 = le(total - 8, 8) + le(samples.count, 8) + le(frames(s), 8) + le(0, 4)
        return Array("RF64".utf8) + le(-1, 4) + Array("WAVE".utf8) + Array("ds64".utf8) + le(28, 4) + ds64 + fmt
            + Array("data".utf8) + le(-1, 4) + samples
    }

    /// AIFF: FORM, COMM (channels, frames, 16 bits, the rate as an 80-bit extended), SSND.
    package static func aiff(_ s: ExampleSound) -> [UInt8] {
        let data = bigEndianSamples(s)
        // The rate, an integer here, as IEEE 754 extended: exponent 16383 + the top bit's position, mantissa aligned.
        let rate = UInt64(s.sampleRate)
        let top = 63 - rate.leadingZeroBitCount
        let extended = be(UInt64(16383 + top), 2) + be(rate << UInt64(63 - top), 8)
        let comm = be(UInt64(s.channels), 2) + be(UInt64(frames(s)), 4) + be(16, 2) + extended
        let ssnd = be(0, 4) + be(0, 4) + data
        let body =
            Array("AIFF".utf8) + Array("COMM".utf8) + be(UInt64(comm.count), 4) + comm + Array("SSND".utf8)
            + be(UInt64(ssnd.count), 4) + ssnd
        return Array("FORM".utf8) + be(UInt64(body.count), 4) + body
    }

    /// CAF: the file header, `desc` and `data`. Linear PCM is 16-bit big-endian; another format ID gets its header
    /// and zeroed packets of a fixed size (1,152 frames in 417 bytes, as MP3's at 128 kbit/s).
    package static func caf(_ s: ExampleSound) -> [UInt8] {
        let pcm = s.format == "lpcm"
        let id = Array(s.format.utf8.prefix(4))
        let rate = s.sampleRate.bitPattern
        let bytesPerPacket = pcm ? 2 * s.channels : 417
        let framesPerPacket = pcm ? 1 : 1152
        let desc =
            be(rate, 8) + id + be(0, 4) + be(UInt64(bytesPerPacket), 4) + be(UInt64(framesPerPacket), 4)
            + be(UInt64(s.channels), 4) + be(pcm ? 16 : 0, 4)
        let payload =
            pcm ? bigEndianSamples(s) : [UInt8](repeating: 0, count: (frames(s) / 1152 + 1) * 417)
        let data = be(0, 4) + payload
        return Array("caff".utf8) + be(1, 2) + be(0, 2) + Array("desc".utf8) + be(UInt64(desc.count), 8) + desc
            + Array("data".utf8) + be(UInt64(data.count), 8) + data
    }

    /// MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono: frames of 417 bytes whose side information is all zero, which
    /// decode to silence.
    package static func mp3(seconds: Double) -> [UInt8] {
        let frame: [UInt8] = [0xFF, 0xFB, 0x90, 0xC4] + [UInt8](repeating: 0, count: 413)
        let count = Int((seconds * 44100 / 1152).rounded(.up))
        return Array((0..<count).map { _ in frame }.joined())
    }
}
