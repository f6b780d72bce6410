import Foundation
import SoundKitTestSupport
import Testing

@testable import SoundKitProjects

/// The pbxproj object graph read into target layouts (SOURCE-TREES.md §1.3–§1.6), on fixture trees the tests write.
@Suite struct XcodePBXProjTests {
    /// flutter_local_notifications' example app (SOURCE-TREES.md §1.3), cut to what matters and otherwise as its
    /// pbxproj has it: the sound is a SOURCE_ROOT reference in the Runner group, in Copy Bundle Resources.
    static let flutter = XcodeFixture.pbxproj(
        #"""
        /* Begin PBXBuildFile section */
        		1498D2341E8E89220040F4C2 /* GeneratedPluginRegistrant.m in Sources */ = {isa = PBXBuildFile; fileRef = 1498D2331E8E89220040F4C2 /* GeneratedPluginRegistrant.m */; };
        		51FDB9D02A164225005F209C /* slow_spring_board.aiff in Resources */ = {isa = PBXBuildFile; fileRef = 51FDB9CF2A164225005F209C /* slow_spring_board.aiff */; };
        		97C146FC1CF9000F007C117D /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = 97C146FA1CF9000F007C117D /* Main.storyboard */; };
        		97C146FE1CF9000F007C117D /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = 97C146FD1CF9000F007C117D /* Assets.xcassets */; };
        		78A318202AECB46A00862997 /* FlutterGeneratedPluginSwiftPackage in Frameworks */ = {isa = PBXBuildFile; productRef = 78A3181F2AECB46A00862997 /* FlutterGeneratedPluginSwiftPackage */; };
        /* End PBXBuildFile section */
        		9705A1C41CF9048500538489 /* Embed Frameworks */ = {
        			isa = PBXCopyFilesBuildPhase;
        			buildActionMask = 2147483647;
        			dstPath = "";
        			dstSubfolderSpec = 10;
        			files = (
        			);
        			name = "Embed Frameworks";
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        		1498D2331E8E89220040F4C2 /* GeneratedPluginRegistrant.m */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = sourcecode.c.objc; path = GeneratedPluginRegistrant.m; sourceTree = "<group>"; };
        		51FDB9CF2A164225005F209C /* slow_spring_board.aiff */ = {isa = PBXFileReference; lastKnownFileType = audio.aiff; path = slow_spring_board.aiff; sourceTree = SOURCE_ROOT; };
        		97C146EE1CF9000F007C117D /* Runner.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Runner.app; sourceTree = BUILT_PRODUCTS_DIR; };
        		97C146FB1CF9000F007C117D /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
        		97C146FD1CF9000F007C117D /* Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
        		97C146E51CF9000F007C117D = {
        			isa = PBXGroup;
        			children = (
        				97C146F01CF9000F007C117D /* Runner */,
        				97C146EF1CF9000F007C117D /* Products */,
        			);
        			sourceTree = "<group>";
        		};
        		97C146EF1CF9000F007C117D /* Products */ = {
        			isa = PBXGroup;
        			children = (
        				97C146EE1CF9000F007C117D /* Runner.app */,
        			);
        			name = Products;
        			sourceTree = "<group>";
        		};
        		97C146F01CF9000F007C117D /* Runner */ = {
        			isa = PBXGroup;
        			children = (
        				97C146FA1CF9000F007C117D /* Main.storyboard */,
        				97C146FD1CF9000F007C117D /* Assets.xcassets */,
        				51FDB9CF2A164225005F209C /* slow_spring_board.aiff */,
        				1498D2331E8E89220040F4C2 /* GeneratedPluginRegistrant.m */,
        			);
        			path = Runner;
        			sourceTree = "<group>";
        		};
        		97C146ED1CF9000F007C117D /* Runner */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = 97C147051CF9000F007C117D /* Build configuration list for PBXNativeTarget "Runner" */;
        			buildPhases = (
        				97C146EA1CF9000F007C117D /* Sources */,
        				97C146EC1CF9000F007C117D /* Resources */,
        				9705A1C41CF9048500538489 /* Embed Frameworks */,
        			);
        			buildRules = (
        			);
        			dependencies = (
        			);
        			name = Runner;
        			productName = Runner;
        			productReference = 97C146EE1CF9000F007C117D /* Runner.app */;
        			productType = "com.apple.product-type.application";
        		};
        		PROJECT /* Project object */ = {
        			isa = PBXProject;
        			attributes = {
        				LastUpgradeCheck = 1510;
        				ORGANIZATIONNAME = "";
        			};
        			buildConfigurationList = 97C146E91CF9000F007C117D /* Build configuration list for PBXProject "Runner" */;
        			compatibilityVersion = "Xcode 9.3";
        			developmentRegion = en;
        			hasScannedForEncodings = 0;
        			knownRegions = (
        				en,
        				Base,
        			);
        			mainGroup = 97C146E51CF9000F007C117D;
        			productRefGroup = 97C146EF1CF9000F007C117D /* Products */;
        			projectDirPath = "";
        			projectRoot = "";
        			targets = (
        				97C146ED1CF9000F007C117D /* Runner */,
        			);
        		};
        		97C146EA1CF9000F007C117D /* Sources */ = {
        			isa = PBXSourcesBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				1498D2341E8E89220040F4C2 /* GeneratedPluginRegistrant.m in Sources */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        		97C146EC1CF9000F007C117D /* Resources */ = {
        			isa = PBXResourcesBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				97C146FC1CF9000F007C117D /* Main.storyboard in Resources */,
        				97C146FE1CF9000F007C117D /* Assets.xcassets in Resources */,
        				51FDB9D02A164225005F209C /* slow_spring_board.aiff in Resources */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        		97C146FA1CF9000F007C117D /* Main.storyboard */ = {
        			isa = PBXVariantGroup;
        			children = (
        				97C146FB1CF9000F007C117D /* Base */,
        			);
        			name = Main.storyboard;
        			sourceTree = "<group>";
        		};
        """#)

    @Test(
        "flutter_local_notifications' example: the SOURCE_ROOT sound is at the top of Runner's bundle, at its build file's line"
    )
    func flutterExample() throws {
        let root = try XcodeFixture.tree([
            "ios/Runner.xcodeproj/project.pbxproj": Self.flutter,
            "ios/slow_spring_board.aiff": "FORM",
            "ios/Runner/Base.lproj/Main.storyboard": "<x/>",
            "ios/Runner/Assets.xcassets/AppIcon.appiconset/Contents.json": "{}",
            "ios/Runner/Assets.xcassets/chime.dataset/chime.caf": "caff",
            // On disk in the app's folder, in no build phase: the field's most common failure.
            "ios/Runner/loose.caf": "caff",
        ])
        let reading = try XcodeProject.read(root + "/ios/Runner.xcodeproj")
        #expect(reading.targets.map(\.name) == ["Runner"])
        #expect(reading.notes.isEmpty, "\(reading.notes)")
        let runner = try XcodeFixture.target("Runner", in: reading)
        #expect(runner.kind == .application && runner.platform == .apple)
        #expect(runner.project == root + "/ios/Runner.xcodeproj")
        let sounds = XcodeFixture.sounds(runner)
        let sound = try #require(sounds["slow_spring_board.aiff"])
        #expect(sound.file == root + "/ios/slow_spring_board.aiff")
        #expect(sound.route == .resources && sound.exists && sound.folderRelativePath == nil)
        let line = try #require(XcodeFixture.line(of: "51FDB9D02A164225005F209C /* slow", in: Self.flutter))
        #expect(
            sound.declaredAt == SourceSite(path: root + "/ios/Runner.xcodeproj/project.pbxproj", line: line, column: 3))
        // The variant group lands in Base.lproj; the asset catalog's files are in the catalog, not loose.
        #expect(runner.entries.contains { $0.bundlePath == "Base.lproj/Main.storyboard" && $0.route == .variantGroup })
        let catalog = try #require(sounds["Assets.xcassets/chime.dataset/chime.caf"])
        #expect(
            catalog.route == .assetCatalog
                && catalog.file == root + "/ios/Runner/Assets.xcassets/chime.dataset/chime.caf")
        #expect(sounds["loose.caf"] == nil)
        #expect(sounds.count == 2)
    }

    @Test("a file the project names but the checkout lacks, or has with another case, does not exist")
    func missingAndCase() throws {
        let present = try XcodeFixture.tree(
            ["ios/Runner.xcodeproj/project.pbxproj": Self.flutter, "ios/slow_spring_board.aiff": "FORM"])
        let missing = try XcodeFixture.tree(["ios/Runner.xcodeproj/project.pbxproj": Self.flutter])
        let cased = try XcodeFixture.tree(
            ["ios/Runner.xcodeproj/project.pbxproj": Self.flutter, "ios/Slow_Spring_Board.aiff": "FORM"])
        func exists(_ root: String) throws -> Bool? {
            let runner = try XcodeFixture.target("Runner", in: XcodeProject.read(root + "/ios/Runner.xcodeproj"))
            return XcodeFixture.sounds(runner)["slow_spring_board.aiff"]?.exists
        }
        #expect(try exists(present) == true)
        #expect(try exists(missing) == false)
        #expect(try exists(cased) == false)
    }

    /// An Xcode 16 project (objectVersion 77): the app's synchronized folder keeps Info.plist and one sound out by
    /// an exception set; another set includes a sound of it in the notification service extension.
    static func synchronized(excluding: String, including: String) -> String {
        XcodeFixture.pbxproj(
            """
            		EXC_APP /* Exceptions for "App" folder in "App" target */ = {
            			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            			membershipExceptions = (
            				Info.plist,
            				\(excluding)
            			);
            			target = TARGET_APP /* App */;
            		};
            		EXC_EXT /* Exceptions for "App" folder in "Service" target */ = {
            			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            			membershipExceptions = (
            				\(including)
            			);
            			target = TARGET_EXT /* Service */;
            		};
            		SYNC_APP /* App */ = {
            			isa = PBXFileSystemSynchronizedRootGroup;
            			exceptions = (
            				EXC_APP /* Exceptions for "App" folder in "App" target */,
            				EXC_EXT /* Exceptions for "App" folder in "Service" target */,
            			);
            			path = App;
            			sourceTree = "<group>";
            		};
            		MAIN = {
            			isa = PBXGroup;
            			children = (
            				SYNC_APP /* App */,
            			);
            			sourceTree = "<group>";
            		};
            		TARGET_APP /* App */ = {
            			isa = PBXNativeTarget;
            			buildPhases = (
            			);
            			fileSystemSynchronizedGroups = (
            				SYNC_APP /* App */,
            			);
            			name = App;
            			productType = "com.apple.product-type.application";
            		};
            		TARGET_EXT /* Service */ = {
            			isa = PBXNativeTarget;
            			buildPhases = (
            			);
            			name = Service;
            			productType = "com.apple.product-type.app-extension";
            		};
            		PROJECT /* Project object */ = {
            			isa = PBXProject;
            			mainGroup = MAIN;
            			preferredProjectObjectVersion = 77;
            			targets = (
            				TARGET_APP /* App */,
            				TARGET_EXT /* Service */,
            			);
            		};
            """, objectVersion: "77")
    }

    static let synchronizedFiles = [
        "App/Info.plist": "<plist/>",
        "App/AppDelegate.swift": "",
        "App/chime.caf": "caff",
        "App/excluded.caf": "caff",
        "App/Sounds/deep.caf": "caff",
        "App/Sounds/shared.caf": "caff",
        "App/en.lproj/hello.caf": "caff",
        "App/Media.xcassets/bell.dataset/bell.caf": "caff",
    ]

    @Test("Xcode 16 synchronized folder: an exclusion for the app, an inclusion for the extension (both ways)")
    func synchronizedFolder() throws {
        let text = Self.synchronized(excluding: "excluded.caf,", including: "Sounds/shared.caf,")
        var files = Self.synchronizedFiles
        files["App.xcodeproj/project.pbxproj"] = text
        let root = try XcodeFixture.tree(files)
        let reading = try XcodeProject.read(root + "/App.xcodeproj")
        let app = XcodeFixture.sounds(try XcodeFixture.target("App", in: reading))
        #expect(
            Set(app.keys) == [
                "chime.caf", "deep.caf", "shared.caf", "en.lproj/hello.caf", "Media.xcassets/bell.dataset/bell.caf",
            ])
        #expect(app["chime.caf"]?.route == .synchronizedFolder && app["chime.caf"]?.folderRelativePath == nil)
        #expect(
            app["deep.caf"]?.folderRelativePath == "Sounds/deep.caf"
                && app["deep.caf"]?.file == root + "/App/Sounds/deep.caf")
        #expect(app["en.lproj/hello.caf"]?.route == .variantGroup)
        #expect(app["Media.xcassets/bell.dataset/bell.caf"]?.route == .assetCatalog)
        let app0 = try XcodeFixture.target("App", in: reading)
        #expect(!app0.entries.contains { $0.bundlePath == "Info.plist" || $0.bundlePath.hasSuffix(".swift") })
        #expect(app["chime.caf"]?.declaredAt?.line == XcodeFixture.line(of: "SYNC_APP /* App */ = {", in: text))
        let service = try XcodeFixture.target("Service", in: reading)
        #expect(service.kind == .appExtension(point: nil))
        #expect(service.entries.map(\.bundlePath) == ["shared.caf"])
        #expect(service.entries.first?.declaredAt?.line == XcodeFixture.line(of: "EXC_EXT /* Exceptions", in: text))

        // The other way: nothing excluded for the app, nothing included in the extension.
        var plain = Self.synchronizedFiles
        plain["App.xcodeproj/project.pbxproj"] = Self.synchronized(excluding: "", including: "")
        let other = try XcodeProject.read(try XcodeFixture.tree(plain) + "/App.xcodeproj")
        #expect(XcodeFixture.sounds(try XcodeFixture.target("App", in: other))["excluded.caf"] != nil)
        #expect(try XcodeFixture.target("Service", in: other).entries.isEmpty)
    }

    /// A target with a folder reference, a variant group, copy-files phases with and without dstPath (and Xcode
    /// 26's string form), an embedded extension, an unknown object kind and a missing file.
    static let phases = XcodeFixture.pbxproj(
        """
        		BF_MEDIA /* media in Resources */ = {isa = PBXBuildFile; fileRef = FR_MEDIA /* media */; };
        		BF_LOC /* alert.caf in Resources */ = {isa = PBXBuildFile; fileRef = VG_ALERT /* alert.caf */; };
        		BF_TOP /* top.caf in CopyFiles */ = {isa = PBXBuildFile; fileRef = FR_TOP /* top.caf */; };
        		BF_SUB /* sub.caf in CopyFiles */ = {isa = PBXBuildFile; fileRef = FR_SUB /* sub.caf */; };
        		BF_NEW /* new.caf in CopyFiles */ = {isa = PBXBuildFile; fileRef = FR_NEW /* new.caf */; };
        		BF_GONE /* gone.caf in Resources */ = {isa = PBXBuildFile; fileRef = FR_GONE /* gone.caf */; };
        		BF_APPEX /* Service.appex in Embed Foundation Extensions */ = {isa = PBXBuildFile; fileRef = FR_APPEX /* Service.appex */; settings = {ATTRIBUTES = (RemoveHeadersOnCopy, ); }; };
        		FR_MEDIA /* media */ = {isa = PBXFileReference; lastKnownFileType = folder; name = media; path = testing/media; sourceTree = "<group>"; };
        		FR_EN /* en */ = {isa = PBXFileReference; lastKnownFileType = file; name = en; path = en.lproj/alert.caf; sourceTree = "<group>"; };
        		FR_FR /* fr */ = {isa = PBXFileReference; lastKnownFileType = file; name = fr; path = fr.lproj/alert.caf; sourceTree = "<group>"; };
        		FR_TOP /* top.caf */ = {isa = PBXFileReference; path = top.caf; sourceTree = "<group>"; };
        		FR_SUB /* sub.caf */ = {isa = PBXFileReference; path = sub.caf; sourceTree = "<group>"; };
        		FR_NEW /* new.caf */ = {isa = PBXFileReference; path = new.caf; sourceTree = "<group>"; };
        		FR_GONE /* gone.caf */ = {isa = PBXFileReference; path = gone.caf; sourceTree = "<group>"; };
        		FR_APPEX /* Service.appex */ = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; includeInIndex = 0; path = Service.appex; sourceTree = BUILT_PRODUCTS_DIR; };
        		VG_ALERT /* alert.caf */ = {
        			isa = PBXVariantGroup;
        			children = (
        				FR_EN /* en */,
        				FR_FR /* fr */,
        			);
        			name = alert.caf;
        			sourceTree = "<group>";
        		};
        		MAIN = {isa = PBXGroup; children = (GROUP_APP, FR_MEDIA, ); sourceTree = "<group>"; };
        		GROUP_APP /* App */ = {isa = PBXGroup; children = (VG_ALERT, FR_TOP, FR_SUB, FR_NEW, FR_GONE, ); path = App; sourceTree = "<group>"; };
        		PH_RES /* Resources */ = {isa = PBXResourcesBuildPhase; files = (BF_MEDIA, BF_LOC, BF_GONE, ); };
        		PH_TOP /* Copy to resources */ = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 7; files = (BF_TOP, ); };
        		PH_SUB /* Copy to Sounds */ = {isa = PBXCopyFilesBuildPhase; dstPath = Sounds; dstSubfolderSpec = 7; files = (BF_SUB, ); };
        		PH_NEW /* Xcode 26 */ = {isa = PBXCopyFilesBuildPhase; dstSubfolder = Resources; files = (BF_NEW, ); };
        		PH_EMBED /* Embed Foundation Extensions */ = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 13; files = (BF_APPEX, ); name = "Embed Foundation Extensions"; };
        		XCFUTURE /* something new */ = {
        			isa = PBXSomethingFromXcode30;
        			path = whatever;
        		};
        		TARGET_APP /* App */ = {isa = PBXNativeTarget; buildPhases = (PH_RES, PH_TOP, PH_SUB, PH_NEW, PH_EMBED, ); name = App; productType = "com.apple.product-type.application"; };
        		TARGET_EXT /* Service */ = {isa = PBXNativeTarget; buildConfigurationList = CL_EXT; buildPhases = ( ); name = Service; productReference = FR_APPEX; productType = "com.apple.product-type.app-extension"; };
        		CL_EXT = {isa = XCConfigurationList; buildConfigurations = (BC_EXT_DEBUG, ); };
        		BC_EXT_DEBUG /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(SRCROOT)/Service/Info.plist"; }; name = Debug; };
        		PROJECT /* Project object */ = {isa = PBXProject; mainGroup = MAIN; targets = (TARGET_APP, TARGET_EXT, ); };
        """)

    static let serviceInfoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSExtension</key><dict>
        <key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.service</string>
        </dict></dict></plist>
        """

    @Test("folder references, variant groups, copy-files with and without dstPath, embeds, extension points")
    func phasesAndPlaces() throws {
        let root = try XcodeFixture.tree([
            "App.xcodeproj/project.pbxproj": Self.phases,
            "testing/media/kick.wav": "RIFF",
            "testing/media/loops/long.wav": "RIFF",
            "App/en.lproj/alert.caf": "caff",
            "App/fr.lproj/alert.caf": "caff",
            "App/top.caf": "caff", "App/sub.caf": "caff", "App/new.caf": "caff",
            "Service/Info.plist": Self.serviceInfoPlist,
        ])
        let reading = try XcodeProject.read(root + "/App.xcodeproj")
        let app = try XcodeFixture.target("App", in: reading)
        let sounds = XcodeFixture.sounds(app)
        #expect(sounds["media/kick.wav"]?.route == .folderReference)
        #expect(sounds["media/kick.wav"]?.file == root + "/testing/media/kick.wav")
        #expect(sounds["media/loops/long.wav"]?.route == .folderReference)
        #expect(sounds["en.lproj/alert.caf"]?.route == .variantGroup && sounds["fr.lproj/alert.caf"]?.exists == true)
        #expect(sounds["top.caf"]?.route == .copyFiles)
        #expect(sounds["Sounds/sub.caf"]?.route == .copyFiles && sounds["sub.caf"] == nil)
        #expect(sounds["new.caf"]?.route == .copyFiles)
        #expect(sounds["gone.caf"]?.exists == false && sounds["gone.caf"]?.route == .resources)
        #expect(sounds.count == 8)
        #expect(app.embeds == ["Service"])
        #expect(!app.entries.contains { $0.bundlePath.hasSuffix(".appex") })
        let service = try XcodeFixture.target("Service", in: reading)
        #expect(service.kind == .appExtension(point: "com.apple.usernotifications.service"))
        // The unknown kind is read past, with a note at its line.
        let note = try #require(reading.notes.first)
        #expect(reading.notes.count == 1)
        #expect(note.message.contains("PBXSomethingFromXcode30"))
        #expect(note.site.line == XcodeFixture.line(of: "XCFUTURE /* something new */", in: Self.phases))
    }

    @Test("an XML pbxproj reads as its OpenStep twin does")
    func xmlFormat() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>archiveVersion</key><string>1</string>
            <key>objectVersion</key><string>46</string>
            <key>rootObject</key><string>PROJECT</string>
            <key>objects</key><dict>
              <key>PROJECT</key><dict><key>isa</key><string>PBXProject</string><key>mainGroup</key><string>MAIN</string>
                <key>targets</key><array><string>T</string></array></dict>
              <key>MAIN</key><dict><key>isa</key><string>PBXGroup</string><key>children</key><array><string>FR</string></array>
                <key>sourceTree</key><string>&lt;group&gt;</string></dict>
              <key>FR</key><dict><key>isa</key><string>PBXFileReference</string><key>path</key><string>Sounds/chime.caf</string>
                <key>sourceTree</key><string>&lt;group&gt;</string></dict>
              <key>BF</key><dict><key>isa</key><string>PBXBuildFile</string><key>fileRef</key><string>FR</string></dict>
              <key>RES</key><dict><key>isa</key><string>PBXResourcesBuildPhase</string><key>files</key><array><string>BF</string></array></dict>
              <key>T</key><dict><key>isa</key><string>PBXNativeTarget</string><key>name</key><string>App</string>
                <key>productType</key><string>com.apple.product-type.application</string>
                <key>buildPhases</key><array><string>RES</string></array></dict>
            </dict></dict></plist>
            """
        let root = try XcodeFixture.tree(["App.xcodeproj/project.pbxproj": xml, "Sounds/chime.caf": "caff"])
        let app = try XcodeFixture.target("App", in: XcodeProject.read(root + "/App.xcodeproj"))
        let chime = try #require(XcodeFixture.sounds(app)["chime.caf"])
        #expect(chime.file == root + "/Sounds/chime.caf" && chime.exists && chime.route == .resources)
    }

    @Test("not a project: errors at their place; omitted keys default; a missing rootObject falls back")
    func notAProject() throws {
        let noObjects = try #require(throws: ProjectReadError.self) {
            try PBXProjGraph.read(Array("{\n  archiveVersion = 1;\n}".utf8), xcodeproj: "A.xcodeproj")
        }
        #expect(noObjects.site.path == "A.xcodeproj/project.pbxproj" && noObjects.message.contains("objects"))
        let broken = try #require(throws: ProjectReadError.self) {
            try PBXProjGraph.read(
                Array("{\n  objects = {\n    X = {isa = PBXGroup;\n  };\n".utf8), xcodeproj: "A.xcodeproj")
        }
        #expect(broken.site.line == 5)
        // Bare objects: no rootObject, a target with no name, phases or type.
        let bare = try PBXProjGraph.read(
            Array("{ objects = { P = {isa = PBXProject; targets = (T, U);}; T = {isa = PBXNativeTarget;}; }; }".utf8),
            xcodeproj: "A.xcodeproj")
        #expect(bare.targets.map(\.name) == ["T"])
        #expect(bare.targets.first?.kind == .other(""))
        #expect(bare.notes.count == 1 && bare.notes.first?.message.contains("U") == true)
    }

    @Test(
        "real pbxproj files in ../shared/realworld read without an error",
        .enabled(
            if: XcodePBXProjTests.realWorldProjects() != nil,
            "../shared/realworld holds no .pbxproj; the real-project test does not run"))
    func realWorld() throws {
        let files = try #require(Self.realWorldProjects())
        for path in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let reading = try PBXProjGraph.read(
                bytes, xcodeproj: URL(fileURLWithPath: path).deletingLastPathComponent().path)
            #expect(!reading.targets.isEmpty, "\(path)")
        }
    }

    /// The `.pbxproj` files below ../shared/realworld, nil when there are none.
    static func realWorldProjects() -> [String]? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/realworld")
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return nil }
        let found = walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".pbxproj") }.map { root.path + "/" + $0 }
        return found.isEmpty ? nil : found
    }
}
