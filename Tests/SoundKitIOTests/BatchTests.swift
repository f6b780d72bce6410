import Testing

@testable import SoundKitCodecs
@testable import SoundKitContainers
@testable import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a file, read with the library's own reader of bytes (no decoding involved).
func contents(_ path: String) throws -> [UInt8] {
    let f = try InputFile(path: path)
    return try f.read(at: 0, count: Int(f.size))
}

/// Writes `bytes` to a new file at `path`.
func writeBytes(_ path: String, _ bytes: [UInt8]) throws {
    let out = try AtomicOutputFile(path: path)
    try out.write(bytes)
    try out.commit()
}

/// Names in a folder tree, relative to it.
func tree(_ dir: String) -> [String] {
    var out: [String] = []
    for name in FileSystem.contents(of: dir) {
        let path = FileSystem.join(dir, name)
        if FileSystem.isDirectory(path) { out += tree(path).map { name + "/" + $0 } } else { out.append(name) }
    }
    return out
}

/// `count` sources of varied layouts (soundkit's PCM writer: 16/24-bit, float, mono to 3 channels, 8-48 kHz).
func makeSources(_ dir: String, count: Int, frames: (Int) -> Int) throws -> [String] {
    let layouts: [(ContainerKind, AudioEncoding, Double, Int)] = [
        (.wav, .pcm(.int(16, bigEndian: false)), 44100, 2), (.aiff, .pcm(.int(24, bigEndian: true)), 22050, 1),
        (.caf, .pcm(.float(32, bigEndian: false)), 48000, 3), (.wav, .pcm(.int(16, bigEndian: false)), 8000, 1),
    ]
    return try (0..<count).map { i in
        let (type, encoding, rate, channels) = layouts[i % layouts.count]
        let path = "\(dir)/s\(i).\(type.fileExtension)"
        let layout = OutputLayout(
            fileType: type,
            format: OutputLayout.streamFormat(encoding, sampleRate: rate, channels: channels, fileType: type))
        try writeTone(path, layout, frames: frames(i))
        return path
    }
}

/// A different conversion for each source, so the batch crosses every path at once: IMA4 CAF, IMA ADPCM and µLaw
/// WAVE, resampling (libsoxr), mixing, trimming, packet copies, two outputs from one decode.
func outputs(for input: String, index i: Int, into dir: String) -> [ConversionOutput] {
    let base = "\(dir)/o\(i)"
    switch i % 6 {
    case 0:
        return [
            ConversionOutput(
                path: base + ".caf", options: ConversionOptions(fileType: .caf, encoding: .ima4, channels: 2))
        ]
    case 1:
        return [
            ConversionOutput(
                path: base + ".wav", options: ConversionOptions(fileType: .wav, encoding: .ulaw, sampleRate: 11025))
        ]
    case 2:
        return [
            ConversionOutput(
                path: base + ".aifc",
                options: ConversionOptions(fileType: .aifc, encoding: .ima4, channels: 1, trim: 0.05))
        ]
    case 3:
        return [
            ConversionOutput(path: base + ".wav", options: ConversionOptions(fileType: .wav, encoding: .ima4)),
            ConversionOutput(path: base + ".caf", options: ConversionOptions.copyingPackets(into: .caf)),
        ]
    case 4: return [ConversionOutput(path: base + ".caf", options: ConversionOptions.copyingPackets(into: .caf))]
    default:
        var options = ConversionOptions(fileType: .aiff, sampleRate: 32000)
        options.resampling = ResamplerQuality(quality: 100, complexity: .bats)
        return [ConversionOutput(path: base + ".aiff", options: options)]
    }
}

