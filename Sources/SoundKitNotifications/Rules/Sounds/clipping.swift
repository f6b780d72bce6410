import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `clipping`: a true peak above 0 dBTP distorts between the samples when the sound is played (the DAC's reconstruction, or
/// the resampling to the device's rate, goes past full scale).
package struct ClippingRule: SoundRule {
    package static let rule = Rule.clipping
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.warning, .note]
    package static let summary =
        "a true peak above 0 dBTP: it distorts between samples when played (a note when loudness cannot be measured)"
    package static let basis = Rule.Basis.advice
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(ExampleSound("square.wav", .wav, signal: .square))
        ],
        nonTriggering: [
            .sounds(ExampleSound("soft.wav", .wav, signal: .tone(peak: -6)))
        ])

    /// The true peak, in dBTP, above which a sound is reported. The checker measures the true peak only as far as
    /// telling whether it is above this (a sound with `truePeakAtMost` set is not).
    package static let ceiling = 0.0
    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let reading = f.loudness, f.description?.decodable == true else { return [] }
        guard let l = reading.value else {
            return [finding(.note, "true peak not measured: \(reading.unavailable ?? "")")]
        }
        guard let peak = l.truePeak, peak > Self.ceiling else { return [] }
        let sample = l.samplePeak.map { ", sample peak \(decimal($0, 1)) dBFS" } ?? ""
        let gain = -((peak + 1) * 10).rounded(.up) / 10
        return [
            finding(
                .warning,
                "true peak is +\(decimal(peak, 1)) dBTP\(sample): it distorts between samples when played; bring it under -1 dBTP",
                remedy: Remedy.ima4(for: f.path).with(gain: gain))
        ]
    }
}
