import Foundation
import SoundKitIO
import Testing

@testable import SoundKitNotifications

/// Builds app bundles on disk (and zipped as .ipa files) for the wiring rules.
enum Apps {
    static func write(_ plist: [String: Any], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: url)
    }

    static func service(id: String, minimumOS: String? = nil, ats: [String: Any]? = nil) -> [String: Any] {
        var p: [String: Any] = [
            "CFBundleIdentifier": id,
            "NSExtension": [
                "NSExtensionPointIdentifier": "com.apple.usernotifications.service",
                "NSExtensionPrincipalClass": "Service.NotificationService",
            ],
        ]
        if let minimumOS { p["MinimumOSVersion"] = minimumOS }
        if let ats { p["NSAppTransportSecurity"] = ats }
        return p
    }

    /// `Demo.app` in `dir`: its Info.plist, and each extension's under `PlugIns/NAME.appex`.
    @discardableResult
    static func make(
        in dir: URL, id: String = "com.example.demo", minimumOS: String = "15.0",
        extensions: [String: [String: Any]] = [:]
    ) throws -> URL {
        let app = dir.appendingPathComponent("Demo.app")
        try write(
            ["CFBundleIdentifier": id, "MinimumOSVersion": minimumOS], to: app.appendingPathComponent("Info.plist"))
        for (name, plist) in extensions {
            try write(plist, to: app.appendingPathComponent("PlugIns/\(name).appex/Info.plist"))
        }
        return app
    }

    /// Zips `app` as `Payload/Demo.app` into `ipa` with Info-ZIP, as Xcode's export does.
    static func zip(_ app: URL, to ipa: URL) throws {
        let stage = ipa.deletingLastPathComponent().appendingPathComponent("stage-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(
            at: stage.appendingPathComponent("Payload"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: app, to: stage.appendingPathComponent("Payload/Demo.app"))
        try Tool.must("sh", "-c", "cd '\(stage.path)' && zip -qr '\(ipa.path)' Payload")
    }

    /// An `embedded.mobileprovision` signed by a key made for the test: `openssl cms -sign -nodetach` around a
    /// profile property list holding `entitlements` (DER, or with `stream` BER's indefinite lengths).
    static func profile(_ entitlements: [String: Any], at url: URL, stream: Bool = false) throws {
        let dir = url.deletingLastPathComponent()
        let plist = dir.appendingPathComponent("profile.plist")
        try write(
            ["Name": "Test Profile", "TeamIdentifier": ["ABCDE12345"], "Entitlements": entitlements], to: plist)
        let key = dir.appendingPathComponent("key.pem").path
        let cert = dir.appendingPathComponent("cert.pem").path
        try Tool.must(
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key, "-out", cert, "-subj", "/CN=soundkit test", "-days", "1")
        try Tool.must(
            "openssl",
            [
                "cms", "-sign", "-nodetach", "-binary", "-outform", "der", "-in", plist.path, "-signer", cert, "-inkey",
                key,
                "-out", url.path,
            ] + (stream ? ["-stream"] : []))
    }

    static var hasOpenSSL: Bool { (try? Tool.which("openssl")) != nil }
    static var hasZip: Bool { (try? Tool.which("zip")) != nil }
}

@Suite struct ProvisioningProfileTests {
    @Test(
        "a profile made by openssl cms -sign around a property list is read, DER and BER",
        .enabled(if: Apps.hasOpenSSL, "openssl is not installed: the profile reader is not tested on a signed profile"))
    func readsSignedProfiles() throws {
        let dir = try temporaryDirectory()
        for stream in [false, true] {
            let url = dir.appendingPathComponent("p\(stream).mobileprovision")
            try Apps.profile(
                ["aps-environment": "production", "com.apple.developer.usernotifications.time-sensitive": true],
                at: url, stream: stream)
            let bytes = Array(try Data(contentsOf: url))
            let e = try ProvisioningProfile.entitlements(of: bytes)
            #expect(e.apsEnvironment == .string("production"))
            #expect(e.timeSensitive == .bool(true) && e.criticalAlerts == nil)
        }
    }