@Suite("Batch conversion (Swift concurrency)")
struct BatchTests {
    @Test("200 files from 8 tasks at once: every output equals the serial conversion byte for byte")
    func concurrentEqualsSerial() async throws {
        let dir = try temporaryFolder()
        let sources = try makeSources(dir, count: 200, frames: { 700 + ($0 * 37) % 900 })
        try FileSystem.makeDirectories(dir + "/serial")
        for (i, s) in sources.enumerated() {
            try Converter.convert(input: s, outputs: outputs(for: s, index: i, into: dir + "/serial"))
        }
        let jobs = sources.enumerated().map { i, s in
            ConversionJob(input: s, outputs: outputs(for: s, index: i, into: dir + "/batch"))
        }
        let results = try await BatchConverter.convert(jobs, concurrency: 8)
        #expect(results.count == 200 && results.map(\.index) == Array(0..<200))
        for r in results { if case .failure(let e) = r.outcome { Issue.record("\(e)") } }
        let serial = tree(dir + "/serial")
        let batch = tree(dir + "/batch")
        #expect(serial.count == jobs.reduce(0) { $0 + $1.outputs.count } && serial == batch)
        for name in serial {
            #expect(try contents("\(dir)/serial/\(name)") == contents("\(dir)/batch/\(name)"), "\(name)")
        }
        #expect(!batch.contains { $0.contains(".soundkit-") }, "no temporary file left")
    }

    @Test(
        "progress: one started and one finished event per job, in order, counting up to the total; failures counted, the rest go on"
    )
    func progress() async throws {
        let dir = try temporaryFolder()
        var sources = try makeSources(dir, count: 11, frames: { _ in 2000 })
        let junk = dir + "/junk.wav"
        let f = try AtomicOutputFile(path: junk)
        try f.write(Array("RIFF\u{4}\0\0\0WAVEjunk".utf8))
        try f.commit()
        sources.insert(junk, at: 5)
        let jobs = sources.map {
            ConversionJob(
                input: $0,
                outputs: [
                    ConversionOutput(path: $0 + ".caf", options: ConversionOptions(fileType: .caf, encoding: .ulaw))
                ])
        }
        var started: [Int] = []
        var finished: [Int] = []
        var done: [Int] = []
        var last: BatchProgress?
        let results = try await BatchConverter.convert(jobs, concurrency: 3) { p in
            switch p.event {
            case .started(let i): started.append(i)
            case .finished(let r):
                finished.append(r.index)
                done.append(p.done)
            }
            last = p
        }
        #expect(started == Array(0..<12), "jobs start in order")
        #expect(finished.sorted() == Array(0..<12) && done == Array(1...12))
        #expect(last?.total == 12 && last?.done == 12 && last?.failed == 1)
        guard case .failure(let e) = results[5].outcome else {
            Issue.record("the junk file converted")
            return
        }
        #expect(e.path == junk)
        #expect(results.enumerated().allSatisfy { i, r in i == 5 || (try? r.outcome.get()) != nil })
        #expect(FileSystem.exists(sources[11] + ".caf") && !FileSystem.exists(junk + ".caf"))
    }

    /// Main-actor state the progress closure below touches.
    @MainActor static var seen = 0

    @Test("from the main actor, a nested progress closure runs there (it trapped in dispatch_assert_queue before)")
    @MainActor
    func progressOnMainActor() async throws {
        let dir = try temporaryFolder()
        let sources = try makeSources(dir, count: 4, frames: { _ in 2000 })
        let jobs = sources.map {
            ConversionJob(
                input: $0,
                outputs: [
                    ConversionOutput(path: $0 + ".caf", options: ConversionOptions(fileType: .caf, encoding: .ulaw))
                ])
        }
        Self.seen = 0
        let count = { Self.seen += 1 }
        let results = try await BatchConverter.convert(jobs, concurrency: 2) { _ in
            MainActor.assertIsolated()
            count()
        }
        #expect(Self.seen == 2 * jobs.count && results.count == jobs.count)
    }

