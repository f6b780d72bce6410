import Foundation
import Testing

@Suite("convert --output-dir: many files in one run", .tags(.binary))
struct BatchCLITests {
    /// A folder of sounds in subfolders (sox and libsndfile wrote them), a text file and a hidden file.
    func makeTree() throws -> URL {
        let dir = try temporaryDirectory()
        let src = dir.appendingPathComponent("Sounds")
        try FileManager.default.createDirectory(
            at: src.appendingPathComponent("alerts/loud"), withIntermediateDirectories: true)
        let p = { (n: String) in src.appendingPathComponent(n).path }
        try Tool.must(
            "sox", "-R", "-n", "-r", "44100", "-c", "2", "-b", "16", p("chime.wav"), "synth", "0.8", "pluck", "440")
        try Tool.must(
            "sox", "-R", "-n", "-r", "22050", "-c", "1", "-b", "24", p("alerts/ping.aiff"), "synth", "0.4", "sine",
            "880")
        try Tool.must(
            "sox", "-R", "-n", "-r", "48000", "-c", "1", "-b", "16", p("alerts/loud/horn.flac"), "synth", "0.5",
            "square", "300")
        try Tool.must("sndfile-convert", "-ima-adpcm", p("chime.wav"), p("alerts/old.aifc"))
        try Data("release notes".utf8).write(to: URL(fileURLWithPath: p("README.txt")))
        try Data("junk".utf8).write(to: URL(fileURLWithPath: p(".DS_Store")))
        return dir
    }

