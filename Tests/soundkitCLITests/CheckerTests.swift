import Foundation
import SoundKitNotifications
import Testing

/// Sounds written by ffmpeg and sox (and one or two by soundkit), good and bad, made once.
enum CheckFixtures {
    static let dir: URL = (try? temporaryDirectory("check-fixtures")) ?? FileManager.default.temporaryDirectory

    static func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// Made once; a tool that fails makes every test that needs the fixtures fail with its message.
    static let made: Result<Void, any Error> = Result { try make() }

    static func ready() throws { try made.get() }

    static func make() throws {
        let d = dir.path
        let chime = "\(d)/source.wav"
        try Tool.must(
            "sox", "-R", "-n", "-r", "44100", "-c", "1", "-b", "16", chime, "synth", "1.2", "pluck", "C5", "fade", "0",
            "1.2", "0.9")
        func ff(_ args: String...) throws { try Tool.must("ffmpeg", ["-v", "error", "-y"] + args) }
        // Bad codecs inside .caf and .wav, written by ffmpeg.
        try ff("-i", chime, "-c:a", "alac", "\(d)/alac.caf")
        try ff("-i", chime, "-c:a", "libmp3lame", "\(d)/mp3.caf")
        try ff("-i", chime, "-ar", "48000", "-c:a", "libopus", "\(d)/opus.caf")
        try ff("-i", chime, "-c:a", "libmp3lame", "-f", "wav", "\(d)/mp3-in.wav")
        // ffmpeg 5 cannot mux AAC into CAF: relabel its ALAC CAF as 'aac ' (the header is what iOS judges first).
        var alac = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(d)/alac.caf")))
        alac.replaceSubrange(28..<32, with: Array("aac ".utf8))
        try Data(alac).write(to: URL(fileURLWithPath: "\(d)/aac.caf"))
        // Lengths: 31 s, exactly 30 s, just under 30 s, 6 s.
        try ff("-f", "lavfi", "-i", "sine=f=440:sample_rate=22050:d=31", "-c:a", "pcm_s16le", "\(d)/long31.wav")
        try ff("-f", "lavfi", "-i", "sine=f=440:sample_rate=8000:d=30", "-c:a", "pcm_s16be", "\(d)/exactly30.caf")
        try ff("-f", "lavfi", "-i", "sine=f=440:sample_rate=8000:d=29.99", "-c:a", "pcm_s16be", "\(d)/under30.aiff")
        try ff("-f", "lavfi", "-i", "sine=f=440:sample_rate=8000:d=6", "-c:a", "pcm_mulaw", "\(d)/six.wav")
        // Good ones in every allowed codec, by ffmpeg and sox.
        try ff("-i", chime, "-c:a", "adpcm_ima_qt", "\(d)/ffmpeg-ima4.caf")
        try ff("-i", chime, "-c:a", "pcm_mulaw", "\(d)/ffmpeg-ulaw.caf")
        try ff("-i", chime, "-c:a", "pcm_alaw", "\(d)/ffmpeg-alaw.wav")
        try ff("-i", chime, "-c:a", "pcm_s16be", "\(d)/ffmpeg-pcm.aiff")
        try Tool.must("sox", chime, "-e", "u-law", "\(d)/sox-ulaw.wav")
        try Tool.must(Tool.soundkit, "convert", chime, "\(d)/soundkit-ima4.caf", "-d", "ima4")
        // Silence, quiet, late; empty, random, misnamed.
        try ff("-f", "lavfi", "-i", "anullsrc=r=22050:cl=mono", "-t", "1", "-c:a", "pcm_s16le", "\(d)/silent.wav")
        try Tool.must("sox", chime, "\(d)/quiet.wav", "gain", "-30")
        try Tool.must("sox", chime, "\(d)/late.wav", "pad", "0.5", "0")
        FileManager.default.createFile(atPath: "\(d)/empty.caf", contents: Data())
        var rng = SystemRandomNumberGenerator()
        FileManager.default.createFile(
            atPath: "\(d)/random.wav", contents: Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }))
        try FileManager.default.copyItem(atPath: "\(d)/ffmpeg-pcm.aiff", toPath: "\(d)/renamed.caf")
    }

    static let good = [
        "ffmpeg-ima4.caf", "ffmpeg-ulaw.caf", "ffmpeg-alaw.wav", "ffmpeg-pcm.aiff", "sox-ulaw.wav", "soundkit-ima4.caf",
    ]
}

