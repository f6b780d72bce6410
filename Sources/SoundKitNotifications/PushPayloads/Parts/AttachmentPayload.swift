/// Rich-notification attachments named in a payload: Braze's `ab.att` (`url`, `type`), FCM v1's
/// `message.apns.fcm_options.image` or `message.notification.image`, OneSignal's `ios_attachments`. A notification
/// service extension downloads them, and iOS runs it only when `aps.mutable-content` is the number 1; otherwise iOS
/// shows the plain notification. Except Braze's, which names its type, each is saved under its URL's suffix, by which
/// UNNotificationAttachment judges it.
enum AttachmentPayload {
    /// One attachment the payload names.
    struct Named {
        /// Where it is named (`ab.att.url`, `message.apns.fcm_options.image`, `ios_attachments.id1`).
        var path: [String]
        var url: JSONValue
        /// Braze's `ab.att` dictionary, for its `type`.
        var braze: JSONValue?
        /// How bad a missing `mutable-content` is: FCM's `notification.image` may be meant for Android only.
        var mutableContentSeverity: Severity

        /// The attachment's name in messages: `ab.att`, or the FCM field.
        var label: String { PayloadChecker.dotted(braze == nil ? path : Array(path.dropLast())) }
    }

    /// Suffixes of media files, for telling a URL's own suffix from a script's (`image.php?id=3`).
    static let mediaSuffixes: Set<String> = Set(AttachmentChecker.Kind.allCases.flatMap(\.suffixes)).union(
        [
            "aifc", "caf", "aac", "flac", "ogg", "oga", "opus", "webm", "mkv", "mov", "webp", "heic", "heif", "avif",
            "bmp", "tif", "tiff", "svg",
        ])

    /// The attachment checks of an APNs `payload`, with `aps` (at `apsPath`) when it has that dictionary and `extra`
    /// named by its provider outside it.
    static func check(
        payload: JSONValue, aps: JSONValue?, apsPath: [String], extra: [Named], bundle: String?,
        into notes: inout PayloadNotes
    ) {
        let named = attachments(payload: payload, apsPath: apsPath, into: &notes) + extra
        for n in named {
            if let att = n.braze {
                urlCheck(n.url, at: n.path, bundle: bundle, into: &notes)
                if case .string(let url)? = att["url"], case .string(let type)? = att["type"] {
                    suffixAgreement(url: url, type: type, at: Array(n.path.dropLast()), into: &notes)
                }
            } else {
                downloaded(n.url, at: n.path, bundle: bundle, into: &notes)
            }
        }
        MutableContentRule.check(aps?["mutable-content"], named: named, at: apsPath + ["mutable-content"], into: &notes)
        if let bundle {
            againstBundle(
                bundle, attachments: named, mutable: aps?["mutable-content"], aps: aps, apsPath: apsPath, into: &notes)
        }
    }

    /// Braze's `ab.att` beside `aps`, with the findings on `ab.att` itself.
    static func attachments(payload: JSONValue, apsPath: [String], into notes: inout PayloadNotes) -> [Named] {
        let att = Array(apsPath.dropLast()) + ["ab", "att"]  // beside aps: ab.att or message.apns.payload.ab.att
        let attName = PayloadChecker.dotted(att)
        guard let value = payload["ab"]?["att"] else { return [] }
        guard case .object = value else {
            notes.add(
                .attachmentURL,
                "\(attName) is \(value.typeName); it must be a dictionary {\"url\": \"https://…\", \"type\": \"jpg\"}",
                at: att)
            return []
        }
        brazeType(value, at: att, into: &notes)
        guard let url = value["url"] else {
            notes.add(
                .attachmentURL, "\(attName) has no \"url\"; Braze's service extension downloads the attachment from it",
                at: att + ["url"])
            return []
        }
        return [Named(path: att + ["url"], url: url, braze: value, mutableContentSeverity: .error)]
    }

    /// FCM v1's image for Apple devices in `message`: `apns.fcm_options.image`, or else `notification.image` (which
    /// may be meant for Android only, so a missing mutable-content is a warning).
    static func fcmImages(_ message: JSONValue) -> [Named] {
        if let image = message["apns"]?["fcm_options"]?["image"] {
            return [
                Named(
                    path: ["message", "apns", "fcm_options", "image"], url: image, braze: nil,
                    mutableContentSeverity: .error)
            ]
        }
        if let image = message["notification"]?["image"] {
            return [
                Named(
                    path: ["message", "notification", "image"], url: image, braze: nil, mutableContentSeverity: .warning
                )
            ]
        }
        return []
    }

