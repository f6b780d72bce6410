import SoundKitIO

/// Where a copy phase puts what it copies: a prefix of bundle paths, and whether a target's product it copies is
/// embedded (extensions, watch apps).
struct CopyDestination {
    /// Prepended to each file's bundle path (`PlugIns/`, `sounds/`, `` for the resources' top).
    var prefix: String
    /// The route its files take.
    var route: BundleRoute

    /// Copy Bundle Resources.
    static let resources = CopyDestination(prefix: "", route: .resources)

    /// A `PBXCopyFilesBuildPhase`'s destination (`dstSubfolderSpec`, or Xcode 26's `dstSubfolder`) and `dstPath`.
    /// On iOS a bundle is flat: its wrapper, executables and resources folders are one, so those land at the top.
    static func copyFiles(spec: String?, subfolder: String?, dstPath: String) -> CopyDestination {
        let base: String
        switch spec ?? subfolder.map(Self.specOfSubfolder) ?? "7" {
        case "0": base = "<absolute>/"
        case "1", "6", "7": base = ""
        case "10": base = "Frameworks/"
        case "11": base = "SharedFrameworks/"
        case "12": base = "SharedSupport/"
        case "13": base = "PlugIns/"
        case "15": base = "Java/"
        case "16": base = "<products>/"
        case let other: base = "<destination \(other)>/"
        }
        let path = dstPath.hasSuffix("/") ? String(dstPath.dropLast()) : dstPath
        return CopyDestination(prefix: path.isEmpty ? base : base + path + "/", route: .copyFiles)
    }

    /// Xcode 26's `dstSubfolder` names as the numbers they replace.
    static func specOfSubfolder(_ name: String) -> String {
        switch name {
        case "None", "Absolute", "AbsolutePath": return "0"
        case "Wrapper": return "1"
        case "Executables": return "6"
        case "Resources": return "7"
        case "Frameworks": return "10"
        case "SharedFrameworks": return "11"
        case "SharedSupport": return "12"
        case "PlugIns", "Plugins": return "13"
        case "JavaResources": return "15"
        case "Product", "Products", "ProductsDirectory": return "16"
        default: return name
        }
    }
}

extension PBXProjGraph {
    /// The layout of target `id`, nil (with a note) when it is no target.
    mutating func layout(_ id: String) -> TargetLayout? {
        guard let target = object(id), let kind = isa(id), Self.targetKinds.contains(kind) else {
            notes.append(ProjectNote(site: site(id), message: "the project lists \(id) as a target, but it is none"))
            return nil
        }
        var layout = TargetLayout(
            name: targetName(id), kind: targetKind(id, isa: kind), platform: .apple, project: project)
        let phases = Self.unique(target["buildPhases"]?.strings ?? [])
        for phaseID in phases {
            guard let destination = destination(ofPhase: phaseID) else { continue }
            for buildFile in Self.unique(object(phaseID)?["files"]?.strings ?? []) {
                guard layout.entries.count < Self.maxEntries else { break }
                layout.entries += entries(buildFile: buildFile, to: destination, embeds: &layout.embeds)
            }
        }
        let synchronized = Self.unique(target["fileSystemSynchronizedGroups"]?.strings ?? [])
        for group in synchronized where layout.entries.count < Self.maxEntries {
            layout.entries += synchronizedEntries(group: group, target: id, phases: Set(phases))
        }
        layout.entries += foreignInclusions(target: id, own: Set(synchronized))
        layout.entries += phaseInclusions(phases: phases)
        if layout.entries.count > Self.maxEntries {
            layout.entries.removeLast(layout.entries.count - Self.maxEntries)
            notes.append(
                ProjectNote(
                    site: site(id),
                    message:
                        "\(layout.name) puts more than \(Self.maxEntries) files in its product; the rest are not checked"
                ))
        }
        return layout
    }

    /// The most entries one target's layout holds.
    static let maxEntries = 200_000

    /// `ids` without repeats, in first-appearance order (a hostile project may list one object many times).
    static func unique(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }

    /// Where a copy phase puts its files; nil for phases that copy nothing into the product.
    func destination(ofPhase id: String) -> CopyDestination? {
        guard let phase = object(id) else { return nil }
        switch phase["isa"]?.string {
        case "PBXResourcesBuildPhase": return .resources
        case "PBXCopyFilesBuildPhase":
            return .copyFiles(
                spec: phase["dstSubfolderSpec"]?.string, subfolder: phase["dstSubfolder"]?.string,
                dstPath: phase["dstPath"]?.string ?? "")
        default: return nil
        }
    }

    /// What the target builds, with its extension point read from its Info.plist when it is an extension.
    func targetKind(_ id: String, isa: String) -> TargetKind {
        switch isa {
        case "PBXAggregateTarget": return .other("aggregate")
        case "PBXLegacyTarget": return .other("legacy")
        default: break
        }
        let productType = object(id)?["productType"]?.string ?? ""
        guard XcodeProductType.isExtension(productType) else { return XcodeProductType.kind(productType) }
        let point = buildSetting("INFOPLIST_FILE", target: id)
            .flatMap { XcodeProductType.infoPlistPath($0, sourceRoot: sourceRoot) }
            .flatMap { checkout.exists($0) ? XcodeProductType.extensionPoint(infoPlist: $0) : nil }
        return XcodeProductType.kind(productType, point: point)
    }

    /// A build setting of the target's first build configuration that has it.
    func buildSetting(_ key: String, target id: String) -> String? {
        guard let list = object(id)?["buildConfigurationList"]?.string else { return nil }
        for configuration in object(list)?["buildConfigurations"]?.strings ?? [] {
            if let value = object(configuration)?["buildSettings"]?[key]?.string { return value }
        }
        return nil
    }

    /// The files one build file puts in the bundle; a target's product it copies is embedded instead.
    mutating func entries(
        buildFile: String, to destination: CopyDestination, embeds: inout [String]
    ) -> [BundleEntry] {
        guard let ref = object(buildFile)?["fileRef"]?.string else { return [] }
        if let owner = productOwners[ref] {
            if !embeds.contains(owner) { embeds.append(owner) }
            return []
        }
        let declared = site(buildFile)
        switch isa(ref) {
        case "PBXFileReference", "XCVersionGroup":
            return fileEntries(ref, to: destination, declared: declared)
        case "PBXVariantGroup":
            var out: [BundleEntry] = []
            for child in object(ref)?["children"]?.strings ?? [] {
                guard case .path(let path) = location(child) else { continue }
                let name = FileSystem.lastComponent(path)
                let parent = FileSystem.lastComponent(FileSystem.directory(of: path))
                let language =
                    parent.hasSuffix(".lproj") ? parent : (object(child)?["name"]?.string ?? "Base") + ".lproj"
                out.append(
                    BundleEntry(
                        bundlePath: destination.prefix + language + "/" + name, file: path, route: .variantGroup,
                        declaredAt: declared, exists: checkout.exists(path)))
            }
            return out
        case "PBXReferenceProxy", nil:
            return []
        case let other?:
            notes.append(ProjectNote(site: declared, message: "a build file refers to a \(other), which was read past"))
            return []
        }
    }

    /// A file reference's entries: the file, or every file of a folder reference or asset catalog.
    mutating func fileEntries(_ ref: String, to destination: CopyDestination, declared: SourceSite) -> [BundleEntry] {
        let path: String
        switch location(ref) {
        case .path(let p): path = p
        case .product: return []
        case .elsewhere(let tree):
            notes.append(
                ProjectNote(
                    site: site(ref),
                    message:
                        "\(object(ref)?["path"]?.string ?? ref) is relative to \(tree), which is not in the checkout; not checked"
                ))
            return []
        }
        let type = object(ref)?["explicitFileType"]?.string ?? object(ref)?["lastKnownFileType"]?.string ?? ""
        let (entries, note) = checkout.fileEntries(path, type: type, to: destination, declared: declared)
        if let note { notes.append(note) }
        return entries
    }
}
