import Testing

@testable import SoundKitCodecs

/// Nearest-level encoders, one sample at a time in plain scalar code: the definition the fast encoders (the
/// float-bit trick, the tables) must equal on every input. The reference's segment search, then the one correction.
enum NearestLevelReference {
    /// The positive decoding level of a 7-bit µLaw magnitude code (segment << 4 | mantissa).
    static func ulawLevel(_ code: Int32) -> Int32 { ((((code & 0xF) << 3) + 0x84) << (code >> 4)) - 0x84 }

    /// The positive decoding level of a 7-bit aLaw magnitude code.
    static func alawLevel(_ code: Int32) -> Int32 {
        let segment = code >> 4
        let mantissa = code & 0xF
        return segment == 0 ? (mantissa << 4) + 8 : ((mantissa << 4) + 0x108) << (segment - 1)
    }

    /// Nearest-level µLaw encoding of one sample.
    static func linearToULaw(_ x: Int16) -> UInt8 {
        let negative = x < 0
        let a = negative ? -Int32(x) : Int32(x)
        let v = Swift.min(a, 32635) + 0x84
        var segment: Int32 = 0
        while segment < 7 && v >= (0x100 << segment) { segment += 1 }
        var code = segment << 4 | ((v >> (segment + 3)) & 0xF)
        if code > 0 && a - ulawLevel(code - 1) < ulawLevel(code) - a { code -= 1 }
        return UInt8(truncatingIfNeeded: (negative ? 0x7F : 0xFF) ^ code)
    }

    /// Nearest-level aLaw encoding of one sample.
    static func linearToALaw(_ x: Int16) -> UInt8 {
        let negative = x < 0
        let a = negative ? -Int32(x) : Int32(x)
        var code: Int32
        if a < 256 {
            code = a >> 4
        } else {
            var segment: Int32 = 1
            while segment < 7 && a >= (0x100 << segment) { segment += 1 }
            code = Swift.min(segment << 4 | ((a >> (segment + 3)) & 0xF), 127)
            if a >= 0x100 << 7 { code = 127 }
        }
        if code > 16 && a - alawLevel(code - 1) < alawLevel(code) - a { code -= 1 }
        return UInt8(truncatingIfNeeded: (negative ? 0x55 : 0xD5) ^ code)
    }
}

/// The ITU-T G.191 / Sun `g711.c` encoders, transcribed from their published algorithm (segment search on the
/// biased magnitude, truncating the mantissa). The standard we must meet or beat, not the code under test.
enum ITUReference {
    static let segEnd: [Int32] = [0xFF, 0x1FF, 0x3FF, 0x7FF, 0xFFF, 0x1FFF, 0x3FFF, 0x7FFF]
    static let segAEnd: [Int32] = [0x1F, 0x3F, 0x7F, 0xFF, 0x1FF, 0x3FF, 0x7FF, 0xFFF]

    static func linear2ulaw(_ sample: Int16) -> UInt8 {
        var pcm = Int32(sample) >> 2  // 14-bit
        let mask: Int32
        if pcm < 0 {
            pcm = -pcm
            mask = 0x7F
        } else {
            mask = 0xFF
        }
        if pcm > 8159 { pcm = 8159 }  // clip
        pcm += 0x84 >> 2
        let seg = segEnd.firstIndex { pcm <= $0 >> 2 } ?? 8
        if seg >= 8 { return UInt8(0x7F ^ mask) }
        let uval = Int32(seg << 4) | ((pcm >> (seg + 1)) & 0xF)
        return UInt8(uval ^ mask)
    }

    static func linear2alaw(_ sample: Int16) -> UInt8 {
        var pcm = Int32(sample) >> 3  // 13-bit
        let mask: Int32
        if pcm >= 0 {
            mask = 0xD5
        } else {
            mask = 0x55
            pcm = -pcm - 1
        }
        let seg = segAEnd.firstIndex { pcm <= $0 } ?? 8
        if seg >= 8 { return UInt8(0x7F ^ mask) }
        var aval = Int32(seg << 4)
        aval |= seg < 2 ? (pcm >> 1) & 0xF : (pcm >> seg) & 0xF
        return UInt8(aval ^ mask)
    }
}

@Suite("G.711")
struct G711Tests {
    static let allInputs: [Int16] = (Int32(Int16.min)...Int32(Int16.max)).map { Int16($0) }

