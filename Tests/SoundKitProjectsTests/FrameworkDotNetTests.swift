import Testing

@testable import SoundKitProjects

@Suite struct FrameworkDotNetTests {
    /// A MAUI single project: the implicit globs put `Platforms/iOS/Resources/x.aiff` at the bundle's top and
    /// `Platforms/Android/Resources/raw/x.wav` in `res/raw`; `Resources/Raw/y.wav` is an Android asset; a
    /// `BundleResource` outside the prefix keeps its folder unless `Link` puts it under `Resources`.
    @Test func aMauiProjectHasALayoutPerPlatform() throws {
        let root = try fixtureTree([
            "App/App.csproj": """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <TargetFrameworks>net8.0-android;net8.0-ios;net8.0-maccatalyst</TargetFrameworks>
                <UseMaui>true</UseMaui>
                <OutputType>Exe</OutputType>
              </PropertyGroup>
              <ItemGroup>
                <MauiAsset Include="Resources\\Raw\\**" LogicalName="%(RecursiveDir)%(Filename)%(Extension)" />
                <BundleResource Include="Sounds\\linked.caf" Link="Resources\\linked.caf" />
                <BundleResource Include="Sounds\\nested.caf" />
                <BundleResource Include="Sounds\\named.caf">
                  <LogicalName>renamed.caf</LogicalName>
                </BundleResource>
              </ItemGroup>
            </Project>
            """,
            "App/Platforms/iOS/Resources/x.aiff": "x",
            "App/Platforms/Android/Resources/raw/x.wav": "x",
            "App/Resources/Raw/y.wav": "x",
            "App/Resources/Raw/sub/z.wav": "x",
            "App/Sounds/linked.caf": "x",
            "App/Sounds/nested.caf": "x",
            "App/Sounds/named.caf": "x",
            "App/bin/Debug/x.wav": "x",
        ])
        let reading = try MSBuildProject.read("App/App.csproj", root: root)
        #expect(reading.targets.map(\.name) == ["App (iOS)", "App (Android)"])
        #expect(reading.targets.allSatisfy { $0.kind == .application })
        let apple = try #require(reading.targets.first { $0.platform == .apple })
        let android = try #require(reading.targets.first { $0.platform == .android })
        let appleMap = Dictionary(uniqueKeysWithValues: apple.entries.map { ($0.bundlePath, $0.file) })
        #expect(
            appleMap == [
                "x.aiff": root + "/App/Platforms/iOS/Resources/x.aiff", "y.wav": root + "/App/Resources/Raw/y.wav",
                "sub/z.wav": root + "/App/Resources/Raw/sub/z.wav", "linked.caf": root + "/App/Sounds/linked.caf",
                "Sounds/nested.caf": root + "/App/Sounds/nested.caf", "renamed.caf": root + "/App/Sounds/named.caf",
            ])
        #expect(apple.entries.allSatisfy { $0.route == .plugin })
        let androidMap = Dictionary(uniqueKeysWithValues: android.entries.map { ($0.bundlePath, $0.route) })
        #expect(
            androidMap == ["raw/x.wav": .androidRaw, "assets/y.wav": .androidAsset, "assets/sub/z.wav": .androidAsset])
        let linked = apple.entries.first { $0.bundlePath == "linked.caf" }
        #expect(linked?.declaredAt == SourceSite(path: root + "/App/App.csproj", line: 9, column: 5))
    }

    /// Classic Xamarin: `Resources/` is the iOS prefix and the Android resource folder; `Remove` and globs apply.
    @Test func classicXamarinProjectsUseTheResourcesPrefix() throws {
        let root = try fixtureTree([
            "ios/App.iOS.csproj": """
            <Project ToolsVersion="15.0">
              <PropertyGroup><TargetFrameworkIdentifier>Xamarin.iOS</TargetFrameworkIdentifier></PropertyGroup>
              <ItemGroup>
                <BundleResource Include="Resources\\**\\*.caf" />
                <BundleResource Remove="Resources\\old.caf" />
              </ItemGroup>
            </Project>
            """,
            "ios/Resources/chime.caf": "x",
            "ios/Resources/old.caf": "x",
            "ios/Resources/Sounds/deep.caf": "x",
            "droid/App.Droid.csproj": """
            <Project>
              <ItemGroup>
                <AndroidResource Include="Resources\\raw\\beep.wav" />
                <AndroidResource Include="Resources\\drawable\\icon.png" />
                <AndroidResource Include="Resources\\values\\raw\\stray.mp3" />
                <AndroidAsset Include="Assets\\a.wav" />
              </ItemGroup>
            </Project>
            """,
        ])
        let ios = try MSBuildProject.read("ios/App.iOS.csproj", root: root)
        #expect(ios.targets.map(\.platform) == [.apple])
        #expect(ios.targets.first?.entries.map(\.bundlePath).sorted() == ["Sounds/deep.caf", "chime.caf"])
        let droid = try MSBuildProject.read("droid/App.Droid.csproj", root: root)
        #expect(droid.targets.map(\.platform) == [.android])
        let entries = try #require(droid.targets.first?.entries)
        #expect(entries.map(\.bundlePath) == ["raw/beep.wav", "assets/a.wav"])
        #expect(entries.map(\.exists) == [false, false])
        // Plugin.LocalNotification's MAUI sample keeps its Android sound in values/raw: no raw resource, a note.
        #expect(
            droid.notes.map(\.message) == [
                "AndroidResource Resources/values/raw/stray.mp3 is not in a raw/ folder below the resource prefix: it is no raw resource"
            ])
        // Neither project says OutputType Exe: libraries; the MAUI app above says it.
        #expect(droid.targets.first?.kind == .framework)
    }

    @Test func xmlIsTokenizedWithPositionsAndDTDsAreRefused() throws {
        let doc = try XMLTokenizer.parse(
            Array(
                "<?xml version=\"1.0\"?>\n<a x='1 &lt; 2'><!-- c --><b>t&#x41;<![CDATA[<raw>]]></b>\n  <c/></a>".utf8),
            path: "f.xml")
        #expect(doc.elements.map(\.name) == ["a", "b", "c"])
        #expect(doc.elements[0].attribute("x")?.value == "1 < 2")
        #expect(doc.elements[1].text == "tA<raw>")
        #expect(doc.elements[2].site == SourceSite(path: "f.xml", line: 3, column: 3))
        #expect(doc.elements[0].children == [1, 2])
        let cases: [(String, Int, Int, String)] = [
            ("<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>", 1, 1, "document type declaration"),
            ("<a>\n  <b></a>", 2, 6, "closes <b>"),
            ("<a>&nope;</a>", 1, 4, "is not defined"),
            ("<a x='1' x='2'/>", 1, 10, "appears twice"),
            ("<a>", 1, 4, "is not closed"),
            ("<a/><b/>", 1, 5, "a second root"),
        ]
        for (text, line, column, words) in cases {
            let error = #expect(throws: ProjectReadError.self) { try XMLTokenizer.parse(Array(text.utf8), path: "f") }
            #expect(error?.site == SourceSite(path: "f", line: line, column: column), "\(text)")
            #expect(error?.message.contains(words) == true, "\(text): \(error?.message ?? "")")
        }
    }

    @Test func hostileXMLNeverTraps() {
        let seed = Array(
            "<Project><ItemGroup><BundleResource Include=\"a\\**\" Link='b'><LogicalName>&amp;</LogicalName></BundleResource><![CDATA[x]]><!-- -->&#65;</ItemGroup></Project>"
                .utf8)
        var inputs = scrambled(seed, variants: 400)
        inputs += [
            Array(String(repeating: "<a>", count: 100_000).utf8), Array(String(repeating: "<a/>", count: 10).utf8),
            Array("<a x='&#x110000;'/>".utf8), Array("<a>&#0;</a>".utf8), Array("<a>&".utf8), Array("<!--".utf8),
            [0xEF, 0xBB, 0xBF], [0xFF, 0xFE, 0x3C, 0x00],
        ]
        var read = 0
        for bytes in inputs {
            _ = try? XMLTokenizer.parse(bytes, path: "x")
            read += 1
        }
        #expect(read == inputs.count)
        #expect(Glob("Resources/Raw/**").recursiveDir(of: "Resources/Raw/a/b/c.wav") == "a/b/")
        #expect(Glob("a/*.caf").recursiveDir(of: "a/b/c.caf") == nil)
        #expect(Glob.segment("*.c?f", "x.caf") && !Glob.segment("*.caf", "x.wav"))
    }
}
