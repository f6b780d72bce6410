/// Every rule the checkers report, with its stable id, its usual severity and what it finds. `soundkit check --help`,
/// the JSON report's `rule` field and the rule table of the documentation all come from here.
///
/// Adding a rule is one case here (id, severities, summary) plus its check; a test keeps the documentation's table
/// equal to ``markdownTable``.
public enum Rule: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
    // Sound files (`soundkit check`).
    case unreadable
    case container
    case codec
    case duration
    case durationBanner = "duration-banner"
    case silence
    case clipping
    case loudness
    case loudnessSpread = "loudness-spread"
    case `extension`
    case subfolder
    case namePolicy = "name-policy"
    case channelsRate = "channels-rate"
    case size
    case fix
    // Sound names and payloads (`soundkit resolve`, `soundkit payload`).
    case nameNotFound = "name-not-found"
    case shadowed
    case payloadJSON = "payload-json"
    case payloadSize = "payload-size"
    case payloadShape = "payload-shape"
    // Rich notifications in payloads.
    case mutableContent = "mutable-content"
    case attachmentURL = "attachment-url"
    case attachmentType = "attachment-type"
    case noServiceExtension = "no-service-extension"
    case categoryNotDeclared = "category-not-declared"
    // Notification extensions in bundles.
    case extensionPlist = "extension-plist"
    case contentExtension = "content-extension"
    case serviceExtension = "service-extension"
    // Attachment files (`soundkit check --attachment`).
    case attachment
    case attachmentExtension = "attachment-extension"

    /// The id in reports: `codec`, `duration-banner`, …
    public var id: String { rawValue }
    public var description: String { rawValue }

    /// The severity the rule usually reports.
    public var severity: Severity { severities[0] }

    /// Every severity the rule reports, the usual one first.
    public var severities: [Severity] {
        switch self {
        case .unreadable, .duration, .payloadJSON, .payloadSize, .extensionPlist, .contentExtension, .serviceExtension, .attachment:
            return [.error]
        case .container, .silence, .attachmentURL, .attachmentType, .mutableContent: return [.error, .warning]
        case .codec, .nameNotFound: return [.error, .note]
        case .payloadShape: return [.error, .warning, .note]
        case .durationBanner, .extension, .namePolicy, .noServiceExtension, .loudnessSpread: return [.warning]
        case .clipping, .loudness: return [.warning, .note]
        case .subfolder: return [.warning, .error]
        case .attachmentExtension: return [.warning, .note]
        case .channelsRate, .size, .shadowed, .categoryNotDeclared: return [.note]
        case .fix: return [.note, .error]
        }
    }

    /// What the rule finds, in one line.
    public var summary: String {
        switch self {
        case .unreadable: return "the file cannot be read: empty, truncated, random or broken"
        case .container: return "not CAF, AIFF or WAV by its bytes (RIFX too); RF64 is a warning"
        case .codec: return "anything but Linear PCM, IMA4, µLaw or aLaw — AAC, ALAC, MP3, Opus, FLAC hiding in .caf or .wav; IMA ADPCM in WAV is a note"
        case .duration: return "a played length of 30 s or more (CAF pakt, WAV fact, AIFF-C ima4 packets × 64); exactly 30 s fails"
        case .durationBanner: return "longer than 5 s: playback stops when the banner goes away"
        case .silence: return "all-zero audio (error); more than 200 ms of leading silence or a peak below −20 dBFS (warning)"
        case .clipping: return "a true peak above 0 dBTP: it distorts between samples when played (a note when loudness cannot be measured)"
        case .loudness: return "with --loudness TARGET[±TOL] (e.g. -16±1): integrated loudness off target (EBU R 128)"
        case .loudnessSpread: return "when several sounds are checked together: one more than 3 LU (--loudness-spread LU) from the set's median integrated loudness"
        case .extension: return "a sound's extension disagrees with its content (an AIFF named .caf)"
        case .subfolder: return "a sound below a bundle's top level, which iOS never finds by name; an error when a payload's name resolves only there"
        case .namePolicy: return "with --name-policy: a name Android's res/raw refuses ([a-z][a-z0-9_]*)"
        case .channelsRate: return "more than 2 channels, above 48 kHz, or 8-bit samples"
        case .size: return "16-bit or wider PCM over 200 kB, with what IMA4 and µLaw would save"
        case .fix: return "what --fix wrote (note), or why a sound could not be mended by converting (error)"
        case .nameNotFound: return "a sound name the app does not ship (other case, other extension: did you mean …); a note when no location was given"
        case .shadowed: return "the same sound name in several places; the first in iOS's search order wins"
        case .payloadJSON: return "the payload is not valid JSON (line and column)"
        case .payloadSize: return "the APNs payload is over 4096 bytes"
        case .payloadShape: return "aps.sound malformed: critical not 0/1, volume a string or outside 0…1, an empty name, sound: true"
        case .mutableContent: return "an attachment without aps.mutable-content as the number 1 (a warning for FCM's notification.image, or when no attachment is named)"
        case .attachmentURL: return "an attachment URL that is not absolute https; plain http is a warning (App Transport Security)"
        case .attachmentType: return "Braze's ab.att.type missing or not a suffix UNNotificationAttachment accepts; a URL suffix that disagrees is a warning"
        case .noServiceExtension: return "with --bundle: an attachment or mutable-content for an app without a notification service extension"
        case .categoryNotDeclared: return "with --bundle: an aps.category that no content extension of the app declares"
        case .extensionPlist: return "an app extension's Info.plist missing, malformed, or without NSExtension and its point identifier"
        case .contentExtension: return "a content extension without its NSExtensionAttributes keys, or with keys of the wrong type"
        case .serviceExtension: return "a notification service extension without NSExtensionPrincipalClass"
        case .attachment: return "an attachment file iOS refuses: not audio, image or movie by its bytes (CAF, WebP, HEIC, an HTML page), or over its size limit"
        case .attachmentExtension: return "an attachment's name disagrees with its content: another type (warning), or another format of the same type (note)"
        }
    }

    /// The rules as a Markdown table, as the documentation shows them.
    package static var markdownTable: String {
        var lines = ["| rule | severity | finds |", "|---|---|---|"]
        for r in allCases {
            lines.append("| `\(r.id)` | \(r.severities.map(\.rawValue).joined(separator: " / ")) | \(r.summary.replacingAll("|", "\\|")) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The rules as lines for `--help`: `- id (severities): summary`.
    package static var helpLines: [String] {
        allCases.map { "- \($0.id) (\($0.severities.map(\.rawValue).joined(separator: "/"))): \($0.summary)" }
    }
}
