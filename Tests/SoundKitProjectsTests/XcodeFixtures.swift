import Foundation
import SoundKitTestSupport
import Testing

@testable import SoundKitProjects

/// Fixture trees the Xcode tests write: files with their text in a fresh temporary folder.
enum XcodeFixture {
    /// Writes `files` (path → text) below a fresh folder and returns the folder's path.
    static func tree(_ files: [String: String], name: String = #function) throws -> String {
        let root = try temporaryDirectory(name).path
        for (path, text) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// A pbxproj around `objects` (OpenStep text, one object a line or more), as Xcode writes one.
    static func pbxproj(_ objects: String, objectVersion: String = "54") -> String {
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = \(objectVersion);
        	objects = {
        \(objects)
        	};
        	rootObject = PROJECT /* Project object */;
        }

        """
    }

    /// The line (from 1) of the first line of `text` that contains `needle`.
    static func line(of needle: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    /// The target called `name`.
    static func target(_ name: String, in reading: ProjectReading) throws -> TargetLayout {
        try #require(reading.targets.first { $0.name == name }, "no target \(name) in \(reading.targets.map(\.name))")
    }

    /// The entries of `target` whose bundle path is an audio file's, by bundle path.
    static func sounds(_ target: TargetLayout) -> [String: BundleEntry] {
        let audio: Set<String> = ["caf", "aiff", "aif", "wav", "mp3", "m4a"]
        var out: [String: BundleEntry] = [:]
        for e in target.entries where audio.contains(String(e.bundlePath.split(separator: ".").last ?? "")) {
            out[e.bundlePath] = e
        }
        return out
    }
}
