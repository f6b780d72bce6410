import Foundation
import Testing

/// Info.plists of notification extensions, written by Foundation's property-list writer (XML or binary), and an app
/// bundle holding them under PlugIns.
enum ExtensionFixtures {
    static let contentPoint = "com.apple.usernotifications.content-extension"
    static let servicePoint = "com.apple.usernotifications.service"

    /// Xcode's Notification Content Extension template (NSExtension part).
    static func content(
        _ attributes: [String: Any]? = [
            "UNNotificationExtensionCategory": "myNotificationCategory",
            "UNNotificationExtensionInitialContentSizeRatio": 1.0,
        ],
        storyboard: String? = "MainInterface"
    ) -> [String: Any] {
        var ext: [String: Any] = ["NSExtensionPointIdentifier": contentPoint]
        ext["NSExtensionAttributes"] = attributes
        ext["NSExtensionMainStoryboard"] = storyboard
        return ["CFBundleIdentifier": "com.example.demo.content", "CFBundlePackageType": "XPC!", "NSExtension": ext]
    }

    /// Xcode's Notification Service Extension template.
    static func service(principal: String? = "Service.NotificationService") -> [String: Any] {
        var ext: [String: Any] = ["NSExtensionPointIdentifier": servicePoint]
        ext["NSExtensionPrincipalClass"] = principal
        return ["CFBundleIdentifier": "com.example.demo.service", "NSExtension": ext]
    }

    static func write(_ plist: [String: Any], binary: Bool, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: plist, format: binary ? .binary : .xml, options: 0).write(
            to: url)
    }

    /// `Demo.app` in a fresh folder, with `extensions` (name → Info.plist, binary or XML) under PlugIns.
    static func app(_ extensions: [(String, [String: Any], binary: Bool)]) throws -> URL {
        let app = try temporaryDirectory("rich-app").appendingPathComponent("Demo.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try write(
            ["CFBundleIdentifier": "com.example.demo"], binary: true, to: app.appendingPathComponent("Info.plist"))
        for (name, plist, binary) in extensions {
            try write(plist, binary: binary, to: app.appendingPathComponent("PlugIns/\(name).appex/Info.plist"))
        }
        return app
    }
}

@Suite("soundkit check: notification extensions")
struct ExtensionCheckCLITests {
    func lines(_ r: Tool.Result) -> [String] { r.stdout.split(separator: "\n").map(String.init) }

