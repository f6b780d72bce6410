import Foundation
import Testing

/// Header fields that cannot hold what a conversion asks for: `path: error: …` saying what does not fit and what
/// the field allows, exit status 1, and no output — never a file with a truncated field that nothing can read.
@Suite("Command line: header fields that do not fit")
struct HeaderFieldCLITests {
    /// A 16-bit WAVE file of `channels` channels at `rate` Hz, `frames` frames of silence (plain PCM `fmt `).
    static func wav(channels: Int, rate: Int = 44100, frames: Int = 2000) -> Data {
        let blockAlign = 2 * channels
        let dataBytes = frames * blockAlign
        var d = Data()
        func u16(_ v: Int) { d.append(contentsOf: [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]) }
        func u32(_ v: Int) { for i in 0..<4 { d.append(UInt8(v >> (8 * i) & 0xFF)) } }
        d.append(contentsOf: Array("RIFF".utf8))
        u32(36 + dataBytes)
        d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8))
        u32(16)
        u16(1)
        u16(channels)
        u32(rate)
        u32(rate * blockAlign)
        u16(blockAlign)
        u16(16)
        d.append(contentsOf: Array("data".utf8))
        u32(dataBytes)
        d.append(Data(count: dataBytes))
        return d
    }

    @Test("-d ima4 into WAVE with 64 channels at 44.1 kHz: the 65,536-byte block does not fit the block align")
    func imaADPCMBlockAlign() throws {
        let dir = try temporaryDirectory()
        let input = dir.appendingPathComponent("in64.wav").path
        try Self.wav(channels: 64).write(to: URL(fileURLWithPath: input))
        let output = dir.appendingPathComponent("out.wav").path
        let r = try Tool.soundkit("convert", input, output, "-d", "ima4")
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("\(output): error: "), "\(r.stderr)")
        #expect(r.stderr.contains("IMA ADPCM with 64 channels at 44100 Hz needs blocks of 65536 bytes"), "\(r.stderr)")
        #expect(r.stderr.contains("WAVE's block align holds at most 65535 bytes"), "\(r.stderr)")
        #expect(r.stderr.contains("at most 63 channels fit"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in64.wav"])
    }

    @Test("63 channels fit: the file is written and reads back with its 64,512-byte blocks")
    func imaADPCMWidestThatFits() throws {
        let dir = try temporaryDirectory()
        let input = dir.appendingPathComponent("in63.wav").path
        try Self.wav(channels: 63).write(to: URL(fileURLWithPath: input))
        let output = dir.appendingPathComponent("out.wav").path
        let r = try Tool.soundkit("convert", input, output, "-d", "ima4", "-q", "0")
        #expect(r.status == 0, "\(r.stderr)")
        let info = try Tool.soundkit("info", output, "--format", "json")
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("\"bytesPerPacket\" : 64512"), "\(info.stdout)")
    }
}
