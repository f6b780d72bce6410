import Testing

@testable import SoundKitProjects

/// Swift and Objective-C call shapes (SOURCE-TREES.md §2.1), each both ways: the call yields its reference at the
/// literal, a look-alike yields none.
@Suite struct ScannerAppleTests {
    func at(_ needle: String, _ text: String, _ n: Int = 1) -> String {
        Scanned.position(of: needle, in: text, occurrence: n)
    }

    @Test func namedSoundAtItsLiteral() throws {
        let src = """
            let content = UNMutableNotificationContent()
            content.sound = UNNotificationSound(named: UNNotificationSoundName("chime.caf"))
            """
        let scan = try Scanned.scan(src, "App/Notify.swift")
        // Counted by hand: the quote is the 68th scalar of line 2.
        #expect(scan.references.map(Scanned.line) == ["2:68 ios notification fileName chime.caf"])
        #expect(scan.references.first?.api == "UNNotificationSound(named:)")
        #expect(scan.usesNotifications)
    }

    @Test func everySpellingOfTheName() throws {
        let src = """
            a.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: "raw.caf"))
            b.sound = UNNotificationSound(named: .init("init.caf"))
            c.sound = UNNotificationSound(named: "plain.caf")
            d.sound = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("alarm.caf"), withAudioVolume: 0.8)
            e.sound = .criticalSoundNamed(UNNotificationSoundName("bare.caf"))
            f.sound = UNNotificationSound.ringtoneSoundNamed(UNNotificationSoundName("ring.caf"))
            """
        #expect(
            try Scanned.lines(src, "a.swift") == [
                "\(at("\"raw.caf\"", src)) ios notification fileName raw.caf",
                "\(at("\"init.caf\"", src)) ios notification fileName init.caf",
                "\(at("\"plain.caf\"", src)) ios notification fileName plain.caf",
                "\(at("\"alarm.caf\"", src)) ios critical fileName alarm.caf",
                "\(at("\"bare.caf\"", src)) ios critical fileName bare.caf",
                "\(at("\"ring.caf\"", src)) ios notification fileName ring.caf",
            ])
    }

    @Test func aStaticConstantUsedAtTheCallResolvesToItsLiteralOnce() throws {
        let src = """
            extension UNNotificationSoundName {
                static let alarm = UNNotificationSoundName("alarm.caf")
                static let unused = Self("unused.caf")
            }
            func schedule() {
                content.sound = UNNotificationSound(named: .alarm)
            }
            """
        let refs = try Scanned.scan(src, "Sounds.swift").references
        #expect(refs.map(Scanned.line) == ["\(at("\"alarm.caf\"", src)) ios notification fileName alarm.caf"])
        #expect(refs.first?.api == "UNNotificationSound(named:)")
    }

    @Test func aSameFileStringConstantResolvesAnOtherFilesIsDynamic() throws {
        let src = """
            let toneName = "tone.caf"
            a.sound = UNNotificationSound(named: UNNotificationSoundName(toneName))
            b.sound = UNNotificationSound(named: UNNotificationSoundName(Settings.shared.tone))
            """
        #expect(
            try Scanned.lines(src, "a.swift") == [
                "\(at("\"tone.caf\"", src)) ios notification fileName tone.caf",
                "\(at("Settings", src)) ios notification fileName *",
            ])
    }

    @Test func aRunTimeVariableIsReportedWhereItIsUsedNotWhereItIsSet() throws {
        // Capacitor's LocalNotificationsPlugin.swift (ionic-team/capacitor-plugins, local-notifications/ios) writes
        // this; the site once pointed at the `if let` on the line above.
        let src = """
            if let sound = notification["sound"] as? String {
                content.sound = UNNotificationSound(named: UNNotificationSoundName(sound))
            }
            """
        #expect(try Scanned.lines(src, "a.swift") == ["\(at("sound))", src)) ios notification fileName *"])
    }

    @Test func interpolationIsDynamicWithItsLiteralEnds() throws {
        let src = #"content.sound = UNNotificationSound(named: UNNotificationSoundName("\(tone).mp3"))"#
        let refs = try Scanned.scan(src, "a.swift").references
        #expect(refs.first?.name == .dynamic(prefix: "", suffix: ".mp3"))
        #expect(refs.map(Scanned.line) == ["1:68 ios notification fileName *.mp3"])
        let both = #"x.sound = UNNotificationSound(named: UNNotificationSoundName("tones/\(a)-\(b).caf"))"#
        #expect(try Scanned.scan(both, "a.swift").references.first?.name == .dynamic(prefix: "tones/", suffix: ".caf"))
    }

    @Test func escapesRawAndMultilineLiteralsAreDecoded() throws {
        let src = #"""
            a.sound = UNNotificationSound(named: UNNotificationSoundName("caf\u{E9} \"1\".caf"))
            b.sound = UNNotificationSound(named: UNNotificationSoundName(#"raw\n.caf"#))
            c.sound = UNNotificationSound(named: UNNotificationSoundName("""
                multi.caf
                """))
            """#
        let names = try Scanned.scan(src, "a.swift").references.map(\.name)
        #expect(names == [.literal("café \"1\".caf"), .literal(#"raw\n.caf"#), .literal("multi.caf")])
    }

    @Test func columnsCountUnicodeScalars() throws {
        // "é" is two bytes and "😀" four in UTF-8; each is one column.
        let src = #"let é😀 = 1; x.sound = UNNotificationSound(named: UNNotificationSoundName("a.caf"))"#
        #expect(try Scanned.lines(src, "a.swift") == ["1:74 ios notification fileName a.caf"])
    }

    @Test func soundNameAssignments() throws {
        let src = """
            let local = UILocalNotification()
            local.soundName = "legacy.caf"
            info.soundName = "cloudkit.caf"
            other.soundName = UILocalNotificationDefaultSoundName
            let soundName = "not-a-call.caf"
            """
        #expect(
            try Scanned.lines(src, "a.swift") == [
                "\(at("\"legacy.caf\"", src)) ios notification fileName legacy.caf",
                "\(at("\"cloudkit.caf\"", src)) ios notification fileName cloudkit.caf",
            ])
    }

    @Test func initNamedAndAPropertyOutsideNotificationCode() throws {
        let src = """
            import UserNotifications
            content.sound = .init(named: UNNotificationSoundName("inferred.caf"))
            let s = UNNotificationSound.init(named: UNNotificationSoundName("explicit.caf"))
            """
        #expect(
            try Scanned.lines(src, "a.swift") == [
                "\(at("\"inferred.caf\"", src)) ios notification fileName inferred.caf",
                "\(at("\"explicit.caf\"", src)) ios notification fileName explicit.caf",
            ])
        // A model's own `soundName` in a file with no notification code is not UILocalNotification's.
        #expect(try Scanned.scan("alarm.soundName = \"beep.caf\"", "Alarm.swift").references.isEmpty)
    }

    @Test func lookAlikesYieldNothing() throws {
        let src = """
            // content.sound = UNNotificationSound(named: UNNotificationSoundName("comment.caf"))
            /* outer /* nested */ UNNotificationSound(named: UNNotificationSoundName("nested.caf")) */
            let text = "UNNotificationSound(named: UNNotificationSoundName(\\"string.caf\\"))"
            let player = try AVAudioPlayer(contentsOf: Bundle.main.url(forResource: "ring", withExtension: "caf")!)
            let s = NSSound(named: "Glass")
            """
        let scan = try Scanned.scan(src, "Player.swift")
        #expect(scan.references.isEmpty)
        #expect(!scan.usesNotifications)
    }

    @Test func objectiveCMessages() throws {
        let src = """
            #import <UserNotifications/UserNotifications.h>
            content.sound = [UNNotificationSound soundNamed:@"objc.caf"];
            content.sound = [UNNotificationSound criticalSoundNamed:@"crit.caf" withAudioVolume:0.5];
            content.sound = [UNNotificationSound ringtoneSoundNamed:kRing];
            [notification setSoundName:@"old.caf"];
            NSSound *s = [NSSound soundNamed:@"Glass"];
            // [UNNotificationSound soundNamed:@"comment.caf"];
            static NSString *const kRing = @"ring.caf";
            """
        #expect(
            try Scanned.lines(src, "AppDelegate.m") == [
                "\(at("@\"objc.caf\"", src)) ios notification fileName objc.caf",
                "\(at("@\"crit.caf\"", src)) ios critical fileName crit.caf",
                "\(at("@\"old.caf\"", src)) ios notification fileName old.caf",
                "\(at("@\"ring.caf\"", src)) ios notification fileName ring.caf",
            ])
    }

    @Test func runtimeSoundFolders() throws {
        let src = """
            let library = FileManager.default.urls(for: .libraryDirectory, in: .userDomainMask)[0]
            let sounds = library.appendingPathComponent("Sounds")
            let group = container.appendingPathComponent("Library/Sounds/chime.caf")
            let other = docs.appendingPathComponent("Sounds")
            """
        let sites = try Scanned.scan(src, "Store.swift").runtimeSoundFolders.map { "\($0.line):\($0.column)" }
        #expect(sites == [at("\"Sounds\"", src), at("\"Library/Sounds", src)])
    }
}
