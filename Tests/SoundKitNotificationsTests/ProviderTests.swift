import Foundation
import Testing

@testable import SoundKitNotifications

/// Request bodies from the providers' documentation (issue 26), each of which must pass without an error or a warning.
enum DocumentedBodies {
    /// Apple's "Generating a remote notification": an alert with a category, and a critical alert's sound.
    static let apple = [
        #"{"aps":{"alert":{"title":"Game Request","subtitle":"Five Card Draw","body":"Bob wants to play poker"},"category":"GAME_INVITATION"},"gameID":"12345678"}"#,
        #"{"aps":{"sound":{"critical":1,"name":"your_custom_sound.aiff","volume":1.0},"interruption-level":"critical"}}"#,
        #"{"aps":{"alert":"Ready","interruption-level":"time-sensitive","relevance-score":0.75}}"#,
    ]
    /// Firebase's "Migrate from legacy FCM APIs to HTTP v1" and "Customizing a message across platforms".
    static let fcm = [
        #"{"message":{"topic":"news","notification":{"title":"Breaking News","body":"New news story available."},"data":{"story_id":"story_12345"},"android":{"notification":{"click_action":"TOP_STORY_ACTIVITY","body":"Check out the Top Story"}},"apns":{"payload":{"aps":{"category":"NEW_MESSAGE_CATEGORY"}}}}}"#,
        #"{"message":{"token":"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1","notification":{"title":"Match update","body":"Arsenal goal in added time, score is now 3-0"},"android":{"ttl":"86400s","notification":{"click_action":"OPEN_ACTIVITY_1"}},"apns":{"headers":{"apns-priority":"5"},"payload":{"aps":{"category":"NEW_MESSAGE_CATEGORY"}}},"webpush":{"headers":{"TTL":"86400"}}}}"#,
        fcmPayload,
    ]
    /// Firebase's legacy HTTP protocol reference.
    static let fcmLegacy = [
        #"{"to":"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1","notification":{"body":"great match!","title":"Portugal vs. Denmark","icon":"myicon"}}"#
    ]
    /// Expo's "Sending notifications with Expo's push API": one message, and an array of them.
    static let expo = [
        #"{"to":"ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]","title":"hello","body":"world","sound":"default"}"#,
        #"[{"to":"ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]","sound":"default","body":"Hello world!"},{"to":"ExponentPushToken[yyyyyyyyyyyyyyyyyyyyyy]","badge":1,"body":"You've got mail"},{"to":["ExponentPushToken[zzzzzzzzzzzzzzzzzzzzzz]","ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]"],"body":"Breaking news!"}]"#,
    ]
    /// OneSignal's "Create notification" and "Notification sounds": sounds per platform, a channel, an attachment.
    static let oneSignal = [
        #"{"app_id":"5eb5a37e-b458-11e3-ac11-000c2940e62c","contents":{"en":"English Message"},"headings":{"en":"English Title"},"included_segments":["Subscribed Users"]}"#,
        #"{"app_id":"5eb5a37e-b458-11e3-ac11-000c2940e62c","contents":{"en":"New sound"},"include_subscription_ids":["1dd608f2-c6a1-11e3-851d-000c2940e62c"],"ios_sound":"notification.wav","android_sound":"notification","android_channel_id":"b3b015d9-c050-4042-8548-dcc34aa44aa4","ios_attachments":{"id1":"https://domain.com/image.jpg"},"big_picture":"https://domain.com/image.jpg","mutable_content":true}"#,
    ]
    /// gorush's README: iOS and Android messages, and a critical alert.
    static let gorush = [
        #"{"notifications":[{"tokens":["token_a","token_b"],"platform":1,"message":"Hello World iOS!"},{"tokens":["token_a","token_b"],"platform":2,"message":"Hello World Android!","title":"You got message"}]}"#,
        #"{"notifications":[{"tokens":["token_a","token_b"],"platform":1,"message":"You got your emails.","badge":9,"sound":{"critical":1,"name":"default","volume":1.0}}]}"#,
    ]
}

@Suite("Payloads as providers receive them")
struct ProviderTests {
    func lint(_ text: String, _ provider: PushProvider? = nil, bundle: String? = nil) -> PayloadReport {
        var r = PayloadChecker.check(
            Array(text.utf8), locations: SoundLocations(bundle: bundle), provider: provider,
            cache: ResultCache(directory: nil, identity: "test"))
        r.findings = declared(r.findings)
        return r
    }

