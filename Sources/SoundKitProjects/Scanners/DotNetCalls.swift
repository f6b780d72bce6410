/// C#'s notification sounds (SOURCE-TREES.md §2.7, §2.8): Plugin.LocalNotification's `Sound = "…"` in a
/// `NotificationRequest` (both platforms) or `NotificationChannelRequest` (an Android channel, with its `Id`), the
/// wiki's `DeviceInfo.Platform == DevicePlatform.Android ? "a" : "a.aiff"` (one name a platform), Xamarin's
/// `Resource.Raw.x.ToString()` (a resource id), Unity's `SoundName = "x.caf"` (iOS), the native bindings'
/// `UNNotificationSound.GetSound("x.caf")`; `SetSound(` is Android's (``AndroidCalls``).
enum DotNetCalls {
    static func scan(_ c: inout ScanContext) {
        let t = c.tree
        for k in 0..<t.count {
            guard let name = t.identifier(k) else { continue }
            if (name == "Sound" || name == "SoundName") && t.punct(k + 1, "=") && c.candidate(at: k) {
                property(k, name, &c)
            } else if (name == "GetSound" || name == "GetCriticalSound") && t.punct(k + 1, "("),
                t.ident(k - 2, "UNNotificationSound"), let arg = t.members(k + 1).first, let v = c.soundName(arg.value)
            {
                let role: SoundReference.Role = name == "GetCriticalSound" ? .critical : .notification
                let api = "UNNotificationSound.\(name)"
                c.emit(v, ScanContext.Shape(platform: .apple, role: role, api: api, form: .fileName))
            }
        }
    }

    /// The type of the object initializer `{ … }` around `k` (`new NotificationRequest { … }`,
    /// `new NotificationRequest() { … }`), and the brace.
    static func initializer(around k: Int, _ t: TokenTree) -> (type: String, brace: Int)? {
        let brace = t.parent[k]
        guard brace >= 0, t.punct(brace, "{") else { return nil }
        if let type = t.identifier(brace - 1) { return (type, brace) }
        if t.punct(brace - 1, ")"), t.partner[brace - 1] >= 0, let type = t.callee(t.partner[brace - 1])?.last {
            return (type, brace)
        }
        return nil
    }

    /// `Sound = …` or `SoundName = …`, in an initializer or as `x.Sound = …`.
    static func property(_ k: Int, _ name: String, _ c: inout ScanContext) {
        let t = c.tree
        let value = (k + 2)..<t.expressionEnd(from: k + 2)
        let owner = initializer(around: k, t)
        // `x.Sound = …` outside an initializer counts in a file that uses notification APIs.
        let member = t.punct(k - 1, ".") && c.usesNotifications
        guard owner != nil || member else { return }
        if name == "SoundName" {
            // Unity's iOSNotification (Android has no sound API in com.unity.mobile.notifications).
            guard owner == nil || owner?.type == "iOSNotification", let v = c.soundName(value) else { return }
            let soundType = owner.flatMap { t.member($0.brace, "SoundType", equalsLabels: true) }
            let critical = soundType?.value.prefix(16).contains { t.ident($0, "Critical") } ?? false
            let shape = ScanContext.Shape(
                platform: .apple, role: critical ? .critical : .notification, api: "iOSNotification.SoundName",
                form: .fileName)
            return c.emit(v, shape)
        }
        let channel = owner?.type == "NotificationChannelRequest"
        // `content.Sound = UNNotificationSound.GetSound(…)` is the native binding's, read by `scan`.
        let native = value.prefix(64).contains { t.ident($0, "UNNotificationSound") }
        guard channel || owner?.type == "NotificationRequest" || (owner == nil && member && !native) else { return }
        var id: String?
        if channel, let brace = owner?.brace, let m = t.member(brace, "Id", equalsLabels: true),
            let v = ScanContext.name(of: c.segments(m.value)), case .literal(let s) = v.name
        {
            id = s
        }
        let api = channel ? "NotificationChannelRequest.Sound" : "NotificationRequest.Sound"
        let role: SoundReference.Role = channel ? .channel : .notification
        if platformChoice(value, api: api, role: role, &c) { return }
        let segments = c.segments(value)
        if case .rawResource(let raw, let at)? = segments.first, segments.count == 1 {
            let shape = ScanContext.Shape(platform: .android, role: role, api: api, form: .resourceID)
            return c.emit(Evaluated(name: .literal(raw), at: at), shape, channelID: id)
        }
        guard let v = c.soundName(value) else { return }
        let shape = ScanContext.Shape(platform: channel ? .android : .both, role: role, api: api, form: .rawName)
        c.emit(v, shape, channelID: id)
    }

    /// `DeviceInfo.Platform == DevicePlatform.Android ? "a" : "a.aiff"` (or `!=`, or `iOS`): one reference for
    /// each platform. Whether the value had that shape.
    static func platformChoice(
        _ value: Range<Int>, api: String, role: SoundReference.Role, _ c: inout ScanContext
    ) -> Bool {
        let t = c.tree
        // The wiki's shape is a short expression: a long one (or one nesting others) is not read as a choice.
        guard value.count <= 64,
            let q = value.first(where: { t.punct($0, "?") && t.parent[$0] == t.parent[value.lowerBound] }),
            let colon = (q..<value.upperBound).first(where: { t.punct($0, ":") && t.parent[$0] == t.parent[q] })
        else { return false }
        let condition = value.lowerBound..<q
        let android = condition.contains { t.ident($0, "Android") }
        let apple = condition.contains { t.ident($0, "iOS") || t.ident($0, "MacCatalyst") }
        let negated = condition.contains { t.punct($0, "!=") }
        guard condition.contains(where: { t.ident($0, "DevicePlatform") }), android != apple else { return false }
        let firstIsAndroid = android != negated
        let branches = [((q + 1)..<colon, firstIsAndroid), ((colon + 1)..<value.upperBound, !firstIsAndroid)]
        for (range, isAndroid) in branches {
            guard let v = c.soundName(range) else { continue }
            let shape = ScanContext.Shape(
                platform: isAndroid ? .android : .apple, role: role, api: api, form: isAndroid ? .rawName : .fileName)
            c.emit(v, shape)
        }
        return true
    }
}
