import SoundKitIO

/// Xcode 16's synchronized (buildable) folders (SOURCE-TREES.md §1.5): every file in a
/// `PBXFileSystemSynchronizedRootGroup` is a member of the targets that list the folder, routed by its type; a
/// `PBXFileSystemSynchronizedBuildFileExceptionSet` toggles the listed paths for its target (excluded from a target
/// that lists the folder, included in one that does not); a `PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet`
/// puts the listed paths in its (copy-files) phase instead of their default one.
extension PBXProjGraph {
    /// Extensions of files a synchronized folder compiles or uses at build time rather than copies.
    static let builtExtensions: Set<String> = [
        "swift", "m", "mm", "c", "cc", "cpp", "cxx", "h", "hh", "hpp", "hxx", "metal", "xcconfig", "entitlements",
        "modulemap", "pch", "s", "docc", "xcfilelist",
    ]
    /// Folder extensions Xcode treats as one item (copied whole, or compiled whole).
    static let wrapperExtensions: Set<String> = [
        "bundle", "framework", "xcframework", "scnassets", "xcdatamodeld", "xcdatamodel", "mlpackage", "app", "appex",
        "playground", "rcproject", "storyboardc", "nib",
    ]

    /// The files of synchronized folder `group` that `target` (which lists it) puts in its product.
    mutating func synchronizedEntries(group: String, target: String, phases: Set<String>) -> [BundleEntry] {
        guard let folder = object(group), case .path(let root) = location(group) else { return [] }
        let declared = site(group)
        guard checkout.isDirectory(root) else {
            notes.append(
                ProjectNote(site: declared, message: "the synchronized folder \(root) is not in the checkout"))
            return []
        }
        let (files, truncated) = checkout.files(below: root)
        if truncated {
            notes.append(
                ProjectNote(
                    site: declared,
                    message:
                        "\(root) holds more files than are listed (\(CheckoutView.maxFiles)); the rest are not checked")
            )
        }
        var excluded: [String] = []
        for set in folder["exceptions"]?.strings ?? [] {
            guard let exceptions = object(set) else { continue }
            switch exceptions["isa"]?.string {
            case "PBXFileSystemSynchronizedBuildFileExceptionSet" where exceptions["target"]?.string == target:
                excluded += exceptions["membershipExceptions"]?.strings ?? []
            case "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet"
            where phases.contains(exceptions["buildPhase"]?.string ?? ""):
                excluded += exceptions["membershipExceptions"]?.strings ?? []
            default: break
            }
        }
        let opaque = folder["explicitFolders"]?.strings ?? []
        let excludedSet = Set(excluded)
        return files.compactMap { rel in
            Self.isListed(rel, in: excludedSet)
                ? nil : Self.synchronizedEntry(rel, root: root, opaque: opaque, declared: declared, exists: true)
        }
    }

    /// Files of other targets' synchronized folders that an exception set includes in `target`.
    mutating func foreignInclusions(target: String, own: Set<String>) -> [BundleEntry] {
        var out: [BundleEntry] = []
        for set in exceptionSetsByTarget[target] ?? [] {
            guard let group = exceptionOwners[set], !own.contains(group), case .path(let root) = location(group)
            else { continue }
            let opaque = object(group)?["explicitFolders"]?.strings ?? []
            for rel in object(set)?["membershipExceptions"]?.strings ?? [] {
                for file in checkout.listed(rel, root: root) {
                    out +=
                        Self.synchronizedEntry(
                            file, root: root, opaque: opaque, declared: site(set),
                            exists: checkout.exists(CheckoutView.join(root, file))
                        ).map { [$0] } ?? []
                }
            }
        }
        return out
    }

    /// Files of synchronized folders that an exception set puts in one of `phases` (a copy-files phase).
    mutating func phaseInclusions(phases: [String]) -> [BundleEntry] {
        var out: [BundleEntry] = []
        for phase in phases {
            guard let destination = destination(ofPhase: phase) else { continue }
            for set in exceptionSetsByPhase[phase] ?? [] {
                guard let group = exceptionOwners[set], case .path(let root) = location(group) else { continue }
                for rel in object(set)?["membershipExceptions"]?.strings ?? [] {
                    for file in checkout.listed(rel, root: root) {
                        let path = CheckoutView.join(root, file)
                        out.append(
                            BundleEntry(
                                bundlePath: destination.prefix + FileSystem.lastComponent(file), file: path,
                                route: destination.route, declaredAt: site(set), exists: checkout.exists(path)))
                    }
                }
            }
        }
        return out
    }

    /// Whether `rel` or a folder above it is in `list`.
    static func isListed(_ rel: String, in list: Set<String>) -> Bool {
        if list.isEmpty { return false }
        var path = Substring(rel)
        while true {
            if list.contains(String(path)) { return true }
            guard let slash = path.lastIndex(of: "/") else { return false }
            path = path[..<slash]
        }
    }

    /// Where file `rel` of a synchronized folder lands: in an asset catalog, a `.lproj`, an opaque folder or
    /// wrapper (copied whole), or at the top by its name (its path below the folder kept when it is in a
    /// subfolder, SOURCE-TREES.md §1.5); nil for a file the build compiles rather than copies.
    static func synchronizedEntry(
        _ rel: String, root: String, opaque: [String], declared: SourceSite, exists: Bool
    ) -> BundleEntry? {
        let file = CheckoutView.join(root, rel)
        func entry(_ bundlePath: String, _ route: BundleRoute, folderRelativePath: String? = nil) -> BundleEntry {
            BundleEntry(
                bundlePath: bundlePath, file: file, route: route, declaredAt: declared, exists: exists,
                folderRelativePath: folderRelativePath)
        }
        if let folder = opaque.first(where: { rel.hasPrefix($0 + "/") }) {
            return entry(FileSystem.lastComponent(folder) + rel.dropFirst(folder.count), .folderReference)
        }
        let components = rel.split(separator: "/").map(String.init)
        for (k, component) in components.dropLast().enumerated() {
            let below = components[k...].joined(separator: "/")
            switch FileSystem.splitExtension(component).ext {
            case "xcassets": return entry(below, .assetCatalog)
            case "lproj": return entry(below, .variantGroup)
            case let ext where wrapperExtensions.contains(ext): return entry(below, .folderReference)
            default: continue
            }
        }
        let name = components.last ?? rel
        if builtExtensions.contains(FileSystem.splitExtension(name).ext.lowercased()) { return nil }
        return entry(name, .synchronizedFolder, folderRelativePath: components.count > 1 ? rel : nil)
    }
}
