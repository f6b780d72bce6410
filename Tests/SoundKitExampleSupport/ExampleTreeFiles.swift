import Foundation
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitTestSupport

/// A rule's example tree, written below a folder and run as its command says, through the library. The files are
/// written here, not by soundkit: property lists by Foundation's `PropertyListSerialization` (XML), sounds by
/// ``ExampleSoundFiles``, text and bytes as they are.
package enum ExampleTreeFiles {
    /// A tree this module cannot run (a checkout's, which SoundKitProjects' tests run).
    package struct NotHere: Error {}

    /// Whether this module's runner can run the tree's command.
    package static func runsHere(_ tree: ExampleTree) -> Bool {
        switch tree.command {
        case .repository, .resolveInProject: false
        default: true
        }
    }

    package static func write(_ tree: ExampleTree, into dir: URL) throws {
        for file in tree.files {
            let url = dir.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data(file.contents).write(to: url)
        }
    }

    package static func data(_ contents: ExampleFile.Contents) throws -> Data {
        switch contents {
        case .text(let t): return Data(t.utf8)
        case .bytes(let b): return Data(b)
        case .sound(let s): return Data(ExampleSoundFiles.bytes(s))
        case .plist(let p):
            return try PropertyListSerialization.data(fromPropertyList: foundation(p), format: .xml, options: 0)
        }
    }

    /// The property list as Foundation's values.
    package static func foundation(_ p: ExamplePlist) -> Any {
        switch p {
        case .string(let s): return s
        case .bool(let b): return b
        case .integer(let i): return i
        case .array(let items): return items.map(foundation)
        case .dictionary(let members): return members.mapValues(foundation)
        }
    }

    /// The rules the example's command raises on its tree, written in a folder of its own, at any severity.
    package static func rules(_ tree: ExampleTree) throws -> [Rule] {
        let dir = try temporaryDirectory("rule-tree")
        try write(tree, into: dir)
        func path(_ p: String) -> String { dir.appendingPathComponent(p).path }
        func entitlements(_ file: String?) throws -> EntitlementsSource? {
            try file.map { try EntitlementsSource.file(path($0)) }
        }
        switch tree.command {
        case .check(let p, let platform, let file, let fix):
            var options = CheckOptions()
            options.jobs = 1
            options.platform = platform
            options.entitlements = try entitlements(file)
            var report = SoundChecker.check([path(p)], options: options)
            if let fix {
                // As `check --fix` does after the check: an IMA4 CAF into the folder for every sound it mends.
                try FileManager.default.createDirectory(atPath: path(fix), withIntermediateDirectories: true)
                report = SoundFixer.report(report, adding: SoundFixer.fix(report, into: path(fix)))
            }
            return report.files.flatMap(\.findings).map(\.rule)
        case .attachment(let p):
            return AttachmentChecker.check([path(p)]).files.flatMap(\.findings).map(\.rule)
        case .resolve(let name, let container, let bundle):
            let locations = SoundLocations(appContainer: container.map(path), bundle: bundle.map(path))
            return SoundResolver.resolve(name, in: locations).findings(for: name).map(\.rule)
        case .repository, .resolveInProject:
            // A checkout's rules need SoundKitProjects, above this module: RepositoryRuleExampleTests runs these.
            throw ExampleTreeFiles.NotHere()
        case .payload(let file, let bundle, let given):
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(file))))
            let report = PayloadChecker.check(
                bytes, locations: SoundLocations(bundle: bundle.map(path)),
                cache: ResultCache(directory: nil, identity: "test"), entitlements: try entitlements(given))
            return report.findings.map(\.rule)
        }
    }
}
