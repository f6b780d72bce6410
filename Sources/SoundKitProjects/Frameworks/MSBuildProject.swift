import SoundKitIO

/// A .NET project (`*.csproj`: .NET MAUI single project, Xamarin.iOS, Xamarin.Android) as far as sounds care: its
/// `BundleResource`, `AndroidResource`, `AndroidAsset` and `MauiAsset` items (`Include` with `*`/`**` globs,
/// `Remove`, `Link`, `LogicalName`), and MAUI's implicit items. One layout per platform it builds for.
///
/// Where each lands (SOURCE-TREES.md §2.7): a `BundleResource` at its path with the iOS resource prefix
/// (`IPhoneResourcePrefix`: `Platforms/iOS/Resources` in MAUI, `Resources` in Xamarin) removed, a path outside the
/// prefix kept as a subfolder (dotnet/maui#8612) unless `LogicalName` names it or `Link` puts it under a prefix
/// (`Link="Resources\x.aiff"`, Plugin.LocalNotification#331); an `AndroidResource` below the Android prefix, a
/// raw resource when in `raw/`; a `MauiAsset` (`Resources/Raw/**`) an Android *asset* (dotnet/maui#19346,
/// Plugin.LocalNotification#487), and on iOS a bundle file at its `LogicalName` (the template's
/// `%(RecursiveDir)%(Filename)%(Extension)`: the top for a file directly in `Resources/Raw`) — inferred from the
/// template and those threads (only the Android side fails there), to be confirmed on a Mac build.
package enum MSBuildProject {
    /// The item types read.
    static let itemTypes: Set<String> = ["BundleResource", "AndroidResource", "AndroidAsset", "MauiAsset"]

    /// One item after globbing: its type, file (below the project's folder), the part of its path a `**`
    /// matched, its metadata and where it is declared.
    struct Item {
        var type: String
        var file: String
        var recursiveDir: String
        var link: String?
        var logicalName: String?
        var site: SourceSite
        var exists = true
    }

    /// The layouts of the project file at `csproj` (a path below `root`).
    package static func read(_ csproj: String, root: String) throws(ProjectReadError) -> ProjectReading {
        let shown = FileSystem.join(root, csproj)
        let document = try XMLTokenizer.parse(try ProjectFiles.bytes(shown, shown: shown), path: shown)
        guard document.elements[0].name == "Project" else {
            throw ProjectReadError(
                site: document.elements[0].site,
                message: "not an MSBuild project: the root is <\(document.elements[0].name)>, not <Project>")
        }
        let folder = FileSystem.directory(of: shown)
        var reader = Reader(document: document, folder: folder, shown: shown)
        reader.readProperties()
        let items = reader.items()
        let base = FileSystem.splitExtension(FileSystem.lastComponent(csproj)).base
        // An SDK project without `OutputType` builds a library; an app says `Exe`.
        let output = reader.properties["OutputType"]?.lowercased() ?? ""
        let kind: TargetKind = output == "exe" || output == "winexe" ? .application : .framework
        var targets: [TargetLayout] = []
        if reader.buildsFor(.apple, items) {
            targets.append(
                TargetLayout(
                    name: base + " (iOS)", kind: kind, platform: .apple, project: shown,
                    entries: items.compactMap { reader.appleEntry($0) }))
        }
        if reader.buildsFor(.android, items) {
            targets.append(
                TargetLayout(
                    name: base + " (Android)", kind: kind, platform: .android, project: shown,
                    entries: items.compactMap { reader.androidEntry($0) }))
            reader.noteStrayAndroidSounds(items)
        }
        return ProjectReading(project: shown, targets: targets, notes: reader.notes)
    }

    struct Reader {
        let document: XMLDocument
        let folder: String
        let shown: String
        var properties: [String: String] = [:]
        var notes: [ProjectNote] = []
        var listing: [String]?

        init(document: XMLDocument, folder: String, shown: String) {
            self.document = document
            self.folder = folder
            self.shown = shown
        }

        var isMaui: Bool {
            if properties["UseMaui"]?.lowercased() == "true" { return true }
            let sdk = document.elements[0].attribute("Sdk")?.value ?? ""
            return sdk.hasPrefix("Microsoft.NET.Sdk") && FileSystem.isDirectory(FileSystem.join(folder, "Platforms"))
        }

        mutating func readProperties() {
            properties["MSBuildThisFileDirectory"] = ""
            properties["MSBuildProjectDirectory"] = "."
            for group in document.children(of: 0, named: "PropertyGroup") {
                for p in document.elements[group].children {
                    properties[document.elements[p].name] = trimmed(document.elements[p].text)
                }
            }
            properties["iOSProjectFolder"] = properties["iOSProjectFolder"] ?? "Platforms/iOS/"
            properties["AndroidProjectFolder"] = properties["AndroidProjectFolder"] ?? "Platforms/Android/"
        }

        /// Whether the project builds for `platform`: its target frameworks say so, or (when they cannot be read)
        /// it is MAUI, or it has items only that platform takes.
        func buildsFor(_ platform: AppPlatform, _ items: [Item]) -> Bool {
            let frameworks = (properties["TargetFrameworks"] ?? properties["TargetFramework"] ?? "").lowercased()
            let words =
                platform == .apple
                ? ["-ios", "-maccatalyst", "xamarinios", "xamarin.ios"] : ["-android", "monoandroid"]
            if words.contains(where: frameworks.contains) { return true }
            let types: Set<String> = platform == .apple ? ["BundleResource"] : ["AndroidResource", "AndroidAsset"]
            if items.contains(where: { types.contains($0.type) }) && !isMaui { return true }
            return isMaui && (frameworks.isEmpty || frameworks.contains("$("))
        }

        /// MAUI's implicit items, then the project's own, with `Remove` applied and a later item for the same
        /// file and type replacing an earlier one.
        mutating func items() -> [Item] {
            var items: [Item] = []
            let top = SourceSite(path: shown, line: 1, column: 1)
            if isMaui {
                for (type, pattern) in [
                    ("BundleResource", "Platforms/iOS/Resources/**"),
                    ("AndroidResource", "Platforms/Android/Resources/raw/*"),
                    ("MauiAsset", "Resources/Raw/**"),
                ] {
                    items += expand(pattern, type: type, site: top).map { item in
                        var i = item
                        if type == "MauiAsset" { i.logicalName = "%(RecursiveDir)%(Filename)%(Extension)" }
                        return i
                    }
                }
            }
            for (index, element) in document.elements.enumerated() where itemTypes.contains(element.name) {
                guard let parent = element.parent, document.elements[parent].name == "ItemGroup" else { continue }
                let link = element.attribute("Link")?.value ?? document.childText(of: index, named: "Link")
                let logical =
                    element.attribute("LogicalName")?.value ?? document.childText(of: index, named: "LogicalName")
                if let include = element.attribute("Include")?.value {
                    for var item in expandList(include, type: element.name, site: element.site) {
                        item.link = link.map { $0.replacingBackslashes() }
                        item.logicalName = logical.map { $0.replacingBackslashes() }
                        items.removeAll { $0.type == item.type && $0.file == item.file }
                        items.append(item)
                    }
                }
                if let remove = element.attribute("Remove")?.value {
                    let gone = Set(expandList(remove, type: element.name, site: element.site).map(\.file))
                    items.removeAll { $0.type == element.name && gone.contains($0.file) }
                }
            }
            return items
        }

        /// A `;`-separated list of paths or globs, properties substituted.
        mutating func expandList(_ list: String, type: String, site: SourceSite) -> [Item] {
            var out: [Item] = []
            for part in list.split(separator: ";") {
                let raw = trimmed(String(part))
                guard !raw.isEmpty, let spec = substitute(raw) else {
                    notes.append(
                        ProjectNote(
                            site: site, message: "\(type) \(raw) is built from properties not read: not in the layout"))
                    continue
                }
                out += expand(spec.replacingBackslashes(), type: type, site: site)
            }
            return out
        }

        /// `$(Name)` replaced by the property's value; nil when one is not known.
        func substitute(_ s: String) -> String? {
            var out = ""
            var rest = Substring(s)
            while let open = rest.firstRange(of: "$(") {
                out += rest[..<open.lowerBound]
                guard let close = rest[open.upperBound...].firstIndex(of: ")"),
                    let value = properties[String(rest[open.upperBound..<close])]
                else { return nil }
                out += value
                rest = rest[rest.index(after: close)...]
            }
            return out + rest
        }

        mutating func expand(_ spec: String, type: String, site: SourceSite) -> [Item] {
            guard let pattern = ProjectFiles.normalized(spec) else {
                notes.append(ProjectNote(site: site, message: "\(type) \(spec) lies outside the checkout"))
                return []
            }
            guard pattern.contains("*") || pattern.contains("?") else {
                let exists = FileSystem.exists(FileSystem.join(folder, pattern))
                return [
                    Item(
                        type: type, file: pattern, recursiveDir: "", link: nil, logicalName: nil, site: site,
                        exists: exists)
                ]
            }
            if listing == nil {
                let found = ProjectFiles.files(below: folder, skipping: ["bin", "obj", "node_modules"])
                if found.truncated {
                    notes.append(
                        ProjectNote(
                            site: site,
                            message:
                                "the project folder holds more than \(ProjectFiles.maximumListed) files: globs see the first"
                        ))
                }
                listing = found.files
            }
            let glob = Glob(pattern)
            return (listing ?? []).compactMap { file in
                glob.recursiveDir(of: file).map {
                    Item(type: type, file: file, recursiveDir: $0, link: nil, logicalName: nil, site: site)
                }
            }
        }

        /// `%(RecursiveDir)`, `%(Filename)` and `%(Extension)` of `item` in a metadata value.
        func metadata(_ value: String, _ item: Item) -> String {
            let (base, ext) = FileSystem.splitExtension(FileSystem.lastComponent(item.file))
            return value.replacingOccurrences("%(RecursiveDir)", item.recursiveDir)
                .replacingOccurrences("%(Filename)", base)
                .replacingOccurrences("%(Extension)", ext.isEmpty ? "" : "." + ext)
        }

        func entry(_ item: Item, _ bundlePath: String, _ route: BundleRoute) -> BundleEntry {
            BundleEntry(
                bundlePath: bundlePath, file: FileSystem.join(folder, item.file), route: route, declaredAt: item.site,
                exists: item.exists)
        }

        func appleEntry(_ item: Item) -> BundleEntry? {
            let configured = (properties["AppBundleResourcePrefix"] ?? properties["IPhoneResourcePrefix"])
                .map { $0.split(separator: ";").map { trimmed(String($0)).replacingBackslashes() } }
            let prefixes = configured ?? [isMaui ? "Platforms/iOS/Resources" : "Resources"]
            switch item.type {
            case "BundleResource":
                if let logical = item.logicalName { return entry(item, metadata(logical, item), .plugin) }
                if let link = item.link {
                    return entry(item, stripping(prefixes + ["Resources"], from: metadata(link, item)), .plugin)
                }
                return entry(item, stripping(prefixes, from: item.file), .plugin)
            case "MauiAsset":
                let path = item.logicalName.map { metadata($0, item) } ?? item.link.map { metadata($0, item) }
                return entry(item, path ?? item.file, .plugin)
            default:
                return nil
            }
        }

        func androidEntry(_ item: Item) -> BundleEntry? {
            switch item.type {
            case "AndroidResource":
                let prefix = properties["MonoAndroidResourcePrefix"]?.replacingBackslashes()
                let prefixes = [prefix ?? (isMaui ? "Platforms/Android/Resources" : "Resources")]
                let path = stripping(
                    prefixes + (item.link == nil ? [] : ["Resources"]),
                    from: item.link.map { metadata($0, item) } ?? item.file)
                let parts = path.split(separator: "/")
                guard parts.count == 2, parts[0] == "raw" else { return nil }
                return entry(item, path, .androidRaw)
            case "AndroidAsset":
                let prefix = properties["MonoAndroidAssetsPrefix"]?.replacingBackslashes() ?? "Assets"
                let path = stripping([prefix], from: item.link.map { metadata($0, item) } ?? item.file)
                return entry(item, "assets/" + path, .androidAsset)
            case "MauiAsset":
                let path = item.logicalName.map { metadata($0, item) } ?? item.link.map { metadata($0, item) }
                return entry(item, "assets/" + (path ?? item.file), .androidAsset)
            default:
                return nil
            }
        }

        /// A note for each sound an `AndroidResource` puts in no `raw/` folder (`values/raw/x.mp3`): Android
        /// has no resource of it, so no channel or notification can name it.
        mutating func noteStrayAndroidSounds(_ items: [Item]) {
            let sounds: Set<String> = ["wav", "mp3", "ogg", "m4a", "aac", "caf", "aiff", "aif", "flac", "opus"]
            for item in items where item.type == "AndroidResource" && androidEntry(item) == nil {
                guard sounds.contains(FileSystem.splitExtension(item.file).ext.lowercased()) else { continue }
                notes.append(
                    ProjectNote(
                        site: item.site,
                        message:
                            "AndroidResource \(item.file) is not in a raw/ folder below the resource prefix: it is no raw resource"
                    ))
            }
        }

        /// `path` with the first of `prefixes` it starts with (as whole segments) removed.
        func stripping(_ prefixes: [String], from path: String) -> String {
            for prefix in prefixes {
                let p = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
                guard !p.isEmpty, path.lowercased().hasPrefix(p.lowercased() + "/") else { continue }
                return String(path.dropFirst(p.count + 1))
            }
            return path
        }
    }
}

