import Testing

@testable import SoundKitCodecs
@testable import SoundKitContainers

/// Sizes written are checked like sizes read: every header field that cannot hold its value is refused, naming
/// the field, the value and the limit — never truncated or clamped into a file nothing reads.
@Suite("Containers: header fields that do not fit")
struct HeaderFieldTests {
    static func layout(
        _ type: ContainerKind, _ encoding: AudioEncoding, channels: Int = 1,
        rate: Double = 44100
    ) -> OutputLayout {
        let format = OutputLayout.streamFormat(encoding, sampleRate: rate, channels: channels, fileType: type)
        return OutputLayout(fileType: type, format: format)
    }

    /// The overflow `header` throws, or nil when it writes the header.
    static func overflow(_ layout: OutputLayout, _ totals: DataTotals = DataTotals()) -> ContainerError.FieldOverflow? {
        do {
            _ = try ContainerWriter.header(layout, totals: totals)
            return nil
        } catch {
            guard case .tooLarge(let o) = error else {
                Issue.record("not an overflow: \(error)")
                return nil
            }
            return o
        }
    }

    @Test("IMA ADPCM in WAVE: 64 channels at 44.1 kHz need 65,536-byte blocks; 63 fit and read back")
    func imaADPCMBlockAlign() throws {
        let o = try #require(Self.overflow(Self.layout(.wav, .imaADPCM, channels: 64)))
        #expect(o.field == .blockAlign && o.value == 65536 && o.limit == 65535 && o.fileType == .wav)
        #expect(
            o.description == "IMA ADPCM with 64 channels at 44100 Hz needs blocks of 65536 bytes, but WAVE's "
                + "block align holds at most 65535 bytes; at most 63 channels fit")
        // At 22.05 kHz the blocks are half as long, and 64 channels fit.
        #expect(Self.overflow(Self.layout(.wav, .imaADPCM, channels: 64, rate: 22050)) == nil)
        let widest = Self.layout(.wav, .imaADPCM, channels: 63)
        let bytes = try makeFile(widest, frames: 5000)
        let info = try ContainerParser.parse(bytes)
        #expect(info.format.bytesPerPacket == 64512 && info.blockAlign == 64512 && info.validFrames == 5000)
    }

    @Test("WAVE's samples per block: a 40,000-byte mono IMA ADPCM block holds 79,993 frames, past 65,535")
    func samplesPerBlock() {
        var layout = Self.layout(.wav, .imaADPCM)
        layout.format.bytesPerPacket = 40000
        layout.format.framesPerPacket = IMAWAV.framesPerBlock(blockAlign: 40000, channels: 1)
        let o = Self.overflow(layout)
        #expect(o?.field == .samplesPerBlock && o?.value == 79993 && o?.limit == 65535)
    }

    @Test("data sizes: WAVE's 32-bit sizes, AIFF's signed 32-bit sizes, CAF's 64-bit size")
    func dataSizes() {
        let wav = Self.layout(.wav, .pcm(.int(16, bigEndian: false)))
        var o = Self.overflow(wav, DataTotals(packets: 1 << 31, validFrames: 1 << 31, dataBytes: 1 << 32))
        #expect(o?.field == .dataSize && o?.limit == 4_294_967_295)
        let said = "WAVE's 'data' chunk size holds at most 4294967295; CAF holds longer sounds"
        #expect(o?.description.contains(said) == true)
        // The data fits, the RIFF size around it does not.
        o = Self.overflow(wav, DataTotals(packets: 1, validFrames: 1, dataBytes: 4_294_967_294))
        #expect(o?.field == .outerSize && o?.description.contains("RIFF size") == true)

        // AIFF sizes are signed: 2 GiB of audio is refused, as soundkit's reader would refuse the file.
        for type in [ContainerKind.aiff, .aifc] {
            let aiff = Self.layout(type, .pcm(.int(16, bigEndian: true)))
            o = Self.overflow(aiff, DataTotals(packets: 1 << 30, validFrames: 1 << 30, dataBytes: 1 << 31))
            #expect(o?.field == .dataSize && o?.limit == Int64(Int32.max), "\(type)")
            #expect(o?.description.contains("'SSND' chunk size") == true, "\(type)")
            o = Self.overflow(aiff, DataTotals(packets: 1 << 32, validFrames: 1 << 32, dataBytes: 2))
            #expect(o?.field == .frames && o?.limit == 4_294_967_295, "\(type)")
        }
        let ima4 = Self.layout(.aifc, .ima4)
        o = Self.overflow(ima4, DataTotals(packets: 1 << 32, validFrames: 1 << 38, dataBytes: 34))
        #expect(o?.field == .packets)

        let caf = Self.layout(.caf, .pcm(.int(16, bigEndian: true)))
        o = Self.overflow(caf, DataTotals(packets: 1, validFrames: 1, dataBytes: .max - 3))
        #expect(o?.field == .dataSize && o?.limit == .max - 4)
        #expect(Self.overflow(caf, DataTotals(packets: 1 << 40, validFrames: 1 << 40, dataBytes: 1 << 41)) == nil)
    }

    @Test("CAF: packet fields are 32-bit, pakt's priming and remainder signed 32-bit")
    func cafFields() {
        var layout = Self.layout(.caf, .pcm(.int(16, bigEndian: true)))
        layout.format.bytesPerPacket = 1 << 32
        #expect(Self.overflow(layout)?.field == .bytesPerPacket)
        layout = Self.layout(.caf, .pcm(.int(16, bigEndian: true)))
        layout.format.bitsPerChannel = -1
        #expect(Self.overflow(layout)?.field == .bitsPerSample)

        let ima4 = Self.layout(.caf, .ima4)
        let priming = Int64(Int32.max) + 1
        let totals = DataTotals(packets: 1 << 26, validFrames: 64, dataBytes: 34 << 26, primingFrames: priming)
        let o = Self.overflow(ima4, totals)
        #expect(o?.field == .primingFrames && o?.limit == Int64(Int32.max))
        let r = Self.overflow(ima4, DataTotals(packets: 1 << 26, validFrames: 64, dataBytes: 34 << 26))
        #expect(r?.field == .remainderFrames)
    }

    @Test("a rate or channel count outside AudioLimits is refused for every file type")
    func limits() {
        for type in ContainerKind.writable {
            let encoding = type.default16Bit
            for rate in [0, -8000, 999, 768_001, .nan, .infinity] as [Double] {
                do {
                    _ = try ContainerWriter.header(Self.layout(type, encoding, rate: rate), totals: DataTotals())
                    Issue.record("\(type) \(rate): written")
                } catch {
                    guard case .sampleRate = error else {
                        Issue.record("\(type) \(rate): \(error)")
                        continue
                    }
                }
            }
            #expect(throws: ContainerError.channels(65)) {
                try ContainerWriter.header(Self.layout(type, encoding, channels: 65), totals: DataTotals())
            }
        }
    }
}
