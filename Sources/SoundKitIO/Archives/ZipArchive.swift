import CZlib
import SoundKitContainers

/// Why a zip archive, or one of its entries, was not read: the archive's name, the entry's when the problem is one
/// entry's, and what is wrong in a sentence.
package struct ZipError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The archive, as it was named.
    package var archive: String
    /// The entry's name, when the problem is one entry's.
    package var entry: String?
    package var message: String

    package init(archive: String, entry: String? = nil, message: String) {
        self.archive = archive
        self.entry = entry
        self.message = message
    }

    package var description: String {
        entry.map { "\(archive): entry \"\($0)\" \(message)" } ?? "\(archive): \(message)"
    }
}

/// How much a zip archive may make soundkit read. Every entry's inflated size, its ratio to the bytes it was inflated
/// from, and the bytes inflated from one archive in all are counted as inflation runs, so a header that lies about a
/// size cannot carry the reader past them.
package struct ZipLimits: Sendable, Hashable {
    /// The most one entry may inflate to.
    package var entryBytes: Int64 = 256 << 20
    /// The most an entry may inflate to per byte it is inflated from, once it is past ``ratioFloor``.
    package var ratio: Int64 = 200
    /// Below this many inflated bytes the ratio is not judged: a small text file of repeated lines may be dense.
    package var ratioFloor: Int64 = 1 << 20
    /// The most all reads from one archive may inflate to together.
    package var totalBytes: Int64 = 1 << 30
    /// The most entries a central directory may list.
    package var entries = 200_000
    /// The largest central directory read.
    package var centralDirectoryBytes = 64 << 20

    package init() {}
}

/// One file (or folder) a zip archive's central directory lists.
package struct ZipEntry: Sendable, Hashable {
    /// The name as stored (`Payload/Demo.app/Info.plist`); never a path on disk.
    package var name: String
    /// 0 stored, 8 deflated; others are listed but not read.
    package var method: UInt16
    package var flags: UInt16
    package var crc32: UInt32
    package var compressedSize: UInt64
    /// The size the central directory declares; inflation stops at it.
    package var size: UInt64
    package var localHeaderOffset: UInt64

    /// A folder entry (its name ends with `/`).
    package var isDirectory: Bool { name.hasSuffix("/") }
}

