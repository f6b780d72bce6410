import Foundation
import Testing

@_spi(SoundKitServe) @testable import SoundKitIO
@_spi(SoundKitServe) @testable import SoundKitNotifications

/// The service API (issue 28): sounds prepared from files and from bytes, in memory or written, checked, Codable.
@Suite("NotificationSounds: a push service's API", .tags(.oracle))
struct ServiceTests {
    /// Makes `name` in `dir` with ffmpeg from a lavfi source; returns its path.
    static func make(_ dir: URL, _ name: String, _ args: [String]) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try Tool.must("ffmpeg", ["-v", "error", "-y"] + args + [path])
        return path
    }

    static func tone(seconds: Double, channels: Int = 2, rate: Int = 44100) -> [String] {
        ["-f", "lavfi", "-i", "sine=f=440:d=\(seconds):sample_rate=\(rate)", "-ac", "\(channels)"]
    }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test(
        "bytes decode as the file does: the same CAF from memory and from disk, for soundkit's, libsndfile's and FFmpeg's readers",
        arguments: [("tone.wav", [String]()), ("tone.flac", ["-c:a", "flac"]), ("tone.m4a", ["-c:a", "aac"])])
    func bytesEqualFile(name: String, codec: [String]) async throws {
        let dir = try temporaryDirectory()
        let path = try Self.make(dir, name, Self.tone(seconds: 1.5) + codec)
        let fromFile = try await NotificationSounds.prepare(.file(path))
        let fromBytes = try await NotificationSounds.prepare(.bytes(try Self.bytes(path)))
        let caf = try #require(fromBytes.bytes)
        #expect(caf == fromFile.bytes)
        #expect(Array(caf.prefix(4)) == Array("caff".utf8))
        // The library's converter, which `soundkit convert IN OUT.caf -d ima4` runs, writes the same bytes.
        let converted = dir.appendingPathComponent("converted.caf").path
        try Converter.convert(
            input: path, output: converted, options: ConversionOptions(fileType: .caf, encoding: .ima4))
        #expect(try Self.bytes(converted) == caf)
        #expect(fromBytes.isPlayable && !fromBytes.trimmed && fromBytes.findings.allSatisfy { $0.severity != .error })
        #expect(fromBytes.source.path == SoundInput.bytesName && fromBytes.output.format == "ima4")
    }

    @Test("an m4a upload as bytes becomes an IMA4 CAF that ffprobe reads, as long as the source")
    func m4aBytes() async throws {
        let dir = try temporaryDirectory()
        let path = try Self.make(dir, "upload.m4a", Self.tone(seconds: 2) + ["-c:a", "aac"])
        let sound = try await NotificationSounds.prepare(.bytes(try Self.bytes(path)))
        let out = dir.appendingPathComponent("out.caf")
        try Data(try #require(sound.bytes)).write(to: out)
        let decoded = try Decoded.ffmpeg(out.path)
        #expect(decoded.codec == "adpcm_ima_qt" && decoded.channels == 2 && decoded.sampleRate == 44100)
        // As long as ffmpeg's own decode of the upload; ffmpeg decodes the CAF's whole packets (it does not apply
        // the packet table), Core Audio its valid frames.
        let source = try Decoded.ffmpeg(path)
        #expect(sound.source.container == "MPEG-4" && sound.source.frames == Int64(source.frames))
        #expect(sound.output.frames == sound.source.frames && decoded.frames == Int(sound.output.packets ?? 0) * 64)
    }

    @Test("a 40 s sound is cut under 30 s with a fade; a 5.1 sound is mixed to stereo; both written to disk")
    func trimAndMix() async throws {
        let dir = try temporaryDirectory()
        let long = try Self.make(dir, "long.wav", Self.tone(seconds: 40))
        let surround = try Self.make(dir, "surround.wav", Self.tone(seconds: 2, channels: 6, rate: 48000))
        let out = dir.appendingPathComponent("sounds/long.caf").path
        let fast = NotificationSoundRecipe(quality: .apple)
        let trimmed = try await NotificationSounds.prepare(.file(long), recipe: fast, writingTo: out)
        #expect(trimmed.trimmed && trimmed.bytes == nil && trimmed.outputPath == out && trimmed.isPlayable)
        #expect(trimmed.output.duration == 29.5 && trimmed.source.duration == 40)
        let decoded = try Decoded.ffmpeg(out)
        #expect(trimmed.output.frames == 1_300_950 && decoded.frames == Int(trimmed.output.packets ?? 0) * 64)
        let end = 1_300_950 * 2
        #expect(decoded.samples[(end - 2)..<end].allSatisfy { abs($0) < 0.01 }, "the last frame fades to silence")
        #expect(
            decoded.samples[(end - 44100)..<(end - 40000)].contains { abs($0) > 0.05 },
            "half a second before, it sounds")
        let mixed = try await NotificationSounds.prepare(.file(surround), recipe: fast)
        #expect(mixed.source.channels == 6 && mixed.output.channels == 2 && !mixed.trimmed && mixed.isPlayable)
    }

    @Test("not a sound: a SoundKitError with a stable code, no path beyond the name given, no command-line words")
    func errors() async throws {
        let dir = try temporaryDirectory()
        let text = dir.appendingPathComponent("notes.mp3").path
        try Data("these are my notes\n".utf8).write(to: URL(fileURLWithPath: text))
        for input in [SoundInput.bytes(try Self.bytes(text)), .file(text)] {
            await #expect(throws: SoundKitError.self) { try await NotificationSounds.prepare(input) }
            do {
                _ = try await NotificationSounds.prepare(input)
            } catch {
                #expect(error.code == .unsupportedAudio && error.code.httpStatus == 415)
                #expect(error.file == input.name && !error.message.contains(dir.path))
                let json = try JSONDecoder().decode(SoundKitError.self, from: try JSONEncoder().encode(error))
                #expect(json == error)
            }
        }
        do {
            _ = try await NotificationSounds.prepare(.file(dir.appendingPathComponent("missing.wav").path))
            Issue.record("a missing file was prepared")
        } catch {
            #expect(error.code == .notFound)
        }
        let wav = try Self.make(dir, "tone.wav", Self.tone(seconds: 1))
        for recipe in [
            NotificationSoundRecipe(quality: .level(200)), NotificationSoundRecipe(maxDuration: 0),
            NotificationSoundRecipe(maxDuration: .nan),
        ] {
            do {
                _ = try await NotificationSounds.prepare(.file(wav), recipe: recipe)
                Issue.record("\(recipe) was accepted")
            } catch {
                #expect(error.code == .invalidRequest, "\(error)")
                #expect(!error.message.contains(" -q") && !error.message.contains("--"), "\(error.message)")
            }
        }
        let short = try Self.make(dir, "short.wav", Self.tone(seconds: 0.2))
        do {
            _ = try await NotificationSounds.prepare(.file(short), recipe: NotificationSoundRecipe(loudness: -16))
            Issue.record("a 0.2 s sound was normalised")
        } catch {
            #expect(error.code == .unmeasurable)
        }
    }

    @Test("Converter's results are Encodable and its errors become SoundKitErrors")
    func converterResults() throws {
        let dir = try temporaryDirectory()
        let path = try Self.make(dir, "tone.wav", Self.tone(seconds: 0.5, channels: 1))
        let out = dir.appendingPathComponent("o.caf").path
        let report = try Converter.convert(
            input: path, output: out, options: ConversionOptions(fileType: .caf, encoding: .ulaw))
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect(
            json["format"] as? String == "ulaw" && json["channels"] as? Int == 1 && json["fileType"] as? String == "caf"
        )
        #expect((json["totals"] as? [String: Any])?["validFrames"] as? Int == 22050)
        do {
            try Converter.convert(input: path, output: path, options: ConversionOptions(fileType: .wav))
            Issue.record("the input was overwritten")
        } catch {
            let e = SoundKitError(error)
            #expect(e.code == .invalidRequest && e.file == path)
        }
    }

    @Test("every code has its HTTP status, and every failure reason maps to a code")
    func codes() {
        // Every code, each with its status: a missing library is permanent (500), not a reason to retry (503). The
        // server's own refusals (too-large, busy, timed-out) are its codes, not the library's.
        let statuses: [SoundKitError.Code: Int] = [
            .notFound: 404, .invalidAudio: 422, .unsupportedAudio: 415, .unmeasurable: 422, .invalidRequest: 400,
            .libraryMissing: 500, .systemFailure: 500, .cancelled: 499,
        ]
        #expect(Set(SoundKitError.Code.allCases) == Set(statuses.keys))
        for code in SoundKitError.Code.allCases { #expect(code.httpStatus == statuses[code], "\(code)") }
        #expect(SoundKitError.code(of: .cancelled) == .cancelled)
        #expect(SoundKitError.code(of: .isDirectory) == .notFound)
        #expect(SoundKitError.code(of: .libraryMissing(library: "x", install: "y")) == .libraryMissing)
        #expect(SoundKitError.code(of: .system(.write, .noSpace)) == .systemFailure)
    }

    @Test("normalising in memory: within 0.5 LU of the target, the true peak under -1 dBTP, measured on the bytes")
    func normaliseInMemory() async throws {
        let dir = try temporaryDirectory()
        let path = try Self.make(
            dir, "quiet.m4a", ["-f", "lavfi", "-i", "sine=f=700:d=3", "-af", "volume=-30dB", "-c:a", "aac"])
        let sound = try await NotificationSounds.prepare(
            .bytes(try Self.bytes(path)), recipe: NotificationSoundRecipe(quality: .apple, loudness: -16))
        let n = try #require(sound.normalization)
        let out = dir.appendingPathComponent("n.caf").path
        try Data(try #require(sound.bytes)).write(to: URL(fileURLWithPath: out))
        let measured = try LoudnessMeter.measure(out)
        #expect(abs((measured.integrated ?? 0) + 16) <= 0.5 && (measured.truePeak ?? 0) < -1)
        #expect(n.after == measured)
    }

    @Test("PreparedSound and its findings survive JSON, the CAF as Base64")
    func codable() async throws {
        let dir = try temporaryDirectory()
        let path = try Self.make(dir, "tone.wav", Self.tone(seconds: 0.5, channels: 1))
        var sound = try await NotificationSounds.prepare(.file(path))
        sound.findings.append(Rule.duration.finding("made up", .warning, subject: "x"))
        let json = try JSONEncoder().encode(sound)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"bytes\":\"Y2FmZg"), "Base64 of \"caff\"…")
        #expect(try JSONDecoder().decode(PreparedSound.self, from: json) == sound)
        for n in 0..<8 {
            var short = sound
            short.bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 * 37 + 200) }
            let coded = try JSONDecoder().decode(PreparedSound.self, from: try JSONEncoder().encode(short))
            #expect(coded.bytes == short.bytes, "\(n) bytes through Base64")
        }
        for bad in ["abc", "a===", "ab!="] {
            let broken = text.replacing(#/"bytes":"[^"]*"/#, with: "\"bytes\":\"\(bad)\"")
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(PreparedSound.self, from: Data(broken.utf8))
            }
        }
        #expect(
            try JSONDecoder().decode(IMAQuality.self, from: Data("\"high\"".utf8)) == .high
                && JSONDecoder().decode(IMAQuality.self, from: Data("100".utf8)) == .level(100))
    }

    @Test(
        "prepareAll: one event per job after its file is on disk; ending the iteration cancels the rest and leaves no temporary file"
    )
    func prepareAll() async throws {
        let dir = try temporaryDirectory()
        let path = try Self.make(dir, "tone.wav", Self.tone(seconds: 4))
        let source = try Self.bytes(path)
        let out = dir.appendingPathComponent("out")
        let jobs = (0..<20).map { (SoundInput.bytes(source), out.appendingPathComponent("\($0).caf").path) }
        var seen: [Int] = []
        for await event in NotificationSounds.prepareAll(
            jobs, recipe: NotificationSoundRecipe(quality: .apple), concurrency: 2)
        {
            seen.append(event.index)
            let sound = try event.result.get()
            #expect(FileManager.default.fileExists(atPath: try #require(sound.outputPath)), "on disk when reported")
            if seen.count == 6 { break }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(left.allSatisfy { $0.hasSuffix(".caf") }, "no temporary file: \(left)")
        #expect(left.count >= 6 && left.count <= 8, "the jobs under way when the iteration ended may finish: \(left)")
        try await Task.sleep(for: .milliseconds(500))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).count == left.count, "nothing after")

        var all: [Int: Result<PreparedSound, SoundKitError>] = [:]
        let mixed = [(SoundInput.bytes([1, 2, 3]), out.appendingPathComponent("bad.caf").path)] + jobs.prefix(3)
        let fast = NotificationSoundRecipe(quality: .apple)
        for await event in NotificationSounds.prepareAll(Array(mixed), recipe: fast, concurrency: 3) {
            #expect(all[event.index] == nil)
            all[event.index] = event.result
        }
        #expect(all.count == 4)
        #expect(throws: SoundKitError.self) { try all[0]?.get() }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("bad.caf").path))
    }

    @Test("hostile bytes: truncated and corrupted uploads are errors, never a trap")
    func hostile() async throws {
        let dir = try temporaryDirectory()
        let m4a = try Self.bytes(try Self.make(dir, "t.m4a", Self.tone(seconds: 1) + ["-c:a", "aac"]))
        let flac = try Self.bytes(try Self.make(dir, "t.flac", Self.tone(seconds: 1) + ["-c:a", "flac"]))
        var rng = SplitMix64(seed: 28)
        for source in [m4a, flac] {
            for cut in [0, 1, 8, 40, source.count / 3, source.count - 1] {
                _ = try? await NotificationSounds.prepare(.bytes(Array(source.prefix(cut))))
            }
            for _ in 0..<20 {
                var b = source
                for _ in 0..<8 { b[Int(rng.next() % UInt64(b.count))] = UInt8(truncatingIfNeeded: rng.next()) }
                _ = try? await NotificationSounds.prepare(.bytes(b))
            }
        }
        await #expect(throws: SoundKitError.self) { try await NotificationSounds.prepare(.bytes([])) }
    }
}
