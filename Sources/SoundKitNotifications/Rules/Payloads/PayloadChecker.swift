import SoundKitIO

/// Checks an APNs payload (also the FCM v1 shape, `message.apns.payload`): `aps.sound`, the size, and rich-notification
/// attachments (Braze's `ab.att`, FCM's images) with `aps.mutable-content`.
public enum PayloadChecker {
    /// The largest APNs payload, in bytes.
    public static let maxBytes = 4096

    /// Where `aps` was found and what the checks found.
    public struct Result: Sendable {
        /// What the checks found.
        public var findings: [Finding]
        /// The sound file name the payload asks for, when it names one.
        public var soundName: String?
        /// Where it resolved, when locations were given.
        public var resolution: Resolution?
        /// The compact size of the APNs payload in bytes.
        public var payloadBytes: Int?
    }

    /// Checks `bytes`. With `locations.bundle`, attachments and `aps.category` are also checked against the app's
    /// notification extensions.
    public static func check(_ bytes: [UInt8], locations: SoundLocations = SoundLocations()) -> Result {
        var findings: [Finding] = []
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return Result(
                findings: [Rule.payloadJSON.finding(error.description)], soundName: nil, resolution: nil,
                payloadBytes: nil)
        }
        // The APNs payload itself, or the one inside an FCM v1 message.
        var payload = root
        var apsLocation = "aps"
        if root["aps"] == nil, let inner = root["message"]?["apns"]?["payload"] {
            payload = inner
            apsLocation = "message.apns.payload.aps"
        }
        let size = payload.compact.utf8.count
        if size > maxBytes {
            findings.append(
                Rule.payloadSize.finding(
                    "the APNs payload is \(size) bytes; APNs refuses payloads over \(maxBytes) bytes"))
        }
        var aps: JSONValue?
        if case .object = payload, let a = payload["aps"] {
            if case .object = a {
                aps = a
            } else {
                findings.append(Rule.payloadShape.finding("\(apsLocation) is \(a.typeName); it must be a dictionary"))
            }
        } else {
            findings.append(
                Rule.payloadShape.finding("no \"aps\" dictionary (looked for aps and message.apns.payload.aps)"))
        }
        var sound: (name: String?, resolution: Resolution?) = (nil, nil)
        if let aps {
            sound = checkSound(aps, at: apsLocation, locations: locations, into: &findings)
        }
        findings += AttachmentPayload.check(
            root: root, payload: payload, aps: aps, apsPath: apsLocation, bundle: locations.bundle)
        return Result(findings: findings, soundName: sound.name, resolution: sound.resolution, payloadBytes: size)
    }

    /// `aps.sound`: its shape, and with locations where the name resolves and the file found.
    static func checkSound(
        _ aps: JSONValue, at apsLocation: String, locations: SoundLocations, into findings: inout [Finding]
    ) -> (String?, Resolution?) {
        guard let sound = aps["sound"] else {
            findings.append(
                Rule.payloadShape.finding("\(apsLocation) has no \"sound\": the notification is silent", .note))
            return (nil, nil)
        }
        guard let name = soundName(sound, at: "\(apsLocation).sound", into: &findings) else { return (nil, nil) }
        return (name, name == "default" ? nil : resolve(name, in: locations, into: &findings))
    }

    /// The `payload-shape` rule on `aps.sound` (at `path`): a name, or a critical-alert dictionary with a name, a
    /// critical flag of 0 or 1 and a volume from 0 to 1. Returns the name it gives, when it gives one.
    static func soundName(_ sound: JSONValue, at path: String, into findings: inout [Finding]) -> String? {
        var name: String?
        switch sound {
        case .string(let s):
            if s.isEmpty {
                findings.append(
                    Rule.payloadShape.finding(
                        "\(path) is an empty string; use \"default\" or a file name such as \"chime.caf\""))
            } else {
                name = s
            }
        case .object:
            if let c = sound["critical"] {
                if c != .number("0") && c != .number("1") {
                    findings.append(
                        Rule.payloadShape.finding("\(path).critical is \(c.typeName); it must be the integer 0 or 1"))
                }
            }
            switch sound["name"] {
            case .string(let s)?:
                if s.isEmpty {
                    findings.append(Rule.payloadShape.finding("\(path).name is empty; use \"default\" or a file name"))
                } else {
                    name = s
                }
            case let other?:
                findings.append(
                    Rule.payloadShape.finding(
                        "\(path).name is \(other.typeName); it must be a string (\"default\" or a file name)"))
            case nil:
                findings.append(
                    Rule.payloadShape.finding(
                        "\(path) has no \"name\"; a critical-alert sound dictionary needs one (\"default\" or a file name)"
                    ))
            }
            if let v = sound["volume"] {
                if case .number(let n) = v, let x = Double(n) {
                    if !(0...1).contains(x) {
                        findings.append(
                            Rule.payloadShape.finding("\(path).volume is \(n); it must be between 0.0 and 1.0"))
                    }
                } else {
                    findings.append(
                        Rule.payloadShape.finding(
                            "\(path).volume is \(v.typeName); it must be a number between 0.0 and 1.0"))
                }
            }
            if case .object(let members) = sound {
                for (key, _) in members where !["critical", "name", "volume"].contains(key) {
                    findings.append(
                        Rule.payloadShape.finding(
                            "\(path) has an unknown key \"\(key)\" (known: critical, name, volume)", .warning))
                }
            }
        default:
            findings.append(
                Rule.payloadShape.finding(
                    "\(path) is \(sound.typeName); it must be \"default\", a file name, or a dictionary {\"critical\": 1, \"name\": …, \"volume\": …}"
                ))
        }
        return name
    }

    /// Where the name resolves (`name-not-found`, `shadowed`, `subfolder`), and the sound it finds checked as a file.
    static func resolve(_ n: String, in locations: SoundLocations, into findings: inout [Finding]) -> Resolution? {
        var resolution: Resolution?
        if locations.isEmpty {
            findings.append(
                Rule.nameNotFound.finding(
                    "'\(n)' was not looked up: no app container, app group or bundle was given to check that the app ships it",
                    .note))
        } else {
            let r = SoundResolver.resolve(n, in: locations)
            resolution = r
            findings += r.findings(for: n)
            if let w = r.winner {
                // Findings about the sound file itself, which a front end names (and converts) by its path.
                findings += SoundChecker.check(file: w).findings.map { f in
                    var f = f
                    f.subject = w
                    return f
                }
            }
        }
        return resolution
    }
}

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