/// A zip archive read in place (`.ipa`, `.apk`, `.aab`), from its central directory, with zip64 and data
/// descriptors; stored and deflated entries are read into memory one at a time, inflated by zlib's raw inflate in
/// chunks under ``ZipLimits``. Nothing is written to disk, so an entry's name (`../x`, `/etc/x`) is only a name.
/// Every field is bounds-checked against the file: hostile bytes give a ``ZipError``, never a trap.
package final class ZipArchive {
    /// The archive, as messages name it.
    package let name: String
    /// The entries in central-directory order; each name appears once.
    package let entries: [ZipEntry]
    package let limits: ZipLimits
    private let file: InputFile
    private let index: [String: Int]
    /// Bytes inflated (or copied) so far, for ``ZipLimits/totalBytes``.
    private var inflatedTotal: Int64 = 0

    /// Reads the central directory of `file`, named `name` in messages (its path by default).
    package init(_ file: InputFile, name: String? = nil, limits: ZipLimits = ZipLimits()) throws(ZipError) {
        self.file = file
        self.name = name ?? file.path
        self.limits = limits
        let directory = try ZipDirectory.read(file, name: self.name, limits: limits)
        var index: [String: Int] = [:]
        for (i, e) in directory.enumerated() {
            if let first = index[e.name] {
                throw ZipError(
                    archive: self.name, entry: e.name,
                    message:
                        "is listed twice (entries \(first + 1) and \(i + 1)); which one an installer would use is not defined"
                )
            }
            index[e.name] = i
        }
        self.entries = directory
        self.index = index
    }

    /// Opens the archive at `path`.
    package convenience init(path: String, limits: ZipLimits = ZipLimits()) throws(ZipError) {
        let file: InputFile
        do { file = try InputFile(path: path) } catch {
            throw ZipError(archive: path, message: error.message)
        }
        try self.init(file, limits: limits)
    }

    /// The entry named exactly `name`.
    package func entry(named name: String) -> ZipEntry? { index[name].map { entries[$0] } }

    /// An entry's bytes, whole and checked against its CRC-32; throws when it exceeds `limit` (the limits' entry
    /// size when nil) or any bound of ``limits``.
    package func read(_ entry: ZipEntry, limit: Int64? = nil) throws(ZipError) -> [UInt8] {
        let cap = Swift.max(0, Swift.min(limit ?? limits.entryBytes, limits.entryBytes))
        guard entry.size <= UInt64(cap) else {
            throw failure(entry, "declares \(entry.size) bytes, over the \(cap) bytes an entry may inflate to")
        }
        // One byte more than declared is asked for, so that a header understating the size is caught.
        let bytes = try inflate(entry, upTo: Int64(entry.size) + 1, cap: cap, whole: true)
        guard UInt64(bytes.count) == entry.size else {
            let what = UInt64(bytes.count) > entry.size ? "past" : "to \(bytes.count) bytes, not"
            throw failure(entry, "inflates \(what) the \(entry.size) bytes its header declares")
        }
        let crc = CRC32.checksum(bytes, try zlib(entry))
        guard crc == entry.crc32 else { throw failure(entry, "fails its CRC-32 check: the archive is damaged") }
        return bytes
    }

    /// At most the first `count` bytes of an entry (what a sniffer needs), without inflating the rest.
    package func head(_ entry: ZipEntry, count: Int) throws(ZipError) -> [UInt8] {
        let want = Swift.min(Int64(Swift.max(count, 0)), limits.entryBytes)
        return try inflate(entry, upTo: want, cap: limits.entryBytes, whole: false)
    }

    private func failure(_ entry: ZipEntry, _ message: String) -> ZipError {
        ZipError(archive: name, entry: entry.name, message: message)
    }

    /// zlib, opened at first use; its absence is this entry's error, saying what to install.
    private func zlib(_ entry: ZipEntry) throws(ZipError) -> ZlibLibrary {
        switch ZlibLibrary.shared {
        case .success(let lib): return lib
        case .failure(let missing): throw failure(entry, "could not be read: zlib is missing (\(missing.message))")
        }
    }

    /// Where the entry's data starts, after its local header, and checked to lie inside the file.
    private func dataRange(_ entry: ZipEntry) throws(ZipError) -> (start: Int64, count: Int64) {
        var c = ByteReader(try readBytes(at: entry.localHeaderOffset, count: 30, for: entry), order: .little)
        let fields: (signature: UInt32, nameLength: UInt16, extraLength: UInt16)
        do {
            let signature = try c.u32()
            try c.skip(22)
            fields = (signature, try c.u16(), try c.u16())
        } catch { throw failure(entry, "has a local header cut short") }
        guard fields.signature == 0x0403_4b50 else {
            throw failure(entry, "has no local header where the directory says")
        }
        let nameLength = UInt64(fields.nameLength)
        let extraLength = UInt64(fields.extraLength)
        let start = entry.localHeaderOffset + 30 + nameLength + extraLength  // each term < 2^48
        let (end, overflow) = start.addingReportingOverflow(entry.compressedSize)
        guard !overflow, end <= UInt64(file.size) else {
            throw failure(entry, "claims \(entry.compressedSize) compressed bytes, past the end of the archive")
        }
        return (Int64(start), Int64(entry.compressedSize))
    }

    private func readBytes(at offset: UInt64, count: Int, for entry: ZipEntry) throws(ZipError) -> [UInt8] {
        guard offset <= UInt64(Int64.max),
            let bytes = try? file.read(at: Int64(offset), count: count), bytes.count == count
        else { throw failure(entry, "lies past the end of the archive") }
        return bytes
    }

    /// Inflates (or copies) the entry until `want` bytes, counting against `cap`, the ratio and the total.
    private func inflate(_ entry: ZipEntry, upTo want: Int64, cap: Int64, whole: Bool) throws(ZipError) -> [UInt8] {
        guard entry.flags & 1 == 0 else { throw failure(entry, "is encrypted") }
        guard entry.method == 0 || entry.method == 8 else {
            throw failure(entry, "uses compression method \(entry.method); only stored and deflated entries are read")
        }
        let range = try dataRange(entry)
        var counter = InflateCounter(
            limits: limits, cap: cap, totalBefore: inflatedTotal, failure: { self.failure(entry, $0) })
        defer { inflatedTotal = counter.totalBefore + counter.produced }
        if entry.method == 0 {
            guard entry.compressedSize == entry.size || !whole else {
                throw failure(entry, "is stored with \(entry.compressedSize) bytes but declares \(entry.size)")
            }
            let n = Swift.min(want, range.count)
            try counter.add(produced: n, consumed: n)
            guard n > 0 else { return [] }
            return try readBytes(at: UInt64(range.start), count: Int(n), for: entry)
        }
        return try ZipInflater.run(
            file, range: range, want: want, zlib: try zlib(entry), counter: &counter,
            failure: { self.failure(entry, $0) })
    }
}

