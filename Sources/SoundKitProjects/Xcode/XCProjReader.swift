import SoundKitIO

/// Xcode 27's `project.xcproj` (JSON5; SOURCE-TREES.md §1.8, `apple/xcode-project-format`) mapped onto the same
/// layouts as a pbxproj: a tree of references addressed by path, where membership lives on the file
/// (`"target-membership": ["App/resources", "App/copy/Embed Foundation Extensions"]`), folders (synchronized) list
/// their targets and `membership-exceptions` (`{target, exclusions | inclusions}`, `{build-phase, inclusions}`),
/// and targets name their `product-type` without the `com.apple.product-type.` prefix and their `build-phases`.
struct XCProjReader {
    let file: String
    let project: String
    let sourceRoot: String
    let checkout: CheckoutView
    var notes: [ProjectNote] = []
    /// Each target's layout, by name, and its copy phases' destinations by phase name.
    var layouts: [String: TargetLayout] = [:]
    var copyPhases: [String: [String: CopyDestination]] = [:]
    var phaseKinds: [String: Set<String>] = [:]
    /// Each target's product file name, to the target's name.
    var productOwners: [String: String] = [:]

    /// A reference of the file tree with the folder its relative paths are below.
    struct Pending {
        var node: PlistNode
        var folder: String
        var depth: Int
    }

    static func read(
        _ bytes: [UInt8], xcodeproj: String, checkout: CheckoutView = CheckoutView()
    ) throws(ProjectReadError) -> ProjectReading {
        let file = CheckoutView.join(xcodeproj, "project.xcproj")
        let root = try JSON5Reader.read(bytes, file: file)
        guard root.dictionary != nil else {
            throw ProjectReadError(
                site: SourceSite(path: file, line: root.line, column: root.column),
                message: "the project is not a JSON object")
        }
        var reader = XCProjReader(
            file: file, project: xcodeproj, sourceRoot: FileSystem.directory(of: xcodeproj), checkout: checkout)
        let order = reader.readTargets(root["targets"]?.array ?? [])
        var pending = (root["files"]?.array ?? []).reversed().map {
            Pending(node: $0, folder: reader.sourceRoot, depth: 0)
        }
        while let next = pending.popLast() {
            pending += reader.visit(next).reversed()
        }
        var reading = ProjectReading(project: xcodeproj, notes: reader.notes)
        reading.targets = order.compactMap { reader.layouts[$0] }
        return reading
    }

    func site(_ node: PlistNode) -> SourceSite { SourceSite(path: file, line: node.line, column: node.column) }

    /// The targets, in order: kind, copy phases, product.
    mutating func readTargets(_ targets: [PlistNode]) -> [String] {
        var order: [String] = []
        for target in targets {
            guard let name = target["name"]?.string, layouts[name] == nil else { continue }
            let productType = target["product-type"]?.string ?? target["full-product-type"]?.string ?? ""
            var kind = target["kind"]?.string == "aggregate" ? .other("aggregate") : XcodeProductType.kind(productType)
            if case .appExtension = kind {
                let setting = target["build-settings"]?["INFOPLIST_FILE"]?.string
                let point = setting.flatMap { XcodeProductType.infoPlistPath($0, sourceRoot: sourceRoot) }
                    .flatMap { checkout.exists($0) ? XcodeProductType.extensionPoint(infoPlist: $0) : nil }
                kind = .appExtension(point: point)
            }
            layouts[name] = TargetLayout(name: name, kind: kind, platform: .apple, project: project)
            order.append(name)
            if let product = target["product"]?.string {
                productOwners[FileSystem.lastComponent(product)] = name
            }
            for phase in target["build-phases"]?.array ?? [] {
                let kind = phase.string ?? phase["kind"]?.string ?? ""
                phaseKinds[name, default: []].insert(kind)
                guard kind == "copy", let phaseName = phase["name"]?.string else { continue }
                copyPhases[name, default: [:]][phaseName] = Self.destination(phase)
            }
        }
        return order
    }

