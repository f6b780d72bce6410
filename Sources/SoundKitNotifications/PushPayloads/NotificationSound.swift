/// `UNNotificationSound`'s constructors, producing the `aps.sound` value a push service sends.
public enum NotificationSound: Sendable, Hashable {
    case `default`
    case defaultCritical
    case defaultCriticalSound(withAudioVolume: Float)
    case soundNamed(String)
    case criticalSoundNamed(String, withAudioVolume: Float)
    case defaultRingtone
    case ringtoneSoundNamed(String)

    /// The `aps.sound` value. Ringtones are local-notification sounds; their payload form is the plain name.
    package var apsSound: JSONValue {
        switch self {
        case .default, .defaultRingtone: return .string("default")
        case .soundNamed(let n), .ringtoneSoundNamed(let n): return .string(n)
        case .defaultCritical: return Self.critical("default", volume: nil)
        case .defaultCriticalSound(let v): return Self.critical("default", volume: v)
        case .criticalSoundNamed(let n, let v): return Self.critical(n, volume: v)
        }
    }

    /// `aps.sound` as JSON text, ready to splice into a payload.
    public var apsSoundJSON: String { apsSound.compact }

    static func critical(_ name: String, volume: Float?) -> JSONValue {
        var members: [(String, JSONValue)] = [("critical", .number("1")), ("name", .string(name))]
        if let v = volume {
            let clamped = Swift.min(Swift.max(v, 0), 1)
            members.append(("volume", .number(clamped == clamped.rounded() ? "\(Int(clamped)).0" : "\(clamped)")))
        }
        return .object(members)
    }
}