    @Test(
        "cancelling the calling task: no further file starts, the file under way leaves nothing, finished files are kept whole"
    )
    func cancellation() async throws {
        let dir = try temporaryFolder()
        let sources = try makeSources(dir, count: 30, frames: { _ in 100_000 })
        let jobs = sources.map {
            ConversionJob(
                input: $0,
                outputs: [
                    ConversionOutput(
                        path: $0 + ".caf", options: ConversionOptions(fileType: .caf, encoding: .ima4, channels: 2))
                ])
        }
        let batch = Task { () -> ([ConversionResult], Int) in
            var startedAfterCancel = 0
            var cancelled = false
            let results = try await BatchConverter.convert(jobs, concurrency: 2) { p in
                switch p.event {
                case .started: if cancelled { startedAfterCancel += 1 }
                case .finished:
                    // Stop the batch from inside once the first file is done.
                    withUnsafeCurrentTask { $0?.cancel() }
                    cancelled = true
                }
            }
            return (results, startedAfterCancel)
        }
        let (results, startedAfterCancel) = try await batch.value
        #expect(startedAfterCancel == 0)
        var converted = 0
        var cancelled = 0
        for (job, r) in zip(jobs, results) {
            switch r.outcome {
            case .success:
                converted += 1
                let serial = dir + "/serial.caf"
                try Converter.convert(
                    input: job.input, outputs: [ConversionOutput(path: serial, options: job.outputs[0].options)])
                #expect(try contents(job.outputs[0].path) == contents(serial))
            case .failure(let e):
                #expect(e.reason == .cancelled, "\(e)")
                cancelled += 1
                #expect(!FileSystem.exists(job.outputs[0].path))
            }
        }
        #expect(converted >= 1 && cancelled >= 20, "converted \(converted), cancelled \(cancelled)")
        #expect(!tree(dir).contains { $0.contains(".soundkit-") }, "no temporary file left")
    }

    @Test("jobs that would write the same file (ignoring case) are refused and nothing is written")
    func collisions() async throws {
        let dir = try temporaryFolder()
        let sources = try makeSources(dir, count: 3, frames: { _ in 500 })
        let options = ConversionOptions(fileType: .caf)
        let jobs = [
            ConversionJob(input: sources[0], outputs: [ConversionOutput(path: dir + "/out/A.caf", options: options)]),
            ConversionJob(input: sources[1], outputs: [ConversionOutput(path: dir + "/out/b.caf", options: options)]),
            ConversionJob(input: sources[2], outputs: [ConversionOutput(path: dir + "/out/./a.caf", options: options)]),
        ]
        await #expect(throws: OutputCollision(output: dir + "/out/A.caf", inputs: [sources[0], sources[2]])) {
            try await BatchConverter.convert(jobs)
        }
        #expect(!FileSystem.exists(dir + "/out"))
    }

    @Test(
        "the plan: folders walked (subfolders kept, hidden and linked ones not), outputs named below DIR, walked files that are not audio skipped, named ones converted (and failing), missing inputs failed"
    )
    func plan() throws {
        let dir = try temporaryFolder()
        let sounds = dir + "/Sounds"
        try FileSystem.makeDirectories(sounds + "/sub")
        try FileSystem.makeDirectories(sounds + "/.hidden")
        let walked = try makeSources(sounds + "/sub", count: 1, frames: { _ in 100 })[0]
        _ = try makeSources(sounds + "/.hidden", count: 1, frames: { _ in 100 })
        try writeBytes(sounds + "/notes.txt", Array("not audio".utf8))
        let named = dir + "/broken.wav"
        try writeBytes(named, Array("not audio either".utf8))
        let options = ConversionOptions(fileType: .caf, encoding: .ima4)
        let plan = BatchConverter.plan([sounds, named, dir + "/missing.wav"], into: dir + "/out", options: options)
        #expect(plan.jobs.map(\.input) == [walked, named])
        #expect(plan.jobs.map { $0.outputs.map(\.path) } == [[dir + "/out/sub/s0.caf"], [dir + "/out/broken.caf"]])
        #expect(
            plan.excluded == [
                .failed(AudioFileError(dir + "/missing.wav", .system(.open, .noSuchFileOrDirectory))),
                .notAudio(sounds + "/notes.txt"),
            ])
        #expect(plan.collisions.isEmpty)
        #expect(throws: AudioFileError.self) { try Converter.convert(input: named, outputs: plan.jobs[1].outputs) }
    }

    @Test("the plan: two files that would write the same output, ignoring case, are collisions")
    func planCollisions() throws {
        let dir = try temporaryFolder()
        try FileSystem.makeDirectories(dir + "/a")
        try FileSystem.makeDirectories(dir + "/b")
        let a = try makeSources(dir + "/a", count: 1, frames: { _ in 100 })[0]
        let b = dir + "/b/S0.wav"
        #expect(rename(try makeSources(dir + "/b", count: 1, frames: { _ in 100 })[0], b) == 0)
        let plan = BatchConverter.plan([a, dir + "/b"], into: dir + "/out", options: ConversionOptions(fileType: .caf))
        #expect(plan.jobs.count == 2 && plan.excluded.isEmpty)
        #expect(plan.collisions == [OutputCollision(output: dir + "/out/s0.caf", inputs: [a, b])])
    }

    @Test(
        "quality levels: 0 the reference stream, 1...95 starts, 96...119 trellis, 120...126 beam, 127 beams; others refused"
    )
    func qualityLevels() throws {
        let expected: [(Int, IMASearch)] = [
            (0, .none), (1, .starts), (64, .starts), (95, .starts), (96, .trellis),
            (119, .trellis), (120, .beam), (126, .beam), (127, .beams),
        ]
        for (q, search) in expected {
            #expect(ConversionOptions(fileType: .caf, quality: q).imaSearch == search, "\(q)")
        }
        #expect(ConversionOptions(fileType: .caf).quality == 64)
        let dir = try temporaryFolder()
        let source = try makeSources(dir, count: 1, frames: { _ in 100 })[0]
        for q in [-1, 128] {
            #expect(throws: AudioFileError(dir + "/q.caf", .conversion(.quality(q)))) {
                try Converter.convert(
                    input: source, output: dir + "/q.caf",
                    options: ConversionOptions(fileType: .caf, encoding: .ima4, quality: q))
            }
        }
        #expect(!FileSystem.exists(dir + "/q.caf"))
    }
}