    /// A URL (at `place`) the provider's service extension downloads and saves under the URL's own suffix:
    /// absolute https, and a suffix UNNotificationAttachment accepts.
    static func downloaded(
        _ value: JSONValue, at place: [String], bundle: String? = nil, into notes: inout PayloadNotes
    ) {
        let path = PayloadChecker.dotted(place)
        let found = judgedURL(value, at: place, bundle: bundle)
        if let found { notes.place(found, subject: place) }
        // Only a URL the extension can download has a suffix worth judging.
        if case .string(let url) = value, found == nil || found?.severity == .warning,
            let f = urlTypeFinding(url, at: path)
        {
            notes.place(f, subject: place)
        }
    }

    /// `attachment-type` on a URL whose suffix names the file: none iOS recognises, or a format it refuses.
    static func urlTypeFinding(_ url: String, at path: String) -> Finding? {
        let suffix = urlSuffix(url)
        guard let s = suffix, mediaSuffixes.contains(s) else {
            let found = suffix.map { "its path ends in .\($0)" } ?? "its path has no suffix"
            return Rule.attachmentType.finding(
                "\(path) \"\(url)\" names no media type iOS recognises (\(found)); the service extension saves the download under the URL's suffix and UNNotificationAttachment refuses it (\"Unrecognized attachment file type\") — end the URL's path in a suffix such as .jpg, .png, .gif or .mp4"
            )
        }
        guard AttachmentChecker.Kind(suffix: s) == nil else { return nil }
        return Rule.attachmentType.finding(
            "\(path) \"\(url)\" is .\(s), which UNNotificationAttachment does not accept; use \(suffixList)\(hint(s))")
    }

    /// The lowercased suffix of a URL's last path component (query and fragment aside), when it has one.
    static func urlSuffix(_ url: String) -> String? {
        let afterScheme = url.firstRange(of: "://").map { url[$0.upperBound...] } ?? url[...]
        let pathPart = afterScheme.prefix { $0 != "?" && $0 != "#" }.drop { $0 != "/" }
        let last = pathPart.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        let suffix = last[last.index(after: dot)...].lowercased()
        return suffix.isEmpty ? nil : suffix
    }

    /// The URL at `at` must be absolute https; plain http works only where App Transport Security is relaxed,
    /// which with `bundle` is read from its service extensions (``AppWiring/transportSecurity(url:at:bundle:finding:)``).
    static func urlCheck(_ value: JSONValue, at at: [String], bundle: String? = nil, into notes: inout PayloadNotes) {
        if let f = judgedURL(value, at: at, bundle: bundle) { notes.place(f, subject: at) }
    }

    /// The finding on the URL at `at`, if any: a plain-http one judged, with `bundle`, by its App Transport Security.
    static func judgedURL(_ value: JSONValue, at at: [String], bundle: String?) -> Finding? {
        guard let f = urlFinding(value, at: PayloadChecker.dotted(at)) else { return nil }
        guard let bundle, case .string(let url) = value, url.lowercased().hasPrefix("http://"), f.severity == .warning
        else { return f }
        return AppWiring.transportSecurity(url: url, at: PayloadChecker.dotted(at), bundle: bundle, finding: f)
    }

