/// Random access to a file's bytes. The containers module reads through it and never touches the file system.
package protocol ByteSource {
    var size: Int64 { get }
    /// Up to `count` bytes at `offset`; fewer only at the end of the source.
    func read(at offset: Int64, count: Int) throws -> [UInt8]
}

extension Array: ByteSource where Element == UInt8 {
    package var size: Int64 { Int64(count) }
    package func read(at offset: Int64, count n: Int) throws -> [UInt8] {
        guard offset >= 0, offset < Int64(count), n > 0 else { return [] }
        let start = Int(offset)
        return Array(self[start..<(start + Swift.min(count - start, n))])
    }
}

/// Reads a header from its source: CAF, AIFF, AIFF-C, WAVE, RIFX or RF64.
package enum ContainerParser {
    /// Parses and validates the header of `source`. Throws ``ContainerError`` for bytes that are not a sound
    /// soundkit's parsers read, or that no sound file could hold; errors of the source itself pass through.
    package static func parse(_ source: any ByteSource) throws -> AudioFileInfo {
        let prefix = try source.read(at: 0, count: 16)
        if prefix.isEmpty { throw ContainerError.empty }
        var kind = ContainerKind(sniffing: prefix)
        // A file cut off inside its first 12 bytes is still recognisably a RIFF or FORM file: say it is truncated.
        if kind == .unknown, prefix.count < 12, let magic = UTF8Text.decoded(prefix.prefix(4)) {
            kind = ["RIFF": .wav, "RIFX": .rifx, "RF64": .rf64, "FORM": .aiff][magic] ?? .unknown
        }
        switch kind {
        case .caf: return try CAF.parse(source)
        case .aiff, .aifc: return try AIFF.parse(source)
        case .wav, .rifx, .rf64: return try WAV.parse(source)
        default: throw ContainerError.notAudio(kind)
        }
    }
}
