import Foundation
import Testing

@testable import SoundKitProjects

/// The detector and readers on a real checkout named by `SOUNDKIT_REAL_TREE` (a folder on this machine): what they
/// find and how long the walk takes is printed for the report. Skipped, visibly, without it.
@Suite struct FrameworkRealTreeTests {
    static let root = ProcessInfo.processInfo.environment["SOUNDKIT_REAL_TREE"]

    @Test(.enabled(if: root != nil, "SOUNDKIT_REAL_TREE is not set: no real checkout to read"))
    func aRealCheckoutIsWalkedAndRead() throws {
        let root = try #require(Self.root)
        let start = Date()
        let scan = FrameworkDetector.scan(root: root)
        let walk = Date().timeIntervalSince(start)
        print("walk: \(scan.files.count) files in \(String(format: "%.3f", walk)) s, notes \(scan.notes.count)")
        for p in scan.projects {
            let readings: [ProjectReading]
            do {
                switch p.kind {
                case .androidGradle: readings = [try AndroidProject.read(moduleFolder: p.folder, root: root)]
                case .flutter: readings = [try Pubspec.read(p.file, root: root).reading]
                case .capacitor: readings = [WebFolders.read(folder: p.folder, root: root)]
                case .cordova: readings = [try CordovaConfig.read(p.file, root: root)]
                case .dotnet: readings = [try MSBuildProject.read(p.file, root: root)]
                case .expo: readings = [ExpoProject.read(folder: p.folder, root: root)].compactMap { $0 }
                default: readings = []
                }
            } catch {
                print("\(p.kind.rawValue) \(p.file): \(error)")
                continue
            }
            for r in readings {
                for t in r.targets {
                    let sounds = t.entries.filter {
                        ["wav", "caf", "aiff", "mp3", "ogg", "m4a"].contains(($0.bundlePath as NSString).pathExtension)
                    }
                    print(
                        "\(p.kind.rawValue) \(p.file) → \(t.name) [\(t.platform.rawValue)] \(t.entries.count) entries; sounds: "
                            + sounds.map { "\($0.bundlePath) (\($0.route.rawValue))" }.joined(separator: ", "))
                }
                for n in r.notes.prefix(5) { print("  note \(n.site): \(n.message)") }
            }
        }
        #expect(!scan.files.isEmpty)
    }
}
