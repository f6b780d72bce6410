import SoundKitIO

/// A `project.pbxproj`'s object graph, read into one ``TargetLayout`` per target: which files each target's build
/// puts in its product and where they land (SOURCE-TREES.md §1.3–§1.6). Membership is reachability: a file is in
/// a target's bundle when a `PBXBuildFile` of it is in one of the target's copy phases, or when it lies in one of the
/// target's synchronized folders (with the exception sets' toggles).
///
/// Unknown object kinds are read past with a ``ProjectNote``; keys left out take their defaults; `objectVersion` is
/// never consulted.
struct PBXProjGraph {
    /// The pbxproj, as reports name it.
    let file: String
    /// The `.xcodeproj`, as reports name it.
    let project: String
    /// The folder paths in the project are relative to (`SOURCE_ROOT`).
    var sourceRoot: String
    let objects: PlistDictionary
    let checkout: CheckoutView
    var notes: [ProjectNote] = []
    /// Each group member's group.
    var parents: [String: String] = [:]
    /// Each target's product reference, to the target's name.
    var productOwners: [String: String] = [:]
    /// Each exception set, to the synchronized folder that lists it.
    var exceptionOwners: [String: String] = [:]
    /// The `PBXFileSystemSynchronizedBuildFileExceptionSet`s, by the target each names.
    var exceptionSetsByTarget: [String: [String]] = [:]
    /// The `PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet`s, by the build phase each names.
    var exceptionSetsByPhase: [String: [String]] = [:]

    /// The object kinds read (others get a note).
    static let knownKinds: Set<String> = [
        "PBXProject", "PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget", "PBXBuildFile", "PBXFileReference",
        "PBXGroup", "PBXVariantGroup", "XCVersionGroup", "PBXReferenceProxy", "PBXContainerItemProxy",
        "PBXTargetDependency", "XCConfigurationList", "XCBuildConfiguration", "PBXSourcesBuildPhase",
        "PBXFrameworksBuildPhase", "PBXResourcesBuildPhase", "PBXHeadersBuildPhase", "PBXCopyFilesBuildPhase",
        "PBXShellScriptBuildPhase", "PBXRezBuildPhase", "PBXAppleScriptBuildPhase", "PBXJavaArchiveBuildPhase",
        "PBXBuildRule", "PBXBuildStyle", "XCRemoteSwiftPackageReference", "XCLocalSwiftPackageReference",
        "XCSwiftPackageProductDependency", "PBXFileSystemSynchronizedRootGroup",
        "PBXFileSystemSynchronizedBuildFileExceptionSet",
        "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet",
    ]

    static let targetKinds: Set<String> = ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"]

    /// Reads the pbxproj `bytes` of the project `xcodeproj` (a path as reports name it; the checkout is read
    /// relative to the working folder).
    static func read(
        _ bytes: [UInt8], xcodeproj: String, checkout: CheckoutView = CheckoutView()
    ) throws(ProjectReadError) -> ProjectReading {
        let file = CheckoutView.join(xcodeproj, "project.pbxproj")
        let root = try ProjectPropertyList.read(bytes, file: file)
        guard let objects = root["objects"]?.dictionary else {
            throw ProjectReadError(
                site: SourceSite(path: file, line: root.line, column: root.column),
                message: "the property list has no 'objects' dictionary: it is not an Xcode project")
        }
        var graph = PBXProjGraph(
            file: file, project: xcodeproj, sourceRoot: FileSystem.directory(of: xcodeproj), objects: objects,
            checkout: checkout)
        guard let projectID = graph.projectID(root) else {
            throw ProjectReadError(
                site: SourceSite(path: file, line: root.line, column: root.column),
                message: "no PBXProject object: 'rootObject' names none")
        }
        graph.index()
        graph.setSourceRoot(projectID)
        var reading = ProjectReading(project: xcodeproj)
        for target in PBXProjGraph.unique(objects[projectID]?["targets"]?.strings ?? []) {
            if let layout = graph.layout(target) { reading.targets.append(layout) }
        }
        reading.notes = graph.notes
        return reading
    }

    /// The `PBXProject`: `rootObject`'s, else the first there is.
    func projectID(_ root: PlistNode) -> String? {
        if let id = root["rootObject"]?.string, isa(id) == "PBXProject" { return id }
        return objects.entries.first { $0.value["isa"]?.string == "PBXProject" }?.key
    }

