/// Swift's and Objective-C's notification sound calls (SOURCE-TREES.md §2.1): `UNNotificationSound(named:)`,
/// `UNNotificationSoundName(…)`, `criticalSoundNamed`, `ringtoneSoundNamed`, `[UNNotificationSound soundNamed:]`,
/// `soundName =` (UILocalNotification, CloudKit's NotificationInfo), and a `static let` constant used at a call.
enum AppleCalls {
    static func scan(_ c: inout ScanContext) {
        let t = c.tree
        for k in 0..<t.count {
            guard let name = t.identifier(k) else { continue }
            switch name {
            case "UNNotificationSound" where t.punct(k + 1, "("):
                // `UNNotificationSound(named: …)`.
                if let arg = t.member(k + 1, "named"), let v = c.soundName(arg.value, keepDefault: true) {
                    c.emit(v, shape("UNNotificationSound(named:)", .notification))
                }
            case "init" where t.punct(k - 1, ".") && t.punct(k + 1, "("):
                // `UNNotificationSound.init(named:)`, and `content.sound = .init(named: …)`.
                guard t.ident(k - 2, "UNNotificationSound") || (t.punct(k - 2, "=") && t.ident(k - 3, "sound")),
                    let arg = t.member(k + 1, "named"), let v = c.soundName(arg.value, keepDefault: true)
                else { continue }
                c.emit(v, shape("UNNotificationSound(named:)", .notification))
            case "soundNamed", "criticalSoundNamed", "ringtoneSoundNamed":
                call(k, name, &c)
            case "soundName", "setSoundName":
                assignment(k, &c)
            default:
                continue
            }
        }
        // A `UNNotificationSoundName("…")` no call above took: a name declared for later use.
        for k in 0..<t.count where t.ident(k, "UNNotificationSoundName") && t.punct(k + 1, "(") {
            guard let arg = t.members(k + 1).first, arg.value.count == 1,
                let v = c.soundName(arg.value, keepDefault: true), !c.isTaken(v.at)
            else { continue }
            c.emit(v, shape("UNNotificationSoundName", .notification))
        }
    }

    static func shape(_ api: String, _ role: SoundReference.Role) -> ScanContext.Shape {
        ScanContext.Shape(platform: .apple, role: role, api: api, form: .fileName)
    }

    /// `UNNotificationSound.criticalSoundNamed(x)` in Swift, `[UNNotificationSound criticalSoundNamed:x …]` in
    /// Objective-C (the receiver must be `UNNotificationSound`: `[NSSound soundNamed:]` plays in the app).
    static func call(_ k: Int, _ name: String, _ c: inout ScanContext) {
        let t = c.tree
        let role: SoundReference.Role = name == "criticalSoundNamed" ? .critical : .notification
        var value: Range<Int>?
        if t.punct(k + 1, "("), t.punct(k - 1, "."), name != "soundNamed" {
            // Swift: `UNNotificationSound.criticalSoundNamed(…)` or `.criticalSoundNamed(…)`.
            guard t.ident(k - 2, "UNNotificationSound") || t.token(k - 2)?.kind != .identifier else { return }
            value = t.members(k + 1).first?.value
        } else if t.punct(k + 1, ":"), t.ident(k - 1, "UNNotificationSound") {
            value = selectorArgument(after: k + 1, in: t)
        }
        guard let value, let v = c.soundName(value, keepDefault: true) else { return }
        let api = c.language == .swift ? "UNNotificationSound.\(name)" : "[UNNotificationSound \(name):]"
        c.emit(v, shape(api, role))
    }

    /// The tokens of an Objective-C message's argument after the `:` at `colon`: up to the next `label:` or the
    /// message's closing bracket.
    static func selectorArgument(after colon: Int, in t: TokenTree) -> Range<Int> {
        let level = t.parent[min(colon, t.count - 1)]
        var k = colon + 1
        var n = 0
        while k < t.count && n < 256 {
            if t.parent[k] != level || (t.identifier(k) != nil && t.punct(k + 1, ":")) || t.punct(k, ";") { break }
            k = t.skip(k)
            n += 1
        }
        return (colon + 1)..<min(k, t.count)
    }

    /// `notification.soundName = "x.caf"` (UILocalNotification, `CKSubscription.NotificationInfo`), and
    /// `[notification setSoundName:@"x.caf"]`.
    static func assignment(_ k: Int, _ c: inout ScanContext) {
        let t = c.tree
        var value: Range<Int>?
        if t.punct(k - 1, "."), t.punct(k + 1, "=") {
            value = (k + 2)..<t.expressionEnd(from: k + 2)
        } else if t.ident(k, "setSoundName"), t.punct(k + 1, ":") {
            value = selectorArgument(after: k + 1, in: t)
        }
        guard c.usesNotifications, let value, let v = c.soundName(value) else { return }
        c.emit(v, shape("soundName", .notification))
    }
}
