import Foundation
import Testing

@testable import SoundKitProjects

/// Helpers for the scanner suites: a scan of some text, and each reference written on one line so that a test
/// compares every field it cares about at once.
enum Scanned {
    /// The scan of `text` as the file `path`.
    static func scan(_ text: String, _ path: String) throws -> SourceScan {
        try #require(SourceScanner.scan(Array(text.utf8), path: path))
    }

    /// `line:column platform role form name [#channel]`, the name as `literal` or `prefix*suffix` when dynamic.
    static func line(_ r: SoundReference) -> String {
        let name: String
        switch r.name {
        case .literal(let s): name = s
        case .dynamic(let prefix, let suffix): name = "\(prefix)*\(suffix)"
        }
        let channel = r.channelID.map { " #\($0)" } ?? ""
        return
            "\(r.site.line):\(r.site.column) \(r.platform.rawValue) \(r.role.rawValue) \(r.form.rawValue) \(name)\(channel)"
    }

    /// The references of `text` as `path`, one line each.
    static func lines(_ text: String, _ path: String) throws -> [String] {
        try scan(text, path).references.map(line)
    }

    /// Where `needle` (its `occurrence`th appearance, from 1) starts in `text`, as `line:column` counted in Unicode
    /// scalars: worked out here by walking the text, independently of the scanner.
    static func position(of needle: String, in text: String, occurrence: Int = 1) -> String {
        let scalars = Array(text.unicodeScalars)
        let target = Array(needle.unicodeScalars)
        var line = 1
        var column = 1
        var seen = 0
        for k in scalars.indices {
            if k + target.count <= scalars.count, Array(scalars[k..<(k + target.count)]) == target {
                seen += 1
                if seen == occurrence { return "\(line):\(column)" }
            }
            if scalars[k] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return "absent"
    }
}

/// The real files from public projects beside the repository (../shared/realworld), when they are there.
enum RealFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/realworld")

    /// The folder `name` of the collection, when it is there.
    static func folder(_ name: String) -> URL? {
        let url = root.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Why a real-file test is skipped.
    static let missing: Comment = "../shared/realworld is not beside the repository; the real files are not scanned"

    /// The file names in `folder`, sorted.
    static func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// The bytes of `name` in `folder`.
    static func bytes(_ folder: URL, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
