import Testing

@testable import SoundKitContainers
@testable import SoundKitIO
@testable import SoundKitNotifications

@Suite("Loudness rules on facts")
struct LoudnessRuleTests {
    func facts(_ name: String, integrated: Double?, truePeak: Double? = -3, unavailable: String? = nil) -> SoundFacts {
        let d = AudioFileDescription(
            path: name, container: "CAF", fileTypeID: "caff", format: "BEI16", formatCode: nil,
            sampleRate: 44100, channels: 1, frames: 44100, duration: 1, bitsPerChannel: 16,
            bytesPerPacket: 2, framesPerPacket: 1, packets: 44100, primingFrames: 0, remainderFrames: 0,
            dataOffset: 4096, dataBytes: 88200, decodable: true, truncated: false, warnings: [])
        let loudness: LoudnessReading =
            unavailable.map { .unavailable($0) }
            ?? .measured(
                Loudness(
                    integrated: integrated, integratedReason: integrated == nil ? .tooShort : nil,
                    range: integrated.map { _ in 0 },
                    truePeak: truePeak, samplePeak: truePeak.map { $0 - 0.2 }))
        return SoundFacts(
            path: name, fileName: name, fileExtension: "caf", fileSize: 0, sniffed: .caf, description: d,
            readError: nil, levels: .init(peak: 0.5, leadingSilence: 0), loudness: loudness, bundleSubpath: nil)
    }

    @Test("clipping: a true peak above 0 dBTP warns, with the gain that brings it under -1 dBTP; 0 dBTP and below pass")
    func clipping() throws {
        let hot = ClippingRule().check(facts("a.caf", integrated: -10, truePeak: 0.84), CheckOptions())
        #expect(hot.count == 1 && hot[0].severity == .warning && hot[0].rule == .clipping)
        #expect(
            try #require(hot.first).message.contains("true peak is +0.8 dBTP, sample peak 0.6 dBFS")
                && hot[0].remedy?.gain == -1.9, "\(hot)")
        // The library's message names no command; the command line renders the remedy as one.
        #expect(
            !hot[0].message.contains("soundkit")
                && hot[0].rendered(path: "a.caf") == hot[0].message
                    + " — soundkit convert a.caf a-ima4.caf -d ima4 --gain -1.9"
        )
        for peak in [0.0, -0.01, -12] {
            #expect(ClippingRule().check(facts("a.caf", integrated: -10, truePeak: peak), CheckOptions()).isEmpty)
        }
        // Silence (no peak) passes; a decodable file whose loudness could not be measured gets a note saying why.
        #expect(ClippingRule().check(facts("a.caf", integrated: nil, truePeak: nil), CheckOptions()).isEmpty)
        let missing = ClippingRule().check(
            facts("a.caf", integrated: nil, unavailable: "measuring loudness needs libebur128"), CheckOptions())
        #expect(missing.count == 1 && missing[0].severity == .note && missing[0].message.contains("libebur128"))
    }

    @Test(
        "loudness: off unless asked for; outside the tolerance either way warns, inside passes, too short gets a note")
    func loudness() {
        let goal = CheckOptions(loudness: LoudnessGoal(target: -16, tolerance: 1))
        #expect(LoudnessRule().check(facts("a.caf", integrated: -30), CheckOptions()).isEmpty)
        for level in [-17.0, -16, -15, -15.05] {
            #expect(LoudnessRule().check(facts("a.caf", integrated: level), goal).isEmpty, "\(level)")
        }
        let loud = LoudnessRule().check(facts("a.caf", integrated: -12.96), goal)
        let quiet = LoudnessRule().check(facts("a.caf", integrated: -17.2), goal)
        #expect(
            loud.count == 1 && loud[0].message.contains("-13.0 LUFS, 3.0 LU above the target -16.0 LUFS ±1.0 LU")
                && loud[0].remedy?.normalize == -16
                && loud[0].rendered(path: "S/a.caf").hasSuffix(
                    "— soundkit convert S/a.caf S/a-ima4.caf -d ima4 --normalize -16.0")
        )
        #expect(quiet.count == 1 && quiet[0].message.contains("1.2 LU below"))
        let short = LoudnessRule().check(facts("a.caf", integrated: nil), goal)
        #expect(short.count == 1 && short[0].severity == .note && short[0].message.contains("shorter than 0.4 s"))
    }

    @Test("loudness-spread: only sounds further than the threshold from the set's median, louder or quieter")
    func spread() {
        let set = [
            facts("a.caf", integrated: -16), facts("b.caf", integrated: -15), facts("c.caf", integrated: -9.5),
            facts("d.caf", integrated: -17),
            facts("e.caf", integrated: -23), facts("f.caf", integrated: nil), facts("g.caf", integrated: -19),
        ]
        // Median of -23, -19, -17, -16, -15, -9.5 is -16.5; the one without integrated loudness does not count.
        let found = LoudnessSpreadRule().check(set, CheckOptions())
        #expect(Set(found.keys) == [2, 4], "\(found)")
        #expect(
            found[2]?.first?.message.contains(
                "-9.5 LUFS, 7.0 LU above the median of the 6 sounds checked with it (-16.5 LUFS): it will sound louder")
                == true)
        #expect(found[4]?.first?.message.contains("6.5 LU below") == true && found[4]?.first?.rule == .loudnessSpread)
        // The threshold is configurable: at 2.5 LU, g (2.5 below) still passes and a wider net catches nothing else.
        #expect(Set(LoudnessSpreadRule().check(set, CheckOptions(loudnessSpread: 2.5)).keys) == [2, 4])
        #expect(Set(LoudnessSpreadRule().check(set, CheckOptions(loudnessSpread: 2.4)).keys) == [2, 4, 6])
        #expect(LoudnessSpreadRule().check(set, CheckOptions(loudnessSpread: 8)).isEmpty)
        // One sound alone, or only one with a loudness, is no set.
        #expect(LoudnessSpreadRule().check([facts("a.caf", integrated: -3)], CheckOptions()).isEmpty)
        #expect(
            LoudnessSpreadRule().check(
                [facts("a.caf", integrated: -3), facts("b.caf", integrated: nil)], CheckOptions()
            ).isEmpty)
    }

    @Test("the set's findings join each sound's own, errors first")
    func setReport() {
        var long = facts("long.caf", integrated: -40)
        long.description?.frames = 44100 * 31
        long.description?.duration = 31
        let report = SoundChecker.report(
            [long, facts("a.caf", integrated: -16), facts("b.caf", integrated: -17)], options: CheckOptions())
        #expect(report.files[0].findings.map(\.rule) == [.duration, .loudnessSpread])
        #expect(report.files[1].findings.isEmpty && report.files[2].findings.isEmpty)
    }

    @Test(
        "--loudness values parse with ±, +- or +/- and stay in range",
        arguments: [
            ("-16", -16.0, 1.0), ("-16±1", -16, 1), ("-23+-0.5", -23, 0.5), ("-14+/-2", -14, 2), ("0", 0, 1),
        ])
    func goal(_ text: String, _ target: Double, _ tolerance: Double) {
        #expect(LoudnessGoal(parsing: text) == LoudnessGoal(target: target, tolerance: tolerance))
    }

    @Test(
        "bad --loudness values are refused",
        arguments: ["", "loud", "-71", "3", "-16±", "-16±-1", "-16±21", "nan", "-inf", "-16±1±2"])
    func badGoal(_ text: String) {
        #expect(LoudnessGoal(parsing: text) == nil)
    }
}
