import Foundation
import Testing

@testable import SoundKitProjects

/// Xcode 27's project.xcproj (JSON5) read into the same layouts (SOURCE-TREES.md §1.8).
@Suite struct XcodeXCProjTests {
    static let project = """
        // Written by hand the way Xcode 27 writes it, with JSON5's liberties.
        {
          /* the file tree */
          files: [
            { kind: 'group', path: 'App', children: [
              { path: "chime.caf", "target-membership": [ "App/resources" ] },
              { path: 'AppDelegate.swift', 'target-membership': [ 'App/compile-sources' ] },
              { path: "Assets.xcassets", type: "folder.assetcatalog", "target-membership": [ "App/resources" ] },
              { kind: "variant-group", path: "", "target-membership": [ "App/resources" ], children: [
                { path: "en.lproj/alert.caf" },
                { path: "de.lproj/alert.caf" },
              ] },
            ] },
            { "kind": "folder", "path": "Shared", "target-membership": [ "App" ],
              "opaque-folders": [ "Bundled" ],
              "membership-exceptions": [
                { "target": "App", "exclusions": [ "mac-only.caf" ] },
                { "target": "Service", "inclusions": [ "common.caf" ] },
                { "build-phase": "App/copy/Copy Sounds", "inclusions": [ "special.caf" ] },
              ] },
            { path: "<PROJECT>/media", "target-membership": [ { "build-phase": "App/resources" } ] },
            { kind: "group", name: "Products", children: [
              { path: "<PRODUCTS>/Service.appex", "target-membership": [ "App/copy/Embed Foundation Extensions" ] },
              { path: "<SDK>/System/Library/Sounds/x.caf", "target-membership": [ "App/resources" ] },
            ] },
          ],
          targets: [
            { name: "App", id: "0123456789ABCDEF01234567", product: "Products/App.app", "product-type": "application",
              "build-phases": [ "compile-sources", "resources",
                { kind: "copy", name: "Embed Foundation Extensions", "bundle-base-path": "plugins-directory" },
                { kind: "copy", name: "Copy Sounds", "bundle-base-path": "resources-directory", "relative-path": "Extra" },
              ], },
            { name: "Service", id: "0123456789ABCDEF01234568", product: "Products/Service.appex",
              "product-type": "app-extension", "build-phases": [ "compile-sources" ],
              "build-settings": { INFOPLIST_FILE: "Service/Info.plist" } },
          ],
        }
        """

    @Test("membership on files, folders with both exception kinds, copy phases, embeds, product types")
    func layouts() throws {
        let root = try XcodeFixture.tree([
            "App.xcodeproj/project.xcproj": Self.project,
            "App/chime.caf": "caff", "App/AppDelegate.swift": "",
            "App/Assets.xcassets/tone.dataset/tone.caf": "caff",
            "App/en.lproj/alert.caf": "caff", "App/de.lproj/alert.caf": "caff",
            "Shared/a.caf": "caff", "Shared/mac-only.caf": "caff", "Shared/common.caf": "caff",
            "Shared/special.caf": "caff", "Shared/Bundled/b.caf": "caff", "Shared/sub/c.caf": "caff",
            "media/kick.wav": "RIFF",
            "Service/Info.plist": XcodePBXProjTests.serviceInfoPlist,
        ])
        #expect(XcodeProject.formats(in: root + "/App.xcodeproj") == [.xcproj])
        let reading = try XcodeProject.read(root + "/App.xcodeproj")
        #expect(reading.targets.map(\.name) == ["App", "Service"])
        let app = try XcodeFixture.target("App", in: reading)
        #expect(app.kind == .application && app.embeds == ["Service"])
        let sounds = XcodeFixture.sounds(app)
        #expect(sounds["chime.caf"]?.route == .resources && sounds["chime.caf"]?.file == root + "/App/chime.caf")
        #expect(sounds["Assets.xcassets/tone.dataset/tone.caf"]?.route == .assetCatalog)
        #expect(sounds["en.lproj/alert.caf"]?.route == .variantGroup && sounds["de.lproj/alert.caf"] != nil)
        #expect(sounds["a.caf"]?.route == .synchronizedFolder && sounds["c.caf"]?.folderRelativePath == "sub/c.caf")
        #expect(sounds["common.caf"] != nil && sounds["mac-only.caf"] == nil)
        #expect(sounds["special.caf"] == nil && sounds["Extra/special.caf"]?.route == .copyFiles)
        #expect(sounds["Bundled/b.caf"]?.route == .folderReference)
        #expect(sounds["media/kick.wav"]?.route == .folderReference)
        #expect(sounds.count == 10, "\(sounds.keys.sorted())")
        let chimeLine = try #require(XcodeFixture.line(of: #"{ path: "chime.caf""#, in: Self.project))
        #expect(sounds["chime.caf"]?.declaredAt?.line == chimeLine && sounds["chime.caf"]?.declaredAt?.column == 7)
        let service = try XcodeFixture.target("Service", in: reading)
        #expect(service.kind == .appExtension(point: "com.apple.usernotifications.service"))
        #expect(service.entries.map(\.bundlePath) == ["common.caf"])
        // The SDK-relative file is read past with a note.
        #expect(reading.notes.count == 1 && reading.notes.first?.message.contains("<SDK>") == true)
    }

    @Test("both formats in one .xcodeproj are both reported; JSON5 mistakes are errors at their place")
    func bothAndBroken() throws {
        let root = try XcodeFixture.tree([
            "App.xcodeproj/project.xcproj": "{ files: [], targets: [] }",
            "App.xcodeproj/project.pbxproj": XcodeFixture.pbxproj("PROJECT = {isa = PBXProject; targets = ( ); };"),
        ])
        #expect(XcodeProject.formats(in: root + "/App.xcodeproj") == [.pbxproj, .xcproj])
        let reading = try XcodeProject.read(root + "/App.xcodeproj")
        #expect(reading.notes.first?.message.contains("both") == true)
        let cases: [(String, Int, Int)] = [
            ("{ a: 'open\n}", 1, 6), ("{ a: 1 /* open", 1, 8), ("{\n  a 1 }", 2, 5), ("[1, 2", 1, 6),
            (String(repeating: "[", count: 70), 1, 65), ("{ a: [1,, 2] }", 1, 9),
        ]
        for (text, line, column) in cases {
            let e = try #require(throws: ProjectReadError.self) {
                try XCProjReader.read(Array(text.utf8), xcodeproj: "A.xcodeproj")
            }
            #expect(e.site.line == line && e.site.column == column, "\(text): \(e)")
        }
        let fine = try JSON5Reader.read(Array("{a:'\\x41\\u00e9',b:[+1,-2.5e3,Infinity,null,true,],}".utf8), file: "f")
        #expect(fine["a"]?.string == "Aé" && fine["b"]?.strings == ["+1", "-2.5e3", "Infinity", "null", "true"])
    }
}