    @Test func refusesWhatIsNotAProfile() throws {
        for bytes: [UInt8] in [[], [0x30, 0x80], Array("<plist/>".utf8), [0x30, 0x03, 0x06, 0x01, 0x00]] {
            #expect(throws: InfoPlist.ReadError.self) { try ProvisioningProfile.entitlements(of: bytes) }
        }
        #expect(throws: InfoPlist.ReadError.self) {
            try ProvisioningProfile.content(of: [UInt8](repeating: 0x30, count: ProvisioningProfile.maxBytes + 1))
        }
    }

    @Test(
        "damaged profiles give an error, never a trap",
        .enabled(if: Apps.hasOpenSSL, "openssl is not installed: no profile to damage"))
    func mutatedProfiles() throws {
        let dir = try temporaryDirectory()
        let url = dir.appendingPathComponent("p.mobileprovision")
        try Apps.profile(["aps-environment": "development"], at: url, stream: true)
        let good = Array(try Data(contentsOf: url))
        var rng = SplitMix64(seed: 2627)
        for _ in 0..<1500 {
            var b = good
            let i = Int(rng.next() % UInt64(b.count))
            b[i] = UInt8(truncatingIfNeeded: rng.next())
            if rng.next() % 4 == 0 { b.removeLast(Int(rng.next() % UInt64(b.count))) }
            _ = try? ProvisioningProfile.entitlements(of: b)
        }
    }
}

@Suite struct AppWiringTests {
    func payload(_ text: String, bundle: String? = nil, entitlements: EntitlementsSource? = nil) -> [Finding] {
        declared(
            PayloadChecker.check(
                Array(text.utf8), locations: SoundLocations(bundle: bundle), measureLoudness: false,
                cache: ResultCache(directory: nil, identity: "test"), entitlements: entitlements
            ).findings)
    }

    let none = EntitlementsSource(
        source: "App.entitlements", entitlements: Entitlements(apsEnvironment: .string("production")))
    let granted = EntitlementsSource(
        source: "App.entitlements",
        entitlements: Entitlements(
            apsEnvironment: .string("production"), criticalAlerts: .bool(true), timeSensitive: .bool(true)))