    func files(under dir: URL) throws -> [String] {
        let e = FileManager.default.enumerator(atPath: dir.path)
        var out: [String] = []
        while let f = e?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(f).path, isDirectory: &isDir),
                !isDir.boolValue
            {
                out.append(f)
            }
        }
        return out.sorted()
    }

    @Test(
        "folders are recursed and their subfolders kept; files are judged by content; each output is what a single conversion writes"
    )
    func tree() throws {
        let dir = try makeTree()
        let src = dir.appendingPathComponent("Sounds")
        let out = dir.appendingPathComponent("out")
        let r = try Tool.soundkit(
            "convert", src.path, "--output-dir", out.path, "-f", "caff", "-d", "ima4", "--jobs", "3")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try files(under: out) == ["alerts/loud/horn.caf", "alerts/old.caf", "alerts/ping.caf", "chime.caf"])
        #expect(r.stderr.contains("\(src.path)/README.txt: note: skipped, not audio"))
        #expect(!r.stderr.contains(".DS_Store"), "hidden files are not looked at")
        #expect(
            r.stderr.hasSuffix("\n")
                && r.stderr.contains("soundkit: converted 4 files, 0 failed, 1 skipped (not audio), in "))
        #expect(!r.stderr.contains("\r") && !r.stderr.contains("\u{1B}"), "piped: no carriage returns, no escapes")
        for rel in ["chime", "alerts/ping", "alerts/old", "alerts/loud/horn"] {
            let input = try #require(try files(under: src).first { $0.hasPrefix(rel + ".") })
            let single = dir.appendingPathComponent("single.caf").path
            try Tool.must(Tool.soundkit, ["convert", src.appendingPathComponent(input).path, single, "-d", "ima4"])
            #expect(
                try Data(contentsOf: out.appendingPathComponent(rel + ".caf"))
                    == Data(contentsOf: URL(fileURLWithPath: single)), "\(rel)")
        }
    }

    @Test("two inputs that would write the same output are refused before anything is written, naming both")
    func collision() throws {
        let dir = try makeTree()
        let src = dir.appendingPathComponent("Sounds")
        let out = dir.appendingPathComponent("out")
        try Tool.must(
            "sox", "-n", "-r", "22050", "-c", "1", "-b", "16", src.appendingPathComponent("Chime.aiff").path, "synth",
            "0.2", "sine", "500")
        let r = try Tool.soundkit("convert", src.path, "--output-dir", out.path, "-f", "caff")
        #expect(r.status == 1)
        #expect(
            r.stderr.contains(
                "\(out.path)/Chime.caf: error: \(src.path)/Chime.aiff and \(src.path)/chime.wav would all be written here"
            ))
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing written, not even the folder")

        // A file named twice is the same collision.
        let twice = try Tool.soundkit(
            "convert", src.appendingPathComponent("chime.wav").path, src.appendingPathComponent("chime.wav").path,
            "--output-dir", out.path, "-f", "WAVE")
        #expect(twice.status == 1 && !FileManager.default.fileExists(atPath: out.path))
    }

    @Test("a bad file is reported as path: error: and the rest finish; exit 1; the summary counts both")
    func badFile() throws {
        let dir = try makeTree()
        let src = dir.appendingPathComponent("Sounds")
        let out = dir.appendingPathComponent("out")
        let bad = src.appendingPathComponent("broken.wav").path
        let good = try Data(contentsOf: src.appendingPathComponent("chime.wav"))
        try good.prefix(30).write(to: URL(fileURLWithPath: bad))  // a RIFF header cut inside 'fmt '
        let missing = dir.appendingPathComponent("nope.wav").path
        let r = try Tool.soundkit("convert", src.path, missing, "--output-dir", out.path, "-f", "WAVE", "-d", "ulaw")
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(bad): error: "))
        #expect(r.stderr.contains("\(missing): error: cannot open it"))
        #expect(r.stderr.contains("soundkit: converted 4 files, 2 failed, 1 skipped (not audio), in "))
        #expect(try files(under: out) == ["alerts/loud/horn.wav", "alerts/old.wav", "alerts/ping.wav", "chime.wav"])
        #expect(try Decoded.ffmpeg(out.appendingPathComponent("chime.wav").path).codec == "pcm_mulaw")
    }

    @Test(
        "a file named on the command line whose bytes are not audio is an error, not skipped; the others convert; exit 1"
    )
    func namedFileNotAudio() throws {
        let dir = try makeTree()
        let src = dir.appendingPathComponent("Sounds")
        let out = dir.appendingPathComponent("out")
        let broken = dir.appendingPathComponent("broken.wav").path
        try Data("these bytes are not audio".utf8).write(to: URL(fileURLWithPath: broken))
        let r = try Tool.soundkit("convert", src.path, broken, "--output-dir", out.path, "-f", "caff", "-d", "ima4")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("\(broken): error: "), "\(r.stderr)")
        #expect(!r.stderr.contains("\(broken): note: skipped"))
        #expect(
            r.stderr.contains("\(src.path)/README.txt: note: skipped, not audio"),
            "a file found in a folder is still skipped")
        #expect(r.stderr.contains("soundkit: converted 4 files, 1 failed, 1 skipped (not audio), in "), "\(r.stderr)")
        #expect(try files(under: out) == ["alerts/loud/horn.caf", "alerts/old.caf", "alerts/ping.caf", "chime.caf"])
        let j = try Tool.soundkit(
            "convert", broken, "--output-dir", dir.appendingPathComponent("j").path, "-f", "caff", "--format", "json")
        let doc = try #require(try JSONSerialization.jsonObject(with: j.data) as? [String: Any])
        #expect(j.status == 1 && doc["failed"] as? Int == 1 && (doc["skipped"] as? [Any])?.isEmpty == true)
        #expect((doc["files"] as? [[String: Any]])?.first?["input"] as? String == broken)
    }

    @Test("--format json: one document with every file; github: annotations; notes for skipped files")
    func formats() throws {
        let dir = try makeTree()
        let src = dir.appendingPathComponent("Sounds")
        let j = try Tool.soundkit(
            "convert", src.path, "--output-dir", dir.appendingPathComponent("j").path, "-f", "caff", "--format", "json")
        #expect(j.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: j.data) as? [String: Any])
        #expect(doc["version"] as? Int == 1 && doc["converted"] as? Int == 4 && doc["failed"] as? Int == 0)
        #expect(
            (doc["skipped"] as? [[String: Any]])?.first?["path"] as? String
                == src.appendingPathComponent("README.txt").path)
        #expect((doc["files"] as? [[String: Any]])?.count == 4)
        let g = try Tool.soundkit(
            "convert", src.path, "--output-dir", dir.appendingPathComponent("g").path, "-f", "caff", "--format",
            "github")
        #expect(
            g.stdout.contains(
                "::notice file=\(src.appendingPathComponent("README.txt").path),title=soundkit convert::skipped, not audio"
            ))
    }

    @Test("on a terminal a live progress line is rewritten on standard error; -v lists the outputs")
    func progressOnTerminal() throws {
        let dir = try makeTree()
        let src = dir.appendingPathComponent("Sounds")
        let out = dir.appendingPathComponent("out")
        // script(1) runs the command on a pseudo-terminal.
        let command = "'\(Tool.soundkit)' convert '\(src.path)' --output-dir '\(out.path)' -f caff -v"
        let r = try Tool.must("script", "-qec", command, "/dev/null")
        #expect(r.stdout.contains("\r\u{1B}[K[0/4] "), "the line starts at 0 of 4")
        #expect(r.stdout.contains("[4/4] "))
        #expect(r.stdout.contains("Output file: \(out.path)/chime.caf, caff, 2 ch, 44100 Hz, BEI16"))
        #expect(r.stdout.contains("soundkit: converted 4 files, 0 failed"))
    }

    @Test("usage: --output-dir needs -f and inputs; --jobs only with it and from 1; -o does not go with it")
    func usage() throws {
        let dir = try makeTree()
        let src = dir.appendingPathComponent("Sounds").path
        let out = dir.appendingPathComponent("out").path
        for (args, words) in [
            (["convert", src, "--output-dir", out], "--output-dir needs -f"),
            (["convert", "--output-dir", out, "-f", "caff"], "name the files or folders"),
            (["convert", src, "--output-dir", out, "-f", "caff", "--jobs", "0"], "--jobs takes"),
            (["convert", src + "/chime.wav", "x.caf", "--jobs", "2"], "--jobs applies to --output-dir"),
            (["convert", src, "--output-dir", out, "-o", "x.caf"], "-o and --output-dir do not go together"),
        ] {
            let r = try sk(args)
            #expect(r.status == 64 && r.stderr.contains(words), "\(args): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
