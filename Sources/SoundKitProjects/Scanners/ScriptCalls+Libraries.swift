/// What each JavaScript library does with a `sound` key, by the method it is passed to and where in its argument the
/// key sits.
extension ScriptCalls {
    static func reference(
        _ v: Evaluated, key: String, place: Place, library: Library, _ c: inout ScanContext
    ) {
        let method = place.callee?.last ?? "displayNotification"
        let keys = place.keys
        let t = c.tree
        func sibling(_ names: String...) -> String? {
            for n in names {
                if let m = t.member(place.object, n), let v = ScanContext.name(of: c.segments(m.value)),
                    case .literal(let s) = v.name
                {
                    return s
                }
            }
            return nil
        }
        typealias Shape = ScanContext.Shape
        switch (library, method, key) {
        case (.notifee, "createChannel", "sound") where keys.isEmpty:
            let shape = Shape(platform: .android, role: .channel, api: "notifee.createChannel sound", form: .rawName)
            c.emit(v, shape, channelID: sibling("id"))
        case (.notifee, "displayNotification", "sound"), (.notifee, "createTriggerNotification", "sound"):
            if keys.first == "ios" {
                let critical = t.member(place.object, "critical").map { m in
                    m.value.prefix(4).contains { t.ident($0, "true") }
                }
                let role: SoundReference.Role = critical == true ? .critical : .notification
                c.emit(v, Shape(platform: .apple, role: role, api: "notifee ios.sound", form: .fileName))
            } else if keys.first == "android" {
                let shape = Shape(platform: .android, role: .notification, api: "notifee android.sound", form: .rawName)
                c.emit(v, shape, channelID: sibling("channelId"))
            }
        case (.pushNotification, "localNotification", "soundName"),
            (.pushNotification, "localNotificationSchedule", "soundName"):
            guard keys.isEmpty else { return }
            let api = "PushNotification.\(method) soundName"
            c.emit(
                v, Shape(platform: .both, role: .notification, api: api, form: .rawNameExtensionStripped),
                channelID: sibling("channelId"))
        case (.pushNotification, "createChannel", "soundName") where keys.isEmpty:
            let api = "PushNotification.createChannel soundName"
            c.emit(
                v, Shape(platform: .android, role: .channel, api: api, form: .rawNameExtensionStripped),
                channelID: sibling("channelId"))
        case (.capacitor, "schedule", "sound") where keys == ["notifications"]:
            let api = "LocalNotifications.schedule sound"
            c.emit(
                v, Shape(platform: .both, role: .notification, api: api, form: .rawNameExtensionStripped),
                channelID: sibling("channelId"))
        case (.capacitor, "createChannel", "sound") where keys.isEmpty:
            let api = "\(place.callee?.first ?? "LocalNotifications").createChannel sound"
            c.emit(
                v, Shape(platform: .android, role: .channel, api: api, form: .rawNameExtensionStripped),
                channelID: sibling("id"))
        case (.cordova, "schedule", "sound"), (.cordova, "update", "sound"), (.cordova, "createChannel", "sound"):
            guard keys.isEmpty else { return }
            cordova(v, channel: method == "createChannel", id: sibling("androidChannelId", "channelId", "id"), &c)
        case (.expo, "scheduleNotificationAsync", "sound") where keys == ["content"],
            (.expo, "presentNotificationAsync", "sound") where keys.isEmpty:
            let api = "Notifications.\(method) sound"
            c.emit(v, Shape(platform: .both, role: .notification, api: api, form: .rawNameExtensionStripped))
        case (.expo, "setNotificationChannelAsync", "sound") where keys.isEmpty:
            var id: String?
            if let open = place.callOpen, let first = t.members(open).first,
                let n = ScanContext.name(of: c.segments(first.value)), case .literal(let s) = n.name
            {
                id = s
            }
            let api = "Notifications.setNotificationChannelAsync sound"
            c.emit(
                v, Shape(platform: .android, role: .channel, api: api, form: .rawNameExtensionStripped),
                channelID: id)
        default:
            return
        }
    }

    /// cordova-plugin-local-notification's `sound`: `res://x` is the bundle's top level on iOS and `res/raw` on
    /// Android (extension optional); `file://x` and `www/x` are below the `www` folder on iOS.
    static func cordova(_ v: Evaluated, channel: Bool, id: String?, _ c: inout ScanContext) {
        let written: String
        switch v.name {
        case .literal(let s): written = s
        case .dynamic(let prefix, _): written = prefix
        }
        var name = v.name
        func dropping(_ scheme: String, adding: String = "") -> SoundReference.Name {
            switch v.name {
            case .literal(let s): return .literal(adding + String(s.dropFirst(scheme.count)))
            case .dynamic(let p, let s): return .dynamic(prefix: adding + String(p.dropFirst(scheme.count)), suffix: s)
            }
        }
        let api =
            channel
            ? "cordova.plugins.notification.local.createChannel sound"
            : "cordova.plugins.notification.local.schedule sound"
        if written.hasPrefix("file://") || written.hasPrefix("www/") {
            name = written.hasPrefix("file://") ? dropping("file://", adding: "www/") : v.name
            let shape = ScanContext.Shape(platform: .apple, role: .notification, api: api, form: .subpath)
            return c.emit(Evaluated(name: name, at: v.at), shape)
        }
        if written.hasPrefix("shared://") || written.hasPrefix("content://") { return }
        if written.hasPrefix("res://") { name = dropping("res://") }
        let shape = ScanContext.Shape(
            platform: channel ? .android : .both, role: channel ? .channel : .notification, api: api,
            form: .rawNameExtensionStripped)
        c.emit(Evaluated(name: name, at: v.at), shape, channelID: id)
    }
}
