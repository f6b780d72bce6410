import CZlib

/// CRC-32 (ISO-HDLC, zip's), from zlib opened at first use: the check a zip entry's inflated bytes must pass, and
/// the sum ``StoredZip`` stores. The package's one CRC-32.
package enum CRC32 {

    /// The CRC-32 of `bytes`, by `zlib` (``ZlibLibrary/shared`` once it opened).
    static func checksum(_ bytes: [UInt8], _ zlib: ZlibLibrary) -> UInt32 {
        var crc: UInt = 0
        var rest = bytes[...]
        // zlib's length is a 32-bit uInt: large inputs go in pieces.
        while !rest.isEmpty {
            let piece = rest.prefix(1 << 30)
            crc = piece.withUnsafeBufferPointer { b in
                UInt(zlib.crc32(uLong(crc), b.baseAddress, uInt(truncatingIfNeeded: b.count)))
            }
            rest = rest.dropFirst(piece.count)
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}
