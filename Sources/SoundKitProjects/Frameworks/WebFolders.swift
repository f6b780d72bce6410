import SoundKitIO
import SoundKitNotifications

/// The web folders of a Capacitor or Cordova app: web content the native app shows, copied into the iOS bundle
/// (`public/`, `www/`) and the Android assets (`assets/public/`, `assets/www/`), where no notification finds a
/// sound ("If it's in your web content it won't work", ionic-team/capacitor#1146). Every file is a `.webAsset`
/// entry, so the integrator can say a name is "only in the web folder".
package enum WebFolders {
    /// The web folders of the app at `folder` (below `root`): Capacitor's `webDir` (from `capacitor.config.json`,
    /// or the `webDir:` literal of `capacitor.config.ts`/`.js`; `www` when it names none), Cordova's `www/`, and
    /// the common source folders `public/` and `src/assets/` when present. One layout per platform.
    package static func read(folder: String, root: String) -> ProjectReading {
        let shown = FileSystem.join(root, folder)
        var notes: [ProjectNote] = []
        var folders: [(below: String, lands: String, site: SourceSite?)] = []
        if let (webDir, site) = capacitorWebDir(folder: folder, root: root, notes: &notes) {
            folders.append((webDir, "public", site))
        }
        for (name, lands) in [("www", "www"), ("public", "public"), ("src/assets", "public/assets")]
        where !folders.contains(where: { $0.below == name })
            && FileSystem.isDirectory(FileSystem.join(shown, name))
        {
            folders.append((name, lands, nil))
        }
        var apple: [BundleEntry] = []
        var android: [BundleEntry] = []
        for (below, lands, site) in folders {
            guard let normalized = ProjectFiles.normalized(below) else { continue }
            let dir = FileSystem.join(shown, normalized)
            let listing = ProjectFiles.files(below: dir, skipping: ["node_modules"])
            if listing.truncated {
                notes.append(
                    ProjectNote(
                        site: site ?? SourceSite(path: dir, line: 1, column: 1),
                        message:
                            "the web folder holds more than \(ProjectFiles.maximumListed) files: the rest not listed"))
            }
            for rel in listing.files {
                let file = FileSystem.join(dir, rel)
                apple.append(BundleEntry(bundlePath: lands + "/" + rel, file: file, route: .webAsset, declaredAt: site))
                android.append(
                    BundleEntry(
                        bundlePath: "assets/" + lands + "/" + rel, file: file, route: .webAsset, declaredAt: site))
            }
        }
        let targets = [
            TargetLayout(name: "web", kind: .other("web folder"), platform: .apple, project: shown, entries: apple),
            TargetLayout(name: "web", kind: .other("web folder"), platform: .android, project: shown, entries: android),
        ]
        return ProjectReading(project: shown, targets: targets, notes: notes)
    }

    /// The config files Capacitor reads, in its order.
    static let capacitorConfigs = ["capacitor.config.json", "capacitor.config.ts", "capacitor.config.js"]

    /// Capacitor's `webDir` and where it is written, `www` at the config's top when it names none, or nil when
    /// there is no Capacitor config.
    static func capacitorWebDir(
        folder: String, root: String, notes: inout [ProjectNote]
    ) -> (String, SourceSite)? {
        for name in capacitorConfigs {
            let path = FileSystem.join(root, ProjectFiles.below(folder, name))
            guard FileSystem.exists(path) else { continue }
            let top = SourceSite(path: path, line: 1, column: 1)
            let bytes: [UInt8]
            do { bytes = try ProjectFiles.bytes(path, shown: path) } catch {
                notes.append(ProjectNote(site: error.site, message: "\(name) not read: \(error.message)"))
                return ("www", top)
            }
            if name.hasSuffix(".json") {
                do {
                    let (value, positions) = try JSONParser.parseLocated(bytes)
                    if case .string(let dir)? = value["webDir"] {
                        let p = positions.key(at: ["webDir"])
                        return (dir, SourceSite(path: path, line: p?.line ?? 1, column: p?.column ?? 1))
                    }
                } catch {
                    notes.append(
                        ProjectNote(
                            site: SourceSite(path: path, line: error.line, column: error.column),
                            message: "not valid JSON: \(error.message); webDir taken as www"))
                }
                return ("www", top)
            }
            return literal("webDir", in: bytes, path: path) ?? ("www", top)
        }
        return nil
    }

    /// The string literal after `key:` in a TypeScript or JavaScript config (`webDir: 'dist'`), and where.
    static func literal(_ key: String, in bytes: [UInt8], path: String) -> (String, SourceSite)? {
        let lexed = GradleLexer.tokens(bytes).tokens
        var k = 0
        while k + 2 < lexed.count {
            if lexed[k].kind == .word(key) || lexed[k].kind == .string(key), lexed[k + 1].kind == .punct(":"),
                case .string(let value) = lexed[k + 2].kind
            {
                return (value, LineTable(bytes, path: path).site(lexed[k + 2].offset))
            }
            k += 1
        }
        return nil
    }
}
