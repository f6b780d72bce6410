import SoundKitIO
import SoundKitNotifications
import Testing

@testable import SoundKitReport

@Suite("HTML escaping")
struct HTMLEscapingTests {
    @Test("every character that can open markup or end an attribute is a reference; others pass through")
    func escape() {
        #expect(HTML.escape(#"<img src=x onerror=alert(1)>.wav"#) == "&lt;img src=x onerror=alert(1)&gt;.wav")
        #expect(HTML.escape(#"a&b "c" 'd' </script>"#) == "a&amp;b &quot;c&quot; &#39;d&#39; &lt;/script&gt;")
        #expect(HTML.escape("&amp;") == "&amp;amp;")
        #expect(HTML.escape("ünïcødé — µLaw 🔔") == "ünïcødé — µLaw 🔔")
        for c in "&<>\"'" { #expect(!HTML.escape("x\(c)y").contains(c) || c == "&") }
    }
}

@Suite("Report model and page")
struct ReportPageTests {
    static let hostile = #"</script><script>alert("x")</script><img src=x onerror='alert(1)'>&amp;"#

    func sound(_ name: String, findings: [Finding] = [], loudness: Loudness? = nil) -> SoundSetReport.Sound {
        SoundSetReport.Sound(
            path: "dir/\(name)", name: name, container: "CAF", format: "ima4", sampleRate: 44100, channels: 1,
            frames: 44100, duration: 1, findings: findings, loudness: loudness, loudnessUnavailable: nil,
            waveform: Waveform(
                framesPerColumn: 441, sampleRate: 44100, channels: [.init(min: [-0.5, -1], max: [0.5, 1])]),
            preview: .init(
                format: "opus", mimeType: "audio/ogg; codecs=opus", sampleRate: 48000, channels: 1, frames: 48000,
                duration: 1, base64: "T2dnUw=="))
    }

    @Test("hostile names, paths, titles, rule ids and messages reach the page only as text")
    func escaping() {
        let h = Self.hostile
        let report = SoundSetReport(
            title: h,
            sounds: [
                sound(
                    h, findings: [Finding(.error, .codec, h)],
                    loudness: Loudness(integrated: -16, range: 0, truePeak: -1, samplePeak: -1)),
                sound("b.caf", loudness: Loudness(integrated: -30, range: 0, truePeak: -1, samplePeak: -1)),
            ], loudnessSpread: 3)
        let html = HTMLReport.render(report)
        #expect(
            !html.contains(h) && !html.contains("alert(\"x\")") && !html.contains("<img") && !html.contains("onerror='")
        )
        #expect(html.ranges(of: "<script>").count == 1, "only the page's own script")
        #expect(html.ranges(of: HTML.escape(h)).count >= 6, "title ×2, heading, path, overview, message, chart")
        // Attribute values stay inside their quotes: every data-value of the overview is escaped.
        #expect(html.contains("data-value=\"\(HTML.escape(h))\""))
    }

    @Test("one section per sound with its facts, loudness, findings by rule, waveform lanes and a preview")
    func structure() {
        let report = SoundSetReport(
            title: "Sounds",
            sounds: [
                sound(
                    "a.caf", findings: [Finding(.warning, .loudnessSpread, "louder")],
                    loudness: Loudness(integrated: -9, range: 1, truePeak: -0.5, samplePeak: -0.6)),
                sound(
                    "b.caf",
                    loudness: Loudness(
                        integrated: nil, integratedReason: .tooShort, range: nil, truePeak: -6, samplePeak: -6)),
                sound("c.caf", findings: [Finding(.error, .duration, "too long")]),
            ], loudnessSpread: 3)
        let html = HTMLReport.render(report)
        #expect(html.ranges(of: "<section class=\"sound").count == 3)
        #expect(
            html.contains(
                "<li class=\"warning\"><span class=\"severity\">warning</span> <code>loudness-spread</code> louder</li>"
            ))
        #expect(html.contains("<section class=\"sound has-error\" id=\"sound-3\">"))
        #expect(html.contains("<td>-9.0 LUFS</td>") && html.contains("– (shorter than 0.4 s, too short to gate)"))
        #expect(html.contains("Loudness: not measured"))
        #expect(
            html.ranges(of: "<source src=\"data:audio/ogg;base64,T2dnUw==\" type=\"audio/ogg; codecs=opus\">").count
                == 3)
        #expect(html.contains("<path d=\"M0 15V45M1 0V60\"/>"), "min/max per column, 0 dBFS at the lane's edges")
        #expect(
            report.summary.errors == 1 && report.summary.warnings == 1 && report.summary.medianLoudness == -9
                && report.summary.loudnessOutliers == 1)
        #expect(!html.contains("http:") && !html.contains("https:"))
    }

    @Test("a long sound is drawn whole: more frames per column, never fewer columns of its start")
    func longWaveform() {
        // Expected length a tenth of the real one (as with a source that underestimates): the spike at the very
        // end must still be drawn, in no more columns than asked for.
        var w = WaveformBuilder(channels: 2, sampleRate: 1000, expectedFrames: 10_000, columns: 100)
        var b = SampleBuffer(kind: .float, channels: 2)
        let frames = 100_000
        b.frames = frames
        b.floats = (0..<(frames * 2)).map { (i: Int) -> Double in 0.01 * Double(i % 7 - 3) }
        b.floats[frames * 2 - 2] = 0.9
        b.floats[frames * 2 - 1] = -0.8
        for start in stride(from: 0, to: frames, by: 4096) {
            var piece = SampleBuffer(kind: .float, channels: 2)
            piece.frames = min(4096, frames - start)
            piece.floats = Array(b.floats[(start * 2)..<((start + piece.frames) * 2)])
            w.add(piece)
        }
        let wave = w.finish()
        #expect(wave.columns <= 100 && wave.columns >= 50)
        #expect(Int64(wave.columns) * wave.framesPerColumn >= Int64(frames))
        #expect(wave.channels[0].max.last == 0.9 && wave.channels[1].min.last == -0.8)
        #expect(wave.channels[0].min.first == -0.03 && wave.channels[0].max.first == 0.03)
        // A short sound keeps one column per frame group without merging.
        var s = WaveformBuilder(channels: 1, sampleRate: 1000, expectedFrames: 10, columns: 100)
        var one = SampleBuffer(kind: .float, channels: 1)
        one.frames = 10
        one.floats = (0..<10).map { Double($0) / 10 }
        s.add(one)
        #expect(s.finish().channels[0].max == (0..<10).map { Double($0) / 10 })
    }
}
