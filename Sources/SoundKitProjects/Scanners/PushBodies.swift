import SoundKitNotifications

/// Sound names in JSON files of the tree, read with the payload checker's JSON reader (``JSONParser``, which records
/// where each member starts): push bodies (`.apns` simulator files, payload fixtures) with their `aps.sound` (a name,
/// or a critical alert's `name`), a Live Activity's `aps.alert.sound`, FCM's `android.notification.sound` and legacy
/// FCM's `notification.sound`; and `capacitor.config.json`'s `plugins.LocalNotifications.sound`.
enum PushBodies {
    /// How deep the walk goes: as deep as the reader records positions.
    static let maxDepth = JSONPositions.depth

    static func scan(_ bytes: [UInt8], path: String) -> SourceScan {
        let config = FileName.last(path) == "capacitor.config.json"
        // Most JSON files in a tree (package.json, lock files, translations) name no sound: not parsed.
        guard config || contains(bytes, Array("\"sound\"".utf8)) || contains(bytes, Array("\"aps\"".utf8)) else {
            return SourceScan()
        }
        let parsed: (value: JSONValue, positions: JSONPositions)
        do {
            parsed = try JSONParser.parseLocated(bytes)
        } catch {
            let site = SourceSite(path: path, line: error.line, column: error.column)
            return SourceScan(notes: [ProjectNote(site: site, message: "not scanned for sound names: \(error.message)")]
            )
        }
        var walk = Walk(path: path, positions: parsed.positions)
        if config {
            if case .string(let s)? = parsed.value["plugins"]?["LocalNotifications"]?["sound"], !s.isEmpty {
                walk.add(
                    s, at: ["plugins", "LocalNotifications", "sound"],
                    ScanContext.Shape(
                        platform: .android, role: .config, api: "capacitor.config LocalNotifications.sound",
                        form: .rawNameExtensionStripped))
            }
            return SourceScan(
                references: walk.references, usesNotifications: parsed.value["plugins"]?["LocalNotifications"] != nil)
        }
        walk.visit(parsed.value, at: [])
        return SourceScan(references: walk.references, usesNotifications: walk.isPushBody)
    }

    /// Whether `needle` occurs in `bytes`.
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= bytes.count else { return false }
        var k = 0
        while k + needle.count <= bytes.count {
            if bytes[k] == first && bytes[k..<(k + needle.count)].elementsEqual(needle) { return true }
            k += 1
        }
        return false
    }

    /// The walk over a body's objects, collecting the sound fields it finds.
    struct Walk {
        let path: String
        let positions: JSONPositions
        var references: [SoundReference] = []
        /// Whether an `aps` dictionary or a message's Android notification was found.
        var isPushBody = false

        mutating func add(_ name: String, at keyPath: [String], _ shape: ScanContext.Shape) {
            guard !name.isEmpty, name != "default" else { return }
            let p = positions.value(at: keyPath)
            references.append(
                SoundReference(
                    site: SourceSite(path: path, line: p.line, column: p.column), platform: shape.platform,
                    role: shape.role, api: shape.api, name: .literal(name), form: shape.form))
        }

        mutating func visit(_ value: JSONValue, at keyPath: [String]) {
            guard keyPath.count < PushBodies.maxDepth else { return }
            switch value {
            case .object(let members):
                fields(value, at: keyPath)
                for (key, member) in members { visit(member, at: keyPath + [key]) }
            case .array(let items):
                for (n, item) in items.prefix(1000).enumerated() { visit(item, at: keyPath + ["[\(n)]"]) }
            default:
                return
            }
        }

        /// The sound fields of the object at `keyPath`.
        mutating func fields(_ object: JSONValue, at keyPath: [String]) {
            if case .object = object["aps"] {
                isPushBody = true
                apsSound(object["aps"]?["sound"], at: keyPath + ["aps", "sound"])
                if case .object? = object["aps"]?["alert"] {
                    apsSound(object["aps"]?["alert"]?["sound"], at: keyPath + ["aps", "alert", "sound"])
                }
            }
            if keyPath.last == "android", case .string(let s)? = object["notification"]?["sound"] {
                isPushBody = true
                let api = PayloadPath.dotted(keyPath + ["notification", "sound"])
                add(s, at: keyPath + ["notification", "sound"], shape(.android, api, .rawName))
            }
            // Legacy FCM (`to`/`registration_ids` beside `notification`): iOS gets it as aps.sound, Android as a
            // raw resource name.
            let legacy = object["to"] != nil || object["registration_ids"] != nil || object["condition"] != nil
            if legacy, case .string(let s)? = object["notification"]?["sound"] {
                isPushBody = true
                let api = PayloadPath.dotted(keyPath + ["notification", "sound"])
                add(s, at: keyPath + ["notification", "sound"], shape(.both, api, .rawName))
            }
        }

        /// `aps.sound` at `keyPath`: a name, or a critical alert's dictionary with its `name`.
        mutating func apsSound(_ sound: JSONValue?, at keyPath: [String]) {
            let api = PayloadPath.dotted(keyPath)
            switch sound {
            case .string(let s)?:
                add(s, at: keyPath, shape(.apple, api, .fileName))
            case .object?:
                guard case .string(let s)? = sound?["name"] else { return }
                add(s, at: keyPath + ["name"], shape(.apple, api + ".name", .fileName))
            default:
                return
            }
        }

        func shape(
            _ platform: SoundReference.Platform, _ api: String, _ form: SoundReference.Form
        ) -> ScanContext.Shape {
            ScanContext.Shape(platform: platform, role: .payload, api: api, form: form)
        }
    }
}

/// Key paths as messages write them.
enum PayloadPath {
    /// `message.apns.payload.aps.sound`; an array item's component (`[0]`) follows its array without a dot.
    static func dotted(_ path: [String]) -> String {
        path.reduce("") { $0.isEmpty || $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
    }
}
