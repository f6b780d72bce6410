import Foundation
import Testing

@testable import SoundKitContainers
@testable import SoundKitNotifications

/// Every finding's severity must be one its rule declares, or the rule table would lie.
func declared(_ findings: [Finding], sourceLocation: SourceLocation = #_sourceLocation) -> [Finding] {
    for f in findings {
        #expect(
            f.rule.severities.contains(f.severity), "\(f.rule) reported \(f.severity): \(f.message)",
            sourceLocation: sourceLocation)
    }
    return findings
}

/// The repository root, for the documentation files.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A file of the real-world collection beside the repository (../shared/realworld), when it is there.
func realWorld(_ path: String) -> URL? {
    let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/realworld/\(path)")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}

/// Why a real-world test is skipped.
let realWorldMissing: Comment = "../shared/realworld is not beside the repository; the real-world files are not tested"

@Suite("Rule catalog")
struct RuleCatalogTests {
    @Test("ids are unique kebab-case; every rule has its usual severity first and no severity twice")
    func ids() {
        #expect(Set(Rule.allCases.map(\.id)).count == Rule.allCases.count)
        for r in Rule.allCases {
            #expect(r.id.allSatisfy { ($0.isASCII && $0.isLowercase) || $0 == "-" }, "\(r.id)")
            #expect(
                !r.severities.isEmpty && Set(r.severities).count == r.severities.count && r.severity == r.severities[0])
            #expect(!r.summary.isEmpty && !r.summary.contains("\n"))
            #expect("\(r)" == r.id)
        }
    }

    @Test("JSON keeps the rule as its id string, and reads it back")
    func json() throws {
        let f = Finding(.warning, .durationBanner, "m")
        let text = String(decoding: try JSONEncoder().encode(f), as: UTF8.self)
        #expect(text.contains(#""rule":"duration-banner""#))
        #expect(try JSONDecoder().decode(Finding.self, from: Data(text.utf8)) == f)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                Finding.self, from: Data(#"{"severity":"note","rule":"no-such-rule","message":"m"}"#.utf8))
        }
    }

    @Test("the DocC rules article and the README carry exactly the catalog's table")
    func docs() throws {
        let table = Rule.markdownTable
        for file in ["Sources/SoundKit/SoundKit.docc/Rules.md", "README.md"] {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            // The table block, from its header to the first line that is not a row, is the catalog's table.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let headers = lines.indices.filter { lines[$0] == "| rule | severity | finds | rests on |" }
            #expect(headers.count == 1, "\(file) has \(headers.count) rule tables")
            let block = headers.first.map { lines[$0...].prefix { $0.hasPrefix("|") }.joined(separator: "\n") }
            #expect(block == table, "\(file) does not hold Rule.markdownTable; paste this:\n\(table)")
        }
    }

    @Test("every rule of a sound file has one SoundRule, run by the checker")
    func soundRulesMatch() {
        let checked = soundRules.map { type(of: $0).rule }
        #expect(Set(checked).count == checked.count)
        #expect(
            Set(checked) == [
                .unreadable, .container, .codec, .duration, .durationBanner, .silence, .clipping, .loudness, .extension,
                .subfolder, .namePolicy, .channelsRate, .size,
            ])
    }
}

// MARK: - Payloads

/// Braze's documented rich-push payload (`ab.att` with `url` and `type`), with an https URL and mutable-content 1.
let brazePayload =
    #"{"ab":{"att":{"url":"https://mysite.com/myimage.jpg","type":"jpg"}},"aps":{"alert":{"title":"Hi","body":"A picture"},"mutable-content":1,"sound":"default"}}"#

/// Firebase's documented send request with an image for Apple devices (apns.fcm_options.image, mutable-content 1).
let fcmPayload =
    #"{"message":{"topic":"industry-tech","notification":{"title":"Sparky says hello!"},"android":{"notification":{"image":"https://foo.bar/pizza-monster.png"}},"apns":{"payload":{"aps":{"mutable-content":1}},"fcm_options":{"image":"https://foo.bar/pizza-monster.png"}},"webpush":{"headers":{"image":"https://foo.bar/pizza-monster.png"}}}}"#

let richRules: Set<Rule> = [
    .mutableContent, .attachmentURL, .attachmentType, .noServiceExtension, .categoryNotDeclared,
]

@Suite("Payload attachments")
struct PayloadAttachmentTests {
    func rich(_ json: String, bundle: String? = nil) -> [Finding] {
        declared(PayloadChecker.check(Array(json.utf8), locations: SoundLocations(bundle: bundle)).findings).filter {
            richRules.contains($0.rule)
        }
    }

    func braze(url: String = "https://example.com/cat.jpg", type: String = #""jpg""#, mutable: String = "1") -> String {
        #"{"ab":{"att":{"url":"\#(url)","type":\#(type)}},"aps":{"alert":"hi","mutable-content":\#(mutable)}}"#
    }

    @Test("documented payloads pass: Braze's ab.att with mutable-content 1, Firebase's apns.fcm_options.image")
    func documented() {
        #expect(rich(brazePayload).isEmpty)
        #expect(rich(fcmPayload).isEmpty)
        #expect(PayloadChecker.check(Array(brazePayload.utf8)).findings.allSatisfy { $0.severity != .error })
    }

    @Test("Braze's documentation example uses plain http: a warning, not an error")
    func brazeHTTP() {
        let f = rich(braze(url: "http://mysite.com/myimage.jpg"))
        #expect(f.map(\.rule) == [.attachmentURL] && f.first?.severity == .warning)
        #expect(f.first?.message.contains("App Transport Security") == true)
    }

