import SoundKitIO

/// The findings of the sound files payloads resolve to, so that linting many payloads against the same locations
/// checks each file once: an entry holds while the file keeps its size and modification time.
package final class SoundCheckCache: @unchecked Sendable {
    // @unchecked: `entries` and `checks` are read and written only with `lock` held.

    /// The cache ``PayloadLinter`` and `soundkit payload` share: one per process.
    package static let shared = SoundCheckCache()

    /// A file as it is on disk (a copy that keeps the modification time is another inode), and how it was checked.
    struct Key: Hashable {
        var path: String
        var stamp: FileSystem.Stamp
        var measureLoudness: Bool
    }

    /// At most this many files are kept; past it the cache starts again, so a long-lived service's is bounded.
    static let capacity = 1024

    let lock = Lock()
    var entries: [Key: [Finding]] = [:]
    var checked = 0

    package init() {}

    /// How many files were checked rather than found here.
    package var checks: Int { locked { checked } }

    /// The findings of the sound file at `path`, checked now or earlier as it is now. Two threads asking for the
    /// same new file at once may both check it.
    package func findings(of path: String, measureLoudness: Bool) -> [Finding] {
        let key = Self.key(path, measureLoudness: measureLoudness)
        if let key, let known = locked({ entries[key] }) { return known }
        let findings = SoundChecker.check(file: path, options: CheckOptions(measureLoudness: measureLoudness)).findings
        locked {
            checked += 1
            guard let key else { return }
            if entries.count >= Self.capacity { entries.removeAll() }
            entries[key] = findings
        }
        return findings
    }

    func locked<T>(_ body: () -> T) -> T { lock.withLock(body) }

    /// The file's identity for the cache, or nil when it cannot be read (then it is checked every time).
    static func key(_ path: String, measureLoudness: Bool) -> Key? {
        FileSystem.stamp(path).map { Key(path: path, stamp: $0, measureLoudness: measureLoudness) }
    }
}