    @Test("Xcode's templates pass as XML and as binary; a widget is not ours; exit 0")
    func templates() throws {
        let app = try ExtensionFixtures.app([
            ("ContentXML", ExtensionFixtures.content(), false), ("ContentBinary", ExtensionFixtures.content(), true),
            ("Service", ExtensionFixtures.service(), true),
            ("Widget", ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]], true),
        ])
        let r = try Tool.soundkit("check", app.path)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("checked 3 files: 0 errors, 0 warnings"))
        let json = try Tool.soundkit("check", "--format", "json", app.path)
        let doc = try JSONDecoder().decode(CheckJSON.self, from: json.data)
        // PlugIns in name order: ContentBinary, ContentXML, Service.
        #expect(doc.files.map(\.container) == ["binary property list", "XML property list", "binary property list"])
        #expect(
            doc.files.map(\.format) == [
                ExtensionFixtures.contentPoint, ExtensionFixtures.contentPoint, ExtensionFixtures.servicePoint,
            ])
    }

    @Test("broken extensions: one `plist: error: message [rule]` line per problem, naming the key; exit 1")
    func broken() throws {
        let yes: [String: Any] = [
            "UNNotificationExtensionCategory": "c", "UNNotificationExtensionInitialContentSizeRatio": 1,
            "UNNotificationExtensionDefaultContentHidden": "YES",
        ]
        let app = try ExtensionFixtures.app([
            ("Yes", ExtensionFixtures.content(yes), true),
            ("NoAttributes", ExtensionFixtures.content(nil), false),
            (
                "NoRatio", ExtensionFixtures.content(["UNNotificationExtensionCategory": ["a", "b"]], storyboard: nil),
                true
            ),
            ("Service", ExtensionFixtures.service(principal: nil), false),
        ])
        let bad = app.appendingPathComponent("PlugIns/Garbage.appex")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        try Data("<html>not a plist</html>".utf8).write(to: bad.appendingPathComponent("Info.plist"))
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("PlugIns/Empty.appex"), withIntermediateDirectories: true)

        let r = try Tool.soundkit("check", app.path)
        #expect(r.status == 1)
        let plugIns = app.appendingPathComponent("PlugIns").path
        let expected: [(String, String, String)] = [
            (
                "Yes",
                "NSExtension.NSExtensionAttributes.UNNotificationExtensionDefaultContentHidden is the string \"YES\"",
                "content-extension"
            ),
            ("NoAttributes", "NSExtension.NSExtensionAttributes is missing", "content-extension"),
            (
                "NoRatio", "NSExtension has neither NSExtensionMainStoryboard nor NSExtensionPrincipalClass",
                "content-extension"
            ),
            ("NoRatio", "UNNotificationExtensionInitialContentSizeRatio is missing", "content-extension"),
            ("Service", "NSExtension.NSExtensionPrincipalClass is missing", "service-extension"),
            ("Garbage", "is not a valid XML property list", "extension-plist"),
            ("Empty", "cannot open", "extension-plist"),
        ]
        for (name, words, rule) in expected {
            let prefix = "\(plugIns)/\(name).appex/Info.plist: error: "
            #expect(
                lines(r).contains { $0.hasPrefix(prefix) && $0.contains(words) && $0.hasSuffix("[\(rule)]") },
                "\(name): \(r.stdout)")
        }
        #expect(lines(r).count == expected.count, "\(r.stdout)")
        #expect(r.stderr.contains("checked 6 files: 7 errors"), "\(r.stderr)")
        let g = try Tool.soundkit("check", "--format", "github", bad.path)
        #expect(
            g.status == 1 && g.stdout.hasPrefix("::error file=\(bad.path)/Info.plist,title=soundkit extension-plist::"))
    }

    @Test("an .appex given directly is checked, and sounds inside extensions are checked like the app's")
    func appexAndSounds() throws {
        _ = CheckFixtures.made
        let app = try ExtensionFixtures.app([("Service", ExtensionFixtures.service(principal: ""), true)])
        let appex = app.appendingPathComponent("PlugIns/Service.appex")
        try FileManager.default.copyItem(
            atPath: CheckFixtures.path("mp3.caf"), toPath: appex.appendingPathComponent("bad.caf").path)
        try FileManager.default.copyItem(
            atPath: CheckFixtures.path("soundkit-ima4.caf"), toPath: appex.appendingPathComponent("ok.caf").path)
        for target in [app, appex] {
            let r = try Tool.soundkit("check", target.path)
            #expect(r.status == 1)
            #expect(
                lines(r).contains {
                    $0.hasPrefix("\(appex.path)/bad.caf: error: data format is MP3") && $0.hasSuffix("[codec]")
                }, "\(r.stdout)")
            #expect(
                lines(r).contains {
                    $0.hasPrefix(
                        "\(appex.path)/Info.plist: error: NSExtension.NSExtensionPrincipalClass is an empty string")
                })
            #expect(!r.stdout.contains("ok.caf"))
        }
    }
}

@Suite("soundkit payload: attachments")
struct AttachmentPayloadCLITests {
    func payload(_ json: String, _ extra: [String] = []) throws -> Tool.Result {
        let dir = try temporaryDirectory("payload")
        let file = dir.appendingPathComponent("push.json")
        try Data(json.utf8).write(to: file)
        return try Tool.run(Tool.soundkit, ["payload", file.path] + extra, in: dir)
    }

    /// Braze's documented rich push (`ab.att` with `url` and `type`), with an https URL and mutable-content 1.
    static let braze =
        #"{"ab":{"att":{"url":"https://mysite.com/myimage.jpg","type":"jpg"}},"aps":{"alert":"A picture","sound":"default","mutable-content":1}}"#

    @Test("Braze's and Firebase's documented payloads pass with mutable-content 1")
    func documented() throws {
        let fcm =
            #"{"message":{"topic":"industry-tech","notification":{"title":"Sparky says hello!"},"apns":{"payload":{"aps":{"mutable-content":1,"sound":"default"}},"fcm_options":{"image":"https://foo.bar/pizza-monster.png"}}}}"#
        for json in [Self.braze, fcm] {
            let r = try payload(json)
            #expect(r.status == 0 && r.stdout.isEmpty, "\(json): \(r.stdout)")
        }
    }

