import Testing

@testable import SoundKitCodecs
@testable import SoundKitContainers

/// A complete small file of `frames` frames of zero-ish audio in `layout`.
func makeFile(_ layout: OutputLayout, frames: Int64) throws -> [UInt8] {
    let f = layout.format
    var totals = DataTotals()
    if f.framesPerPacket > 1 {
        totals.packets = (frames + Int64(f.framesPerPacket) - 1) / Int64(f.framesPerPacket)
        totals.validFrames = frames
    } else {
        totals.packets = frames
        totals.validFrames = frames
    }
    totals.dataBytes = totals.packets * Int64(f.bytesPerPacket)
    var bytes = try ContainerWriter.header(layout, totals: totals)
    // Valid ima4 preambles need an index ≤ 88: zeros are fine for every codec here.
    bytes += [UInt8](repeating: 0, count: Int(totals.dataBytes))
    bytes += ContainerWriter.trailer(layout, totals: totals)
    return bytes
}

@Suite("Containers")
struct ContainerTests {
    @Test("80-bit extended sample rates: the published byte patterns, and exact round trips")
    func extended() throws {
        let known: [(Double, [UInt8])] = [
            (44100, [0x40, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0]), (48000, [0x40, 0x0E, 0xBB, 0x80, 0, 0, 0, 0, 0, 0]),
            (22050, [0x40, 0x0D, 0xAC, 0x44, 0, 0, 0, 0, 0, 0]), (8000, [0x40, 0x0B, 0xFA, 0x00, 0, 0, 0, 0, 0, 0]),
        ]
        for (rate, bytes) in known {
            var w = ByteWriter(order: .big)
            w.extended80(rate)
            #expect(w.bytes == bytes, "\(rate)")
        }
        var rng = SplitMix64(seed: 1)
        for _ in 0..<2000 {
            let rate = Double(rng.next() % 400_000) + Double(rng.next() % 1000) / 1000 + 1
            var w = ByteWriter(order: .big)
            w.extended80(rate)
            var r = ByteReader(w.bytes, order: .big)
            #expect(try r.extended80() == rate)
        }
    }

    static let layouts: [OutputLayout] = ContainerKind.writable.flatMap { type in
        type.acceptedEncodings.flatMap { e -> [OutputLayout] in
            let channelCounts = e == .ima4 ? [1, 2] : [1, 2, 6]
            return channelCounts.flatMap { ch in
                [true, false].map { filler in
                    OutputLayout(
                        fileType: type,
                        format: OutputLayout.streamFormat(
                            e, sampleRate: ch == 6 ? 48000 : 22050, channels: ch, fileType: type),
                        filler: filler)
                }
            }
        }
    }

