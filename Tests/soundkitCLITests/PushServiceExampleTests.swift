import Foundation
import Testing

/// Examples/PushService, a package that depends on soundkit by path and uses only the service API, built and run on
/// uploads made here: what issue 28 asks a consumer to be able to do.
@Suite("Examples/PushService, built and run as a dependent package", .serialized)
struct PushServiceExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let example = root.appendingPathComponent("Examples/PushService")

    /// A pretty-printed APNs payload of exactly `size` bytes (two-space indents, as JSON editors write them).
    static func prettyPayload(size: Int) -> String {
        var lines = [
            "{", "  \"aps\": {", "    \"alert\": {", "      \"title\": \"Your order is on its way\",",
            "      \"body\": \"Track it live in the app.\"", "    },", "    \"sound\": \"chime.caf\",",
            "    \"mutable-content\": 1", "  },", "  \"items\": [",
        ]
        for i in 0..<30 {
            lines += [
                "    {", "      \"sku\": \"SKU-\(10000 + i)\",", "      \"quantity\": \(i % 3 + 1)",
                i == 29 ? "    }" : "    },",
            ]
        }
        lines += ["  ],", "  \"note\": \"\"", "}"]
        let text = lines.joined(separator: "\n")
        let pad = String(repeating: "x", count: max(0, size - text.utf8.count))
        return text.replacingOccurrences(of: "\"note\": \"\"", with: "\"note\": \"\(pad)\"")
    }

    @Test("the payload the example lints is 4,344 bytes as written, and fits when compact")
    func payloadSize() throws {
        let text = Self.prettyPayload(size: 4344)
        #expect(text.utf8.count == 4344)
        let compact = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(text.utf8)))
        #expect(compact.count < 4096)
    }

    @Test(
        "bytes in, CAF out; trimmed, mixed down, a typed error, JSON results, prepareAll cancelled half-way, a payload over the limit",
        .tags(.slow), .dependentPackage)
    func endToEnd() throws {
        let dir = try temporaryDirectory()
        let uploads = dir.appendingPathComponent("uploads")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        func make(_ name: String, _ args: [String]) throws {
            try Tool.must("ffmpeg", ["-v", "error", "-y"] + args + [uploads.appendingPathComponent(name).path])
        }
        try make("upload.m4a", ["-f", "lavfi", "-i", "sine=f=660:d=4", "-ac", "2", "-c:a", "aac"])
        try make("long.wav", ["-f", "lavfi", "-i", "sine=f=440:d=40", "-ac", "2"])
        try make("surround.wav", ["-f", "lavfi", "-i", "sine=f=300:d=2:sample_rate=48000", "-ac", "6"])
        try Data("these are my notes\n".utf8).write(to: uploads.appendingPathComponent("notes.mp3"))
        try Data(Self.prettyPayload(size: 4344).utf8).write(to: uploads.appendingPathComponent("payload.json"))

        // Without the index store: no editor reads it, and writing it is a sixth of the build's CPU.
        let build = ["build", "--package-path", Self.example.path, "--disable-index-store"]
        try Tool.must("swift", build)
        let bin = try Tool.must("swift", build + ["--show-bin-path"])
        let binary = bin.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "/PushService"
        let run = try Tool.run(binary, [uploads.path, out.path])
        #expect(run.status == 0, "\(run.stderr)")
        var lines: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2, lines[String(parts[0])] == nil { lines[String(parts[0])] = String(parts[1]) }
        }
        func json(_ label: String) throws -> [String: Any] {
            let text = try #require(lines[label], "no \(label) line in: \(run.stdout)")
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }

        // The m4a, given as bytes: IMA4 CAF bytes ffprobe reads.
        let m4a = try json("m4a")
        #expect(m4a["isPlayable"] as? Bool == true && m4a["bytes"] is String)
        #expect(try Decoded.ffmpeg(out.appendingPathComponent("upload.caf").path).codec == "adpcm_ima_qt")
        // 40 s cut under 30 s; 5.1 mixed to stereo; both written to disk.
        let long = try json("long")
        #expect(long["trimmed"] as? Bool == true && (long["output"] as? [String: Any])?["duration"] as? Double == 29.5)
        let longCAF = try Decoded.ffmpeg(out.appendingPathComponent("long.caf").path)
        #expect(longCAF.codec == "adpcm_ima_qt" && Double(longCAF.frames) / 44100 < 30)
        let surround = try json("surround")
        #expect((surround["output"] as? [String: Any])?["channels"] as? Int == 2)
        #expect(try Decoded.ffmpeg(out.appendingPathComponent("surround.caf").path).channels == 2)
        // A text file named .mp3: a SoundKitError, no trap.
        let error = try json("error")
        #expect(error["code"] as? String == "unsupported-audio" && lines["status"] == "415")
        // prepareAll from top-level code, ended after ten events: no temporary file, no file after the end.
        let batch = run.stdout.split(separator: "\n").filter { $0.hasPrefix("batch ") && !$0.hasPrefix("batch files") }
        #expect(batch.count == 10)
        let summary = try #require(
            lines["batch"].flatMap { _ in
                run.stdout.split(separator: "\n").first { $0.hasPrefix("batch files") }
            })
        #expect(summary.hasSuffix("temporary 0"), "\(summary)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("batch").path)
        #expect(written.allSatisfy { $0.hasSuffix(".caf") } && written.count >= 10 && written.count < 20)
        // The 4,344-byte payload is over APNs' limit as sent.
        #expect(lines["payload"].map { $0.contains("payload-size") } == true)
        #expect(run.stdout.contains("payload bytes 4344 errors [\"payload-size\"]"))
    }
}
