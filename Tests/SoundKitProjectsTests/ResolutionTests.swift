import SoundKitNotifications
import Testing

@testable import SoundKitProjects

/// Resolution as iOS and Android do it, on layouts made by hand (the readers' own tests make them from projects):
/// every way a name can miss, and what is said where.
@Suite struct ResolutionTests {
    static let site = SourceSite(path: "lib/main.dart", line: 12, column: 40)

    static func reference(
        _ name: String, _ platform: SoundReference.Platform = .apple, form: SoundReference.Form = .fileName,
        role: SoundReference.Role = .notification, channel: String? = nil
    ) -> SoundReference {
        SoundReference(
            site: site, platform: platform, role: role, api: "test", name: .literal(name), form: form
        ).on(channel: channel)
    }

    static func app(_ entries: [BundleEntry], kind: TargetKind = .application, name: String = "Runner") -> TargetLayout
    {
        TargetLayout(name: name, kind: kind, platform: .apple, project: "ios/Runner.xcodeproj", entries: entries)
    }

    static func entry(
        _ bundlePath: String, _ file: String, _ route: BundleRoute = .resources, exists: Bool = true
    )
        -> BundleEntry
    {
        BundleEntry(bundlePath: bundlePath, file: file, route: route, exists: exists)
    }

    static func android(_ entries: [BundleEntry]) -> TargetLayout {
        TargetLayout(name: "app", kind: .application, platform: .android, project: "android/app", entries: entries)
    }

    static func verdict(_ r: SoundReference, _ layout: CheckoutLayout) -> ReferenceVerdict {
        NameResolution.verdicts([r], in: layout)[0]
    }

    static func rules(_ v: ReferenceVerdict) -> [Rule] { v.findings.map(\.rule) }

    @Test(
        "iOS: the exact name at the top of the app's bundle plays; case, extension, subfolder, catalog, other bundle, no target and nowhere each fail with their rule"
    )
    func apple() {
        let top = Self.app([Self.entry("Alarm.caf", "ios/Runner/Alarm.caf")])
        let layout = CheckoutLayout(targets: [top], audioFiles: ["ios/Runner/Alarm.caf"])
        let plays = Self.verdict(Self.reference("Alarm.caf"), layout)
        #expect(plays.outcome == .plays && plays.resolved == "ios/Runner/Alarm.caf" && plays.findings.isEmpty)
        let caseDiffers = Self.verdict(Self.reference("alarm.caf"), layout)
        #expect(caseDiffers.outcome == .fails && Self.rules(caseDiffers) == [.nameNotFound])
        #expect(caseDiffers.findings[0].message.contains("case"))
        let otherExt = Self.verdict(Self.reference("Alarm.wav"), layout)
        #expect(otherExt.outcome == .fails && otherExt.findings[0].message.contains("Alarm.caf"))
        let bare = Self.verdict(Self.reference("Alarm"), layout)
        #expect(Self.rules(bare) == [.nameNotFound] && bare.findings[0].severity == .warning)

        let folder = Self.app([Self.entry("media/kick.wav", "ios/media/kick.wav", .folderReference)])
        let sub = Self.verdict(Self.reference("kick.wav"), CheckoutLayout(targets: [folder]))
        #expect(Self.rules(sub) == [.subfolder] && sub.findings[0].severity == .error)
        let byPath = Self.verdict(Self.reference("media/kick.wav"), CheckoutLayout(targets: [folder]))
        #expect(
            byPath.outcome == .plays && Self.rules(byPath) == [.subfolder] && byPath.findings[0].severity == .warning)

