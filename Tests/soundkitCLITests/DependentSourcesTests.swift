import Foundation
import SoundKitTestSupport
import Testing

/// What CI checks of the packages that depend on soundkit without building them (`scripts/test --dependents` builds
/// and runs them: SwiftPM compiles soundkit from nothing for each consumer, minutes of CPU that CI's time cannot
/// hold). A change to the public API that breaks Examples/PushService, a product or plugin renamed under the
/// examples' manifests, or a plugin that no longer compiles fails here in seconds.
@Suite("Dependent packages: their sources against this build, their manifests against its products")
struct DependentSourcesTests {
    static let root = DistributionTests.root

    /// `swiftc`, from `PATH`.
    static let swiftc = try? Tool.which("swiftc")

    /// The scratch folder of the build these tests belong to (`.build`, or `--scratch-path`'s): the products folder is
    /// `<scratch>/<triple>/<configuration>`.
    static var scratch: URL {
        SoundKitTestSupport.Tool.productsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The clang module maps a client of the SoundKit module needs: soundkit's C targets and swift-system's CSystem.
    static func moduleMaps() -> [String] {
        var maps: [String] = []
        for base in [root.appendingPathComponent("Sources"), scratch.appendingPathComponent("checkouts/swift-system")] {
            let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.lastPathComponent == "module.modulemap" { maps.append(url.path) }
            }
        }
        return maps.sorted()
    }

    /// `swiftc -typecheck` on `files` with `arguments`; the compiler's own words when it fails.
    static func typecheck(_ files: [String], _ arguments: [String]) throws -> Tool.Result {
        let swiftc = try #require(Self.swiftc)
        return try Tool.run(swiftc, ["-typecheck"] + arguments + files)
    }

    @Test(
        "Examples/PushService's main.swift typechecks against this build's SoundKit module",
        .enabled(if: swiftc != nil, "no swiftc on PATH"))
    func pushServiceSources() throws {
        let modules = SoundKitTestSupport.Tool.productsDirectory.appendingPathComponent("Modules")
        try #require(
            FileManager.default.fileExists(atPath: modules.appendingPathComponent("SoundKit.swiftmodule").path),
            "no SoundKit.swiftmodule in \(modules.path)")
        let maps = Self.moduleMaps()
        #expect(maps.contains { $0.hasSuffix("CSystem/include/module.modulemap") }, "\(maps)")
        var arguments = ["-I", modules.path] + maps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
        // Homebrew's headers, which the system libraries' module maps point at on macOS.
        for include in ["/opt/homebrew/include", "/usr/local/include"]
        where FileManager.default.fileExists(atPath: include) {
            arguments += ["-Xcc", "-I\(include)"]
        }
        let main = Self.root.appendingPathComponent("Examples/PushService/Sources/PushService/main.swift").path
        let checked = try Self.typecheck([main], arguments)
        #expect(checked.status == 0, "\(checked.stderr)")
        // The check can fail: a call the SoundKit module does not have is an error.
        let broken = try temporaryDirectory().appendingPathComponent("main.swift")
        let source = try String(contentsOfFile: main, encoding: .utf8)
        try Data(
            source.replacingOccurrences(of: "NotificationSounds.prepare(", with: "NotificationSounds.prepareX(").utf8
        )
        .write(to: broken)
        let failed = try Self.typecheck([broken.path], arguments)
        #expect(failed.status != 0 && failed.stderr.contains("prepareX"), "\(failed.stderr)")
    }

    @Test(
        "the CheckSounds and SoundCheck plugins typecheck against the toolchain's PackagePlugin",
        .enabled(if: swiftc != nil, "no swiftc on PATH"))
    func pluginSources() throws {
        let swiftc = URL(fileURLWithPath: try #require(Self.swiftc)).resolvingSymlinksInPath()
        let api = swiftc.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/pm/PluginAPI")
        try #require(FileManager.default.fileExists(atPath: api.path), "no PackagePlugin module at \(api.path)")
        // PackagePlugin's API as of the manifest's tools version, as SwiftPM compiles a plugin.
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let tools = try #require(
            manifest.split(separator: "\n").first?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces))
        for plugin in ["CheckSounds", "SoundCheck"] {
            let source = Self.root.appendingPathComponent("Plugins/\(plugin)/plugin.swift").path
            let checked = try Self.typecheck(
                [source], ["-parse-as-library", "-I", api.path, "-package-description-version", tools])
            #expect(checked.status == 0, "\(plugin): \(checked.stderr)")
        }
    }

    @Test(
        "the examples' manifests name products soundkit's manifest declares, of the kind they use",
        .enabled(if: DistributionTests.has("swift"), "no swift on PATH"))
    func manifestsNameRealProducts() throws {
        // A scratch folder of its own: `swift test` holds the lock on this package's, and a dependent's build its own.
        let scratch = try temporaryDirectory().path
        func dump(_ package: URL) throws -> [String: Any] {
            let dumped = try Tool.must(
                "swift", ["package", "--package-path", package.path, "--scratch-path", scratch, "dump-package"])
            return try #require(try JSONSerialization.jsonObject(with: dumped.data) as? [String: Any])
        }
        let products = try #require(try dump(Self.root)["products"] as? [[String: Any]])
        func kind(_ name: String) -> String? {
            guard let product = products.first(where: { $0["name"] as? String == name }),
                let type = product["type"] as? [String: Any]
            else { return nil }
            return type.keys.first
        }
        var named: [(product: String, kind: String)] = []
        for example in ["PushService", "SoundCheckDemo"] {
            let targets = try #require(
                try dump(Self.root.appendingPathComponent("Examples/\(example)"))["targets"] as? [[String: Any]])
            for target in targets {
                for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                    if let product = dependency["product"] as? [Any], let name = product.first as? String {
                        named.append((name, "library"))
                    }
                }
                for plugin in target["pluginUsages"] as? [[String: Any]] ?? [] {
                    if let usage = plugin["plugin"] as? [Any], let name = usage.first as? String {
                        named.append((name, "plugin"))
                    }
                }
            }
        }
        #expect(named.map(\.product).sorted() == ["SoundCheck", "SoundKit"], "\(named)")
        for (product, wanted) in named {
            #expect(kind(product) == wanted, "\(product): soundkit declares \(kind(product) ?? "no such product")")
        }
    }
}
