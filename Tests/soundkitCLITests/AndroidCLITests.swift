import Foundation
import Testing

/// Whether ffmpeg, ffprobe and sox are on the PATH: the Android tests make and decode their files with them, and
/// are skipped (and listed as skipped) without them.
let androidTools = ["ffmpeg", "ffprobe", "sox"].allSatisfy { (try? Tool.which($0)) != nil }

@Suite(
    "Ogg Vorbis out and convert --platform", .enabled(if: androidTools, "needs ffmpeg, ffprobe and sox"), .tags(.oracle)
)
struct AndroidConvertTests {
    @Test("convert IN OUT.ogg writes Vorbis that FFmpeg decodes to the source's length, short sounds too")
    func oggLength() throws {
        let dir = try temporaryDirectory()
        for (name, rate, channels, seconds, quality) in [
            ("short", "48000", "1", "0.2", "64"), ("stereo", "44100", "2", "1.3", "0"),
            ("best", "22050", "1", "0.5", "127"),
        ] {
            let wav = dir.appendingPathComponent("\(name).wav").path
            let ogg = dir.appendingPathComponent("\(name).ogg").path
            try Tool.must(
                "sox", "-R", "-n", "-r", rate, "-c", channels, "-b", "16", wav, "synth", seconds, "pluck", "440")
            let r = try Tool.soundkit("convert", wav, ogg, "-q", quality)
            #expect(r.status == 0, "\(r.stderr)")
            let source = try Decoded.ffmpeg(wav)
            let decoded = try Decoded.ffmpeg(ogg)
            #expect(decoded.codec == "vorbis")
            #expect(decoded.frames == source.frames, "\(name): \(decoded.frames) frames decoded of \(source.frames)")
            #expect(decoded.channels == source.channels && decoded.sampleRate == source.sampleRate)
        }
    }

    @Test("-q sets Vorbis's quality: 0 writes a smaller file than 127; -d vorbis goes only into Ogg")
    func oggQuality() throws {
        let dir = try temporaryDirectory()
        let wav = dir.appendingPathComponent("in.wav").path
        try Tool.must("sox", "-R", "-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "1", "pinknoise")
        let small = dir.appendingPathComponent("small.ogg").path
        let big = dir.appendingPathComponent("big.ogg").path
        #expect(try Tool.soundkit("convert", wav, small, "-q", "0").status == 0)
        #expect(try Tool.soundkit("convert", wav, big, "-q", "127").status == 0)
        let size = { (p: String) in (try? FileManager.default.attributesOfItem(atPath: p)[.size] as? Int) ?? 0 }
        #expect(size(small) > 0 && size(small) < size(big))
        #expect(try Tool.soundkit("convert", wav, dir.appendingPathComponent("d.ogg").path, "-d", "vorbis").status == 0)
        let refused = try Tool.soundkit("convert", wav, dir.appendingPathComponent("x.caf").path, "-d", "vorbis")
        #expect(refused.status != 0 && refused.stderr.contains("cannot hold data format vorbis"))
    }

    /// Sounds whose names iOS keeps and Android must change.
    func makeSounds(_ dir: URL, names: [String]) throws -> URL {
        let src = dir.appendingPathComponent("Sounds")
        try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        for name in names {
            try Tool.must(
                "sox", "-R", "-n", "-r", "44100", "-c", "1", "-b", "16", src.appendingPathComponent(name).path,
                "synth", "0.6", "sine", "660")
        }
        return src
    }

    @Test(
        "--platform all: DIR/ios/NAME.caf in IMA4 and DIR/android/res/raw/SAFE.ogg in Vorbis, names printed and in JSON"
    )
    func platformAll() throws {
        let dir = try temporaryDirectory()
        let src = try makeSounds(dir, names: ["New Message.wav", "1up.aiff", "default.wav"])
        let out = dir.appendingPathComponent("out").path
        let r = try Tool.soundkit("convert", src.path, "--output-dir", out, "--platform", "all", "--normalize", "-20")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("New Message.wav: ios New Message.caf, android new_message"))
        #expect(r.stdout.contains("1up.aiff: ios 1up.caf, android sound_1up"))
        #expect(r.stdout.contains("default.wav: ios default.caf, android default_sound"))
        for (file, codec) in [
            ("ios/New Message.caf", "adpcm_ima_qt"), ("ios/1up.caf", "adpcm_ima_qt"),
            ("android/res/raw/new_message.ogg", "vorbis"), ("android/res/raw/sound_1up.ogg", "vorbis"),
            ("android/res/raw/default_sound.ogg", "vorbis"),
        ] {
            #expect(try Decoded.ffmpeg("\(out)/\(file)").codec == codec, "\(file)")
        }
        let json = try Tool.soundkit(
            "convert", src.path, "--output-dir", dir.appendingPathComponent("json").path, "--platform", "android",
            "--format", "json")
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""name" : "new_message""#) && json.stdout.contains(#""platform" : "android""#))
        #expect(!json.stdout.contains(#""platform" : "ios""#))
    }