/// The counters inflation runs under: bytes produced against the entry's cap, the ratio and the archive's total.
struct InflateCounter {
    let limits: ZipLimits
    let cap: Int64
    let totalBefore: Int64
    let failure: (String) -> ZipError
    var produced: Int64 = 0

    mutating func add(produced more: Int64, consumed: Int64) throws(ZipError) {
        produced += more  // both bounded by cap ≤ entryBytes, far from overflow
        if produced > cap { throw failure("inflates past \(cap) bytes, the most an entry may inflate to") }
        if produced > limits.ratioFloor, produced / Swift.max(consumed, 1) > limits.ratio {
            throw failure(
                "inflates \(produced) bytes from \(consumed), a ratio over \(limits.ratio) to 1 (a zip bomb?); not read"
            )
        }
        if totalBefore + produced > limits.totalBytes {
            throw failure("takes the bytes inflated from the archive past \(limits.totalBytes); not read")
        }
    }
}

/// zlib's raw inflate over a range of a file, in chunks.
enum ZipInflater {
    static let chunk = 64 << 10

    static func run(
        _ file: InputFile, range: (start: Int64, count: Int64), want: Int64, zlib: ZlibLibrary,
        counter: inout InflateCounter, failure: (String) -> ZipError
    ) throws(ZipError) -> [UInt8] {
        var stream = z_stream()
        guard zlib.inflateInit2(&stream, -15, zlib.version(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw failure("could not be inflated (zlib would not start)")
        }
        defer { _ = zlib.inflateEnd(&stream) }
        var state = Inflation(want: want, zlib: zlib, counter: counter)
        defer { counter = state.counter }
        // A sniffer's few bytes need only the start of the data.
        let step = want < 1024 ? 4096 : chunk
        var input = [UInt8](repeating: 0, count: step)
        var offset: Int64 = 0
        var ended = false
        while !ended && Int64(state.out.count) < want {
            var available = 0
            if offset < range.count {
                let n = Int(Swift.min(Int64(step), range.count - offset))
                available =
                    (try? input.withUnsafeMutableBytes { b in
                        try file.read(at: range.start + offset, into: UnsafeMutableRawBufferPointer(rebasing: b[0..<n]))
                    }) ?? 0
                guard available == n else { throw failure("is cut short: the archive ends inside it") }
                offset += Int64(n)
            }
            switch try state.step(&stream, input: &input, count: available) {
            case .ended: ended = true
            case .needInput where offset >= range.count:
                throw failure("is cut short: its deflate stream ends before its last block")
            case .needInput, .full: break
            }
        }
        return state.out
    }

    /// One entry's inflation: what came out so far, and the counters it runs under.
    struct Inflation {
        let want: Int64
        let zlib: ZlibLibrary
        var counter: InflateCounter
        var out: [UInt8] = []
        var output = [UInt8](repeating: 0, count: ZipInflater.chunk)
        var consumed: Int64 = 0

        enum Status { case ended, needInput, full }

        /// Feeds `count` bytes of `input` and collects output until zlib needs more input, the stream ends or `want`
        /// bytes are out.
        mutating func step(
            _ stream: inout z_stream, input: inout [UInt8], count: Int
        ) throws(ZipError) -> Status {
            try input.withUnsafeMutableBufferPointer { (inBuf) throws(ZipError) -> Status in
                stream.next_in = inBuf.baseAddress
                stream.avail_in = uInt(count)
                while true {
                    let room = Int(Swift.min(Int64(output.count), want - Int64(out.count)))
                    guard room > 0 else { return .full }
                    let before = stream.avail_in
                    let (result, made) = output.withUnsafeMutableBufferPointer { outBuf -> (Int32, Int) in
                        stream.next_out = outBuf.baseAddress
                        stream.avail_out = uInt(room)
                        let r = zlib.inflate(&stream, Z_NO_FLUSH)
                        return (r, room - Int(stream.avail_out))
                    }
                    consumed += Int64(before - stream.avail_in)
                    out.append(contentsOf: output[0..<made])
                    try counter.add(produced: Int64(made), consumed: consumed)
                    switch result {
                    case Z_STREAM_END: return .ended
                    case Z_OK: if stream.avail_in == 0 && made < room { return .needInput }
                    case Z_BUF_ERROR: return .needInput
                    default:
                        let why = stream.msg.map { String(cString: $0) } ?? "error \(result)"
                        throw counter.failure("is not a valid deflate stream (\(why))")
                    }
                }
            }
        }
    }
}

/// The central directory: found from the end record (zip64's when the classic fields are saturated), bounded, and
/// parsed entry by entry.
enum ZipDirectory {
    static func read(_ file: InputFile, name: String, limits: ZipLimits) throws(ZipError) -> [ZipEntry] {
        func fail(_ message: String) -> ZipError { ZipError(archive: name, message: message) }
        func bytes(_ offset: Int64, _ count: Int) throws(ZipError) -> [UInt8] {
            guard let b = try? file.read(at: offset, count: count), b.count == count else {
                throw fail("is cut short: it ends inside its central directory")
            }
            return b
        }
        let size = file.size
        guard size >= 22 else { throw fail("is not a zip archive (too short for an end-of-central-directory record)") }
        let tailCount = Int(Swift.min(size, 22 + 0xFFFF))
        let tail = try bytes(size - Int64(tailCount), tailCount)
        // The last end record whose comment runs exactly to the end of the file.
        var endAt: Int?
        var i = tailCount - 22
        while i >= 0 {
            if tail[i] == 0x50, tail[i + 1] == 0x4b, tail[i + 2] == 5, tail[i + 3] == 6,
                i + 22 + (Int(tail[i + 20]) | Int(tail[i + 21]) << 8) == tailCount
            {
                endAt = i
                break
            }
            i -= 1
        }
        guard let e = endAt else { throw fail("is not a zip archive (no end-of-central-directory record)") }
        guard let end = try? EndRecord(Array(tail[e..<(e + 22)])) else { throw fail("has an end record cut short") }
        let (disk, cdDisk) = (end.disk, end.directoryDisk)
        var (count, cdSize, cdOffset) = (end.count, end.directorySize, end.directoryOffset)
        let endOffset = UInt64(size) - UInt64(tailCount - e)
        var directoryEnd = endOffset
        guard disk == 0, cdDisk == 0 else { throw fail("spans several disks; only single-file archives are read") }
        if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF, endOffset >= 20 {
            var l = ByteReader(try bytes(Int64(endOffset - 20), 20), order: .little)
            if (try? l.u32()) == 0x0706_4b50 {
                guard (try? l.skip(4)) != nil, let at = try? l.u64(), at <= endOffset - 20, endOffset - 20 - at >= 56
                else { throw fail("has a zip64 end record outside the archive") }
                guard let zip64 = try? EndRecord(zip64: try bytes(Int64(at), 56)) else {
                    throw fail("has no zip64 end record where its locator points")
                }
                (count, cdSize, cdOffset) = (zip64.count, zip64.directorySize, zip64.directoryOffset)
                directoryEnd = at
            }
        }
        guard count <= UInt64(limits.entries) else {
            throw fail("lists \(count) entries, more than the \(limits.entries) read")
        }
        guard cdSize <= UInt64(limits.centralDirectoryBytes) else {
            throw fail("has a central directory of \(cdSize) bytes, more than the \(limits.centralDirectoryBytes) read")
        }
        guard cdOffset <= directoryEnd, directoryEnd - cdOffset >= cdSize, count * 46 <= cdSize else {
            throw fail("has a central directory that does not fit where its end record says")
        }
        let directory = try bytes(Int64(cdOffset), Int(cdSize))
        return try entries(directory, count: Int(count), archiveName: name, dataEnd: cdOffset)
    }

