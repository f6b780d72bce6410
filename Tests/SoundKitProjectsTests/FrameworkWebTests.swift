import Testing

@testable import SoundKitProjects

@Suite struct FrameworkWebTests {
    /// Capacitor: a sound in `public/` (the web source) and in the `webDir` is web content, not a native resource.
    @Test func aCapacitorSoundInPublicIsAWebAsset() throws {
        let root = try fixtureTree([
            "capacitor.config.ts":
                "const config = {\n  appId: 'io.x',\n  webDir: 'dist',\n};\nexport default config;\n",
            "public/sounds/beep.wav": "x",
            "dist/index.html": "x",
            "android/app/build.gradle": "apply plugin: 'com.android.application'\n",
        ])
        let reading = WebFolders.read(folder: "", root: root)
        let apple = try #require(reading.targets.first { $0.platform == .apple })
        let android = try #require(reading.targets.first { $0.platform == .android })
        #expect(apple.entries.map(\.bundlePath) == ["public/index.html", "public/sounds/beep.wav"])
        #expect(android.entries.map(\.bundlePath) == ["assets/public/index.html", "assets/public/sounds/beep.wav"])
        #expect((apple.entries + android.entries).allSatisfy { $0.route == .webAsset })
        #expect(apple.entries.first?.declaredAt == SourceSite(path: root + "/capacitor.config.ts", line: 3, column: 11))
        #expect(apple.entries.last?.file == root + "/public/sounds/beep.wav")
        let kinds = FrameworkDetector.detect(root: root).map(\.kind)
        #expect(kinds == [.capacitor, .androidGradle])
    }

    @Test func aCapacitorJSONConfigWithoutWebDirMeansWWW() throws {
        let root = try fixtureTree(["capacitor.config.json": "{\"appId\": \"io.x\"}", "www/a.wav": "x"])
        let reading = WebFolders.read(folder: "", root: root)
        #expect(reading.targets.first?.entries.map(\.bundlePath) == ["public/a.wav"])
    }

    /// Cordova: `<resource-file>` into `res/raw` is a raw resource, iOS's lands at the bundle's top, `www/` is web
    /// content, `platforms/` is generated.
    @Test func cordovaResourceFilesLandWhereTheirTargetsSay() throws {
        let root = try fixtureTree([
            "config.xml": """
            <?xml version='1.0' encoding='utf-8'?>
            <widget id="io.x" version="1.0.0" xmlns="http://www.w3.org/ns/widgets">
              <name>Chimes &amp; Co</name>
              <!-- <resource-file src="res/commented.wav" /> -->
              <platform name="android">
                <resource-file src="res/sounds/alarm.wav" target="app/src/main/res/raw/alarm.wav" />
                <resource-file src="res/sounds/data.bin" target="app/src/main/assets/data.bin" />
              </platform>
              <platform name="ios">
                <resource-file src="res/sounds/alarm.caf" />
              </platform>
              <resource-file src="res/stray.wav" />
            </widget>
            """,
            "res/sounds/alarm.wav": "x",
            "res/sounds/alarm.caf": "x",
            "www/sounds/beep.wav": "x",
            "platforms/android/app/src/main/res/raw/alarm.wav": "x",
        ])
        let reading = try CordovaConfig.read("config.xml", root: root)
        let android = try #require(reading.targets.first { $0.platform == .android })
        let apple = try #require(reading.targets.first { $0.platform == .apple })
        #expect(android.name == "Chimes & Co" && android.kind == .application)
        #expect(
            android.entries.map(\.bundlePath) == ["raw/alarm.wav", "assets/data.bin", "assets/www/sounds/beep.wav"])
        #expect(android.entries.map(\.route) == [.androidRaw, .androidAsset, .webAsset])
        #expect(android.entries.map(\.exists) == [true, false, true])
        #expect(android.entries.first?.declaredAt == SourceSite(path: root + "/config.xml", line: 6, column: 5))
        #expect(apple.entries.map(\.bundlePath) == ["alarm.caf", "www/sounds/beep.wav"])
        #expect(apple.entries.map(\.route) == [.plugin, .webAsset])
        #expect(reading.notes.count == 2)
        #expect(reading.notes.first?.site.line == 12)
        #expect(reading.notes.last?.message.hasPrefix("platforms/ is generated") == true)
        let scan = FrameworkDetector.scan(root: root)
        #expect(scan.projects.map(\.kind) == [.cordova])
        #expect(scan.notes.count == 1)
        #expect(!scan.files.contains { $0.hasPrefix("platforms/") })
    }
}
