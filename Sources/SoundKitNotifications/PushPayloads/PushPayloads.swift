import SoundKitIO

/// A push payload's path through soundkit, top down, every step in this folder (`PushPayloads/`):
///
/// 1. **Payload** — ``check(_:locations:measureLoudness:provider:cache:entitlements:)`` below parses the JSON
///    (`payload-json`, `Rules/payload-json.swift`) and picks the provider: the one given, or the first of
///    `ProviderBodies.all` whose shape the body has.
/// 2. **Provider body** — `Providers/`: one ``ProviderBody`` type a provider (`SNSBody`, `PinpointBody`, …), which
///    finds the body's platform parts and how the provider spells their fields, and reports the keys it refuses.
/// 3. **Platform parts** — `Parts/`: `PayloadRun` checks an APNs payload (`apnsPayload`, then `checkAPS` on every
///    `aps`), an iOS sound field (`iosSound`) and an Android one (`androidSound`); `SoundField` judges a sound's shape
///    and name, resolves it and checks the file through the run's ``ResultCache``; `AttachmentPayload` the
///    rich-notification attachments.
/// 4. **Rules** — `Rules/`: one file a payload rule, named after its id (`payload-size.swift`), holding one type
///    (`PayloadSizeRule`): its declaration (severities, summary, what it rests on, examples that must and must not
///    trigger it) and the check that raises it where that check is the rule's alone (`LiveActivity` in `Parts/` runs
///    the five `LiveActivity…Rule`s); the rest are checked where their part is read (`SoundField`,
///    `AttachmentPayload`, the provider bodies).
/// 5. **Findings** — `PayloadNotes` places each finding at the line and column of the part it is about, and the
///    ``PayloadReport`` carries them out.
///
/// Checks a push payload as its provider receives it (``PushProvider``): an APNs payload's `aps.sound`, its size as
/// sent and its rich-notification attachments (Braze's `ab.att`, FCM's images, OneSignal's `ios_attachments`) with
/// `aps.mutable-content`; each provider's iOS and Android sound fields; the keys a provider rejects. Each finding
/// about a part of the payload carries the key path in its subject and the line and column where that part starts.
/// ``PayloadLinter`` is the library's way in.
package enum PayloadChecker {
    /// The largest APNs payload, in bytes: Apple's limit for a regular remote notification's request body.
    package static let maxBytes = 4096

    /// Checks `bytes` as `provider`'s request body, or as the provider its shape shows. With locations each iOS sound
    /// name is resolved as iOS does and the file found checked through `cache`; with `locations.bundle`,
    /// attachments and `aps.category` are also checked against the app's notification extensions.
    /// `entitlements` (`--entitlements`), or else those of `locations.bundle`'s profile, judge what the payload
    /// asks for (`entitlement`).
    package static func check(
        _ bytes: [UInt8], locations: SoundLocations = SoundLocations(), measureLoudness: Bool = true,
        provider: PushProvider? = nil, cache: ResultCache = .process, entitlements: EntitlementsSource? = nil
    ) -> PayloadReport {
        let parsed: (value: JSONValue, positions: JSONPositions)
        do {
            parsed = try JSONParser.parseLocated(bytes)
        } catch {
            var f = Rule.payloadJSON.finding(error.description)
            f.line = error.line
            f.column = error.column
            return PayloadReport(findings: [f])
        }
        let lookup = SoundLookup(locations: locations, measureLoudness: measureLoudness, cache: cache)
        var run = PayloadRun(bytes: bytes, notes: PayloadNotes(positions: parsed.positions), lookup: lookup)
        // The app, opened once for the whole check: its entitlements, its deployment target, the sound name, the
        // attachments' extensions and App Transport Security all read it (an .ipa's central directory is read here,
        // not once for each: eight times before).
        let app = locations.bundle.flatMap(AppBundle.tree)
        run.entitlements = AppWiring.entitlements(given: entitlements, app: app)
        run.deployment = app.map(Deployment.of(app:))
        let shape = provider ?? PushProvider.detect(parsed.value)
        AppBundle.withOpened(locations.bundle, app) { run.check(parsed.value, as: shape) }
        return PayloadReport(
            findings: run.notes.findings, payloadBytes: run.size?.counted, compactBytes: run.size?.compact,
            soundName: run.soundName, resolution: run.resolution, provider: shape)
    }

    /// A key path as messages write it: `message.apns.payload.aps.sound`.
    /// An array item's component (`[0]`) follows its array without a dot: `notifications[0].sound`.
    static func dotted(_ path: [String]) -> String {
        path.reduce("") { $0.isEmpty || $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
    }
}

/// What linting a push payload found, and the facts a service may want: its size and the sound it names.
public struct PayloadReport: Codable, Sendable, Hashable {
    /// What the checks found. A finding about part of the payload names that part's key path as its subject
    /// (`aps.sound.volume`) and carries the line and column where it starts; one about the sound the payload's name
    /// resolved to names that file as its subject.
    public var findings: [Finding]
    /// The size APNs counts, in bytes: the payload as given, or for an APNs payload inside another body (an FCM v1
    /// message's `message.apns.payload`) that payload as compact JSON, the form its provider sends it in. None when
    /// the payload is not JSON or holds no APNs payload (the provider builds it).
    public var payloadBytes: Int?
    /// The APNs payload's size as compact JSON, in bytes. None when ``payloadBytes`` is.
    package var compactBytes: Int?
    /// The sound file name the payload asks for, when it names one.
    public var soundName: String?
    /// Where the name resolved, when locations were given.
    public var resolution: Resolution?
    /// The provider the payload was checked for: the one given, or the one its shape shows. None when it is not JSON
    /// or of no shape soundkit knows (then every `aps` dictionary in it is checked).
    public var provider: PushProvider?

    package init(
        findings: [Finding], payloadBytes: Int? = nil, compactBytes: Int? = nil, soundName: String? = nil,
        resolution: Resolution? = nil, provider: PushProvider? = nil
    ) {
        self.findings = findings
        self.payloadBytes = payloadBytes
        self.compactBytes = compactBytes
        self.soundName = soundName
        self.resolution = resolution
        self.provider = provider
    }
}

/// `soundkit payload` as a library: lints a push payload as its provider receives it (APNs, FCM, Expo, OneSignal,
/// Braze, gorush).
public enum PayloadLinter {
    /// Lints `payload`: that it is JSON, its size as sent (at most 4096 bytes), `aps.sound` (a name, or a
    /// critical-alert dictionary) and the rest of `aps`, and rich-notification attachments (Braze's `ab.att`, FCM's
    /// images, OneSignal's `ios_attachments`) with `aps.mutable-content`.
    ///
    /// The body is read as `provider`'s request body, or, when `provider` is nil, as the provider its shape shows
    /// (``PayloadReport/provider`` says which); each provider's iOS sound field is checked as `aps.sound` is, its
    /// Android sound field by Android's rules, and keys the provider rejects are errors. A body of no known shape has
    /// every `aps` dictionary in it checked.
    ///
    /// With `locations`, the sound name is resolved as iOS resolves it and the file it finds is checked as
    /// ``SoundChecker`` checks a file (without measuring loudness when `measureLoudness` is false). Each file is
    /// checked once in a process while its bytes stay the same, however many payloads name it.
    /// With `locations.bundle`, attachments and `aps.category` are also checked against the app's notification
    /// extensions.
    public static func lint(
        _ payload: String, locations: SoundLocations = SoundLocations(), measureLoudness: Bool = true,
        provider: PushProvider? = nil
    ) -> PayloadReport {
        PayloadChecker.check(
            Array(payload.utf8), locations: locations, measureLoudness: measureLoudness, provider: provider)
    }

    /// ``lint(_:locations:measureLoudness:provider:)`` on a request body's bytes as they came, for soundkit-serve:
    /// bytes that are not UTF-8 are a finding, not repaired into a string first. No sound is looked for.
    @_spi(SoundKitServe) public static func lint(bytes: [UInt8], provider: PushProvider?) -> PayloadReport {
        PayloadChecker.check(bytes, measureLoudness: false, provider: provider)
    }
}
