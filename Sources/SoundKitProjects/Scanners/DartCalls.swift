/// flutter_local_notifications' sound arguments (SOURCE-TREES.md §2.3): `DarwinNotificationDetails(sound: 'x.aiff')`
/// (and the older `IOSNotificationDetails`, `MacOSNotificationDetails`), `RawResourceAndroidNotificationSound('x')`
/// inside `AndroidNotificationChannel('id', …, sound: …)` (a channel's sound) or `AndroidNotificationDetails('id', …,
/// sound: …)` (one notification's, on that channel).
enum DartCalls {
    static let darwinDetails: Set<String> = [
        "DarwinNotificationDetails", "IOSNotificationDetails", "MacOSNotificationDetails",
    ]

    static func scan(_ c: inout ScanContext) {
        let t = c.tree
        for k in 0..<t.count where t.punct(k + 1, "(") {
            guard let name = t.identifier(k) else { continue }
            if darwinDetails.contains(name), let arg = t.member(k + 1, "sound"), let v = c.soundName(arg.value) {
                // A critical alert: `criticalSoundVolume:` (the example app's), or `interruptionLevel: …critical`.
                let level = t.member(k + 1, "interruptionLevel")
                let critical =
                    t.member(k + 1, "criticalSoundVolume") != nil
                    || (level.map { m in m.value.prefix(16).contains { t.ident($0, "critical") } } ?? false)
                let shape = ScanContext.Shape(
                    platform: .apple, role: critical ? .critical : .notification, api: "\(name)(sound:)",
                    form: .fileName)
                c.emit(v, shape)
            } else if name == "RawResourceAndroidNotificationSound", c.candidate(at: k),
                let arg = t.members(k + 1).first,
                let v = c.soundName(arg.value)
            {
                let (role, id) = androidContext(k, c)
                let api =
                    role == .channel ? "AndroidNotificationChannel(sound:)" : "RawResourceAndroidNotificationSound"
                let shape = ScanContext.Shape(platform: .android, role: role, api: api, form: .rawName)
                c.emit(v, shape, channelID: id)
            }
        }
    }

    /// Whether the sound at `k` is an `AndroidNotificationChannel`'s or an `AndroidNotificationDetails`'s, and the
    /// channel id (their first argument) when it is a literal.
    static func androidContext(_ k: Int, _ c: ScanContext) -> (SoundReference.Role, String?) {
        let t = c.tree
        for open in t.enclosing(k).prefix(8) where t.punct(open, "(") {
            guard let callee = t.callee(open)?.last,
                callee == "AndroidNotificationChannel" || callee == "AndroidNotificationDetails"
            else { continue }
            var id: String?
            if let first = t.members(open).first, first.label == nil,
                let v = ScanContext.name(of: c.segments(first.value)), case .literal(let s) = v.name
            {
                id = s
            }
            return (callee == "AndroidNotificationChannel" ? .channel : .notification, id)
        }
        return (.notification, nil)
    }
}
