import SoundKitContainers
import Testing

@Suite("Sniffing the kinds FFmpeg's libraries read")
struct SniffTests {
    @Test(
        "magic numbers: ADTS, Matroska/WebM, ASF, AC-3, AMR, 3GP beside MPEG-4",
        arguments: [
            ([0xFF, 0xF1, 0x50, 0x80], ContainerKind.adts),  // MPEG-4 ADTS, no CRC
            ([0xFF, 0xF8, 0x50, 0x80], .adts),  // MPEG-2 ADTS, with CRC
            ([0x1A, 0x45, 0xDF, 0xA3, 0x01], .matroska),
            ([0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9], .asf),
            ([0x0B, 0x77, 0x5D, 0x2A], .ac3),
            (Array("#!AMR\n".utf8), .amr),
            (Array("#!AMR-WB\n".utf8), .amr),
            ([0, 0, 0, 0x18] + Array("ftyp3gp4".utf8), .threeGPP),
            ([0, 0, 0, 0x18] + Array("ftyp3g2a".utf8), .threeGPP),
            ([0, 0, 0, 0x20] + Array("ftypM4A ".utf8), .mpeg4),
            ([0, 0, 0, 0x20] + Array("ftypisom".utf8), .mpeg4),
        ] as [([UInt8], ContainerKind)])
    func magic(_ bytes: [UInt8], _ kind: ContainerKind) {
        #expect(ContainerKind(sniffing: bytes) == kind)
    }

    @Test("0xFFF sync: layer 00 is ADTS, layers 1–3 are MPEG audio, for every second byte")
    func syncWord() {
        for b1 in 0...255 {
            let kind = ContainerKind(sniffing: [0xFF, UInt8(b1), 0x90, 0x00])
            // ADTS: 12 sync bits, then ID, then layer 00. MPEG audio: 11 sync bits (2.5 included), a layer of 1 to 3.
            let layer = (b1 >> 1) & 3
            let expected: ContainerKind =
                b1 >> 4 == 0xF && layer == 0 ? .adts : (b1 >> 5 == 7 && layer != 0 ? .mp3 : .unknown)
            #expect(kind == expected, "0xFF 0x\(String(b1, radix: 16))")
        }
    }
}