    /// A copy phase's `bundle-base-path` and `relative-path`.
    static func destination(_ phase: PlistNode) -> CopyDestination {
        let base: String
        switch phase["bundle-base-path"]?.string {
        case nil: base = "<absolute>/"
        case "resources-directory", "root", "contents-directory", "executables-directory": base = ""
        case "plugins-directory": base = "PlugIns/"
        case "frameworks-directory": base = "Frameworks/"
        case "shared-frameworks-directory": base = "SharedFrameworks/"
        case "shared-support-directory": base = "SharedSupport/"
        case "build-products-directory": base = "<products>/"
        case "java-directory": base = "Java/"
        case let other?: base = "<\(other)>/"
        }
        let path = phase["relative-path"]?.string ?? ""
        return CopyDestination(prefix: path.isEmpty ? base : base + path + "/", route: .copyFiles)
    }

    /// A reference's location: `<PROJECT>/…` below the source root, `<PRODUCTS>/…` a build product, other `<BASE>/`
    /// bases not in the checkout, an absolute path itself, and any other path below `folder`.
    func location(_ node: PlistNode, folder: String) -> PBXProjGraph.Location {
        let path = node["path"]?.string ?? ""
        if path.hasPrefix("<PROJECT>/") { return .path(CheckoutView.join(sourceRoot, String(path.dropFirst(10)))) }
        if path.hasPrefix("<PRODUCTS>/") { return .product }
        if path.hasPrefix("<"), let end = path.firstRange(of: ">/") {
            return .elsewhere(String(path[..<end.lowerBound]) + ">")
        }
        return .path(path.isEmpty ? folder : CheckoutView.join(folder, path))
    }

    /// One reference of the file tree: its members (a group's children) to visit next.
    mutating func visit(_ pending: Pending) -> [Pending] {
        let node = pending.node
        guard pending.depth < OpenStepReader.maxDepth else {
            notes.append(
                ProjectNote(
                    site: site(node),
                    message: "groups nested deeper than \(OpenStepReader.maxDepth) levels were read past"))
            return []
        }
        let location = location(node, folder: pending.folder)
        if case .elsewhere(let base) = location, !memberships(node).isEmpty || node["target-membership"] != nil {
            notes.append(
                ProjectNote(
                    site: site(node),
                    message:
                        "\(node["path"]?.string ?? "") is relative to \(base), which is not in the checkout; not checked"
                ))
        }
        switch node["kind"]?.string ?? "file-reference" {
        case "group":
            guard case .path(let dir) = location else { return [] }
            return (node["children"]?.array ?? []).map { Pending(node: $0, folder: dir, depth: pending.depth + 1) }
        case "variant-group":
            if case .path(let dir) = location { variantGroup(node, folder: dir) }
        case "folder":
            if case .path(let root) = location { synchronizedFolder(node, root: root) }
        case "file-reference", "version-group":
            fileReference(node, location: location)
        case let other:
            notes.append(
                ProjectNote(site: site(node), message: "a reference of the unknown kind \(other) was read past"))
        }
        return []
    }

    /// A file's `target-membership`: each as its target, build-phase kind and phase name (`App/copy/Embed`).
    func memberships(_ node: PlistNode) -> [(target: String, kind: String, name: String)] {
        (node["target-membership"]?.array ?? []).compactMap { item in
            guard let reference = item.string ?? item["build-phase"]?.string else { return nil }
            let parts = reference.split(separator: "/", maxSplits: 2).map(String.init)
            guard parts.count >= 2 else { return nil }
            return (parts[0], parts[1], parts.count > 2 ? parts[2] : "")
        }
    }

    /// Where a membership's phase copies to; nil for phases that copy nothing into the product.
    func destination(target: String, kind: String, name: String) -> CopyDestination? {
        switch kind {
        case "resources": return .resources
        case "copy": return copyPhases[target]?[name] ?? CopyDestination(prefix: "", route: .copyFiles)
        default: return nil
        }
    }

