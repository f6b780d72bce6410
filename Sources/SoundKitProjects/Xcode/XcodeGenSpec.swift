import SoundKitConfig
import SoundKitContainers
import SoundKitIO
import SoundKitNotifications

/// XcodeGen's `project.yml` (SOURCE-TREES.md §1.9; XcodeGen's ProjectSpec) read into the layouts its generated
/// project would have, so that a repository that commits the spec and not the `.xcodeproj` is read: each target's
/// `type`, and its `sources` — a path, or `{path, type: file | group | folder | syncedFolder, buildPhase, excludes}`
/// — with XcodeGen's default build phase by file name (`Info.plist`, sources, headers, `xcconfig`, `entitlements`,
/// `gpx`, `apns` and names without an extension are not resources; everything else is). Read with the `.soundkit.yml`
/// reader's libyaml composer and bounds (1 MB, 10,000 entries, no anchors). `include:`d specs and target templates
/// are not expanded: a note says so.
package enum XcodeGenSpec {
    /// The largest spec read.
    package static let maxBytes = ConfigurationFile.maximumBytes

    /// Reads the spec at `projectYML` (a path as reports name it, read relative to the working folder), looking at
    /// no file outside `checkout` when given.
    package static func read(_ projectYML: String, checkout: String? = nil) throws(ProjectReadError) -> ProjectReading {
        let bytes = try XcodeProject.readBytes(projectYML, maxBytes: maxBytes)
        return try read(bytes, projectYML: projectYML, checkout: checkout)
    }

    /// Reads a spec's bytes; paths in it are below the folder of `projectYML`.
    package static func read(
        _ bytes: [UInt8], projectYML: String, checkout: String? = nil
    ) throws(ProjectReadError) -> ProjectReading {
        let root: YAMLNode?
        do throws(ConfigurationError) {
            guard UTF8Text.isValid(bytes) else {
                throw ConfigurationError(projectYML, 1, 1, "the file is not UTF-8 text")
            }
            try YAMLBounds.check(bytes, file: projectYML)
            root = try YAMLDocument.compose(bytes, file: projectYML)
        } catch {
            throw ProjectReadError(
                site: SourceSite(path: projectYML, line: error.line, column: error.column), message: error.message)
        }
        var reader = XcodeGenReader(
            file: projectYML, base: FileSystem.directory(of: projectYML), checkout: CheckoutView(root: checkout))
        guard let root, !root.isNull else { return ProjectReading(project: projectYML) }
        guard case .mapping = root.kind else {
            throw ProjectReadError(site: reader.site(root), message: "the spec is not a mapping of keys to values")
        }
        return reader.read(root)
    }
}

/// One spec being read.
struct XcodeGenReader {
    let file: String
    /// The folder the spec's paths are below.
    let base: String
    let checkout: CheckoutView
    var notes: [ProjectNote] = []
    /// `options.defaultSourceDirectoryType`.
    var directoryType = "group"

    /// Names XcodeGen gives no build phase (beside those without an extension).
    static let notCopied: Set<String> = [
        "swift", "m", "mm", "cpp", "c", "cc", "S", "xcdatamodeld", "h", "hh", "hpp", "ipp", "tpp", "hxx", "def",
        "framework", "xcconfig", "entitlements", "gpx", "lproj", "apns", "xcfilelist", "modulemap", "metal",
        "intentdefinition", "docc", "pch",
    ]

    func site(_ node: YAMLNode) -> SourceSite {
        SourceSite(path: file, line: node.mark.line, column: node.mark.column)
    }

    /// A mapping's pairs by key text (non-scalar keys left out); empty for anything else.
    static func pairs(_ node: YAMLNode?) -> [(key: String, value: YAMLNode)] {
        guard let node, case .mapping(let m) = node.kind else { return [] }
        return m.compactMap { k, v in k.string.map { ($0, v) } }
    }

    static func value(_ node: YAMLNode?, _ key: String) -> YAMLNode? {
        pairs(node).last { $0.key == key }?.value
    }

