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
        let scratch = try temporaryDirectory().path
        func dump(_ package: URL) throws -> [String: Any] { try Self.manifest(package, scratch: scratch) }
        let products = try #require(try dump(Self.root)["products"] as? [[String: Any]])
        func kind(_ name: String) -> String? {
            guard let product = products.first(where: { $0["name"] as? String == name }),
                let type = product["type"] as? [String: Any]
            else { return nil }
            return type.keys.first
        }
        var named: [(product: String, kind: String)] = []
        // The server's package (Server/) depends on soundkit as the examples do.
        for dependent in ["Examples/PushService", "Examples/SoundCheckDemo", "Server"] {
            let targets = try #require(
                try dump(Self.root.appendingPathComponent(dependent))["targets"] as? [[String: Any]])
            for target in targets {
                for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                    if let product = dependency["product"] as? [Any], let name = product.first as? String,
                        product.count > 1, product[1] as? String == "soundkit"
                    {
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
        #expect(Set(named.map(\.product)) == ["SoundCheck", "SoundKit"], "\(named)")
        for (product, wanted) in named {
            #expect(kind(product) == wanted, "\(product): soundkit declares \(kind(product) ?? "no such product")")
        }
    }

    /// `swift package dump-package` of `package`, read as JSON. In a scratch folder of its own: `swift test` holds the
    /// lock on this package's, and a dependent's build its own.
    static func manifest(_ package: URL, scratch: String) throws -> [String: Any] {
        let dumped = try Tool.must(
            "swift", ["package", "--package-path", package.path, "--scratch-path", scratch, "dump-package"])
        return try #require(try JSONSerialization.jsonObject(with: dumped.data) as? [String: Any])
    }

    @Test(
        "import SoundKit needs macOS 13 and resolves no server package; the server's package carries Hummingbird's floor",
        .enabled(if: DistributionTests.has("swift"), "no swift on PATH"))
    func platformsPerProduct() throws {
        let scratch = try temporaryDirectory().path
        func dump(_ package: URL) throws -> [String: Any] { try Self.manifest(package, scratch: scratch) }
        func macOS(_ manifest: [String: Any]) -> String? {
            let platforms = manifest["platforms"] as? [[String: Any]] ?? []
            return platforms.first { $0["platformName"] as? String == "macos" }?["version"] as? String
        }
        func dependencies(_ manifest: [String: Any]) -> Set<String> {
            let listed = manifest["dependencies"] as? [[String: Any]] ?? []
            return Set(
                listed.compactMap { entry in
                    entry.values.lazy.compactMap { ($0 as? [[String: Any]])?.first?["identity"] as? String }.first
                })
        }
        let libraries = try dump(Self.root)
        let server = try dump(Self.root.appendingPathComponent("Server"))
        // SwiftPM's platforms are a package's: whatever this package declares is every SoundKit user's floor.
        #expect(macOS(libraries) == "13.0")
        #expect(dependencies(libraries) == ["swift-argument-parser", "swift-system", "swift-asn1"])
        #expect(macOS(server) == "15.0", "Hummingbird 2 needs 14; the server's Mutex 15")
        #expect(dependencies(server).isSuperset(of: ["hummingbird", "swift-nio"]), "\(dependencies(server))")
        let local = (server["dependencies"] as? [[String: Any]] ?? []).compactMap {
            ($0["fileSystem"] as? [[String: Any]])?.first?["path"] as? String
        }
        #expect(
            local.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
                == [Self.root.resolvingSymlinksInPath().path], "the server depends on this package by path: \(local)")
        let products = (libraries["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(!products.contains("soundkit-serve"), "the server is not a product of the libraries' package")
    }
}