    @Test("the issue's Braze payload fails: type exe and url notaurl, each named with its rule")
    func issuePayload() throws {
        let r = try payload(
            #"{"ab":{"att":{"url":"notaurl","type":"exe"}},"aps":{"alert":"x","sound":"default","mutable-content":1}}"#)
        #expect(r.status == 1)
        #expect(
            r.stdout.contains(
                #"push.json:1:38: error: ab.att.type is "exe", which UNNotificationAttachment does not accept"#)
                && r.stdout.contains("[attachment-type]"))
        #expect(
            r.stdout.contains(#"push.json:1:21: error: ab.att.url is "notaurl", not an absolute https URL"#)
                && r.stdout.contains("[attachment-url]"))
    }

    @Test("an attachment without mutable-content: error for Braze, warning for FCM's notification.image")
    func mutableContent() throws {
        let braze = try payload(
            #"{"ab":{"att":{"url":"https://e.com/a.gif","type":"gif"}},"aps":{"alert":"x","sound":"default"}}"#)
        #expect(
            braze.status == 1
                && braze.stdout.contains(
                    #"push.json:1:64: error: ab.att names an attachment but aps has no "mutable-content": 1"#)
                && braze.stdout.hasSuffix("[mutable-content]\n"))
        let truthy = try payload(
            #"{"ab":{"att":{"url":"https://e.com/a.gif","type":"gif"}},"aps":{"alert":"x","sound":"default","mutable-content":true}}"#
        )
        // Issue 26: Home Assistant sends the JSON boolean; APNs documents the number, so a warning.
        #expect(
            truthy.status == 0
                && truthy.stdout.contains("warning: aps.mutable-content is true; APNs documents the number 1"))
        let fcm = try payload(
            #"{"message":{"notification":{"image":"https://e.com/a.png"},"apns":{"payload":{"aps":{"sound":"default"}}}}}"#
        )
        #expect(
            fcm.status == 0
                && fcm.stdout.contains("push.json:1:85: warning: message.notification.image names an attachment")
        )
        let strict = try payload(
            #"{"message":{"apns":{"payload":{"aps":{"sound":"default"}},"fcm_options":{"image":"https://e.com/a.png"}}}}"#
        )
        #expect(
            strict.status == 1 && strict.stdout.contains("error: message.apns.fcm_options.image names an attachment"))
    }

    @Test("plain http is a warning (exit 0); a URL suffix that disagrees with type is a warning")
    func warnings() throws {
        let http = try payload(
            #"{"ab":{"att":{"url":"http://mysite.com/myimage.jpg","type":"jpg"}},"aps":{"alert":"x","sound":"default","mutable-content":1}}"#
        )
        #expect(
            http.status == 0
                && http.stdout.contains("warning: ab.att.url \"http://mysite.com/myimage.jpg\" is plain http")
                && http.stdout.contains("[attachment-url]"))
        let suffix = try payload(
            #"{"ab":{"att":{"url":"https://e.com/clip.mp4","type":"gif"}},"aps":{"alert":"x","sound":"default","mutable-content":1}}"#
        )
        #expect(
            suffix.status == 0 && suffix.stdout.contains("warning: ab.att.url ends in .mp4 but ab.att.type is \"gif\""))
    }

    @Test("--bundle: no service extension warns, an undeclared category is a note; a complete app passes")
    func againstBundle() throws {
        let bare = try ExtensionFixtures.app([("Content", ExtensionFixtures.content(), true)])
        let json =
            #"{"ab":{"att":{"url":"https://mysite.com/myimage.jpg","type":"jpg"}},"aps":{"alert":"x","sound":"default","mutable-content":1,"category":"other"}}"#
        let r = try payload(json, ["--bundle", bare.path])
        #expect(r.status == 0)
        #expect(
            r.stdout.contains(
                "push.json:1:21: warning: \(bare.path): the payload names an attachment (ab.att), but the app has no notification service extension"
            ) && r.stdout.contains("[no-service-extension]"))
        #expect(
            r.stdout.contains(#"push.json:1:137: note: aps.category "other" is declared by no content extension"#)
                && r.stdout.contains("[category-not-declared]"))
        let full = try ExtensionFixtures.app([
            ("Content", ExtensionFixtures.content(), false), ("Service", ExtensionFixtures.service(), true),
        ])
        let ok = try payload(
            json.replacingOccurrences(of: "other", with: "myNotificationCategory"), ["--bundle", full.path])
        #expect(ok.status == 0 && ok.stdout.isEmpty, "\(ok.stdout)")
        let j = try payload(json, ["--bundle", bare.path, "--format", "json"])
        let doc = try JSONDecoder().decode(CheckJSON.self, from: j.data)
        #expect(doc.files.first?.findings.map(\.rule) == ["no-service-extension", "category-not-declared"])
    }
}

@Suite("soundkit check --attachment: by content")
struct AttachmentFileCLITests {
    func ffmpeg(_ args: String...) throws { try Tool.must("ffmpeg", ["-v", "error", "-y"] + args) }

