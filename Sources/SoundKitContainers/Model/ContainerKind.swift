import SoundKitCodecs

/// Every kind of file soundkit tells apart by its first bytes: the four it writes (afconvert's `-f` types), the
/// WAVE variants it reads, the audio formats other decoders read, and what rich-notification attachments may be.
public enum ContainerKind: String, CaseIterable, Sendable, Hashable, Codable {
    // Written and read by soundkit itself.
    case caf, aiff, aifc, wav
    // Read by soundkit itself.
    case rifx, rf64
    // Audio that other decoders read.
    case w64, flac, ogg, mp3, au, mpeg4
    // Audio that FFmpeg's libraries read.
    case adts, matroska, asf, ac3, amr, threeGPP
    // Attachments, and what servers send in their place.
    case jpeg, png, gif, avi, mpegVideo, webp, heif
    /// Markup a browser would take for HTML (a server's error page saved under a media file's name).
    case html
    /// Other printable UTF-8 text (JSON, XML, plain text).
    case text
    case unknown

    /// The file types soundkit writes, headers and all, in afconvert's order.
    package static let writable: [ContainerKind] = [.caf, .aiff, .aifc, .wav]

    /// The file types a C library writes whole for soundkit: Ogg (Vorbis, through libsndfile, for Android).
    package static let writtenByLibraries: [ContainerKind] = [.ogg]

    /// Whether soundkit writes this kind (`-f`).
    package var isWritable: Bool { Self.writable.contains(self) || Self.writtenByLibraries.contains(self) }

    /// Whether soundkit's own header parsers read this kind.
    package var hasNativeParser: Bool { Self.writable.contains(self) || self == .rifx || self == .rf64 }