    @Test("--platform android: two inputs with one Android name are refused before anything is written, naming both")
    func platformCollision() throws {
        let dir = try temporaryDirectory()
        let src = try makeSounds(dir, names: ["New-Message.wav", "new message.wav", "other.wav"])
        let out = dir.appendingPathComponent("out")
        let r = try Tool.soundkit("convert", src.path, "--output-dir", out.path, "--platform", "android")
        #expect(r.status == 1)
        #expect(r.stderr.contains("New-Message.wav") && r.stderr.contains("new message.wav"), "\(r.stderr)")
        #expect(r.stderr.contains("new_message.ogg"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("android/res/raw/other.ogg").path))
        // iOS keeps the names, which differ: no collision there.
        let ios = try Tool.soundkit("convert", src.path, "--output-dir", out.path, "--platform", "ios")
        #expect(ios.status == 0, "\(ios.stderr)")
    }

    @Test("--platform needs --output-dir, and takes ios, android or all")
    func platformRefusals() throws {
        let dir = try temporaryDirectory()
        let src = try makeSounds(dir, names: ["a.wav"])
        let alone = try Tool.soundkit("convert", src.appendingPathComponent("a.wav").path, "--platform", "android")
        #expect(alone.status == 64 && alone.stderr.contains("--platform applies to --output-dir runs"))
        let bad = try Tool.soundkit("convert", src.path, "--output-dir", dir.path + "/o", "--platform", "windows")
        #expect(bad.status != 0 && bad.stderr.contains("--platform takes ios, android or all"))
    }
}

@Suite(
    "check: Android's rules where files are Android's", .enabled(if: androidTools, "needs ffmpeg, ffprobe and sox"),
    .tags(.oracle))