    @Test("the issue's payload: type exe and url notaurl are errors naming them")
    func issueExample() {
        let f = rich(braze(url: "notaurl", type: #""exe""#))
        #expect(f.contains { $0.severity == .error && $0.rule == .attachmentType && $0.message.contains(#""exe""#) })
        #expect(f.contains { $0.severity == .error && $0.rule == .attachmentURL && $0.message.contains(#""notaurl""#) })
    }

    @Test(
        "mutable-content must be the number 1 when an attachment is named",
        arguments: [("1.0", "the number 1.0"), ("0", "the number 0"), (#""yes""#, "the string \"yes\"")])
    func mutableContentTypes(_ value: String, _ words: String) {
        let f = rich(braze(mutable: value))
        #expect(
            f.count == 1 && f[0].rule == .mutableContent && f[0].severity == .error && f[0].message.contains(words),
            "\(f)")
    }

    @Test(
        "mutable-content true or \"1\" beside an attachment is a warning: APNs documents the number 1",
        arguments: [(#""1""#, "the string \"1\""), ("true", "true")])
    func mutableContentLoose(_ value: String, _ words: String) {
        let f = rich(braze(mutable: value))
        #expect(
            f.count == 1 && f[0].rule == .mutableContent && f[0].severity == .warning && f[0].message.contains(words)
                && f[0].message.contains("documents the number 1"), "\(f)")
    }

    @Test(
        "an attachment without mutable-content: error for Braze and fcm_options, warning for FCM's notification.image")
    func missingMutableContent() {
        let b = rich(#"{"ab":{"att":{"url":"https://e.com/a.png","type":"png"}},"aps":{"alert":"hi"}}"#)
        #expect(
            b.map(\.rule) == [.mutableContent] && b[0].severity == .error
                && b[0].message.hasPrefix("ab.att names an attachment"))
        let fcm = rich(
            #"{"message":{"apns":{"payload":{"aps":{"alert":"x"}},"fcm_options":{"image":"https://e.com/a.png"}}}}"#)
        #expect(fcm.map(\.rule) == [.mutableContent] && fcm[0].severity == .error)
        let notification = rich(
            #"{"message":{"notification":{"image":"https://e.com/a.png"},"apns":{"payload":{"aps":{"alert":"x"}}}}}"#)
        #expect(notification.map(\.rule) == [.mutableContent] && notification[0].severity == .warning)
        #expect(
            rich(
                #"{"message":{"notification":{"image":"https://e.com/a.png"},"apns":{"payload":{"aps":{"mutable-content":1}}}}}"#
            ).isEmpty)
    }

    @Test("fcm_options.image overrides notification.image on Apple devices: only it is checked")
    func fcmOverride() {
        let f = rich(
            #"{"message":{"notification":{"image":"notaurl"},"apns":{"payload":{"aps":{"mutable-content":1}},"fcm_options":{"image":"https://e.com/a.png"}}}}"#
        )
        #expect(f.isEmpty)
    }

    @Test("mutable-content without an attachment: 1 and 0 pass, other types warn")
    func mutableAlone() {
        #expect(rich(#"{"aps":{"alert":"x","mutable-content":1}}"#).isEmpty)
        #expect(rich(#"{"aps":{"alert":"x","mutable-content":0}}"#).isEmpty)
        let f = rich(#"{"aps":{"alert":"x","mutable-content":"1"}}"#)
        #expect(f.map(\.rule) == [.mutableContent] && f[0].severity == .warning)
    }

    @Test(
        "URLs: absolute https passes, http warns, anything else is an error naming it",
        arguments: [
            ("https://example.com/a.jpg", nil), ("HTTPS://EXAMPLE.COM/a.jpg", nil),
            ("https://cdn.example.com:8443/x/a.jpg?w=100#f", nil),
            ("http://example.com/a.jpg", Severity.warning),
            ("notaurl", .error), ("ftp://example.com/a.jpg", .error), ("//example.com/a.jpg", .error),
            ("/a.jpg", .error),
            ("https://", .error), ("https:///a.jpg", .error), ("https://example.com/a b.jpg", .error), ("", .error),
            ("file:///tmp/a.jpg", .error), ("data:image/png;base64,AAAA", .error),
        ])
    func urls(_ url: String, _ severity: Severity?) {
        let f = rich(braze(url: url)).filter { $0.rule == .attachmentURL }
        #expect(f.map(\.severity) == (severity.map { [$0] } ?? []), "\(url): \(f)")
        if severity == .error { #expect(f.first?.message.contains("\"\(url)\"") == true) }
    }

    @Test("url missing or not a string, att not a dictionary")
    func urlShapes() {
        #expect(rich(#"{"ab":{"att":{"type":"jpg"}},"aps":{"mutable-content":1}}"#).map(\.rule) == [.attachmentURL])
        #expect(
            rich(#"{"ab":{"att":{"url":42,"type":"jpg"}},"aps":{"mutable-content":1}}"#).map(\.rule) == [.attachmentURL]
        )
        #expect(
            rich(#"{"ab":{"att":"https://e.com/a.jpg"},"aps":{"mutable-content":1}}"#).map(\.rule) == [.attachmentURL])
        #expect(rich(#"{"ab":{"c":"campaign"},"aps":{"alert":"x"}}"#).isEmpty)
    }

    @Test("every suffix UNNotificationAttachment accepts is a valid Braze type, in either case")
    func acceptedTypes() {
        let all = ["jpg", "jpeg", "png", "gif", "aif", "aiff", "wav", "mp3", "m4a", "mpg", "mpeg", "mp4", "m4v", "avi"]
        #expect(Set(AttachmentChecker.Kind.allCases.flatMap(\.suffixes)) == Set(all))
        for t in all + all.map({ $0.uppercased() }) {
            let f = rich(braze(url: "https://example.com/file", type: "\"\(t)\""))
            #expect(f.isEmpty, "\(t): \(f)")
        }
    }

    @Test(
        "types iOS refuses, a missing type, a dotted type: errors naming them",
        arguments: [
            (#""exe""#, "\"exe\""), (#""webp""#, "JPEG or PNG"), (#""heic""#, "\"heic\""),
            (#""caf""#, "M4A, MP3 or WAV"),
            (#""mov""#, "MPEG-4"), (#""""#, "\"\""), (#"".jpg""#, "without the dot"), ("3", "the number 3"),
            ("null", "null"),
        ])
    func refusedTypes(_ type: String, _ words: String) {
        let f = rich(braze(type: type)).filter { $0.rule == .attachmentType }
        #expect(f.count == 1 && f[0].severity == .error && f[0].message.contains(words), "\(type): \(f)")
    }

    @Test("no type at all: Braze shows the original content")
    func missingType() {
        let f = rich(#"{"ab":{"att":{"url":"https://e.com/a.jpg"}},"aps":{"mutable-content":1}}"#)
        #expect(f.map(\.rule) == [.attachmentType] && f[0].message.contains("has no \"type\""))
    }

    @Test(
        "a URL whose media suffix disagrees with type warns; jpeg/jpg, scripts and bare URLs do not",
        arguments: [
            ("https://e.com/a.png", "jpg", true), ("https://e.com/a.mp4?x=1", "gif", true),
            ("https://e.com/a.webp", "png", true),
            ("https://e.com/a.jpeg", "jpg", false), ("https://e.com/a.AIF", "aiff", false),
            ("https://e.com/img.php?id=3", "jpg", false),
            ("https://e.com/image", "png", false), ("https://e.com/a.png?name=b.jpg", "png", false),
            ("https://e.com", "jpg", false),
        ])
    func suffixAgreement(_ url: String, _ type: String, _ warns: Bool) {
        let f = rich(braze(url: url, type: "\"\(type)\""))
        #expect(f.map(\.severity) == (warns ? [.warning] : []), "\(url) \(type): \(f)")
        #expect(f.allSatisfy { $0.rule == .attachmentType })
    }

    @Test("an FCM v1 message keeps its sound checks and gets the attachment checks")
    func fcmSoundUnchanged() {
        let r = PayloadChecker.check(
            Array(
                #"{"message":{"apns":{"payload":{"aps":{"sound":"default","mutable-content":1}},"fcm_options":{"image":"https://e.com/a.png"}}}}"#
                    .utf8))
        #expect(r.findings.isEmpty && r.soundName == "default")
    }
}

// MARK: - Property lists

/// Info.plists of notification extensions, as Xcode's templates write them and as variations of them.
enum Plists {
    /// Xcode's Notification Content Extension template, as it appears in a project (XML, keys in Xcode's order).
    static let contentTemplateXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>NSExtension</key>
        \t<dict>
        \t\t<key>NSExtensionAttributes</key>
        \t\t<dict>
        \t\t\t<key>UNNotificationExtensionCategory</key>
        \t\t\t<string>myNotificationCategory</string>
        \t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>
        \t\t\t<real>1</real>
        \t\t</dict>
        \t\t<key>NSExtensionMainStoryboard</key>
        \t\t<string>MainInterface</string>
        \t\t<key>NSExtensionPointIdentifier</key>
        \t\t<string>com.apple.usernotifications.content-extension</string>
        \t</dict>
        </dict>
        </plist>

        """

    /// Xcode's Notification Service Extension template.
    static let serviceTemplateXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>NSExtension</key>
        \t<dict>
        \t\t<key>NSExtensionPointIdentifier</key>
        \t\t<string>com.apple.usernotifications.service</string>
        \t\t<key>NSExtensionPrincipalClass</key>
        \t\t<string>$(PRODUCT_MODULE_NAME).NotificationService</string>
        \t</dict>
        </dict>
        </plist>

        """

    static func attributes(_ changes: [String: Any?] = [:]) -> [String: Any] {
        var a: [String: Any] = [
            "UNNotificationExtensionCategory": "myNotificationCategory",
            "UNNotificationExtensionInitialContentSizeRatio": 1.0,
        ]
        for (k, v) in changes { a[k] = v }
        return a
    }

    /// The content template as a dictionary, with `changes` to NSExtension (nil removes a key).
    static func content(attributes: [String: Any]? = attributes(), _ changes: [String: Any?] = [:]) -> [String: Any] {
        var ext: [String: Any] = [
            "NSExtensionMainStoryboard": "MainInterface", "NSExtensionPointIdentifier": ExtensionChecker.contentPoint,
        ]
        if let attributes { ext["NSExtensionAttributes"] = attributes }
        for (k, v) in changes { ext[k] = v }
        return ["NSExtension": ext, "CFBundleIdentifier": "com.example.app.content"]
    }

    static func service(principal: Any? = "$(PRODUCT_MODULE_NAME).NotificationService") -> [String: Any] {
        var ext: [String: Any] = ["NSExtensionPointIdentifier": ExtensionChecker.servicePoint]
        ext["NSExtensionPrincipalClass"] = principal
        return ["NSExtension": ext]
    }

    enum Form: String, CaseIterable { case xml, binary }

    static func bytes(_ plist: [String: Any], _ form: Form) throws -> [UInt8] {
        [UInt8](
            try PropertyListSerialization.data(
                fromPropertyList: plist, format: form == .xml ? .xml : .binary, options: 0))
    }
}

/// A binary property list written object by object (the format of CoreFoundation's CFBinaryPList.c): "bplist00",
/// the objects, a table of their offsets, and a 32-byte trailer. For plists no encoder writes: cycles, long chains,
/// shared references.
enum BPlist {
    enum Object {
        case ascii(String), bool(Bool), int(UInt8), array([Int]), dict([(Int, Int)])
        /// A collection (marker 0xA0, 0xC0 or 0xD0) whose count is the integer of `size` bytes given, with no entries.
        case claim(UInt8, size: Int, count: UInt64)
    }

    static func make(_ objects: [Object], top: Int = 0) -> [UInt8] {
        let refSize = objects.count > 0xFFFF ? 4 : objects.count > 0xFF ? 2 : 1
        func be(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).reversed().map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) } }
        func marker(_ high: UInt8, _ count: Int) -> [UInt8] {
            count < 15 ? [high | UInt8(count)] : [high | 0x0F, 0x12] + be(count, 4)
        }
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for o in objects {
            offsets.append(out.count)
            switch o {
            case .ascii(let s): out += marker(0x50, s.utf8.count) + Array(s.utf8)
            case .bool(let b): out.append(b ? 0x09 : 0x08)
            case .int(let v): out += [0x10, v]
            case .array(let refs): out += marker(0xA0, refs.count) + refs.flatMap { be($0, refSize) }
            case .dict(let pairs):
                out +=
                    marker(0xD0, pairs.count) + pairs.flatMap { be($0.0, refSize) }
                    + pairs.flatMap { be($0.1, refSize) }
            case .claim(let high, let size, let count):
                let k = UInt8(size.trailingZeroBitCount)
                out +=
                    [high | 0x0F, 0x10 | k] + [UInt8](repeating: 0, count: max(0, size - 8))
                    + (0..<min(size, 8)).reversed().map { UInt8(truncatingIfNeeded: count >> ($0 * 8)) }
            }
        }
        let table = out.count
        for o in offsets { out += be(o, 4) }
        out += [0, 0, 0, 0, 0, 0, 4, UInt8(refSize)] + be(objects.count, 8) + be(top, 8) + be(table, 8)
        return out
    }
}

@Suite("Notification extension Info.plists")
struct ExtensionPlistTests {
    func check(_ bytes: [UInt8]) -> FileReport? {
        let r = ExtensionChecker.check(plist: bytes, path: "X.appex/Info.plist")
        if let r { _ = declared(r.findings) }
        return r
    }

    @Test("Xcode's content and service templates pass, as XML text and as binary; the categories are read")
    func templates() throws {
        let xml = Array(Plists.contentTemplateXML.utf8)
        let r = try #require(check(xml))
        #expect(r.findings.isEmpty && r.container == "XML property list" && r.format == ExtensionChecker.contentPoint)
        #expect(ExtensionChecker.judge(xml).kind == .content(categories: ["myNotificationCategory"]))
        let binary = try Plists.bytes(Plists.content(), .binary)
        #expect(binary.starts(with: Array("bplist00".utf8)))
        let b = try #require(check(binary))
        #expect(b.findings.isEmpty && b.container == "binary property list")
        #expect(ExtensionChecker.judge(binary).kind == .content(categories: ["myNotificationCategory"]))

        let service = Array(Plists.serviceTemplateXML.utf8)
        #expect(check(service)?.findings == [])
        #expect(ExtensionChecker.judge(service).kind == .service)
        let serviceBinary = try Plists.bytes(Plists.service(), .binary)
        #expect(check(serviceBinary)?.findings == [] && ExtensionChecker.judge(serviceBinary).kind == .service)
    }

    @Test(
        "optional keys as Booleans, an array of categories, a principal class instead of a storyboard",
        arguments: Plists.Form.allCases)
    func fuller(_ form: Plists.Form) throws {
        let a = Plists.attributes([
            "UNNotificationExtensionCategory": ["red-category", "green-category"],
            "UNNotificationExtensionInitialContentSizeRatio": 0.6,
            "UNNotificationExtensionDefaultContentHidden": true,
            "UNNotificationExtensionOverridesDefaultTitle": false,
            "UNNotificationExtensionUserInteractionEnabled": true,
        ])
        let bytes = try Plists.bytes(
            Plists.content(
                attributes: a, ["NSExtensionMainStoryboard": nil, "NSExtensionPrincipalClass": "App.ViewController"]),
            form)
        #expect(check(bytes)?.findings == [])
        #expect(ExtensionChecker.judge(bytes).kind == .content(categories: ["red-category", "green-category"]))
        let ratio = try Plists.bytes(
            Plists.content(attributes: Plists.attributes(["UNNotificationExtensionInitialContentSizeRatio": 2])), form)
        #expect(check(ratio)?.findings == [], "an integer ratio")
    }

    @Test("other extension points are not ours: no report")
    func otherExtensions() throws {
        for form in Plists.Form.allCases {
            let bytes = try Plists.bytes(
                ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]], form)
            #expect(check(bytes) == nil)
            #expect(ExtensionChecker.judge(bytes).kind == .other("com.apple.widgetkit-extension"))
        }
    }

    static var contentCases: [(String, [String: Any], String)] {
        [
            ("no attributes", Plists.content(attributes: nil), "NSExtension.NSExtensionAttributes is missing"),
            (
                "attributes a string", Plists.content(["NSExtensionAttributes": "x"]),
                "NSExtensionAttributes is the string \"x\""
            ),
            (
                "no category", Plists.content(attributes: Plists.attributes(["UNNotificationExtensionCategory": nil])),
                "UNNotificationExtensionCategory is missing"
            ),
            (
                "category a number",
                Plists.content(attributes: Plists.attributes(["UNNotificationExtensionCategory": 3])),
                "UNNotificationExtensionCategory is the number 3"
            ),
            (
                "category empty array",
                Plists.content(attributes: Plists.attributes(["UNNotificationExtensionCategory": [String]()])),
                "UNNotificationExtensionCategory is an empty array"
            ),
            (
                "category array with a number",
                Plists.content(attributes: Plists.attributes(["UNNotificationExtensionCategory": ["a", 2] as [Any]])),
                "UNNotificationExtensionCategory[1] is the number 2"
            ),
            (
                "category empty string",
                Plists.content(attributes: Plists.attributes(["UNNotificationExtensionCategory": ""])),
                "UNNotificationExtensionCategory is an empty string"
            ),
            (
                "category a dictionary",
                Plists.content(attributes: Plists.attributes(["UNNotificationExtensionCategory": ["a": "b"]])),
                "UNNotificationExtensionCategory is a dictionary"
            ),
            (
                "no ratio",
                Plists.content(attributes: Plists.attributes(["UNNotificationExtensionInitialContentSizeRatio": nil])),
                "UNNotificationExtensionInitialContentSizeRatio is missing"
            ),
            (
                "ratio a string",
                Plists.content(attributes: Plists.attributes(["UNNotificationExtensionInitialContentSizeRatio": "1"])),
                "InitialContentSizeRatio is the string \"1\""
            ),
            (
                "ratio negative",
                Plists.content(attributes: Plists.attributes(["UNNotificationExtensionInitialContentSizeRatio": -0.5])),
                "InitialContentSizeRatio is the number -0.5"
            ),
            (
                "hidden \"YES\"",
                Plists.content(attributes: Plists.attributes(["UNNotificationExtensionDefaultContentHidden": "YES"])),
                "UNNotificationExtensionDefaultContentHidden is the string \"YES\""
            ),
            (
                "title an integer",
                Plists.content(attributes: Plists.attributes(["UNNotificationExtensionOverridesDefaultTitle": 1])),
                "UNNotificationExtensionOverridesDefaultTitle is the number 1"
            ),
            (
                "interaction \"true\"",
                Plists.content(
                    attributes: Plists.attributes(["UNNotificationExtensionUserInteractionEnabled": "true"])),
                "UNNotificationExtensionUserInteractionEnabled is the string \"true\""
            ),
            (
                "no storyboard, no class", Plists.content(["NSExtensionMainStoryboard": nil]),
                "neither NSExtensionMainStoryboard nor NSExtensionPrincipalClass"
            ),
            (
                "storyboard empty", Plists.content(["NSExtensionMainStoryboard": ""]),
                "NSExtensionMainStoryboard is an empty string"
            ),
            (
                "storyboard a number", Plists.content(["NSExtensionMainStoryboard": 5]),
                "NSExtensionMainStoryboard is the number 5"
            ),
        ]
    }

    @Test(
        "a content extension's missing or mistyped keys: one error each, naming the key",
        arguments: contentCases.indices, Plists.Form.allCases)
    func contentErrors(_ i: Int, _ form: Plists.Form) throws {
        let (name, plist, words) = Self.contentCases[i]
        let r = try #require(check(try Plists.bytes(plist, form)), "\(name)")
        #expect(r.findings.count == 1, "\(name): \(r.findings)")
        #expect(r.findings.first?.rule == .contentExtension && r.findings.first?.severity == .error)
        #expect(r.findings.first?.message.contains(words) == true, "\(name): \(r.findings)")
    }

    @Test(
        "an initial content size ratio of 0 is a warning: apps ship it and size the view at run time",
        arguments: Plists.Form.allCases)
    func ratioZero(_ form: Plists.Form) throws {
        let plist = Plists.content(attributes: Plists.attributes(["UNNotificationExtensionInitialContentSizeRatio": 0]))
        let r = try #require(check(try Plists.bytes(plist, form)))
        #expect(r.findings.map(\.rule) == [.contentExtension], "\(r.findings)")
        #expect(r.findings.first?.severity == .warning)
        #expect(r.findings.first?.message.contains("UNNotificationExtensionInitialContentSizeRatio is 0") == true)
    }

    @Test(
        "Home Assistant's content extension (ratio 0) gets a warning and no error (../shared/realworld)",
        .enabled(if: realWorld("plists/home-assistant/ContentExtension-Info.plist") != nil, realWorldMissing))
    func homeAssistantRatio() throws {
        let url = try #require(realWorld("plists/home-assistant/ContentExtension-Info.plist"))
        let r = try #require(check(Array(try Data(contentsOf: url))))
        #expect(!r.hasErrors, "\(r.findings)")
        #expect(r.findings.contains { $0.rule == .contentExtension && $0.severity == .warning }, "\(r.findings)")
    }

    @Test("a service extension without its principal class", arguments: Plists.Form.allCases)
    func serviceErrors(_ form: Plists.Form) throws {
        for (principal, words) in [(nil, "is missing"), ("" as Any?, "is an empty string"), (true as Any?, "is true")] {
            let r = try #require(check(try Plists.bytes(Plists.service(principal: principal), form)))
            #expect(
                r.findings.map(\.rule) == [.serviceExtension]
                    && r.findings[0].message.contains("NSExtensionPrincipalClass \(words)"), "\(r.findings)")
        }
    }

    static let broken: [(String, [UInt8], String)] = {
        let template = Plists.contentTemplateXML
        var utf16: [UInt8] = [0xFF, 0xFE]
        for u in template.utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        return [
            ("empty", [], "is empty"),
            (
                "random bytes", (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) },
                "neither a binary nor an XML property list"
            ),
            ("truncated XML", Array(template.utf8.prefix(300)), "is not a valid XML property list"),
            (
                "truncated binary", Array((try? Plists.bytes(Plists.content(), .binary))?.dropLast(10) ?? []),
                "is not a valid binary property list"
            ),
            (
                "OpenStep text",
                Array(
                    #"{ NSExtension = { NSExtensionPointIdentifier = "com.apple.usernotifications.service"; }; }"#.utf8),
                "neither a binary nor an XML property list"
            ),
            ("UTF-16 XML", utf16, "UTF-16"),
            (
                "Latin-1 declared", Array(template.replacingOccurrences(of: "UTF-8", with: "ISO-8859-1").utf8),
                "declares the encoding iso-8859-1"
            ),
            (
                "a root array", Array("<plist><array><string>x</string></array></plist>".utf8),
                "the top level is an array"
            ),
            (
                "no NSExtension", Array("<plist><dict><key>CFBundleName</key><string>X</string></dict></plist>".utf8),
                "has no NSExtension dictionary"
            ),
            (
                "NSExtension a string",
                Array("<plist><dict><key>NSExtension</key><string>X</string></dict></plist>".utf8),
                "NSExtension is the string \"X\""
            ),
            (
                "no point identifier",
                Array(
                    "<plist><dict><key>NSExtension</key><dict><key>NSExtensionPrincipalClass</key><string>X</string></dict></dict></plist>"
                        .utf8), "NSExtensionPointIdentifier is missing"
            ),
            (
                "point identifier a number",
                Array(
                    "<plist><dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><integer>1</integer></dict></dict></plist>"
                        .utf8), "NSExtensionPointIdentifier is the number 1"
            ),
            (
                "too large", Array(template.utf8) + [UInt8](repeating: 0x20, count: InfoPlist.maxBytes),
                "bytes; an Info.plist over"
            ),
            // scripts/fuzz found this one: 0xFF bytes inside an <integer> made FoundationEssentials' decoder trap.
            (
                "invalid UTF-8 in an integer",
                Array("<?xml version=\"1.0\"?>\n<plist><integer>".utf8) + [UInt8](repeating: 0xFF, count: 122)
                    + Array("2</integer></plist>".utf8), "is not valid UTF-8 (at byte 38)"
            ),
        ]
    }()

    @Test("an unreadable or shapeless Info.plist is an extension-plist error, never a crash", arguments: broken.indices)
    func unreadable(_ i: Int) throws {
        let (name, bytes, words) = Self.broken[i]
        let r = try #require(check(bytes), "\(name)")
        #expect(r.findings.map(\.rule) == [.extensionPlist], "\(name): \(r.findings)")
        #expect(r.findings.first?.message.contains(words) == true, "\(name): \(r.findings)")
    }

    /// XML with `depth` arrays nested as the value of NSExtension (plus the root dict and the plist element).
    func nestedXML(_ depth: Int) -> [UInt8] {
        Array(
            ("<plist><dict><key>NSExtension</key>" + String(repeating: "<array>", count: depth)
                + String(repeating: "</array>", count: depth) + "</dict></plist>").utf8)
    }

    @Test("XML: 256 collection tags are read, 257 are refused before the recursive scanner sees them")
    func xmlCollectionLimit() throws {
        let limit = InfoPlist.maxXMLCollections
        let read = try #require(check(nestedXML(limit - 2)))
        #expect(read.findings.map(\.message) == ["NSExtension is an array; it must be a dictionary"])
        let refused = try #require(check(nestedXML(limit - 1)))
        #expect(
            refused.findings.count == 1
                && refused.findings[0].message.contains("more than \(limit) arrays and dictionaries"))
        // 100,000 unclosed arrays: under the size limit, and deep enough to overflow any thread's stack in the scanner.
        let deep = Array(("<plist><dict><key>NSExtension</key>" + String(repeating: "<array>", count: 100_000)).utf8)
        #expect(deep.count < InfoPlist.maxBytes)
        #expect(check(deep)?.findings.first?.message.contains("more than \(limit) arrays and dictionaries") == true)
    }

    @Test("the object writer makes binary plists the decoder reads like an encoder's")
    func bplistWriter() {
        let service = BPlist.make([
            .dict([(1, 2)]), .ascii("NSExtension"), .dict([(3, 4), (5, 6)]),
            .ascii("NSExtensionPointIdentifier"), .ascii(ExtensionChecker.servicePoint),
            .ascii("NSExtensionPrincipalClass"), .ascii("S.NotificationService"),
        ])
        #expect(check(service)?.findings == [] && ExtensionChecker.judge(service).kind == .service)
    }

    @Test(
        "binary: lengths the decoder would trap on are refused by name: collections of 2^62 entries and more, UTF-16 past the end"
    )
    func claimedCounts() throws {
        // FoundationEssentials converts count × reference size (× 2 for a dictionary) to Int and traps from 2^63 on;
        // scripts/fuzz found it with a dictionary whose count is a 16-byte integer.
        let claims: [(UInt8, Int, UInt64)] = [
            (0xD0, 16, 0x4E53_4578_7465_6E73), (0xD0, 8, 1 << 62), (0xA0, 8, 1 << 63),
            (0xC0, 8, 1 << 63), (0xA0, 8, .max), (0xD0, 4, 0xFFFF_FFFF), (0xA0, 2, 1000),
        ]
        for (high, size, count) in claims {
            let bytes = BPlist.make([.dict([(1, 2)]), .ascii("NSExtension"), .claim(high, size: size, count: count)])
            let messages = try #require(check(bytes)).findings.map(\.message)
            #expect(
                messages.count == 1 && messages[0].contains("is not a valid binary property list")
                    && messages[0].contains("claims \(count) entries"),
                "\(String(high, radix: 16)) \(count): \(messages)")
        }
        // It compares a UTF-16 string's characters, not its bytes, with the 106 bytes left before the offset table, and
        // traps reading one whose bytes run past the end of the file (154 bytes on): 53 characters fit, 54 read into the
        // offset table, 100 trap.
        for characters in [53, 54, 100] {
            let bytes = BPlist.make([
                .dict([(1, 2)]), .ascii("NSExtension"), .claim(0x60, size: 1, count: UInt64(characters)),
                .ascii(String(repeating: "x", count: 100)),
            ])
            let messages = try #require(check(bytes)).findings.map(\.message)
            let refused = messages.contains {
                $0.contains("is not a valid binary property list")
                    && $0.contains("claims \(characters) characters (\(2 * characters) bytes), more than the 106 bytes")
            }
            #expect(refused == (characters > 53) && !messages.isEmpty, "\(characters): \(messages)")
        }
    }

    @Test("binary: a cycle through every key the checks read ends in findings, not in a crash")
    func cycle() throws {
        // Object 0 is a dictionary whose NSExtension, NSExtensionAttributes and UNNotificationExtensionCategory are itself.
        let bytes = BPlist.make([
            .dict([(1, 0), (2, 0), (3, 0), (4, 5)]), .ascii("NSExtension"), .ascii("NSExtensionAttributes"),
            .ascii("UNNotificationExtensionCategory"), .ascii("NSExtensionPointIdentifier"),
            .ascii(ExtensionChecker.contentPoint),
        ])
        let r = try #require(check(bytes))
        #expect(r.findings.contains { $0.message.contains("UNNotificationExtensionCategory is a dictionary") })
        #expect(
            r.findings.contains { $0.message.contains("UNNotificationExtensionInitialContentSizeRatio is missing") })
    }

    @Test("binary: a chain of 100,000 nested arrays, and references shared 2^40 times, cost no more than their size")
    func deepAndShared() throws {
        // NSExtensionAttributes.UNNotificationExtensionCategory = [[[[…]]]]: only the first level is looked at.
        let n = 100_000
        var objects: [BPlist.Object] = [
            .dict([(1, 2)]), .ascii("NSExtension"), .dict([(3, 4), (5, 6), (7, 8)]),
            .ascii("NSExtensionPointIdentifier"), .ascii(ExtensionChecker.contentPoint),
            .ascii("NSExtensionMainStoryboard"), .ascii("M"),
            .ascii("NSExtensionAttributes"), .dict([(9, 10), (11, 12)]),
            .ascii("UNNotificationExtensionInitialContentSizeRatio"), .int(1),
            .ascii("UNNotificationExtensionCategory"), .array([13]),
        ]
        for i in 0..<n { objects.append(.array([objects.count + (i + 1 < n ? 1 : 0)])) }
        let r = try #require(check(BPlist.make(objects)))
        #expect(
            r.findings.map(\.message) == [
                "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory[0] is an array; every entry must be a category identifier string"
            ])

        // 40 levels of arrays holding the next level twice, under a key nobody reads.
        var shared: [BPlist.Object] = [
            .dict([(1, 2), (3, 4)]), .ascii("Unread"), .array([5, 5]), .ascii("NSExtension"), .dict([(6, 7), (8, 9)]),
            .array([10, 10]), .ascii("NSExtensionPointIdentifier"), .ascii(ExtensionChecker.servicePoint),
            .ascii("NSExtensionPrincipalClass"), .ascii("S.NotificationService"),
        ]
        for level in 0..<40 {
            shared.append(.array([shared.count + 1, shared.count + 1]))
            _ = level
        }
        shared.append(.bool(true))
        #expect(check(BPlist.make(shared))?.findings == [])
    }

    @Test("seeded mutations of the templates, XML and binary: every outcome is a report or nothing, never a crash")
    func mutations() throws {
        var rng = SplitMix64(seed: 11)
        let seeds = [
            Array(Plists.contentTemplateXML.utf8), try Plists.bytes(Plists.content(), .binary),
            Array(Plists.serviceTemplateXML.utf8), try Plists.bytes(Plists.service(), .binary),
        ]
        let ours: Set<Rule> = [.extensionPlist, .contentExtension, .serviceExtension]
        for round in 0..<4000 {
            var b = seeds[round % seeds.count]
            for _ in 0...(rng.next() % 4) {
                let pos = Int(rng.next() % UInt64(b.count))
                switch rng.next() % 4 {
                case 0: b[pos] = UInt8(truncatingIfNeeded: rng.next())
                case 1: b[pos] ^= 1 << (rng.next() % 8)
                case 2: b.remove(at: pos)
                default: b.insert(UInt8(truncatingIfNeeded: rng.next()), at: pos)
                }
                if b.isEmpty { b = [0] }
            }
            fuzzPlistCheck(b)
            if let r = check(b) { #expect(r.findings.allSatisfy { ours.contains($0.rule) }) }
        }
    }
}

/// A small, fast, seedable generator (Vigna's SplitMix64), so mutation tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: - Payloads against a bundle

@Suite("Payloads against an app's extensions")
struct BundlePayloadTests {
    /// An app with the given extensions' Info.plists under PlugIns.
    func app(_ extensions: [String: [String: Any]]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundkit-rich-\(UUID().uuidString.prefix(8))/Demo.app")
        for (name, plist) in extensions {
            let appex = dir.appendingPathComponent("PlugIns/\(name).appex")
            try FileManager.default.createDirectory(at: appex, withIntermediateDirectories: true)
            try Data(try Plists.bytes(plist, .binary)).write(to: appex.appendingPathComponent("Info.plist"))
        }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    func rich(_ json: String, _ app: String) -> [Finding] {
        declared(PayloadChecker.check(Array(json.utf8), locations: SoundLocations(bundle: app)).findings).filter {
            richRules.contains($0.rule)
        }
    }

    @Test("an attachment or mutable-content for an app without a service extension warns; with one it passes")
    func serviceExtension() throws {
        let bare = try app(["Content": Plists.content()])
        let f = rich(brazePayload, bare)
        #expect(f.map(\.rule) == [.noServiceExtension] && f[0].severity == .warning && f[0].message.contains("ab.att"))
        #expect(f[0].subject == bare && !f[0].message.contains(bare))
        #expect(rich(#"{"aps":{"alert":"x","mutable-content":1}}"#, bare).map(\.rule) == [.noServiceExtension])
        #expect(rich(#"{"aps":{"alert":"x"}}"#, bare).isEmpty)
        let full = try app(["Content": Plists.content(), "Service": Plists.service()])
        #expect(rich(brazePayload, full).isEmpty)
    }

    @Test("aps.category that no content extension declares is a note; a declared one passes")
    func category() throws {
        let full = try app([
            "Content": Plists.content(attributes: Plists.attributes(["UNNotificationExtensionCategory": ["a", "b"]])),
            "Service": Plists.service(),
        ])
        #expect(rich(#"{"aps":{"alert":"x","category":"b"}}"#, full).isEmpty)
        let f = rich(#"{"aps":{"alert":"x","category":"c"}}"#, full)
        #expect(
            f.map(\.rule) == [.categoryNotDeclared] && f[0].severity == .note
                && f[0].message.contains(#"declared: "a", "b""#) && !f[0].message.contains(full))
        let none = try app(["Service": Plists.service()])
        #expect(
            rich(#"{"aps":{"alert":"x","category":"b"}}"#, none).first?.message.contains(
                "no content extension declares any") == true)
    }

    @Test("an unreadable extension plist is named rather than taken for absence")
    func unreadableExtension() throws {
        let dir = try app(["Content": Plists.content()])
        let broken = URL(fileURLWithPath: dir).appendingPathComponent("PlugIns/Broken.appex")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("not a plist".utf8).write(to: broken.appendingPathComponent("Info.plist"))
        let f = rich(brazePayload, dir)
        #expect(f.map(\.rule) == [.noServiceExtension] && f[0].message.contains("Broken.appex could not be read"))
    }
}

// MARK: - Attachment files

@Suite("Attachment files by content")
struct AttachmentContentTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0]
    static let gif = Array("GIF89a".utf8) + [1, 0, 1, 0]
    static func riff(_ form: String) -> [UInt8] { Array("RIFF".utf8) + [36, 0, 0, 0] + Array(form.utf8) }
    static func ftyp(_ brand: String) -> [UInt8] {
        [0, 0, 0, 24] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0] + Array("\(brand)mp42".utf8)
    }
    static let aiff = Array("FORM".utf8) + [0, 0, 0, 50] + Array("AIFF".utf8)
    static let mp3 = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 0]
    static let mpeg: [UInt8] = [0, 0, 1, 0xBA, 0x44, 0, 4, 0, 4, 1]
    static let caf = Array("caff".utf8) + [0, 1, 0, 0]
    static let html = Array("\n  <!DOCTYPE html>\n<html><head><title>404 Not Found</title></head></html>".utf8)
    static let json = Array(#"{"error":"not found","status":404}"#.utf8)

    func judge(_ head: [UInt8], _ name: String, size: Int64 = 1000) -> (String, [Finding]) {
        let r = AttachmentChecker.judge(head: head, size: size, path: name)
        return (r.container, declared(r.findings))
    }

    @Test(
        "each accepted format under its own names: no finding",
        arguments: [
            (png, ["a.png", "A.PNG"]), (jpeg, ["a.jpg", "a.jpeg"]), (gif, ["a.gif"]), (riff("WAVE"), ["a.wav"]),
            (aiff, ["a.aif", "a.aiff"]),
            (mp3, ["a.mp3"]), (ftyp("M4A "), ["a.m4a"]), (ftyp("isom"), ["a.mp4", "a.m4v"]),
            (mpeg, ["a.mpg", "a.mpeg"]), (riff("AVI "), ["a.avi"]),
        ])
    func accepted(_ head: [UInt8], _ names: [String]) {
        for n in names { #expect(judge(head, n).1.isEmpty, "\(n)") }
    }

    @Test("a PNG named .jpg is a note (iOS decodes images by content); audio named .jpg a warning")
    func misnamed() {
        let (kind, f) = judge(Self.png, "photo.jpg")
        #expect(
            kind == "PNG image" && f.map(\.severity) == [.note] && f[0].rule == .attachmentExtension
                && f[0].message.contains("name it .png"))
        let wav = judge(Self.riff("WAVE"), "photo.jpg").1
        #expect(wav.map(\.severity) == [.warning] && wav[0].message.contains("which iOS takes for an image"))
        let mp3 = judge(Self.mp3, "voice.wav").1
        #expect(mp3.map(\.severity) == [.warning] && mp3[0].message.contains("another audio format"))
        let bare = judge(Self.gif, "anim").1
        #expect(bare.map(\.severity) == [.warning] && bare[0].message.contains("has no extension"))
    }

    @Test(
        "refused content is an error naming what it really is",
        arguments: [
            (html, "a.jpg", "HTML page"), (json, "a.png", #"text (it starts "{"error":"not found""#),
            (caf, "a.caf", "CAF"),
            (riff("WEBP"), "a.jpg", "WebP image"), (ftyp("heic"), "a.jpg", "HEIF (HEIC/AVIF) image"),
            (ftyp("avif"), "a.png", "HEIF"),
            (Array("fLaC".utf8) + [0, 0, 0, 34], "a.m4a", "file is FLAC"),
            ([0, 1, 2, 3, 0xFE], "a.gif", "an unrecognised file"),
        ])
    func refused(_ head: [UInt8], _ name: String, _ words: String) {
        let f = judge(head, name).1
        #expect(
            f.count == 1 && f[0].rule == .attachment && f[0].severity == .error && f[0].message.contains(words), "\(f)")
    }

    @Test("size limits by kind, at the byte")
    func limits() {
        for (head, limit) in [
            (Self.png, AttachmentChecker.imageLimit), (Self.mp3, AttachmentChecker.audioLimit),
            (Self.mpeg, AttachmentChecker.movieLimit),
        ] {
            let ext = head == Self.png ? "png" : head == Self.mp3 ? "mp3" : "mpg"
            #expect(judge(head, "a.\(ext)", size: limit).1.isEmpty)
            #expect(judge(head, "a.\(ext)", size: limit + 1).1.map(\.rule) == [.attachment])
        }
    }

    @Test("the sniffer: HTML by its WHATWG tags, text as control-free UTF-8, binary formats first")
    func sniffer() {
        #expect(ContainerKind(sniffing: Self.html) == .html)
        #expect(ContainerKind(sniffing: Array("\u{FEFF}<html lang=en>".utf8)) == .html)
        #expect(ContainerKind(sniffing: Array("<!-- x -->".utf8)) == .html)
        #expect(ContainerKind(sniffing: Array("<abc>".utf8)) == .text)
        #expect(ContainerKind(sniffing: Self.json) == .text)
        #expect(ContainerKind(sniffing: Array("Grüße, 😀".utf8)) == .text)
        #expect(
            ContainerKind(sniffing: Array(Array("Grüß".utf8).dropLast())) == .text,
            "a sequence cut by the end of the prefix")
        #expect(ContainerKind(sniffing: [0x61, 0x00, 0x62]) == .unknown)
        #expect(ContainerKind(sniffing: [0x61, 0xC0, 0x80]) == .unknown)
        #expect(ContainerKind(sniffing: []) == .unknown)
        #expect(
            ContainerKind(sniffing: Self.riff("WAVE")) == .wav && ContainerKind(sniffing: Self.riff("WEBP")) == .webp)
        #expect(
            ContainerKind(sniffing: Self.ftyp("mif1")) == .heif && ContainerKind(sniffing: Self.ftyp("mp42")) == .mpeg4)
    }

    @Test("random bytes and mutated payloads never stop the checkers")
    func fuzzEntries() {
        var rng = SplitMix64(seed: 7)
        let payloads = [brazePayload, fcmPayload].map { Array($0.utf8) }
        for round in 0..<TestRun.size(quick: 750, full: 3000) {
            let random = (0..<Int(rng.next() % 600)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            fuzzAttachmentCheck(random)
            var p = payloads[round % 2]
            let pos = Int(rng.next() % UInt64(p.count))
            p[pos] = UInt8(truncatingIfNeeded: rng.next())
            fuzzPayloadCheck(p)
            #expect(declared(PayloadChecker.check(p).findings).allSatisfy { !$0.message.isEmpty })
        }
    }
}