    static func items(_ node: YAMLNode?) -> [YAMLNode] {
        guard let node else { return [] }
        if case .sequence(let items) = node.kind { return items }
        return node.isNull ? [] : [node]
    }

    mutating func read(_ root: YAMLNode) -> ProjectReading {
        var reading = ProjectReading(project: file)
        if let type = Self.value(Self.value(root, "options"), "defaultSourceDirectoryType")?.string {
            directoryType = type
        }
        if let include = Self.value(root, "include") {
            notes.append(
                ProjectNote(site: site(include), message: "included specs are not read; their targets are not checked"))
        }
        var dependencies: [String: [(target: String, embed: Bool?)]] = [:]
        for (name, target) in Self.pairs(Self.value(root, "targets")) {
            reading.targets.append(layout(name, target))
            dependencies[name] = Self.items(Self.value(target, "dependencies")).compactMap { dependency in
                guard let other = Self.value(dependency, "target")?.string else { return nil }
                return (
                    other, Self.value(dependency, "embed")?.string.map { ["true", "yes", "True", "YES"].contains($0) }
                )
            }
        }
        // An app embeds the extensions and watch apps it depends on unless the dependency says `embed: false`.
        let kinds = Dictionary(reading.targets.map { ($0.name, $0.kind) }, uniquingKeysWith: { a, _ in a })
        for k in reading.targets.indices {
            for (other, embed) in dependencies[reading.targets[k].name] ?? [] where embed != false {
                switch kinds[other] {
                case .appExtension?, .watchApp?: reading.targets[k].embeds.append(other)
                default: if embed == true { reading.targets[k].embeds.append(other) }
                }
            }
        }
        reading.notes = notes
        return reading
    }

    mutating func layout(_ name: String, _ target: YAMLNode) -> TargetLayout {
        let type = Self.value(target, "type")?.string ?? ""
        if let templates = Self.value(target, "templates") {
            notes.append(
                ProjectNote(
                    site: site(templates), message: "\(name)'s templates are not expanded; what they add is not checked"
                ))
        }
        var kind = XcodeProductType.kind(type)
        if case .appExtension = kind { kind = .appExtension(point: extensionPoint(target)) }
        var layout = TargetLayout(name: name, kind: kind, platform: .apple, project: file)
        for source in Self.items(Self.value(target, "sources")) {
            layout.entries += entries(source)
        }
        return layout
    }

    /// The extension point `info.properties` sets, or the one in the Info.plist `info.path` or `INFOPLIST_FILE` names.
    func extensionPoint(_ target: YAMLNode) -> String? {
        let info = Self.value(target, "info")
        let properties = Self.value(info, "properties")
        if let point = Self.value(Self.value(properties, "NSExtension"), "NSExtensionPointIdentifier")?.string {
            return point
        }
        let settings = Self.value(target, "settings")
        let plist =
            Self.value(info, "path")?.string ?? Self.value(Self.value(settings, "base"), "INFOPLIST_FILE")?.string
            ?? Self.value(settings, "INFOPLIST_FILE")?.string
        return plist.flatMap { XcodeProductType.infoPlistPath($0, sourceRoot: base) }
            .flatMap { checkout.exists($0) ? XcodeProductType.extensionPoint(infoPlist: $0) : nil }
    }