    @Test func criticalAndTimeSensitivePayloadsNeedTheirEntitlements() {
        let critical = #"{"aps":{"sound":{"critical":1,"name":"default","volume":1}}}"#
        let level = #"{"aps":{"sound":"default","interruption-level":"critical"}}"#
        let timely = #"{"aps":{"sound":"default","interruption-level":"time-sensitive"}}"#
        for (text, key, subject) in [
            (critical, "critical-alerts", "aps.sound.critical"), (level, "critical-alerts", "aps.interruption-level"),
            (timely, "time-sensitive", "aps.interruption-level"),
        ] {
            let f = payload(text, entitlements: none).filter { $0.rule == .entitlement }
            #expect(f.count == 1 && f.first?.severity == .error, "\(text): \(f)")
            #expect(f.first?.subject == subject)
            #expect(f.first?.message.contains("com.apple.developer.usernotifications.\(key)") == true)
            #expect(f.first?.message.contains("App.entitlements") == true)
            #expect(!payload(text, entitlements: granted).contains { $0.rule == .entitlement })
            // Nothing to judge by: no finding.
            #expect(!payload(text).contains { $0.rule == .entitlement })
        }
        #expect(
            !payload(#"{"aps":{"sound":{"critical":0,"name":"a.caf"}}}"#, entitlements: none).contains {
                $0.rule == .entitlement
            })
    }

    @Test(
        "--bundle reads the entitlements of the app's embedded.mobileprovision, folder or .ipa",
        .enabled(if: Apps.hasOpenSSL && Apps.hasZip, "openssl or zip is not installed"))
    func payloadAgainstTheBundleProfile() throws {
        let dir = try temporaryDirectory()
        let app = try Apps.make(in: dir)
        try Apps.profile(["aps-environment": "production"], at: app.appendingPathComponent("embedded.mobileprovision"))
        let ipa = dir.appendingPathComponent("Demo.ipa")
        try Apps.zip(app, to: ipa)
        for bundle in [app.path, ipa.path] {
            let f = payload(#"{"aps":{"sound":"default","interruption-level":"time-sensitive"}}"#, bundle: bundle)
            let e = f.filter { $0.rule == .entitlement }
            #expect(e.count == 1 && e.first?.message.contains("embedded.mobileprovision") == true, "\(bundle): \(f)")
        }
    }

    @Test func apsEnvironmentNote() throws {
        let dir = try temporaryDirectory()
        let app = try Apps.make(in: dir)
        let tree = FolderTree(root: app.path)
        let without = EntitlementsSource(source: "App.entitlements", entitlements: Entitlements())
        let reports = AppWiring.check(app: tree, entitlements: without)
        #expect(reports.map(\.path) == ["App.entitlements"])
        #expect(declared(reports.flatMap(\.findings)).map(\.rule) == [.entitlement])
        #expect(reports.first?.findings.first?.severity == .note)
        #expect(reports.first?.findings.first?.message.contains("aps-environment") == true)
        #expect(AppWiring.check(app: tree, entitlements: none).isEmpty)
        // No profile (a simulator build) and none given: nothing to say.
        #expect(AppWiring.check(app: tree, entitlements: nil).isEmpty)
    }

    @Test func extensionBundleIdentifiers() {
        let app = AppWiring.BundleKeys(identifier: "com.example.demo", minimumOS: "15.0")
        func findings(_ id: String) -> [Finding] {
            declared(
                AppWiring.extensionFindings(
                    app: app, extension: AppWiring.BundleKeys(identifier: id), notification: true))
        }
        let wrong = findings("com.example.demoservice")
        #expect(wrong.map(\.rule) == [.extensionBundleID] && wrong.first?.severity == .error)
        #expect(wrong.first?.message.contains("\"com.example.demoservice\"") == true)
        #expect(wrong.first?.message.contains("\"com.example.demo\"") == true)
        #expect(findings("com.other.service").map(\.rule) == [.extensionBundleID])
        #expect(findings("com.example.demo.service").isEmpty)
        #expect(findings("$(PRODUCT_BUNDLE_IDENTIFIER).service").isEmpty)
        #expect(
            AppWiring.extensionFindings(
                app: AppWiring.BundleKeys(identifier: "$(PRODUCT_BUNDLE_IDENTIFIER)"),
                extension: AppWiring.BundleKeys(identifier: "com.x.y"), notification: true
            ).isEmpty)
    }

    @Test func extensionDeploymentTargets() {
        let app = AppWiring.BundleKeys(identifier: "com.example.demo", minimumOS: "15.0")
        func findings(_ v: String, notification: Bool = true) -> [Finding] {
            declared(
                AppWiring.extensionFindings(
                    app: app, extension: AppWiring.BundleKeys(identifier: "com.example.demo.s", minimumOS: v),
                    notification: notification))
        }
        let above = findings("16.2")
        #expect(above.map(\.rule) == [.extensionVersion] && above.first?.severity == .warning)
        #expect(above.first?.message.contains("MinimumOSVersion 16.2") == true)
        #expect(above.first?.message.contains("15.0") == true)
        #expect(findings("15.0.1").map(\.rule) == [.extensionVersion])
        for quiet in ["15", "15.0", "14.0", "$(IPHONEOS_DEPLOYMENT_TARGET)", "abc"] {
            #expect(findings(quiet).isEmpty, "\(quiet)")
        }
        #expect(findings("16.2", notification: false).isEmpty)
    }

    @Test func checkOfAnAppJudgesItsExtensions() throws {
        let dir = try temporaryDirectory()
        let app = try Apps.make(
            in: dir,
            extensions: [
                "Service": Apps.service(id: "com.elsewhere.service", minimumOS: "17.0"),
                "Widget": [
                    "CFBundleIdentifier": "com.example.demo.widget", "MinimumOSVersion": "18.0",
                    "NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"],
                ],
            ])
        let r = SoundChecker.check([app.path], options: CheckOptions(measureLoudness: false))
        let service = try #require(r.files.first { $0.path.hasSuffix("Service.appex/Info.plist") })
        #expect(Set(declared(service.findings).map(\.rule)) == [.extensionBundleID, .extensionVersion])
        // A widget above the app's target is not a notification extension: only its identifier is judged (fine).
        #expect(!r.files.contains { $0.path.hasSuffix("Widget.appex/Info.plist") })
    }

    /// A payload naming a plain-http attachment, checked against an app whose service extension has `ats`.
    func http(_ ats: [String: Any]?, host: String = "img.example.com") throws -> [Finding] {
        let dir = try temporaryDirectory()
        let app = try Apps.make(in: dir, extensions: ["Service": Apps.service(id: "com.example.demo.s", ats: ats)])
        let text =
            #"{"aps":{"alert":"x","mutable-content":1},"ab":{"att":{"url":"http://\#(host)/a.jpg","type":"jpg"}}}"#
        return payload(text, bundle: app.path).filter { $0.rule == .attachmentURL }
    }

    @Test func plainHTTPFollowsTheServiceExtensionsTransportSecurity() throws {
        let blocked = try http(nil)
        #expect(blocked.count == 1 && blocked.first?.severity == .error, "\(blocked)")
        #expect(blocked.first?.message.contains("NSAppTransportSecurity") == true)
        #expect(try http(["NSAllowsArbitraryLoads": true]).isEmpty)
        let domain: [String: Any] = [
            "NSExceptionDomains": [
                "example.com": ["NSExceptionAllowsInsecureHTTPLoads": true, "NSIncludesSubdomains": true]
            ]
        ]
        #expect(try http(domain).isEmpty)
        #expect(try http(domain, host: "example.org").first?.severity == .error)
        let exact: [String: Any] = ["NSExceptionDomains": ["example.com": ["NSExceptionAllowsInsecureHTTPLoads": true]]]
        #expect(try http(exact).first?.severity == .error)
        #expect(try http(exact, host: "example.com").isEmpty)
        // Without the bundle, the warning it always gave.
        let text = #"{"aps":{"mutable-content":1},"ab":{"att":{"url":"http://img.example.com/a.jpg","type":"jpg"}}}"#
        #expect(payload(text).filter { $0.rule == .attachmentURL }.map(\.severity) == [.warning])
    }

    /// Real apps' Info.plists and entitlements: the new rules raise no error on them.
    @Test(
        "real host apps and their extensions get no error from the wiring rules (../shared/realworld)",
        .enabled(if: realWorld("plists") != nil, realWorldMissing))
    func realWorldPlists() throws {
        let root = try #require(realWorld("plists"))
        let apps = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasSuffix(".tsv") }
        #expect(apps.count >= 10)
        for name in apps {
            let folder = root.appendingPathComponent(name)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            let dir = try temporaryDirectory(name)
            let app = dir.appendingPathComponent("Demo.app")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            for file in files where file.hasSuffix("-Info.plist") {
                let kind = String(file.dropLast("-Info.plist".count))
                let target = kind == "HostApp" ? "Info.plist" : "PlugIns/\(kind).appex/Info.plist"
                try FileManager.default.createDirectory(
                    at: app.appendingPathComponent(target).deletingLastPathComponent(),
                    withIntermediateDirectories: true)
                try FileManager.default.copyItem(
                    at: folder.appendingPathComponent(file), to: app.appendingPathComponent(target))
            }
            for file in files where file.hasSuffix(".entitlements") {
                let e = try EntitlementsSource.file(folder.appendingPathComponent(file).path)
                let wiring = AppWiring.check(app: FolderTree(root: app.path), entitlements: e)
                #expect(!wiring.contains { $0.hasErrors }, "\(name)/\(file): \(wiring)")
            }
            let r = AppWiring.check(app: FolderTree(root: app.path), entitlements: nil)
            #expect(!r.contains { $0.hasErrors }, "\(name): \(r)")
        }
    }
}

