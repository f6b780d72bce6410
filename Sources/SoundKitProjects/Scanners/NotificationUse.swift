/// Whether a file uses notification APIs at all, and where it builds a path to `Library/Sounds` (sounds it puts there
/// at run time, which a tree cannot show).
enum NotificationUse {
    /// Identifiers that only notification code uses, per language.
    static func markers(_ language: SourceLanguage) -> Set<String> {
        switch language {
        case .swift, .objectiveC:
            return [
                "UNUserNotificationCenter", "UNMutableNotificationContent", "UNNotificationSound",
                "UNNotificationRequest",
                "UILocalNotification", "UNNotificationServiceExtension", "UNNotificationSoundName", "UserNotifications",
                "CKNotificationInfo", "CKSubscription",
            ]
        case .kotlin, .java:
            return [
                "NotificationManager", "NotificationManagerCompat", "NotificationChannel", "NotificationChannelCompat",
                "NotificationCompat", "FirebaseMessagingService",
            ]
        case .dart:
            return [
                "FlutterLocalNotificationsPlugin", "AndroidNotificationChannel", "AndroidNotificationDetails",
                "DarwinNotificationDetails", "IOSNotificationDetails", "AwesomeNotifications", "FirebaseMessaging",
            ]
        case .script:
            return []
        case .csharp:
            return [
                "LocalNotificationCenter", "NotificationRequest", "NotificationChannelRequest", "iOSNotificationCenter",
                "AndroidNotificationCenter", "iOSNotification", "AndroidNotificationChannel",
                "UNUserNotificationCenter",
                "NotificationManager", "NotificationChannel", "NotificationCompat", "UNMutableNotificationContent",
            ]
        }
    }

    /// Module names in imports (`import '…'`, `from '…'`, `require('…')`, Dart's `package:…`).
    static let modules = [
        "flutter_local_notifications", "firebase_messaging", "awesome_notifications", "@notifee/react-native",
        "react-native-push-notification", "@capacitor/local-notifications", "@capacitor/push-notifications",
        "expo-notifications", "@react-native-firebase/messaging", "@react-native-community/push-notification-ios",
        "local-notifications", "cordova-plugin-local-notification", "cordova-plugin-firebasex",
    ]

    /// Whether the tokens show notification code.
    static func uses(_ c: ScanContext) -> Bool {
        let markers = self.markers(c.language)
        let t = c.tree
        for (k, tok) in t.tokens.enumerated() {
            switch tok.kind {
            case .identifier:
                if markers.contains(tok.text) { return true }
                // `cordova.plugins.notification.local`, `Plugin.LocalNotification`, `Unity.Notifications`.
                if tok.text == "notification", t.punct(k + 1, "."), t.ident(k + 2, "local") { return true }
                if tok.text == "Plugin", t.punct(k + 1, "."), t.ident(k + 2, "LocalNotification") { return true }
                if tok.text == "Unity", t.punct(k + 1, "."), t.ident(k + 2, "Notifications") { return true }
            case .string where isImported(k, t):
                let s = tok.literal?.joined ?? ""
                if s.utf8.count < 200, modules.contains(where: { s.contains($0) }) { return true }
            default:
                continue
            }
        }
        return false
    }

    /// Whether the string at `k` names a module: `import 'm'`, `from 'm'`, `require('m')`, `import('m')`.
    static func isImported(_ k: Int, _ t: TokenTree) -> Bool {
        if t.ident(k - 1, "import") || t.ident(k - 1, "from") { return true }
        return t.punct(k - 1, "(") && (t.ident(k - 2, "require") || t.ident(k - 2, "import"))
    }

    /// Where a string builds a `Library/Sounds` path: a literal holding `Library/Sounds`, or a `Sounds` component
    /// joined to the library folder (`libraryDirectory`, `NSLibraryDirectory`, `LibraryDirectoryPath`, `"Library"`)
    /// within a few tokens.
    static func soundFolders(_ c: ScanContext) -> [SourceSite] {
        let t = c.tree
        var out: [SourceSite] = []
        for (k, tok) in t.tokens.enumerated() where tok.kind == .string {
            let s = tok.literal?.joined ?? ""
            // Every path this looks for has a capital S: most strings are passed over at one look.
            guard s.utf8.count < 300, s.utf8.contains(UInt8(ascii: "S")) else { continue }
            if s.contains("Library/Sounds") {
                out.append(c.site(k))
                continue
            }
            let component = s.trimmingSlashes
            guard component == "Sounds" else { continue }
            let near = (max(0, k - 24)..<k).contains { n in
                guard let x = t.token(n) else { return false }
                if x.kind == .string { return x.literal?.joined.trimmingSlashes == "Library" }
                return ["libraryDirectory", "NSLibraryDirectory", "LibraryDirectoryPath", "LibraryDirectory"]
                    .contains(x.text)
            }
            if near || (tok.literal?.pieces.count ?? 1) > 1 && s.hasPrefix("/Sounds") { out.append(c.site(k)) }
        }
        return out
    }
}

extension String {
    /// The text without leading and trailing `/`.
    fileprivate var trimmingSlashes: String {
        var s = self[...]
        while s.hasPrefix("/") { s = s.dropFirst() }
        while s.hasSuffix("/") { s = s.dropLast() }
        return String(s)
    }
}