struct CheckJSON: Decodable {
    struct File: Decodable {
        struct F: Decodable {
            struct R: Decodable {
                var action, outputName, dataFormat: String
                var trim: Double?
            }
            var severity, rule, message: String
            var remedy: R?
        }
        var path: String
        var container: String?
        var format: String?
        var duration: Double?
        var findings: [F]
    }
    var version: Int
    var files: [File]
}

@Suite("soundkit check", .serialized)
struct CheckerTests {
    init() throws { try CheckFixtures.ready() }

    func check(_ names: [String], _ extra: String...) throws -> Tool.Result {
        try Tool.run(Tool.soundkit, ["check"] + extra + names.map(CheckFixtures.path))
    }

    @Test("good IMA4, µLaw, aLaw and PCM files from ffmpeg, sox and soundkit get no error")
    func goodFiles() throws {
        let r = try check(CheckFixtures.good)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(!r.stdout.contains(": error:"))
    }

    @Test(
        "every bad file gets an error that names it and the rule",
        arguments: [
            ("alac.caf", "codec", "Apple Lossless"), ("mp3.caf", "codec", "MP3"), ("opus.caf", "codec", "Opus"),
            ("aac.caf", "codec", "AAC"),
            ("mp3-in.wav", "codec", "MP3"), ("long31.wav", "duration", "31.0 s"),
            ("exactly30.caf", "duration", "exactly 30 s"),
            ("empty.caf", "unreadable", "empty"),
            ("random.wav", "unreadable", "cannot be read"),
        ])
    func badFiles(_ name: String, _ rule: String, _ words: String) throws {
        let r = try check([name])
        #expect(r.status == 1)
        let line = r.stdout.split(separator: "\n").first {
            $0.hasPrefix("\(CheckFixtures.path(name)): error: ") && $0.hasSuffix("[\(rule)]")
        }
        #expect(line != nil, "\(r.stdout)")
        #expect(line?.contains(words) == true, "\(line ?? "")")
        if rule == "codec" { #expect(line?.contains("soundkit convert") == true) }
    }

    @Test("warnings and notes: renamed container, long banner, quiet, late start; exit 0 unless --strict")
    func warnings() throws {
        let r = try check(["renamed.caf", "six.wav", "quiet.wav", "late.wav", "under30.aiff"])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("renamed.caf: warning: file is AIFF but named .caf"))
        #expect(r.stdout.contains("six.wav: warning: plays for 6.0 s") && r.stdout.contains("[duration-banner]"))
        #expect(r.stdout.contains("quiet.wav: warning: peaks at"))
        #expect(r.stdout.contains("late.wav: warning: starts with 500 ms of silence"))
        let silent = try check(["silent.wav"])
        #expect(silent.status == 0, "\(silent.stdout)")
        #expect(
            silent.stdout.contains(
                "silent.wav: warning: is digital silence: every sample is zero, so iOS plays nothing"))
        #expect(!r.stdout.contains("under30.aiff: error"))
        let strict = try check(["renamed.caf"], "--strict")
        #expect(strict.status == 1 && strict.stdout.contains("renamed.caf: error: "))
    }

    @Test("--format json is versioned and carries every file's facts; --format github annotates")
    func formats() throws {
        let r = try check(["mp3-in.wav", "ffmpeg-ima4.caf"], "--format", "json")
        #expect(r.status == 1)
        let doc = try JSONDecoder().decode(CheckJSON.self, from: r.data)
        #expect(doc.version == 1 && doc.files.count == 2)
        #expect(doc.files[0].findings.contains { $0.severity == "error" && $0.rule == "codec" })
        #expect(doc.files[1].container == "CAF" && doc.files[1].format == "ima4" && doc.files[1].findings.isEmpty)
        let g = try check(["long31.wav"], "--format", "github")
        #expect(g.stdout.hasPrefix("::error file=\(CheckFixtures.path("long31.wav")),title=soundkit duration::"))
    }

    @Test("a folder is searched recursively, by bytes; an app bundle flags sounds in subfolders")
    func foldersAndBundles() throws {
        let dir = try temporaryDirectory()
        let app = dir.appendingPathComponent("Demo.app")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sounds"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: CheckFixtures.path("soundkit-ima4.caf"), toPath: app.appendingPathComponent("top.caf").path)
        try FileManager.default.copyItem(
            atPath: CheckFixtures.path("soundkit-ima4.caf"),
            toPath: app.appendingPathComponent("Sounds/nested.caf").path)
        // A sound without a sound extension is still found by its bytes.
        try FileManager.default.copyItem(
            atPath: CheckFixtures.path("ffmpeg-pcm.aiff"), toPath: app.appendingPathComponent("beep").path)
        FileManager.default.createFile(
            atPath: app.appendingPathComponent("Info.plist").path, contents: Data("<plist/>".utf8))
        let r = try Tool.soundkit("check", app.path)
        #expect(r.status == 0)
        #expect(
            r.stdout.contains("Sounds/nested.caf: warning: sits in a subfolder of the bundle")
                && r.stdout.contains("[subfolder]"))
        // Issue 26: sources disagree on subfolders, so the message says what Apple documents.
        #expect(r.stdout.contains("Apple documents notification sounds only at the bundle's top level"))
        #expect(!r.stdout.contains("top.caf:"))
        #expect(r.stdout.contains("beep: warning: file is AIFF under no extension"))
        #expect(!r.stdout.contains("Info.plist"))
        #expect(r.stderr.contains("checked 3 files"))
    }

    @Test("a linked folder is not followed: a link back up does not list a sound again")
    func folderLinkLoop() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.copyItem(
            atPath: CheckFixtures.path("soundkit-ima4.caf"), toPath: dir.appendingPathComponent("a.caf").path)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("loop").path, withDestinationPath: ".")
        let r = try Tool.soundkit("check", "--no-loudness", dir.path)
        #expect(r.status == 0)
        #expect(r.stderr.contains("checked 1 file"), "\(r.stderr)")
    }

    @Test("--fix writes compliant IMA4 CAFs (trimmed when too long) and never touches the originals")
    func fix() throws {
        let dir = try temporaryDirectory()
        let src = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        for n in ["mp3-in.wav", "long31.wav", "aac.caf", "ffmpeg-pcm.aiff"] {
            try FileManager.default.copyItem(atPath: CheckFixtures.path(n), toPath: src.appendingPathComponent(n).path)
        }
        let before = try FileManager.default.contentsOfDirectory(atPath: src.path).sorted().map {
            try Data(contentsOf: src.appendingPathComponent($0))
        }
        let out = dir.appendingPathComponent("fixed")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let r = try Tool.soundkit("check", src.path, "--fix", out.path)
        #expect(r.status == 1)  // the originals still fail
        #expect(r.stdout.contains("aac.caf: error: cannot fix: "), "\(r.stdout)")
        #expect(
            r.stdout.contains("mp3-in.wav: note: wrote \(out.path)/mp3-in.caf, an IMA4 CAF that passes [fix]"),
            "\(r.stdout)")
        let fixed = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(fixed == ["long31.caf", "mp3-in.caf"])
        let again = try Tool.soundkit("check", "--format", "json", out.path)
        #expect(again.status == 0, "\(again.stdout)")
        let doc = try JSONDecoder().decode(CheckJSON.self, from: again.data)
        #expect(doc.files.allSatisfy { $0.format == "ima4" })
        #expect(doc.files.first { $0.path.hasSuffix("long31.caf") }?.duration == 29.5)
        let after = try FileManager.default.contentsOfDirectory(atPath: src.path).sorted().map {
            try Data(contentsOf: src.appendingPathComponent($0))
        }
        #expect(before == after)
    }

    @Test("--fix results are findings in JSON too, and remedies are data beside the rendered command")
    func fixJSON() throws {
        let dir = try temporaryDirectory()
        for n in ["long31.wav", "aac.caf"] {
            try FileManager.default.copyItem(atPath: CheckFixtures.path(n), toPath: dir.appendingPathComponent(n).path)
        }
        let out = dir.appendingPathComponent("fixed")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let r = try Tool.soundkit("check", "--format", "json", "--no-loudness", "--fix", out.path, dir.path)
        #expect(r.status == 1)
        let doc = try JSONDecoder().decode(CheckJSON.self, from: r.data)
        let long = try #require(doc.files.first { $0.path.hasSuffix("long31.wav") })
        let aac = try #require(doc.files.first { $0.path.hasSuffix("aac.caf") })
        #expect(
            long.findings.contains {
                $0.rule == "fix" && $0.severity == "note" && $0.message.hasSuffix("long31.caf, an IMA4 CAF that passes")
            })
        #expect(
            aac.findings.contains { $0.rule == "fix" && $0.severity == "error" && $0.message.hasPrefix("cannot fix: ") }
        )
        let duration = try #require(long.findings.first { $0.rule == "duration" })
        #expect(
            duration.remedy?.action == "convert" && duration.remedy?.outputName == "long31-short.caf"
                && duration.remedy?.trim == 29.5)
        #expect(
            duration.message.hasSuffix(
                "— trim it: soundkit convert \(dir.path)/long31.wav \(dir.path)/long31-short.caf -d ima4 --trim 29.5"))
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test("--attachment: types by content and size limits; CAF is refused")
    func attachments() throws {
        let dir = try temporaryDirectory()
        let png = dir.appendingPathComponent("pic.png").path
        FileManager.default.createFile(
            atPath: png,
            contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 100)))
        let big = dir.appendingPathComponent("big.wav").path
        try Tool.must("sox", "-n", "-r", "48000", "-c", "2", "-b", "16", big, "synth", "30", "sine", "300")
        let m4a = dir.appendingPathComponent("voice.m4a").path
        try Tool.must("ffmpeg", "-v", "error", "-i", CheckFixtures.path("source.wav"), "-c:a", "aac", m4a)
        let r = try Tool.soundkit(
            "check", "--attachment", CheckFixtures.path("ffmpeg-alaw.wav"), CheckFixtures.path("ffmpeg-ima4.caf"), png,
            big, m4a, CheckFixtures.path("random.wav"))
        #expect(r.status == 1)
        #expect(
            r.stdout.contains("ffmpeg-ima4.caf: error: file is CAF, which UNNotificationAttachment does not accept"))
        #expect(r.stdout.contains("big.wav: error: WAV audio of 5.8 MB is over the 5.0 MB limit"))
        #expect(r.stdout.contains("random.wav: error: file is an unrecognised file"))
        #expect(
            !r.stdout.contains("pic.png") && !r.stdout.contains("voice.m4a") && !r.stdout.contains("ffmpeg-alaw.wav"))
    }
}

