/// A sound name that code, a config or a push body in the tree passes to a notification API: where, for which
/// platform, through which call, and in which form the platform reads it.
package struct SoundReference: Sendable, Hashable, Codable {
    /// Which platform's rules resolve the name.
    package enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
        /// Apple's: a file name (with extension) searched at the top of the app's bundle.
        case apple = "ios"
        /// Android's: a `res/raw` resource.
        case android
        /// A cross-platform call that passes the same name to both (Capacitor's `schedule({sound})`, Cordova's
        /// `res://`, .NET's `Sound =` without a platform test).
        case both
    }

    /// What the name is for.
    package enum Role: String, Sendable, Hashable, Codable {
        /// One notification's sound (`UNMutableNotificationContent.sound`, a notification-level Android sound).
        case notification
        /// An Android channel's sound (fixed once the channel exists).
        case channel
        /// A critical alert's sound.
        case critical
        /// A config's default sound (`capacitor.config` `LocalNotifications.sound`, Expo `sounds`).
        case config
        /// A push body's `aps.sound` or `android.notification.sound`.
        case payload
    }

    /// The name as the code gives it.
    package enum Name: Sendable, Hashable, Codable {
        /// A string literal (escapes decoded): `"chime.caf"`.
        case literal(String)
        /// Built at run time; `prefix` and `suffix` are the literal text at its ends when there is some
        /// (`"\(tone).mp3"`: suffix `.mp3`), which may already decide it.
        case dynamic(prefix: String, suffix: String)
    }

    /// How the platform (through the library named) reads the name.
    package enum Form: String, Sendable, Hashable, Codable {
        /// A file name searched by name, extension included (iOS, Capacitor's and notifee's iOS side).
        case fileName
        /// An Android raw resource name without extension (`RawResourceAndroidNotificationSound('x')`, notifee's
        /// `android.sound`).
        case rawName
        /// A file name whose extension the library strips before looking in `res/raw` (Capacitor's channel `sound`,
        /// react-native-push-notification's `soundName`, Cordova's `res://x.wav` on Android).
        case rawNameExtensionStripped
        /// An `android.resource://package/raw/name` URI written out.
        case resourceURI
        /// A URI built from a resource id (`"/" + R.raw.x`, `Resource.Raw.x.ToString()`): valid until ids change.
        case resourceID
        /// A path below a web or folder reference (Cordova's `file://x` → `www/x`, a `media/kick.wav` subpath).
        case subpath
    }

    /// Where the name is written.
    package var site: SourceSite
    /// Whose rules resolve it.
    package var platform: Platform
    /// What it is for.
    package var role: Role
    /// The API or key it is passed to, as a developer would search for it: `UNNotificationSound(named:)`,
    /// `RawResourceAndroidNotificationSound`, `notifee.createChannel sound`, `capacitor.config LocalNotifications.sound`.
    package var api: String
    /// The name.
    package var name: Name
    /// How the platform reads it.
    package var form: Form
    /// For an Android channel (created, or named by a notification): its id when it is a literal.
    package var channelID: String? = nil

    package init(site: SourceSite, platform: Platform, role: Role, api: String, name: Name, form: Form) {
        self.site = site
        self.platform = platform
        self.role = role
        self.api = api
        self.name = name
        self.form = form
    }

    /// The reference for the Android channel `id` (nil: none known).
    package func on(channel id: String?) -> SoundReference {
        var r = self
        r.channelID = id
        return r
    }
}

/// What a scanner found in one source or config file.
package struct SourceScan: Sendable, Hashable, Codable {
    /// The sound names passed to notification APIs, in file order.
    package var references: [SoundReference]
    /// Whether the file uses notification APIs at all (schedules, creates channels, handles pushes), even with no
    /// custom sound: a tree with such code holds only named sounds to the notification rules.
    package var usesNotifications: Bool
    /// Where the code builds a path to `Library/Sounds` (or an app group's): sounds it puts there at run time cannot
    /// be checked from the tree.
    package var runtimeSoundFolders: [SourceSite]
    /// What the scanner read past (a file over its bound, text that is not UTF-8).
    package var notes: [ProjectNote]

    package init(
        references: [SoundReference] = [], usesNotifications: Bool = false, runtimeSoundFolders: [SourceSite] = [],
        notes: [ProjectNote] = []
    ) {
        self.references = references
        self.usesNotifications = usesNotifications
        self.runtimeSoundFolders = runtimeSoundFolders
        self.notes = notes
    }
}
