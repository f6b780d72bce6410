import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `size`: large PCM files bloat the app; IMA4 is about 4:1 on 16-bit PCM, µLaw and aLaw 2:1.
package struct SizeRule: SoundRule {
    package static let rule = Rule.size
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.note]
    package static let summary = "16-bit or wider PCM over 200 kB, with what IMA4 and µLaw would save"
    package static let basis = Rule.Basis.advice
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("big.caf", seconds: 10, channels: 2))
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime.caf"))
        ])

    static let threshold: Int64 = 200_000
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        // 16 bits or more: where IMA4 (about 4:1) and µLaw/aLaw (2:1) really save space.
        guard let d = f.description, case .pcm(let p) = d.encoding, p.bits >= 16, let bytes = d.dataBytes,
            bytes > Self.threshold
        else { return [] }
        // Saturating: the frame count comes from the file. IMA4 keeps 34 bytes for 64 frames of a channel.
        let ulaw = d.frames.saturatingMultiply(Int64(d.channels))
        let ima = ulaw / 64 * 34
        return [
            finding(
                .note,
                "holds \(megabytes(bytes)) of \(p.bits)-bit PCM; as IMA4 it would be about \(megabytes(ima)), as µLaw \(megabytes(ulaw))",
                remedy: .ima4(for: f.path))
        ]
    }
}
