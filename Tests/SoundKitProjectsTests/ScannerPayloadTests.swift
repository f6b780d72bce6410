import Testing

@testable import SoundKitProjects

/// Push bodies and `capacitor.config.json` in the tree, read with the payload checker's JSON reader.
@Suite struct ScannerPayloadTests {
    func at(_ needle: String, _ text: String, _ n: Int = 1) -> String {
        Scanned.position(of: needle, in: text, occurrence: n)
    }

    @Test func apnsFileAndCriticalName() throws {
        let apns = """
            {
              "Simulator Target Bundle": "com.example.app",
              "aps": { "alert": "Hi", "sound": "chime.caf" }
            }
            """
        let scan = try Scanned.scan(apns, "Payloads/chime.apns")
        #expect(scan.references.map(Scanned.line) == ["3:36 ios payload fileName chime.caf"])
        #expect(scan.references.first?.api == "aps.sound")
        #expect(scan.usesNotifications)
        let critical = #"{"aps":{"sound":{"critical":1,"name":"siren.caf","volume":1.0}}}"#
        let refs = try Scanned.scan(critical, "push.json").references
        #expect(refs.map(Scanned.line) == ["\(at("\"siren.caf\"", critical)) ios payload fileName siren.caf"])
        #expect(refs.first?.api == "aps.sound.name")
    }

    @Test func fcmBodies() throws {
        let v1 = """
            {"message": {"token": "t", "android": {"notification": {"sound": "beep", "channel_id": "c"}},
              "apns": {"payload": {"aps": {"sound": "beep.caf"}}}}}
            """
        #expect(
            try Scanned.lines(v1, "fcm.json") == [
                "\(at("\"beep\"", v1)) android payload rawName beep",
                "\(at("\"beep.caf\"", v1)) ios payload fileName beep.caf",
            ])
        let legacy = #"{"to": "token", "notification": {"title": "t", "sound": "ding"}}"#
        #expect(try Scanned.lines(legacy, "legacy.json") == ["1:57 both payload rawName ding"])
    }

    @Test func capacitorConfigJSON() throws {
        let config = """
            {
              "appId": "com.example",
              "plugins": { "LocalNotifications": { "smallIcon": "ic", "sound": "beep.wav" } }
            }
            """
        let scan = try Scanned.scan(config, "capacitor.config.json")
        #expect(scan.references.map(Scanned.line) == ["3:68 android config rawNameExtensionStripped beep.wav"])
        #expect(scan.usesNotifications)
    }

    @Test func jsonThatIsNoPushBodyYieldsNothing() throws {
        let package = #"{"name": "app", "dependencies": {"sound": "1.0"}, "sound": "x.caf", "data": {"sound": "y"}}"#
        let scan = try Scanned.scan(package, "package.json")
        #expect(scan.references.isEmpty)
        #expect(!scan.usesNotifications)
        let silent = #"{"aps": {"alert": "a", "sound": "default"}}"#
        #expect(try Scanned.scan(silent, "a.apns").references.isEmpty)
    }

    @Test func brokenJSONIsANoteAtItsPlace() throws {
        let scan = try Scanned.scan("{\"aps\": {\"sound\": \"a.caf\",\n}", "bad.apns")
        #expect(scan.references.isEmpty)
        #expect(scan.notes.count == 1)
        #expect(scan.notes.first.map { $0.site.line } == 2)
    }

    @Test(.enabled(if: RealFiles.folder("payloads") != nil, RealFiles.missing))
    func realPayloadsFromPublicProjects() throws {
        let folder = try #require(RealFiles.folder("payloads"))
        var found: [String: [String]] = [:]
        for name in try RealFiles.names(folder) where name.hasSuffix(".json") || name.hasSuffix(".apns") {
            let scan = try #require(SourceScanner.scan(try RealFiles.bytes(folder, name), path: name))
            found[name] = scan.references.map { r in
                if case .literal(let s) = r.name { return "\(r.api)=\(s)" }
                return r.api
            }
        }
        #expect(found["ha_sound_critical_iOS.json"] == ["payload.aps.sound.name=custom.wav"])
        #expect(found["gorush_ios_custom_sound.json"] == ["notifications[0].apns.payload.aps.sound.name=custom.wav"])
        #expect(found["node-apn_readme_ping_aiff.json"] == ["aps.sound=ping.aiff"])
        #expect(found["phonegap_apns_sound_sub_caf.json"] == ["aps.sound=sub.caf"])
        // A data-only sound and a Matrix tweak are not notification sounds; "default" names no file.
        #expect(found["phonegap_fcm_legacy_data_sound.json"] == [])
        #expect(found["sygnal_notification-ios.json"] == [])
        #expect(found["monal_simulated-push.apns"] == [])
    }
}
