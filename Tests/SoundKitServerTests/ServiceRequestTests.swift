import SoundKitTestSupport
import Testing

@testable import SoundKitIO
@testable import SoundKitNotifications
@testable import SoundKitServer

/// What `soundkit serve` reads from a request before any work (issue 37): the query, `Accept`, `Content-Length`.
@Suite("ServiceRequest: a server's request parameters")
struct ServiceRequestTests {
    @Test("the query decodes as a form: + is a space, %XX a byte, the first of a repeated name wins")
    func queryDecoding() {
        let q = ServiceQuery("name=Chime%202+b.wav&platform=ios&name=other&flag&=empty&caf%C3%A9=%C3%A9")
        #expect(q["name"] == "Chime 2 b.wav")
        #expect(q["platform"] == "ios")
        #expect(q["flag"] == "")
        #expect(q[""] == "empty")
        #expect(q["café"] == "é")
    }

    @Test("a broken escape or bytes that are not UTF-8 leave the part as it came")
    func queryBrokenEscapes() {
        #expect(ServiceQuery("name=a%ZZb")["name"] == "a%ZZb")
        #expect(ServiceQuery("name=a%2")["name"] == "a%2")
        #expect(ServiceQuery("name=%FF%FE")["name"] == "%FF%FE")
    }

    @Test("platform, quality, loudness, provider and name: accepted values, and 400 with the allowed ones otherwise")
    func parameters() throws {
        #expect(try ServiceQuery("platform=all").platforms() == [.ios, .android])
        #expect(try ServiceQuery("").platforms() == [.ios, .android])
        #expect(try ServiceQuery("platform=android").platforms() == [.android])
        #expect(try ServiceQuery("quality=best").quality() == .best)
        #expect(try ServiceQuery("loudness=-16").loudness() == -16)
        #expect(try ServiceQuery("provider=fcm").provider() == .fcm)
        for (query, words) in [
            ("platform=windows", "platform takes ios, android or all"),
            ("quality=max", "quality takes apple, standard, high or best"),
            ("loudness=nan", "loudness takes a level in LUFS from -70 to 0"),
            ("loudness=5", "loudness takes a level in LUFS from -70 to 0"),
            ("provider=nope", "provider takes one of"),
            ("name=" + String(repeating: "a", count: 256), "name is longer than 255 characters"),
        ] {
            let q = ServiceQuery(query)
            let problem = #expect(throws: RequestProblem.self) {
                _ = try q.platforms()
                _ = try q.quality()
                _ = try q.loudness()
                _ = try q.provider()
                _ = try q.name()
            }
            #expect(problem?.status == 400)
            #expect(problem?.code == "invalid-request")
            #expect(problem?.message.hasPrefix(words) == true, "\(query): \(problem?.message ?? "")")
        }
    }

    @Test("Accept picks the zip, one platform's file or JSON; one platform's file needs that platform alone (406)")
    func accept() throws {
        #expect(ServiceAccept("application/zip").zip)
        #expect(ServiceAccept(" Audio/X-CAF ; q=1").audio == .ios)
        #expect(ServiceAccept("audio/ogg").audio == .android)
        #expect(ServiceAccept("application/zip, */*") == ServiceAccept(""))
        let caf = try PrepareRequest(query: ServiceQuery("platform=ios&name=../x/Chime.wav"), accept: "audio/x-caf")
        #expect(caf.name == "Chime.wav")
        #expect(caf.recipes.map(\.platform) == [.ios])
        let problem = #expect(throws: RequestProblem.self) {
            _ = try PrepareRequest(query: ServiceQuery("platform=all"), accept: "audio/ogg")
        }
        #expect(problem?.status == 406)
        #expect(problem?.message == "Accept: audio/ogg returns one platform's file: add platform=android")
    }

    @Test("Content-Length: digits within the limit pass; past it 413, not a number 400; chunks never overflow")
    func contentLength() throws {
        #expect(try UploadLimit.declared(nil, limit: 100) == nil)
        #expect(try UploadLimit.declared("100", limit: 100) == 100)
        #expect(try UploadLimit.declared("0", limit: 100) == 0)
        for (header, status) in [
            ("101", 413), ("99999999999999999999999", 413), ("-1", 400), ("+5", 400), ("", 400), ("1e3", 400),
        ] {
            let problem = #expect(throws: RequestProblem.self) { _ = try UploadLimit.declared(header, limit: 100) }
            #expect(problem?.status == status, "Content-Length: \(header)")
        }
        #expect(RequestProblem.tooLarge(64 << 20).message == "the upload is larger than this server takes (64 MB)")
        #expect(UploadLimit.fits(60, adding: 40, limit: 100))
        #expect(!UploadLimit.fits(60, adding: 41, limit: 100))
        #expect(!UploadLimit.fits(Int.max, adding: 1, limit: Int.max))
    }
}

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
