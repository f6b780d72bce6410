import Foundation
import Testing

@testable import SoundKitProjects

@Suite struct FrameworkDetectorTests {
    /// Every framework in one checkout, found in one walk; dependency and build folders are not entered.
    @Test func everyFrameworkIsFoundAndBuildFoldersAreSkipped() throws {
        let root = try fixtureTree([
            "ios/Runner.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{}",
            "gen/project.yml": "name: Gen\ntargets:\n  App: {type: application}\n",
            "tuist/Project.swift": "import ProjectDescription\nlet project = Project(name: \"A\")\n",
            "rn/package.json": "{\"dependencies\": {\"react-native\": \"0.74.0\"}}",
            "rn/node_modules/x/package.json": "{\"dependencies\": {\"react-native\": \"0.74.0\"}}",
            "rn/node_modules/x/android/build.gradle": "apply plugin: 'com.android.application'",
            "expo/package.json": "{\"dependencies\": {\"expo\": \"51.0.0\"}}",
            "cap-app/package.json": "{\"dependencies\": {\"@capacitor/core\": \"6\", \"@capacitor/ios\": \"6\"}}",
            "cap-plugin/package.json":
                "{\"capacitor\": {\"ios\": {\"src\": \"ios\"}}, \"dependencies\": {\"@capacitor/core\": \"6\", \"@capacitor/android\": \"6\"}}",
            "maui/App.csproj": "<Project Sdk=\"Microsoft.NET.Sdk\"/>",
            "maui/obj/Debug/x.csproj": "<Project/>",
            "game/ProjectSettings/ProjectSettings.asset": "x",
            "game/Packages/manifest.json": "{}",
            "game/Library/Cache/x.csproj": "<Project/>",
            "kmp/composeApp/build.gradle.kts":
                "plugins { alias(libs.plugins.kotlinMultiplatform); alias(libs.plugins.androidApplication) }",
            "build/outputs/config.xml": "<widget/>",
            ".git/config": "x",
        ])
        let start = Date()
        let scan = FrameworkDetector.scan(root: root)
        let elapsed = Date().timeIntervalSince(start)
        let found = scan.projects.map { "\($0.kind.rawValue) \($0.file)" }
        #expect(
            found == [
                "capacitor cap-app/package.json", "expo expo/package.json", "unity game/ProjectSettings",
                "nativeApple gen/project.yml",
                "nativeApple ios/Runner.xcodeproj", "androidGradle kmp/composeApp/build.gradle.kts",
                "kotlinMultiplatform kmp/composeApp/build.gradle.kts", "dotnet maui/App.csproj",
                "reactNative rn/package.json", "tuist tuist/Project.swift",
            ])
        #expect(Set(found).count == 10)
        #expect(scan.projects.first { $0.kind == .tuist }?.notes.count == 1)
        #expect(!scan.files.contains { $0.contains("node_modules") || $0.contains("/obj/") || $0.contains("Library") })
        #expect(!scan.files.contains { $0.hasPrefix("build/") || $0.hasPrefix(".git") })
        #expect(scan.files.contains("game/ProjectSettings/ProjectSettings.asset"))
        #expect(elapsed < 5)
    }

    /// Expo's `sounds`: the base name at the bundle's top and in `res/raw`, declared at the listed string.
    @Test func expoSoundsLandOnBothPlatforms() throws {
        let root = try fixtureTree([
            "app.json": """
            {"expo": {"name": "x", "plugins": [
              ["expo-notifications", {"sounds": ["./assets/sounds/alarm.wav", "./assets/gone.wav"]}]
            ]}}
            """,
            "assets/sounds/alarm.wav": "x",
        ])
        let reading = try #require(ExpoProject.read(folder: "", root: root))
        let apple = try #require(reading.targets.first { $0.platform == .apple })
        let android = try #require(reading.targets.first { $0.platform == .android })
        #expect(apple.entries.map(\.bundlePath) == ["alarm.wav", "gone.wav"])
        #expect(android.entries.map(\.bundlePath) == ["raw/alarm.wav", "raw/gone.wav"])
        #expect(apple.entries.map(\.exists) == [true, false])
        #expect(apple.entries.first?.declaredAt == SourceSite(path: root + "/app.json", line: 2, column: 39))
        #expect(ExpoProject.read(folder: "assets", root: root) == nil)
        #expect(FrameworkDetector.detect(root: root).map(\.kind) == [.expo])
    }
}
