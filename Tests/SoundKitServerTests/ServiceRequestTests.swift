// The server's request parser is compiled into this module (ServiceRequest.swift and ServiceCode.swift here are links
// to Server/Sources/SoundKitServer; Package.swift says why), so its declarations are this module's.
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import Testing

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