    @Test("every type, encoding and channel count: what we write parses back to the same facts")
    func roundTrip() throws {
        for layout in Self.layouts {
            for frames: Int64 in [0, 1, 63, 64, 65, 1000] {
                let bytes = try makeFile(layout, frames: frames)
                let info = try ContainerParser.parse(bytes)
                let f = layout.format
                let what = "\(layout.fileType.rawValue) \(f.encoding) \(f.channels) ch, \(frames) frames"
                #expect(info.format.encoding == f.encoding, "\(what)")
                #expect(info.format.channels == f.channels && info.format.sampleRate == f.sampleRate, "\(what)")
                #expect(info.format.bytesPerPacket == f.bytesPerPacket, "\(what)")
                #expect(info.warnings.isEmpty, "\(what): \(info.warnings)")
                // AIFF-C ima4 cannot keep the true length; every other file keeps it exactly.
                let expectedFrames = layout.fileType == .aifc && f.encoding == .ima4 ? (frames + 63) / 64 * 64 : frames
                #expect(info.validFrames == expectedFrames, "\(what)")
                if layout.filler && layout.fileType != .aiff && layout.fileType != .aifc {
                    #expect(info.dataOffset == 4096, "\(what)")
                }
                #expect(
                    info.dataOffset + info.dataBytes + (info.dataBytes & 1 == 1 && layout.fileType != .caf ? 1 : 0)
                        == Int64(bytes.count), "\(what)")
            }
        }
    }

    @Test("sizes that do not fit their fields are errors, never clamped")
    func tooLarge() {
        let layout = OutputLayout(
            fileType: .wav,
            format: OutputLayout.streamFormat(
                .pcm(.int(16, bigEndian: false)), sampleRate: 8000, channels: 1, fileType: .wav))
        #expect(throws: ContainerError.self) {
            try ContainerWriter.header(layout, totals: DataTotals(packets: 1, validFrames: 1, dataBytes: 1 << 32))
        }
        let aiff = OutputLayout(
            fileType: .aiff,
            format: OutputLayout.streamFormat(
                .pcm(.int(16, bigEndian: true)), sampleRate: 8000, channels: 1, fileType: .aiff))
        #expect(throws: ContainerError.self) {
            try ContainerWriter.header(
                aiff, totals: DataTotals(packets: 1 << 33, validFrames: 1 << 33, dataBytes: 1 << 34))
        }
    }

    @Test("hostile bytes: random mutations and every truncation of real headers never trap")
    func fuzz() throws {
        var rng = SplitMix64(seed: 42)
        var parsed = 0
        var rejected = 0
        let seeds = try Self.layouts.filter { $0.format.channels <= 2 && !$0.filler }.map {
            try makeFile($0, frames: 70)
        }
        for seed in seeds {
            for cut in 0..<min(seed.count, 160) {
                if (try? ContainerParser.parse(Array(seed.prefix(cut)))) != nil { parsed += 1 } else { rejected += 1 }
            }
            for _ in 0..<300 {
                var b = seed
                for _ in 0..<(1 + Int(rng.next() % 6)) {
                    let i = Int(rng.next() % UInt64(min(b.count, 120)))
                    switch rng.next() % 3 {
                    case 0: b[i] = UInt8(truncatingIfNeeded: rng.next())
                    case 1: b[i] = [0x00, 0xFF, 0x7F, 0x80][Int(rng.next() % 4)]
                    default: b[i] ^= 1 << UInt8(rng.next() % 8)
                    }
                }
                if (try? ContainerParser.parse(b)) != nil { parsed += 1 } else { rejected += 1 }
            }
        }
        // Both outcomes happen: the mutations reach past the magic numbers.
        #expect(parsed > 0 && rejected > 0)
        for _ in 0..<3000 {
            let junk = (0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            for magic in ["caff", "FORM", "RIFF", "RIFX", "RF64"] {
                var b = Array(magic.utf8) + junk
                if magic == "FORM" && b.count > 12 {
                    b.replaceSubrange(8..<12, with: Array((rng.next() % 2 == 0 ? "AIFC" : "AIFF").utf8))
                }
                if magic.hasPrefix("R") && b.count > 12 { b.replaceSubrange(8..<12, with: Array("WAVE".utf8)) }
                _ = try? ContainerParser.parse(b)
            }
        }
    }

    @Test(
        "afconvert's -d grammar",
        arguments: [
            ("LEI16@44100", AudioEncoding.pcm(.int(16, bigEndian: false)), Double?(44100)),
            ("BEF32", .pcm(.float(32, bigEndian: true)), nil),
            ("I8", .pcm(.int(8, bigEndian: false)), nil), ("UI8", .pcm(.uint8), nil), ("'ima4'", .ima4, nil),
            ("ima4@22050", .ima4, 22050),
            ("\"ulaw\"", .ulaw, nil), ("alaw@8000", .alaw, 8000), ("ms\\x00\\x11", .imaADPCM, nil),
            ("lei24", .pcm(.int(24, bigEndian: false)), nil),
        ])
    func dataFormat(_ text: String, _ encoding: AudioEncoding, _ rate: Double?) throws {
        let spec = try DataFormatSpec(parsing: text)
        #expect(spec.encoding == encoding)
        #expect(spec.sampleRate == rate)
    }

    @Test("-d errors name the syntax; a bare I16 takes AIFF's byte order")
    func dataFormatErrors() throws {
        for bad in ["LEI16@fast", "abc", "LEI16/0x20", "aac ", "lpcm", "ulaw#64"] {
            #expect(throws: DataFormatSpec.ParseError.self, "\(bad)") { try DataFormatSpec(parsing: bad) }
        }
        do { _ = try DataFormatSpec(parsing: "xyz") } catch { #expect(error.description.contains("[BE|LE]{F|I|UI}")) }
        #expect(try DataFormatSpec(parsing: "I16").encoding(for: .aiff) == .pcm(.int(16, bigEndian: true)))
        #expect(try DataFormatSpec(parsing: "I16").encoding(for: .wav) == .pcm(.int(16, bigEndian: false)))
        #expect(try DataFormatSpec(parsing: "LEI16").encoding(for: .aiff) == .pcm(.int(16, bigEndian: false)))
    }

    @Test("sniffing by bytes")
    func sniff() {
        #expect(ContainerKind(sniffing: Array("caff".utf8) + [0, 1, 0, 0]) == .caf)
        #expect(ContainerKind(sniffing: Array("RIFF\0\0\0\0WAVE".utf8)) == .wav)
        #expect(ContainerKind(sniffing: Array("FORM\0\0\0\0AIFC".utf8)) == .aifc)
        #expect(ContainerKind(sniffing: Array("fLaC".utf8)) == .flac)
        #expect(ContainerKind(sniffing: [0xFF, 0xFB, 0x90, 0x00]) == .mp3)
        #expect(ContainerKind(sniffing: Array("\0\0\0\u{20}ftypM4A ".utf8)) == .mpeg4)
        #expect(ContainerKind(sniffing: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
        #expect(ContainerKind(sniffing: []) == .unknown)
    }
}