struct AndroidCheckTests {
    /// A sound made by sox (or ffmpeg for Ogg Vorbis) at `path`, folders made.
    func sound(_ path: URL, _ extra: [String] = []) throws {
        try FileManager.default.createDirectory(
            at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        if path.pathExtension == "ogg" {
            try Tool.must("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=d=0.5", "-c:a", "libvorbis", path.path)
        } else {
            try Tool.must(
                "sox", ["-n", "-r", "44100", "-c", "1"] + extra + [path.path, "synth", "0.5", "sine", "600"])
        }
    }

    func write(_ text: String, _ path: URL) throws {
        try FileManager.default.createDirectory(
            at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }

    /// `soundkit check --no-loudness ARGS`, its findings (standard output) and summary (standard error) as one
    /// text in `stderr`.
    func check(_ args: String...) throws -> Tool.Result {
        var r = try Tool.run(Tool.soundkit, ["check", "--no-loudness"] + args)
        r.stderr = r.stdout + r.stderr
        return r
    }

    @Test("a res/raw folder: names, formats, duplicates and empty files by Android's rules, good Ogg quiet")
    func resRaw() throws {
        let raw = try temporaryDirectory().appendingPathComponent("res/raw")
        try sound(raw.appendingPathComponent("good_one.ogg"))
        try sound(raw.appendingPathComponent("pcm.wav"), ["-b", "16"])
        try sound(raw.appendingPathComponent("New-Alert.wav"), ["-b", "16"])
        try sound(raw.appendingPathComponent("1up.ogg"))
        try sound(raw.appendingPathComponent("bell.aiff"), ["-b", "16"])
        try sound(raw.appendingPathComponent("ulaw.wav"), ["-e", "u-law"])
        try sound(raw.appendingPathComponent("chime.ogg"))
        try sound(raw.appendingPathComponent("chime.wav"), ["-b", "16"])
        try write("", raw.appendingPathComponent("empty.ogg"))
        let r = try check(raw.path)
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n")
        func findings(_ name: String) -> [Substring] { lines.filter { $0.contains("/res/raw/\(name):") } }
        #expect(findings("good_one.ogg").isEmpty && findings("pcm.wav").isEmpty, "\(r.stderr)")
        #expect(findings("New-Alert.wav").contains { $0.contains("[android-name]") && $0.contains("new_alert.wav") })
        #expect(findings("1up.ogg").contains { $0.contains("leading digit") && $0.contains("[android-name]") })
        #expect(findings("bell.aiff").contains { $0.contains("[android-format]") && $0.contains("-d vorbis") })
        #expect(findings("ulaw.wav").contains { $0.contains("[android-format]") && $0.contains("ulaw") })
        #expect(findings("chime.wav").contains { $0.contains("[android-duplicate]") && $0.contains("chime.ogg") })
        #expect(!findings("chime.ogg").contains { $0.contains("[android-duplicate]") })
        #expect(findings("empty.ogg").contains { $0.contains("[unreadable]") && $0.contains("empty") })
        // iOS's rules do not apply: an Ogg file is no container error here.
        #expect(!r.stderr.contains("[container]") && !r.stderr.contains("[codec]"))
        // A file of a res/raw named alone is Android's too.
        let alone = try check(raw.appendingPathComponent("1up.ogg").path)
        #expect(alone.stderr.contains("[android-name]") && !alone.stderr.contains("[container]"), "\(alone.stderr)")
        // --platform ios judges the same folder by iOS's rules.
        let ios = try check("--platform", "ios", raw.path)
        #expect(ios.stderr.contains("good_one.ogg") && ios.stderr.contains("[container]"))
    }

    @Test(
        "an Android project: its modules' res/raw found below the root; the same names in two modules are no duplicate")
    func project() throws {
        let root = try temporaryDirectory().appendingPathComponent("proj")
        try write("include ':app', ':lib'\n", root.appendingPathComponent("settings.gradle"))
        try sound(root.appendingPathComponent("app/src/main/res/raw/chime.ogg"))
        try sound(root.appendingPathComponent("lib/src/main/res/raw/chime.wav"), ["-b", "16"])
        try sound(root.appendingPathComponent("app/build/intermediates/res/raw/Bad-Name.aiff"), ["-b", "16"])
        let r = try check(root.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("checked 2 files: 0 errors"), "\(r.stderr)")
        // A folder that holds one (a React Native or Flutter root): the iOS side by iOS's rules, the Android side by
        // Android's.
        let top = root.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: top.appendingPathComponent("ios"), withIntermediateDirectories: true)
        try Tool.must(
            Tool.soundkit, "convert", root.appendingPathComponent("lib/src/main/res/raw/chime.wav").path,
            top.appendingPathComponent("ios/chime.caf").path, "-d", "ima4")
        let mixed = try check(top.path)
        #expect(mixed.status == 0 && mixed.stderr.contains("checked 3 files: 0 errors"), "\(mixed.stderr)")
    }

    @Test("android-shrink: shrinkResources without a keep file warns with the keep.xml; a keep file quiets it")
    func shrink() throws {
        let root = try temporaryDirectory().appendingPathComponent("proj")
        let build = root.appendingPathComponent("app/build.gradle.kts")
        try write("android { buildTypes { release { isShrinkResources = true } } }\n", build)
        try sound(root.appendingPathComponent("app/src/main/res/raw/chime.ogg"))
        try sound(root.appendingPathComponent("app/src/main/res/raw/alert.ogg"))
        let r = try check(root.path)
        #expect(r.stderr.contains("build.gradle.kts: warning:") && r.stderr.contains("[android-shrink]"), "\(r.stderr)")
        #expect(r.stderr.contains("src/main/res/raw/keep.xml") && r.stderr.contains(#"tools:keep="@raw/*""#))
        #expect(r.stderr.contains("raw/alert, raw/chime"))
        // Keeping one name leaves the other named.
        let keep = root.appendingPathComponent("app/src/main/res/xml/keep.xml")
        try write(#"<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/chime" />"#, keep)
        let partly = try check(root.path)
        #expect(partly.stderr.contains("keeps raw/alert:"), "\(partly.stderr)")
        try write(
            #"<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/chime,@raw/al*" />"#, keep)
        #expect(!(try check(root.path)).stderr.contains("[android-shrink]"))
        // Shrinking off, or only in a comment: quiet.
        try FileManager.default.removeItem(at: keep)
        try write("// isShrinkResources = true\nandroid { }\n", build)
        #expect(!(try check(root.path)).stderr.contains("[android-shrink]"))
    }

    @Test("--platform android judges a plain folder by Android's rules")
    func platformAndroid() throws {
        let dir = try temporaryDirectory().appendingPathComponent("sounds")
        try sound(dir.appendingPathComponent("good.ogg"))
        try sound(dir.appendingPathComponent("Bad Name.ogg"))
        let r = try check("--platform", "android", dir.path)
        #expect(r.stderr.contains("Bad Name.ogg: error:") && r.stderr.contains("[android-name]"), "\(r.stderr)")
        #expect(!r.stderr.contains("good.ogg: error"))
        let ios = try check(dir.path)
        #expect(ios.stderr.contains("good.ogg: error:") && !ios.stderr.contains("[android-name]"))
    }

    @Test("Expo: each sound the expo-notifications plugin lists judged for both platforms; a missing one is an error")
    func expo() throws {
        let root = try temporaryDirectory().appendingPathComponent("app")
        try sound(root.appendingPathComponent("assets/ok.wav"), ["-b", "16"])
        try sound(root.appendingPathComponent("assets/Alert-1.wav"), ["-b", "16"])
        try sound(root.appendingPathComponent("assets/unlisted.ogg"))
        try Tool.must(
            Tool.soundkit, "convert", root.appendingPathComponent("assets/ok.wav").path,
            root.appendingPathComponent("assets/chime.caf").path, "-d", "ima4")
        let config = """
            {"expo": {"name": "x", "plugins": ["expo-router", ["expo-notifications", {"sounds": [
            "./assets/ok.wav", "./assets/chime.caf", "./assets/Alert-1.wav", "./assets/missing.wav"]}]]}}
            """
        try write(config, root.appendingPathComponent("app.json"))
        let r = try check(root.path)
        #expect(r.status == 1)
        #expect(!r.stderr.contains("ok.wav: error") && !r.stderr.contains("unlisted.ogg"), "\(r.stderr)")
        #expect(
            r.stderr.contains("chime.caf: error: for Android:") && r.stderr.contains("a 16-bit PCM WAV plays on both")
                && r.stderr.contains("[android-format]"))
        #expect(r.stderr.contains("Alert-1.wav: error: for Android:") && r.stderr.contains("[android-name]"))
        #expect(r.stderr.contains("app.json: error:") && r.stderr.contains("./assets/missing.wav"))
        // Without the plugin's sounds the folder is walked as before, by iOS's rules.
        try write(#"{"expo": {"plugins": ["expo-notifications"]}}"#, root.appendingPathComponent("app.json"))
        let plain = try check(root.path)
        #expect(plain.stderr.contains("unlisted.ogg: error:") && !plain.stderr.contains("for Android"))
    }
    @Test(
        "an APK and an AAB made with zip: their res/raw read in place, findings named App.apk/res/raw/…",
        .enabled(if: (try? Tool.which("zip")) != nil, "needs zip"))
    func archives() throws {
        let dir = try temporaryDirectory()
        for (archive, folder) in [("App.apk", "apk/res/raw"), ("App.aab", "aab/base/res/raw")] {
            let raw = dir.appendingPathComponent(folder)
            try sound(raw.appendingPathComponent("good_one.ogg"))
            try sound(raw.appendingPathComponent("Bad-Name.wav"), ["-b", "16"])
            try sound(raw.appendingPathComponent("bell.aiff"), ["-b", "16"])
            try write("", raw.appendingPathComponent("empty.ogg"))
            let top = folder.split(separator: "/").first.map(String.init) ?? ""
            let zip = dir.appendingPathComponent(archive).path
            var z = try Tool.run("sh", ["-c", "cd '\(dir.path)/\(top)' && zip -qr '\(zip)' ."])
            #expect(z.status == 0, "\(z.stderr)")
            let inner = folder.split(separator: "/").dropFirst().joined(separator: "/")
            let r = try check(zip)
            #expect(r.status == 1, "\(r.stderr)")
            let lines = r.stderr.split(separator: "\n")
            func findings(_ name: String) -> [Substring] { lines.filter { $0.hasPrefix("\(zip)/\(inner)/\(name):") } }
            #expect(findings("good_one.ogg").isEmpty, "\(r.stderr)")
            #expect(
                findings("Bad-Name.wav").contains { $0.contains("[android-name]") && $0.contains("bad_name.wav") },
                "\(r.stderr)")
            #expect(findings("bell.aiff").contains { $0.contains("[android-format]") })
            #expect(findings("empty.ogg").contains { $0.contains("[unreadable]") })
            #expect(!r.stderr.contains("[container]"), "iOS's rules do not apply in an APK or AAB: \(r.stderr)")
            z = try Tool.run(
                "sh", ["-c", "cd '\(dir.path)/\(top)' && zip -qr '\(zip).ok' . -x '*Bad*' '*bell*' '*empty*'"])
            #expect(z.status == 0)
            try FileManager.default.moveItem(
                atPath: zip + ".ok", toPath: zip + ".ok." + (archive as NSString).pathExtension)
            let quiet = try check(zip + ".ok." + (archive as NSString).pathExtension)
            #expect(quiet.status == 0, "\(quiet.stderr)")
        }
        // Bytes that are no zip: exit 1 with a message naming the archive, never a trap.
        let junk = dir.appendingPathComponent("junk.apk")
        try write("not a zip at all", junk)
        let bad = try check(junk.path)
        #expect(
            bad.status == 1 && bad.stderr.contains("junk.apk") && bad.stderr.contains("[unreadable]"), "\(bad.stderr)")
    }
}
