import Testing

@testable import SoundKitContainers
@_spi(SoundKitServe) @testable import SoundKitIO
@_spi(SoundKitServe) @testable import SoundKitNotifications

@Suite("JSON parser")
struct JSONParserTests {
    func parse(_ s: String) throws(JSONSyntaxError) -> JSONValue { try JSONParser.parse(Array(s.utf8)) }

    @Test("keeps number spellings and types apart")
    func types() throws {
        let v = try parse(#"{"a":1,"b":1.0,"c":"1","d":true,"e":null,"f":[1,2],"g":-0.5e3}"#)
        #expect(v["a"] == .number("1") && v["b"] == .number("1.0") && v["c"] == .string("1"))
        #expect(v["d"] == .bool(true) && v["e"] == .null && v["f"] == .array([.number("1"), .number("2")]))
        #expect(v["g"] == .number("-0.5e3"))
    }

    @Test("strings: escapes and surrogate pairs")
    func strings() throws {
        #expect(try parse(#""a\"b\\c\n\u00e9\ud83d\ude00""#) == .string("a\"b\\c\né😀"))
    }

    @Test(
        "errors say where",
        arguments: [
            ("{\"a\":}", 1, 6), ("{\n  \"a\": tru\n}", 2, 8), ("[1,]", 1, 4), ("{\"a\":1} x", 1, 9), ("\"abc", 1, 5),
            ("01", 1, 2),
        ])
    func errors(_ text: String, _ line: Int, _ column: Int) {
        do {
            _ = try parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.line == line && error.column == column, "\(text): \(error)")
        }
    }

    @Test("the compact form round-trips")
    func compact() throws {
        let text = #"{"aps":{"sound":{"critical":1,"name":"a b.caf","volume":0.5}},"x":[true,null,"\n"]}"#
        #expect(try parse(text).compact == text)
    }
}

@Suite("NotificationSound")
struct NotificationSoundTests {
    @Test("each constructor produces the aps.sound value APNs expects")
    func values() {
        #expect(NotificationSound.default.apsSoundJSON == #""default""#)
        #expect(NotificationSound.soundNamed("chime.caf").apsSoundJSON == #""chime.caf""#)
        #expect(NotificationSound.defaultCritical.apsSoundJSON == #"{"critical":1,"name":"default"}"#)
        #expect(
            NotificationSound.defaultCriticalSound(withAudioVolume: 0.5).apsSoundJSON
                == #"{"critical":1,"name":"default","volume":0.5}"#)
        #expect(
            NotificationSound.criticalSoundNamed("alarm.caf", withAudioVolume: 1).apsSoundJSON
                == #"{"critical":1,"name":"alarm.caf","volume":1.0}"#)
        #expect(
            NotificationSound.criticalSoundNamed("a.caf", withAudioVolume: 3).apsSoundJSON.contains(#""volume":1.0"#))
        #expect(NotificationSound.ringtoneSoundNamed("ring.caf").apsSoundJSON == #""ring.caf""#)
    }

    @Test("what it produces passes the payload checker")
    func passesChecker() {
        for s in [NotificationSound.default, .defaultCritical, .defaultCriticalSound(withAudioVolume: 0.25)] {
            let payload = #"{"aps":{"sound":\#(s.apsSoundJSON)}}"#
            let r = PayloadChecker.check(Array(payload.utf8))
            #expect(!r.findings.contains { $0.severity == .error }, "\(payload)")
        }
    }
}

@Suite("Rules on facts")
struct RuleTests {
    func facts(
        frames: Int64, rate: Double, encoding: String = "BEI16", container: String = "CAF",
        sniffed: ContainerKind = .caf
    ) -> SoundFacts {
        let d = AudioFileDescription(
            path: "x.caf", container: container, fileTypeID: "caff", format: encoding, formatCode: nil,
            sampleRate: rate, channels: 1, frames: frames, duration: Double(frames) / rate, bitsPerChannel: 16,
            bytesPerPacket: 2, framesPerPacket: 1, packets: frames, primingFrames: 0, remainderFrames: 0,
            dataOffset: 4096, dataBytes: frames * 2, decodable: true, truncated: false, warnings: [])
        return SoundFacts(
            path: "x.caf", fileName: "x.caf", fileExtension: "caf", fileSize: 0, sniffed: sniffed, description: d,
            readError: nil, levels: .init(peak: 0.5, leadingSilence: 0), bundleSubpath: nil)
    }

    @Test("duration: exactly 30 s fails, one frame less passes", arguments: [8000.0, 22050, 44100, 48000])
    func duration(_ rate: Double) {
        let at = Int64(30 * rate)
        #expect(DurationRule().check(facts(frames: at, rate: rate), CheckOptions()).count == 1)
        #expect(DurationRule().check(facts(frames: at - 1, rate: rate), CheckOptions()).isEmpty)
        #expect(DurationBannerRule().check(facts(frames: at - 1, rate: rate), CheckOptions()).count == 1)
    }

    @Test("codec: only Linear PCM, IMA4, µLaw and aLaw pass")
    func codec() {
        for ok in ["BEI16", "LEF32", "ima4", "ulaw", "alaw", "I8"] {
            #expect(CodecRule().check(facts(frames: 100, rate: 8000, encoding: ok), CheckOptions()).isEmpty, "\(ok)")
        }
        for bad in ["AAC", "Apple Lossless (ALAC)", "MP3", "Opus"] {
            #expect(
                CodecRule().check(facts(frames: 100, rate: 8000, encoding: bad), CheckOptions()).first?.severity
                    == .error, "\(bad)")
        }
    }

    @Test("name policy: suggestions are valid res/raw names")
    func namePolicy() {
        #expect(NamePolicyRule.suggest("My Sound-2") == "my_sound_2")
        #expect(NamePolicyRule.suggest("2fast") == "sound_2fast")
        var f = facts(frames: 10, rate: 8000)
        f.fileName = "Alert Tone.caf"
        #expect(NamePolicyRule().check(f, CheckOptions(namePolicy: true)).count == 1)
        #expect(NamePolicyRule().check(f, CheckOptions()).isEmpty)
        f.fileName = "alert_tone2.caf"
        #expect(NamePolicyRule().check(f, CheckOptions(namePolicy: true)).isEmpty)
    }

    @Test("GitHub annotations escape what workflow commands require")
    func github() {
        let r = CheckReport(files: [
            FileReport(path: "a,b:c.caf", findings: [Finding(.error, .codec, "100% bad\nline")])
        ])
        #expect(r.githubLines() == ["::error file=a%2Cb%3Ac.caf,title=soundkit codec::100%25 bad%0Aline"])
        #expect(r.strict().errorCount == 1)
    }
}
