/// Ogg's pages (RFC 3533), as far as soundkit rewrites those libsndfile writes for Vorbis.
package enum OggPages {
    /// One page: its header fields and the lacing values and bytes of the packets on it.
    struct Page {
        var flags: UInt8
        var granule: UInt64
        var serial: UInt32
        var sequence: UInt32
        var lacing: [UInt8]
        var body: [UInt8]
    }

    /// The Ogg file with the first audio packet of a Vorbis stream (its fourth packet, which decodes to no
    /// samples) on a page of its own, at granule position 0, when it shares a page with others. libsndfile puts all
    /// of a short sound's audio on one page, the last, whose granule position then gives only the end; FFmpeg
    /// takes the stream to start at that page's first packet and drops the sound's last samples (128 or more
    /// frames). With the first audio page ending at granule 0, every decoder places the start exactly. Bytes that
    /// are not such a stream come back as they are.
    package static func separatingFirstAudioPacket(_ bytes: [UInt8]) -> [UInt8] {
        guard var pages = parse(bytes) else { return bytes }
        var packets = 0
        for (index, page) in pages.enumerated() {
            let ends = page.lacing.filter { $0 < 255 }.count
            guard packets + ends > 3 else {
                packets += ends
                continue
            }
            // The first audio packet starts on this page: split it off when it starts the page and others follow.
            guard packets == 3, page.flags & 1 == 0, ends > 1,
                let last = page.lacing.firstIndex(where: { $0 < 255 })
            else { return bytes }
            let firstLength = page.lacing[...last].reduce(0) { $0 + Int($1) }
            let first = Page(
                flags: page.flags & 2, granule: 0, serial: page.serial, sequence: page.sequence,
                lacing: Array(page.lacing[...last]), body: Array(page.body[..<firstLength]))
            var rest = page
            rest.flags = page.flags & ~2
            rest.lacing = Array(page.lacing[(last + 1)...])
            rest.body = Array(page.body[firstLength...])
            pages.replaceSubrange(index...index, with: [first, rest])
            for i in (index + 1)..<pages.count { pages[i].sequence &+= 1 }
            return pages.flatMap(serialize)
        }
        return bytes
    }

    /// The pages of `bytes`, or nil unless they are whole Ogg pages end to end.
    static func parse(_ bytes: [UInt8]) -> [Page]? {
        var pages: [Page] = []
        var i = 0
        while i < bytes.count {
            guard bytes.count - i >= 27, bytes[i..<(i + 4)].elementsEqual("OggS".utf8), bytes[i + 4] == 0 else {
                return nil
            }
            let count = Int(bytes[i + 26])
            guard bytes.count - i - 27 >= count else { return nil }
            let lacing = Array(bytes[(i + 27)..<(i + 27 + count)])
            let length = lacing.reduce(0) { $0 + Int($1) }
            let start = i + 27 + count
            guard bytes.count - start >= length else { return nil }
            pages.append(
                Page(
                    flags: bytes[i + 5], granule: le(bytes, i + 6, 8), serial: UInt32(le(bytes, i + 14, 4)),
                    sequence: UInt32(le(bytes, i + 18, 4)), lacing: lacing, body: Array(bytes[start..<(start + length)])
                ))
            i = start + length
        }
        return pages
    }

    static func serialize(_ page: Page) -> [UInt8] {
        var out: [UInt8] = Array("OggS".utf8) + [0, page.flags]
        for k in 0..<8 { out.append(UInt8(truncatingIfNeeded: page.granule >> (8 * UInt64(k)))) }
        for value in [page.serial, page.sequence, 0] {
            for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(k)))) }
        }
        out.append(UInt8(truncatingIfNeeded: page.lacing.count))
        out += page.lacing + page.body
        let crc = checksum(out)
        for k in 0..<4 { out[22 + k] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(k))) }
        return out
    }

    /// Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, starting from 0, over the page with its CRC field zero.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0
        for b in bytes {
            crc ^= UInt32(b) << 24
            for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
        }
        return crc
    }

    private static func le(_ b: [UInt8], _ at: Int, _ n: Int) -> UInt64 {
        (0..<n).reduce(UInt64(0)) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) }
    }
}
