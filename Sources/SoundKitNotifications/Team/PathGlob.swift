/// A path pattern of `.soundkit.yml` (`excluded`, `overrides[].paths`), matched against a path relative to the
/// config's folder: `*` is any run of characters within one name, `?` one character, and `**` as a whole name any
/// number of folders. A pattern that matches a folder matches everything below it, so `Sounds/raw` and
/// `Sounds/raw/**` say the same.
package struct PathGlob: Sendable, Hashable {
    /// The pattern as written.
    package var pattern: String
    private var names: [[Character]]

    package init(_ pattern: String) {
        self.pattern = pattern
        names = pattern.split(separator: "/").filter { $0 != "." }.map { Array($0) }
    }

    /// Whether `path` (relative, `/`-separated) or one of the folders it lies in matches.
    package func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/").filter { $0 != "." }.map { Array($0) }
        guard !names.isEmpty else { return false }
        // matched[i][j]: names[i...] match parts[j...]; once the pattern is used up, any rest of the path is a file
        // below a matching folder. Filled from the end, so the work is names × parts whatever the pattern holds.
        let m = names.count
        let n = parts.count
        var next = [Bool](repeating: true, count: n + 1)  // row m: the pattern is used up
        for i in stride(from: m - 1, through: 0, by: -1) {
            var row = [Bool](repeating: false, count: n + 1)
            for j in stride(from: n, through: 0, by: -1) {
                if names[i] == ["*", "*"] {
                    row[j] = next[j] || (j < n && row[j + 1])
                } else {
                    row[j] = j < n && next[j + 1] && Self.name(names[i], matches: parts[j])
                }
            }
            next = row
        }
        return next[0]
    }

    /// `*` and `?` within one name: the classic two-pointer match, which goes back only to the last `*`.
    static func name(_ pattern: [Character], matches name: [Character]) -> Bool {
        var p = 0
        var s = 0
        var star: Int? = nil
        var resume = 0
        while s < name.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == name[s] && pattern[p] != "*" {
                p += 1
                s += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = s
                p += 1
            } else if let st = star {
                p = st + 1
                resume += 1
                s = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
