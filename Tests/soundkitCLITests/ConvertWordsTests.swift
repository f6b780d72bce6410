import Foundation
import Testing

@testable import soundkit

/// convert's own reading of its words (`ConvertWords.scan`, the fast path) against ArgumentParser's reading of
/// `Convert`'s declarations, the oracle: what the scan reads must be what ArgumentParser reads, and what it cannot
/// read it must leave to ArgumentParser.
@Suite struct ConvertWordsTests {
    /// Lines the scan must read, each giving what ArgumentParser gives.
    static let plain: [[String]] = [
        ["in.wav", "out.caf"],
        ["in.wav", "out.caf", "-d", "ima4"],
        ["in.aiff", "-f", "caff", "-d", "LEI16@44100", "-c", "1"],
        ["in.wav", "--file", "WAVE", "--data", "ulaw@8000", "--channels", "2"],
        ["in.wav", "--file=caff", "--data=ima4", "--quality=127"],
        ["in.wav", "out.caf", "-q", "0", "-r", "64", "--src-complexity", "bats"],
        ["in.wav", "out.wav", "-l", "Stereo", "--mix", "--no-filler", "-v"],
        ["in.wav", "out.caf", "--trim", "29.5", "--gain", "-6", "--true-peak", "-2.5"],
        ["in.wav", "out.caf", "--normalize", "-16"],
        ["in.wav", "out.caf", "--normalize=-16", "--true-peak=-1"],
        ["Sounds", "extra.wav", "--output-dir", "out", "-f", "caff", "--jobs", "2", "--format", "json"],
        ["a.wav", "b.wav", "--output-dir=out", "--format=github", "--verbose"],
        ["-hf"],
        ["--help-formats"],
        ["in.wav", "out.caf", "-d", "0"],
        ["in.wav", "out.caf", "--channellayout", "kAudioChannelLayoutTag_Mono", "--src-quality", "127"],
        [],
    ]

    /// Lines outside the plain forms: help, version, unknown, repeated or malformed options, values out of range.
    static let leftToArgumentParser: [[String]] = [
        ["--help"], ["-h"], ["in.wav", "--version"], ["in.wav", "--bogus"], ["in.wav", "-x"],
        ["in.wav", "-d"], ["in.wav", "-d", "-q"], ["in.wav", "-c", "two"], ["in.wav", "-c", "-1"],
        ["in.wav", "-c", "0"],
        ["in.wav", "-q", "128"], ["in.wav", "-r", "300"], ["in.wav", "--trim", "0"], ["in.wav", "--trim", "x"],
        ["in.wav", "--src-complexity", "best"], ["in.wav", "--format", "xml"], ["in.wav", "--jobs", "0"],
        ["in.wav", "-l", "Quad"], ["in.wav", "--gain", "3", "--normalize", "-16"],
        ["in.wav", "-d", "ima4", "-d", "ulaw"],
        ["in.wav", "-v", "-v"], ["in.wav", "--mix=1"], ["in.wav", "--", "-x.wav"], ["-", "out.caf"],
        ["in.wav", "-vq", "3"],
        ["in.wav", "-o", "a.caf"], ["in.wav", "--gain"],
    ]

    @Test("a plain line is read by the scan exactly as ArgumentParser reads it", arguments: plain)
    func plainLine(_ words: [String]) throws {
        let scanned = try #require(ConvertWords.scan(words), "the scan left \(words) to ArgumentParser")
        let parsed = try Convert.parse(words).words
        #expect(scanned == parsed)
    }

    @Test("any other line is left to ArgumentParser", arguments: leftToArgumentParser)
    func otherLine(_ words: [String]) {
        #expect(ConvertWords.scan(words) == nil)
    }

    @Test("the scan's table is Convert's declarations: every name, flag or option, and which take a leading dash")
    func tableMatchesDeclarations() throws {
        let dump = try #require(
            try JSONSerialization.jsonObject(with: Data(Convert._dumpHelp().utf8)) as? [String: Any])
        let command = try #require(dump["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        var declared: Set<String> = []
        for argument in arguments {
            let kind = try #require(argument["kind"] as? String)
            for name in argument["names"] as? [[String: Any]] ?? [] {
                let n = try #require(name["name"] as? String)
                let nameKind = try #require(name["kind"] as? String)
                let spelled = (nameKind == "long" ? "--" : "-") + n
                if spelled == "--help" || spelled == "-h" || spelled == "--version" { continue }
                declared.insert(spelled)
                let entry = try #require(
                    ConvertOption.named(spelled), "\(spelled) is declared but not in the scan's table")
                #expect((entry.kind == .flag) == (kind == "flag"), "\(spelled)")
                #expect(
                    (entry.kind == .anyValue) == (argument["parsingStrategy"] as? String == "unconditional"),
                    "\(spelled)")
            }
        }
        #expect(Set(Self.spellings) == declared)
        #expect(declared.count == 28)
    }

    // -o is split off before words reach the scan (ConvertRequest.split), which leaves it to ArgumentParser: see
    // leftToArgumentParser.
    /// Every spelling of every option.
    static let spellings = ConvertOption.all.flatMap(\.spellings)

    /// A value for each option that takes one, by its first spelling.
    static let values: [String: String] = [
        "-f": "AIFC", "-d": "BEI24", "-c": "3", "--jobs": "3", "-l": "MidSide", "-q": "17", "-r": "17",
        "--src-complexity": "line", "--trim": "1.25", "--gain": "-0.5", "--true-peak": "-0.5", "--normalize": "-20",
        "--output-dir": "dir", "--format": "github", "--platform": "android",
    ]

    @Test(
        "every name of the table, given once with a value, reads as ArgumentParser reads it",
        arguments: spellings.filter { $0 != "-o" })
    func eachName(_ spelled: String) throws {
        let option = try #require(ConvertOption.named(spelled))
        let isFlag = option.kind == .flag
        let value = option.spellings.first.flatMap { Self.values[$0] }
        let words = ["in.wav"] + [spelled] + (isFlag ? [] : [try #require(value)])
        let scanned = try #require(ConvertWords.scan(words))
        #expect(scanned == (try Convert.parse(words).words))
    }
}
