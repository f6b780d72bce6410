import SoundKitIO

/// Everything resolution needs to know about a checkout: every target of every project read (both platforms, the
/// Flutter assets and web folders among them), every audio file in the tree, and where the code puts sounds at run
/// time.
package struct CheckoutLayout: Sendable {
    /// Every target of every project, in the order read.
    package var targets: [TargetLayout]
    /// Every audio file in the tree, as reports name them.
    package var audioFiles: [String]
    /// Where code builds a path to `Library/Sounds`.
    package var runtimeSoundFolders: [SourceSite]

    package init(targets: [TargetLayout] = [], audioFiles: [String] = [], runtimeSoundFolders: [SourceSite] = []) {
        self.targets = targets
        self.audioFiles = audioFiles
        self.runtimeSoundFolders = runtimeSoundFolders
    }

    /// The apps (targets of kind application) of `platform`, those whose project is nearest `path` first: in a
    /// monorepo, the code of `apps/a` names sounds of `apps/a/ios`'s app.
    package func apps(_ platform: AppPlatform, nearest path: String) -> [TargetLayout] {
        let apps = targets.filter { $0.platform == platform && $0.kind == .application }
        let scored = apps.map { (app: $0, score: Self.commonFolders(app: $0.project, path)) }
        let best = scored.map(\.score).max() ?? 0
        return scored.filter { $0.score == best }.map(\.app) + scored.filter { $0.score != best }.map(\.app)
    }

    /// How many leading folders two paths share.
    static func commonFolders(app: String, _ path: String) -> Int {
        let a = app.split(separator: "/").dropLast()
        let b = path.split(separator: "/").dropLast()
        var n = 0
        for (x, y) in zip(a, b) {
            guard x == y else { break }
            n += 1
        }
        return n
    }
}

/// Names and the files they could mean: the file name of a path, a name's stem and extension, and how near two
/// names are.
enum SoundNames {
    /// The last path component.
    static func fileName(_ path: String) -> String { FileSystem.lastComponent(path) }

    /// `alarm` of `alarm.caf`, and `caf`; no extension: the name and "".
    static func stem(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    /// The edit distance between two short names (Levenshtein, on Unicode scalars; at most 64 scalars each are
    /// compared, past that the names are as far apart as their lengths).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars.prefix(64))
        let y = Array(b.unicodeScalars.prefix(64))
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var row = [i] + Array(repeating: 0, count: y.count)
            for j in 1...y.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[y.count]
    }
}
