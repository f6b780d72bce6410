/// JavaScript and TypeScript notification libraries (SOURCE-TREES.md §2.4–2.6): each `sound`/`soundName` key of an
/// object literal, read by the call the object is passed to and where in it the key sits — notifee's
/// `createChannel({id, sound})`, `displayNotification({ios: {sound}, android: {sound, channelId}})`;
/// react-native-push-notification's `localNotification({soundName})`, `createChannel({channelId, soundName})`;
/// Capacitor's `LocalNotifications.schedule({notifications: [{sound}]})`, `createChannel({id, sound})` and
/// `capacitor.config.ts`'s `plugins.LocalNotifications.sound`; Cordova's `schedule({sound: 'res://…'})`; Expo's
/// `scheduleNotificationAsync({content: {sound}})` and `setNotificationChannelAsync(id, {sound})`. A `sound` key
/// anywhere else is no reference.
enum ScriptCalls {
    /// The libraries whose calls are read.
    enum Library: String, CaseIterable {
        case notifee = "@notifee/react-native"
        case pushNotification = "react-native-push-notification"
        case capacitor = "@capacitor/local-notifications"
        case cordova = "cordova-plugin-local-notification"
        case expo = "expo-notifications"
    }

    /// Where a `sound` key sits: the object's enclosing keys (innermost first), and the call it is an argument of.
    struct Place {
        var object: Int
        var keys: [String] = []
        var callee: [String]?
        var callOpen: Int?
    }

    static func scan(_ c: inout ScanContext) {
        let t = c.tree
        let imported = imports(c)
        let config = FileName.last(c.path).hasPrefix("capacitor.config.")
        for k in 0..<t.count {
            guard let key = propertyKey(k, t), key == "sound" || key == "soundName", c.candidate(at: k) else {
                continue
            }
            let object = t.parent[k]
            let value = t.punct(k + 1, ":") ? (k + 2)..<t.expressionEnd(from: k + 2) : k..<(k + 1)
            let place = self.place(of: object, t)
            if config && key == "sound" && place.keys.prefix(2) == ["LocalNotifications", "plugins"] {
                guard let v = c.soundName(value) else { continue }
                let api = "capacitor.config LocalNotifications.sound"
                c.emit(
                    v, ScanContext.Shape(platform: .android, role: .config, api: api, form: .rawNameExtensionStripped))
                continue
            }
            guard
                let callee = place.callee ?? (imported.contains(.notifee) ? ["notifee", "displayNotification"] : nil),
                let library = library(of: callee, imported: imported), let v = c.soundName(value)
            else { continue }
            reference(v, key: key, place: place, library: library, &c)
        }
    }

    /// The key of the object member at `k` (`sound: …`, `'sound': …`, or the shorthand `{ sound }`).
    static func propertyKey(_ k: Int, _ t: TokenTree) -> String? {
        guard let tok = t.token(k), t.parent[k] >= 0, t.punct(t.parent[k], "{") else { return nil }
        guard t.punct(k - 1, "{") || t.punct(k - 1, ",") else { return nil }
        if t.punct(k + 1, ":") {
            return tok.kind == .identifier ? tok.text : tok.kind == .string ? tok.literal?.joined : nil
        }
        let shorthand = tok.kind == .identifier && (t.punct(k + 1, ",") || t.punct(k + 1, "}"))
        return shorthand ? tok.text : nil
    }

    /// The keys around the object opened at `object` and the call it is passed to.
    static func place(of object: Int, _ t: TokenTree) -> Place {
        var place = Place(object: object)
        var o = object
        for _ in 0..<8 {
            let p = o >= 0 && o < t.count ? t.parent[o] : -1
            guard p >= 0 else { break }
            if t.punct(p, "{") {
                guard t.punct(o - 1, ":"), let key = t.token(o - 2) else { break }
                place.keys.append(key.kind == .string ? key.literal?.joined ?? "" : key.text)
                o = p
            } else if t.punct(p, "[") {
                o = p
            } else {
                if t.punct(p, "(") {
                    place.callee = t.callee(p)
                    place.callOpen = p
                }
                break
            }
        }
        return place
    }

    /// The notification libraries the file imports (or, for Cordova, reaches through `cordova.plugins`).
    static func imports(_ c: ScanContext) -> Set<Library> {
        var out: Set<Library> = []
        for (k, tok) in c.tree.tokens.enumerated() {
            if tok.kind == .string, NotificationUse.isImported(k, c.tree), let s = tok.literal?.joined {
                for l in Library.allCases where s.hasPrefix(l.rawValue) { out.insert(l) }
                if s == "@capacitor/push-notifications" { out.insert(.capacitor) }
            } else if tok.isIdentifier("cordova"), c.tree.punct(k + 1, ".") {
                out.insert(.cordova)
            }
        }
        return out
    }

    /// Whose call `callee` is: by its receiver, else by the one library the file imports.
    static func library(of callee: [String], imported: Set<Library>) -> Library? {
        if callee.first == "notifee" { return .notifee }
        if callee.contains("PushNotification") { return .pushNotification }
        if callee.contains("LocalNotifications") || callee.contains("PushNotifications") { return .capacitor }
        if callee.contains("cordova") || (callee.contains("notification") && callee.contains("local")) {
            return .cordova
        }
        if callee.contains("Notifications") && imported.contains(.expo) { return .expo }
        return imported.count == 1 ? imported.first : nil
    }
}
