/// Where an output's bytes go while it is encoded: a temporary file beside its destination (``AtomicOutputFile``),
/// or memory (``MemoryOutput``), for a service that returns the file rather than storing it.
package protocol OutputBytes: AnyObject {
    /// Appends `bytes`.
    func write(_ bytes: [UInt8]) throws(AudioFileError)
    /// Overwrites bytes already written (the final header).
    func write(_ bytes: [UInt8], at offset: Int64) throws(AudioFileError)
    /// Hands on the finished output; with `flush`, a file's data is on disk first.
    func handOff(flush: Bool) throws(AudioFileError) -> WrittenOutput
    /// Drops what was written, unless it was handed on.
    func discard()
}

/// A finished output: a file under its temporary name waiting to be put in place, or the bytes of one.
package enum WrittenOutput: Sendable {
    case file(PendingFile)
    case bytes([UInt8])

    /// The file, when it is one.
    package var file: PendingFile? {
        if case .file(let f) = self { return f }
        return nil
    }

    /// The bytes, when the output was made in memory.
    package var bytes: [UInt8]? {
        if case .bytes(let b) = self { return b }
        return nil
    }

    /// The output to read back, to measure it: the temporary file, or the bytes, named `name`.
    package func input(named name: String) throws(AudioFileError) -> InputFile {
        switch self {
        case .file(let f): return try InputFile(path: f.temporaryPath)
        case .bytes(let b): return InputFile(name: name, bytes: b)
        }
    }

    /// Removes a temporary file; throws when it cannot be removed.
    package func remove() throws(AudioFileError) { try file?.remove() }

    /// Removes a temporary file as far as it can.
    package func discard() { file?.discard() }
}

/// An output encoded in memory.
final class MemoryOutput: OutputBytes {
    private var bytes: [UInt8] = []
    private let name: String

    /// An output named `name` in messages.
    init(name: String) { self.name = name }

    func write(_ more: [UInt8]) throws(AudioFileError) { bytes += more }

    func write(_ more: [UInt8], at offset: Int64) throws(AudioFileError) {
        guard offset >= 0, let start = Int(exactly: offset), start <= bytes.count else {
            throw AudioFileError(name, .system(.write, .invalidArgument))
        }
        let end = start + more.count
        if end > bytes.count { bytes += repeatElement(0, count: end - bytes.count) }
        bytes.replaceSubrange(start..<end, with: more)
    }

    func handOff(flush: Bool) throws(AudioFileError) -> WrittenOutput {
        defer { bytes = [] }
        return .bytes(bytes)
    }

    func discard() { bytes = [] }
}
