import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the system looks for a notification sound's name, in order: the app container's `Library/Sounds`, each
/// app-group container's `Library/Sounds` in the order given, then the top of the main bundle's resources (Apple,
/// `UNNotificationSound.init(named:)`: the same three places on iOS, iPadOS, Mac Catalyst, macOS and visionOS). The
/// first match wins; names are case-sensitive and include the extension.
///
/// The main bundle's resources are its top level, or a macOS app's `Contents/Resources` (`BundleLayout`). On macOS
/// the search goes on where `NSSound(named:)` looks after the main bundle (Apple, AppKit › NSSound › init(named:)):
/// `~/Library/Sounds`, `/Library/Sounds`, `/Network/Library/Sounds`, then `/System/Library/Sounds`.
public struct SoundLocations: Sendable, Hashable {
    /// The app's data container; its `Library/Sounds` is searched first.
    public var appContainer: String?
    /// App-group containers, in search order; each one's `Library/Sounds` is searched next.
    public var groupContainers: [String]
    /// The main bundle (`.app`); its top level is searched last.
    public var bundle: String?

    /// The places to search; any may be left out.
    public init(appContainer: String? = nil, groupContainers: [String] = [], bundle: String? = nil) {
        self.appContainer = appContainer
        self.groupContainers = groupContainers
        self.bundle = bundle
    }

    /// The platform whose search path is used (`resolve --platform`); nil: the bundle's, or iOS without one.
    package var platform: ApplePlatform?
    /// The home folder whose `Library/Sounds` macOS searches; nil: `$HOME`.
    package var home: String?

    package var isEmpty: Bool { appContainer == nil && groupContainers.isEmpty && bundle == nil }

    /// The platform searched for: the one asked for, or the bundle's (``BundleLayout``), or iOS.
    package var searchedPlatform: ApplePlatform {
        platform ?? bundle.flatMap { AppBundle.tree($0) }.map { BundleLayout.of($0).platform } ?? .ios
    }

    /// The folders searched, in order, with a label for messages.
    package var searchOrder: [(folder: String, label: String)] {
        var out: [(String, String)] = []
        if let a = appContainer { out.append((FileSystem.join(a, "Library/Sounds"), "app container Library/Sounds")) }
        for (i, g) in groupContainers.enumerated() {
            out.append((FileSystem.join(g, "Library/Sounds"), "app group \(i + 1) Library/Sounds"))
        }
        if let b = bundle { out.append((AppBundle.resources(b)?.tree.root ?? b, "main bundle")) }
        if searchedPlatform == .macos {
            if let h = home ?? Self.variable("HOME") {
                out.append((FileSystem.join(h, "Library/Sounds"), "user Library/Sounds (~/Library/Sounds)"))
            }
            out.append(("/Library/Sounds", "local Library/Sounds"))
            out.append(("/Network/Library/Sounds", "network Library/Sounds"))
            out.append(("/System/Library/Sounds", "system Library/Sounds"))
        }
        return out
    }

    /// The folders searched, in order, as trees (an archive's bundle is read in place), with their labels.
    package var searchTrees: [(tree: any FileTree, label: String)] {
        searchOrder.map { folder, label in
            if label == "main bundle", let b = bundle, let resources = AppBundle.resources(b) {
                return (resources.tree, label)
            }
            return (FolderTree(root: folder), label)
        }
    }

    static func variable(_ name: String) -> String? {
        guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }
}

/// Where a sound name resolved: the file iOS plays, and what it shadows.
public struct Resolution: Codable, Sendable, Hashable {
    /// The file iOS plays, when one matches.
    public var winner: String?
    /// Later matches the winner shadows.
    public var shadowed: [String]
    /// Near misses when nothing matches: other case, other extension, only in a subfolder.
    package var suggestions: [Suggestion]
    /// The platform whose search path was used.
    package var platform: ApplePlatform?

    package struct Suggestion: Codable, Sendable, Hashable {
        package enum Kind: String, Codable, Sendable {
            case otherCase = "other case"
            case otherExtension = "other extension"
            case subfolder = "only in a subfolder"
        }
        package var kind: Kind
        package var path: String
        package var name: String
    }