    func loud(_ r: PayloadReport) -> [Finding] { r.findings.filter { $0.severity != .note } }

    @Test(
        "each shape is recognised as its provider",
        arguments: [
            (#"{"aps":{"sound":"a.caf"}}"#, PushProvider.apns),
            (#"{"Simulator Target Bundle":"com.example","aps":{}}"#, .simulator),
            (#"{"ab":{"att":{"url":"https://e.com/a.jpg","type":"jpg"}},"aps":{}}"#, .braze),
            (#"{"message":{"token":"t"}}"#, .fcm), (#"{"notifications":[]}"#, .gorush),
            (#"{"app_id":"x","ios_sound":"a.caf"}"#, .onesignal), (#"{"to":"ExponentPushToken[x]"}"#, .expo),
            (#"{"to":"t","title":"hi","channelId":"c"}"#, .expo), (#"[{"to":"ExpoPushToken[x]"}]"#, .expo),
            (#"{"to":"t","notification":{"title":"hi"}}"#, .fcmLegacy),
            (#"{"registration_ids":["a"],"data":{}}"#, .fcmLegacy),
        ])
    func detection(_ body: String, _ provider: PushProvider) {
        #expect(lint(body).provider == provider)
    }

    @Test("no known shape: no provider, every aps at any depth checked by its path, a note when there is none")
    func unknownShape() {
        let nested = lint(#"{"input":{"x":1},"payload":{"aps":{"sound":true}}}"#)
        #expect(nested.provider == nil)
        #expect(nested.findings.contains { $0.subject == "payload.aps.sound" && $0.severity == .error })
        #expect(nested.findings.first { $0.subject == "payload.aps.sound" }.map { [$0.line, $0.column] } == [1, 44])
        let none = lint(#"{"notification":{"tweaks":{"sound":"bing"}}}"#)
        #expect(none.provider == nil && none.findings.count == 1 && none.findings[0].severity == .note)
        #expect(none.findings[0].message.contains("no \"aps\" dictionary anywhere"))
        #expect(lint("[1,2]").provider == nil && loud(lint("[1,2]")).isEmpty)
    }

    @Test("--provider forces a reading: a body of another shape is an error saying what the provider takes")
    func forced() {
        let r = lint(#"{"aps":{"sound":"a.caf"}}"#, .fcm)
        #expect(
            r.provider == .fcm && r.findings.contains { $0.severity == .error && $0.message.contains("\"message\"") })
        #expect(lint(#"{"message":{}}"#, .apns).findings.contains { $0.message.contains("no \"aps\" dictionary") })
        #expect(lint(#"{"aps":{}}"#, .gorush).findings.contains { $0.message.contains("\"notifications\"") })
        #expect(lint(#"{"to":"ExponentPushToken[x]","sound":"chime"}"#, .onesignal).findings.isEmpty)
    }

    @Test("documented request bodies pass without an error or a warning")
    func documented() {
        let all = [
            DocumentedBodies.apple, DocumentedBodies.fcm, DocumentedBodies.fcmLegacy, DocumentedBodies.expo,
            DocumentedBodies.oneSignal, DocumentedBodies.gorush, [brazePayload],
        ]
        for body in all.joined() {
            let r = lint(body)
            #expect(r.provider != nil && loud(r).isEmpty, "\(body): \(r.findings)")
        }
    }

    @Test(
        "the real payloads in ../shared/realworld get no error; those SOURCES.tsv marks invalid, only payload-json",
        .enabled(if: realWorld("payloads/SOURCES.tsv") != nil, realWorldMissing))
    func realPayloads() throws {
        let folder = try #require(realWorld("payloads"))
        let table = try String(contentsOf: folder.appendingPathComponent("SOURCES.tsv"), encoding: .utf8)
        let rows = table.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let header = try #require(rows.first)
        let valid = try #require(header.firstIndex(of: "valid_json"))
        #expect(rows.count > 30)
        for row in rows.dropFirst() where row.count > valid {
            let r = PayloadChecker.check(Array(try Data(contentsOf: folder.appendingPathComponent(String(row[0])))))
            let errors = r.findings.filter { $0.severity == .error }
            if row[valid] == "yes" {
                #expect(errors.isEmpty, "\(row[0]): \(r.findings)")
            } else {
                #expect(errors.map(\.rule) == [.payloadJSON], "\(row[0]): \(r.findings)")
            }
        }
    }

    // MARK: - payload-provider

    @Test("FCM v1 refuses message.notification.sound: an error at the key, saying where each platform's sound goes")
    func fcmNotificationSound() {
        let r = lint(#"{"message":{"token":"t","notification":{"title":"Hi","sound":"chime.caf"}}}"#)
        let f = r.findings.filter { $0.rule == .payloadProvider }
        #expect(f.count == 1 && f[0].severity == .error && f[0].subject == "message.notification.sound")
        #expect(f.first?.message.contains("message.apns.payload.aps.sound") == true)
        #expect(f.first?.message.contains("message.android.notification.sound") == true)
        #expect(f.first.map { [$0.line, $0.column] } == [1, 54])
    }

    @Test(
        "FCM v1 refuses message.apns.notification and legacy keys, and takes either spelling of its own fields",
        arguments: [
            (#"{"message":{"apns":{"notification":{"sound":"a.caf"}}}}"#, "message.apns.notification", "payload.aps"),
            (#"{"message":{"to":"t"}}"#, "message.to", "message.token"),
            (#"{"to":"t","message":{"token":"t"}}"#, "to", "message.token"),
            (#"{"message":{"mutable_content":true}}"#, "message.mutable_content", "aps.mutable-content"),
            (#"{"message":{"notification":{"icon":"i"}}}"#, "message.notification.icon", "android.notification.icon"),
            (
                #"{"message":{"android":{"notification":{"android_channel_id":"c"}}}}"#,
                "message.android.notification.android_channel_id", "notification.channel_id"
            ),
        ])
    func fcmRefused(_ body: String, _ subject: String, _ belongs: String) {
        let f = lint(body).findings.filter { $0.rule == .payloadProvider }
        #expect(
            f.count == 1 && f[0].severity == .error && f[0].subject == subject && f[0].message.contains(belongs),
            "\(f)")
    }

    @Test("FCM v1's camelCase spellings and a correct cross-platform message raise nothing")
    func fcmAccepted() {
        let body =
            #"{"validate_only":true,"message":{"token":"t","notification":{"title":"Hi","image":"https://e.com/a.png"},"android":{"collapseKey":"k","notification":{"sound":"chime","channelId":"alerts"}},"apns":{"payload":{"aps":{"sound":"chime.caf","mutable-content":1}},"fcmOptions":{"analyticsLabel":"x"}}}}"#
        #expect(loud(lint(body)).isEmpty, "\(lint(body).findings)")
    }

    @Test("aps.alert.sound is ignored by iOS: a warning at the key; a sound beside alert raises nothing")
    func alertSound() {
        let f = lint(#"{"aps":{"alert":{"body":"x","sound":"a.caf"}}}"#).findings.filter { $0.rule == .payloadProvider }
        #expect(f.count == 1 && f[0].severity == .warning && f[0].message.contains("move it to aps.sound"))
        #expect(
            lint(#"{"aps":{"alert":{"body":"x"},"sound":"a.caf"}}"#).findings.allSatisfy { $0.rule != .payloadProvider }
        )
    }

    @Test("a legacy FCM body is a note (the API is shut down); a data message is valid, with a note for iOS")
    func legacy() {
        let data = lint(#"{"registration_ids":["a"],"data":{"sound":"chime"}}"#)
        #expect(loud(data).isEmpty && data.findings.contains { $0.message.contains("without a custom sound") })
        #expect(data.findings.contains { $0.rule == .payloadProvider && $0.severity == .note })
    }

    @Test("a message with no iOS part is valid: a note that iOS shows it without a custom sound")
    func noIOSPart() {
        let r = lint(#"{"message":{"token":"t","notification":{"title":"Hi"}}}"#)
        #expect(!r.findings.contains { $0.severity == .error })
        #expect(r.findings.contains { $0.severity == .note && $0.message.contains("without a custom sound") })
    }

    // MARK: - sound-name and android-channel

    @Test(
        "sound-name: an iOS name without an extension warns, with or without --bundle, naming the provider's field",
        arguments: [
            (#"{"aps":{"sound":"chime"}}"#, "aps.sound"),
            (#"{"aps":{"sound":{"critical":1,"name":"chime","volume":1}}}"#, "aps.sound.name"),
            (#"{"app_id":"x","ios_sound":"chime"}"#, "ios_sound"),
            (#"{"to":"ExponentPushToken[x]","sound":"chime"}"#, "sound"),
            (#"[{"to":"ExponentPushToken[x]"},{"to":"ExponentPushToken[y]","sound":"chime"}]"#, "[1].sound"),
            (#"{"notifications":[{"platform":1,"sound":"chime"}]}"#, "notifications[0].sound"),
            (#"{"message":{"apns":{"payload":{"aps":{"sound":"chime"}}}}}"#, "message.apns.payload.aps.sound"),
        ])
    func iosNameWithoutExtension(_ body: String, _ subject: String) throws {
        for bundle in [nil, try temporaryDirectory().path] {
            let f = lint(body, bundle: bundle).findings.filter { $0.rule == .soundName }
            #expect(
                f.count == 1 && f[0].severity == .warning && f[0].subject == subject
                    && f[0].message.hasPrefix("\(subject) \"") && f[0].message.contains("Android"), "\(f)")
        }
        #expect(
            lint(body.replacingOccurrences(of: "chime\"", with: "chime.caf\"")).findings.allSatisfy {
                $0.rule != .soundName
            })
    }

    @Test(
        "sound-name: an Android sound with an extension warns, naming the field; the bare name passes",
        arguments: [
            (#"{"app_id":"x","android_sound":"chime.mp3","android_channel_id":"c"}"#, "android_sound"),
            (
                #"{"message":{"android":{"notification":{"sound":"chime.mp3","channel_id":"c"}}}}"#,
                "message.android.notification.sound"
            ),
            (
                #"{"notifications":[{"platform":2,"sound":"chime.mp3","android_channel_id":"c"}]}"#,
                "notifications[0].sound"
            ),
        ])
    func androidNameWithExtension(_ body: String, _ subject: String) {
        let f = lint(body).findings.filter { $0.rule == .soundName }
        #expect(
            f.count == 1 && f[0].severity == .warning && f[0].subject == subject && f[0].message.contains("\"chime\""),
            "\(f)")
        #expect(loud(lint(body.replacingOccurrences(of: "chime.mp3", with: "chime"))).isEmpty)
    }

    @Test(
        "android-name: an Android sound no res/raw resource can have is an error naming the safe name; default passes",
        arguments: [
            ("New-Alert", "new_alert"), ("1up", "sound_1up"), ("Chime", "chime"), ("class", "class_sound"),
        ])
    func androidNameRefused(_ name: String, _ safe: String) {
        let body = #"{"message":{"android":{"notification":{"sound":"NAME","channel_id":"c"}}}}"#
        let f = lint(body.replacingOccurrences(of: "NAME", with: name)).findings.filter { $0.rule == .androidName }
        #expect(
            f.count == 1 && f[0].severity == .error && f[0].subject == "message.android.notification.sound"
                && f[0].message.contains(safe), "\(f)")
        for fine in ["chime", "default", "new_alert_2"] {
            #expect(loud(lint(body.replacingOccurrences(of: "NAME", with: fine))).isEmpty, "\(fine)")
        }
    }

    @Test("android-channel: an Android sound without a channel warns; with one (either field) it passes")
    func androidChannel() {
        for body in [
            #"{"app_id":"x","android_sound":"chime"}"#, #"{"message":{"android":{"notification":{"sound":"chime"}}}}"#,
            #"{"notifications":[{"platform":2,"sound":"chime"}]}"#,
            #"{"to":"t","notification":{"title":"x","sound":"chime.caf"}}"#,
        ] {
            let f = lint(body).findings.filter { $0.rule == .androidChannel }
            #expect(f.count == 1 && f[0].severity == .warning && f[0].message.contains("Android 8"), "\(body)")
        }
        #expect(loud(lint(#"{"app_id":"x","android_sound":"chime","existing_android_channel_id":"c"}"#)).isEmpty)
        #expect(loud(lint(#"{"app_id":"x","android_sound":"default"}"#)).isEmpty)
    }

    // MARK: - interruption-level and relevance-score

    @Test(
        "interruption-level: a value Apple does not document is an error",
        arguments: [#""urgent""#, #""time_sensitive""#, #""Critical""#, "1", "true"])
    func badLevel(_ value: String) {
        let f = lint(#"{"aps":{"alert":"x","interruption-level":\#(value)}}"#).findings.filter {
            $0.rule == .interruptionLevel
        }
        #expect(f.count == 1 && f[0].severity == .error && f[0].subject == "aps.interruption-level", "\(f)")
    }

    @Test("interruption-level: the four levels pass; critical without a critical sound, or the reverse, is a note")
    func levels() {
        for level in InterruptionLevelRule.levels where level != "critical" {
            #expect(
                lint(#"{"aps":{"alert":"x","interruption-level":"\#(level)"}}"#).findings.allSatisfy {
                    $0.rule != .interruptionLevel
                })
        }
        let plain = lint(#"{"aps":{"sound":"a.caf","interruption-level":"critical"}}"#).findings
        #expect(plain.filter { $0.rule == .interruptionLevel }.map(\.severity) == [.note])
        let reverse = lint(#"{"aps":{"sound":{"critical":1,"name":"a.caf"},"interruption-level":"active"}}"#)
        #expect(reverse.findings.filter { $0.rule == .interruptionLevel }.map(\.severity) == [.note])
        let both = lint(#"{"aps":{"sound":{"critical":1,"name":"a.caf"},"interruption-level":"critical"}}"#)
        #expect(both.findings.allSatisfy { $0.rule != .interruptionLevel })
    }

    @Test(
        "relevance-score outside 0…1, or not a number, is a payload-shape error", arguments: ["1.5", "-0.1", #""0.5""#])
    func relevance(_ value: String) {
        let f = loud(lint(#"{"aps":{"alert":"x","relevance-score":\#(value)}}"#))
        #expect(f.count == 1 && f[0].rule == .payloadShape && f[0].severity == .error, "\(f)")
        #expect(loud(lint(#"{"aps":{"alert":"x","sound":"a.caf","relevance-score":1}}"#)).isEmpty)
    }

    // MARK: - Attachments the providers download

    @Test(
        "a URL saved under its own suffix: none iOS recognises or a refused format is an error naming the URL",
        arguments: [
            "https://e.com/a.webp", "https://e.com/photo.HEIC", "https://e.com/logo.svg", "https://e.com/image",
            "https://e.com/img.php?id=3",
        ])
    func urlType(_ url: String) {
        for body in [
            #"{"message":{"apns":{"payload":{"aps":{"mutable-content":1}},"fcm_options":{"image":"\#(url)"}}}}"#,
            #"{"app_id":"x","ios_attachments":{"id1":"\#(url)"}}"#,
        ] {
            let f = lint(body).findings.filter { $0.rule == .attachmentType }
            #expect(f.count == 1 && f[0].severity == .error && f[0].message.contains(url), "\(body): \(f)")
        }
    }

    @Test("accepted suffixes pass, with a query; a bundled file's name in ios_attachments is not a URL")
    func urlTypeAccepted() {
        for url in ["https://e.com/a.jpg?w=100", "https://e.com/b/c.PNG#x", "https://e.com/v.mp4"] {
            #expect(loud(lint(#"{"app_id":"x","ios_attachments":{"id1":"\#(url)"}}"#)).isEmpty)
        }
        #expect(loud(lint(#"{"app_id":"x","ios_attachments":{"id1":"local.png"}}"#)).isEmpty)
        let wrongShape = lint(#"{"app_id":"x","ios_attachments":"https://e.com/a.jpg"}"#).findings
        #expect(wrongShape.map(\.rule) == [.attachmentURL])
    }

    @Test("mutable-content true without an attachment is a warning, never an error")
    func mutableTrue() {
        let f = loud(lint(#"{"aps":{"alert":"x","sound":"a.caf","mutable-content":true}}"#))
        #expect(f.map(\.rule) == [.mutableContent] && f[0].severity == .warning)
    }

    @Test("a name found only in a bundle subfolder: the message says only the top level is documented")
    func subfolderDocumented() throws {
        let app = try temporaryDirectory().appendingPathComponent("Demo.app")
        let sound = app.appendingPathComponent("Sounds/deep.caf")
        try FileManager.default.createDirectory(
            at: sound.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: sound)
        let f = lint(#"{"aps":{"sound":"deep.caf"}}"#, bundle: app.path).findings.filter { $0.rule == .subfolder }
        #expect(f.count == 1 && f[0].message.contains("Apple documents sounds only at the bundle's top level"), "\(f)")
    }

    @Test("the report carries the provider through JSON; PayloadLinter takes one")
    func report() throws {
        let r = PayloadLinter.lint(#"{"app_id":"x","ios_sound":"a.caf"}"#, provider: .onesignal)
        #expect(r.provider == .onesignal && r.soundName == "a.caf")
        let back = try JSONDecoder().decode(PayloadReport.self, from: JSONEncoder().encode(r))
        #expect(back == r)
        #expect(PayloadLinter.lint("{").provider == nil)
    }
}
