import Foundation
import Testing

/// Sounds for the report: every container soundkit reads, mono to 5.1, rates Opus takes and rates it does not,
/// one too short to gate, names meant to break markup, and one file that is not a sound.
enum ReportFixtures {
    static let hostile = ["<img src=x onerror=alert(1)>.wav", #"it's "quoted" & <script>alert(2).wav"#]
    /// Folders `<` and `script><script>alert(3)<` hold `script>.wav`: a path that spells `</script><script>…`.
    static let hostileFolders = ["<", "script><script>alert(3)<"], hostileLeaf = "script>.wav"

    /// Played length of each decodable sound, by name.
    static let durations: [String: Double] = [
        "chime.wav": 52_920.0 / 44_100, "tone.aiff": 108_000.0 / 48_000, "chime-ima4.caf": 52_920.0 / 44_100,
        "surround.wav": 1.0, "short.wav": 4_000.0 / 16_000, hostile[0]: 52_920.0 / 44_100,
        hostile[1]: 52_920.0 / 44_100,
        hostileLeaf: 52_920.0 / 44_100,
    ]

    static func make() throws -> URL {
        let dir = try temporaryDirectory("report-fixtures")
        let d = dir.path
        func ff(_ args: String...) throws { try Tool.must("ffmpeg", ["-v", "error", "-y"] + args) }
        try Tool.must(
            "sox", "-R", "-n", "-r", "44100", "-c", "1", "-b", "16", "\(d)/chime.wav", "synth", "1.2", "pluck", "C5",
            "fade", "0", "1.2", "0.9")
        try ff(
            "-f", "lavfi", "-i", "sine=f=660:sample_rate=48000:d=2.25", "-ac", "2", "-c:a", "pcm_s16be",
            "\(d)/tone.aiff")
        try Tool.must(Tool.soundkit, "convert", "\(d)/chime.wav", "\(d)/chime-ima4.caf", "-d", "ima4")
        try ff(
            "-f", "lavfi", "-i", "sine=f=440:sample_rate=48000:d=1", "-f", "lavfi", "-i",
            "sine=f=550:sample_rate=48000:d=1",
            "-f", "lavfi", "-i", "sine=f=660:sample_rate=48000:d=1", "-f", "lavfi", "-i",
            "sine=f=50:sample_rate=48000:d=1",
            "-f", "lavfi", "-i", "sine=f=880:sample_rate=48000:d=1", "-f", "lavfi", "-i",
            "sine=f=990:sample_rate=48000:d=1",
            "-filter_complex", "[0][1][2][3][4][5]join=inputs=6:channel_layout=5.1", "-c:a", "pcm_s16le",
            "\(d)/surround.wav")
        try ff("-f", "lavfi", "-i", "sine=f=1000:sample_rate=16000:d=0.25", "-c:a", "pcm_s16le", "\(d)/short.wav")
        for name in hostile { try FileManager.default.copyItem(atPath: "\(d)/chime.wav", toPath: "\(d)/\(name)") }
        let folder = ([d] + hostileFolders).joined(separator: "/")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(d)/chime.wav", toPath: "\(folder)/\(hostileLeaf)")
        _ = FileManager.default.createFile(atPath: "\(d)/broken.wav", contents: Data("RIFF\u{4}\0\0\0WAVEjunk".utf8))
        return dir
    }
}

/// The Opus pre-skip of an Ogg Opus file (RFC 7845 §5.1: OpusHead's bytes 10–11, little-endian), in samples at
/// 48 kHz. Chromium counts it in an `<audio>`'s duration.
func opusPreSkip(_ ogg: Data) -> Int? {
    let bytes = [UInt8](ogg)
    let magic = Array("OpusHead".utf8)
    guard let at = (0..<max(0, bytes.count - 20)).first(where: { Array(bytes[$0..<($0 + 8)]) == magic }) else {
        return nil
    }
    return Int(bytes[at + 10]) | Int(bytes[at + 11]) << 8
}

/// The previews of a page, in page order: (sound name, MIME type, bytes).
func previews(in html: String) throws -> [(String, String, Data)] {
    let section = try Regex(
        #"<section class="sound[^"]*" id="sound-\d+">\n<h2>([^<]*)</h2>(?:(?!</section>)[\s\S])*?<source src="data:[^;]+;base64,([A-Za-z0-9+/=]+)" type="([^"]+)""#
    )
    return html.matches(of: section).compactMap { m in
        guard let name = m.output[1].substring, let b64 = m.output[2].substring, let type = m.output[3].substring,
            let data = Data(base64Encoded: String(b64))
        else { return nil }
        return (unescapeHTML(String(name)), String(type), data)
    }
}

func unescapeHTML(_ s: String) -> String {
    s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(
        of: "&quot;", with: "\""
    )
    .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
}

@Suite("soundkit report", .serialized, .tags(.browser))
struct ReportTests {
    @Test("the page is one file: a section per sound with its findings and rule ids, previews inline, names as text")
    func structure() throws {
        let dir = try ReportFixtures.make()
        let page = dir.appendingPathComponent("report.html").path
        let r = try Tool.soundkit("report", dir.path, "-o", page, "--loudness", "-16±1")
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let sections = html.matches(of: try Regex(#"<section class="sound"#)).count
        #expect(sections == 9)
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(3)&lt;/script&gt;.wav</p>"))
        // No network: nothing is fetched from anywhere but data: URIs and the page's own anchors.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src=\"file:"))
        let scripts = html.matches(of: try Regex("<script")).count
        let images = html.matches(of: try Regex("<img")).count
        #expect(scripts == 1 && images == 0)
        for name in ReportFixtures.hostile {
            #expect(!html.contains(name))
            #expect(
                html.contains(
                    "<h2>\(name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;"))</h2>"
                ))
        }
        // Findings carry their rule: the broken file is unreadable, the short one has no integrated loudness.
        #expect(html.contains("<code>unreadable</code>"))
        #expect(html.contains("<code>loudness</code> has no integrated loudness (shorter than 0.4 s"))
        #expect(html.contains("No preview: "))
        let found = try previews(in: html)
        #expect(Set(found.map(\.0)) == Set(ReportFixtures.durations.keys))
        for (name, type, data) in found {
            #expect(type == "audio/ogg; codecs=opus" && data.starts(with: Array("OggS".utf8)), "\(name)")
        }
    }

