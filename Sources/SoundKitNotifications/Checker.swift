import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

/// `soundkit check` as a library: Apple's rules for notification sounds over files, folders and app bundles.
public enum SoundChecker {
    /// Extensions that make a file a candidate even when its bytes say otherwise (a JPEG named .caf is a finding).
    static let soundExtensions: Set<String> = ["caf", "aif", "aiff", "aifc", "wav", "wave", "mp3", "m4a", "aac", "flac", "ogg", "oga", "opus", "snd", "au"]
    static let audioTypes: Set<ContainerKind> = [.caf, .aiff, .aifc, .wav, .rifx, .rf64, .flac, .ogg, .mp3, .au, .w64]

    /// Checks every path: a sound file, a folder (recursively), or an `.app`/`.appex` bundle; all the sounds found
    /// form one set for ``LoudnessSpreadRule``.
    public static func check(_ paths: [String], options: CheckOptions = CheckOptions()) -> CheckReport {
        report(gather(paths, options: options), options: options)
    }

    /// The facts of every sound below `paths`, in the order ``check(_:options:)`` reports them.
    public static func gather(_ paths: [String], options: CheckOptions) -> [SoundFacts] {
        var found: [(String, String?)] = []
        for path in paths {
            if FileSystem.isDirectory(path) { found += candidates(in: path) } else { found.append((path, nil)) }
        }
        return found.map { file, subpath in
            var facts = SoundFacts.gather(file, measureLoudness: options.measureLoudness)
            facts.bundleSubpath = subpath
            return facts
        }
    }

    /// Checks one file.
    public static func check(file: String, bundleSubpath: String? = nil, options: CheckOptions = CheckOptions()) -> FileReport {
        var facts = SoundFacts.gather(file, measureLoudness: options.measureLoudness)
        facts.bundleSubpath = bundleSubpath
        return report(facts, options: options)
    }

    /// The findings for a set of sounds checked together: each sound's own, then the set's (``LoudnessSpreadRule``).
    public static func report(_ set: [SoundFacts], options: CheckOptions) -> CheckReport {
        var files = set.map { report($0, options: options) }
        for (i, findings) in LoudnessSpreadRule().check(set, options) { files[i].findings = ordered(files[i].findings + findings) }
        return CheckReport(files: files)
    }

    public static func report(_ facts: SoundFacts, options: CheckOptions) -> FileReport {
        let findings = ordered(soundRules.flatMap { $0.check(facts, options) })
        let d = facts.description
        return FileReport(path: facts.path, container: d?.container, format: d?.format, sampleRate: d?.sampleRate,
                          channels: d?.channels, frames: d?.frames, duration: d?.duration, findings: findings)
    }

    /// Severity first (errors on top), then rule order.
    static func ordered(_ findings: [Finding]) -> [Finding] {
        findings.enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
    }

    static func isBundle(_ path: String) -> Bool {
        let ext = FileSystem.splitExtension(FileSystem.lastComponent(path)).ext
        return ext == "app" || ext == "appex"
    }

    /// Sound candidates below `dir`, sorted; in a bundle, each file below the top level carries its subpath.
    static func candidates(in dir: String) -> [(String, String?)] {
        var out: [(String, String?)] = []
        func walk(_ d: String, bundleRoot: String?, relative: String) {
            for name in FileSystem.contents(of: d) where !name.hasPrefix(".") {
                let path = FileSystem.join(d, name)
                let rel = relative.isEmpty ? name : relative + "/" + name
                if FileSystem.isDirectory(path) {
                    if isBundle(path) {
                        walk(path, bundleRoot: path, relative: "")  // a nested bundle (PlugIns/X.appex) is a bundle of its own
                    } else if bundleRoot != nil {
                        // SDK resource bundles and frameworks play their own sounds; they are not notification sounds.
                        let ext = FileSystem.splitExtension(name).ext
                        if ["bundle", "framework", "lproj"].contains(ext) || ["_CodeSignature", "Frameworks", "PlugIns", "SC_Info"].contains(name) { continue }
                        walk(path, bundleRoot: bundleRoot, relative: rel)
                    } else {
                        walk(path, bundleRoot: nil, relative: rel)
                    }
                } else if isCandidate(path) {
                    out.append((path, bundleRoot != nil && relative != "" ? rel : nil))
                }
            }
        }
        walk(dir, bundleRoot: isBundle(dir) ? dir : nil, relative: "")
        return out
    }

    static func isCandidate(_ path: String) -> Bool {
        if soundExtensions.contains(FileSystem.splitExtension(path).ext.lowercased()) { return true }
        guard let f = try? InputFile(path: path), let head = try? f.read(at: 0, count: 16) else { return false }
        return audioTypes.contains(ContainerKind(sniffing: head))
    }
}

/// Rich-notification attachments (`UNNotificationAttachment`): type by content and size limits.
public enum AttachmentChecker {
    public static let audioLimit: Int64 = 5_000_000
    public static let imageLimit: Int64 = 10_000_000
    public static let movieLimit: Int64 = 50_000_000

    public static func check(_ paths: [String]) -> CheckReport {
        CheckReport(files: paths.map(check(file:)))
    }

    public static func check(file path: String) -> FileReport {
        var findings: [Finding] = []
        var kind = "unknown"
        do {
            let f = try InputFile(path: path)
            let head = try f.read(at: 0, count: 16)
            let type = ContainerKind(sniffing: head)
            let (category, name): (String?, String) = {
                switch type {
                case .aiff, .aifc: return ("audio", "AIFF")
                case .wav: return ("audio", "WAV")
                case .mp3: return ("audio", "MP3")
                case .mpeg4:
                    let brand = head.count >= 12 ? String(decoding: head[8..<12], as: UTF8.self) : ""
                    return brand.hasPrefix("M4A") || brand.hasPrefix("M4B") || brand.hasPrefix("M4P") ? ("audio", "MPEG-4 audio") : ("movie", "MPEG-4")
                case .jpeg: return ("image", "JPEG")
                case .png: return ("image", "PNG")
                case .gif: return ("image", "GIF")
                case .mpegVideo: return ("movie", "MPEG")
                case .avi: return ("movie", "AVI")
                default: return (nil, type == .unknown ? "an unrecognised file" : type.name)
                }
            }()
            kind = name
            if type == .caf {
                findings.append(Finding(.error, "attachment", "file is CAF, which UNNotificationAttachment does not accept; use AIFF, WAV, MP3 or MPEG-4 audio — soundkit convert \(quoted(path)) \(quoted(FileSystem.splitExtension(path).base + ".wav")) -d LEI16"))
            } else if let category {
                let limit = category == "audio" ? audioLimit : category == "image" ? imageLimit : movieLimit
                if f.size > limit {
                    findings.append(Finding(.error, "attachment", "\(name) \(category) of \(megabytes(f.size)) is over the \(megabytes(limit)) limit for \(category) attachments"))
                }
            } else {
                findings.append(Finding(.error, "attachment", "file is \(name); attachments must be audio (AIFF, WAV, MP3, MPEG-4 audio), images (JPEG, GIF, PNG) or movies (MPEG, MPEG-2, MPEG-4, AVI)"))
            }
        } catch {
            findings.append(Finding(.error, "unreadable", (error as? AudioFileError)?.message ?? "\(error)"))
        }
        return FileReport(path: path, container: kind, format: nil, sampleRate: nil, channels: nil, frames: nil, duration: nil, findings: findings)
    }
}
