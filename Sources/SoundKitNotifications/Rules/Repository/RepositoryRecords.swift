/// One sound name a checkout's code, config or payload passes to a notification API, as `soundkit check --format
/// json` carries it in its `references` array: where it is written, for which platform, through which API, the name
/// as written, the file it resolves to (or null), the verdict and the rules that found something there.
package struct NamedSound: Codable, Hashable, Sendable {
    /// `ios` (Apple's platforms) or `android`.
    package var platform: String
    /// The file that names it, as reports name it.
    package var path: String
    /// Its line, from 1.
    package var line: Int
    /// Its column, from 1, in Unicode scalars.
    package var column: Int
    /// The API or key it is passed to (`UNNotificationSound(named:)`, `RawResourceAndroidNotificationSound`).
    package var api: String
    /// The name as written (a name built at run time as its literal ends around `…`).
    package var name: String
    /// The app target or module it was resolved in.
    package var app: String?
    /// The file it resolves to, or nil.
    package var resolved: String?
    /// `plays`, `fails` or `unchecked`.
    package var verdict: String
    /// The ids of the rules that found something at the reference.
    package var rules: [String]

    private enum CodingKeys: String, CodingKey {
        case platform, path, line, column, api, name, app, resolved, verdict, rules
    }

    /// Every key, `resolved` as null when the name resolves to no file (the JSON's readers ask for it).
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(platform, forKey: .platform)
        try c.encode(path, forKey: .path)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(api, forKey: .api)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(app, forKey: .app)
        try c.encode(resolved, forKey: .resolved)
        try c.encode(verdict, forKey: .verdict)
        try c.encode(rules, forKey: .rules)
    }

    /// A name written at `path:line:column`, for `platform`, through `api`; not yet resolved (``verdict``
    /// `unchecked` until it is).
    package init(platform: String, path: String, line: Int, column: Int, api: String, name: String) {
        self.platform = platform
        self.path = path
        self.line = line
        self.column = column
        self.api = api
        self.name = name
        self.verdict = "unchecked"
        self.rules = []
    }
}

/// One app a checkout's projects build, as `soundkit check` summarises it: its name, platform and project, and how
/// many of the names passed to it resolved.
package struct CheckedApp: Codable, Hashable, Sendable {
    /// The target or module (`Runner`, `app`).
    package var name: String
    /// `ios` or `android`.
    package var platform: String
    /// The project that builds it, as reports name it.
    package var project: String
    /// The names the code passes for this platform that resolve (or fail to) in this app.
    package var names: Int
    /// Of those, the ones that play.
    package var resolved: Int
    /// Of those, the ones that fail.
    package var failed: Int

    package init(name: String, platform: String, project: String, names: Int, resolved: Int, failed: Int) {
        self.name = name
        self.platform = platform
        self.project = project
        self.names = names
        self.resolved = resolved
        self.failed = failed
    }
}