    /// Findings in the checker's terms (`name-not-found`, `subfolder`, `shadowed`).
    package func findings(for name: String) -> [Finding] { findings(for: name, naming: { $0 }) }

    /// The same findings, with each file the messages mention named by `naming` (a payload's findings name it by
    /// the location it is in, not by its path).
    package func findings(for name: String, naming: (String) -> String) -> [Finding] {
        unplaced(name, naming: naming).on(platform)
    }

    private func unplaced(_ name: String, naming: (String) -> String) -> [Finding] {
        if let w = winner {
            return shadowed.map {
                Rule.shadowed.finding(
                    "'\(name)' also exists at \(naming($0)), which \(naming(w)) shadows (the first in \((platform ?? .ios).name)'s search order wins)"
                )
            }
        }
        if let sub = suggestions.first(where: { $0.kind == .subfolder && $0.name == name }) {
            return [
                Rule.subfolder.finding(
                    "'\(name)' exists only in a subfolder (\(naming(sub.path))); Apple documents sounds only at the bundle's top level and in Library/Sounds (reports disagree on whether iOS finds one in a subfolder) — copy it to the top level",
                    .error)
            ]
        }
        let macOS = platform == .macos ? ", the main bundle or the Library/Sounds folders" : " or main bundle"
        var message = "no sound named '\(name)' in the app container, app groups\(macOS)"
        if !suggestions.isEmpty {
            message +=
                "; did you mean "
                + suggestions.prefix(3).map { "'\($0.name)' (\($0.kind.rawValue): \(naming($0.path)))" }.joined(
                    separator: ", or ") + "?"
        }
        return [Rule.nameNotFound.finding(message)]
    }
}

/// `soundkit resolve` as a library: finds a sound name as iOS does.
public enum SoundResolver {
    /// Resolves `name` the way iOS does.
    public static func resolve(_ name: String, in locations: SoundLocations) -> Resolution {
        // An .ipa is opened once for the platform and the search.
        AppBundle.withArchiveOpened(locations.bundle) { resolved(name, in: locations) }
    }

    static func resolved(_ name: String, in locations: SoundLocations) -> Resolution {
        var matches: [String] = []
        var suggestions: [Resolution.Suggestion] = []
        let stem = FileSystem.splitExtension(name).base
        for (tree, _) in locations.searchTrees {
            let entries = tree.contents(of: "")
            // Exact, case-sensitive comparison of directory entries: correct on case-insensitive file systems too.
            if !name.isEmpty, !name.contains("/"), entries.contains(name), !tree.isDirectory(name) {
                matches.append(tree.path(name))
            }
            for e in entries where e != name && !tree.isDirectory(e) {
                if e.lowercased() == name.lowercased() {
                    suggestions.append(.init(kind: .otherCase, path: tree.path(e), name: e))
                } else if FileSystem.splitExtension(e).base.lowercased() == stem.lowercased() {
                    // Same name, other extension (or the name was given without one, which never matches).
                    suggestions.append(.init(kind: .otherExtension, path: tree.path(e), name: e))
                }
            }
            // Subfolders: found there, never by iOS.
            for e in entries where tree.isDirectory(e) && !e.hasPrefix(".") {
                for hit in find(name, below: e, in: tree, depth: 6) {
                    suggestions.append(
                        .init(kind: .subfolder, path: tree.path(hit), name: FileSystem.lastComponent(hit)))
                }
            }
        }
        return Resolution(
            winner: matches.first, shadowed: Array(matches.dropFirst()), suggestions: suggestions,
            platform: locations.bundle != nil || locations.platform != nil ? locations.searchedPlatform : nil)
    }

    /// Files named `name` (in any case) below the folder `dir` of `tree`, as paths in the tree.
    static func find(_ name: String, below dir: String, in tree: any FileTree, depth: Int) -> [String] {
        guard depth > 0 else { return [] }
        var out: [String] = []
        for e in tree.contents(of: dir) where !e.hasPrefix(".") {
            let p = dir + "/" + e
            if tree.isDirectory(p) {
                out += find(name, below: p, in: tree, depth: depth - 1)
            } else if e.lowercased() == name.lowercased() {
                out.append(p)
            }
        }
        return out
    }
}
