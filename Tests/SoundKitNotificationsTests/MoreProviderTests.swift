import Foundation
import Testing

@testable import SoundKitNotifications

/// Request bodies from the documentation of each provider added for issue 35, each of which must be recognised and
/// pass without an error or a warning.
enum MoreDocumentedBodies {
    /// Amazon SNS, "Publishing Amazon SNS notifications with platform-specific payloads" and "Using Google Firebase
    /// Cloud Messaging v1 payloads in Amazon SNS".
    static let sns = #"""
        {"default":"Sample fallback message","APNS":"{\"aps\":{\"alert\":\"Check out these awesome deals!\",\"sound\":\"default\"}}","APNS_SANDBOX":"{\"aps\":{\"alert\":\"Check out these awesome deals!\",\"sound\":\"chime.caf\"}}","GCM":"{\"fcmV1Message\":{\"message\":{\"notification\":{\"title\":\"Hello\",\"body\":\"This is a test.\"},\"data\":{\"dataKey\":\"example\"}}}}"}
        """#
    /// Amazon Pinpoint's API reference: an APNSMessage and a GCMMessage with Sound, and a RawContent payload.
    static let pinpoint = #"""
        {"Addresses":{"token-1":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"Action":"OPEN_APP","Title":"Hi","Body":"Hello","Sound":"chime.caf"},"GCMMessage":{"Action":"OPEN_APP","Title":"Hi","Body":"Hello","Sound":"chime"},"DefaultPushNotificationMessage":{"Body":"Hello"}}}
        """#
    static let pinpointRaw = #"""
        {"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS"}},"MessageConfiguration":{"APNSMessage":{"RawContent":"{\"aps\":{\"alert\":{\"title\":\"Hi\",\"body\":\"Hello\"},\"sound\":\"chime.caf\"}}"}}}}
        """#
    /// Braze's messaging object (Apple and Android push objects) and its Live Activity update endpoint's example.
    static let braze = #"""
        {"external_user_ids":["user-1"],"messages":{"apple_push":{"alert":"Hello","sound":"chime.caf"},"android_push":{"alert":"Hello","title":"Hi","sound":"chime","notification_channel_id":"alerts"}}}
        """#
    static let brazeLiveActivity = #"""
        {"app_id":"app","activity_id":"live-activity-1","content_state":{"teamOneScore":2,"teamTwoScore":4},"end_activity":false,"dismissal_date":"2023-02-28T00:00:00+0000","stale_date":"2023-02-27T16:55:49+0000","notification":{"alert":{"body":"It's halftime! Let's look at the scores","title":"Halftime"}}}
        """#
    /// Airship's push object with an iOS override's critical sound dictionary.
    static let airship = #"""
        {"audience":"all","device_types":["ios","android"],"notification":{"alert":"Hello","ios":{"sound":{"critical":true,"name":"alarm.caf","volume":0.8}},"android":{"alert":"Hello"}}}
        """#
    /// OneSignal's "Update Live Activity".
    static let oneSignalLiveActivity = #"""
        {"event":"update","event_updates":{"data":{"message":"Hello"}},"name":"Live Activity update","contents":{"en":"Update"},"headings":{"en":"Title"},"ios_sound":"chime.caf","stale_date":1700000000,"priority":10}
        """#
    /// Pusher Beams' publish example.
    static let pusherBeams = #"""
        {"interests":["hello"],"apns":{"aps":{"alert":{"title":"Hello","body":"Hello, world!"},"sound":"chime.caf"}},"fcm":{"notification":{"title":"Hello","body":"Hello, world!"}}}
        """#
    /// Azure Notification Hubs' FCM legacy native body.
    static let azure = #"""
        {"notification":{"title":"Notification Hub Test Notification","body":"This is a sample notification delivered by Azure Notification Hubs."},"data":{"property1":"value1","property2":42}}
        """#

    static let all: [(String, PushProvider)] = [
        (sns, .sns), (pinpoint, .pinpoint), (pinpointRaw, .pinpoint), (braze, .brazeREST),
        (brazeLiveActivity, .brazeREST), (airship, .airship), (oneSignalLiveActivity, .onesignalLiveActivity),
        (pusherBeams, .pusherBeams), (azure, .azure),
    ]
}

@Suite("Amazon SNS, Pinpoint, Braze's REST API, Airship, OneSignal Live Activities, Pusher Beams, Azure")
struct MoreProviderTests {
    func lint(_ text: String, _ provider: PushProvider? = nil, bundle: String? = nil) -> PayloadReport {
        var r = PayloadChecker.check(
            Array(text.utf8), locations: SoundLocations(bundle: bundle), provider: provider,
            cache: ResultCache(directory: nil, identity: "test"))
        r.findings = declared(r.findings)
        return r
    }

    func loud(_ r: PayloadReport) -> [Finding] { r.findings.filter { $0.severity != .note } }

    @Test("each documented body is recognised as its provider and passes without an error or a warning")
    func documented() {
        for (body, provider) in MoreDocumentedBodies.all {
            let r = lint(body)
            #expect(r.provider == provider, "\(body)")
            #expect(loud(r).isEmpty, "\(provider): \(r.findings)")
            #expect(lint(body, provider).provider == provider)
        }
    }

    @Test("Airship's android override and Braze's asset_url: each finding names the provider's own field")
    func airshipAndroidAndBrazeAsset() {
        let airship = lint(
            #"{"audience":"all","device_types":["android"],"notification":{"android":{"sound":"Chime.ogg"}}}"#)
        #expect(airship.provider == .airship)
        let rules = Set(airship.findings.map(\.rule))
        #expect(rules == [.soundName, .androidName, .androidChannel])
        let channel = airship.findings.first { $0.rule == .androidChannel }
        #expect(channel?.subject == "notification.android.sound")
        #expect(channel?.message.contains("notification.android.notification_channel") == true)
        let braze = lint(#"{"messages":{"apple_push":{"alert":"Hi","asset_url":"http://example.com/a.gif"}}}"#)
        #expect(braze.provider == .brazeREST)
        #expect(braze.findings.map(\.rule).sorted { $0.rawValue < $1.rawValue } == [.attachmentType, .attachmentURL])
        #expect(braze.findings.first { $0.rule == .attachmentType }?.subject == "messages.apple_push.asset_file_type")
        #expect(braze.findings.first { $0.rule == .attachmentURL }?.severity == .warning)  // plain http
        // Braze sets mutable-content itself for a rich notification: none is asked for.
        #expect(!braze.findings.contains { $0.rule == .mutableContent })
    }

    @Test("each documented body's sound fields are read: the first iOS name is the report's")
    func soundsRead() {
        #expect(lint(MoreDocumentedBodies.sns).soundName == "default")
        #expect(lint(MoreDocumentedBodies.pinpoint).soundName == "chime.caf")
        #expect(lint(MoreDocumentedBodies.pinpointRaw).soundName == "chime.caf")
        #expect(lint(MoreDocumentedBodies.braze).soundName == "chime.caf")
        #expect(lint(MoreDocumentedBodies.airship).soundName == "alarm.caf")
        #expect(lint(MoreDocumentedBodies.oneSignalLiveActivity).soundName == "chime.caf")
        #expect(lint(MoreDocumentedBodies.pusherBeams).soundName == "chime.caf")
    }

    @Test("SNS: an inner payload's finding is placed at its string in the outer file and names the key")
    func snsInner() throws {
        let body = #"{"default":"x","APNS":"{\"aps\":{\"sound\":{\"critical\":1,\"name\":\"a.caf\",\"volume\":3}}}"}"#
        let f = try #require(lint(body).findings.first { $0.severity == .error })
        #expect(f.rule == .payloadShape && f.subject == "APNS.aps.sound.volume", "\(f)")
        #expect(f.line == 1 && f.column == 23 && f.message.hasPrefix("in APNS: "), "\(f)")
    }

    @Test("SNS: a platform value that is not JSON is an error naming the key; an object is an error too")
    func snsBroken() {
        let broken = lint(#"{"default":"x","APNS_SANDBOX":"{\"aps\":{\"sound\":"}"#).findings
        #expect(broken.map(\.rule) == [.payloadJSON] && broken[0].subject == "APNS_SANDBOX", "\(broken)")
        #expect(broken.first?.message.contains("APNS_SANDBOX is not valid JSON") == true)
        let object = loud(lint(#"{"default":"x","APNS":{"aps":{"sound":"a.caf"}}}"#))
        #expect(object.map(\.rule) == [.payloadProvider] && object[0].severity == .error)
    }

    @Test("SNS: GCM's legacy and v1 forms are checked as FCM reads them, each finding naming GCM")
    func snsGCM() {
        let v1 = #"{"GCM":"{\"fcmV1Message\":{\"message\":{\"notification\":{\"sound\":\"a.caf\"}}}}"}"#
        let f = lint(v1).findings.filter { $0.rule == .payloadProvider && $0.severity == .error }
        #expect(f.count == 1 && f[0].subject == "GCM.message.notification.sound", "\(f)")
        let legacy = #"{"GCM":"{\"notification\":{\"sound\":\"chime.caf\"}}"}"#
        #expect(lint(legacy).findings.contains { $0.rule == .androidChannel && $0.subject == "GCM.notification.sound" })
    }

    @Test("Pinpoint: a Sound in DefaultPushNotificationMessage is an error; GCMMessage.Sound is Android's name")
    func pinpoint() {
        let f = loud(lint(#"{"MessageConfiguration":{"DefaultPushNotificationMessage":{"Sound":"a.caf"}}}"#))
        #expect(f.map(\.rule) == [.payloadProvider] && f[0].severity == .error)
        let android = loud(lint(#"{"MessageConfiguration":{"GCMMessage":{"Sound":"chime.caf"}}}"#))
        #expect(android.map(\.rule) == [.soundName] && android[0].subject == "MessageConfiguration.GCMMessage.Sound")
        let raw = lint(#"{"MessageConfiguration":{"APNSMessage":{"RawContent":"{\"aps\":{\"sound\":7}}"}}}"#)
        #expect(loud(raw).first?.subject == "MessageConfiguration.APNSMessage.RawContent.aps.sound")
    }

    @Test("Braze REST: an Android sound without notification_channel_id warns; a Live Activity needs content_state")
    func braze() {
        let f = loud(lint(#"{"messages":{"android_push":{"sound":"chime"}}}"#))
        #expect(f.map(\.rule) == [.androidChannel] && f[0].subject == "messages.android_push.sound")
        let update = loud(lint(#"{"activity_id":"a","content_state":[1]}"#))
        #expect(update.map(\.rule) == [.liveActivityContent])
        let start = loud(lint(#"{"activity_attributes_type":"T","content_state":{}}"#))
        #expect(start.map(\.rule) == [.liveActivityStart, .liveActivityStart], "\(start)")
    }

    @Test("Airship: a critical flag other than a boolean or 0/1, and a volume over 1, are errors at the key")
    func airship() {
        let f = loud(
            lint(
                #"{"audience":"all","device_types":["ios"],"notification":{"ios":{"sound":{"name":"a.caf","volume":2}}}}"#
            ))
        #expect(f.map(\.subject) == ["notification.ios.sound.volume"], "\(f)")
    }

    @Test("OneSignal Live Activity: an unknown event, a dismissal_date before end, milliseconds; ios_sound resolved")
    func oneSignal() {
        let f = loud(lint(#"{"event":"stop","event_updates":{},"stale_date":1700000000000}"#))
        #expect(f.map(\.rule) == [.liveActivityEvent, .liveActivityTimestamp], "\(f)")
        let early = loud(lint(#"{"event":"update","event_updates":{},"dismissal_date":1700000000}"#))
        #expect(early.map(\.rule) == [.liveActivityEvent] && early[0].severity == .warning)
        let none = loud(lint(#"{"event":"update","event_updates":{},"ios_sound":"chime"}"#))
        #expect(none.map(\.rule) == [.soundName])
    }

    @Test("Pusher Beams: apns is an APNs payload, fcm a legacy-shaped message")
    func pusher() {
        let f = loud(lint(#"{"users":["u"],"apns":{"aps":{"sound":true}},"fcm":{"notification":{"sound":"x.caf"}}}"#))
        #expect(Set(f.map(\.subject)) == ["apns.aps.sound", "fcm.notification.sound"], "\(f)")
    }

    @Test("Azure: --provider azure reads Apple's and FCM v1's native bodies; a Matrix notification is no provider's")
    func azure() {
        #expect(lint(#"{"aps":{"sound":"a.caf"}}"#, .azure).soundName == "a.caf")
        #expect(lint(#"{"message":{"apns":{"payload":{"aps":{"sound":"b.caf"}}}}}"#, .azure).soundName == "b.caf")
        #expect(lint(#"{"notification":{"event_id":"x","devices":[]}}"#).provider == nil)
    }

    @Test("every provider is one ProviderBody, listed once, and the one its shape and --provider pick")
    func oneTypeEach() {
        let listed: [PushProvider] = ProviderBodies.all.map { $0.provider }
        #expect(Set(listed) == Set(PushProvider.allCases) && listed.count == PushProvider.allCases.count)
        #expect(ProviderBodies.all.allSatisfy { !$0.documentation.isEmpty })
    }

    @Test("the payload fuzz entry reads every provider, SNS's inner strings included, without stopping")
    func fuzzEntry() {
        for (body, _) in MoreDocumentedBodies.all { fuzzPayloadCheck(Array(body.utf8)) }
        fuzzPayloadCheck(Array(#"{"APNS":"{\"aps\":{\"sound\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"}"}"#.utf8))
        fuzzPayloadCheck(Array(#"{"GCM":"{\"fcmV1Message\":7}"}"#.utf8))
        #expect(PushProvider.allCases.count == 15)
    }
}