    static func urlFinding(_ value: JSONValue, at path: String) -> Finding? {
        guard case .string(let url) = value else {
            return Rule.attachmentURL.finding("\(path) is \(value.typeName); it must be an https URL string")
        }
        if url.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return Rule.attachmentURL.finding(
                "\(path) \"\(url)\" contains white space or control characters; percent-encode them (a space is %20), or the service extension cannot make a URL of it"
            )
        }
        let lower = url.lowercased()
        for scheme in ["https://", "http://"] where lower.hasPrefix(scheme) {
            let host = url.dropFirst(scheme.count).prefix { !"/?#".contains($0) }
            guard !host.isEmpty else { break }
            if scheme == "http://" {
                return Rule.attachmentURL.finding(
                    "\(path) \"\(url)\" is plain http; App Transport Security blocks the download unless the service extension's Info.plist allows it — serve it over https",
                    .warning)
            }
            return nil
        }
        return Rule.attachmentURL.finding(
            "\(path) is \"\(url)\", not an absolute https URL; the notification service extension cannot download it")
    }

    /// Braze's `ab.att.type`: the suffix its extension gives the downloaded file, which iOS judges the attachment by.
    static func brazeType(_ att: JSONValue, at at: [String], into notes: inout PayloadNotes) {
        for f in brazeTypeFindings(att, at: PayloadChecker.dotted(at)) { notes.place(f, subject: at + ["type"]) }
    }

    static func brazeTypeFindings(_ att: JSONValue, at path: String) -> [Finding] {
        guard let value = att["type"] else {
            return [
                Rule.attachmentType.finding(
                    "\(path) has no \"type\"; without it Braze's service extension shows the original content without the attachment — add the file's suffix, e.g. \"type\": \"jpg\""
                )
            ]
        }
        guard case .string(let type) = value else {
            return [
                Rule.attachmentType.finding(
                    "\(path).type is \(value.typeName); it must be a file suffix string such as \"jpg\"")
            ]
        }
        if type.hasPrefix("."), AttachmentChecker.Kind(suffix: String(type.dropFirst())) != nil {
            return [
                Rule.attachmentType.finding(
                    "\(path).type is \"\(type)\"; write the suffix without the dot (\"\(type.dropFirst())\")")
            ]
        }
        guard AttachmentChecker.Kind(suffix: type) == nil else { return [] }
        return [
            Rule.attachmentType.finding(
                "\(path).type is \"\(type)\", which UNNotificationAttachment does not accept; use \(suffixList)\(hint(type))"
            )
        ]
    }

    /// What to convert a refused format to, by its suffix.
    static func hint(_ suffix: String) -> String {
        let lower = suffix.lowercased()
        if ["webp", "heic", "heif", "avif", "bmp", "tif", "tiff", "svg"].contains(lower) {
            return " — convert the image to JPEG or PNG"
        }
        if ["mov", "webm", "mkv"].contains(lower) { return " — convert the video to MPEG-4" }
        return ["caf", "aac", "ogg", "opus", "flac"].contains(lower) ? " — convert the audio to M4A, MP3 or WAV" : ""
    }

    static var suffixList: String {
        AttachmentChecker.Kind.allCases.map { k in
            let s = k.suffixes
            return s.dropLast().joined(separator: ", ") + " or " + (s.last ?? "")
                + " (\(k == .movie ? "video" : k.rawValue == "image" ? "images" : "audio"))"
        }.joined(separator: "; ")
    }

    /// A URL whose own media suffix names another format than `type`: the file is saved under `type`'s suffix.
    static func suffixAgreement(url: String, type: String, at at: [String], into notes: inout PayloadNotes) {
        for f in suffixFindings(url: url, type: type, at: PayloadChecker.dotted(at)) {
            notes.place(f, subject: at + ["url"])
        }
    }

    static func suffixFindings(url: String, type: String, at path: String) -> [Finding] {
        guard AttachmentChecker.Kind(suffix: type) != nil, let suffix = urlSuffix(url) else { return [] }
        guard mediaSuffixes.contains(suffix), canonical(suffix) != canonical(type.lowercased()) else { return [] }
        return [
            Rule.attachmentType.finding(
                "\(path).url ends in .\(suffix) but \(path).type is \"\(type)\"; the file is saved as .\(type) and iOS judges it by that suffix — make them agree",
                .warning)
        ]
    }

    static func canonical(_ suffix: String) -> String {
        switch suffix {
        case "jpeg": return "jpg"
        case "aif": return "aiff"
        case "mpg": return "mpeg"
        default: return suffix
        }
    }

    /// The app's notification extensions, and a note on those that could not be read, for the rules that judge a
    /// payload against the app (``NoServiceExtensionRule``, ``CategoryNotDeclaredRule``).
    struct AppExtensions {
        var all: [NotificationExtension]
        /// Empty, or " (A.appex could not be read; …)", said after each finding.
        var unread: String

        init(of bundle: String) {
            all = ExtensionChecker.extensions(of: bundle)
            // Named inside the bundle, as the user named the bundle.
            let unreadable = all.filter { $0.kind == .unreadable }.map {
                $0.path.hasPrefix(bundle + "/") ? String($0.path.dropFirst(bundle.count + 1)) : $0.path
            }
            unread =
                unreadable.isEmpty
                ? "" : " (\(unreadable.joined(separator: ", ")) could not be read; checking the bundle says why)"
        }
    }

    /// With the app at hand: is there a service extension to download the attachment, and a content extension for
    /// the category? Each is its rule's check. Messages say "the app", not its path.
    static func againstBundle(
        _ bundle: String, attachments: [Named], mutable: JSONValue?, aps: JSONValue?, apsPath: [String],
        into notes: inout PayloadNotes
    ) {
        let app = AppExtensions(of: bundle)
        NoServiceExtensionRule.check(
            app, bundle: bundle, attachments: attachments, mutable: mutable, apsPath: apsPath, into: &notes)
        CategoryNotDeclaredRule.check(app, aps: aps, apsPath: apsPath, into: &notes)
    }
}