@Suite("soundkit resolve and payload")
struct ResolveTests {
    /// An app container, two group containers and a bundle, with names placed to test the order.
    static func layout() throws -> (app: String, g1: String, g2: String, bundle: String, root: URL) {
        let root = try temporaryDirectory()
        let fm = FileManager.default
        func put(_ rel: String) throws {
            let url = root.appendingPathComponent(rel)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try CheckFixtures.ready()
            try fm.copyItem(atPath: CheckFixtures.path("soundkit-ima4.caf"), toPath: url.path)
        }
        try put("app/Library/Sounds/both.caf")
        try put("group1/Library/Sounds/both.caf")
        try put("group1/Library/Sounds/group.caf")
        try put("group2/Library/Sounds/group.caf")
        try put("Demo.app/both.caf")
        try put("Demo.app/bundle.caf")
        try put("Demo.app/alert.caf")
        try put("Demo.app/Sounds/nested.caf")
        try put("Demo.app/chime.wav")
        let p = { (s: String) in root.appendingPathComponent(s).path }
        return (p("app"), p("group1"), p("group2"), p("Demo.app"), root)
    }

    func resolve(_ name: String, _ extra: String...) throws -> Tool.Result {
        let l = try Self.layout()
        return try Tool.run(
            Tool.soundkit,
            [
                "resolve", name, "--app-container", l.app, "--group-container", l.g1,
                "--group-container", l.g2, "--bundle", l.bundle,
            ] + extra)
    }

