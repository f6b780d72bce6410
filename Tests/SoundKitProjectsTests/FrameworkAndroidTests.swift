import Testing

@testable import SoundKitProjects

@Suite struct FrameworkAndroidTests {
    /// An app module with a library module, a variant source set, a test source set, an added res folder and an
    /// assets folder: every raw file of what the app merges, nothing of what it does not.
    @Test func anAppMergesItsSourceSetsAddedFoldersAndLibraries() throws {
        let root = try fixtureTree([
            "settings.gradle": "include ':app', ':sounds', ':unused'\n",
            "app/build.gradle": """
            apply plugin: 'com.android.application'
            android {
                sourceSets {
                    main {
                        res.srcDirs += ['src/main/res-extra']
                    }
                }
            }
            dependencies {
                implementation project(':sounds')
                // implementation project(':unused')
            }
            """,
            "app/src/main/res/raw/chime.ogg": "x",
            "app/src/main/res-extra/raw/alarm.ogg": "x",
            "app/src/debug/res/raw/debug_beep.ogg": "x",
            "app/src/test/res/raw/test_only.ogg": "x",
            "app/src/main/assets/sounds/ding.wav": "x",
            "sounds/build.gradle.kts": "plugins { id(\"com.android.library\") }\n",
            "sounds/src/main/res/raw/bell.ogg": "x",
            "unused/src/main/res/raw/never.ogg": "x",
        ])
        let reading = try AndroidProject.read(moduleFolder: "app", root: root)
        let target = try #require(reading.targets.first)
        #expect(reading.targets.count == 1)
        #expect(target.name == ":app")
        #expect(target.kind == .application)
        #expect(target.platform == .android)
        let paths = Dictionary(target.entries.map { ($0.bundlePath, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(
            Set(paths.keys) == [
                "raw/chime.ogg", "raw/alarm.ogg", "raw/debug_beep.ogg", "raw/bell.ogg", "assets/sounds/ding.wav",
            ])
        #expect(paths["raw/bell.ogg"]?.file == root + "/sounds/src/main/res/raw/bell.ogg")
        #expect(paths["raw/chime.ogg"]?.route == .androidRaw)
        #expect(paths["assets/sounds/ding.wav"]?.route == .androidAsset)
        #expect(paths["raw/alarm.ogg"]?.declaredAt == SourceSite(path: root + "/app/build.gradle", line: 5, column: 13))
        #expect(paths["raw/chime.ogg"]?.declaredAt == nil)
    }

    /// `res.srcDirs = [...]` replaces `src/main/res`; Kotlin DSL's `getByName("main")` and `implementation(project(…))`.
    @Test func aReplacingSrcDirsDropsTheDefaultFolderAndKotlinDSLIsRead() throws {
        let root = try fixtureTree([
            "android/settings.gradle.kts": "include(\":app\", \":core\")\n",
            "android/app/build.gradle.kts": """
            plugins { alias(libs.plugins.android.application) }
            android { sourceSets { getByName("main") { res.srcDirs("src/main/sounds-res") } } }
            dependencies { implementation(project(":core")) }
            """,
            "android/app/src/main/res/raw/kept.ogg": "x",
            "android/app/src/main/sounds-res/raw/added.ogg": "x",
            "android/core/build.gradle": """
            apply plugin: "com.android.library"
            android { sourceSets { main { res.srcDirs = ['res'] } } }
            """,
            "android/core/src/main/res/raw/ignored.ogg": "x",
            "android/core/res/raw/core.ogg": "x",
        ])
        let target = try #require(try AndroidProject.read(moduleFolder: "android/app", root: root).targets.first)
        #expect(Set(target.entries.map(\.bundlePath)) == ["raw/kept.ogg", "raw/added.ogg", "raw/core.ogg"])
        #expect(target.name == ":app")
    }

    @Test func aLibraryModuleIsAFrameworkAndAMissingDependencyIsANote() throws {
        let root = try fixtureTree([
            "settings.gradle": "include ':lib'\n",
            "lib/build.gradle": "apply plugin: 'com.android.library'\ndependencies { api project(':gone') }\n",
            "lib/src/main/res/raw/a.ogg": "x",
        ])
        let reading = try AndroidProject.read(moduleFolder: "lib", root: root)
        #expect(reading.targets.first?.kind == .framework)
        #expect(
            reading.notes.map(\.message) == [
                "the module :gone is not found (no settings script includes it): its resources are not in the layout"
            ])
        #expect(throws: ProjectReadError.self) { try AndroidProject.read(moduleFolder: "nope", root: root) }
    }

    @Test func scriptsAreReadAtTheTokenLevel() {
        let script = GradleScript.parse(
            Array(
                """
                /* apply plugin: 'com.android.application' */
                apply plugin: 'com.android.library' // "com.android.application"
                android { sourceSets { main { res.srcDirs += ["$projectDir/x"] } } }
                dependencies { implementation project(path: ':a'); implementation(projects.featureSounds) }
                """.utf8), path: "b.gradle")
        #expect(script.moduleKind == .library)
        #expect(script.projectDependencies == [":a"])
        #expect(script.projectAccessors == ["featureSounds"])
        #expect(script.notes.first?.site == SourceSite(path: "b.gradle", line: 3, column: 31))
        #expect(script.sourceDirectories.first?.folders == [])
        let settings = GradleScript.parse(
            Array("include ':app', ':feature-sounds'\nproject(':app').projectDir = file('../app')\n".utf8),
            path: "settings.gradle")
        #expect(settings.includes == [":app", ":feature-sounds"])
        #expect(settings.projectDirectories == [":app": "../app"])
        let found = AndroidProject.Settings(folder: "android", script: settings)
        #expect(found.folder(of: ":app") == "app")
        #expect(found.folder(of: ":featureSounds") == "android/feature-sounds")
        let kmp = GradleScript.parse(Array("plugins { kotlin(\"multiplatform\") }".utf8), path: "k")
        #expect(kmp.kotlinMultiplatform)
    }

    /// Hostile scripts: unclosed strings, comments and braces, deep nesting, binary bytes. The reader returns.
    @Test func hostileScriptsNeverTrap() {
        let seed = Array(
            "android { sourceSets { main { res.srcDirs += ['a', \"b\"] } } }\ninclude(':x')\nproject(':y')".utf8)
        var inputs = scrambled(seed, variants: 400)
        inputs += [
            Array("\"\"\"".utf8), Array("/*".utf8), Array("'".utf8), Array(String(repeating: "{", count: 100_000).utf8),
            Array(String(repeating: "}", count: 1000).utf8), Array("res.srcDirs".utf8), Array("project(".utf8),
            [0xFF, 0xFE, 0x00, 0x80], Array(String(repeating: "res.srcDir(", count: 2000).utf8),
        ]
        var read = 0
        for bytes in inputs {
            let script = GradleScript.parse(bytes, path: "x")
            _ = AndroidProject.Settings(folder: "", script: script).gradlePath(of: "app")
            read += 1
        }
        #expect(read == inputs.count)
    }
}
