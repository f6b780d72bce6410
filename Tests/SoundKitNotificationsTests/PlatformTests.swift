import Foundation
import SoundKitIO
import Testing

@testable import SoundKitNotifications

/// App bundles of every Apple platform, laid out as Xcode's build output lays them out and as Apple's Bundle
/// Programming Guide ("Bundle Structures") documents them: a macOS or Mac Catalyst app keeps `Contents/Info.plist`,
/// its executable in `Contents/MacOS`, its resources at the top of `Contents/Resources` (localized ones in
/// `Contents/Resources/*.lproj`) and its extensions in `Contents/PlugIns/X.appex`, each laid out the same way; an
/// iOS, watchOS or visionOS app is flat (`X.app/Info.plist`, `X.app/PlugIns/X.appex/Info.plist`), and an iOS app
/// carries its watch app at `X.app/Watch/W.app` (Xcode's "Embed Watch Content" build phase).
enum PlatformApps {
    /// A mono 16-bit 8 kHz WAV of a 440 Hz tone at −12 dBFS: a sound every rule passes, under 30 s.
    static func tone(seconds: Double) -> Data { Data(TestWAV.tone(seconds: seconds)) }

    static func file(_ data: Data, at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// A notification service extension's Info.plist keys.
    static func service(id: String, minimum: (key: String, value: String)) -> [String: Any] {
        var p = Apps.service(id: id)
        p[minimum.key] = minimum.value
        return p
    }

    /// `NAME.app` in `dir` as Xcode builds a macOS app (or with `catalyst`, a Mac Catalyst app: UIDeviceFamily 2
    /// and 6, as Xcode writes it for "Mac Catalyst"), with `alarm.wav` at the top of `Contents/Resources` and a
    /// service extension `NSE.appex` whose LSMinimumSystemVersion is `extensionMinimum`.
    @discardableResult
    static func mac(
        in dir: URL, name: String = "Mac", catalyst: Bool = false, extensionMinimum: String = "13.0"
    ) throws -> URL {
        let app = dir.appendingPathComponent("\(name).app")
        var info: [String: Any] = [
            "CFBundleIdentifier": "com.example.mac", "LSMinimumSystemVersion": "13.0",
            "CFBundleSupportedPlatforms": ["MacOSX"], "CFBundleExecutable": name,
        ]
        if catalyst { info["UIDeviceFamily"] = [2, 6] }
        try Apps.write(info, to: app.appendingPathComponent("Contents/Info.plist"))
        try file(Data([0xCF, 0xFA, 0xED, 0xFE]), at: app.appendingPathComponent("Contents/MacOS/\(name)"))
        try file(Data("APPL????".utf8), at: app.appendingPathComponent("Contents/PkgInfo"))
        try file(tone(seconds: 1), at: app.appendingPathComponent("Contents/Resources/alarm.wav"))
        try file(
            Data("\"a\" = \"b\";".utf8), at: app.appendingPathComponent("Contents/Resources/en.lproj/Main.strings"))
        let appex = app.appendingPathComponent("Contents/PlugIns/NSE.appex/Contents")
        try Apps.write(
            service(id: "com.example.mac.nse", minimum: ("LSMinimumSystemVersion", extensionMinimum)),
            to: appex.appendingPathComponent("Info.plist"))
        try file(Data([0xCF, 0xFA, 0xED, 0xFE]), at: appex.appendingPathComponent("MacOS/NSE"))
        return app
    }

    /// `Demo.app` (iOS) in `dir` with a watch app `Watch/W.app` and its own service extension, each extension's
    /// MinimumOSVersion given.
    @discardableResult
    static func iosWithWatch(in dir: URL, phoneExtension: String = "15.0", watchExtension: String = "9.0") throws -> URL
    {
        let app = try Apps.make(
            in: dir,
            extensions: ["NSE": service(id: "com.example.demo.nse", minimum: ("MinimumOSVersion", phoneExtension))])
        try file(tone(seconds: 1), at: app.appendingPathComponent("alarm.wav"))
        let watch = app.appendingPathComponent("Watch/W.app")
        try Apps.write(
            [
                "CFBundleIdentifier": "com.example.demo.watchkitapp", "MinimumOSVersion": "9.0", "WKApplication": true,
                "CFBundleSupportedPlatforms": ["WatchOS"], "UIDeviceFamily": [4],
            ], to: watch.appendingPathComponent("Info.plist"))
        try Apps.write(
            service(id: "com.example.demo.watchkitapp.nse", minimum: ("MinimumOSVersion", watchExtension)),
            to: watch.appendingPathComponent("PlugIns/WNSE.appex/Info.plist"))
        try file(tone(seconds: 1), at: watch.appendingPathComponent("tap.wav"))
        return app
    }

    static func findings(_ report: CheckReport) -> [(path: String, finding: Finding)] {
        report.files.flatMap { f in f.findings.map { (f.path, $0) } }
    }
}

@Suite struct PlatformTests {
    @Test("each platform's bundle is told apart by its layout and Info.plist")
    func layouts() throws {
        let dir = try temporaryDirectory()
        let mac = try PlatformApps.mac(in: dir)
        let catalyst = try PlatformApps.mac(in: dir, name: "Catalyst", catalyst: true)
        let phone = try PlatformApps.iosWithWatch(in: dir)
        #expect(BundleLayout.of(folder: mac.path) == .mac)
        #expect(BundleLayout.of(folder: catalyst.path) == .mac)
        #expect(BundleLayout.of(folder: mac.appendingPathComponent("Contents/PlugIns/NSE.appex").path) == .mac)
        #expect(BundleLayout.of(folder: phone.path) == .flat(.ios))
        #expect(BundleLayout.of(folder: phone.appendingPathComponent("Watch/W.app").path) == .flat(.watchos))
        let vision = dir.appendingPathComponent("Vision.app")
        try Apps.write(
            ["CFBundleSupportedPlatforms": ["XROS"], "MinimumOSVersion": "1.0"],
            to: vision.appendingPathComponent("Info.plist"))
        #expect(BundleLayout.of(folder: vision.path) == .flat(.visionos))
        let family = dir.appendingPathComponent("Family.app")
        try Apps.write(["UIDeviceFamily": [7]], to: family.appendingPathComponent("Info.plist"))
        #expect(BundleLayout.of(folder: family.path) == .flat(.visionos))
        #expect(BundleLayout.mac.resourcePath("Contents/Resources/a.caf") == "a.caf")
        #expect(BundleLayout.mac.resourcePath("Contents/MacOS/a.caf") == nil)
        #expect(BundleLayout.of(folder: phone.path).watchApps(in: FolderTree(root: phone.path)) == ["Watch/W.app"])
    }

