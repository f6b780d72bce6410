import SoundKitIO

/// The sound fields of a payload's platform parts: an iOS sound's shape and name, where the name resolves, and the
/// file it finds checked (through the run's ``ResultCache``).
extension PayloadChecker {
    /// Where to look for the sound a payload names, and how to check it.
    struct SoundLookup {
        var locations: SoundLocations
        var measureLoudness: Bool
        var cache: ResultCache
    }

    /// The `payload-shape` rule on `aps.sound` (at `path`): a name, or a critical-alert dictionary with a name, a
    /// critical flag of 0 or 1 and a volume from 0 to 1. Returns the name it gives, when it gives one.
    static func soundName(_ sound: JSONValue, at path: [String], into notes: inout PayloadNotes) -> String? {
        let p = dotted(path)
        var name: String?
        switch sound {
        case .string(let s):
            if s.isEmpty {
                notes.add(
                    .payloadShape, "\(p) is an empty string; use \"default\" or a file name such as \"chime.caf\"",
                    at: path)
            } else {
                name = s
            }
        case .object(let members):
            if let c = sound["critical"], c != .number("0") && c != .number("1") {
                notes.add(
                    .payloadShape, "\(p).critical is \(c.typeName); it must be the integer 0 or 1",
                    at: path + ["critical"])
            }
            name = criticalName(sound["name"], at: path, into: &notes)
            if let v = sound["volume"] {
                if case .number(let n) = v, let x = Double(n) {
                    if !(0...1).contains(x) {
                        notes.add(
                            .payloadShape, "\(p).volume is \(n); it must be between 0.0 and 1.0", at: path + ["volume"])
                    }
                } else {
                    notes.add(
                        .payloadShape, "\(p).volume is \(v.typeName); it must be a number between 0.0 and 1.0",
                        at: path + ["volume"])
                }
            }
            for (key, _) in members where !["critical", "name", "volume"].contains(key) {
                notes.add(
                    .payloadShape, "\(p) has an unknown key \"\(key)\" (known: critical, name, volume)", .warning,
                    at: path + [key], atKey: true)
            }
        default:
            notes.add(
                .payloadShape,
                "\(p) is \(sound.typeName); it must be \"default\", a file name, or a dictionary {\"critical\": 1, \"name\": …, \"volume\": …}",
                at: path)
        }
        return name
    }

    /// The `name` of a critical-alert sound dictionary at `path`, when it is a name.
    static func criticalName(_ value: JSONValue?, at path: [String], into notes: inout PayloadNotes) -> String? {
        let p = dotted(path)
        switch value {
        case .string(let s)?:
            if !s.isEmpty { return s }
            notes.add(.payloadShape, "\(p).name is empty; use \"default\" or a file name", at: path + ["name"])
        case let other?:
            notes.add(
                .payloadShape, "\(p).name is \(other.typeName); it must be a string (\"default\" or a file name)",
                at: path + ["name"])
        case nil:
            notes.add(
                .payloadShape,
                "\(p) has no \"name\"; a critical-alert sound dictionary needs one (\"default\" or a file name)",
                at: path + ["name"])
        }
        return nil
    }

    /// Where the name (written at `namePath`) resolves (`name-not-found`, `shadowed`, `subfolder`), and the sound it
    /// finds checked as a file, each sound once per cache.
    static func resolve(
        _ n: String, in lookup: SoundLookup, at namePath: [String], into notes: inout PayloadNotes
    ) -> Resolution? {
        guard !lookup.locations.isEmpty else {
            notes.add(
                .nameNotFound,
                "'\(n)' was not looked up: no app container, app group or bundle was given to check that the app ships it",
                .note, at: namePath)
            return nil
        }
        let r = SoundResolver.resolve(n, in: lookup.locations)
        for f in r.findings(for: n, naming: { place($0, in: lookup.locations) }) {
            var f = f
            f.subject = f.subject ?? dotted(namePath)
            notes.place(f, at: namePath)
        }
        if let w = r.winner {
            // Findings about the sound file itself, which a front end names (and converts) by its path.
            for f in winnerFindings(w, lookup) {
                var f = f
                f.subject = w
                notes.place(f, at: namePath)
            }
        }
        return r
    }
}

extension PayloadChecker {
    /// The findings of the sound a name resolved to, checked as `check` checks it, through the run's cache (a sound
    /// inside an `.ipa` bundle is read in place, and not cached).
    static func winnerFindings(_ w: String, _ lookup: SoundLookup) -> [Finding] {
        var sound = FoundSound(path: w, subpath: nil)
        if let b = lookup.locations.bundle, AppBundle.isArchive(b), let tree = AppBundle.tree(b),
            w.hasPrefix(tree.root + "/")
        {
            sound.archive = (tree, String(w.dropFirst(tree.root.count + 1)))
        }
        var options = CheckOptions(measureLoudness: lookup.measureLoudness)
        options.cache = lookup.cache
        return SoundChecker.checked(sound.source, options: options).report.findings
    }

    /// A file below one of the locations, named by that location as messages say it (`main bundle/Sounds/a.caf`,
    /// `app group 1 Library/Sounds/a.caf`), so that a service's messages carry no path of its own.
    static func place(_ path: String, in locations: SoundLocations) -> String {
        for (folder, label) in locations.searchOrder {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if path.hasPrefix(prefix) { return label + "/" + path.dropFirst(prefix.count) }
        }
        return FileSystem.lastComponent(path)
    }
}