    @Test("decoding matches the standard's defining points and is odd-symmetric")
    func decodeTables() {
        // G.711 Table 2a/2b end points, in 16-bit units.
        #expect(G711.ulawToLinear(0x00) == -32124)
        #expect(G711.ulawToLinear(0x80) == 32124)
        #expect(G711.ulawToLinear(0xFF) == 0)
        #expect(G711.ulawToLinear(0x7F) == 0)
        #expect(G711.ulawToLinear(0xFE) == 8)
        #expect(G711.alawToLinear(0xD5) == 8)
        #expect(G711.alawToLinear(0x55) == -8)
        #expect(G711.alawToLinear(0xAA) == 32256)
        #expect(G711.alawToLinear(0x2A) == -32256)
        for code in 0..<128 {
            #expect(G711.ulawToLinear(UInt8(code)) == -G711.ulawToLinear(UInt8(code | 0x80)))
            #expect(G711.alawToLinear(UInt8(code)) == -G711.alawToLinear(UInt8(code | 0x80)))
        }
        // 255 distinct µLaw levels (±0 coincide) and 256 distinct aLaw levels.
        #expect(Set(G711.ulawTable).count == 255)
        #expect(Set(G711.alawTable).count == 256)
    }

    @Test("µLaw: every Int16 encodes to a nearest level, at least as close as the ITU encoder")
    func ulawNearest() {
        let levels = G711.ulawTable.map(Int32.init)
        let best = Self.allInputs.map { x in levels.map { abs($0 - Int32(x)) }.min()! }
        var beatsReference = 0
        for (i, x) in Self.allInputs.enumerated() {
            let ours = abs(Int32(G711.ulawToLinear(G711.linearToULaw(x))) - Int32(x))
            let ref = abs(Int32(G711.ulawToLinear(ITUReference.linear2ulaw(x))) - Int32(x))
            #expect(ours == best[i], "x = \(x)")
            #expect(ours <= ref, "x = \(x)")
            if ours < ref { beatsReference += 1 }
        }
        #expect(beatsReference > 0, "nearest-level should beat truncation somewhere")
    }

    @Test("aLaw: every Int16 encodes to a nearest level, at least as close as the ITU encoder")
    func alawNearest() {
        let levels = G711.alawTable.map(Int32.init)
        for x in Self.allInputs {
            let best = levels.map { abs($0 - Int32(x)) }.min()!
            let ours = abs(Int32(G711.alawToLinear(G711.linearToALaw(x))) - Int32(x))
            let ref = abs(Int32(G711.alawToLinear(ITUReference.linear2alaw(x))) - Int32(x))
            #expect(ours == best, "x = \(x)")
            #expect(ours <= ref, "x = \(x)")
        }
    }

    @Test("fast encoders equal the scalar references on all 65,536 inputs; buffers equal per-sample calls")
    func fastEqualsReference() {
        var ulaw = [UInt8](repeating: 0, count: Self.allInputs.count)
        var alaw = ulaw
        Self.allInputs.withUnsafeBufferPointer { src in
            ulaw.withUnsafeMutableBufferPointer { G711.encodeULaw(src, into: $0) }
            alaw.withUnsafeMutableBufferPointer { G711.encodeALaw(src, into: $0) }
        }
        var mismatches = 0
        for (i, x) in Self.allInputs.enumerated() {
            if ulaw[i] != NearestLevelReference.linearToULaw(x) || alaw[i] != NearestLevelReference.linearToALaw(x) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test("the code tables equal the scalar references on all 65,536 inputs, through the table encoder")
    func tablesEqualReference() {
        var ulaw = [UInt8](repeating: 0, count: Self.allInputs.count)
        var alaw = ulaw
        Self.allInputs.withUnsafeBufferPointer { src in
            ulaw.withUnsafeMutableBufferPointer { G711.encode(src, into: $0, table: G711.ulawCodes) }
            alaw.withUnsafeMutableBufferPointer { G711.encode(src, into: $0, table: G711.alawCodes) }
        }
        var mismatches = 0
        for (i, x) in Self.allInputs.enumerated() {
            if ulaw[i] != NearestLevelReference.linearToULaw(x) || alaw[i] != NearestLevelReference.linearToALaw(x) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test("all 256 codes survive decode then encode (aLaw all; µLaw all but −0)")
    func codesRoundTrip() {
        for code in 0...255 {
            let c = UInt8(code)
            #expect(G711.linearToALaw(G711.alawToLinear(c)) == c)
            if c != 0x7F { #expect(G711.linearToULaw(G711.ulawToLinear(c)) == c) }
        }
        let codes = (0...255).map(UInt8.init)
        var out = [Int16](repeating: 0, count: 256)
        codes.withUnsafeBufferPointer { src in out.withUnsafeMutableBufferPointer { G711.decodeULaw(src, into: $0) } }
        #expect(out == G711.ulawTable)
        codes.withUnsafeBufferPointer { src in out.withUnsafeMutableBufferPointer { G711.decodeALaw(src, into: $0) } }
        #expect(out == G711.alawTable)
    }
}
