import SoundKitCodecs

/// Random access to a file's bytes. The containers module reads through it and never touches the file system.
public protocol ByteSource {
    var size: Int64 { get }
    /// Up to `count` bytes at `offset`; fewer only at the end of the source.
    func read(at offset: Int64, count: Int) throws -> [UInt8]
}

extension Array: ByteSource where Element == UInt8 {
    public var size: Int64 { Int64(count) }
    public func read(at offset: Int64, count n: Int) throws -> [UInt8] {
        guard offset >= 0, offset < Int64(count), n > 0 else { return [] }
        let start = Int(offset)
        return Array(self[start..<Swift.min(count, start + n)])
    }
}

/// What the first bytes of a file say it is.
public enum SniffedType: Hashable, Sendable {
    case caf, aiff, aifc, wav, rifx, rf64
    case flac, ogg, mp3, au, mpeg4, w64
    case jpeg, png, gif, avi, mpegVideo
    case webp, heif
    /// Markup a browser would take for HTML (a server's error page saved under a media file's name).
    case html
    /// Other printable UTF-8 text (JSON, XML, plain text).
    case text
    case unknown

    public var name: String {
        switch self {
        case .caf: return "CAF"
        case .aiff: return "AIFF"
        case .aifc: return "AIFF-C"
        case .wav: return "WAVE"
        case .rifx: return "RIFX (big-endian WAVE)"
        case .rf64: return "RF64"
        case .flac: return "FLAC"
        case .ogg: return "Ogg"
        case .mp3: return "MP3"
        case .au: return "Sun/NeXT AU"
        case .mpeg4: return "MPEG-4"
        case .w64: return "Wave64"
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        case .gif: return "GIF"
        case .avi: return "AVI"
        case .mpegVideo: return "MPEG video"
        case .webp: return "WebP"
        case .heif: return "HEIF (HEIC/AVIF)"
        case .html: return "HTML"
        case .text: return "text"
        case .unknown: return "unknown"
        }
    }

    /// Sniffs a container from its first bytes (16 are enough for binary formats; HTML and text are judged on as
    /// many bytes as are given).
    public init(prefix b: [UInt8]) {
        func at(_ o: Int, _ s: String) -> Bool {
            let u = Array(s.utf8)
            return b.count >= o + u.count && Array(b[o..<(o + u.count)]) == u
        }
        if at(0, "caff") { self = .caf }
        else if at(0, "FORM") && at(8, "AIFF") { self = .aiff }
        else if at(0, "FORM") && at(8, "AIFC") { self = .aifc }
        else if at(0, "RIFF") && at(8, "WAVE") { self = .wav }
        else if at(0, "RIFX") && at(8, "WAVE") { self = .rifx }
        else if (at(0, "RF64") || at(0, "BW64")) && at(8, "WAVE") { self = .rf64 }
        else if at(0, "RIFF") && at(8, "AVI ") { self = .avi }
        else if at(0, "RIFF") && at(8, "WEBP") { self = .webp }
        else if at(0, "riff") { self = .w64 }
        else if at(0, "fLaC") { self = .flac }
        else if at(0, "OggS") { self = .ogg }
        else if at(0, "ID3") || (b.count >= 2 && b[0] == 0xFF && b[1] & 0xE0 == 0xE0 && b[1] & 0x06 != 0) { self = .mp3 }
        else if at(0, ".snd") { self = .au }
        else if at(4, "ftyp") && Self.heifBrands.contains(where: { at(8, $0) }) { self = .heif }
        else if at(4, "ftyp") { self = .mpeg4 }
        else if b.count >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF { self = .jpeg }
        else if b.count >= 8 && b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { self = .png }
        else if at(0, "GIF87a") || at(0, "GIF89a") { self = .gif }
        else if b.count >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 1 && (b[3] == 0xBA || b[3] == 0xB3) { self = .mpegVideo }
        else if Self.isHTML(b) { self = .html }
        else if Self.isText(b) { self = .text }
        else { self = .unknown }
    }

    /// ISO base media brands of HEIF images (HEIC, AVIF), which share MPEG-4's `ftyp` box.
    static let heifBrands = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"]

    /// Starts (after a byte order mark and white space) with a tag from the WHATWG MIME sniffing table's HTML rows.
    static func isHTML(_ b: [UInt8]) -> Bool {
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < b.count, [0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(b[i]) { i += 1 }
        let rest = b[i...].prefix(16).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        if rest.starts(with: Array("<!--".utf8)) { return true }
        for tag in ["<!doctype html", "<html", "<head", "<script", "<iframe", "<h1", "<div", "<font", "<table", "<a", "<style", "<title", "<b", "<body", "<br", "<p"] {
            let t = Array(tag.utf8)
            if rest.count > t.count, rest.starts(with: t), [0x20, 0x3E].contains(rest[t.count]) { return true }
        }
        return false
    }

    /// Valid UTF-8 (a sequence cut by the end of the prefix allowed) without control characters other than tab,
    /// line feed, form feed and carriage return.
    static func isText(_ b: [UInt8]) -> Bool {
        guard !b.isEmpty else { return false }
        var i = 0
        while i < b.count {
            let c = b[i]
            if c < 0x80 {
                if (c < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains(c)) || c == 0x7F { return false }
                i += 1
                continue
            }
            let n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0
            guard n > 0 else { return false }
            for j in 1..<n where i + j < b.count {
                if b[i + j] & 0xC0 != 0x80 { return false }
            }
            i += n
        }
        return true
    }
}

/// Reads a header from its source: CAF, AIFF, AIFF-C, WAVE, RIFX or RF64.
public enum ContainerParser {
    /// Parses the header of `source`; throws ``ContainerError/notAudio(_:)`` for other file types.
    public static func parse(_ source: some ByteSource) throws -> AudioFileInfo {
        let prefix = try source.read(at: 0, count: 16)
        switch SniffedType(prefix: prefix) {
        case .caf: return try CAF.parse(source)
        case .aiff, .aifc: return try AIFF.parse(source)
        case .wav, .rifx, .rf64: return try WAV.parse(source)
        case .unknown:
            if prefix.isEmpty { throw ContainerError.notAudio("file is empty") }
            throw ContainerError.notAudio("not a CAF, AIFF or WAVE file")
        case let other:
            throw ContainerError.notAudio("\(other.name) data, not a CAF, AIFF or WAVE file")
        }
    }
}

/// Chunk content above this size is never loaded into memory by a header parser.
let maxHeaderChunk = 1 << 20
