import SoundKitNotifications

/// What became of one sound name the tree's code, config or payloads pass to a notification API, on one platform:
/// the file it resolves to (or none), and the findings at the place that names it. `--format json` carries these as
/// its `references` array.
package struct ReferenceVerdict: Sendable, Hashable, Codable {
    /// Whether the name plays as written.
    package enum Outcome: String, Sendable, Hashable, Codable {
        /// It resolves to a file the app carries, and the sound rules find no error in it.
        case plays
        /// It does not resolve, resolves where the platform does not look, or names a file the platform does not
        /// play.
        case fails
        /// It cannot be judged from the tree (built at run time; no project for the platform).
        case unchecked
    }

    /// The reference.
    package var reference: SoundReference
    /// The platform this verdict is for (a name passed to both gets one verdict each).
    package var platform: AppPlatform
    /// The app (target or module) it was resolved in, when one was found.
    package var app: String?
    /// The project of that app (two apps may share a name: a Flutter app's iOS and macOS `Runner`).
    package var appProject: String?
    /// The file it resolves to, as reports name it.
    package var resolved: String?
    /// The files it resolves to in the other apps it is passed to (a Flutter app's macOS `Runner`).
    package var alsoResolved: [String] = []
    /// The outcome.
    package var outcome: Outcome
    /// The findings at the reference (its file, line and column).
    package var findings: [Finding]

    /// The name as written (a dynamic name as its literal ends around `…`).
    package var nameAsWritten: String {
        switch reference.name {
        case .literal(let s): s
        case .dynamic(let prefix, let suffix): prefix + "…" + suffix
        }
    }
}