    mutating func fileReference(_ node: PlistNode, location: PBXProjGraph.Location) {
        for m in memberships(node) {
            guard layouts[m.target] != nil, let destination = destination(target: m.target, kind: m.kind, name: m.name)
            else { continue }
            switch location {
            case .product:
                let name = FileSystem.lastComponent(node["path"]?.string ?? "")
                if let owner = productOwners[name], layouts[m.target]?.embeds.contains(owner) == false {
                    layouts[m.target]?.embeds.append(owner)
                }
            case .path(let path):
                let (entries, note) = checkout.fileEntries(
                    path, type: node["type"]?.string ?? "", to: destination, declared: site(node))
                layouts[m.target]?.entries += entries
                if let note { notes.append(note) }
            case .elsewhere: continue
            }
        }
    }

    /// A localized file: each language's file in `<lang>.lproj/`.
    mutating func variantGroup(_ node: PlistNode, folder: String) {
        for m in memberships(node) {
            guard layouts[m.target] != nil, let destination = destination(target: m.target, kind: m.kind, name: m.name)
            else { continue }
            for child in node["children"]?.array ?? [] {
                guard case .path(let path) = location(child, folder: folder) else { continue }
                let parent = FileSystem.lastComponent(FileSystem.directory(of: path))
                let language = parent.hasSuffix(".lproj") ? parent : (child["name"]?.string ?? "Base") + ".lproj"
                let entry = BundleEntry(
                    bundlePath: destination.prefix + language + "/" + FileSystem.lastComponent(path), file: path,
                    route: .variantGroup, declaredAt: site(child), exists: checkout.exists(path))
                layouts[m.target]?.entries.append(entry)
            }
        }
    }

    /// A synchronized folder: its files in the targets it lists, less each target's exclusions, plus inclusions in
    /// targets it does not list; files a build-phase exception names go to that phase instead.
    mutating func synchronizedFolder(_ node: PlistNode, root: String) {
        let declared = site(node)
        guard checkout.isDirectory(root) else {
            notes.append(ProjectNote(site: declared, message: "the folder \(root) is not in the checkout"))
            return
        }
        let members = Set(node["target-membership"]?.strings ?? [])
        let exceptions = node["membership-exceptions"]?.array ?? []
        let opaque = node["opaque-folders"]?.strings ?? []
        let files = checkout.files(below: root).files
        for (name, _) in layouts {
            var excluded = Set<String>()
            var included: [String] = []
            for set in exceptions {
                if set["target"]?.string == name {
                    excluded.formUnion(set["exclusions"]?.strings ?? [])
                    included += set["inclusions"]?.strings ?? []
                } else if let phase = set["build-phase"]?.string, phase.hasPrefix(name + "/") {
                    let parts = phase.split(separator: "/", maxSplits: 2).map(String.init)
                    let paths = set["inclusions"]?.strings ?? []
                    excluded.formUnion(paths)
                    guard parts.count >= 2,
                        let destination = destination(
                            target: name, kind: parts[1], name: parts.count > 2 ? parts[2] : "")
                    else { continue }
                    for rel in paths.flatMap({ checkout.listed($0, root: root) }) {
                        let path = CheckoutView.join(root, rel)
                        let entry = BundleEntry(
                            bundlePath: destination.prefix + FileSystem.lastComponent(rel), file: path,
                            route: destination.route, declaredAt: site(set), exists: checkout.exists(path))
                        layouts[name]?.entries.append(entry)
                    }
                }
            }
            let chosen =
                members.contains(name)
                ? files.filter { !PBXProjGraph.isListed($0, in: excluded) }
                : included.flatMap { checkout.listed($0, root: root) }
            layouts[name]?.entries += chosen.compactMap {
                PBXProjGraph.synchronizedEntry(
                    $0, root: root, opaque: opaque, declared: declared,
                    exists: checkout.exists(CheckoutView.join(root, $0)))
            }
        }
    }
}
