import Foundation
import Testing

@testable import SoundKitProjects

/// XcodeGen's project.yml read into the layouts its generated project would have (SOURCE-TREES.md §1.9).
@Suite struct XcodeGenTests {
    static let spec = """
        name: Demo
        options:
          bundleIdPrefix: com.example
        targets:
          Demo:
            type: application
            platform: iOS
            sources:
              - Demo
              - path: Sounds
                type: folder
              - path: Extra/ding.caf
              - path: Notes
                excludes:
                  - "draft*.caf"
              - path: Synced
                type: syncedFolder
              - path: Copied
                buildPhase:
                  copyFiles:
                    destination: resources
                    subpath: Tones
            dependencies:
              - target: Service
          Service:
            type: app-extension
            platform: iOS
            sources: [Service]
            info:
              path: Service/Info.plist
              properties:
                NSExtension:
                  NSExtensionPointIdentifier: com.apple.usernotifications.service
        """

    @Test("sources by kind and default phase, folder references, excludes, copy phases, embeds, extension point")
    func layouts() throws {
        let root = try XcodeFixture.tree([
            "project.yml": Self.spec,
            "Demo/chime.caf": "caff", "Demo/Info.plist": "<plist/>", "Demo/App.swift": "", "Demo/README": "",
            "Demo/Nested/deeper.caf": "caff", "Demo/Assets.xcassets/bell.dataset/bell.caf": "caff",
            "Demo/en.lproj/hello.caf": "caff",
            "Sounds/kick.wav": "RIFF", "Extra/ding.caf": "caff",
            "Notes/keep.caf": "caff", "Notes/draft1.caf": "caff",
            "Synced/sub/s.caf": "caff", "Copied/tone.caf": "caff",
            "Service/NotificationService.swift": "",
        ])
        let reading = try XcodeGenSpec.read(root + "/project.yml")
        #expect(reading.targets.map(\.name) == ["Demo", "Service"])
        let demo = try XcodeFixture.target("Demo", in: reading)
        #expect(demo.kind == .application && demo.embeds == ["Service"])
        let sounds = XcodeFixture.sounds(demo)
        #expect(sounds["chime.caf"]?.route == .resources && sounds["chime.caf"]?.file == root + "/Demo/chime.caf")
        #expect(sounds["deeper.caf"]?.route == .resources)
        #expect(sounds["Assets.xcassets/bell.dataset/bell.caf"]?.route == .assetCatalog)
        #expect(sounds["en.lproj/hello.caf"]?.route == .variantGroup)
        #expect(sounds["Sounds/kick.wav"]?.route == .folderReference)
        #expect(sounds["ding.caf"]?.route == .resources && sounds["keep.caf"] != nil && sounds["draft1.caf"] == nil)
        #expect(sounds["s.caf"]?.route == .synchronizedFolder && sounds["s.caf"]?.folderRelativePath == "sub/s.caf")
        #expect(sounds["Tones/tone.caf"]?.route == .copyFiles)
        #expect(sounds.count == 9, "\(sounds.keys.sorted())")
        #expect(!demo.entries.contains { ["Info.plist", "App.swift", "README"].contains($0.bundlePath) })
        let line = try #require(XcodeFixture.line(of: "- path: Sounds", in: Self.spec))
        #expect(sounds["Sounds/kick.wav"]?.declaredAt?.line == line)
        let service = try XcodeFixture.target("Service", in: reading)
        #expect(service.kind == .appExtension(point: "com.apple.usernotifications.service"))
        #expect(service.entries.isEmpty)
    }

    @Test("a spec that is not YAML, or uses anchors, is an error at its place")
    func mistakes() throws {
        let broken = try #require(throws: ProjectReadError.self) {
            try XcodeGenSpec.read(Array("targets:\n  A: [unclosed\n".utf8), projectYML: "project.yml")
        }
        #expect(broken.site.path == "project.yml" && broken.site.line == 3)
        let anchors = try #require(throws: ProjectReadError.self) {
            try XcodeGenSpec.read(Array("a: &x 1\nb: *x\n".utf8), projectYML: "project.yml")
        }
        #expect(anchors.site.line == 1 && anchors.site.column == 4)
        #expect(try XcodeGenSpec.read([], projectYML: "project.yml").targets.isEmpty)
    }
}