    @Test("search order: app container, then groups in order, then the bundle; -v lists the shadowed")
    func order() throws {
        var r = try resolve("both.caf", "-v")
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first?.hasSuffix("app/Library/Sounds/both.caf") == true)
        #expect(
            r.stdout.contains("group1/Library/Sounds/both.caf: note: shadowed")
                && r.stdout.contains("Demo.app/both.caf: note: shadowed"))
        r = try resolve("group.caf")
        #expect(r.stdout.hasSuffix("group1/Library/Sounds/group.caf\n"))
        r = try resolve("bundle.caf")
        #expect(r.status == 0 && r.stdout.hasSuffix("Demo.app/bundle.caf\n"))
    }

    @Test(
        "case-sensitive, extension required, near misses suggested, subfolders never match",
        arguments: [
            ("Alert.caf", "other case"), ("chime.caf", "other extension"), ("bundle", "other extension"),
            ("nested.caf", "only in a subfolder"),
        ])
    func misses(_ name: String, _ hint: String) throws {
        let r = try resolve(name)
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("\(name): error: "))
        #expect(r.stderr.contains(hint), "\(r.stderr)")
    }

    func payload(_ json: String, locations: Bool = true) throws -> Tool.Result {
        let l = try Self.layout()
        let file = l.root.appendingPathComponent("p.json")
        try Data(json.utf8).write(to: file)
        let loc = locations ? ["--app-container", l.app, "--group-container", l.g1, "--bundle", l.bundle] : []
        return try Tool.run(Tool.soundkit, ["payload", file.path] + loc)
    }

    @Test("payload -: a read error on standard input is reported as one, not as a JSON syntax error")
    func standardInputReadError() throws {
        // Standard input is a folder: read(2) fails with EISDIR.
        let dir = try temporaryDirectory()
        let r = try Tool.run("/bin/sh", ["-c", "exec \"$0\" payload - < \"$1\"", Tool.soundkit, dir.path])
        #expect(r.status == 1)
        #expect(r.stderr == "-: error: cannot read standard input: Is a directory\n", "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("valid payloads: default, a name that resolves, a critical dictionary, the FCM v1 shape")
    func validPayloads() throws {
        for json in [
            #"{"aps":{"alert":"hi","sound":"default"}}"#, #"{"aps":{"sound":"bundle.caf"}}"#,
            #"{"aps":{"sound":{"critical":1,"name":"both.caf","volume":0.8}}}"#,
            #"{"message":{"token":"x","apns":{"payload":{"aps":{"sound":{"critical":0,"name":"default","volume":1}}}}}}"#,
        ] {
            let r = try payload(json)
            #expect(r.status == 0, "\(json): \(r.stdout)")
        }
    }

    @Test(
        "typed errors in aps.sound",
        arguments: [
            (#"{"aps":{"sound":{"critical":"1","name":"both.caf"}}}"#, "critical is the string \"1\""),
            (#"{"aps":{"sound":{"critical":1,"name":"both.caf","volume":"0.5"}}}"#, "volume is the string \"0.5\""),
            (#"{"aps":{"sound":{"critical":1,"name":"both.caf","volume":2.0}}}"#, "volume is 2.0"),
            (#"{"aps":{"sound":{"critical":1.0,"name":"both.caf"}}}"#, "critical is the number 1.0"),
            (#"{"aps":{"sound":{"critical":1,"name":""}}}"#, "name is empty"),
            (#"{"aps":{"sound":true}}"#, "sound is true"),
            (#"{"aps":{"sound":"Alert.caf"}}"#, "did you mean 'alert.caf'"),
            (#"{"aps":{"sound":"nested.caf"}}"#, "only in a subfolder"),
            (#"{"aps":{"sound":"x.caf",}}"#, "invalid JSON at line 1, column 25"),
        ])
    func badPayloads(_ json: String, _ words: String) throws {
        let r = try payload(json)
        #expect(r.status == 1)
        #expect(r.stdout.contains(": error: ") && r.stdout.contains(words), "\(r.stdout)")
    }

    @Test("a payload over 4096 bytes is refused")
    func size() throws {
        let filler = String(repeating: "x", count: 4100)
        let r = try payload(#"{"aps":{"sound":"default","alert":"\#(filler)"}}"#)
        #expect(
            r.status == 1 && r.stdout.contains("APNs refuses payloads over 4096 bytes")
                && r.stdout.contains("[payload-size]"))
    }
}

@Suite("Xcode build phase")
struct BuildPhaseTests {
    /// Runs scripts/xcode-check-sounds.sh as an Xcode Run Script phase does: environment, not arguments.
    func runPhase(bundle: URL, environment: [String: String] = [:]) throws -> Tool.Result {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/xcode-check-sounds.sh").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = [script]
        var env = Tool.environment
        env["TARGET_BUILD_DIR"] = bundle.deletingLastPathComponent().path
        env["WRAPPER_NAME"] = bundle.lastPathComponent
        env["SOUNDKIT"] = Tool.soundkit
        p.environment = env.merging(environment) { $1 }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Tool.Result(
            status: p.terminationStatus, data: data, errorData: Data())
    }

    @Test("the Run Script snippet fails the build on a bad sound and passes a good bundle")
    func phase() throws {
        try CheckFixtures.ready()
        let dir = try temporaryDirectory()
        let app = dir.appendingPathComponent("Demo.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: CheckFixtures.path("soundkit-ima4.caf"), toPath: app.appendingPathComponent("ok.caf").path)
        var r = try runPhase(bundle: app)
        #expect(r.status == 0, "\(r.stdout)")
        try FileManager.default.copyItem(
            atPath: CheckFixtures.path("mp3.caf"), toPath: app.appendingPathComponent("bad.caf").path)
        r = try runPhase(bundle: app)
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(app.path)/bad.caf: error: data format is MP3"))
    }

    @Test("a finding on a file copied from the project names the project's file; success touches the phase's output")
    func projectPaths() throws {
        try CheckFixtures.ready()
        let dir = try temporaryDirectory()
        let project = dir.appendingPathComponent("Project")
        let sounds = project.appendingPathComponent("App/Sounds")
        let app = dir.appendingPathComponent("DerivedData/Build/Products/Debug-iphoneos/Demo.app")
        for folder in [sounds, app] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        // bad.caf and six.wav are copied as they are; edited.wav's bundle copy differs from the project's file.
        for (fixture, name) in [("mp3.caf", "bad.caf"), ("six.wav", "six.wav"), ("mp3.caf", "edited.caf")] {
            try FileManager.default.copyItem(
                atPath: CheckFixtures.path(fixture), toPath: app.appendingPathComponent(name).path)
        }
        for (fixture, name) in [("mp3.caf", "bad.caf"), ("six.wav", "six.wav"), ("soundkit-ima4.caf", "edited.caf")] {
            try FileManager.default.copyItem(
                atPath: CheckFixtures.path(fixture), toPath: sounds.appendingPathComponent(name).path)
        }
        let stamp = dir.appendingPathComponent("DerivedData/soundkit-check.stamp")
        let env = ["SRCROOT": project.path, "SCRIPT_OUTPUT_FILE_0": stamp.path]
        let r = try runPhase(bundle: app, environment: env)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("\(sounds.path)/bad.caf: error: data format is MP3") }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("\(sounds.path)/six.wav: warning: plays for 6.0 s") }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("\(app.path)/edited.caf: error: data format is MP3") }, "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: stamp.path))
        for name in ["bad.caf", "edited.caf"] {
            try FileManager.default.removeItem(at: app.appendingPathComponent(name))
        }
        let ok = try runPhase(bundle: app, environment: env)
        #expect(ok.status == 0, "\(ok.stdout)")
        #expect(FileManager.default.fileExists(atPath: stamp.path))
    }

    @Test(
        "the phase reports a name the project's code passes that the app does not carry, at its line; mended, it passes"
    )
    func namesInCode() throws {
        try CheckFixtures.ready()
        let dir = try temporaryDirectory()
        let project = dir.appendingPathComponent("Project")
        let app = dir.appendingPathComponent("DerivedData/Demo.app")
        // ExampleProject's app target Runner keeps its files in the folder Runner beside Runner.xcodeproj.
        let runner = project.appendingPathComponent("Runner")
        for folder in [runner, app, project.appendingPathComponent("Runner.xcodeproj")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for target in [app, runner] {
            try FileManager.default.copyItem(
                atPath: CheckFixtures.path("soundkit-ima4.caf"), toPath: target.appendingPathComponent("ok.caf").path)
        }
        try Data(ExampleProject.pbxproj(files: ["ok.caf"], resources: ["ok.caf"]).utf8).write(
            to: project.appendingPathComponent("Runner.xcodeproj/project.pbxproj"))
        let code = runner.appendingPathComponent("Notify.swift")
        func name(_ sound: String) throws {
            let swift = """
                import UserNotifications

                func schedule(_ content: UNMutableNotificationContent) {
                    content.sound = UNNotificationSound(named: UNNotificationSoundName("\(sound)"))
                }

                """
            try Data(swift.utf8).write(to: code)
        }
        try name("missing.caf")
        let env = ["SRCROOT": project.path]
        let r = try runPhase(bundle: app, environment: env)
        #expect(r.status == 1, "\(r.stdout)")
        #expect(
            r.stdout.contains("\(project.path)/Runner/Notify.swift:4:72: error: no sound named 'missing.caf'"),
            "\(r.stdout)")
        let off = try runPhase(bundle: app, environment: env.merging(["SOUNDKIT_CHECK_SOURCES": "0"]) { $1 })
        #expect(off.status == 0, "\(off.stdout)")
        try name("ok.caf")
        let ok = try runPhase(bundle: app, environment: env)
        #expect(ok.status == 0, "\(ok.stdout)")
    }
}