    @Test(
        "real images, audio and movies from ffmpeg pass; a PNG named .jpg is a note; an HTML page named .jpg an error")
    func byContent() throws {
        _ = CheckFixtures.made
        let dir = try temporaryDirectory("attachments")
        func p(_ name: String) -> String { dir.appendingPathComponent(name).path }
        try ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x48:rate=1", "-frames:v", "1", p("shot.png"))
        try ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x48:rate=1", "-frames:v", "1", p("photo.jpg"))
        try ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x48:rate=5", "-t", "1", p("anim.gif"))
        try ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-t", "1", "-c:v", "mpeg4", p("clip.mp4"))
        try ffmpeg(
            "-f", "lavfi", "-i", "testsrc=size=64x48:rate=25", "-t", "1", "-c:v", "mpeg1video", "-f", "mpeg",
            p("clip.mpg"))
        try ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-t", "1", "-c:v", "mpeg4", p("clip.avi"))
        try ffmpeg("-i", CheckFixtures.path("source.wav"), "-c:a", "aac", p("voice.m4a"))
        try ffmpeg("-i", CheckFixtures.path("source.wav"), "-c:a", "libmp3lame", p("voice.mp3"))
        try FileManager.default.copyItem(atPath: CheckFixtures.path("ffmpeg-pcm.aiff"), toPath: p("tone.aiff"))
        let good = [
            "shot.png", "photo.jpg", "anim.gif", "clip.mp4", "clip.mpg", "clip.avi", "voice.m4a", "voice.mp3",
            "tone.aiff",
        ]
        let ok = try Tool.run(Tool.soundkit, ["check", "--attachment"] + good.map(p))
        #expect(ok.status == 0 && ok.stdout.isEmpty, "\(ok.stdout)")

        try FileManager.default.copyItem(atPath: p("shot.png"), toPath: p("renamed.jpg"))
        try Data("<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body>gone</body></html>\n".utf8)
            .write(to: URL(fileURLWithPath: p("error.jpg")))
        try FileManager.default.copyItem(atPath: CheckFixtures.path("ffmpeg-alaw.wav"), toPath: p("sound.jpg"))
        try ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x48:rate=1", "-frames:v", "1", "-c:v", "libwebp", p("pic.webp"))
        // An HEIF image begins with an ftyp box of brand heic (ISO/IEC 23008-12); the sniffer needs no more.
        try Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)).write(
            to: URL(fileURLWithPath: p("photo.heic.jpg")))

        let r = try Tool.run(
            Tool.soundkit,
            [
                "check", "--attachment", p("renamed.jpg"), p("error.jpg"), p("sound.jpg"), p("pic.webp"),
                p("photo.heic.jpg"),
            ])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "\(p("renamed.jpg")): note: file is a PNG image but named .jpg; iOS decodes images by content, so it is shown, but name it .png [attachment-extension]"
            ), "\(r.stdout)")
        #expect(
            lines.contains {
                $0.hasPrefix("\(p("error.jpg")): error: file is an HTML page (it starts \"<!DOCTYPE html>\")")
                    && $0.hasSuffix("[attachment]")
            })
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(p("sound.jpg")): warning: file is WAV audio but named .jpg, which iOS takes for an image")
                    && $0.hasSuffix("[attachment-extension]")
            })
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(p("pic.webp")): error: file is a WebP image, which UNNotificationAttachment does not accept")
            })
        #expect(lines.contains { $0.hasPrefix("\(p("photo.heic.jpg")): error: file is a HEIF (HEIC/AVIF) image") })
        #expect(lines.count == 5, "\(r.stdout)")
        let note = try Tool.soundkit("check", "--attachment", p("renamed.jpg"))
        #expect(note.status == 0)
        #expect(try Tool.soundkit("check", "--attachment", "--strict", p("sound.jpg")).status == 1)
    }
}

@Suite("soundkit check --help")
struct RuleHelpTests {
    @Test("lists every rule id with its severities, old and new")
    func help() throws {
        let r = try Tool.soundkit("check", "--help")
        #expect(r.status == 0)
        let ids = [
            "unreadable", "container", "codec", "duration", "duration-banner", "silence", "extension", "subfolder",
            "name-policy",
            "channels-rate", "size", "fix", "name-not-found", "shadowed", "payload-json", "payload-size",
            "payload-shape",
            "mutable-content", "attachment-url", "attachment-type", "no-service-extension", "category-not-declared",
            "extension-plist", "content-extension", "service-extension", "attachment", "attachment-extension",
        ]
        for id in ids {
            #expect(r.stdout.contains("- \(id) ("), "\(id)")
        }
        #expect(r.stdout.contains("- content-extension (error/warning): "))
        #expect(r.stdout.contains("- attachment-url (error/warning): "))
    }
}
