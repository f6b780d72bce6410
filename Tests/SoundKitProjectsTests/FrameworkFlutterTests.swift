import Testing

@testable import SoundKitProjects

@Suite struct FrameworkFlutterTests {
    static let pubspec = """
        name: chime_app
        dependencies:
          flutter:
            sdk: flutter
          flutter_local_notifications: ^17.2.0
        flutter:
          assets:
            - assets/sounds/
            - assets/missing.wav
            - path: assets/flavored.wav
        """

    /// The sound is only in Flutter's assets: an asset entry in both platforms' layouts, and nothing in `res/raw`.
    @Test func aSoundOnlyInAssetsIsAFlutterAssetAndNotARawResource() throws {
        let root = try fixtureTree([
            "pubspec.yaml": Self.pubspec,
            "assets/sounds/chime.mp3": "x",
            "assets/sounds/deeper/not_taken.mp3": "x",
            "assets/flavored.wav": "x",
            "android/settings.gradle": "include ':app'\n",
            "android/app/build.gradle": "plugins { id \"com.android.application\" }\n",
            "android/app/src/main/res/drawable/icon.png": "x",
        ])
        let spec = try Pubspec.read("pubspec.yaml", root: root)
        #expect(spec.name == "chime_app")
        #expect(spec.isFlutter && !spec.isPlugin && spec.usesLocalNotifications)
        #expect(spec.reading.targets.map(\.platform) == [.apple, .android])
        let entries = try #require(spec.reading.targets.first?.entries)
        #expect(
            entries.map(\.bundlePath) == [
                "flutter_assets/assets/sounds/chime.mp3", "flutter_assets/assets/missing.wav",
                "flutter_assets/assets/flavored.wav",
            ])
        #expect(entries.allSatisfy { $0.route == .flutterAsset })
        #expect(entries.map(\.exists) == [true, false, true])
        #expect(entries.first?.declaredAt == SourceSite(path: root + "/pubspec.yaml", line: 8, column: 7))
        let android = try AndroidProject.read(moduleFolder: "android/app", root: root)
        #expect(android.targets.first?.entries.isEmpty == true)
        let found = FrameworkDetector.detect(root: root)
        #expect(found.map(\.kind) == [.flutter, .androidGradle])
        #expect(found.map(\.file) == ["pubspec.yaml", "android/app/build.gradle"])
    }

    /// The mended tree: the sound in the Android head's `res/raw` is a raw resource.
    @Test func theSoundInTheAndroidHeadsRawIsARawResource() throws {
        let root = try fixtureTree([
            "pubspec.yaml": Self.pubspec,
            "android/settings.gradle": "include ':app'\n",
            "android/app/build.gradle": "plugins { id \"com.android.application\" }\n",
            "android/app/src/main/res/raw/chime.mp3": "x",
        ])
        let target = try #require(try AndroidProject.read(moduleFolder: "android/app", root: root).targets.first)
        #expect(target.entries.map(\.bundlePath) == ["raw/chime.mp3"])
        #expect(target.entries.first?.route == .androidRaw)
        let spec = try Pubspec.read("pubspec.yaml", root: root)
        #expect(spec.reading.notes.map(\.message) == ["the asset folder assets/sounds/ does not exist"])
    }

    @Test func aPluginIsNotAnAppAndBadYAMLIsAnErrorAtItsPlace() throws {
        let plugin = try Pubspec.parse(
            Array("name: p\nflutter:\n  plugin:\n    platforms: {}\n".utf8), path: "pubspec.yaml")
        #expect(plugin.isFlutter && plugin.isPlugin)
        let error = #expect(throws: ProjectReadError.self) {
            try Pubspec.parse(Array("name: x\nflutter:\n  assets: [a, \n  - b\n".utf8), path: "p.yaml")
        }
        #expect(error?.site.path == "p.yaml")
        #expect((error?.site.line ?? 0) >= 3)
        #expect(throws: ProjectReadError.self) { try Pubspec.parse(Array("- a\n- b\n".utf8), path: "p.yaml") }
    }

    @Test func hostileYAMLNeverTraps() {
        var inputs = scrambled(Array(Self.pubspec.utf8), variants: 300)
        inputs += [
            Array(String(repeating: "[", count: 10_000).utf8), Array("a: &x [1]\nb: *x\n".utf8), [0xFF, 0x00],
            Array(String(repeating: "- ", count: 5000).utf8),
            Array(("flutter:\n  assets:\n" + String(repeating: "    - ../../../etc/passwd\n", count: 50)).utf8),
        ]
        var read = 0
        for bytes in inputs {
            if let spec = try? Pubspec.parse(bytes, path: "p") {
                _ = Pubspec.assets(spec.assetDeclarations, folder: "", root: "/nonexistent-soundkit", shown: "p")
            }
            read += 1
        }
        #expect(read == inputs.count)
    }
}
