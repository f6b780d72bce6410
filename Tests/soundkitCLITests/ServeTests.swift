import Foundation
import SoundKitTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private let hasSchemathesis = (try? Tool.which("schemathesis")) != nil
private let hasFFmpeg = (try? Tool.which("ffmpeg")) != nil && (try? Tool.which("ffprobe")) != nil

/// `soundkit serve` as a service owner and its clients meet it: the real server on a free port, spoken to over HTTP.
@Suite("soundkit serve", .serialized)
struct ServeTests {
    /// An AAC .m4a (stereo, 3 s) made by ffmpeg.
    static func m4a() throws -> Data {
        let dir = try temporaryDirectory("serve-m4a")
        let path = dir.appendingPathComponent("Chime 2.m4a").path
        try Tool.must(
            "ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=660:duration=3", "-ac", "2",
            "-c:a", "aac", path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// What ffprobe says the first stream's codec is.
    static func codec(_ bytes: Data, _ ext: String) throws -> String {
        let path = try temporaryDirectory("serve-probe").appendingPathComponent("x.\(ext)")
        try bytes.write(to: path)
        let r = try Tool.must(
            "ffprobe", "-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", path.path)
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "prepare: an AAC .m4a becomes a CAF ffprobe reads as adpcm_ima_qt and an Ogg it reads as Vorbis (JSON, zip, one file)",
        .enabled(if: hasFFmpeg, "ffmpeg and ffprobe are not installed"))
    func prepare() async throws {
        let server = try ServeProcess()
        let m4a = try Self.m4a()
        let json = try await server.request("POST", "/v1/sounds/prepare?name=Chime%202.m4a&platform=all", body: m4a)
        #expect(json.status == 200)
        #expect(json.headers["content-type"] == "application/json")
        let outputs = try #require(json.json?["outputs"] as? [[String: Any]])
        #expect(outputs.map { $0["platform"] as? String } == ["ios", "android"])
        #expect(outputs.map { $0["name"] as? String } == ["Chime 2.caf", "chime_2.ogg"])
        #expect(outputs.map { $0["contentType"] as? String } == ["audio/x-caf", "audio/ogg"])
        let caf = try #require(Data(base64Encoded: outputs[0]["bytes"] as? String ?? ""))
        let ogg = try #require(Data(base64Encoded: outputs[1]["bytes"] as? String ?? ""))
        #expect(try Self.codec(caf, "caf") == "adpcm_ima_qt")
        #expect(try Self.codec(ogg, "ogg") == "vorbis")
        #expect(json.json?["trimmed"] as? Bool == false)
        #expect((json.json?["source"] as? [String: Any])?["container"] as? String == "MPEG-4")

        let zip = try await server.request(
            "POST", "/v1/sounds/prepare?name=Chime%202.m4a", body: m4a, headers: ["Accept": "application/zip"])
        #expect(zip.status == 200 && zip.headers["content-type"] == "application/zip")
        #expect(zip.body.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]))
        let names = String(decoding: zip.body, as: UTF8.self)
        #expect(names.contains("ios/Chime 2.caf") && names.contains("android/res/raw/chime_2.ogg"))
        if (try? Tool.which("unzip")) != nil {
            let path = try temporaryDirectory("serve-zip").appendingPathComponent("s.zip")
            try zip.body.write(to: path)
            let listed = try Tool.must("unzip", "-t", path.path)
            #expect(listed.stdout.contains("No errors detected"), "\(listed.stdout)")
        }

        let one = try await server.request(
            "POST", "/v1/sounds/prepare?name=x.m4a&platform=android", body: m4a, headers: ["Accept": "audio/ogg"])
        #expect(one.status == 200 && one.headers["content-type"] == "audio/ogg")
        #expect(try Self.codec(one.body, "ogg") == "vorbis")
        let cafOnly = try await server.request(
            "POST", "/v1/sounds/prepare?name=x.m4a&platform=ios&quality=apple&loudness=-16", body: m4a,
            headers: ["Accept": "audio/x-caf"])
        #expect(cafOnly.status == 200 && cafOnly.headers["content-type"] == "audio/x-caf")
        #expect(try Self.codec(cafOnly.body, "caf") == "adpcm_ima_qt")
        #expect(server.stop() == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: server.tmp.path).isEmpty,
            "a temporary file outlived the server")
    }

    @Test(
        "check, info, payload, rules, healthz, readyz, metrics, openapi.yaml and the page answer",
        .enabled(if: hasFFmpeg, "ffmpeg is not installed"))
    func routes() async throws {
        let server = try ServeProcess()
        let m4a = try Self.m4a()
        let check = try await server.request("POST", "/v1/sounds/check?name=alert.m4a", body: m4a)
        #expect(check.status == 200)
        let file = try #require((check.json?["files"] as? [[String: Any]])?.first)
        #expect(file["path"] as? String == "alert.m4a", "the server's temporary path leaked: \(check.text)")
        #expect((file["findings"] as? [[String: Any]])?.contains { $0["rule"] as? String == "container" } == true)
        let info = try await server.request("POST", "/v1/sounds/info?name=alert.m4a", body: m4a)
        #expect(info.status == 200)
        #expect((info.json?["files"] as? [[String: Any]])?.first?["channels"] as? Int == 2)
        #expect(!info.text.contains(server.tmp.path))
        let payload = try await server.request(
            "POST", "/v1/payloads/check?provider=apns", body: Data(#"{"aps": {"sound": 7}}"#.utf8))
        #expect(payload.status == 200)
        let findings = (payload.json?["files"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]] ?? []
        #expect(findings.contains { $0["line"] as? Int == 1 && $0["column"] != nil }, "\(payload.text)")
        let rules = try await server.request("GET", "/v1/rules")
        let cli = try Tool.soundkit("rules", "--format", "json")
        #expect(rules.status == 200 && rules.text == cli.stdout, "GET /v1/rules is not rules --format json")
        #expect(try await server.request("GET", "/healthz").status == 200)
        #expect(try await server.request("GET", "/readyz").status == 200)
        let metrics = try await server.request("GET", "/metrics")
        #expect(metrics.status == 200)
        #expect(
            metrics.text.contains(#"soundkit_requests_total{route="/v1/sounds/check",status="200"} 1"#),
            "\(metrics.text)")
        #expect(metrics.text.contains("soundkit_request_duration_seconds_bucket"))
        #expect(metrics.text.contains("soundkit_bytes_in_total") && metrics.text.contains("soundkit_queue_depth"))
        let api = try await server.request("GET", "/openapi.yaml")
        #expect(api.status == 200 && api.text.hasPrefix("openapi: 3.1.0"))
        for path in [
            "/v1/sounds/prepare", "/v1/sounds/check", "/v1/sounds/info", "/v1/payloads/check", "/v1/rules", "/healthz",
            "/readyz", "/metrics",
        ] {
            #expect(api.text.contains("  \(path):"), "\(path) is not in openapi.yaml")
        }
        let page = try await server.request("GET", "/")
        #expect(page.status == 200 && page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(!page.text.contains("http://") && !page.text.contains("https://"), "the page fetches from elsewhere")
        #expect(server.stop() == 0)
        #expect(server.log.split(separator: "\n").filter { $0.contains("route=") }.count == 9, "one log line a request")
    }

    @Test(
        "every error is JSON with its status: 400, 401, 404, 405, 406, 413 (by length and chunked), 415, 422, 429, 503")
    func errors() async throws {
        let tokenFile = try temporaryDirectory("serve-token").appendingPathComponent("token")
        try Data("s3cret\n".utf8).write(to: tokenFile)
        let server = try ServeProcess([
            "--max-upload-mb", "1", "--jobs", "1", "--queue", "0", "--timeout", "5", "--token-file", tokenFile.path,
        ])
        let auth = ["Authorization": "Bearer s3cret"]
        func expectError(_ a: ServeProcess.Answer, _ status: Int, _ code: String, _ comment: Comment) {
            #expect(a.status == status, comment)
            #expect(a.json?["code"] as? String == code, comment)
            #expect((a.json?["message"] as? String)?.isEmpty == false, comment)
            let message = (a.json?["message"] as? String ?? "").lowercased()
            for word in ["soundkit", "ffmpeg", "libsndfile", "invalid data found"] {
                #expect(!message.contains(word), "\(comment): \(message)")
            }
        }
        expectError(
            try await server.request("POST", "/v1/sounds/info", body: Data("x".utf8)), 401, "unauthorized", "no token")
        expectError(
            try await server.request("GET", "/v1/rules", headers: ["Authorization": "Bearer wrong"]), 401,
            "unauthorized", "wrong token")
        #expect(try await server.request("GET", "/healthz").status == 200, "health needs no token")
        expectError(try await server.request("GET", "/v2/nothing"), 404, "no-route", "unknown route")
        let put = try await server.request("PUT", "/v1/sounds/prepare", body: Data("x".utf8), headers: auth)
        expectError(put, 405, "method-not-allowed", "PUT")
        #expect(put.headers["allow"] == "POST")
        expectError(
            try await server.request(
                "POST", "/v1/sounds/prepare?platform=windows", body: Data("x".utf8), headers: auth), 400,
            "invalid-request", "platform")
        expectError(
            try await server.request("POST", "/v1/sounds/prepare?loudness=5", body: Data("x".utf8), headers: auth), 400,
            "invalid-request", "loudness")
        expectError(
            try await server.request(
                "POST", "/v1/payloads/check?provider=pigeon", body: Data("{}".utf8), headers: auth), 400,
            "invalid-request", "provider")
        var accept = auth
        accept["Accept"] = "audio/x-caf"
        expectError(
            try await server.request("POST", "/v1/sounds/prepare?platform=all", body: Data("x".utf8), headers: accept),
            406,
            "not-acceptable", "one file of two platforms")
        expectError(
            try await server.request(
                "POST", "/v1/sounds/prepare?name=notes.txt", body: Data("just some text\n".utf8), headers: auth),
            415, "unsupported-audio", "text")
        let unreadable = try #require(HostileFiles.all.first { !$0.readable && $0.name.hasSuffix(".wav") })
        let damaged = try await server.request(
            "POST", "/v1/sounds/info?name=\(unreadable.name)", body: Data(unreadable.bytes), headers: auth)
        expectError(damaged, 422, "invalid-audio", "\(unreadable.name): \(unreadable.problem)")
        let big = Data(count: 2 << 20)
        expectError(
            try await server.request("POST", "/v1/sounds/info", body: big, headers: auth), 413, "too-large", "length")

        // Chunked: refused once the body passes the limit.
        let chunked = try server.rawConnection(
            "POST /v1/sounds/info HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer s3cret\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        let chunk = "100000\r\n" + String(repeating: "a", count: 0x100000) + "\r\n"
        _ = send(chunked, Array((chunk + chunk).utf8), (chunk + chunk).utf8.count, 0)
        let (reply413, _) = ServeProcess.readAll(chunked, seconds: 5)
        close(chunked)
        #expect(reply413.hasPrefix("HTTP/1.1 413"), "\(reply413.prefix(200))")

        // Work holds the one place (jobs 1, queue 0): the next upload is 429 with Retry-After. A slow client holds
        // none (issue 43): it is cut at the 5 s timeout with 408 (its body did not come), without a worker.
        let slow = try server.rawConnection(
            "POST /v1/sounds/info HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer s3cret\r\nContent-Length: 1000\r\n\r\nRIFF"
        )
        let long = Self.noiseWAV(seconds: 2)
        let holder = try server.rawConnection(
            "POST /v1/sounds/prepare?platform=ios&name=long.wav&quality=best HTTP/1.1\r\nHost: x\r\n"
                + "Authorization: Bearer s3cret\r\nContent-Length: \(long.count)\r\n\r\n")
        #expect(ServeProcess.sendAll(holder, long))
        // The probe must come once the work holds the place, so the test waits until /metrics shows it taken.
        let admitted = try await server.waitForGauge("soundkit_uploads_admitted", seconds: 4) { $0 == 1 }
        #expect(admitted == 1, "the long upload holds the place within 4 s")
        let busy = try await server.request("POST", "/v1/sounds/info", body: Data("x".utf8), headers: auth)
        expectError(busy, 429, "busy", "queue full")
        #expect(busy.headers["retry-after"] != nil)
        close(holder)
        let (reply408, took) = ServeProcess.readAll(slow, seconds: 10)
        close(slow)
        #expect(reply408.hasPrefix("HTTP/1.1 408"), "\(reply408.prefix(200))")
        #expect(reply408.contains("timed-out") && took < 9, "cut after \(took) s")
        #expect(!reply408.lowercased().contains("retry-after"), "\(reply408.prefix(300))")
        #expect(try await server.request("GET", "/v1/rules", headers: auth).status == 200, "the server stays up")
        #expect(server.stop() == 0)
    }

    /// A 16-bit stereo WAV of `seconds` at 48 kHz, of seeded noise (which the IMA4 encoder works hardest on).
    static func noiseWAV(seconds: Int) -> Data {
        var x: UInt32 = 2_463_534_242
        return Data(
            TestWAV.pcm16(rate: 48000, channels: 2, frames: seconds * 48000) { _, _ in
                x ^= x << 13
                x ^= x >> 17
                x ^= x << 5
                return Int16(bitPattern: UInt16(truncatingIfNeeded: x >> 18))  // 14 bits: loud, not clipped
            })
    }

    @Test("a client that goes while its upload is queued frees its place at once (jobs 1, queue 1)")
    func disconnectFreesQueuePlace() async throws {
        let server = try ServeProcess(["--jobs", "1", "--queue", "1", "--timeout", "300"])
        // Waits for the server's count of places held (soundkit_uploads_admitted) to be `n`, up to 30 s.
        func admitted(_ n: Double) async throws -> Bool {
            try await server.waitForGauge("soundkit_uploads_admitted", seconds: 30) { $0 == n } == n
        }
        // A holds the one worker: 4 s of stereo noise made into IMA4 by the beams (quality=best), many seconds of
        // work, which the test does not wait out: it goes once B has been seen to leave.
        let long = Self.noiseWAV(seconds: 4)
        let a = Task {
            try await server.request("POST", "/v1/sounds/prepare?platform=ios&name=long.wav&quality=best", body: long)
                .status
        }
        #expect(try await admitted(1), "A holds the one worker")
        // B sends a whole request and waits in the queue: the second and last place.
        let small = Self.noiseWAV(seconds: 1)
        let b = try server.rawConnection(
            "POST /v1/sounds/info?name=b.wav HTTP/1.1\r\nHost: x\r\nContent-Length: \(small.count)\r\n\r\n")
        _ = small.withUnsafeBytes { send(b, $0.baseAddress, small.count, 0) }
        #expect(try await admitted(2), "B waits in the queue")
        // An empty upload is refused with 400 once it has a place, 429 when there is none.
        let full = try await server.request("POST", "/v1/sounds/info", body: Data())
        #expect(full.status == 429, "B holds the last place: \(full.status) \(full.text)")
        // B goes: its place comes back while A still works.
        close(b)
        #expect(try await admitted(1), "B's place is free again while A works")
        let after = try await server.request("POST", "/v1/sounds/info", body: Data())
        #expect(after.status == 400, "B's place is free again: \(after.status) \(after.text)")
        a.cancel()
        #expect(server.stop() == 0)
        let log = server.log
        #expect(log.contains("route=/v1/sounds/info") && log.contains("status=499"), "B is logged as gone: \(log)")
    }

    @Test(
        "check's findings say their remedy in words, naming no tool or command; the command line's name soundkit convert"
    )
    func remediesNameNoCommand() async throws {
        let server = try ServeProcess()
        // 31 s: longer than iOS plays, so the remedy trims; a WAV, so it converts to an IMA4 CAF.
        let wav = Self.noiseWAV(seconds: 31)
        let answer = try await server.request("POST", "/v1/sounds/check?name=Door%20Bell.wav", body: wav)
        #expect(answer.status == 200)
        let findings = try #require((answer.json?["files"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])
        let remedied = findings.filter { $0["remedy"] != nil }
        #expect(!remedied.isEmpty, "a 31 s WAV has findings with a remedy: \(answer.text)")
        for f in remedied {
            let message = f["message"] as? String ?? ""
            #expect(message.contains(" — make Door Bell"), "\(message)")
            #expect(!message.contains("--") && !message.contains("convert "), "\(message)")
        }
        #expect(
            remedied.contains {
                ($0["message"] as? String ?? "").contains("make Door Bell-short.caf from it: ima4, the first 29.5 s")
            }, "\(answer.text)")
        #expect(!answer.text.lowercased().contains("soundkit"), "\(answer.text)")
        #expect(server.stop() == 0)

        // The command line renders its own hint, a command to run.
        let dir = try temporaryDirectory("serve-remedy")
        let path = dir.appendingPathComponent("Door Bell.wav")
        try wav.write(to: path)
        let cli = try Tool.soundkit("check", path.path, "--format", "json")
        #expect(cli.stdout.contains("soundkit convert '\(path.path)'"), "\(cli.stdout)")
    }

    @Test(
        "soundkit serve started through a symbolic link (as Homebrew installs it) finds soundkit-serve beside the real one"
    )
    func throughSymlink() async throws {
        let dir = try temporaryDirectory("serve-link")
        let link = dir.appendingPathComponent("soundkit")
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: SoundKitTestSupport.Tool.serverDirectory.appendingPathComponent("soundkit"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("soundkit-serve").path))
        let server = try ServeProcess([], executable: link)
        #expect(try await server.request("GET", "/healthz").status == 200)
        #expect(server.stop() == 0)
    }

    @Test("uploads past --spool-above-kb go to a temporary file, answered as from memory, and removed however they end")
    func spooledUploads() async throws {
        let spooling = try ServeProcess(["--spool-above-kb", "16"])
        let inMemory = try ServeProcess()
        // The server's scratch folder (TMPDIR/soundkit-serve-XXXXXX): empty between requests.
        func leftovers(_ server: ServeProcess) throws -> [String] {
            let fm = FileManager.default
            return try fm.contentsOfDirectory(atPath: server.tmp.path).flatMap { scratch in
                try fm.contentsOfDirectory(atPath: server.tmp.appendingPathComponent(scratch).path)
            }
        }
        let wav = Self.noiseWAV(seconds: 1)
        let payload =
            Data(#"{"aps": {"sound": "chime.caf", "alert": ""#.utf8) + Data(repeating: 0x61, count: 20000)
            + Data(#""}}"#.utf8)
        for (path, body) in [
            // iOS alone: an Ogg's stream serial number is random, so two Oggs of the same sound differ.
            ("/v1/sounds/prepare?platform=ios&name=Door%20Bell.wav", wav),
            ("/v1/sounds/check?name=Door%20Bell.wav", wav),
            ("/v1/sounds/info?name=Door%20Bell.wav", wav), ("/v1/payloads/check?name=p.json", payload),
        ] {
            let spooled = try await spooling.request("POST", path, body: body)
            let held = try await inMemory.request("POST", path, body: body)
            #expect(spooled.status == 200 && held.status == 200, "\(path): \(spooled.text.prefix(300))")
            #expect(spooled.text == held.text, "\(path): the same document from a spooled upload")
            #expect(!spooled.text.contains(spooling.tmp.path), "\(path): the server's folder leaked")
            let left = try leftovers(spooling)
            #expect(left.isEmpty, "\(path): \(left)")
        }
        // A client that goes halfway through a spooled body leaves nothing behind.
        let cut = try spooling.rawConnection(
            "POST /v1/sounds/info?name=cut.wav HTTP/1.1\r\nHost: x\r\nContent-Length: \(wav.count)\r\n\r\n")
        _ = wav.prefix(100_000).withUnsafeBytes { send(cut, $0.baseAddress, 100_000, 0) }
        try await Task.sleep(for: .milliseconds(500))
        close(cut)
        try await Task.sleep(for: .milliseconds(1000))
        let left = try leftovers(spooling)
        #expect(left.isEmpty, "a cut upload's file: \(left)")
        #expect(spooling.stop() == 0)
        #expect(inMemory.stop() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spooling.tmp.path).isEmpty)
    }

    @Test("the hostile corpus posted to every route: 4xx JSON or a 200 document, never 5xx, and the server stays up")
    func hostile() async throws {
        let server = try ServeProcess(["--timeout", "20"])
        for file in HostileFiles.all {
            for route in ["/v1/sounds/prepare", "/v1/sounds/check", "/v1/sounds/info", "/v1/payloads/check"] {
                let name = file.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x"
                let a = try await server.request("POST", "\(route)?name=\(name)", body: Data(file.bytes))
                #expect(a.status < 500, "\(file.name) to \(route): \(a.status) \(a.text.prefix(300))")
                #expect(a.json != nil, "\(file.name) to \(route): not JSON")
                if a.status >= 400 { #expect(a.json?["code"] is String, "\(file.name) to \(route)") }
            }
        }
        #expect(try await server.request("GET", "/healthz").status == 200)
        #expect(server.stop() == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: server.tmp.path).isEmpty,
            "a temporary file outlived its request")
    }

    @Test(
        "SIGTERM under load: requests under way finish, readyz and new uploads get 503, exit 0",
        .enabled(if: hasFFmpeg, "ffmpeg is not installed"))
    func drain() async throws {
        let server = try ServeProcess(["--jobs", "2", "--queue", "8"])
        let m4a = try Self.m4a()
        let started = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        try await server.request("POST", "/v1/sounds/prepare?name=a.m4a", body: m4a).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        try await Task.sleep(for: .milliseconds(400))
        kill(server.process.processIdentifier, SIGTERM)
        try await Task.sleep(for: .milliseconds(100))
        let ready = try? await server.request("GET", "/readyz")
        let late = try? await server.request("POST", "/v1/sounds/info", body: m4a)
        if let ready { #expect(ready.status == 503) }
        if let late {
            #expect(late.status == 503 && late.headers["retry-after"] != nil)
        }
        let statuses = try await started.value
        #expect(statuses == Array(repeating: 200, count: 6), "requests under way: \(statuses)")
        #expect(server.stop(within: 40) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: server.tmp.path).isEmpty)
    }

    @Test(
        "schemathesis against /openapi.yaml on the live server: no 5xx, no response that breaks the schema",
        .enabled(if: hasSchemathesis, "schemathesis is not installed (pip install schemathesis)"), .notQuick)
    func schemathesis() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/api-check").path
        let r = try Tool.run(
            script, [SoundKitTestSupport.Tool.serverDirectory.appendingPathComponent("soundkit").path])
        #expect(r.status == 0, "\(r.stdout.suffix(3000))\n\(r.stderr.suffix(2000))")
    }
}

/// The page at `/` in headless Chromium, driven through the DevTools protocol as a person would use it.
@Suite("soundkit serve: the page")
struct ServePageTests {
    @Test(
        "upload through the input, wait for the result, play its preview, download the CAF; a push body's findings with line and column",
        .enabled(if: Chromium.executable() != nil, "Chromium is not installed (scripts/setup installs it)"),
        .enabled(if: hasFFmpeg, "ffmpeg and ffprobe are not installed"))
    func page() async throws {
        let server = try ServeProcess()
        let sound = try temporaryDirectory("serve-page").appendingPathComponent("Door Bell.m4a")
        try ServeTests.m4a().write(to: sound)
        let page = try PageDriver(server)
        defer { page.browser.quit() }
        let (browser, session) = (page.browser, page.session)
        // Pick the file through <input type="file">, as the file chooser would.
        let root = try browser.send("DOM.getDocument", session: session)
        let rootID = try #require((root["root"] as? [String: Any])?["nodeId"] as? Int)
        let input = try browser.send("DOM.querySelector", ["nodeId": rootID, "selector": "#files"], session: session)
        try browser.send(
            "DOM.setFileInputFiles", ["files": [sound.path], "nodeId": try #require(input["nodeId"] as? Int)],
            session: session)
        let result = try page.evaluate(
            """
            (async () => {
              for (let i = 0; i < 600; i++) {
                const r = document.querySelector('[data-testid=result][aria-busy=false]');
                if (r) {
                  const preview = r.querySelector('[data-testid=preview]');
                  let played = false, error = null;
                  try { await preview.play(); await new Promise((ok) => setTimeout(ok, 400)); played = preview.currentTime > 0; preview.pause(); }
                  catch (e) { error = String(e); }
                  const caf = [...r.querySelectorAll('a[download]')].find((a) => a.download.endsWith('.caf'));
                  const bytes = caf ? new Uint8Array(await (await fetch(caf.href)).arrayBuffer()) : new Uint8Array();
                  let b = ''; for (const x of bytes) b += String.fromCharCode(x);
                  return { text: r.textContent, findings: r.querySelectorAll('[data-testid=finding]').length,
                           downloads: [...r.querySelectorAll('a[download]')].map((a) => a.download),
                           played, error, caf: btoa(b) };
                }
                await new Promise((ok) => setTimeout(ok, 100));
              }
              return { text: 'no result' };
            })()
            """)
        #expect((result["text"] as? String)?.contains("Door Bell.m4a") == true, "\(result["text"] ?? "")")
        #expect(result["downloads"] as? [String] == ["Door Bell.caf", "door_bell.ogg", "Door Bell.zip"])
        #expect(result["played"] as? Bool == true, "the preview did not play: \(result["error"] ?? "")")
        let caf = try #require(Data(base64Encoded: result["caf"] as? String ?? ""))
        #expect(try ServeTests.codec(caf, "caf") == "adpcm_ima_qt")

        let payload = try page.evaluate(
            """
            (async () => {
              document.getElementById('payload').value = '{"aps": {"sound": 7}}';
              document.getElementById('checkPayload').click();
              for (let i = 0; i < 300; i++) {
                const f = document.querySelectorAll('#payloadFindings [data-testid=finding]');
                if (f.length) return { findings: [...f].map((x) => x.textContent) };
                await new Promise((ok) => setTimeout(ok, 100));
              }
              return { findings: [] };
            })()
            """)
        let findings = payload["findings"] as? [String] ?? []
        #expect(
            findings.contains { $0.contains("line 1, column") && ($0.contains("ERROR") || $0.contains("error")) },
            "\(findings)")
        #expect(browser.pageErrors.isEmpty, "\(browser.pageErrors)")
        #expect(server.stop() == 0)
    }

    @Test(
        "with --token-file the page asks for the token (a refused one again), keeps it for the tab; its labels read apart",
        .enabled(if: Chromium.executable() != nil, "Chromium is not installed (scripts/setup installs it)"))
    func token() async throws {
        let tokenFile = try temporaryDirectory("serve-page-token").appendingPathComponent("token")
        try Data("s3cret\n".utf8).write(to: tokenFile)
        let server = try ServeProcess(["--token-file", tokenFile.path])
        let page = try PageDriver(server)
        defer { page.browser.quit() }
        let labels = try page.evaluate(
            """
            (async () => ({
              loudness: document.querySelector('label[for=loudness]').textContent,
              platforms: document.querySelector('fieldset').textContent,
              formShown: !document.getElementById('tokenForm').hidden }))()
            """)
        #expect((labels["loudness"] as? String)?.contains("LUFS") == true, "\(labels)")
        #expect((labels["loudness"] as? String)?.contains("Android") == false, "\(labels)")
        #expect((labels["platforms"] as? String)?.contains("Loudness") == false, "\(labels)")
        #expect(labels["formShown"] as? Bool == false, "the token is asked for before the server wants one")

        let flow = try page.evaluate(
            """
            (async () => {
              const pause = () => new Promise((ok) => setTimeout(ok, 100));
              const form = document.getElementById('tokenForm'), why = document.getElementById('tokenWhy');
              document.getElementById('payload').value = '{"aps": {"sound": 7}}';
              document.getElementById('checkPayload').click();
              for (let i = 0; i < 100 && form.hidden; i++) await pause();
              const asked = !form.hidden, focused = document.activeElement && document.activeElement.id;
              document.getElementById('token').value = 'wrong';
              form.requestSubmit();
              for (let i = 0; i < 100 && !(!form.hidden && why.textContent.includes('refused')); i++) await pause();
              const refused = !form.hidden && why.textContent.includes('refused');
              document.getElementById('token').value = 's3cret';
              form.requestSubmit();
              const found = () => document.querySelectorAll('#payloadFindings [data-testid=finding]');
              for (let i = 0; i < 100 && !found().length; i++) await pause();
              const first = [...found()].map((x) => x.textContent);
              document.getElementById('checkPayload').click();
              await pause();
              for (let i = 0; i < 100 && !found().length; i++) await pause();
              return { asked, focused, refused, first, second: [...found()].map((x) => x.textContent),
                       askedAgain: !form.hidden, kept: sessionStorage.getItem('soundkit-token') };
            })()
            """)
        #expect(flow["asked"] as? Bool == true, "a 401 brought no token form: \(flow)")
        #expect(flow["focused"] as? String == "token", "\(flow)")
        #expect(flow["refused"] as? Bool == true, "a wrong token was not asked for again: \(flow)")
        #expect((flow["first"] as? [String])?.contains { $0.contains("line 1, column") } == true, "\(flow)")
        #expect((flow["second"] as? [String])?.isEmpty == false, "\(flow)")
        #expect(flow["askedAgain"] as? Bool == false, "the token was asked for twice: \(flow)")
        #expect(flow["kept"] as? String == "s3cret")
        // The browser logs each 401 as a failed load: the try without a token and the one with the wrong token.
        let (refusals, errors) = page.browser.pageErrors.reduce(into: (0, [String]())) {
            if $1.contains("status of 401") { $0.0 += 1 } else { $0.1.append($1) }
        }
        #expect(refusals == 2 && errors.isEmpty, "\(page.browser.pageErrors)")
        #expect(server.stop() == 0)
    }
}

/// Chromium on a fresh profile with one page open on the server's `/`, loaded.
struct PageDriver {
    let browser: Chromium
    let session: String

    init(_ server: ServeProcess) throws {
        let profile = try temporaryDirectory("serve-chromium")
        browser = try Chromium(try #require(Chromium.executable()), profile: profile.path)
        let target = try browser.send("Target.createTarget", ["url": "about:blank"])
        let attached = try browser.send(
            "Target.attachToTarget", ["targetId": try #require(target["targetId"] as? String), "flatten": true])
        session = try #require(attached["sessionId"] as? String)
        for domain in ["Runtime.enable", "Log.enable", "Page.enable", "DOM.enable"] {
            try browser.send(domain, session: session)
        }
        try browser.send("Page.navigate", ["url": "http://127.0.0.1:\(server.port)/"], session: session)
        try browser.event("Page.loadEventFired")
    }

    /// The value of an expression (a promise is awaited) that gives an object.
    func evaluate(_ js: String, timeout: Double = 60) throws -> [String: Any] {
        let r = try browser.send(
            "Runtime.evaluate",
            ["expression": js, "awaitPromise": true, "returnByValue": true, "userGesture": true],
            session: session, timeout: timeout)
        return try #require((r["result"] as? [String: Any])?["value"] as? [String: Any], "\(r)")
    }
}
