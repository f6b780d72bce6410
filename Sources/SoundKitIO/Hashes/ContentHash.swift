/// MurmurHash3 x64 128 (Austin Appleby's, public domain, as SMHasher defines it): the result cache's fingerprint of a
/// file's bytes and the checksum of its entries. Not cryptographic: it tells a changed file from an unchanged one and
/// a damaged entry from a whole one, which is all the cache asks; it reads at memory speed, so a warm check costs
/// little more than reading the files.
package struct ContentHash: Sendable {
    private var h1: UInt64
    private var h2: UInt64
    private var length: UInt64 = 0
    /// Bytes of an unfinished 16-byte block, between calls to ``update(_:)``.
    private var pending: [UInt8] = []

    private static let c1: UInt64 = 0x87c3_7b91_1142_53d5
    private static let c2: UInt64 = 0x4cf5_ad43_2745_937f

    package init(seed: UInt32 = 0) {
        h1 = UInt64(seed)
        h2 = UInt64(seed)
    }

    /// The 16 bytes of `bytes`' hash: h1 then h2, little-endian.
    package static func digest(_ bytes: [UInt8], seed: UInt32 = 0) -> [UInt8] {
        var h = ContentHash(seed: seed)
        bytes.withUnsafeBytes { h.update($0) }
        return h.finalize()
    }

    /// `digest` in lowercase hexadecimal.
    package static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        if !pending.isEmpty {
            let take = Swift.min(16 - pending.count, rest.count)
            pending += rest.prefix(take)
            rest = UnsafeRawBufferPointer(rebasing: rest[take...])
            guard pending.count == 16 else { return }
            pending.withUnsafeBytes { blocks($0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = rest.count & ~15
        blocks(UnsafeRawBufferPointer(rebasing: rest[..<whole]))
        pending += rest[whole...]
    }

    /// Hashes `bytes`, a whole number of 16-byte blocks.
    private mutating func blocks(_ bytes: UnsafeRawBufferPointer) {
        let c1 = Self.c1
        let c2 = Self.c2
        var h1 = self.h1
        var h2 = self.h2
        var offset = 0
        while offset < bytes.count {
            var k1 = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            var k2 = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            k1 &*= c1
            k1 = rotl(k1, 31)
            k1 &*= c2
            h1 ^= k1
            h1 = rotl(h1, 27) &+ h2
            h1 = h1 &* 5 &+ 0x52dc_e729
            k2 &*= c2
            k2 = rotl(k2, 33)
            k2 &*= c1
            h2 ^= k2
            h2 = rotl(h2, 31) &+ h1
            h2 = h2 &* 5 &+ 0x3849_5ab5
            offset += 16
        }
        self.h1 = h1
        self.h2 = h2
        length &+= UInt64(bytes.count)
    }

    /// The 16 bytes of the hash of everything given: h1 then h2, little-endian.
    package consuming func finalize() -> [UInt8] {
        let tail = pending
        let total = length &+ UInt64(tail.count)
        var k1: UInt64 = 0
        var k2: UInt64 = 0
        for (i, byte) in tail.enumerated() {
            if i < 8 { k1 ^= UInt64(byte) << UInt64(8 * i) } else { k2 ^= UInt64(byte) << UInt64(8 * (i - 8)) }
        }
        if tail.count > 8 {
            k2 &*= Self.c2
            k2 = rotl(k2, 33)
            k2 &*= Self.c1
            h2 ^= k2
        }
        if !tail.isEmpty {
            k1 &*= Self.c1
            k1 = rotl(k1, 31)
            k1 &*= Self.c2
            h1 ^= k1
        }
        h1 ^= total
        h2 ^= total
        h1 &+= h2
        h2 &+= h1
        h1 = Self.mix(h1)
        h2 = Self.mix(h2)
        h1 &+= h2
        h2 &+= h1
        return (0..<16).map { i in UInt8(truncatingIfNeeded: (i < 8 ? h1 : h2) >> UInt64(8 * (i % 8))) }
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k &*= 0xff51_afd7_ed55_8ccd
        k ^= k >> 33
        k &*= 0xc4ce_b9fe_1a85_ec53
        k ^= k >> 33
        return k
    }
}

@inline(__always)
private func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { x << r | x >> (64 - r) }