    @Test("a macOS app as Xcode builds it gets no finding; a Mac Catalyst app neither")
    func macClean() throws {
        let dir = try temporaryDirectory()
        for app in [try PlatformApps.mac(in: dir), try PlatformApps.mac(in: dir, name: "Catalyst", catalyst: true)] {
            let report = SoundChecker.check([app.path])
            #expect(
                report.files.map(\.path) == [
                    app.appendingPathComponent("Contents/Resources/alarm.wav").path,
                    app.appendingPathComponent("Contents/PlugIns/NSE.appex/Contents/Info.plist").path,
                ])
            #expect(PlatformApps.findings(report).isEmpty, "\(report)")
        }
    }

    @Test(
        "a Mac app's profile is Contents/embedded.provisionprofile, and its push entitlement has the developer prefix",
        .enabled(if: Apps.hasOpenSSL, "openssl is not installed: no profile to sign"))
    func macEntitlements() throws {
        let dir = try temporaryDirectory()
        let app = try PlatformApps.mac(in: dir)
        let tree = FolderTree(root: app.path)
        // No profile anywhere: nothing read, nothing said.
        #expect(AppWiring.profileEntitlements(tree) == nil)
        let profile = app.appendingPathComponent("Contents/embedded.provisionprofile")
        try Apps.profile(
            [
                "com.apple.developer.aps-environment": "production",
                "com.apple.developer.usernotifications.time-sensitive": true,
            ], at: profile)
        guard case .success(let read)? = AppWiring.profileEntitlements(tree) else {
            Issue.record("the Mac profile was not read")
            return
        }
        #expect(read.source == profile.path)
        #expect(read.entitlements.apsEnvironment == .string("production"))
        #expect(read.entitlements.timeSensitive == .bool(true))
        #expect(AppWiring.check(app: tree, entitlements: nil).flatMap(\.findings).isEmpty)
        // Without the push entitlement, the Mac app gets the same note an iOS app gets.
        try FileManager.default.removeItem(at: profile)
        try Apps.profile(["com.apple.developer.usernotifications.time-sensitive": true], at: profile)
        let notes = AppWiring.check(app: tree, entitlements: nil).flatMap(\.findings)
        #expect(notes.map(\.rule) == [.entitlement] && notes.first?.severity == .note, "\(notes)")
        // An .entitlements file of a Mac app: the same key.
        let file = try Entitlements.read(
            entitlementsFile: Array(
                Data(
                    "<plist version=\"1.0\"><dict><key>com.apple.developer.aps-environment</key><string>development</string></dict></plist>"
                        .utf8)))
        #expect(file.apsEnvironment == .string("development"))
    }

