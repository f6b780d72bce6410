import SoundKitIO

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one result cache of `check` and `payload`: each sound's findings (before a team's `.soundkit.yml` severities
/// and baseline, which are applied on every run) and its integrated loudness (for the set's `loudness-spread`), kept
/// in memory for the process and, with a ``directory``, on disk between runs as SwiftLint keeps its, one file per
/// entry. So a sound many payloads name is checked once, and a service's memory stays bounded (``capacity``).
///
/// An entry is found by its key: the file's bytes (a ``ContentHash`` of all of them, not its size or modification
/// time), the path and bundle subpath as given (findings name the file), the options that change a sound's findings,
/// the rule set and soundkit's build (`identity`). The entry holds the whole key and is used only when it matches.
/// Entries are hostile input (the folder is shared, and disks fail): each is bounded, versioned and checksummed, and
/// one that is damaged, truncated, foreign or of another version is not used and is replaced. Entries are written
/// under a temporary name and renamed into place, so processes sharing the folder each read whole entries. When the
/// folder holds more than ``limit`` bytes, the entries used least recently go first (a hit stamps its entry).
package final class ResultCache: Sendable {
    /// The cache's folder; nil keeps entries in this process's memory only (`--no-cache` writes nothing).
    package let directory: String?
    /// soundkit's version and build: entries of another build are never used.
    package let identity: String
    /// The bytes the folder's entries may take.
    package let limit: Int64

    /// The format of entries; a new one when their layout or the key changes.
    static let format: UInt32 = 1
    static let magic: [UInt8] = Array("SKRC".utf8)
    static let headerSize = 28
    /// No entry is larger: a file past this is not read.
    static let maxEntryBytes = 1 << 20
    static let suffix = ".entry"

    /// At most this many entries are kept in memory; past it the memory starts again, so a long-lived service's is
    /// bounded.
    static let capacity = 1024

    /// The entries this process has read or written, by key, and how many sounds were checked rather than found.
    let memory = LockedValueBox(Memory())

    package init(directory: String?, identity: String, limit: Int64 = 64 << 20) {
        self.directory = directory
        self.identity = identity
        self.limit = limit
    }

    /// The cache a process keeps in memory when it is given none (the library's ``PayloadLinter``, a service).
    package static let process = ResultCache(directory: nil, identity: "soundkit in process")

    /// How many sounds were checked through this cache rather than found in it.
    package var checks: Int { memory.withLockedValue { $0.checks } }

    /// What a cache holds for one sound.
    package struct Entry: Codable, Hashable, Sendable {
        /// The whole key, compared on every read.
        package var key: String
        /// The sound's findings, as the checker made them.
        package var report: FileReport
        /// Its integrated loudness (LUFS), for the set's rules.
        package var integrated: Double?

        package init(key: String, report: FileReport, integrated: Double?) {
            self.key = key
            self.report = report
            self.integrated = integrated
        }
    }

    /// The 16-byte fingerprint of the file at `path`, read in blocks; nil when it cannot be read whole.
    package static func fingerprint(_ path: String) -> [UInt8]? {
        guard let file = try? InputFile(path: path) else { return nil }
        var hash = ContentHash()
        let block = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: block, alignment: 16)
        defer { buffer.deallocate() }
        var offset: Int64 = 0
        while offset < file.size {
            guard let n = try? file.read(at: offset, into: buffer), n > 0 else { return nil }
            hash.update(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
            offset += Int64(n)
        }
        return hash.finalize()
    }

    /// The key of a sound's entry: everything its cached findings depend on.
    /// The bundle's platform is part of it: messages name it.
    package func key(
        path: String, bundleSubpath: String?, platform: ApplePlatform? = nil, fingerprint: [UInt8],
        options: CheckOptions
    ) -> String {
        let goal = options.loudness.map { "\($0.target) \($0.tolerance)" } ?? "none"
        return [
            "soundkit result cache \(Self.format)", identity,
            "rules " + Rule.allCases.map(\.rawValue).joined(separator: ","),
            "name-policy \(options.namePolicy)", "loudness \(goal)", "measure-loudness \(options.measureLoudness)",
            "path " + path, "subpath " + (bundleSubpath ?? "-"),
            "platform " + (platform?.rawValue ?? "-"), "bytes " + ContentHash.hex(fingerprint),
        ].joined(separator: "\n")
    }

    /// The file that holds the entry for `key`, when the cache has a folder.
    func entryPath(_ key: String) -> String? {
        directory.map { FileSystem.join($0, ContentHash.hex(ContentHash.digest(Array(key.utf8))) + Self.suffix) }
    }

    /// The entry for `key`, from memory or else from the folder (stamped as used); nil when there is none, or none
    /// whole, valid and for this key.
    package func lookup(_ key: String) -> Entry? {
        if let known = memory.withLockedValue({ $0.entries[key] }) {
            if let path = entryPath(key) { CacheFolder.touch(path) }
            return known
        }
        guard let path = entryPath(key), let bytes = CacheFolder.read(path, limit: Self.maxEntryBytes),
            let entry = Self.decode(bytes), entry.key == key
        else { return nil }
        CacheFolder.touch(path)
        remember(entry)
        return entry
    }

    /// Stores `entry` under its key, replacing whatever was there: in memory, and in the folder when it is
    /// `durable` (a sound read whole, whose bytes held still). A cache that cannot be written is no error: the next
    /// run checks the file again.
    package func store(_ entry: Entry, durable: Bool = true) {
        memory.withLockedValue { $0.checks += 1 }
        remember(entry)
        guard durable, let directory, let path = entryPath(entry.key), let bytes = Self.encode(entry) else { return }
        try? FileSystem.makeDirectories(directory)
        try? CacheFolder.write(bytes, to: path)
    }

    func remember(_ entry: Entry) {
        memory.withLockedValue {
            if $0.entries.count >= Self.capacity { $0.entries.removeAll() }
            $0.entries[entry.key] = entry
        }
    }

    /// Removes the least recently used entries until the folder holds at most ``limit`` bytes, and forgets those in
    /// memory (a run prunes when it is done).
    package func prune() {
        memory.withLockedValue { $0.entries.removeAll() }
        guard let directory else { return }
        CacheFolder.prune(directory, suffix: Self.suffix, limit: limit)
    }

    /// The entries in memory by key, and how many sounds were checked rather than found.
    struct Memory {
        var entries: [String: Entry] = [:]
        var checks = 0
    }

    /// An entry's bytes: `SKRC`, the format and the payload's length (32-bit little-endian), a ``ContentHash`` of
    /// those 12 bytes and the payload, then the payload (the entry as JSON). Nil when it would be too large.
    static func encode(_ entry: Entry) -> [UInt8]? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let json = try? encoder.encode(entry), json.count <= maxEntryBytes - headerSize else { return nil }
        return frame([UInt8](json))
    }

    /// `payload` with the header an entry starts with.
    package static func frame(_ payload: [UInt8]) -> [UInt8] {
        let head = magic + le32(format) + le32(UInt32(truncatingIfNeeded: payload.count))
        return head + checksum(head, payload) + payload
    }

    /// The entry `bytes` hold; nil unless they are whole, of this format, and their checksum holds.
    package static func decode(_ bytes: [UInt8]) -> Entry? {
        guard bytes.count >= headerSize, bytes.count <= maxEntryBytes, Array(bytes[0..<4]) == magic,
            readLE32(bytes, 4) == format, Int(readLE32(bytes, 8)) == bytes.count - headerSize
        else { return nil }
        let head = Array(bytes[0..<12])
        let payload = Array(bytes[headerSize...])
        guard Array(bytes[12..<headerSize]) == checksum(head, payload) else { return nil }
        return try? JSONDecoder().decode(Entry.self, from: Data(payload))
    }

    static func checksum(_ head: [UInt8], _ payload: [UInt8]) -> [UInt8] {
        var hash = ContentHash(seed: format)
        head.withUnsafeBytes { hash.update($0) }
        payload.withUnsafeBytes { hash.update($0) }
        return hash.finalize()
    }

    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }

    static func readLE32(_ b: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) }
    }
}
