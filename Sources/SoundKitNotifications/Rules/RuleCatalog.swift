/// Every rule soundkit reports, by its stable id. Each rule is one case here and one type in a file named after its id,
/// in its family's folder (`Rules/Sounds/duration-banner.swift`, `PushPayloads/Rules/live-activity-timestamp.swift`,
/// `Rules/AppExtensions/`, `Rules/Attachments/`, `Rules/Names/`, `Rules/Android/`, `Rules/Tool/`). The type is named
/// after the case with the suffix `Rule` (`DurationBannerRule`) and is its ``RuleDeclaration`` (family, severities,
/// summary, what it rests on, and examples that must and must not trigger it) and, where the check is the rule's
/// alone, the check too (a sound rule is a ``SoundRule``). Nothing else states them: `soundkit check --help`,
/// `soundkit rules`, the JSON's `rule` field, the documentation's table (kept equal to `markdownTable` by a test)
/// and the command line's own diagnostics (`convert`, `info`, `normalize`) all come from there.
///
/// Adding a rule is one case, one file `<id>.swift` listed in `Rule.declarations` (and in `soundRules` for a sound
/// rule); `RuleLayoutTests` holds the layout.
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
    // Sound names (`soundkit resolve`, and the names payloads give).
    case nameNotFound = "name-not-found"
    case shadowed
    // Payloads (`soundkit payload`), rich notifications included.
    case payloadJSON = "payload-json"
    case payloadSize = "payload-size"
    case payloadShape = "payload-shape"
    case mutableContent = "mutable-content"
    case attachmentURL = "attachment-url"
    case attachmentType = "attachment-type"
    case noServiceExtension = "no-service-extension"
    case categoryNotDeclared = "category-not-declared"
    case payloadProvider = "payload-provider"
    case soundName = "sound-name"
    case androidChannel = "android-channel"
    case interruptionLevel = "interruption-level"
    // Live Activities (ActivityKit push notifications).
    case liveActivityEvent = "live-activity-event"
    case liveActivityTimestamp = "live-activity-timestamp"
    case liveActivityContent = "live-activity-content"
    case liveActivityStart = "live-activity-start"
    case liveActivityAlert = "live-activity-alert"
    // Notification extensions in bundles.
    case extensionPlist = "extension-plist"
    case contentExtension = "content-extension"
    case serviceExtension = "service-extension"
    // How an app and its extensions fit together (`check APP`, `payload --bundle`).
    case entitlement
    case extensionVersion = "extension-version"
    case extensionBundleID = "extension-bundle-id"
    // Attachment files (`soundkit check --attachment`).
    case attachment
    case attachmentExtension = "attachment-extension"
    // The command line's own diagnostics about the files it was given.
    case convert
    case info
    case normalize
    // Android's res/raw sounds and build files (`soundkit check` of an Android project, or --platform android).
    /// https://developer.android.com/guide/topics/resources/providing-resources (file-based resource names).
    case androidName = "android-name"
    /// https://developer.android.com/media/platform/supported-formats (audio formats and codecs).
    case androidFormat = "android-format"
    /// aapt2 compiles `res/raw/x.caf` and `res/raw/x.ogg` to one resource `raw/x`.
    case androidDuplicate = "android-duplicate"
    /// https://developer.android.com/build/shrink-code#keep-resources (the keep file of resource shrinking).
    case androidShrink = "android-shrink"
    // Source trees (`soundkit check` of a repository): the names code and config pass to notification APIs, resolved
    // through the projects that build the apps (issue 42).
    /// A named sound that is in the repository but in no app target's resources.
    case notInTarget = "not-in-target"
    /// A named sound that exists only inside an asset catalog.
    case assetCatalog = "asset-catalog"
    /// A named sound that only an extension, a framework, a watch app or a resource bundle carries.
    case wrongBundle = "wrong-bundle"
    /// A named sound that is only a Flutter asset, web content or an Android asset, not a native resource.
    case notAResource = "not-a-resource"
    /// An `android.resource://…/raw/x.ext` URI written with the file's extension.
    case androidURI = "android-uri"
    /// A channel sound URI built from a resource id (`R.raw.x`), which changes between builds.
    case androidIDURI = "android-id-uri"
    /// One Android channel id created with different sounds.
    case channelSound = "channel-sound"
    /// A sound name built at run time, which no static check can resolve.
    case dynamicName = "dynamic-name"
    /// A project file read past in part or not at all.
    case projectUnreadable = "project-unreadable"
    /// One `.xcodeproj` holding both `project.pbxproj` and `project.xcproj`.
    case xcodeBothFormats = "xcode-both-formats"
    /// An audio file that no code, config or payload names, in a tree with notification code.
    case unnamedSound = "unnamed-sound"
    /// Code that puts sounds in `Library/Sounds` at run time.
    case runtimeSounds = "runtime-sounds"

    /// Where a rule belongs: the kind of thing it judges.
    package enum Family: String, Codable, Sendable, CaseIterable {
        /// Sound files (`soundkit check`).
        case sounds
        /// Sound names, as iOS resolves them (`soundkit resolve`).
        case names
        /// Push payloads (`soundkit payload`), rich-notification attachments included.
        case payloads
        /// Notification content and service extensions in app bundles.
        case appExtensions = "app-extensions"
        /// Attachment files (`soundkit check --attachment`).
        case attachments
        /// The command line's own diagnostics (`convert`, `info`, `normalize`).
        case tool
        /// Source trees: the names code and config pass to notification APIs, and where projects put the files
        /// (`soundkit check` of a repository).
        case repository
    }

    /// Each rule's family, severities (the usual one first) and summary, in one place.
    /// What a rule's severity rests on.
    package enum Basis: String, Sendable, CaseIterable {
        /// Apple's documentation alone: no shipped app or field report weighs it.
        case documentation = "Apple's documentation"
        /// Apple's documentation weighed against what real apps ship and what developers report.
        case field = "real apps"
        /// A published standard or another platform's rules (EBU R 128, Android's res/raw), given as advice.
        case advice
        /// The command line's own diagnostics.
        case tool
        /// Android's developer documentation (resource names, supported media formats, resource shrinking), weighed
        /// against what real apps report.
        case android = "Android's documentation"

        /// The basis as a sentence for reports.
        package var sentence: String {
            switch self {
            case .documentation: "Its severity rests on Apple's documentation alone."
            case .field: "Its severity rests on Apple's documentation, weighed against what real apps ship."
            case .advice: "It is advice from a published standard or another platform's rules."
            case .tool: "It is soundkit's own diagnostic."
            case .android: "Its severity rests on Android's developer documentation, weighed against what apps report."
            }
        }
    }

    /// What the rule's severity rests on, as the table says it: its basis and the documents it cites.
    package var restsOn: String { basis.rawValue + (citation.map { " — \($0)" } ?? "") }

    /// The id in reports: `codec`, `duration-banner`, …
    public var id: String { rawValue }
    /// The id.
    public var description: String { rawValue }
    /// The severity the rule usually reports.
    public var severity: Severity { severities.first ?? .error }

    /// A finding of this rule: its usual severity unless another is given, a message in neutral words (no command,
    /// no path the user did not give), what it is about when that is not the file itself, and what would mend it.
    package func finding(
        _ message: String, _ severity: Severity? = nil, subject: String? = nil, remedy: Remedy? = nil
    ) -> Finding {
        Finding(severity ?? self.severity, self, message, subject: subject, remedy: remedy)
    }

    /// The rules as a Markdown table, as the documentation shows them and `soundkit rules --format markdown` prints
    /// them: each rule's id, severities, summary and what its severity rests on (``Basis``).
    package static var markdownTable: String { markdownTable(of: allCases) }

    /// ``markdownTable`` for `rules` alone.
    package static func markdownTable(of rules: [Rule]) -> String {
        var lines = ["| rule | severity | finds | rests on |", "|---|---|---|---|"]
        for r in rules {
            lines.append(
                "| `\(r.id)` | \(r.severities.map(\.rawValue).joined(separator: " / ")) | \(r.summary.replacingAll("|", "\\|")) | \(r.restsOn) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The rules as lines for `--help`: `- id (severities): summary`.
    package static var helpLines: [String] {
        allCases.filter { $0.family != .tool }.map {
            "- \($0.id) (\($0.severities.map(\.rawValue).joined(separator: "/"))): \($0.summary)"
        }
    }
}
