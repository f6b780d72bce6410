import SoundKitContainers
import SoundKitIO

/// Rich-notification attachments (`UNNotificationAttachment`): what the bytes are, the size limit of their kind, and
/// whether the name agrees.
public enum AttachmentChecker {
    package static let audioLimit: Int64 = 5_000_000
    package static let imageLimit: Int64 = 10_000_000
    package static let movieLimit: Int64 = 50_000_000

    package enum Kind: String, Sendable, CaseIterable {
        case image, audio, movie

        package var limit: Int64 {
            switch self {
            case .image: return imageLimit
            case .audio: return audioLimit
            case .movie: return movieLimit
            }
        }

        /// The file suffixes iOS takes for this kind of attachment (Braze's `ab.att.type` is one of them).
        package var suffixes: [String] {
            switch self {
            case .image: return ["jpg", "jpeg", "png", "gif"]
            case .audio: return ["aif", "aiff", "wav", "mp3", "m4a"]
            case .movie: return ["mpg", "mpeg", "mp4", "m4v", "avi"]
            }
        }

        /// The kind a suffix names, case-insensitively; nil for a suffix iOS does not accept.
        package init?(suffix: String) {
            let s = suffix.lowercased()
            guard let k = Kind.allCases.first(where: { $0.suffixes.contains(s) }) else { return nil }
            self = k
        }
    }

    /// Bytes read to judge a file: binary formats need 16, an HTML page or text is judged on more.
    static let sniffBytes = 512

    /// What the content is, as an attachment.
    struct Content {
        var name: String
        /// The name as a phrase: "WAV audio", "a PNG image", "an AVI movie".
        var phrase: String
        /// Nil when iOS does not accept it as an attachment.
        var kind: Kind?
        /// The suffixes that name this very format.
        var suffixes: [String]
        var sniffed: ContainerKind
    }

    static func content(_ head: [UInt8]) -> Content {
        let t = ContainerKind(sniffing: head)
        func accepted(_ name: String, _ kind: Kind, _ suffixes: [String]) -> Content {
            let article = kind == .audio ? "" : "AEIOM".contains(name.first ?? " ") ? "an " : "a "
            return Content(name: name, phrase: article + name, kind: kind, suffixes: suffixes, sniffed: t)
        }
        switch t {
        case .aiff, .aifc: return accepted("AIFF audio", .audio, ["aiff", "aif"])
        case .wav: return accepted("WAV audio", .audio, ["wav"])
        case .mp3: return accepted("MP3 audio", .audio, ["mp3"])
        case .mpeg4, .threeGPP:
            let brand = head.count >= 12 ? String(decoding: head[8..<12], as: UTF8.self) : ""
            return brand.hasPrefix("M4A") || brand.hasPrefix("M4B") || brand.hasPrefix("M4P")
                ? accepted("MPEG-4 audio", .audio, ["m4a"]) : accepted("MPEG-4 movie", .movie, ["mp4", "m4v"])
        case .jpeg: return accepted("JPEG image", .image, ["jpg", "jpeg"])
        case .png: return accepted("PNG image", .image, ["png"])
        case .gif: return accepted("GIF image", .image, ["gif"])
        case .mpegVideo: return accepted("MPEG movie", .movie, ["mpg", "mpeg"])
        case .avi: return accepted("AVI movie", .movie, ["avi"])
        case .unknown:
            return Content(name: "unknown", phrase: "an unrecognised file", kind: nil, suffixes: [], sniffed: t)
        default: return Content(name: t.name, phrase: t.name, kind: nil, suffixes: [], sniffed: t)
        }
    }

    /// Checks every file below `paths` as a rich-notification attachment.
    public static func check(_ paths: [String]) -> CheckReport {
        CheckReport(files: paths.map(check(file:)))
    }

    package static func check(file path: String) -> FileReport {
        do {
            let f = try InputFile(path: path)
            let head = try f.read(at: 0, count: sniffBytes)
            let (name, findings) = judge(head: head, size: f.size, path: path)
            return FileReport(path: path, container: name, findings: findings)
        } catch {
            return FileReport(
                path: path, container: "unknown",
                findings: [Rule.unreadable.finding((error as? AudioFileError)?.message ?? "\(error)")])
        }
    }

