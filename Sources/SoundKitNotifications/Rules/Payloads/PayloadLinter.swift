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
    public var compactBytes: Int?
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
}
