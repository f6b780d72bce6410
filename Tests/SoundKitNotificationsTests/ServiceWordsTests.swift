import SoundKitTestSupport
import Testing

@_spi(SoundKitServe) @testable import SoundKitIO
@_spi(SoundKitServe) @testable import SoundKitNotifications

// The library's side of what soundkit-serve answers with (its request parser's tests are the server package's,
// Server/Tests).

/// A remedy in words for a service's documents, and as the command line's command (issue 37).
@Suite("Remedy: in words for services, a command for the command line")
struct RemedyWordsTests {
    @Test("described() names the file to make and how, and no tool, command or option")
    func described() {
        let trim = Remedy(convertTo: "chime-short.caf").with(trim: 29.5)
        #expect(trim.described() == "make chime-short.caf from it: ima4, the first 29.5 s with a short fade-out")
        #expect(
            Remedy.ima4(for: "a/chime.caf").with(gain: -3).described()
                == "make chime-ima4.caf from it: ima4, 3.0 dB quieter")
        #expect(
            Remedy.ima4(for: "chime.wav").with(normalize: -16).described()
                == "make chime.caf from it: ima4, normalised to -16.0 LUFS")
        let export = Remedy.ima4(for: "x/chime.m4a", undecodable: "alac")
        #expect(
            export.described()
                == "alac cannot be decoded here, so export it as WAV (chime-pcm.wav) from the app that made it, then make chime-pcm.caf from that: ima4"
        )
        for r in [trim, export] {
            #expect(!r.described().contains("soundkit") && !r.described().contains("--"))
            #expect(r.rendered(for: "x/chime.wav").contains("soundkit convert"), "the command line's hint is a command")
        }
    }

    @Test("CheckReport.described() puts the words after the message and keeps the structured remedy")
    func report() {
        let f = Finding(.error, .duration, "sound is 31.0 s long", remedy: Remedy(convertTo: "a.caf"))
        let r = CheckReport(files: [FileReport(path: "/srv/tmp/a.wav", container: "WAVE", findings: [f])]).described()
        #expect(r.files[0].findings[0].message == "sound is 31.0 s long — make a.caf from it: ima4")
        #expect(r.files[0].findings[0].remedy == f.remedy)
    }
}

/// `makeAll(checked: false)`: the files a server returns alone are made the same, without the checks' work.
@Suite("NotificationSounds.makeAll unchecked")
struct UncheckedMakeTests {
    @Test("the same files and facts, no findings, when the caller returns the files alone")
    func unchecked() throws {
        // 31 s of a full-scale square wave, 16-bit mono 8 kHz: cut to 29.5 s, and loud enough to have findings.
        let wav = TestWAV.pcm16(rate: 8000, channels: 1, frames: 31 * 8000) { i, _ in
            (i / 20) % 2 == 0 ? 32767 : -32767
        }
        let recipes = [NotificationSoundRecipe.iOS, .android]
        let checked = try NotificationSounds.makeAll(.upload(wav, name: "Buzz.wav"), recipes: recipes).get()
        let unchecked = try NotificationSounds.makeAll(.upload(wav, name: "Buzz.wav"), recipes: recipes, checked: false)
            .get()
        #expect(checked.count == 2 && unchecked.count == 2)
        #expect(!checked[0].findings.isEmpty, "a clipped square wave has findings when checked")
        for (c, u) in zip(checked, unchecked) {
            #expect(u.findings.isEmpty)
            #expect(u.name == c.name && u.trimmed == c.trimmed && u.platform == c.platform)
            #expect(u.output.format == c.output.format && u.output.frames == c.output.frames)
        }
        #expect(unchecked[0].bytes == checked[0].bytes, "the same CAF")
    }
}