/// An MSBuild wildcard over `/`-separated paths: `**` any run of folders, `*` and `?` within one segment. Matched
/// segment by segment with a table, never by recursion; case-insensitive as on Windows.
struct Glob {
    let segments: [String]
    /// How many leading segments hold no wildcard (what `%(RecursiveDir)` is measured from).
    let fixed: Int

    init(_ pattern: String) {
        segments = pattern.split(separator: "/").map { String($0).lowercased() }
        fixed = segments.firstIndex { $0.contains("*") || $0.contains("?") } ?? segments.count
    }

    /// `%(RecursiveDir)` of `path` (its folders past the pattern's fixed part, with a trailing `/`), or nil when
    /// the pattern does not match it.
    func recursiveDir(of path: String) -> String? {
        let parts = path.split(separator: "/").map { String($0).lowercased() }
        guard parts.count < 256, segments.count < 256, matches(parts) else { return nil }
        let original = path.split(separator: "/")
        let dirs = original.dropLast().dropFirst(fixed)
        return dirs.isEmpty ? "" : dirs.joined(separator: "/") + "/"
    }

    private func matches(_ parts: [String]) -> Bool {
        // table[i][j]: the first i segments match the first j parts.
        var table = [[Bool]](repeating: [Bool](repeating: false, count: parts.count + 1), count: segments.count + 1)
        table[0][0] = true
        for i in 1...max(1, segments.count) where i <= segments.count {
            let s = segments[i - 1]
            for j in 0...parts.count {
                if s == "**" {
                    table[i][j] = table[i - 1][j] || (j > 0 && table[i][j - 1])
                } else if j > 0 {
                    table[i][j] = table[i - 1][j - 1] && Glob.segment(s, parts[j - 1])
                }
            }
        }
        return table[segments.count][parts.count]
    }

    /// One segment against a name, `*` any run and `?` one character.
    static func segment(_ pattern: String, _ name: String) -> Bool {
        let p = Array(pattern)
        let n = Array(name)
        guard p.count <= 1024, n.count <= 1024 else { return false }
        var row = [Bool](repeating: false, count: n.count + 1)
        row[0] = true
        for c in p {
            var next = [Bool](repeating: false, count: n.count + 1)
            if c == "*" { next[0] = row[0] }
            for j in stride(from: 1, through: n.count, by: 1) {
                switch c {
                case "*": next[j] = row[j] || next[j - 1]
                case "?": next[j] = row[j - 1]
                default: next[j] = row[j - 1] && n[j - 1] == c
                }
            }
            row = next
        }
        return row[n.count]
    }
}

extension String {
    /// Every `target` replaced by `replacement`.
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound] + replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
