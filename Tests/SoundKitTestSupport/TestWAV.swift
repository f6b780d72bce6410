import Foundation

/// 16-bit PCM WAVE files written by the tests themselves, so that a test needs no tool to make its input.
public enum TestWAV {
    /// A canonical 44-byte-header WAVE file: `frames` frames of `channels` channels at `rate` Hz, each sample from
    /// `sample(frame, channel)`, called frame by frame and channel by channel in that order (so a seeded generator
    /// may run inside it).
    public static func pcm16(
        rate: Int, channels: Int, frames: Int, sample: (_ frame: Int, _ channel: Int) -> Int16
    ) -> [UInt8] {
        func le(_ v: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let blockAlign = channels * 2
        let dataBytes = frames * blockAlign
        var out = Array("RIFF".utf8) + le(36 + dataBytes, 4) + Array("WAVEfmt ".utf8) + le(16, 4) + le(1, 2)
        out += le(channels, 2) + le(rate, 4) + le(rate * blockAlign, 4) + le(blockAlign, 2) + le(16, 2)
        out += Array("data".utf8) + le(dataBytes, 4)
        out.reserveCapacity(out.count + dataBytes)
        for f in 0..<frames {
            for c in 0..<channels {
                let v = UInt16(bitPattern: sample(f, c))
                out.append(UInt8(v & 0xFF))
                out.append(UInt8(v >> 8))
            }
        }
        return out
    }

    /// The tests' plain sound: mono 16-bit 8 kHz, a 440 Hz tone at 8000 (about −12 dBFS), which every sound rule
    /// passes when it is under 30 s.
    public static func tone(seconds: Double) -> [UInt8] {
        pcm16(rate: 8000, channels: 1, frames: Int(seconds * 8000)) { i, _ in
            Int16(8000 * sin(2 * Double.pi * 440 * Double(i) / 8000))
        }
    }
}