        let catalog = Self.app([
            Self.entry(
                "Assets.xcassets/kick.dataset/kick.wav", "ios/Runner/Assets.xcassets/kick.dataset/kick.wav",
                .assetCatalog)
        ])
        #expect(
            Self.rules(Self.verdict(Self.reference("kick.wav"), CheckoutLayout(targets: [catalog]))) == [.assetCatalog])

        let service = Self.app(
            [Self.entry("kick.wav", "ios/Service/kick.wav")], kind: .appExtension(point: nil), name: "Service")
        let wrong = Self.verdict(Self.reference("kick.wav"), CheckoutLayout(targets: [Self.app([]), service]))
        #expect(Self.rules(wrong) == [.wrongBundle] && wrong.findings[0].severity == .warning)

        let loose = CheckoutLayout(targets: [Self.app([])], audioFiles: ["ios/Runner/kick.wav"])
        let notIn = Self.verdict(Self.reference("kick.wav"), loose)
        #expect(Self.rules(notIn) == [.notInTarget] && notIn.findings[0].message.contains("Runner target"))

        let flutter = TargetLayout(
            name: "flutter", kind: .other("assets"), platform: .apple, project: "pubspec.yaml",
            entries: [Self.entry("flutter_assets/assets/kick.wav", "assets/kick.wav", .flutterAsset)])
        let asset = Self.verdict(
            Self.reference("kick.wav"),
            CheckoutLayout(targets: [Self.app([]), flutter], audioFiles: ["assets/kick.wav"]))
        #expect(Self.rules(asset) == [.notAResource])

        let nowhere = Self.verdict(Self.reference("Alarn.caf"), layout)
        #expect(
            Self.rules(nowhere) == [.nameNotFound] && nowhere.findings[0].message.contains("did you mean 'Alarm.caf'"))
        let missing = Self.app([Self.entry("gone.caf", "ios/Runner/gone.caf", exists: false)])
        #expect(
            Self.rules(Self.verdict(Self.reference("gone.caf"), CheckoutLayout(targets: [missing]))) == [.nameNotFound])
    }

    @Test("iOS: a name not in the tree is a note where the code fills Library/Sounds at run time; no app: unchecked")
    func runtimeAndNoApp() {
        let layout = CheckoutLayout(
            targets: [Self.app([])],
            runtimeSoundFolders: [SourceSite(path: "ios/Runner/Sounds.swift", line: 3, column: 9)])
        let v = Self.verdict(Self.reference("downloaded.caf"), layout)
        #expect(v.outcome == .unchecked && Self.rules(v) == [.runtimeSounds] && v.findings[0].severity == .note)
        let none = Self.verdict(Self.reference("x.caf"), CheckoutLayout())
        #expect(none.outcome == .unchecked && none.findings.isEmpty)
    }

    @Test(
        "Android: raw names without extension play; a URI with one, an id URI, a raw name with one, assets and loose files each say why"
    )
    func android() {
        let raw = Self.android([Self.entry("raw/alarm.wav", "android/app/src/main/res/raw/alarm.wav", .androidRaw)])
        let layout = CheckoutLayout(targets: [raw])
        #expect(Self.verdict(Self.reference("alarm", .android, form: .rawName), layout).outcome == .plays)
        let ext = Self.verdict(Self.reference("alarm.wav", .android, form: .rawName), layout)
        #expect(ext.outcome == .fails && Self.rules(ext) == [.nameNotFound])
        let stripped = Self.verdict(Self.reference("alarm.wav", .android, form: .rawNameExtensionStripped), layout)
        #expect(stripped.outcome == .plays && stripped.findings.isEmpty)
        let uri = Self.verdict(
            Self.reference("android.resource://com.example/raw/alarm.wav", .android, form: .resourceURI), layout)
        #expect(uri.outcome == .fails && Self.rules(uri) == [.androidURI])
        let goodURI = Self.verdict(
            Self.reference("android.resource://com.example/raw/alarm", .android, form: .resourceURI), layout)
        #expect(goodURI.outcome == .plays && goodURI.findings.isEmpty)
        let id = Self.verdict(Self.reference("alarm", .android, form: .resourceID), layout)
        #expect(id.outcome == .plays && Self.rules(id) == [.androidIDURI] && id.findings[0].severity == .warning)

        let assets = TargetLayout(
            name: "assets", kind: .other("assets"), platform: .android, project: "pubspec.yaml",
            entries: [Self.entry("flutter_assets/assets/bell.wav", "assets/bell.wav", .flutterAsset)])
        let asset = Self.verdict(
            Self.reference("bell", .android, form: .rawName), CheckoutLayout(targets: [raw, assets]))
        #expect(Self.rules(asset) == [.notAResource] && asset.findings[0].message.contains("res/raw/"))
        let loose = Self.verdict(
            Self.reference("bell", .android, form: .rawName),
            CheckoutLayout(targets: [raw], audioFiles: ["android/app/sounds/bell.wav"]))
        #expect(Self.rules(loose) == [.notAResource])
        let nowhere = Self.verdict(Self.reference("alarn", .android, form: .rawName), layout)
        #expect(Self.rules(nowhere) == [.nameNotFound] && nowhere.findings[0].message.contains("'alarm'"))
    }

    @Test("a name built at run time is a note, unless its literal end names a type iOS does not play")
    func dynamic() {
        func ref(_ suffix: String, _ platform: SoundReference.Platform) -> SoundReference {
            SoundReference(
                site: Self.site, platform: platform, role: .notification, api: "test",
                name: .dynamic(prefix: "", suffix: suffix), form: .fileName)
        }
        let mp3 = Self.verdict(ref(".mp3", .apple), CheckoutLayout())
        #expect(mp3.outcome == .fails && Self.rules(mp3) == [.container] && mp3.findings[0].severity == .error)
        #expect(Self.rules(Self.verdict(ref(".caf", .apple), CheckoutLayout())) == [.dynamicName])
        #expect(Self.rules(Self.verdict(ref(".mp3", .android), CheckoutLayout())) == [.dynamicName])
        #expect(Self.rules(Self.verdict(ref("", .apple), CheckoutLayout())) == [.dynamicName])
    }

    @Test("one channel id created with two sounds: an error at the second, naming the first's place")
    func channels() {
        let raw = Self.android([
            Self.entry("raw/a.wav", "res/raw/a.wav", .androidRaw),
            Self.entry("raw/b.wav", "res/raw/b.wav", .androidRaw),
        ])
        let a = Self.reference("a", .android, form: .rawName, role: .channel, channel: "alerts")
        var b = Self.reference("b", .android, form: .rawName, role: .channel, channel: "alerts")
        b.site.line = 20
        let c = Self.reference("b", .android, form: .rawName, role: .channel, channel: "other")
        let v = NameResolution.verdicts([a, b, c], in: CheckoutLayout(targets: [raw]))
        #expect(v.map(Self.rules) == [[], [.channelSound], []])
        #expect(v[1].findings[0].message.contains("lib/main.dart:12:40"))
        let same = NameResolution.verdicts([a, a], in: CheckoutLayout(targets: [raw]))
        #expect(same.allSatisfy { $0.findings.isEmpty })
    }

    @Test("a name passed to both platforms gets a verdict on each")
    func both() {
        let layout = CheckoutLayout(targets: [
            Self.app([Self.entry("beep.wav", "ios/App/beep.wav")]),
            Self.android([Self.entry("raw/beep.wav", "android/app/src/main/res/raw/beep.wav", .androidRaw)]),
        ])
        let v = NameResolution.verdicts(
            [Self.reference("beep.wav", .both, form: .rawNameExtensionStripped)], in: layout)
        #expect(v.map(\.platform) == [.apple, .android] && v.allSatisfy { $0.outcome == .plays })
    }
}
