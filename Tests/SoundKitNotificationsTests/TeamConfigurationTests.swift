import Foundation
@_spi(SoundKitServe) import SoundKitIO
import Testing

@_spi(SoundKitServe) @testable import SoundKitNotifications

@Suite("SHA-256, path globs and the configuration's application")
struct TeamConfigurationTests {
    @Test(
        "SHA-256 gives FIPS 180-4's example digests, whole or fed in pieces",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func sha256(_ message: String, _ digest: String) {
        #expect(SHA256.hex(Array(message.utf8)) == digest)
        var pieces = SHA256()
        for byte in message.utf8 { pieces.update([byte]) }
        #expect(pieces.finalize() == digest)
        #expect(pieces.finalize() == digest, "a second finalize gives the same digest, not one of the padding")
    }

    @Test("SHA-256 of a million 'a's, in uneven pieces across block boundaries")
    func sha256Million() {
        var s = SHA256()
        var left = 1_000_000
        var piece = 1
        while left > 0 {
            let n = min(piece, left)
            s.update([UInt8](repeating: UInt8(ascii: "a"), count: n))
            left -= n
            piece = piece * 3 % 997 + 1
        }
        #expect(s.finalize() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(
        "globs: * within a name, ? one character, ** any folders, a folder covers what is below it",
        arguments: [
            ("Sounds/raw/**", "Sounds/raw/a.caf", true), ("Sounds/raw/**", "Sounds/raw/x/y/a.caf", true),
            ("Sounds/raw/**", "Sounds/rawer/a.caf", false), ("Sounds/raw", "Sounds/raw/a.caf", true),
            ("**/alarm-*.caf", "alarm-1.caf", true), ("**/alarm-*.caf", "a/b/alarm-fire.caf", true),
            ("**/alarm-*.caf", "a/b/alarm-fire.wav", false), ("*.caf", "a.caf", true), ("*.caf", "x/a.caf", false),
            ("a?.wav", "ab.wav", true), ("a?.wav", "a.wav", false), ("./a/*", "a/b", true),
            ("a/**/b/*.caf", "a/b/c.caf", true), ("a/**/b/*.caf", "a/x/y/b/c.caf", true), ("*a*b*c*", "xaybzc", true),
            ("*a*b*c*", "xaycb", false), ("", "a", false),
        ])
    func globs(_ pattern: String, _ path: String, _ matches: Bool) {
        #expect(PathGlob(pattern).matches(path) == matches)
    }

    @Test("a long hostile glob is matched in time proportional to its size")
    func hostileGlob() {
        let pattern = String(repeating: "*a", count: 2000) + "b"
        #expect(!PathGlob(pattern).matches(String(repeating: "a", count: 4000)))
        #expect(!PathGlob(String(repeating: "**/", count: 2000) + "x").matches(String(repeating: "a/", count: 200)))
    }

    @Test("paths: made absolute by name, then relative to the config's folder")
    func paths() {
        #expect(FileSystem.absolute("../x/./y.caf", cwd: "/p/app") == "/p/x/y.caf")
        #expect(FileSystem.relative("/p/x/y.caf", to: "/p") == "x/y.caf")
        #expect(FileSystem.relative("/px/y.caf", to: "/p") == nil)
        #expect(FileSystem.directory(of: "/p/.soundkit.yml") == "/p" && FileSystem.directory(of: "/a") == "/")
        #expect(FileSystem.relative("/p/", to: "/p") == "." && FileSystem.relative("/p//x", to: "/p/") == "x")
        #expect(FileSystem.absolute("/../a//b/", cwd: "/c") == "/a/b")
        // As findings show a path: relative to the folder, or relative already and not climbing out of it.
        #expect(FileSystem.shown("/w/s/a.caf", under: "/w") == "s/a.caf")
        #expect(FileSystem.shown("./s/./a.caf", under: "/w") == "s/a.caf")
        #expect(FileSystem.shown("../a.caf", under: "/w") == nil && FileSystem.shown("/x/a.caf", under: "/w") == nil)
        #expect(FileSystem.shown("/w/a.caf", under: "/") == nil && FileSystem.shown("/w/a.caf", under: nil) == nil)
    }

    @Test(
        "a baseline fingerprints a sound inside an .ipa by the entry's bytes, so a changed sound shows again",
        .enabled(if: Apps.hasZip, "zip is not installed: the .ipa is not built"))
    func baselineArchiveFingerprint() throws {
        let dir = try temporaryDirectory("baseline-ipa")
        let app = try Apps.make(in: dir)
        let sound = app.appendingPathComponent("ding.caf")
        for (name, bytes) in [("one.ipa", Array("caff one".utf8)), ("two.ipa", Array("caff two".utf8))] {
            try Data(bytes).write(to: sound)
            try Apps.zip(app, to: dir.appendingPathComponent(name))
        }
        let one = Baseline.fingerprint(dir.appendingPathComponent("one.ipa/Payload/Demo.app/ding.caf").path)
        let two = Baseline.fingerprint(dir.appendingPathComponent("two.ipa/Payload/Demo.app/ding.caf").path)
        #expect(one == "sha256:" + SHA256.hex(Array("caff one".utf8)))
        #expect(two == "sha256:" + SHA256.hex(Array("caff two".utf8)))
        #expect(Baseline.fingerprint(dir.appendingPathComponent("one.ipa/Payload/Demo.app/gone.caf").path) == "none")
        #expect(Baseline.fingerprint(dir.path) == "none", "a folder")
    }

    @Test("the baseline hides one finding per entry and lists the entries left")
    func baseline() {
        let report = CheckReport(files: [
            FileReport(path: "a.caf", findings: [Rule.silence.finding("x"), Rule.silence.finding("y")])
        ])
        let one = Baseline(entries: [
            .init(path: "a.caf", rule: "silence", fingerprint: "none"),
            .init(path: "b.caf", rule: "size", fingerprint: "none"),
        ])
        let (hidden, stale) = one.hiding(in: report) { $0 }
        #expect(hidden.files[0].findings.map(\.message) == ["y"])
        #expect(stale.map(\.path) == ["b.caf"])
        let parsed = try? Baseline(json: Array(one.json.utf8))
        #expect(parsed == one)
    }
}
