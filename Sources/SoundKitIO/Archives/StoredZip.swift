/// A zip of stored (uncompressed) entries, the package's one zip writer (the server's answer with every platform's
/// sound): audio files compress little, and storing keeps the writer small. ``ZipArchive`` reads what it writes.
@_spi(SoundKitServe) public enum StoredZip {
    /// The zip of `entries` in their order, each stored with its CRC-32 (``CRC32``, zlib's); nil when zlib is
    /// missing.
    @_spi(SoundKitServe) public static func make(_ entries: [(name: String, bytes: [UInt8])]) -> [UInt8]? {
        guard case .success(let zlib) = ZlibLibrary.shared else { return nil }
        var out: [UInt8] = []
        var central: [UInt8] = []
        for e in entries {
            let name = Array(e.name.utf8)
            let crc = CRC32.checksum(e.bytes, zlib)
            let size = UInt32(truncatingIfNeeded: e.bytes.count)
            let offset = UInt32(truncatingIfNeeded: out.count)
            out += le32(0x0403_4b50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
            out += le32(crc) + le32(size) + le32(size) + le16(UInt16(name.count)) + le16(0) + name + e.bytes
            central += le32(0x0201_4b50) + le16(0x0314) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
            central += le32(crc) + le32(size) + le32(size) + le16(UInt16(name.count)) + le16(0) + le16(0)
            central += le16(0) + le16(0) + le32(0o100644 << 16) + le32(offset) + name
        }
        let start = UInt32(truncatingIfNeeded: out.count)
        let count = UInt16(truncatingIfNeeded: entries.count)
        out += central
        out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(count) + le16(count)
        out += le32(UInt32(truncatingIfNeeded: central.count)) + le32(start) + le16(0)
        return out
    }

    private static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    private static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
}