    /// Judges a file from its first bytes (up to ``sniffBytes``), its size and its name.
    static func judge(head: [UInt8], size: Int64, path: String) -> (container: String, findings: [Finding]) {
        let c = content(head)
        let accepted =
            "attachments must be audio (AIFF, WAV, MP3, MPEG-4 audio), images (JPEG, GIF, PNG) or movies (MPEG, MPEG-2, MPEG-4, AVI)"
        guard let kind = c.kind else {
            let message: String
            switch c.sniffed {
            case .caf:
                let wav = FileSystem.splitExtension(FileSystem.lastComponent(path)).base + ".wav"
                let remedy = Remedy(convertTo: wav, dataFormat: "LEI16")
                message =
                    "file is CAF, which UNNotificationAttachment does not accept; use AIFF, WAV, MP3 or MPEG-4 audio"
                return (c.name, [Rule.attachment.finding(message, remedy: remedy)])
            case .html:
                message =
                    "file is an HTML page (\(opening(head))), not an image, audio or movie — often a server's error page saved under the attachment's name; iOS refuses it, \(accepted)"
            case .text:
                message = "file is text (\(opening(head))), not an image, audio or movie; iOS refuses it, \(accepted)"
            case .webp, .heif:
                message =
                    "file is a \(c.name) image, which UNNotificationAttachment does not accept; convert it to JPEG or PNG"
            default:
                message = "file is \(c.phrase); \(accepted)"
            }
            return (c.name, [Rule.attachment.finding(message)])
        }
        var findings: [Finding] = []
        if size > kind.limit {
            findings.append(
                Rule.attachment.finding(
                    "\(c.name) of \(megabytes(size)) is over the \(megabytes(kind.limit)) limit for \(kind.rawValue) attachments"
                ))
        }
        let ext = FileSystem.splitExtension(FileSystem.lastComponent(path)).ext.lowercased()
        if !c.suffixes.contains(ext) {
            let natural = c.suffixes[0]
            if kind == .image, Kind(suffix: ext) == .image {
                // Image I/O decodes an image by its bytes whatever the suffix says, so a PNG named .jpg is shown:
                // a note, for the people and tools the name misleads.
                findings.append(
                    Rule.attachmentExtension.finding(
                        "file is \(c.phrase) but named .\(ext); iOS decodes images by content, so it is shown, but name it .\(natural)",
                        .note))
            } else if let named = Kind(suffix: ext) {
                // iOS takes an attachment's type from its name (unless the service extension passes a type hint), and
                // Apple documents no fallback to the content for audio and movies, or across kinds.
                let what =
                    named == kind
                    ? "another \(kind.rawValue) format" : "\(named == .image ? "an" : "a") \(named.rawValue)"
                findings.append(
                    Rule.attachmentExtension.finding(
                        "file is \(c.phrase) but named .\(ext), which iOS takes for \(what) — name it .\(natural) (or pass UNNotificationAttachmentOptionsTypeHintKey)"
                    ))
            } else {
                let named = ext.isEmpty ? "has no extension" : "is named .\(ext)"
                findings.append(
                    Rule.attachmentExtension.finding(
                        "file is \(c.phrase) but \(named); iOS takes an attachment's type from its name — name it .\(natural) (or pass UNNotificationAttachmentOptionsTypeHintKey)"
                    ))
            }
        }
        return (c.name, findings)
    }

    /// The first line of a text file, short, quoted, for messages.
    static func opening(_ head: [UInt8]) -> String {
        let body = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
        let line =
            String(decoding: body, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first {
                !$0.allSatisfy(\.isWhitespace)
            } ?? ""
        let trimmed = line.drop(while: \.isWhitespace)
        return "it starts \"" + (trimmed.count > 40 ? String(trimmed.prefix(40)) + "…" : String(trimmed)) + "\""
    }
}
