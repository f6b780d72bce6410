/// The checks of one `aps` dictionary beyond its sound's shape that no rule type carries yet: the sound's name
/// (`sound-name`), a sound iOS ignores (`payload-provider`) and `relevance-score` (`payload-shape`);
/// `interruption-level` is ``InterruptionLevelRule``'s.
enum APSRules {
    /// `sound-name`: an iOS sound name (at `path`) without an extension. iOS looks the file up by its whole name.
    static func iosName(_ name: String, at path: [String], into notes: inout PayloadNotes) {
        let last = name.split(separator: "/").last ?? ""
        guard !last.contains(".") || last.hasSuffix(".") else { return }
        notes.add(
            .soundName,
            "\(PayloadChecker.dotted(path)) \"\(name)\" has no extension: iOS plays a sound by its file name with the extension (\"\(name).caf\"), while Android's res/raw takes the bare name — give each platform its own field",
            at: path)
    }

    /// `payload-provider`: a `sound` inside `aps.alert`, which iOS ignores (it reads only `aps.sound`).
    static func alertSound(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        guard case .object = aps["alert"], aps["alert"]?["sound"] != nil else { return }
        let path = apsPath + ["alert", "sound"]
        let target = PayloadChecker.dotted(apsPath + ["sound"])
        let moved = aps["sound"] == nil ? "move it to \(target)" : "\(target) is the one played"
        notes.add(
            .payloadProvider,
            "\(PayloadChecker.dotted(path)) is ignored: iOS reads a sound only from \(target); \(moved)",
            .warning, at: path, atKey: true)
    }

    /// `payload-shape`: `relevance-score`, which Apple documents as a number from 0 to 1.
    static func relevanceScore(_ aps: JSONValue, at apsPath: [String], into notes: inout PayloadNotes) {
        guard let score = aps["relevance-score"] else { return }
        let path = apsPath + ["relevance-score"]
        let p = PayloadChecker.dotted(path)
        guard case .number(let n) = score, let x = Double(n) else {
            notes.add(.payloadShape, "\(p) is \(score.typeName); it must be a number between 0 and 1", at: path)
            return
        }
        if !(0...1).contains(x) {
            notes.add(.payloadShape, "\(p) is \(n); it must be between 0 and 1", at: path)
        }
    }

    /// The most `aps` dictionaries looked at in a body of no known shape, and how deep they are looked for.
    static let maxHolders = 64
    static let maxDepth = 32

    /// The objects in `value` (at `path`) that hold an `aps` key, outermost first, at most ``maxHolders``; an object
    /// holding one is not searched further.
    static func holders(
        in value: JSONValue, at path: [String], into found: inout [(path: [String], value: JSONValue)]
    ) {
        guard found.count < maxHolders, path.count < maxDepth else { return }
        switch value {
        case .object(let members):
            if value["aps"] != nil {
                found.append((path, value))
                return
            }
            for (key, member) in members { holders(in: member, at: path + [key], into: &found) }
        case .array(let items):
            for (i, item) in items.enumerated() { holders(in: item, at: path + ["[\(i)]"], into: &found) }
        default:
            return
        }
    }
}