@Suite struct IPATests {
    static var hasTools: Bool { Apps.hasZip && (try? Tool.which("ffmpeg")) != nil }

    @Test(
        "check App.ipa gives the findings of the unzipped app, named inside the archive",
        .enabled(if: hasTools, "zip or ffmpeg is not installed: the .ipa is not built"))
    func ipaMatchesFolder() throws {
        let dir = try temporaryDirectory()
        let app = try Apps.make(
            in: dir,
            extensions: [
                "Service": Apps.service(id: "com.elsewhere.service", minimumOS: "16.0"),
                "Content": [
                    "CFBundleIdentifier": "com.example.demo.content",
                    "NSExtension": [
                        "NSExtensionPointIdentifier": "com.apple.usernotifications.content-extension"
                    ],
                ],
            ])
        func ffmpeg(_ args: [String]) throws { try Tool.must("ffmpeg", ["-v", "error", "-y"] + args) }
        let sine = ["-f", "lavfi", "-i", "sine=f=440:d=0.4:sample_rate=8000"]
        try ffmpeg(sine + ["-c:a", "pcm_s16le", app.appendingPathComponent("chime.caf").path])
        try ffmpeg(sine + ["-c:a", "libmp3lame", "-f", "mp3", app.appendingPathComponent("mp3.caf").path])
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sounds"), withIntermediateDirectories: true)
        try ffmpeg(sine + ["-c:a", "pcm_s16le", app.appendingPathComponent("Sounds/deep.wav").path])
        try ffmpeg(sine + ["-c:a", "pcm_s16le", app.appendingPathComponent("PlugIns/Service.appex/ding.aiff").path])
        let ipa = dir.appendingPathComponent("Demo.ipa")
        try Apps.zip(app, to: ipa)

        let options = CheckOptions(measureLoudness: false)
        let folder = SoundChecker.check([app.path], options: options)
        let zipped = SoundChecker.check([ipa.path], options: options)
        func normal(_ r: CheckReport, _ prefix: String) -> [String] {
            r.files.flatMap { f in
                f.findings.map {
                    "\(f.path.replacingOccurrences(of: prefix, with: "APP")) \($0.rule) \($0.severity) \($0.message)"
                }
            }.sorted()
        }
        #expect(folder.files.count >= 6)
        #expect(normal(folder, app.path) == normal(zipped, ipa.path + "/Payload/Demo.app"))
        #expect(zipped.files.contains { $0.path == ipa.path + "/Payload/Demo.app/Sounds/deep.wav" })
        let rules = Set(zipped.files.flatMap(\.findings).map(\.rule))
        #expect(
            rules.isSuperset(of: [.container, .subfolder, .extensionBundleID, .extensionVersion, .contentExtension]))
        // Descriptions come from the bytes in the archive as from the file.
        #expect(folder.files.map(\.format) == zipped.files.map(\.format))

