import SoundKitIO

/// Where iOS looks for a notification sound's name, in order: the app container's `Library/Sounds`, each app-group
/// container's `Library/Sounds` in the order given, then the top level of the main bundle. The first match wins;
/// names are case-sensitive and include the extension.
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

    package var isEmpty: Bool { appContainer == nil && groupContainers.isEmpty && bundle == nil }

    /// The folders searched, in order, with a label for messages.
    package var searchOrder: [(folder: String, label: String)] {
        var out: [(String, String)] = []
        if let a = appContainer { out.append((FileSystem.join(a, "Library/Sounds"), "app container Library/Sounds")) }
        for (i, g) in groupContainers.enumerated() {
            out.append((FileSystem.join(g, "Library/Sounds"), "app group \(i + 1) Library/Sounds"))
        }
        if let b = bundle { out.append((b, "main bundle")) }
        return out
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
    public func findings(for name: String) -> [Finding] { findings(for: name, naming: { $0 }) }

    /// The same findings, with each file the messages mention named by `naming` (a payload's findings name it by
    /// the location it is in, not by its path).
    package func findings(for name: String, naming: (String) -> String) -> [Finding] {
        if let w = winner {
            return shadowed.map {
                Rule.shadowed.finding(
                    "'\(name)' also exists at \(naming($0)), which \(naming(w)) shadows (the first in iOS's search order wins)"
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
        var message = "no sound named '\(name)' in the app container, app groups or main bundle"
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
        var matches: [String] = []
        var suggestions: [Resolution.Suggestion] = []
        let stem = FileSystem.splitExtension(name).base
        for (folder, _) in locations.searchOrder {
            let entries = FileSystem.contents(of: folder)
            // Exact, case-sensitive comparison of directory entries: correct on case-insensitive file systems too.
            if !name.isEmpty, !name.contains("/"), entries.contains(name),
                !FileSystem.isDirectory(FileSystem.join(folder, name))
            {
                matches.append(FileSystem.join(folder, name))
            }
            for e in entries where e != name && !FileSystem.isDirectory(FileSystem.join(folder, e)) {
                if e.lowercased() == name.lowercased() {
                    suggestions.append(.init(kind: .otherCase, path: FileSystem.join(folder, e), name: e))
                } else if FileSystem.splitExtension(e).base.lowercased() == stem.lowercased() {
                    // Same name, other extension (or the name was given without one, which never matches).
                    suggestions.append(.init(kind: .otherExtension, path: FileSystem.join(folder, e), name: e))
                }
            }
            // Subfolders: found there, never by iOS.
            for e in entries where FileSystem.isDirectory(FileSystem.join(folder, e)) && !e.hasPrefix(".") {
                for hit in find(name, below: FileSystem.join(folder, e), depth: 6) {
                    suggestions.append(.init(kind: .subfolder, path: hit, name: FileSystem.lastComponent(hit)))
                }
            }
        }
        return Resolution(winner: matches.first, shadowed: Array(matches.dropFirst()), suggestions: suggestions)
    }

    static func find(_ name: String, below dir: String, depth: Int) -> [String] {
        guard depth > 0 else { return [] }
        var out: [String] = []
        for e in FileSystem.contents(of: dir) where !e.hasPrefix(".") {
            let p = FileSystem.join(dir, e)
            if FileSystem.isDirectory(p) {
                out += find(name, below: p, depth: depth - 1)
            } else if e.lowercased() == name.lowercased() {
                out.append(p)
            }
        }
        return out
    }
}
