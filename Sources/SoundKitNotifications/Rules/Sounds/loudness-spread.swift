import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `loudness-spread`: sounds checked together that are not equally loud: one alert twice as loud as the others. Each sound more than
/// ``CheckOptions/loudnessSpread`` LU from the median integrated loudness of the set gets a warning.
package struct LoudnessSpreadRule: RuleDeclaration {
    package static let rule = Rule.loudnessSpread
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.warning]
    package static let summary =
        "when several sounds are checked together: one more than 3 LU (--loudness-spread LU) from the set's median integrated loudness"
    package static let basis = Rule.Basis.advice
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .sounds(
                ExampleSound("a.caf", seconds: 2, signal: .tone(peak: -13)),
                ExampleSound("b.caf", seconds: 2, signal: .tone(peak: -7)),
                ExampleSound("c.caf", seconds: 2, signal: .tone(peak: -13)))
        ],
        nonTriggering: [
            .sounds(
                ExampleSound("a.caf", seconds: 2, signal: .tone(peak: -13)),
                ExampleSound("b.caf", seconds: 2, signal: .tone(peak: -12)),
                ExampleSound("c.caf", seconds: 2, signal: .tone(peak: -13)))
        ])

    /// Findings by index into `set`; none unless at least two sounds have an integrated loudness.
    package func check(_ set: [SoundFacts], _ o: CheckOptions) -> [Int: [Finding]] {
        check(levels: set.map { ($0.path, $0.loudness?.value?.integrated) }, o)
    }

    /// The same from each sound's path and integrated loudness (LUFS), as the result cache keeps them.
    package func check(levels set: [(path: String, integrated: Double?)], _ o: CheckOptions) -> [Int: [Finding]] {
        let measured = set.indices.compactMap { i in set[i].integrated.map { (i, $0) } }
        guard measured.count >= 2, let median = Self.median(measured.map(\.1)) else { return [:] }
        var out: [Int: [Finding]] = [:]
        for (i, level) in measured where abs(level - median) > o.loudnessSpread {
            let off = level - median
            let louder = off > 0
            out[i] = [
                Self.rule.finding(
                    "integrated loudness is \(decimal(level, 1)) LUFS, \(decimal(abs(off), 1)) LU \(louder ? "above" : "below") the median of the \(measured.count) sounds checked with it (\(decimal(median, 1)) LUFS): it will sound \(louder ? "louder" : "quieter") than the others",
                    remedy: Remedy.ima4(for: set[i].path).with(normalize: (median * 10).rounded() / 10))
            ]
        }
        return out
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let v = values.sorted()
        return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
    }
}
