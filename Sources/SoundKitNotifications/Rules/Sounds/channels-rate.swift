import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `channels-rate`: more than 2 channels, above 48 kHz, 8-bit: no evidence iOS fails, but worth knowing.
package struct ChannelsRateRule: SoundRule {
    package static let rule = Rule.channelsRate
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.note]
    package static let summary = "more than 2 channels, above 48 kHz, or 8-bit samples"
    package static let basis = Rule.Basis.advice
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("six.caf", channels: 6)),
            .sounds(ExampleSound("hires.caf", sampleRate: 96000)),
        ],
        nonTriggering: [
            .sounds(ExampleSound("mono.caf")),
            .sounds(ExampleSound("stereo.caf", sampleRate: 48000, channels: 2)),
        ])

    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let d = f.description, d.encoding.isNotificationCodec else { return [] }
        var what: [String] = []
        if d.channels > 2 { what.append("\(d.channels) channels") }
        if d.sampleRate > 48000 { what.append("\(Int(d.sampleRate)) Hz") }
        if case .pcm(let p) = d.encoding, p.bits == 8 { what.append("8-bit samples") }
        guard !what.isEmpty else { return [] }
        return [
            finding(
                .note,
                "has \(what.joined(separator: ", ")); iOS is not known to fail on this, but mono or stereo at 44.1 kHz or less is the safe choice"
            )
        ]
    }
}