    /// The entries one `sources` item adds.
    mutating func entries(_ source: YAMLNode) -> [BundleEntry] {
        guard let relative = source.string ?? Self.value(source, "path")?.string else { return [] }
        let path = CheckoutView.join(base, relative)
        let declared = site(source)
        let excludes = Self.items(Self.value(source, "excludes")).compactMap(\.string).map(PathGlob.init)
        let phase = Self.value(source, "buildPhase")
        let isFolder = checkout.isDirectory(path)
        let type = Self.value(source, "type")?.string ?? (isFolder ? directoryType : "file")
        guard checkout.exists(path) else {
            return [
                BundleEntry(
                    bundlePath: FileSystem.lastComponent(path), file: path, route: .resources, declaredAt: declared,
                    exists: false)
            ]
        }
        let destination = Self.destination(phase)
        switch type {
        case "folder":
            if phase != nil, destination == nil { return [] }
            let d = destination ?? .resources
            return checkout.folderEntries(
                path, bundlePath: d.prefix + FileSystem.lastComponent(path), route: .folderReference, declared: declared
            ).entries
        case "syncedFolder":
            return checkout.files(below: path).files.compactMap { rel in
                excludes.contains { $0.matches(rel) }
                    ? nil
                    : PBXProjGraph.synchronizedEntry(rel, root: path, opaque: [], declared: declared, exists: true)
            }
        default:
            // A folder with an extension Xcode treats as one item (an asset catalog, a bundle) is a file here.
            let ext = FileSystem.splitExtension(path).ext
            let whole = ext == "xcassets" || PBXProjGraph.wrapperExtensions.contains(ext)
            let files = isFolder && !whole ? checkout.files(below: path).files : [""]
            return files.flatMap { rel -> [BundleEntry] in
                guard rel.isEmpty || !excludes.contains(where: { $0.matches(rel) }) else { return [] }
                return groupEntry(rel, root: path, phase: phase, declared: declared)
            }
        }
    }

    /// A file of a `group` (or a `file` source when `rel` is empty): an asset catalog's or `.lproj`'s file by
    /// its place, any other by its default (or the given) phase.
    func groupEntry(_ rel: String, root: String, phase: YAMLNode?, declared: SourceSite) -> [BundleEntry] {
        let file = rel.isEmpty ? root : CheckoutView.join(root, rel)
        let components = (rel.isEmpty ? FileSystem.lastComponent(root) : rel).split(separator: "/").map(String.init)
        let destination: CopyDestination
        if let phase {
            guard let d = Self.destination(phase) else { return [] }
            destination = d
        } else {
            destination = .resources
        }
        for (k, component) in components.dropLast().enumerated() {
            let below = components[k...].joined(separator: "/")
            switch FileSystem.splitExtension(component).ext {
            case "xcassets":
                return [BundleEntry(bundlePath: below, file: file, route: .assetCatalog, declaredAt: declared)]
            case "lproj":
                return [BundleEntry(bundlePath: below, file: file, route: .variantGroup, declaredAt: declared)]
            case let ext where PBXProjGraph.wrapperExtensions.contains(ext):
                return [
                    BundleEntry(
                        bundlePath: destination.prefix + below, file: file, route: .folderReference,
                        declaredAt: declared)
                ]
            default: continue
            }
        }
        let name = components.last ?? ""
        let ext = FileSystem.splitExtension(name).ext
        if phase == nil, name == "Info.plist" || ext.isEmpty || Self.notCopied.contains(ext) { return [] }
        if checkout.isDirectory(file) {
            let route: BundleRoute = ext == "xcassets" ? .assetCatalog : .folderReference
            return checkout.folderEntries(file, bundlePath: destination.prefix + name, route: route, declared: declared)
                .entries
        }
        return [
            BundleEntry(
                bundlePath: destination.prefix + name, file: file, route: destination.route, declaredAt: declared)
        ]
    }

    /// A `buildPhase`: `resources`, `{copyFiles: {destination, subpath}}`; nil for phases that copy nothing.
    static func destination(_ phase: YAMLNode?) -> CopyDestination? {
        guard let phase else { return .resources }
        if phase.string == "resources" { return .resources }
        guard let copy = value(phase, "copyFiles") else { return nil }
        let spec: String
        switch value(copy, "destination")?.string ?? "" {
        case "absolutePath": spec = "0"
        case "productsDirectory": spec = "16"
        case "wrapper": spec = "1"
        case "executables": spec = "6"
        case "resources": spec = "7"
        case "javaResources": spec = "15"
        case "frameworks": spec = "10"
        case "sharedFrameworks": spec = "11"
        case "sharedSupport": spec = "12"
        case "plugins": spec = "13"
        case let other: spec = other
        }
        return .copyFiles(spec: spec, subfolder: nil, dstPath: value(copy, "subpath")?.string ?? "")
    }
}
