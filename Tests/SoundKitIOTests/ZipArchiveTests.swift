import Foundation
@_spi(SoundKitServe) import SoundKitIO
import Testing

/// Runs a Python script (python3 is part of the build machine's toolchain) with `arguments`.
private func python(_ script: String, _ arguments: String...) throws {
    try Tool.must("python3", ["-c", script] + arguments)
}

/// Zips written by Python's zipfile and Info-ZIP, read back; and hostile archives refused with a clear error.
@Suite struct ZipArchiveTests {
    /// Stored and deflated entries, data descriptors (zipfile writing to a pipe), zip64 fields (Info-ZIP's -fz).
    @Test func readsWhatZipWritersWrite() throws {
        let dir = try temporaryDirectory()
        let plain = dir.appendingPathComponent("plain.zip").path
        try python(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr(zipfile.ZipInfo('stored.txt'), b'hello stored')
                z.writestr('dir/deflated.txt', b'abc' * 5000, compress_type=zipfile.ZIP_DEFLATED)
                z.writestr('empty.txt', b'', compress_type=zipfile.ZIP_DEFLATED)
                z.writestr(zipfile.ZipInfo('dir/sub/'), b'')
            """, plain)
        let a = try ZipArchive(path: plain)
        #expect(a.entries.map(\.name) == ["stored.txt", "dir/deflated.txt", "empty.txt", "dir/sub/"])
        let deflated = try #require(a.entry(named: "dir/deflated.txt"))
        #expect(deflated.method == 8)
        #expect(try a.read(deflated) == Array(String(repeating: "abc", count: 5000).utf8))
        #expect(try a.read(#require(a.entry(named: "stored.txt"))) == Array("hello stored".utf8))
        #expect(try a.read(#require(a.entry(named: "empty.txt"))) == [])
        #expect(try a.head(deflated, count: 4) == Array("abca".utf8))

        // Written to a pipe, zipfile cannot seek back: sizes follow the data in descriptors (flag bit 3).
        let streamed = dir.appendingPathComponent("streamed.zip").path
        try Tool.must(
            "sh",
            "-c",
            """
            python3 -c "import sys, zipfile
            z = zipfile.ZipFile(sys.stdout.buffer, 'w', zipfile.ZIP_DEFLATED)
            with z.open('a.bin', 'w', force_zip64=True) as f: f.write(bytes(range(256)) * 300)
            z.close()" | cat > '\(streamed)'
            """)
        let s = try ZipArchive(path: streamed)
        let e = try #require(s.entry(named: "a.bin"))
        #expect(e.flags & 8 != 0)
        #expect(try s.read(e) == Array((0..<300).flatMap { _ in (0...255).map(UInt8.init) }))

        // Info-ZIP's -fz: a zip64 end record and locator, and zip64 sizes in the central directory.
        let text = dir.appendingPathComponent("a.txt")
        try Data("zip64 entry\n".utf8).write(to: text)
        try Tool.must("sh", "-c", "cd '\(dir.path)' && zip -q -fz z64.zip a.txt")
        let z = try ZipArchive(path: dir.appendingPathComponent("z64.zip").path)
        #expect(try z.read(#require(z.entry(named: "a.txt"))) == Array("zip64 entry\n".utf8))
    }

    /// A raw deflate stream of `gigabytes`×2^30 zeros, made by repeating one fully flushed block, in a zip whose
    /// header declares `declared` bytes: about 2 MB on disk for 2 GB inflated.
    private func bomb(_ path: String, declared: String) throws {
        try python(
            """
            import sys, zlib, struct
            c = zlib.compressobj(9, zlib.DEFLATED, -15)
            block = c.compress(bytes(4 << 20)) + c.flush(zlib.Z_FULL_FLUSH)
            data = block * 512 + zlib.compressobj(9, zlib.DEFLATED, -15).flush()
            size = int(sys.argv[2]) if sys.argv[2] != 'true' else 2 << 30
            name = b'Payload/Demo.app/bomb.caf'
            local = struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, 0, 8, 0, 0, 0, len(data), size & 0xFFFFFFFF, len(name), 0)
            central = struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 20, 20, 0, 8, 0, 0, 0, len(data), size & 0xFFFFFFFF,
                                  len(name), 0, 0, 0, 0, 0, 0) + name
            offset = len(local) + len(name) + len(data)
            end = struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, 1, 1, len(central), offset, 0)
            open(sys.argv[1], 'wb').write(local + name + data + central + end)
            """, path, declared)
    }

    @Test func aZipBombEndsQuicklyInBoundedMemory() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("bomb.zip").path
        try bomb(path, declared: "true")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 < 3 << 20)
        let start = Date()
        // Declared as it is (2 GB): over the entry limit before a byte is inflated.
        let a = try ZipArchive(path: path)
        let e = try #require(a.entries.first)
        #expect(throws: ZipError.self) { try a.read(e) }
        do {
            _ = try a.read(e)
        } catch {
            #expect(error.description.contains(path) && error.description.contains("Payload/Demo.app/bomb.caf"))
            #expect(error.description.contains("declares 2147483648 bytes"))
        }
        // With room for 4 GB per entry, the ratio stops it once a megabyte is out.
        var roomy = ZipLimits()
        roomy.entryBytes = 4 << 30
        roomy.totalBytes = 8 << 30
        let r = try ZipArchive(path: path, limits: roomy)
        #expect {
            try r.read(#require(r.entries.first))
        } throws: { error in
            "\(error)".contains("a ratio over 200 to 1")
        }
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func aHeaderThatUnderstatesItsSizeIsCaught() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("liar.zip").path
        try bomb(path, declared: "1000")
        let a = try ZipArchive(path: path)
        #expect {
            try a.read(#require(a.entries.first))
        } throws: { error in
            "\(error)".contains("inflates past the 1000 bytes its header declares")
        }
        // And the archive's total bounds many reads of entries that each stay under the ratio.
        var small = ZipLimits()
        small.totalBytes = 2500
        let t = try ZipArchive(path: path, limits: small)
        let e = try #require(t.entries.first)
        _ = try? t.read(e)
        _ = try? t.read(e)
        #expect {
            try t.read(e)
        } throws: { error in
            "\(error)".contains("past 2500")
        }
    }

    @Test func hostileArchivesAreRefusedWithTheirName() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("hostile.zip").path
        try python(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('Payload/Demo.app/Info.plist', b'<plist/>' * 40, compress_type=zipfile.ZIP_DEFLATED)
                z.writestr('../../evil.caf', b'x')
                z.writestr('Payload/Demo.app/../../x.caf', b'y')
            """, path)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        func archive(_ bytes: [UInt8]) throws(ZipError) -> ZipArchive {
            try ZipArchive(InputFile(name: "hostile.zip", bytes: bytes))
        }
        // Names that climb out are names: never paths, and not in the app's tree.
        let a = try archive(Array(good))
        #expect(a.entries.count == 3)
        let tree = ZipTree(a, prefix: "Payload/Demo.app/", root: "hostile.zip/Payload/Demo.app")
        #expect(tree.contents(of: "") == ["Info.plist"])
        #expect(tree.files { _, _ in true }.map(\.relative) == ["Info.plist"])
        #expect(ZipTree.appBundles(in: a) == ["Payload/Demo.app"])

        #expect(throws: ZipError.self) { try archive([]) }
        #expect(throws: ZipError.self) { try archive(Array("not a zip at all, just text".utf8)) }
        #expect(throws: ZipError.self) { try archive(Array(good.prefix(good.count - 30))) }

        // A directory entry whose name runs past the directory is the archive's error: the shared ByteReader throws
        // on the short read (the zip reader's own returned zeros and relied on each caller checking first).
        var long = Array(good)
        let signature: [UInt8] = [0x50, 0x4b, 1, 2]
        var found: Int?
        for at in 0..<(long.count - 4) where Array(long[at..<(at + 4)]) == signature { found = at }
        let header = try #require(found, "the last central-directory header")
        (long[header + 28], long[header + 29]) = (0xFF, 0xFF)
        #expect {
            try archive(long)
        } throws: { error in
            "\(error)".contains("entry 3 runs past the directory")
        }

        // A damaged byte inside the deflated data: CRC or deflate error, never a trap.
        var damaged = Array(good)
        damaged[60] ^= 0xFF
        if let d = try? archive(damaged), let e = d.entries.first {
            #expect(throws: ZipError.self) { try d.read(e) }
        }
        // A name listed twice is refused: which copy an installer takes is not defined.
        let twice = dir.appendingPathComponent("twice.zip").path
        try python(
            """
            import sys, zipfile, warnings
            warnings.simplefilter('ignore')
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('a.caf', b'1')
                z.writestr('a.caf', b'2')
            """, twice)
        #expect {
            try ZipArchive(path: twice)
        } throws: { error in
            "\(error)".contains("\"a.caf\" is listed twice")
        }
    }

    /// Random damage to a small archive: every outcome is a value or a ZipError.
    @Test func mutatedArchivesNeverTrap() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("m.zip").path
        try python(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('a.txt', b'hello ' * 200, compress_type=zipfile.ZIP_DEFLATED)
                z.writestr('b/c.bin', bytes(range(256)))
            """, path)
        let good = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var rng = SplitMix64(seed: 26)
        for _ in 0..<3000 {
            var b = good
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let i = Int(rng.next() % UInt64(b.count))
                b[i] = UInt8(truncatingIfNeeded: rng.next())
            }
            if rng.next() % 8 == 0 { b.removeLast(Int(rng.next() % UInt64(b.count))) }
            guard let a = try? ZipArchive(InputFile(name: "m.zip", bytes: b)) else { continue }
            for e in a.entries {
                _ = try? a.read(e)
                _ = try? a.head(e, count: 16)
            }
        }
    }
}

/// The package's one zip writer, with zlib's CRC-32: what it writes, Python's zipfile and soundkit's reader accept.
@Suite struct StoredZipTests {
    @Test("a stored zip holds each entry with its CRC-32, and zipfile and ZipArchive read it back")
    func roundTrip() throws {
        let nine = Array("123456789".utf8)
        let sound = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let bytes = try #require(
            StoredZip.make([(name: "ios/nine.txt", bytes: nine), ("android/res/raw/s.caf", sound)]))
        let a = try ZipArchive(InputFile(name: "made.zip", bytes: bytes))
        let first = try #require(a.entry(named: "ios/nine.txt"))
        // The CRC-32 check value of "123456789" (ISO-HDLC, as zip stores it).
        #expect(first.crc32 == 0xCBF4_3926)
        #expect(try a.read(first) == nine)
        #expect(try a.read(#require(a.entry(named: "android/res/raw/s.caf"))) == sound)
        let path = try temporaryDirectory().appendingPathComponent("made.zip").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try python(
            """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            assert z.namelist() == ['ios/nine.txt', 'android/res/raw/s.caf'], z.namelist()
            assert z.read('ios/nine.txt') == b'123456789'
            """, path)
    }
}