        // Names resolve inside the archive too.
        let r = SoundResolver.resolve("chime.caf", in: SoundLocations(bundle: ipa.path))
        #expect(r.winner == ipa.path + "/Payload/Demo.app/chime.caf")
        let deep = SoundResolver.resolve("deep.wav", in: SoundLocations(bundle: ipa.path))
        #expect(deep.winner == nil && deep.findings(for: "deep.wav").map(\.rule) == [.subfolder])
        // A payload's sound is found in the archive and checked from its bytes there.
        let p = PayloadChecker.check(
            Array(#"{"aps":{"sound":"mp3.caf"}}"#.utf8), locations: SoundLocations(bundle: ipa.path),
            measureLoudness: false, cache: ResultCache(directory: nil, identity: "test"))
        let winner = ipa.path + "/Payload/Demo.app/mp3.caf"
        #expect(p.resolution?.winner == winner)
        #expect(p.findings.contains { $0.rule == .container && $0.subject == winner }, "\(p.findings)")
    }

    @Test func unreadableArchivesAreFindingsNotFailures() throws {
        let dir = try temporaryDirectory()
        let bad = dir.appendingPathComponent("Broken.ipa")
        try Data("PK\u{3}\u{4} not really".utf8).write(to: bad)
        let r = SoundChecker.check([bad.path], options: CheckOptions(measureLoudness: false))
        #expect(r.files.map(\.path) == [bad.path])
        #expect(r.files.first?.findings.map(\.rule) == [.unreadable])
        #expect(r.files.first?.findings.first?.message.contains("Broken.ipa") == true)
    }
}

@Suite("A payload checked against an .ipa reads the archive once")
struct OpenedOnceTests {
    @Test(
        "the sound name, the attachment's service extension and its App Transport Security, the category and the entitlements: one opening",
        .needs("zip"))
    func ipaOpenedOnce() throws {
        let dir = try temporaryDirectory()
        let app = try Apps.make(
            in: dir,
            extensions: [
                "Service": Apps.service(
                    id: "com.example.demo.service", ats: ["NSExceptionDomains": ["cdn.example.com": [:]]])
            ])
        try Data(TestWAV.tone(seconds: 0.4)).write(to: app.appendingPathComponent("chime.wav"))
        let ipa = dir.appendingPathComponent("Demo.ipa")
        try Apps.zip(app, to: ipa)
        let body = #"""
            {"aps":{"alert":"Photo","sound":"chime.wav","mutable-content":1,"category":"PHOTO"},
             "ab":{"att":{"url":"http://cdn.example.com/a.jpg","type":"jpg"}}}
            """#
        let report = PayloadChecker.check(
            Array(body.utf8), locations: SoundLocations(bundle: ipa.path), measureLoudness: false,
            cache: ResultCache(directory: nil, identity: "test"))
        // The name resolved in the archive, and the checks against its extensions ran.
        #expect(report.resolution?.winner == ipa.path + "/Payload/Demo.app/chime.wav", "\(report.findings)")
        #expect(report.findings.contains { $0.rule == .categoryNotDeclared }, "\(report.findings)")
        #expect(AppBundle.archivesOpened.withLockedValue { $0[ipa.path] } == 1)
        // resolve --bundle, as a library call: the platform and the search read one opening too.
        let again = dir.appendingPathComponent("Again.ipa")
        try FileManager.default.copyItem(at: ipa, to: again)
        let r = SoundResolver.resolve("chime.wav", in: SoundLocations(bundle: again.path))
        #expect(r.winner == again.path + "/Payload/Demo.app/chime.wav")
        #expect(AppBundle.archivesOpened.withLockedValue { $0[again.path] } == 1)
    }
}