    @Test("a 31-second sound and an extension above the app's LSMinimumSystemVersion are caught, naming macOS")
    func macCaught() throws {
        let dir = try temporaryDirectory()
        for (name, catalyst) in [("Mac", false), ("Catalyst", true)] {
            let app = try PlatformApps.mac(in: dir, name: name, catalyst: catalyst, extensionMinimum: "14.0")
            try PlatformApps.file(
                PlatformApps.tone(seconds: 31), at: app.appendingPathComponent("Contents/Resources/long.wav"))
            let found = PlatformApps.findings(SoundChecker.check([app.path]))
            let long = found.filter { $0.finding.rule == .duration }
            #expect(long.count == 1 && long[0].path.hasSuffix("\(name).app/Contents/Resources/long.wav"))
            #expect(long.first?.finding.message.contains("or macOS plays the default sound") == true)
            #expect(long.first?.finding.platform == "macos")
            let version = found.filter { $0.finding.rule == .extensionVersion }
            #expect(
                version.map(\.path) == [
                    app.appendingPathComponent("Contents/PlugIns/NSE.appex/Contents/Info.plist").path
                ])
            #expect(
                version.first?.finding.message.hasPrefix(
                    "LSMinimumSystemVersion 14.0 is above the app's 13.0: on macOS 13.0 up to 14.0") == true)
            #expect(version.first?.finding.platform == "macos")
            #expect(!found.contains { $0.finding.rule == .subfolder || $0.finding.rule == .extensionPlist }, "\(found)")
        }
    }

    @Test(
        "a macOS sound below Contents/Resources, or outside it, is in a subfolder; a missing extension plist is named where macOS keeps it"
    )
    func macSubfolder() throws {
        let dir = try temporaryDirectory()
        let app = try PlatformApps.mac(in: dir)
        try PlatformApps.file(
            PlatformApps.tone(seconds: 1), at: app.appendingPathComponent("Contents/Resources/Sounds/deep.wav"))
        try FileManager.default.removeItem(
            at: app.appendingPathComponent("Contents/PlugIns/NSE.appex/Contents/Info.plist"))
        let found = PlatformApps.findings(SoundChecker.check([app.path]))
        let sub = found.filter { $0.finding.rule == .subfolder }
        #expect(sub.map(\.path) == [app.appendingPathComponent("Contents/Resources/Sounds/deep.wav").path])
        #expect(sub.first?.finding.message.contains("(Contents/Resources/Sounds/deep.wav)") == true)
        #expect(sub.first?.finding.message.contains("top of a macOS app's Contents/Resources") == true)
        let plist = found.filter { $0.finding.rule == .extensionPlist }
        #expect(
            plist.map(\.path) == [app.appendingPathComponent("Contents/PlugIns/NSE.appex/Contents/Info.plist").path])
    }

    @Test("an iOS app with a watch app inside: both apps' extensions are checked, each naming its platform")
    func watch() throws {
        let dir = try temporaryDirectory()
        let app = try PlatformApps.iosWithWatch(in: dir, phoneExtension: "16.0", watchExtension: "10.0")
        try PlatformApps.file(
            PlatformApps.tone(seconds: 31), at: app.appendingPathComponent("Watch/W.app/long.wav"))
        let found = PlatformApps.findings(SoundChecker.check([app.path]))
        let version = found.filter { $0.finding.rule == .extensionVersion }
        #expect(
            version.map(\.path) == [
                app.appendingPathComponent("PlugIns/NSE.appex/Info.plist").path,
                app.appendingPathComponent("Watch/W.app/PlugIns/WNSE.appex/Info.plist").path,
            ])
        #expect(version.map(\.finding.platform) == ["ios", "watchos"])
        #expect(version.last?.finding.message.contains("on watchOS 9.0 up to 10.0") == true)
        let long = found.filter { $0.finding.rule == .duration }
        #expect(long.first?.finding.message.contains("or watchOS plays the default sound") == true)
        #expect(!found.contains { $0.finding.rule == .subfolder }, "\(found)")
        // At the same deployment targets, nothing at all.
        let clean = try PlatformApps.iosWithWatch(in: try temporaryDirectory("watchClean"))
        #expect(PlatformApps.findings(SoundChecker.check([clean.path])).isEmpty)
    }

    @Test(
        "resolve finds a macOS app's sound in Contents/Resources, then searches macOS's Library/Sounds folders in order"
    )
    func resolveMac() throws {
        let dir = try temporaryDirectory()
        let app = try PlatformApps.mac(in: dir)
        var locations = SoundLocations(bundle: app.path)
        locations.home = dir.appendingPathComponent("home").path
        let r = SoundResolver.resolve("alarm.wav", in: locations)
        #expect(r.winner == app.appendingPathComponent("Contents/Resources/alarm.wav").path)
        #expect(
            locations.searchOrder.map(\.folder) == [
                app.appendingPathComponent("Contents/Resources").path,
                dir.appendingPathComponent("home/Library/Sounds").path, "/Library/Sounds", "/Network/Library/Sounds",
                "/System/Library/Sounds",
            ])
        // A name in the user's Library/Sounds is found there, after the bundle.
        try PlatformApps.file(
            PlatformApps.tone(seconds: 1), at: dir.appendingPathComponent("home/Library/Sounds/user.wav"))
        #expect(
            SoundResolver.resolve("user.wav", in: locations).winner?.hasSuffix("home/Library/Sounds/user.wav") == true)
        let missing = SoundResolver.resolve("nothing-here.wav", in: locations).findings(for: "nothing-here.wav")
        #expect(missing.map(\.rule) == [.nameNotFound] && missing.first?.platform == "macos")
        // The iOS search path has none of them; --platform asks for another.
        var phone = SoundLocations(bundle: try PlatformApps.iosWithWatch(in: dir).path)
        #expect(phone.searchOrder.map(\.label) == ["main bundle"])
        phone.platform = .macos
        phone.home = "/nonexistent"
        #expect(phone.searchOrder.count == 5)
    }

    /// Apple's availability of UNNotificationInterruptionLevel (iOS/iPadOS 15, macOS 12, watchOS 8, visionOS 1) and
    /// of critical sounds (UNNotificationSound.defaultCritical: iOS 12, macOS 10.14, watchOS 5, visionOS 1), typed
    /// here from the documentation pages, not from the code under test.
    static let firstVersions: [(platform: ApplePlatform, level: String, critical: String)] = [
        (.ios, "15", "12"), (.macos, "12", "10.14"), (.watchos, "8", "5"), (.visionos, "1", "1"),
    ]

    /// An app for `platform` whose deployment target is `minimum`, laid out as Xcode builds it.
    static func app(_ platform: ApplePlatform, minimum: String, in dir: URL) throws -> URL {
        let app = dir.appendingPathComponent("\(platform.rawValue)-\(minimum).app")
        var info: [String: Any] = ["CFBundleIdentifier": "com.example.\(platform.rawValue)"]
        switch platform {
        case .macos:
            info["LSMinimumSystemVersion"] = minimum
            info["CFBundleSupportedPlatforms"] = ["MacOSX"]
            try Apps.write(info, to: app.appendingPathComponent("Contents/Info.plist"))
            return app
        case .ios: info["CFBundleSupportedPlatforms"] = ["iPhoneOS"]
        case .watchos: (info["CFBundleSupportedPlatforms"], info["WKApplication"]) = (["WatchOS"], true)
        case .visionos: (info["CFBundleSupportedPlatforms"], info["UIDeviceFamily"]) = (["XROS"], [7])
        }
        info["MinimumOSVersion"] = minimum
        try Apps.write(info, to: app.appendingPathComponent("Info.plist"))
        return app
    }

    /// The version just below `version` that a deployment target can name (`15` → `14.9`, `10.14` → `10.13`).
    static func justBelow(_ version: String) -> String? {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        if parts.count == 2, parts[1] > 0 { return "\(parts[0]).\(parts[1] - 1)" }
        return parts[0] > 1 ? "\(parts[0] - 1).9" : nil
    }

    @Test(
        "interruption-level and a critical sound against the app's deployment target: a note below the first version that has them, naming the platform; nothing from it on",
        arguments: firstVersions.map(\.platform))
    func deploymentTarget(_ platform: ApplePlatform) throws {
        let dir = try temporaryDirectory()
        let first = try #require(Self.firstVersions.first { $0.platform == platform })
        let body = Array(
            #"{"aps":{"alert":"Fire","sound":{"critical":1,"name":"default","volume":1.0},"interruption-level":"critical"}}"#
                .utf8)
        func notes(_ minimum: String) throws -> [String] {
            var locations = SoundLocations(bundle: try Self.app(platform, minimum: minimum, in: dir).path)
            locations.home = "/nonexistent"
            let r = PayloadChecker.check(body, locations: locations, measureLoudness: false)
            return r.findings.filter { $0.rule == .interruptionLevel && $0.message.contains("or later, and the app's") }
                .map {
                    #expect($0.severity == .note)
                    #expect($0.message.contains(platform.name))
                    return $0.message
                }
        }
        // At the first version of either, no note for it.
        #expect(try notes(first.level).isEmpty)
        if let below = Self.justBelow(first.level) {
            let said = try notes(below)
            #expect(
                said.contains {
                    $0.hasPrefix(
                        "aps.interruption-level needs \(platform.name) \(first.level) or later, and the app's \(platform.minimumVersionKey) is \(below):"
                    )
                }, "\(said)")
            // Every platform had critical alerts before interruption levels: only the level is noted.
            #expect(said.count == 1, "\(said)")
        }
        if let below = Self.justBelow(first.critical) {
            let said = try notes(below)
            #expect(
                said.contains {
                    $0.hasPrefix(
                        "aps.sound.critical needs \(platform.name) \(first.critical) or later, and the app's \(platform.minimumVersionKey) is \(below):"
                    )
                }, "\(said)")
            #expect(said.count == 2, "below both first versions, both are noted: \(said)")
        }
    }

    @Test("a payload naming a macOS app's sound in Contents/Resources gets no name finding")
    func payloadMac() throws {
        let dir = try temporaryDirectory()
        let app = try PlatformApps.mac(in: dir)
        var locations = SoundLocations(bundle: app.path)
        locations.home = "/nonexistent"
        let r = PayloadChecker.check(
            Array(#"{"aps":{"alert":"hi","sound":"alarm.wav"}}"#.utf8), locations: locations, measureLoudness: false)
        #expect(!r.findings.contains { [.nameNotFound, .subfolder].contains($0.rule) }, "\(r.findings)")
        #expect(r.resolution?.winner == app.appendingPathComponent("Contents/Resources/alarm.wav").path)
    }

    @Test(
        "a zipped .app, a zipped .xcarchive and an .xcarchive folder give the findings of the app folder",
        .enabled(if: Apps.hasZip, "zip is not installed: the archives are not built"))
    func archives() throws {
        let dir = try temporaryDirectory()
        let stage = dir.appendingPathComponent("stage")
        let app = try PlatformApps.mac(in: stage, extensionMinimum: "14.0")
        let xcarchive = dir.appendingPathComponent("Mac.xcarchive")
        try FileManager.default.createDirectory(
            at: xcarchive.appendingPathComponent("Products/Applications"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: app, to: xcarchive.appendingPathComponent("Products/Applications/Mac.app"))
        try Tool.must("sh", "-c", "cd '\(stage.path)' && zip -qr '\(dir.path)/Mac.zip' Mac.app")
        try Tool.must("sh", "-c", "cd '\(dir.path)' && zip -qr '\(dir.path)/Archive.zip' Mac.xcarchive")
        func summary(_ path: String, inside: String) -> [String] {
            PlatformApps.findings(SoundChecker.check([path])).map {
                "\($0.path.replacingOccurrences(of: inside, with: "APP")) \($0.finding.rule) \($0.finding.platform ?? "-")"
            }
        }
        let folder = summary(app.path, inside: app.path)
        #expect(folder == ["APP/Contents/PlugIns/NSE.appex/Contents/Info.plist extension-version macos"])
        #expect(summary(dir.path + "/Mac.zip", inside: dir.path + "/Mac.zip/Mac.app") == folder)
        #expect(
            summary(
                dir.path + "/Archive.zip", inside: dir.path + "/Archive.zip/Mac.xcarchive/Products/Applications/Mac.app"
            )
                == folder)
        #expect(
            summary(xcarchive.path, inside: xcarchive.path + "/Products/Applications/Mac.app") == folder)
        var locations = SoundLocations(bundle: dir.path + "/Mac.zip")
        locations.home = "/nonexistent"
        #expect(
            SoundResolver.resolve("alarm.wav", in: locations).winner == dir.path
                + "/Mac.zip/Mac.app/Contents/Resources/alarm.wav")
        #expect(ExtensionChecker.extensions(of: dir.path + "/Mac.zip").map(\.platform) == [.macos])
    }

    /// Each real app's Info.plists (../shared/realworld/plists) and its project's real sounds (apps/), laid out as an
    /// iOS app and as a macOS app: the macOS layout gives exactly the iOS layout's findings, file for file.
    @Test(
        "real apps laid out for macOS get the findings they get laid out for iOS, no more (../shared/realworld)",
        .enabled(if: realWorld("plists") != nil && realWorld("apps") != nil, realWorldMissing))
    func realWorldMac() throws {
        let plists = try #require(realWorld("plists"))
        let sounds = try #require(realWorld("apps"))
        let fm = FileManager.default
        let names = try fm.contentsOfDirectory(atPath: plists.path).filter { !$0.hasSuffix(".tsv") }.sorted()
        let files = try fm.contentsOfDirectory(atPath: sounds.path).filter { $0.contains("__") }
        var compared = 0
        for name in names {
            let dir = try temporaryDirectory("realWorldMac-\(name)")
            let ios = dir.appendingPathComponent("ios/Demo.app")
            let mac = dir.appendingPathComponent("mac/Demo.app")
            for plist in try fm.contentsOfDirectory(atPath: plists.appendingPathComponent(name).path)
            where plist.hasSuffix("-Info.plist") {
                let kind = String(plist.dropLast("-Info.plist".count))
                let (flat, contents) =
                    kind == "HostApp"
                    ? ("Info.plist", "Contents/Info.plist")
                    : ("PlugIns/\(kind).appex/Info.plist", "Contents/PlugIns/\(kind).appex/Contents/Info.plist")
                let data = try Data(contentsOf: plists.appendingPathComponent("\(name)/\(plist)"))
                try PlatformApps.file(data, at: ios.appendingPathComponent(flat))
                try PlatformApps.file(data, at: mac.appendingPathComponent(contents))
            }
            let project = String(name.prefix { $0 != "-" }).lowercased()
            for file in files where file.lowercased().hasPrefix(project) {
                let data = try Data(contentsOf: sounds.appendingPathComponent(file))
                let base = String(file.split(separator: "__", maxSplits: 1).last ?? "")
                try PlatformApps.file(data, at: ios.appendingPathComponent(base))
                try PlatformApps.file(data, at: mac.appendingPathComponent("Contents/Resources/\(base)"))
                compared += 1
            }
            let options = CheckOptions(measureLoudness: false)
            func summary(_ app: URL) -> [String] {
                PlatformApps.findings(SoundChecker.check([app.path], options: options)).map {
                    let path = String($0.path.dropFirst(app.path.count))
                        .replacingOccurrences(of: "/Contents/Resources/", with: "/")
                        .replacingOccurrences(of: "/Contents/PlugIns/", with: "/PlugIns/")
                        .replacingOccurrences(of: "/Contents/Info.plist", with: "/Info.plist")
                    return "\(path) \($0.finding.rule) \($0.finding.severity)"
                }.sorted()
            }
            let onIOS = summary(ios)
            #expect(summary(mac) == onIOS, "\(name)")
            #expect(!onIOS.contains { $0.contains(" subfolder ") || $0.contains(" extension-plist ") }, "\(name)")
        }
        #expect(compared >= 20)
    }
}
