import Testing

@testable import SoundKitCodecs

@Suite("PCM")
struct PCMTests {
    static let allInt16: [Int16] = (Int32(Int16.min)...Int32(Int16.max)).map { Int16($0) }
    static let integerFormats: [PCMFormat] =
        [.uint8, .int(8, bigEndian: false)]
        + [16, 24, 32].flatMap { [PCMFormat.int($0, bigEndian: false), .int($0, bigEndian: true)] }
    static let floatFormats: [PCMFormat] = [32, 64].flatMap {
        [PCMFormat.float($0, bigEndian: false), .float($0, bigEndian: true)]
    }

    func pack(_ s: [Int32], _ f: PCMFormat) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xEE, count: s.count * f.bytesPerSample)
        s.withUnsafeBufferPointer { src in bytes.withUnsafeMutableBytes { PCM.pack(src, format: f, into: $0) } }
        return bytes
    }

    func unpackInt(_ b: [UInt8], _ f: PCMFormat) -> [Int32] {
        var out = [Int32](repeating: 0, count: b.count / f.bytesPerSample)
        b.withUnsafeBytes { raw in out.withUnsafeMutableBufferPointer { PCM.unpack(raw, format: f, into: $0) } }
        return out
    }

    func unpackFloat(_ b: [UInt8], _ f: PCMFormat) -> [Double] {
        var out = [Double](repeating: 0, count: b.count / f.bytesPerSample)
        b.withUnsafeBytes { raw in out.withUnsafeMutableBufferPointer { PCM.unpack(raw, format: f, into: $0) } }
        return out
    }

    @Test(
        "all Int16 values round-trip exactly through every format of 16 bits or more",
        arguments: (integerFormats + floatFormats).filter { $0.bits >= 16 })
    func int16RoundTrip(format: PCMFormat) {
        let s = Self.allInt16.map { Int32($0) << 16 }
        if format.isFloat {
            let back = unpackFloat(pack(s, format), format)
            #expect(back.map { PCM.quantize($0, toBits: 16) } == Self.allInt16.map(Int32.init))
        } else {
            #expect(unpackInt(pack(s, format), format) == s)
        }
    }

    @Test("byte layout is the one the format names")
    func byteLayout() {
        let s: [Int32] = [0x1234_5678]
        #expect(pack(s, .int(16, bigEndian: true)) == [0x12, 0x34])
        #expect(pack(s, .int(16, bigEndian: false)) == [0x34, 0x12])
        #expect(pack(s, .int(24, bigEndian: true)) == [0x12, 0x34, 0x56])
        #expect(pack(s, .int(24, bigEndian: false)) == [0x56, 0x34, 0x12])
        #expect(pack(s, .int(32, bigEndian: true)) == [0x12, 0x34, 0x56, 0x78])
        #expect(pack([Int32.min], .uint8) == [0x00])
        #expect(pack([0], .uint8) == [0x80])
        #expect(pack([Int32.max], .uint8) == [0xFF])
        #expect(pack([Int32(1) << 30], .float(32, bigEndian: true)) == [0x3F, 0x00, 0x00, 0x00])  // 0.5
    }

    @Test("narrowing rounds to nearest and clamps (checked against exact integer arithmetic)")
    func narrowing() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200_000 {
            let x = Int32(truncatingIfNeeded: rng.next())
            for bits in [8, 16, 24] {
                let shift = 32 - bits
                let q = Int64(x) / Int64(1 << shift)
                let r = Int64(x) - q * Int64(1 << shift)
                // floor division, then round half up
                var floorQ = q
                var rem = r
                if rem < 0 {
                    floorQ -= 1
                    rem += Int64(1 << shift)
                }
                var expected = rem >= Int64(1 << (shift - 1)) ? floorQ + 1 : floorQ
                expected = min(expected, Int64(1 << (bits - 1)) - 1)
                #expect(Int64(PCM.narrow(x, toBits: bits)) == expected)
            }
        }
        // The buffered Int16 narrowing agrees with the scalar one.
        let xs =
            (0..<10_000).map { _ in Int32(truncatingIfNeeded: rng.next()) } + [
                Int32.max, Int32.min, 0x7FFF_8000, -0x8000,
            ]
        var out = [Int16](repeating: 0, count: xs.count)
        xs.withUnsafeBufferPointer { s in out.withUnsafeMutableBufferPointer { PCM.int16(from: s, into: $0) } }
        #expect(out.map(Int32.init) == xs.map { PCM.narrow($0, toBits: 16) })
    }

    @Test("float quantisation: symmetric full scale, clamp, NaN to zero")
    func quantize() {
        #expect(PCM.quantize(1.0, toBits: 16) == 32767)
        #expect(PCM.quantize(-1.0, toBits: 16) == -32768)
        #expect(PCM.quantize(-2.0, toBits: 16) == -32768)
        #expect(PCM.quantize(0.5 / 32768, toBits: 16) == 1)
        #expect(PCM.quantize(-0.5 / 32768, toBits: 16) == 0)  // ties go up, as integer narrowing does
        #expect(PCM.quantize(-1.5 / 32768, toBits: 16) == -1)
        #expect(PCM.quantize(-0.51 / 32768, toBits: 16) == -1)
        #expect(PCM.quantize(.nan, toBits: 24) == 0)
        #expect(PCM.quantize(1.0, toBits: 32) == Int32.max)
        #expect(PCM.quantize(-1.0, toBits: 32) == Int32.min)
        for x in Self.allInt16 { #expect(PCM.quantize(Double(x) / 32768, toBits: 16) == Int32(x)) }
    }

    @Test("24-bit and 32-bit integers are exact through 64-bit float and back")
    func wideThroughFloat() {
        var rng = SplitMix64(seed: 3)
        let s = (0..<50_000).map { _ in Int32(truncatingIfNeeded: rng.next()) }
        let f64 = PCMFormat.float(64, bigEndian: false)
        let back = unpackFloat(pack(s, f64), f64).map { PCM.quantize($0, toBits: 32) }
        #expect(back == s)
        let s24 = s.map { $0 & ~0xFF }
        let f32 = PCMFormat.float(32, bigEndian: true)
        #expect(unpackFloat(pack(s24, f32), f32).map { PCM.quantize($0, toBits: 32) } == s24)
    }
}
