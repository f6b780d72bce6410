/// One payload being checked as a provider's request body: its findings, the first APNs payload's size, and the
/// first iOS sound name with where it resolved.
struct PayloadRun {
    let bytes: [UInt8]
    var notes: PayloadNotes
    let lookup: PayloadChecker.SoundLookup
    var size: (counted: Int, compact: Int)?
    var soundName: String?
    var resolution: Resolution?
    /// What the app is entitled to (`--entitlements`, or the bundle's profile), when known.
    var entitlements: EntitlementsSource?
    /// The app's platform and deployment target (`--bundle`), when known.
    var deployment: Deployment?

    init(bytes: [UInt8], notes: PayloadNotes, lookup: PayloadChecker.SoundLookup) {
        self.bytes = bytes
        self.notes = notes
        self.lookup = lookup
    }

    /// Checks `root` as `provider`'s body; of no known shape (nil), every `aps` dictionary in it.
    mutating func check(_ root: JSONValue, as provider: PushProvider?) {
        guard let provider else { return anyShape(root) }
        ProviderBodies.body(of: provider)?.check(root, in: &self)
    }

    /// An APNs payload (the object holding `aps`) at `base`, sent on by `via` when it sits inside another body: its
    /// size, its `aps`, and its attachments, with `extra` named by its provider outside it.
    mutating func apnsPayload(
        _ payload: JSONValue, at base: [String], via: String, extra: [AttachmentPayload.Named] = []
    ) {
        let measured = PayloadSizeRule.check(bytes, payload: payload, at: base, via: via, into: &notes)
        if size == nil { size = measured }
        let apsPath = base + ["aps"]
        var aps: JSONValue?
        switch payload["aps"] {
        case .object?:
            aps = payload["aps"]
        case let other?:
            notes.add(.payloadShape, "\(dotted(apsPath)) is \(other.typeName); it must be a dictionary", at: apsPath)
        case nil:
            let whereAt = base.isEmpty ? "at the top of the payload" : "in \(dotted(base))"
            notes.add(.payloadShape, "no \"aps\" dictionary \(whereAt)", at: base)
        }
        if let aps { checkAPS(aps, at: apsPath) }
        AttachmentPayload.check(
            payload: payload, aps: aps, apsPath: apsPath, extra: extra, bundle: lookup.locations.bundle, into: &notes)
    }

    /// One `aps` dictionary at `apsPath`, whatever the provider: every check of an `aps` goes through here.
    mutating func checkAPS(_ aps: JSONValue, at apsPath: [String]) {
        let soundPath = apsPath + ["sound"]
        // A Live Activity's alert plays aps.alert.sound (ActivityKit's AlertConfiguration.sound): it is checked and
        // resolved as aps.sound is, and an update without an alert is silent by design.
        let liveActivity = LiveActivity.recognises(aps)
        if liveActivity, case .object = aps["alert"], let sound = aps["alert"]?["sound"] {
            iosSound(sound, at: apsPath + ["alert", "sound"])
        }
        if let sound = aps["sound"] {
            iosSound(sound, at: soundPath)
        } else if !liveActivity {
            notes.add(
                .payloadShape, "\(dotted(apsPath)) has no \"sound\": the notification is silent", .note, at: soundPath)
        }
        if liveActivity {
            LiveActivity.check(aps, at: apsPath, into: &notes)
        } else {
            PayloadProviderRule.alertSound(aps, at: apsPath, into: &notes)
            PayloadShapeRule.relevanceScore(aps, at: apsPath, into: &notes)
        }
        InterruptionLevelRule.check(aps, at: apsPath, into: &notes)
        if let entitlements {
            AppWiring.checkEntitlements(
                aps: aps, at: apsPath, entitlements: entitlements, platform: deployment?.platform, into: &notes)
        }
        if let deployment { Deployment.check(aps: aps, at: apsPath, deployment: deployment, into: &notes) }
    }

    /// A provider's iOS sound field at `path`, checked as `aps.sound` is: its shape, its name (`sound-name`), and
    /// with locations where the name resolves and the file found there. The first name is the report's.
    mutating func iosSound(_ sound: JSONValue, at path: [String]) {
        guard let name = PayloadChecker.soundName(sound, at: path, into: &notes) else { return }
        var namePath = path
        if case .object = sound { namePath.append("name") }
        var found: Resolution?
        if name != "default" {
            SoundNameRule.iosName(name, at: namePath, into: &notes)
            found = PayloadChecker.resolve(name, in: lookup, at: namePath, into: &notes)
        }
        if soundName == nil {
            soundName = name
            resolution = found
        }
    }

    /// A provider's Android sound field at `path`: Android's rules on the name, and a channel in one of `channels`
    /// (paths beside it; the first is the one a message names).
    mutating func androidSound(_ sound: JSONValue, at path: [String], channels: [[String]], in root: JSONValue) {
        guard case .string(let name) = sound else {
            notes.add(
                .payloadShape,
                "\(dotted(path)) is \(sound.typeName); it must be a string: a res/raw resource name, or \"default\"",
                at: path)
            return
        }
        guard !name.isEmpty, name != "default" else { return }
        for f in androidSoundProblems(name: name, field: dotted(path)) { notes.place(f, subject: path) }
        guard !channels.contains(where: { root.value(at: $0) != nil }), let channel = channels.first else { return }
        notes.add(
            .androidChannel,
            "\(dotted(path)) \"\(name)\" is sent without \(dotted(channel)): on Android 8 and later a notification plays its channel's sound, not the message's, so the message must name a channel the app created with this sound",
            at: path)
    }

    /// A body of no known shape: every `aps` dictionary in it is checked, as an APNs payload a server sends on; a
    /// note when there is none.
    mutating func anyShape(_ root: JSONValue) {
        var holders: [(path: [String], value: JSONValue)] = []
        APSHolders.holders(in: root, at: [], into: &holders)
        guard !holders.isEmpty else {
            notes.add(
                .payloadShape,
                "no \"aps\" dictionary anywhere, and the body has the shape of no provider soundkit knows (\(PushProvider.allCases.map(\.title).joined(separator: ", "))), so nothing was checked; name its provider to have it read as that provider's body",
                .note, at: [])
            return
        }
        for h in holders { apnsPayload(h.value, at: h.path, via: "its sender") }
    }

    func dotted(_ path: [String]) -> String { PayloadChecker.dotted(path) }
}

extension JSONValue {
    /// The value at a key path (array items as `[0]`), when there is one.
    func value(at path: [String]) -> JSONValue? {
        var v: JSONValue? = self
        for component in path {
            if component.hasPrefix("["), case .array(let items)? = v {
                guard let i = Int(component.dropFirst().dropLast()), items.indices.contains(i) else { return nil }
                v = items[i]
            } else {
                v = v?[component]
            }
        }
        return v
    }
}