    /// Groups' members, products' targets, exception sets' folders; a note for each unknown kind of object.
    mutating func index() {
        var unknown: [String: (count: Int, site: SourceSite)] = [:]
        var order: [String] = []
        for entry in objects.entries {
            let object = entry.value
            for child in object["children"]?.strings ?? [] { parents[child] = entry.key }
            for set in object["exceptions"]?.strings ?? [] { exceptionOwners[set] = entry.key }
            let kind = object["isa"]?.string ?? ""
            if kind == "PBXFileSystemSynchronizedBuildFileExceptionSet", let target = object["target"]?.string {
                exceptionSetsByTarget[target, default: []].append(entry.key)
            }
            if kind == "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet",
                let phase = object["buildPhase"]?.string
            {
                exceptionSetsByPhase[phase, default: []].append(entry.key)
            }
            if Self.targetKinds.contains(kind), let product = object["productReference"]?.string {
                productOwners[product] = targetName(entry.key)
            }
            if !Self.knownKinds.contains(kind), object.dictionary != nil {
                if unknown[kind] == nil { order.append(kind) }
                unknown[kind, default: (0, site(entry.key))].count += 1
            }
        }
        for kind in order {
            guard let (count, at) = unknown[kind] else { continue }
            let what = kind.isEmpty ? "an object without 'isa'" : "an object of the unknown kind \(kind)"
            let more = count > 1 ? " (and \(count - 1) more like it)" : ""
            notes.append(
                ProjectNote(site: at, message: "\(what)\(more) was read past; the targets' files may be incomplete"))
        }
    }

    /// `projectDirPath`, when set, moves the source root.
    mutating func setSourceRoot(_ projectID: String) {
        guard let dir = objects[projectID]?["projectDirPath"]?.string, !dir.isEmpty else { return }
        if dir.hasPrefix("/") {
            notes.append(
                ProjectNote(
                    site: site(projectID),
                    message:
                        "projectDirPath is the absolute path \(dir), not in the checkout; paths are read from the folder of \(project)"
                ))
            return
        }
        sourceRoot = CheckoutView.join(sourceRoot, dir)
    }

    // MARK: Objects

    func object(_ id: String) -> PlistNode? { objects[id] }

    func isa(_ id: String) -> String? { objects[id]?["isa"]?.string }

    /// Where the object is written: its key's line and column.
    func site(_ id: String) -> SourceSite {
        guard let e = objects.entry(id) else { return SourceSite(path: file, line: 1, column: 1) }
        return SourceSite(path: file, line: e.keyLine, column: e.keyColumn)
    }

    func targetName(_ id: String) -> String {
        object(id)?["name"]?.string ?? object(id)?["productName"]?.string ?? id
    }

    // MARK: Paths

    /// Where a file element is.
    enum Location: Equatable {
        /// In the checkout (or at an absolute path), as reports name it.
        case path(String)
        /// A build product (`BUILT_PRODUCTS_DIR`): not in a checkout.
        case product
        /// Relative to a source tree that is not in the checkout (`SDKROOT`, `DEVELOPER_DIR`, a custom one).
        case elsewhere(String)
    }

    /// The location of file element `id` (SOURCE-TREES.md §1.6): up through its groups while each is relative to
    /// its group, then from the source root, or as written for `<absolute>`.
    func location(_ id: String) -> Location {
        var components: [String] = []
        var current = id
        for _ in 0..<OpenStepReader.maxDepth {
            guard let element = object(current) else { break }
            let path = element["path"]?.string ?? ""
            if !path.isEmpty { components.append(path) }
            if path.hasPrefix("/") { return .path(Self.assemble("", components)) }
            switch element["sourceTree"]?.string ?? "<group>" {
            case "<group>", "":
                guard let parent = parents[current] else { return .path(Self.assemble(sourceRoot, components)) }
                current = parent
            case "SOURCE_ROOT": return .path(Self.assemble(sourceRoot, components))
            case "<absolute>": return .path(Self.assemble("", components))
            case "BUILT_PRODUCTS_DIR": return .product
            case let tree: return .elsewhere(tree)
            }
        }
        return .path(Self.assemble(sourceRoot, components))
    }

    /// `components` (innermost first) below `base`.
    static func assemble(_ base: String, _ components: [String]) -> String {
        CheckoutView.join(base, components.reversed().joined(separator: "/"))
    }
}
