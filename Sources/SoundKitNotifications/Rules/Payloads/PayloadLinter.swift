/// What linting a push payload found, and the facts a service may want: its size and the sound it names.
public struct PayloadReport: Codable, Sendable, Hashable {
    /// What the checks found. A finding about part of the payload names that part's key path as its subject
    /// (`aps.sound.volume`) and carries the line and column where it starts; one about the sound the payload's name
    /// resolved to names that file as its subject.
    public var findings: [Finding]
    /// The size APNs counts, in bytes: the payload as given, or for an FCM v1 message its `message.apns.payload` as
    /// compact JSON, the form FCM sends it in. None when the payload is not JSON.
    public var payloadBytes: Int?
    /// The APNs payload's size as compact JSON, in bytes. None when the payload is not JSON.
    public var compactBytes: Int?
    /// The sound file name the payload asks for, when it names one.
    public var soundName: String?
    /// Where the name resolved, when locations were given.
    public var resolution: Resolution?

    package init(
        findings: [Finding], payloadBytes: Int? = nil, compactBytes: Int? = nil, soundName: String? = nil,
        resolution: Resolution? = nil
    ) {
        self.findings = findings
        self.payloadBytes = payloadBytes
        self.compactBytes = compactBytes
        self.soundName = soundName
        self.resolution = resolution
    }
}

/// `soundkit payload` as a library: lints an APNs payload, or an FCM v1 message's `message.apns.payload`.
public enum PayloadLinter {
    /// Lints `payload`: that it is JSON, its size as sent (at most 4096 bytes), `aps.sound` (a name, or a
    /// critical-alert dictionary), and rich-notification attachments (Braze's `ab.att`, FCM's images) with
    /// `aps.mutable-content`.
    ///
    /// With `locations`, the sound name is resolved as iOS resolves it and the file it finds is checked as
    /// ``SoundChecker`` checks a file (without measuring loudness when `measureLoudness` is false). Each file is
    /// checked once in a process while its size and modification time stay the same, however many payloads name it.
    /// With `locations.bundle`, attachments and `aps.category` are also checked against the app's notification
    /// extensions.
    public static func lint(
        _ payload: String, locations: SoundLocations = SoundLocations(), measureLoudness: Bool = true
    ) -> PayloadReport {
        PayloadChecker.check(Array(payload.utf8), locations: locations, measureLoudness: measureLoudness)
    }
}
