import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `codec`: linear PCM, IMA4, µLaw or aLaw only — ALAC, MP3, Opus, FLAC inside a .caf or .wav play the default sound. AAC LC
/// in CAF is a warning: outside Apple's list, but apps ship their push sounds that way and they play.
package struct CodecRule: SoundRule {
    package static let rule = Rule.codec
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.error, .warning, .note]
    package static let summary =
        "anything but Linear PCM, IMA4, µLaw or aLaw — ALAC, MP3, Opus, FLAC hiding in .caf or .wav; AAC LC in CAF is a warning (it plays, undocumented); IMA ADPCM in WAV is a note"
    package static let basis = Rule.Basis.field
    package static let citation: String? =
        "AAC LC in CAF ships as push sounds and plays: Finb/Bark's Sounds/*.caf (its `sound=` parameter; Finb/Bark#345), linphone-iphone's msg.caf"
    package static let examples = RuleExamples(
        triggering: [
            .sounds(.coded("chime.caf", "alac")),
            .sounds(.coded("chime.caf", ".mp3")),
            // Words: the warning needs AAC the checker decodes, and the tests' writer makes no AAC packets (zeroed
            // ones do not decode); FFmpegInputTests.aacInCAF writes one with ffmpeg and holds it to the warning.
            .described(#"AAC LC in CAF, as Bark ships its push sounds (a warning)"#),
        ],
        nonTriggering: [
            .sounds(ExampleSound("chime.caf"))
        ])

    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let d = f.description, [.caf, .aiff, .aifc, .wav, .rf64].contains(f.sniffed) else { return [] }
        if f.sniffed == .caf, d.formatCode == "aac ", d.decodable {
            return [
                finding(
                    .warning,
                    "data format is \(d.format) in CAF: iOS plays it (apps ship push sounds this way), but Apple documents only Linear PCM, IMA4, µLaw and aLaw",
                    remedy: convertRemedy(f))
            ]
        }
        switch d.encoding {
        case .pcm, .ulaw, .alaw, .ima4:
            return []
        case .imaADPCM:
            return [
                finding(
                    .note,
                    "data format is IMA ADPCM in WAV (Microsoft's tag 0x11); Apple documents IMA4 for notification sounds and IMA4 in CAF is the tested path",
                    remedy: .ima4(for: f.path))
            ]
        case .vorbis, .other:
            return [
                finding(
                    .error, "data format is \(d.encoding); notification sounds must be Linear PCM, IMA4, µLaw or aLaw",
                    remedy: convertRemedy(f))
            ]
        }
    }
}