    /// What a person calls it, for messages.
    package var name: String {
        switch self {
        case .caf: return "CAF"
        case .aiff: return "AIFF"
        case .aifc: return "AIFF-C"
        case .wav: return "WAVE"
        case .rifx: return "RIFX (big-endian WAVE)"
        case .rf64: return "RF64"
        case .w64: return "Wave64"
        case .flac: return "FLAC"
        case .ogg: return "Ogg"
        case .mp3: return "MP3"
        case .au: return "Sun/NeXT AU"
        case .mpeg4: return "MPEG-4"
        case .adts: return "ADTS AAC"
        case .matroska: return "Matroska/WebM"
        case .asf: return "ASF (WMA)"
        case .ac3: return "AC-3"
        case .amr: return "AMR"
        case .threeGPP: return "3GP"
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

    /// The short container name `soundkit info` reports (`CAF`, `AIFC`, `WAVE`, `RF64`).
    package var containerName: String {
        switch self {
        case .aifc: return "AIFC"
        case .rifx: return "RIFX"
        default: return name
        }
    }

    /// afconvert's file type ID (`caff`, `AIFF`, `AIFC`, `WAVE`), which `afinfo` prints; nil where it has none.
    package var fileTypeID: String? {
        switch self {
        case .caf: return "caff"
        case .aiff: return "AIFF"
        case .aifc: return "AIFC"
        case .wav: return "WAVE"
        case .rifx: return "RIFX"
        case .rf64: return "RF64"
        default: return nil
        }
    }

    /// A writable type from afconvert's `-f` names or a file extension, case-insensitively.
    public init?(fileType name: String) {
        switch name.lowercased() {
        case "caff", "caf": self = .caf
        case "aiff", "aif": self = .aiff
        case "aifc": self = .aifc
        case "wave", "wav": self = .wav
        case "ogg", "oggs": self = .ogg
        default: return nil
        }
    }

    /// The extension a writable type's files get.
    package var fileExtension: String {
        switch self {
        case .caf: return "caf"
        case .aiff: return "aiff"
        case .aifc: return "aifc"
        case .wav: return "wav"
        case .rifx, .rf64: return "wav"
        case .w64: return "w64"
        case .flac: return "flac"
        case .ogg: return "ogg"
        case .mp3: return "mp3"
        case .au: return "au"
        case .mpeg4: return "m4a"
        case .adts: return "aac"
        case .matroska: return "mka"
        case .asf: return "wma"
        case .ac3: return "ac3"
        case .amr: return "amr"
        case .threeGPP: return "3gp"
        case .jpeg: return "jpg"
        case .png: return "png"
        case .gif: return "gif"
        case .avi: return "avi"
        case .mpegVideo: return "mpg"
        case .webp: return "webp"
        case .heif: return "heic"
        case .html: return "html"
        case .text: return "txt"
        case .unknown: return ""
        }
    }

    /// The data formats a writable type accepts, in afconvert's spelling and order (`afconvert -hf`); empty for
    /// the kinds soundkit does not write.
    package var acceptedEncodings: [AudioEncoding] {
        func i(_ b: Int, _ be: Bool) -> AudioEncoding { .pcm(.int(b, bigEndian: be)) }
        func f(_ b: Int, _ be: Bool) -> AudioEncoding { .pcm(.float(b, bigEndian: be)) }
        switch self {
        case .caf:
            return [
                i(8, true), i(16, true), i(24, true), i(32, true), f(32, true), f(64, true),
                i(16, false), i(24, false), i(32, false), f(32, false), f(64, false), .ulaw, .alaw, .ima4,
            ]
        case .aiff:
            return [i(8, true), i(16, true), i(24, true), i(32, true)]
        case .aifc:
            return [
                i(8, true), i(16, true), i(24, true), i(32, true), f(32, true), f(64, true), .pcm(.uint8),
                i(16, false), .ulaw, .alaw, .ima4,
            ]
        case .wav:
            return [
                .pcm(.uint8), i(16, false), i(24, false), i(32, false), f(32, false), f(64, false), .ulaw, .alaw,
                .imaADPCM,
            ]
        case .ogg:
            return [.vorbis]
        default:
            return []
        }
    }

    /// What `-d` omitted means: 16-bit integer PCM in the type's natural byte order.
    package var default16Bit: AudioEncoding { .pcm(.int(16, bigEndian: self != .wav)) }

    /// What `-d` omitted means for a type that holds no linear PCM of the source's: Vorbis in Ogg, else
    /// ``default16Bit``.
    package var defaultEncoding: AudioEncoding { self == .ogg ? .vorbis : default16Bit }

    /// Sniffs a file from its first bytes: 16 are enough for binary formats; HTML and text are judged on as many
    /// bytes as are given.
    package init(sniffing bytes: some Collection<UInt8>) {
        let b = Array(bytes)
        func at(_ o: Int, _ s: String) -> Bool {
            let u = Array(s.utf8)
            return b.count >= o + u.count && Array(b[o..<(o + u.count)]) == u
        }
        if at(0, "caff") {
            self = .caf
        } else if at(0, "FORM") && at(8, "AIFF") {
            self = .aiff
        } else if at(0, "FORM") && at(8, "AIFC") {
            self = .aifc
        } else if at(0, "RIFF") && at(8, "WAVE") {
            self = .wav
        } else if at(0, "RIFX") && at(8, "WAVE") {
            self = .rifx
        } else if (at(0, "RF64") || at(0, "BW64")) && at(8, "WAVE") {
            self = .rf64
        } else if at(0, "RIFF") && at(8, "AVI ") {
            self = .avi
        } else if at(0, "RIFF") && at(8, "WEBP") {
            self = .webp
        } else if at(0, "riff") {
            self = .w64
        } else if at(0, "fLaC") {
            self = .flac
        } else if at(0, "OggS") {
            self = .ogg
        } else if at(0, "ID3") || (b.count >= 2 && b[0] == 0xFF && b[1] & 0xE0 == 0xE0 && b[1] & 0x06 != 0) {
            self = .mp3
        } else if at(0, ".snd") {
            self = .au
        } else if at(4, "ftyp") && Self.heifBrands.contains(where: { at(8, $0) }) {
            self = .heif
        } else if at(4, "ftyp") && (at(8, "3gp") || at(8, "3g2")) {
            self = .threeGPP
        } else if at(4, "ftyp") {
            self = .mpeg4
        } else if b.count >= 2 && b[0] == 0xFF && b[1] & 0xF6 == 0xF0 {
            self = .adts
        }  // 12-bit sync, layer 00
        else if b.count >= 4 && b[0..<4] == [0x1A, 0x45, 0xDF, 0xA3] {
            self = .matroska
        } else if b.count >= 8 && b[0..<8] == [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11] {
            self = .asf
        } else if b.count >= 2 && b[0] == 0x0B && b[1] == 0x77 {
            self = .ac3
        } else if at(0, "#!AMR") {
            self = .amr
        } else if b.count >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF {
            self = .jpeg
        } else if b.count >= 8 && b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            self = .png
        } else if at(0, "GIF87a") || at(0, "GIF89a") {
            self = .gif
        } else if b.count >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 1 && (b[3] == 0xBA || b[3] == 0xB3) {
            self = .mpegVideo
        } else if Self.isHTML(b) {
            self = .html
        } else if Self.isText(b) {
            self = .text
        } else {
            self = .unknown
        }
    }

    /// ISO base media brands of HEIF images (HEIC, AVIF), which share MPEG-4's `ftyp` box.
    static let heifBrands = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"]

    /// Starts (after a byte order mark and white space) with a tag from the WHATWG MIME sniffing table's HTML rows.
    static func isHTML(_ b: [UInt8]) -> Bool {
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < b.count, [0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(b[i]) { i += 1 }
        let rest = b[i...].prefix(16).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        if rest.starts(with: Array("<!--".utf8)) { return true }
        for tag in [
            "<!doctype html", "<html", "<head", "<script", "<iframe", "<h1", "<div", "<font", "<table", "<a", "<style",
            "<title", "<b", "<body", "<br", "<p",
        ] {
            let t = Array(tag.utf8)
            if rest.count > t.count, rest.starts(with: t), [0x20, 0x3E].contains(rest[t.count]) { return true }
        }
        return false
    }

    /// Valid UTF-8 (a sequence cut by the end of the bytes allowed) without control characters other than tab,
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