@Suite("afconvert's grammar in the library")
struct GrammarLibraryTests {
    @Test("-d /FLAGS: every PCM layout a file type holds comes back from its Core Audio flags, packed or not")
    func flagsRoundTrip() throws {
        var seen = 0
        for type in ContainerKind.writable {
            for case .pcm(let f) in type.acceptedEncodings {
                let flags = (f.isFloat ? 1 : 0) | (f.bigEndian ? 2 : 0) | (f.encoding == .signedInteger ? 4 : 0)
                for packed in [0, 8] {
                    let name = f.isFloat ? "F\(f.bits)" : "I\(f.bits)"
                    let spec = try DataFormatSpec(parsing: "\(name)/\(String(flags | packed, radix: 16))")
                    #expect(spec.encoding == .pcm(f), "\(f) \(flags | packed)")
                    seen += 1
                }
            }
        }
        #expect(seen == 2 * 29)
        #expect(throws: DataFormatSpec.ParseError.flags("ulaw/4", flags: "4", .compressed(.ulaw))) {
            try DataFormatSpec(parsing: "ulaw/4")
        }
        #expect(try DataFormatSpec(parsing: "alaw@8000/0").encoding == .alaw)
        #expect(try DataFormatSpec(parsing: "0").copiesPackets)
    }

    @Test("-r/--src-complexity: the recipe table", arguments: ResamplerQuality.Complexity.allCases)
    func recipes(_ complexity: ResamplerQuality.Complexity) {
        let expected: [ResamplerQuality.Complexity: ([ResamplerQuality.Recipe], [ResamplerQuality.Recipe])] = [
            .line: ([.quick, .quick, .quick, .quick], [.quick, .quick, .quick, .quick]),
            .norm: ([.low, .medium, .bits16, .bits20], [.low, .medium, .bits16, .bits28]),
            .bats: ([.bits24, .bits24, .bits28, .bits32], [.bits24, .bits24, .bits28, .bits32]),
        ]
        for q in 0...127 {
            let r = ResamplerQuality(quality: q, complexity: complexity)
            #expect(r.recipe(wide: false) == expected[complexity]?.0[q / 32], "\(q)")
            #expect(r.recipe(wide: true) == expected[complexity]?.1[q / 32], "\(q)")
        }
        #expect(
            ResamplerQuality().recipe(wide: false) == .bits20 && ResamplerQuality().recipe(wide: true) == .bits28,
            "the default is what soundkit always used")
    }

    @Test("layout tags: names as afconvert takes them, channel counts from the tag")
    func layoutTags() {
        #expect(
            ChannelLayoutTag(name: "kAudioChannelLayoutTag_Mono") == .mono
                && ChannelLayoutTag(name: "STEREO") == .stereo)
        #expect(ChannelLayoutTag(name: "5.1") == nil)
        #expect(ChannelLayoutTag.allCases.map(\.channels) == [1, 2, 2, 2, 2, 2, 2])
        #expect(ChannelLayoutTag.allCases.allSatisfy { ChannelLayoutTag(name: $0.name) == $0 })
    }
}
