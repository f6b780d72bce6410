import Foundation
import SoundKitExampleSupport
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitTestSupport
import Testing

@testable import SoundKitProjects

/// Checkouts the tests write, one per framework and failure, each both ways: the broken tree errors at the line that
/// names the sound, the mended tree is clean. Project files are written as Xcode, Gradle and Flutter write them, by
/// hand here; sounds byte by byte (ExampleSoundFiles), never by soundkit.
@Suite struct CheckoutFixtureTests {
    /// A file of a fixture: text, or a sound made as the rules' examples make theirs.
    enum Content {
        case text(String)
        case sound(ExampleSound.Bytes)
    }

    /// Writes `files` below a new folder and checks it as `soundkit check DIR` does; the report's paths are relative
    /// to the folder (as `soundkit check .` run in it names them).
    static func check(_ files: [String: Content]) throws -> CheckReport {
        let dir = try temporaryDirectory("checkout")
        for (path, content) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch content {
            case .text(let t): try Data(t.utf8).write(to: url)
            case .sound(let b):
                try Data(ExampleSoundFiles.bytes(ExampleSound(url.lastPathComponent, b))).write(to: url)
            }
        }
        var options = CheckOptions()
        options.jobs = 1
        options.measureLoudness = false
        // The folder by its path, never by changing the process's current directory: tests run side by side, and
        // one that moved it under another once had that other check the repository's own sounds/.
        var report = RepositoryCheck.checked([dir.path], options: options).report
        for i in report.files.indices where report.files[i].path.hasPrefix(dir.path + "/") {
            report.files[i].path = String(report.files[i].path.dropFirst(dir.path.count + 1))
        }
        for i in report.references?.indices ?? 0..<0 {
            if let path = report.references?[i].resolved, path.hasPrefix(dir.path + "/") {
                report.references?[i].resolved = String(path.dropFirst(dir.path.count + 1))
            }
        }
        return report
    }

    /// `path:line:col: severity [rule]` for every finding with a position, and `path: severity [rule]` for the rest.
    static func lines(_ report: CheckReport, _ severities: Set<Severity> = [.error, .warning]) -> [String] {
        report.files.flatMap { f in
            f.findings.filter { severities.contains($0.severity) }.map {
                "\(f.path)\($0.positionSuffix): \($0.severity.rawValue) [\($0.rule)]"
            }
        }
    }

    static let swiftCall = """
        import UserNotifications

        func schedule(_ content: UNMutableNotificationContent) {
            content.sound = UNNotificationSound(named: UNNotificationSoundName("NAME"))
        }

        """

    static func swift(_ name: String) -> Content { .text(swiftCall.replacingOccurrences(of: "NAME", with: name)) }

    @Test("an MP3 named for iOS is an error at the line that names it; the CAF beside it is clean")
    func mp3OnIOS() throws {
        let project = ExampleProject.pbxproj(files: ["alarm.mp3", "alarm.caf"], resources: ["alarm.mp3", "alarm.caf"])
        let broken = try Self.check([
            "ios/Runner.xcodeproj/project.pbxproj": .text(project),
            "ios/Runner/AppDelegate.swift": Self.swift("alarm.mp3"),
            "ios/Runner/alarm.mp3": .sound(.mp3), "ios/Runner/alarm.caf": .sound(.caf),
        ])
        #expect(
            Self.lines(broken).contains("ios/Runner/AppDelegate.swift:4:72: error [container]"), "\(Self.lines(broken))"
        )
        let mended = try Self.check([
            "ios/Runner.xcodeproj/project.pbxproj": .text(project),
            "ios/Runner/AppDelegate.swift": Self.swift("alarm.caf"),
            "ios/Runner/alarm.mp3": .sound(.mp3), "ios/Runner/alarm.caf": .sound(.caf),
        ])
        #expect(Self.lines(mended).isEmpty, "\(Self.lines(mended))")
        #expect(mended.references?.map(\.verdict) == ["plays"])
        #expect(
            mended.files.contains { $0.path == "ios/Runner/alarm.mp3" && $0.findings.map(\.rule) == [.unnamedSound] })
    }

    @Test("a name that differs in case is an error at its line with the right spelling; written right it plays")
    func caseMismatch() throws {
        let project = ExampleProject.pbxproj(files: ["Alarm.caf"], resources: ["Alarm.caf"])
        let broken = try Self.check([
            "ios/Runner.xcodeproj/project.pbxproj": .text(project),
            "ios/Runner/AppDelegate.swift": Self.swift("alarm.caf"),
            "ios/Runner/Alarm.caf": .sound(.caf),
        ])
        #expect(Self.lines(broken) == ["ios/Runner/AppDelegate.swift:4:72: error [name-not-found]"])
        #expect(broken.files[0].findings[0].message.contains("'Alarm.caf'"))
        let mended = try Self.check([
            "ios/Runner.xcodeproj/project.pbxproj": .text(project),
            "ios/Runner/AppDelegate.swift": Self.swift("Alarm.caf"),
            "ios/Runner/Alarm.caf": .sound(.caf),
        ])
        #expect(Self.lines(mended).isEmpty, "\(Self.lines(mended))")
    }

    /// An Xcode 16 project (objectVersion 77) whose app target's synchronized folder `Runner` excludes `exclusions`.
    static func synchronized(excluding exclusions: [String]) -> String {
        let list = exclusions.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 77;
            \tobjects = {
            \t\tAA0000000000000000000001 /* Exceptions for "Runner" folder in "Runner" target */ = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \t\t\t\t\(list)
            \t\t\t);
            \t\t\ttarget = AA0000000000000000000003 /* Runner */;
            \t\t};
            \t\tAA0000000000000000000002 /* Runner */ = {
            \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
            \t\t\texceptions = (
            \t\t\t\tAA0000000000000000000001 /* Exceptions for "Runner" folder in "Runner" target */,
            \t\t\t);
            \t\t\tpath = Runner;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tAA0000000000000000000004 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tAA0000000000000000000002 /* Runner */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tAA0000000000000000000003 /* Runner */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \t\t\t\tAA0000000000000000000002 /* Runner */,
            \t\t\t);
            \t\t\tname = Runner;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t\tAA0000000000000000000005 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tmainGroup = AA0000000000000000000004;
            \t\t\tpreferredProjectObjectVersion = 77;
            \t\t\ttargets = (
            \t\t\t\tAA0000000000000000000003 /* Runner */,
            \t\t\t);
            \t\t};
            \t};
            \trootObject = AA0000000000000000000005 /* Project object */;
            }

            """
    }

    @Test(
        "Xcode 16: a sound a synchronized folder's exception set keeps out of the app is not-in-target; without the exception it plays"
    )
    func synchronizedFolder() throws {
        let files: [String: Content] = [
            "ios/Runner/AppDelegate.swift": Self.swift("alarm.caf"), "ios/Runner/alarm.caf": .sound(.caf),
            "ios/Runner/Info.plist": .text("<plist/>"),
        ]
        var broken = files
        broken["ios/Runner.xcodeproj/project.pbxproj"] = .text(
            Self.synchronized(excluding: ["Info.plist", "alarm.caf"]))
        #expect(try Self.lines(Self.check(broken)) == ["ios/Runner/AppDelegate.swift:4:72: error [not-in-target]"])
        var mended = files
        mended["ios/Runner.xcodeproj/project.pbxproj"] = .text(Self.synchronized(excluding: ["Info.plist"]))
        let report = try Self.check(mended)
        #expect(Self.lines(report).isEmpty, "\(Self.lines(report))")
        #expect(report.references?.first?.resolved == "ios/Runner/alarm.caf")
    }

    @Test("a folder reference: a bare name is a subfolder error; the file added as a file plays")
    func folderReference() throws {
        func project(folder: Bool) -> String {
            let ref =
                folder
                ? "AB0000000000000000000001 /* media */ = {isa = PBXFileReference; lastKnownFileType = folder; path = media; sourceTree = \"<group>\"; };"
                : "AB0000000000000000000001 /* kick.caf */ = {isa = PBXFileReference; lastKnownFileType = file; path = media/kick.caf; sourceTree = \"<group>\"; };"
            return """
                // !$*UTF8*$!
                {
                \tarchiveVersion = 1;
                \tobjectVersion = 56;
                \tobjects = {
                \t\t\(ref)
                \t\tAB0000000000000000000002 = {isa = PBXBuildFile; fileRef = AB0000000000000000000001; };
                \t\tAB0000000000000000000003 = {isa = PBXGroup; children = (AB0000000000000000000001); sourceTree = "<group>"; };
                \t\tAB0000000000000000000004 = {isa = PBXResourcesBuildPhase; files = (AB0000000000000000000002); };
                \t\tAB0000000000000000000005 = {isa = PBXNativeTarget; buildPhases = (AB0000000000000000000004); name = App; productType = "com.apple.product-type.application"; };
                \t\tAB0000000000000000000006 = {isa = PBXProject; mainGroup = AB0000000000000000000003; targets = (AB0000000000000000000005); };
                \t};
                \trootObject = AB0000000000000000000006;
                }

                """
        }
        let files: [String: Content] = ["App/Notify.swift": Self.swift("kick.caf"), "media/kick.caf": .sound(.caf)]
        var broken = files
        broken["App.xcodeproj/project.pbxproj"] = .text(project(folder: true))
        #expect(try Self.lines(Self.check(broken)) == ["App/Notify.swift:4:72: error [subfolder]"])
        var mended = files
        mended["App.xcodeproj/project.pbxproj"] = .text(project(folder: false))
        #expect(try Self.lines(Self.check(mended)).isEmpty)
    }

    @Test("a name built at run time is a note; with an .mp3 end it is an error for iOS at its line")
    func runtimeName() throws {
        let project = ExampleProject.pbxproj(files: ["alarm.caf"], resources: ["alarm.caf"])
        let dynamic = try Self.check([
            "ios/Runner.xcodeproj/project.pbxproj": .text(project),
            "ios/Runner/AppDelegate.swift": .text(
                "import UserNotifications\n\nfunc f(_ c: UNMutableNotificationContent, _ tone: String) {\n    c.sound = UNNotificationSound(named: UNNotificationSoundName(\"\\(tone).mp3\"))\n}\n"
            ),
            "ios/Runner/alarm.caf": .sound(.caf),
        ])
        #expect(
            Self.lines(dynamic) == ["ios/Runner/AppDelegate.swift:4:66: error [container]"], "\(Self.lines(dynamic))")
        let note = try Self.check([
            "ios/Runner.xcodeproj/project.pbxproj": .text(project),
            "ios/Runner/AppDelegate.swift": .text(
                "import UserNotifications\n\nfunc f(_ c: UNMutableNotificationContent, _ tone: String) {\n    c.sound = UNNotificationSound(named: UNNotificationSoundName(\"\\(tone).caf\"))\n}\n"
            ),
            "ios/Runner/alarm.caf": .sound(.caf),
        ])
        #expect(Self.lines(note).isEmpty)
        #expect(Self.lines(note, [.note]).contains("ios/Runner/AppDelegate.swift:4:66: note [dynamic-name]"))
    }

    @Test("a tree with no notification code keeps today's behaviour: every sound is checked")
    func noNotificationCode() throws {
        let report = try Self.check(["Sounds/alarm.mp3": .sound(.mp3), "README.md": .text("# app\n")])
        #expect(report.references == nil)
        #expect(Self.lines(report).contains("Sounds/alarm.mp3: error [container]"), "\(Self.lines(report))")
    }
}
