import SoundKitIO
import SoundKitNotifications

/// Text for HTML: everything a file or a person supplied goes through ``escape(_:)`` before it reaches the page.
package enum HTML {
    /// `s` with `&`, `<`, `>`, `"` and `'` written as character references: safe as element content and as a
    /// quoted attribute value (a name like `<img src=x onerror=alert(1)>.wav` shows as text).
    package static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

/// soundkit's page for a ``SoundSetReport``: one self-contained HTML file (styles, waveforms as inline SVG,
/// previews as `data:` URIs, no network), readable without JavaScript; a small script only sorts the overview.
public enum HTMLReport {
    /// The report as one self-contained HTML page (inline SVG waveforms and audio previews).
    public static func render(_ report: SoundSetReport) -> String {
        var page = Page()
        page.raw("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        page.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        page.raw("<title>")
        page.text(report.title)
        page.raw("</title>\n<style>\(style)</style>\n</head>\n<body>\n")
        header(&page, report)
        overview(&page, report)
        page.raw("<main>\n")
        for (i, sound) in report.sounds.enumerated() { section(&page, sound, index: i, spread: report.summary) }
        page.raw("</main>\n<script>\(script)</script>\n</body>\n</html>\n")
        return page.html
    }

    /// The page being written: markup from this file through ``raw(_:)``, everything else through ``text(_:)``.
    struct Page {
        var html = ""
        mutating func raw(_ markup: String) { html += markup }
        mutating func text(_ s: String) { html += HTML.escape(s) }
    }

    // MARK: Summary

    static func header(_ page: inout Page, _ r: SoundSetReport) {
        let s = r.summary
        page.raw("<header>\n<h1>")
        page.text(r.title)
        page.raw("</h1>\n<p class=\"counts\">")
        page.text("\(s.sounds) sound\(s.sounds == 1 ? "" : "s"): ")
        page.raw("<span class=\"error\">")
        page.text("\(s.errors) error\(s.errors == 1 ? "" : "s")")
        page.raw("</span>, ")
        page.raw("<span class=\"warning\">")
        page.text("\(s.warnings) warning\(s.warnings == 1 ? "" : "s")")
        page.raw("</span>, ")
        page.text(
            "\(s.notes) note\(s.notes == 1 ? "" : "s"); \(s.soundsWithErrors) sound\(s.soundsWithErrors == 1 ? "" : "s") with errors"
        )
        page.raw("</p>\n")
        let levels = r.sounds.enumerated().compactMap { i, sound in
            sound.loudness?.integrated.map { (i, sound.name, $0) }
        }
        if let median = s.medianLoudness {
            page.raw("<p>")
            page.text(
                "Integrated loudness (EBU R 128): median \(decimal(median, 1)) LUFS, from \(decimal(levels.map(\.2).min() ?? median, 1)) to \(decimal(levels.map(\.2).max() ?? median, 1)) LUFS; \(s.loudnessOutliers) sound\(s.loudnessOutliers == 1 ? "" : "s") more than \(decimal(s.loudnessSpread, 1)) LU from the median."
            )
            page.raw("</p>\n")
            spreadChart(&page, levels: levels, median: median, spread: s.loudnessSpread)
        }
        page.raw("</header>\n")
    }

    /// Each sound as a dot on a LUFS axis, the band of ±spread around the median shaded.
    static func spreadChart(_ page: inout Page, levels: [(Int, String, Double)], median: Double, spread: Double) {
        let values = levels.map(\.2) + [median - spread, median + spread]
        let lo = (((values.min() ?? -30) - 2) / 5).rounded(.down) * 5
        let hi = (((values.max() ?? 0) + 2) / 5).rounded(.up) * 5
        let width = 640.0
        let left = 12.0
        let right = 596.0
        func x(_ v: Double) -> Double { left + (v - lo) / Swift.max(hi - lo, 1) * (right - left) }
        let rows = 4
        let height = Double(rows * 14 + 40)
        page.raw(
            "<svg class=\"spread\" viewBox=\"0 0 \(decimal(width, 0)) \(decimal(height, 0))\" role=\"img\" aria-label=\"Integrated loudness of each sound\">\n"
        )
        page.raw(
            "<rect class=\"band\" x=\"\(decimal(x(median - spread), 1))\" y=\"4\" width=\"\(decimal(x(median + spread) - x(median - spread), 1))\" height=\"\(rows * 14 + 8)\"/>\n"
        )
        page.raw(
            "<line class=\"median\" x1=\"\(decimal(x(median), 1))\" x2=\"\(decimal(x(median), 1))\" y1=\"2\" y2=\"\(rows * 14 + 14)\"/>\n"
        )
        var tick = lo
        while tick <= hi {
            let tx = decimal(x(tick), 1)
            page.raw(
                "<line class=\"tick\" x1=\"\(tx)\" x2=\"\(tx)\" y1=\"\(rows * 14 + 14)\" y2=\"\(rows * 14 + 19)\"/>")
            page.raw("<text x=\"\(tx)\" y=\"\(rows * 14 + 31)\">")
            page.text(decimal(tick, 0))
            page.raw("</text>\n")
            tick += 5
        }
        page.raw("<text class=\"unit\" x=\"\(decimal(width, 0))\" y=\"\(rows * 14 + 31)\">LUFS</text>\n")
        for (n, (index, name, level)) in levels.enumerated() {
            let outlier = abs(level - median) > spread
            page.raw(
                "<a href=\"#sound-\(index + 1)\"><circle class=\"\(outlier ? "outlier" : "level")\" cx=\"\(decimal(x(level), 1))\" cy=\"\(12 + (n % rows) * 14)\" r=\"5\"><title>"
            )
            page.text("\(name): \(decimal(level, 1)) LUFS")
            page.raw("</title></circle></a>\n")
        }
        page.raw("</svg>\n")
    }

    /// One row per sound, sortable by the script (and readable without it).
    static func overview(_ page: inout Page, _ r: SoundSetReport) {
        page.raw("<table class=\"overview\">\n<thead><tr>")
        for (key, label) in [
            ("text", "Sound"), ("number", "Duration"), ("number", "Integrated"), ("number", "True peak"),
            ("number", "Errors"), ("number", "Warnings"),
        ] {
            page.raw("<th data-sort=\"\(key)\" tabindex=\"0\">")
            page.text(label)
            page.raw("</th>")
        }
        page.raw("</tr></thead>\n<tbody>\n")
        for (i, s) in r.sounds.enumerated() {
            let errors = s.findings.filter { $0.severity == .error }.count
            let warnings = s.findings.filter { $0.severity == .warning }.count
            page.raw("<tr><td data-value=\"")
            page.text(s.name)
            page.raw("\"><a href=\"#sound-\(i + 1)\">")
            page.text(s.name)
            page.raw("</a></td>")
            cell(&page, s.duration, s.duration.map { "\(decimal($0, 2)) s" })
            cell(&page, s.loudness?.integrated, s.loudness?.integrated.map { "\(decimal($0, 1)) LUFS" })
            cell(&page, s.loudness?.truePeak, s.loudness?.truePeak.map { "\(decimal($0, 1)) dBTP" })
            cell(&page, Double(errors), String(errors))
            cell(&page, Double(warnings), String(warnings))
            page.raw("</tr>\n")
        }
        page.raw("</tbody>\n</table>\n")
    }

    static func cell(_ page: inout Page, _ value: Double?, _ label: String?) {
        page.raw("<td class=\"num\" data-value=\"\(value.map { decimal($0, 3) } ?? "")\">")
        page.text(label ?? "–")
        page.raw("</td>")
    }

    // MARK: One sound

    static func section(_ page: inout Page, _ s: SoundSetReport.Sound, index: Int, spread: SoundSetReport.Summary) {
        let worst = s.findings.map(\.severity).max()
        page.raw(
            "<section class=\"sound\(worst.map { " has-\($0.rawValue)" } ?? "")\" id=\"sound-\(index + 1)\">\n<h2>")
        page.text(s.name)
        page.raw("</h2>\n")
        page.raw("<p class=\"path\">")
        page.text(s.path)
        page.raw("</p>\n<p class=\"facts\">")
        var facts: [String] = []
        if let c = s.container { facts.append(c) }
        if let f = s.format { facts.append(f) }
        if let r = s.sampleRate { facts.append("\(decimal(r, 0)) Hz") }
        if let c = s.channels { facts.append(c == 1 ? "mono" : c == 2 ? "stereo" : "\(c) channels") }
        if let n = s.frames { facts.append("\(n) frames") }
        if let d = s.duration { facts.append("\(decimal(d, 2)) s") }
        page.text(facts.isEmpty ? "not readable" : facts.joined(separator: " · "))
        page.raw("</p>\n")
        if let d = s.duration { durationBar(&page, d) }
        if let w = s.waveform { waveform(&page, w, name: s.name) }
        loudness(&page, s)
        findings(&page, s.findings, path: s.path)
        if let p = s.preview {
            page.raw("<audio controls preload=\"metadata\"><source src=\"data:")
            page.text(p.format == "wav" ? "audio/wav" : "audio/ogg")
            page.raw(";base64,")
            page.text(p.base64)
            page.raw("\" type=\"")
            page.text(p.mimeType)
            page.raw("\">")
            page.text("This browser does not play \(p.format == "wav" ? "WAV" : "Ogg Opus").")
            page.raw("</audio>\n")
        } else {
            page.raw("<p class=\"nopreview\">")
            page.text("No preview: \(s.previewUnavailable ?? "not made")")
            page.raw("</p>\n")
        }
        page.raw("</section>\n")
    }

    /// The played length against iOS's 30 s limit (and the banner's 5 s).
    static func durationBar(_ page: inout Page, _ seconds: Double) {
        let scale = Swift.max(32, seconds.isFinite ? seconds * 1.05 : 32)
        let width = 600.0
        func x(_ t: Double) -> String { decimal(Swift.min(t, scale) / scale * width, 1) }
        let over = seconds >= DurationRule.limit
        page.raw("<svg class=\"duration\" viewBox=\"0 0 600 34\" role=\"img\" aria-label=\"")
        page.text("plays for \(decimal(seconds, 2)) s of the 30 s limit")
        page.raw("\"><rect class=\"track\" x=\"0\" y=\"4\" width=\"600\" height=\"12\"/>")
        page.raw(
            "<rect class=\"\(over ? "bar over" : seconds > 5 ? "bar long" : "bar")\" x=\"0\" y=\"4\" width=\"\(x(seconds))\" height=\"12\"/>"
        )
        page.raw(
            "<line class=\"banner\" x1=\"\(x(5))\" x2=\"\(x(5))\" y1=\"0\" y2=\"20\"/><text x=\"\(x(5))\" y=\"31\">5 s</text>"
        )
        page.raw(
            "<line class=\"limit\" x1=\"\(x(30))\" x2=\"\(x(30))\" y1=\"0\" y2=\"20\"/><text x=\"\(x(30))\" y=\"31\">30 s limit</text>"
        )
        page.raw("</svg>\n")
    }

    /// Min/max per column for each channel, one lane per channel, 0 dBFS at the lane's edges.
    static func waveform(_ page: inout Page, _ w: Waveform, name: String) {
        let lane = 60
        let columns = Swift.max(w.columns, 1)
        page.raw(
            "<svg class=\"waveform\" viewBox=\"0 0 \(columns) \(lane * w.channels.count)\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\""
        )
        page.text("waveform of \(name)")
        page.raw("\">")
        for (c, ch) in w.channels.enumerated() {
            let top = c * lane
            func y(_ v: Double) -> Int {
                let clamped = v.isFinite ? Swift.min(Swift.max(v, -1), 1) : 0
                return top + Int(((1 - clamped) * Double(lane) / 2).rounded())
            }
            var d = ""
            for i in 0..<Swift.min(ch.min.count, ch.max.count) {
                let y1 = y(ch.max[i])
                let y2 = Swift.max(y(ch.min[i]), y1 + 1)
                d += "M\(i) \(y1)V\(y2)"
            }
            page.raw(
                "<line class=\"axis\" x1=\"0\" x2=\"\(columns)\" y1=\"\(top + lane / 2)\" y2=\"\(top + lane / 2)\"/>")
            page.raw("<path d=\"\(d)\"/>")
        }
        page.raw("</svg>\n")
    }

    static func loudness(_ page: inout Page, _ s: SoundSetReport.Sound) {
        guard let l = s.loudness else {
            page.raw("<p class=\"loudness\">")
            page.text("Loudness: \(s.loudnessUnavailable ?? "not measured")")
            page.raw("</p>\n")
            return
        }
        page.raw("<table class=\"loudness\"><tr>")
        let figures: [(String, String)] = [
            (
                "Integrated",
                l.integrated.map { "\(decimal($0, 1)) LUFS" }
                    ?? "– (\(l.integratedReason?.description ?? "not measured"))"
            ),
            ("Range", l.range.map { "\(decimal($0, 1)) LU" } ?? "–"),
            ("True peak", l.truePeak.map { "\(decimal($0, 1)) dBTP" } ?? "– (silence)"),
            ("Sample peak", l.samplePeak.map { "\(decimal($0, 1)) dBFS" } ?? "– (silence)"),
        ]
        for (label, _) in figures {
            page.raw("<th>")
            page.text(label)
            page.raw("</th>")
        }
        page.raw("</tr><tr>")
        for (_, value) in figures {
            page.raw("<td>")
            page.text(value)
            page.raw("</td>")
        }
        page.raw("</tr></table>\n")
    }

    static func findings(_ page: inout Page, _ findings: [Finding], path: String) {
        guard !findings.isEmpty else {
            page.raw("<p class=\"clean\">No findings.</p>\n")
            return
        }
        page.raw("<ul class=\"findings\">\n")
        for f in findings {
            page.raw("<li class=\"\(f.severity.rawValue)\"><span class=\"severity\">")
            page.text(f.severity.rawValue)
            page.raw("</span> <code>")
            page.text(f.rule.id)
            page.raw("</code> ")
            page.text(f.rendered(path: path))
            page.raw("</li>\n")
        }
        page.raw("</ul>\n")
    }

    // MARK: Style and script (constants: no data reaches them)

    static let style = """
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:980px;padding:16px 24px;color:#1d1d1f;background:#fafafa}
        h1{font-size:26px;margin:8px 0}h2{font-size:18px;margin:0 0 2px;word-break:break-all}
        .error{color:#b3261e}.warning{color:#8a5a00}.note{color:#39617a}
        .counts{font-size:17px}
        svg text{font-size:11px;fill:#555;text-anchor:middle}
        .spread{width:100%;max-width:640px;display:block}.spread .band{fill:#e3efe3}.spread .median{stroke:#2e7d32;stroke-width:1.5}
        .spread .tick{stroke:#888}.spread .level{fill:#1565c0;fill-opacity:.8}.spread .outlier{fill:#c62828}.spread .unit{text-anchor:end}
        table.overview{border-collapse:collapse;margin:16px 0;width:100%;background:#fff}
        .overview th,.overview td{padding:4px 8px;border-bottom:1px solid #ddd;text-align:left}.overview th{cursor:pointer;user-select:none}
        .overview td.num{text-align:right;font-variant-numeric:tabular-nums}
        .sound{background:#fff;border:1px solid #ddd;border-left:6px solid #9e9e9e;border-radius:6px;padding:12px 16px;margin:14px 0}
        .sound.has-error{border-left-color:#c62828}.sound.has-warning{border-left-color:#f9a825}.sound.has-note{border-left-color:#64b5f6}
        .path{margin:0;color:#666;font-family:ui-monospace,Menlo,monospace;font-size:12px;word-break:break-all}
        .facts{margin:4px 0 8px}
        .duration{width:100%;max-width:600px;display:block;height:34px}.duration .track{fill:#eee}.duration .bar{fill:#43a047}
        .duration .bar.long{fill:#f9a825}.duration .bar.over{fill:#c62828}.duration .limit{stroke:#c62828;stroke-width:2}.duration .banner{stroke:#999;stroke-dasharray:2 2}
        .waveform{width:100%;height:auto;max-height:240px;display:block;background:#f4f6f8;margin:8px 0}
        .waveform path{stroke:#1565c0;stroke-width:1;fill:none;vector-effect:non-scaling-stroke}.waveform .axis{stroke:#ccc;vector-effect:non-scaling-stroke}
        table.loudness{border-collapse:collapse;margin:6px 0}.loudness th,.loudness td{padding:2px 14px 2px 0;text-align:left}
        .loudness th{font-weight:600;font-size:12px;color:#666}
        .findings{padding-left:18px;margin:6px 0}.findings li{margin:3px 0}.findings code{background:#eee;padding:0 4px;border-radius:3px}
        .severity{font-weight:600}.clean{color:#2e7d32}
        audio{width:100%;max-width:600px;margin-top:6px}
        """

    static let script = """
        document.querySelectorAll('table.overview th').forEach(function (th, column) {
          var up = true;
          function sort() {
            var body = th.closest('table').tBodies[0];
            var rows = Array.prototype.slice.call(body.rows);
            var numeric = th.getAttribute('data-sort') === 'number';
            rows.sort(function (a, b) {
              var x = a.cells[column].getAttribute('data-value'), y = b.cells[column].getAttribute('data-value');
              if (numeric) { x = x === '' ? -Infinity : parseFloat(x); y = y === '' ? -Infinity : parseFloat(y); return up ? x - y : y - x; }
              return up ? x.localeCompare(y) : y.localeCompare(x);
            });
            rows.forEach(function (r) { body.appendChild(r); });
            up = !up;
          }
          th.addEventListener('click', sort);
          th.addEventListener('keydown', function (e) { if (e.key === 'Enter') sort(); });
        });
        """
}