    @Test(
        "a page opens in headless Chromium: every preview reports the sound's duration, no error reaches the console",
        .enabled(if: Chromium.executable() != nil, "Chromium is not installed (scripts/setup installs it)"),
        arguments: ["opus", "wav"])
    func browser(_ format: String) throws {
        let dir = try ReportFixtures.make()
        let page = dir.appendingPathComponent("report.html")
        let r = try Tool.soundkit("report", dir.path, "-o", page.path, "--preview", format)
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        // What Chromium should report for each preview: Opus adds the stream's pre-skip, WAV nothing.
        var expected: [String: Double] = [:]
        for (name, _, data) in try previews(in: html) {
            let skip = format == "opus" ? try #require(opusPreSkip(data), "no OpusHead in \(name)'s preview") : 0
            expected[name] = try #require(ReportFixtures.durations[name]) + Double(skip) / 48_000
        }
        #expect(expected.count == ReportFixtures.durations.count)

        let result = try load(page, screenshot: dir.appendingPathComponent("report.png"))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.sections == 9 && result.images == 0)
        #expect(result.headings.filter(ReportFixtures.hostile.contains).count == 2, "\(result.headings)")
        #expect(result.audios.count == expected.count)
        for a in result.audios {
            let want = try #require(expected[a.name], "an <audio> for \(a.name)")
            #expect(a.error == nil, "\(a.name): media error \(a.error ?? "")")
            #expect(abs(a.duration - want) < 0.002, "\(a.name): Chromium says \(a.duration) s, expected \(want) s")
        }
        let png = try Data(contentsOf: dir.appendingPathComponent("report.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
        print(
            "report (\(format)): \(html.utf8.count) bytes, load event at \(Int(result.loaded)) ms, every preview's metadata at \(Int(result.metadata)) ms"
        )
    }

    @Test("50 sounds of 5 s make a page under 5 MB", .tags(.slow), .notQuick)
    func sizeBudget() throws {
        let dir = try temporaryDirectory("report-budget")
        let sounds = dir.appendingPathComponent("sounds").path
        try FileManager.default.createDirectory(atPath: sounds, withIntermediateDirectories: true)
        // Five different stereo 44.1 kHz sounds (noise and tones cost Opus the most), ten copies each.
        for k in 0..<5 {
            try Tool.must(
                "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "anoisesrc=c=pink:r=44100:a=0.\(k + 1):d=5:s=\(k)",
                "-f", "lavfi", "-i", "sine=f=\(300 + 200 * k):sample_rate=44100:d=5", "-filter_complex",
                "[0][1]amerge=inputs=2",
                "-c:a", "pcm_s16le", "\(sounds)/sound\(k).wav")
            for copy in 1..<10 {
                try FileManager.default.copyItem(
                    atPath: "\(sounds)/sound\(k).wav", toPath: "\(sounds)/sound\(k)-\(copy).wav")
            }
        }
        let page = dir.appendingPathComponent("report.html")
        let r = try Tool.soundkit("report", sounds, "-o", page.path)
        #expect(r.status == 0, "\(r.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int)
        #expect(size < 5_000_000, "\(size) bytes")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.matches(of: try Regex("<audio")).count == 50)
        if Chromium.executable() != nil {
            let result = try load(page, screenshot: nil)
            #expect(result.errors.isEmpty && result.audios.count == 50, "\(result.errors)")
            print(
                "50 sounds of 5 s: \(size) bytes, load event at \(Int(result.loaded)) ms, every preview's metadata at \(Int(result.metadata)) ms"
            )
        }
    }

    struct Loaded {
        struct Audio {
            var name: String
            var duration: Double
            var error: String?
        }
        var audios: [Audio]
        var sections: Int
        var images: Int
        var headings: [String]
        var errors: [String]
        /// Milliseconds from navigation to the load event, and to the last preview's metadata.
        var loaded: Double
        var metadata: Double
    }

    /// Loads `page` in a fresh headless Chromium, waits until every `<audio>` has its metadata (or fails), reads
    /// the durations, and takes a screenshot of the whole page.
    func load(_ page: URL, screenshot: URL?) throws -> Loaded {
        let profile = try temporaryDirectory("chromium-profile")
        let browser = try Chromium(try #require(Chromium.executable()), profile: profile.path)
        defer { browser.quit() }
        let target = try browser.send("Target.createTarget", ["url": "about:blank"])
        let attached = try browser.send(
            "Target.attachToTarget", ["targetId": try #require(target["targetId"] as? String), "flatten": true])
        let session = try #require(attached["sessionId"] as? String)
        for domain in ["Runtime.enable", "Log.enable", "Page.enable"] { try browser.send(domain, session: session) }
        try browser.send(
            "Emulation.setDeviceMetricsOverride",
            ["width": 1100, "height": 1400, "deviceScaleFactor": 1, "mobile": false], session: session)
        try browser.send("Page.navigate", ["url": page.absoluteString], session: session)
        try browser.event("Page.loadEventFired")
        let probe = """
            (async () => {
              const wait = (a) => new Promise((resolve) => {
                const done = () => resolve({ name: a.closest('section').querySelector('h2').textContent,
                                             duration: a.duration, error: a.error ? String(a.error.code) : null });
                if (a.readyState >= 1) return done();
                a.addEventListener('loadedmetadata', done, { once: true });
                a.addEventListener('error', done, { once: true });
                a.querySelectorAll('source').forEach((s) => s.addEventListener('error', () =>
                  resolve({ name: a.closest('section').querySelector('h2').textContent, duration: NaN, error: 'source' }), { once: true }));
              });
              const audios = await Promise.all(Array.from(document.querySelectorAll('audio'), wait));
              const navigation = performance.getEntriesByType('navigation')[0];
              return { audios, metadata: performance.now(), loaded: navigation.loadEventEnd,
                       sections: document.querySelectorAll('section.sound').length, images: document.images.length,
                       headings: Array.from(document.querySelectorAll('section.sound h2'), (h) => h.textContent) };
            })()
            """
        let evaluated = try browser.send(
            "Runtime.evaluate", ["expression": probe, "awaitPromise": true, "returnByValue": true], session: session,
            timeout: 30)
        let value = try #require((evaluated["result"] as? [String: Any])?["value"] as? [String: Any], "\(evaluated)")
        if let screenshot {
            let shot = try browser.send(
                "Page.captureScreenshot", ["format": "png", "captureBeyondViewport": true], session: session)
            let data = try #require(shot["data"] as? String)
            try #require(Data(base64Encoded: data)).write(to: screenshot)
        }
        let audios = (value["audios"] as? [[String: Any]] ?? []).map {
            Loaded.Audio(
                name: $0["name"] as? String ?? "?", duration: $0["duration"] as? Double ?? .nan,
                error: $0["error"] as? String)
        }
        return Loaded(
            audios: audios, sections: value["sections"] as? Int ?? -1, images: value["images"] as? Int ?? -1,
            headings: value["headings"] as? [String] ?? [], errors: browser.pageErrors,
            loaded: value["loaded"] as? Double ?? .nan, metadata: value["metadata"] as? Double ?? .nan)
    }
}
