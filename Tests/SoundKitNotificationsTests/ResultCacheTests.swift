import Foundation
@_spi(SoundKitServe) import SoundKitIO
import Testing

@_spi(SoundKitServe) @testable import SoundKitNotifications

@Suite("Result cache")
struct ResultCacheTests {
    /// SMHasher's verification of MurmurHash3_x64_128: keys 0, 1, … 255 bytes long (byte i is i), key n hashed with
    /// seed 256 − n, the 256 digests hashed with seed 0; the first four bytes, little-endian, are 0x6384BA69 (the
    /// value SMHasher's main.cpp publishes for "Murmur3F").
    @Test("the content hash is MurmurHash3 x64 128: SMHasher's verification value")
    func smhasherVerification() {
        let key = (0..<256).map { UInt8($0) }
        var digests: [UInt8] = []
        for n in 0..<256 { digests += ContentHash.digest(Array(key[0..<n]), seed: UInt32(256 - n)) }
        let d = ContentHash.digest(digests)
        let verification = d[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(verification == 0x6384_BA69)
        #expect(ContentHash.digest([]) == [UInt8](repeating: 0, count: 16))  // seed 0, no bytes: all zero
    }

    @Test("hashing in pieces of any size gives the digest of the whole")
    func streaming() {
        var rng = SplitMix64(seed: 29)
        let bytes = (0..<1000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let whole = ContentHash.digest(bytes, seed: 7)
        for piece in [1, 3, 15, 16, 17, 100, 999] {
            var h = ContentHash(seed: 7)
            var offset = 0
            while offset < bytes.count {
                let end = Swift.min(bytes.count, offset + piece)
                bytes[offset..<end].withUnsafeBytes { h.update($0) }
                offset = end
            }
            #expect(h.finalize() == whole, "pieces of \(piece)")
        }
    }

    static func entry(_ key: String, findings: Int = 1) -> ResultCache.Entry {
        let f = (0..<findings).map { Rule.silence.finding("silent for \($0) s", .warning) }
        return ResultCache.Entry(
            key: key, report: FileReport(path: "a.caf", container: "CAF", format: "ima4", findings: f),
            integrated: -23.5)
    }

    @Test("an entry reads back as written; damaged, truncated, foreign or other-version bytes read as nothing")
    func hostileEntries() throws {
        let e = Self.entry("k")
        let bytes = try #require(ResultCache.encode(e))
        #expect(ResultCache.decode(bytes) == e)
        for i in bytes.indices {
            var damaged = bytes
            damaged[i] ^= 0x01
            #expect(ResultCache.decode(damaged) == nil, "byte \(i) flipped")
        }
        for n in 0..<bytes.count { #expect(ResultCache.decode(Array(bytes.prefix(n))) == nil) }
        #expect(ResultCache.decode(bytes + [0]) == nil)
        #expect(ResultCache.decode(Array("{\"key\":\"k\"}".utf8)) == nil)
        #expect(ResultCache.decode([UInt8](repeating: 0, count: 1 << 21)) == nil)
    }

    @Test("an entry whose key is not the one asked for is not used")
    func otherKey() throws {
        let dir = try temporaryDirectory()
        let cache = ResultCache(directory: dir.path, identity: "test")
        cache.store(Self.entry("one"))
        let moved = dir.appendingPathComponent(
            ContentHash.hex(ContentHash.digest(Array("two".utf8))) + ".entry")
        try FileManager.default.copyItem(atPath: try #require(cache.entryPath("one")), toPath: moved.path)
        #expect(cache.lookup("one") == Self.entry("one"))
        #expect(cache.lookup("two") == nil)
    }

    @Test("without a folder the cache keeps entries in memory only, bounded, and writes nothing")
    func memoryOnly() throws {
        let dir = try temporaryDirectory()
        let cache = ResultCache(directory: nil, identity: "test")
        #expect(cache.entryPath("one") == nil)
        cache.store(Self.entry("one"))
        #expect(cache.lookup("one") == Self.entry("one"))
        #expect(cache.checks == 1)
        for i in 0..<ResultCache.capacity { cache.store(Self.entry("k\(i)")) }
        #expect(cache.memory.withLockedValue { $0.entries.count } <= ResultCache.capacity)
        #expect(cache.lookup("one") == nil)
        // One with a folder answers from memory what it wrote, and from the folder after a prune.
        let disk = ResultCache(directory: dir.path, identity: "test")
        disk.store(Self.entry("d"), durable: false)
        #expect(disk.lookup("d") != nil)
        disk.prune()
        #expect(disk.lookup("d") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("over its limit, the cache drops the entries used least recently")
    func leastRecentlyUsedGoFirst() throws {
        let dir = try temporaryDirectory()
        let size = try #require(ResultCache.encode(Self.entry("a"))).count
        let cache = ResultCache(directory: dir.path, identity: "test", limit: Int64(size * 5 / 2))
        for key in ["a", "b", "c"] {
            cache.store(Self.entry(key))
            Thread.sleep(forTimeInterval: 0.02)  // distinct modification times, whatever the file system's grain
        }
        #expect(cache.lookup("a") != nil)  // a is now the most recently used
        cache.prune()
        #expect(cache.lookup("a") != nil)
        #expect(cache.lookup("b") == nil)
        #expect(cache.lookup("c") != nil)
    }

    @Test("the key holds the bytes, the path, the options and the build")
    func keys() {
        let cache = ResultCache(directory: "/nonexistent", identity: "soundkit 1")
        let o = CheckOptions()
        let base = cache.key(path: "a.caf", bundleSubpath: nil, fingerprint: [1], options: o)
        #expect(base != cache.key(path: "a.caf", bundleSubpath: nil, fingerprint: [2], options: o))
        #expect(base != cache.key(path: "b.caf", bundleSubpath: nil, fingerprint: [1], options: o))
        #expect(base != cache.key(path: "a.caf", bundleSubpath: "S/a.caf", fingerprint: [1], options: o))
        #expect(
            base
                != cache.key(
                    path: "a.caf", bundleSubpath: nil, fingerprint: [1], options: CheckOptions(namePolicy: true)))
        #expect(
            base
                != cache.key(
                    path: "a.caf", bundleSubpath: nil, fingerprint: [1],
                    options: CheckOptions(loudness: LoudnessGoal(parsing: "-16"))))
        #expect(
            base
                != cache.key(
                    path: "a.caf", bundleSubpath: nil, fingerprint: [1], options: CheckOptions(measureLoudness: false)))
        let other = ResultCache(directory: "/nonexistent", identity: "soundkit 2")
        #expect(base != other.key(path: "a.caf", bundleSubpath: nil, fingerprint: [1], options: o))
        // The set's spread is applied after the cache, so it does not split it.
        #expect(
            base
                == cache.key(
                    path: "a.caf", bundleSubpath: nil, fingerprint: [1], options: CheckOptions(loudnessSpread: 1)))
    }
}
