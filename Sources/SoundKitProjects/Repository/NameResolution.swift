import SoundKitNotifications

/// Every reference of a checkout resolved on every platform it is passed to: literal names as each platform finds
/// them (``AppleNames``, ``AndroidNames``), names built at run time as far as their literal part decides, and one
/// Android channel id created with two sounds.
package enum NameResolution {
    /// Extensions of files iOS plays as notification sounds (AIFF, WAV and CAF containers).
    static let appleExtensions: Set<String> = ["caf", "aif", "aiff", "aifc", "wav", "wave"]

    /// The verdicts, in the references' order (a name passed to both platforms: Apple's first).
    package static func verdicts(_ references: [SoundReference], in layout: CheckoutLayout) -> [ReferenceVerdict] {
        var verdicts: [ReferenceVerdict] = []
        for reference in references {
            for platform in platforms(of: reference) {
                let resolved = resolve(reference, on: platform, layout: layout)
                verdicts.append(
                    ReferenceVerdict(
                        reference: reference, platform: platform, app: resolved.app?.name,
                        appProject: resolved.app?.project,
                        resolved: resolved.file, alsoResolved: resolved.others,
                        outcome: resolved.outcome, findings: resolved.findings))
            }
        }
        return channelConflicts(verdicts)
    }

    static func platforms(of reference: SoundReference) -> [AppPlatform] {
        switch reference.platform {
        case .apple: [.apple]
        case .android: [.android]
        case .both: [.apple, .android]
        }
    }

    static func resolve(_ reference: SoundReference, on platform: AppPlatform, layout: CheckoutLayout) -> Resolved {
        switch reference.name {
        case .dynamic(let prefix, let suffix):
            return dynamic(prefix: prefix, suffix: suffix, on: platform)
        case .literal(let name):
            if name == "default" || name.isEmpty { return Resolved(outcome: .plays) }
            switch platform {
            case .apple:
                return AppleNames(layout: layout).resolve(name, reference)
            case .android:
                return AndroidNames(layout: layout).resolve(name, reference)
            }
        }
    }

    /// A name built at run time: an error when its literal end already names a file type the platform does not play
    /// (`"\(tone).mp3"` for iOS), else a note that it is not checked.
    static func dynamic(prefix: String, suffix: String, on platform: AppPlatform) -> Resolved {
        let ext = suffix.split(separator: ".", omittingEmptySubsequences: false).last.map { $0.lowercased() } ?? ""
        if platform == .apple, suffix.contains("."), !ext.isEmpty, !ext.contains("/"), !appleExtensions.contains(ext) {
            return Resolved(
                outcome: .fails,
                findings: [
                    Rule.container.finding(
                        "'\(prefix)…\(suffix)' names a .\(ext) file, whatever the rest of the name: iOS plays only CAF, AIFF and WAV files as notification sounds and plays the default sound instead — convert the sounds (soundkit convert IN OUT.caf -d ima4) and name the .caf",
                        .error)
                ])
        }
        return Resolved(
            outcome: .unchecked,
            findings: [
                Rule.dynamicName.finding(
                    "not checked: the sound name is built at run time ('\(prefix)…\(suffix)'); soundkit resolves only names written as literals"
                )
            ])
    }

    /// The same channel id created, or used, with different sounds: an error at each site after the first.
    static func channelConflicts(_ verdicts: [ReferenceVerdict]) -> [ReferenceVerdict] {
        var first: [String: (sound: String, site: SourceSite)] = [:]
        var out = verdicts
        for i in out.indices where out[i].platform == .android {
            let r = out[i].reference
            guard r.role == .channel, let id = r.channelID, case .literal(let name) = r.name else { continue }
            let sound = AndroidNames(layout: CheckoutLayout()).resourceName(name, r).name
            guard let earlier = first[id] else {
                first[id] = (sound, r.site)
                continue
            }
            if earlier.sound != sound {
                out[i].findings.append(
                    Rule.channelSound.finding(
                        "channel '\(id)' is created here with the sound '\(sound)' and at \(earlier.site) with '\(earlier.sound)': a channel keeps the sound it was first created with, so one of them never plays — give each sound its own channel id"
                    ))
                out[i].outcome = .fails
            }
        }
        return out
    }
}