    static func entries(_ b: [UInt8], count: Int, archiveName: String, dataEnd: UInt64) throws(ZipError) -> [ZipEntry] {
        var c = ByteReader(b, order: .little)
        var out: [ZipEntry] = []
        out.reserveCapacity(count)
        for n in 0..<count {
            func fail(_ m: String) -> ZipError { ZipError(archive: archiveName, message: "entry \(n + 1) \(m)") }
            guard c.remaining >= 46 else { throw fail("is not a central-directory header") }
            let parsed: ZipEntry?
            do { parsed = try header(&c) } catch { throw fail("runs past the directory") }
            guard let entry = parsed else { throw fail("is not a central-directory header") }
            guard entry.localHeaderOffset < dataEnd, entry.compressedSize <= dataEnd - entry.localHeaderOffset else {
                throw fail("(\(entry.name)) has data outside the archive's entries")
            }
            out.append(entry)
        }
        return out
    }

    /// One central-directory header, read from `c` (a short read throws); nil when the signature is not a header's.
    static func header(_ c: inout ByteReader) throws(ContainerError) -> ZipEntry? {
        guard try c.u32() == 0x0201_4b50 else { return nil }
        try c.skip(4)
        let flags = try c.u16()
        let method = try c.u16()
        try c.skip(4)
        let crc = try c.u32()
        var compressed = UInt64(try c.u32())
        var size = UInt64(try c.u32())
        let nameLength = Int(try c.u16())
        let extraLength = Int(try c.u16())
        let commentLength = Int(try c.u16())
        try c.skip(8)
        var offset = UInt64(try c.u32())
        let name = String(decoding: try c.bytes(nameLength), as: UTF8.self)
        var extra = ByteReader(Array(try c.bytes(extraLength)), order: .little)
        try c.skip(commentLength)
        // Zip64: the saturated fields, in this order, from the 0x0001 extra field.
        while extra.remaining >= 4 {
            let id = try extra.u16()
            let length = Int(try extra.u16())
            guard extra.remaining >= length else { break }
            var field = ByteReader(Array(try extra.bytes(length)), order: .little)
            guard id == 1 else { continue }
            if size == 0xFFFF_FFFF, field.remaining >= 8 { size = try field.u64() }
            if compressed == 0xFFFF_FFFF, field.remaining >= 8 { compressed = try field.u64() }
            if offset == 0xFFFF_FFFF, field.remaining >= 8 { offset = try field.u64() }
        }
        return ZipEntry(
            name: name, method: method, flags: flags, crc32: crc, compressedSize: compressed, size: size,
            localHeaderOffset: offset)
    }
}

/// The fields of an end-of-central-directory record, or of its zip64 form, that the directory is found by.
struct EndRecord {
    var disk: UInt16 = 0
    var directoryDisk: UInt16 = 0
    var count: UInt64
    var directorySize: UInt64
    var directoryOffset: UInt64

    /// The classic 22-byte record (its signature already matched).
    init(_ bytes: [UInt8]) throws(ContainerError) {
        var c = ByteReader(bytes, order: .little)
        try c.skip(4)
        disk = try c.u16()
        directoryDisk = try c.u16()
        try c.skip(2)
        count = UInt64(try c.u16())
        directorySize = UInt64(try c.u32())
        directoryOffset = UInt64(try c.u32())
    }

    /// The 56-byte zip64 record; nil when its signature is not that record's.
    init?(zip64 bytes: [UInt8]) throws(ContainerError) {
        var z = ByteReader(bytes, order: .little)
        guard try z.u32() == 0x0606_4b50 else { return nil }
        try z.skip(20)
        count = try z.u64()
        try z.skip(8)
        directorySize = try z.u64()
        directoryOffset = try z.u64()
    }
}
