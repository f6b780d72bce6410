/// Every rule soundkit reports, with its stable id, its family, its severities and what it finds: each rule is one
/// case here and one entry of its declaration, and nothing else states them. `soundkit check --help`, the JSON's
/// `rule` field, the documentation's table (kept equal to `markdownTable` by a test) and the command line's own
/// diagnostics (`convert`, `info`, `normalize`) all come from here.
///
/// Adding a rule is one case and one entry of the declaration below, plus its check, filed with its family in
/// `Rules/`.
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
    }

    /// Each rule's family, severities (the usual one first) and summary, in one place.
    private var declaration: (family: Family, severities: [Severity], summary: String) {
        switch self {
        case .unreadable: return (.sounds, [.error], "the file cannot be read: empty, truncated, random or broken")
        case .container:
            return (
                .sounds, [.error, .warning],
                "not CAF, AIFF or WAV by its bytes (RIFX too); RF64, or a WAV whose size fields are a streaming writer's placeholder, is a warning"
            )
        case .codec:
            return (
                .sounds, [.error, .note],
                "anything but Linear PCM, IMA4, µLaw or aLaw — AAC, ALAC, MP3, Opus, FLAC hiding in .caf or .wav; IMA ADPCM in WAV is a note"
            )
        case .duration:
            return (
                .sounds, [.error],
                "a played length of 30 s or more (CAF pakt, WAV fact, AIFF-C ima4 packets × 64); exactly 30 s fails"
            )
        case .durationBanner: return (.sounds, [.warning], "longer than 5 s: playback stops when the banner goes away")
        case .silence:
            return (
                .sounds, [.warning, .error],
                "all-zero audio, which iOS plays as nothing (a \"None\" sound), more than 200 ms of leading silence or a peak below −20 dBFS; no audio at all (0 frames) is an error"
            )
        case .clipping:
            return (
                .sounds, [.warning, .note],
                "a true peak above 0 dBTP: it distorts between samples when played (a note when loudness cannot be measured)"
            )
        case .loudness:
            return (
                .sounds, [.warning, .note],
                "with --loudness TARGET[±TOL] (e.g. -16±1): integrated loudness off target (EBU R 128)"
            )
        case .loudnessSpread:
            return (
                .sounds, [.warning],
                "when several sounds are checked together: one more than 3 LU (--loudness-spread LU) from the set's median integrated loudness"
            )
        case .extension:
            return (.sounds, [.warning], "a sound's extension disagrees with its content (an AIFF named .caf)")
        // Apple, Bundle Programming Guide › Bundle Structures: an iOS (and iPadOS, watchOS, visionOS) app keeps its
        // resources at the top of the bundle, a macOS app (Mac Catalyst too) at the top of Contents/Resources;
        // UNNotificationSound.init(named:) searches "the main bundle" on every platform it names.
        case .subfolder:
            return (
                .sounds, [.warning, .error],
                "a sound below the top of a bundle's resources (the top level; a macOS or Mac Catalyst app's Contents/Resources), where Apple documents none and the system does not find it by its name; an error when a payload's name resolves only there"
            )
        case .namePolicy:
            return (.sounds, [.warning], "with --name-policy: a name Android's res/raw refuses ([a-z][a-z0-9_]*)")
        case .channelsRate: return (.sounds, [.note], "more than 2 channels, above 48 kHz, or 8-bit samples")
        case .size: return (.sounds, [.note], "16-bit or wider PCM over 200 kB, with what IMA4 and µLaw would save")
        case .fix:
            return (
                .sounds, [.note, .error],
                "what --fix wrote (note), or why a sound could not be mended by converting (error)"
            )
        // Apple, watchOS Apps › Taking advantage of notification forwarding: a notification appears only on the
        // device most likely to have the user's focus (iPhone or Apple Watch); UNNotificationSound.init(named:) lists
        // no watchOS in its availability. Nothing says the watch plays the iPhone app's sound file, so nothing is
        // judged of it.
        case .nameNotFound:
            return (
                .names, [.error, .note],
                "a sound name the app does not ship (other case, other extension: did you mean …); a note when no location was given. An iOS app's watch app (Watch/*.app) is not required to ship the iPhone's sounds: Apple documents that a forwarded notification appears on one device only, and no custom sound for it on the watch"
            )
        case .shadowed:
            return (
                .names, [.note],
                "the same sound name in several places; the first in the platform's search order wins (macOS goes on to ~/Library/Sounds, /Library/Sounds, /Network/Library/Sounds, /System/Library/Sounds)"
            )
        case .payloadJSON: return (.payloads, [.error], "the payload is not valid JSON (line and column)")
        case .payloadSize: return (.payloads, [.error], "the APNs payload is over 4096 bytes")
        case .payloadShape:
            return (
                .payloads, [.error, .warning, .note],
                "aps.sound malformed: critical not 0/1, volume a string or outside 0…1, an empty name, sound: true; relevance-score outside 0…1; no aps (a note when the body is of no known shape, or has no iOS part)"
            )
        case .mutableContent:
            return (
                .payloads, [.error, .warning],
                "an attachment without aps.mutable-content as the number 1 (a warning for FCM's notification.image, for true or \"1\", or when no attachment is named)"
            )
        case .attachmentURL:
            return (
                .payloads, [.error, .warning],
                "an attachment URL (Braze's, FCM's image, OneSignal's ios_attachments) that is not absolute https; plain http is a warning (App Transport Security), with --bundle an error unless a service extension's NSAppTransportSecurity allows the host"
            )
        case .attachmentType:
            return (
                .payloads, [.error, .warning],
                "Braze's ab.att.type missing or not a suffix UNNotificationAttachment accepts, or a URL saved under its own suffix (FCM, OneSignal) with none iOS recognises or one it refuses (webp, heic, svg); a URL suffix that disagrees with Braze's type is a warning"
            )
        case .noServiceExtension:
            return (
                .payloads, [.warning],
                "with --bundle: an attachment or mutable-content for an app without a notification service extension"
            )
        case .categoryNotDeclared:
            return (.payloads, [.note], "with --bundle: an aps.category that no content extension of the app declares")
        case .payloadProvider:
            return (
                .payloads, [.error, .warning, .note],
                "a key the provider rejects, with where it belongs (FCM v1's message.notification.sound, message.apns.notification, legacy keys in a v1 body); aps.alert.sound, which iOS ignores, is a warning; a legacy FCM body a note"
            )
        case .soundName:
            return (
                .payloads, [.warning],
                "an iOS sound name without an extension (iOS plays name.ext), or an Android sound with one (res/raw wants the bare name)"
            )
        case .androidChannel:
            return (
                .payloads, [.warning],
                "an Android sound without a channel id: Android 8 and later play the channel's sound, not the message's"
            )
        case .interruptionLevel:
            return (
                .payloads, [.error, .note],
                "aps.interruption-level other than passive, active, time-sensitive or critical; critical without a critical sound, or a critical sound at another level, is a note"
            )
        case .extensionPlist:
            return (
                .appExtensions, [.error],
                "an app extension's Info.plist (PlugIns/X.appex/Info.plist; Contents/PlugIns/X.appex/Contents/Info.plist in a macOS app) missing, malformed, or without NSExtension and its point identifier"
            )
        case .contentExtension:
            return (
                .appExtensions, [.error, .warning],
                "a content extension without its NSExtensionAttributes keys, or with keys of the wrong type; an initial content size ratio of 0 is a warning"
            )
        case .serviceExtension:
            return (.appExtensions, [.error], "a notification service extension without NSExtensionPrincipalClass")
        // Apple: UNAuthorizationOptions.criticalAlert ("requires a special entitlement issued by Apple"),
        // UNNotificationInterruptionLevel.timeSensitive (the Time Sensitive Notifications capability), and the
        // aps-environment entitlement reference (the push capability); ../shared/docs/FIELD.md counts it common.
        case .entitlement:
            return (
                .appExtensions, [.error, .note],
                "a payload asking for a critical alert or a time-sensitive notification the app's profile (or --entitlements) does not grant; a note when the app has no aps-environment"
            )
        // Apple, Information Property List: MinimumOSVersion is the lowest system a bundle runs on (iOS, iPadOS,
        // visionOS, watchOS), LSMinimumSystemVersion on macOS and Mac Catalyst, and the system does not load an
        // extension below it; FIELD.md lists it among the very common "service extension never runs".
        case .extensionVersion:
            return (
                .appExtensions, [.warning],
                "a notification extension whose MinimumOSVersion (LSMinimumSystemVersion in a macOS app) is above its app's: it never runs on the versions between"
            )
        // Apple DTS, developer forums thread 101754: "the app extension's bundle identifier must be prefixed by the
        // app's bundle identifier"; Xcode's "Embedded binary's bundle identifier is not prefixed …" and the
        // installer's "illegal bundle identifier" refuse it.
        case .extensionBundleID:
            return (
                .appExtensions, [.error],
                "an extension whose CFBundleIdentifier does not start with the app's and a dot (build settings such as $(PRODUCT_BUNDLE_IDENTIFIER) are not judged)"
            )
        case .attachment:
            return (
                .attachments, [.error],
                "an attachment file iOS refuses: not audio, image or movie by its bytes (CAF, WebP, HEIC, an HTML page), or over its size limit"
            )
        case .attachmentExtension:
            return (
                .attachments, [.warning, .note],
                "an attachment's name disagrees with its content: another type (warning), or another format of the same type (note)"
            )
        case .convert:
            return (
                .tool, [.error, .note], "soundkit convert: an input or output that failed, or a file a batch skipped"
            )
        case .info:
            return (
                .tool, [.error, .warning],
                "soundkit info: a file that cannot be read, or a header that disagrees with the data"
            )
        case .normalize:
            return (
                .tool, [.note],
                "soundkit convert --normalize: the loudness reached when the true-peak ceiling stopped it"
            )
        case .androidName:
            return (
                .sounds, [.error],
                "Android: a res/raw name aapt2 refuses (capitals, hyphens, spaces, a leading digit, a Java keyword: [a-z][a-z0-9_]*), in a project or named by a payload's Android sound field"
            )
        case .androidFormat:
            return (
                .sounds, [.error],
                "Android: a sound Android does not play (CAF, AIFF, or a WAV that is not PCM); Ogg Vorbis, or a 16-bit PCM WAV for both platforms"
            )
        case .androidDuplicate:
            return (
                .sounds, [.error],
                "Android: two files of one res/raw with the same name and different extensions, which aapt2 refuses"
            )
        case .androidShrink:
            return (
                .sounds, [.warning],
                "Android: resource shrinking on (shrinkResources) and no keep file (tools:keep) keeping res/raw's sounds, which a release build may strip"
            )
        }
    }

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

    /// What the rule's severity rests on.
    package var basis: Basis {
        switch self {
        case .unreadable, .container, .codec, .duration, .durationBanner, .silence, .extension, .subfolder,
            .nameNotFound, .mutableContent, .attachmentURL, .attachmentType, .noServiceExtension, .attachment,
            .contentExtension, .payloadProvider, .soundName:
            .field
        case .shadowed, .payloadJSON, .payloadSize, .payloadShape, .categoryNotDeclared, .extensionPlist,
            .serviceExtension, .attachmentExtension, .entitlement, .extensionVersion, .extensionBundleID,
            .interruptionLevel:
            .documentation
        case .clipping, .loudness, .loudnessSpread, .namePolicy, .channelsRate, .size, .androidChannel: .advice
        case .fix, .convert, .info, .normalize: .tool
        case .androidName, .androidFormat, .androidDuplicate, .androidShrink: .android
        }
    }

    /// The id in reports: `codec`, `duration-banner`, …
    public var id: String { rawValue }
    /// The id.
    public var description: String { rawValue }
    /// The kind of thing the rule judges.
    package var family: Family { declaration.family }
    /// The severity the rule usually reports.
    public var severity: Severity { declaration.severities[0] }
    /// Every severity the rule reports, the usual one first.
    package var severities: [Severity] { declaration.severities }
    /// What the rule finds, in one line.
    package var summary: String { declaration.summary }

    /// A finding of this rule: its usual severity unless another is given, a message in neutral words (no command,
    /// no path the user did not give), what it is about when that is not the file itself, and what would mend it.
    package func finding(
        _ message: String, _ severity: Severity? = nil, subject: String? = nil, remedy: Remedy? = nil
    ) -> Finding {
        Finding(severity ?? self.severity, self, message, subject: subject, remedy: remedy)
    }

    /// The rules as a Markdown table, as the documentation shows them and `soundkit rules --format markdown` prints
    /// them: each rule's id, severities, summary and what its severity rests on (``Basis``).
    package static var markdownTable: String {
        var lines = ["| rule | severity | finds | rests on |", "|---|---|---|---|"]
        for r in allCases {
            lines.append(
                "| `\(r.id)` | \(r.severities.map(\.rawValue).joined(separator: " / ")) | \(r.summary.replacingAll("|", "\\|")) | \(r.basis.rawValue) |"
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
