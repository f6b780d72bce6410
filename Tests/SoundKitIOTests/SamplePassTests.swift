import Testing

@testable import SoundKitCodecs
@testable import SoundKitContainers
@testable import SoundKitIO

/// A reader that counts its reads.
final class CountingReader: AudioReader {
    let inner: any AudioReader
    private(set) var reads = 0
    private(set) var asked: [Int] = []

    init(_ inner: any AudioReader) { self.inner = inner }

    var info: SourceInfo { inner.info }
    var source: InputFile { inner.source }

    func read(into buffer: inout SampleBuffer, maxFrames: Int) throws(AudioFileError) -> Int {
        reads += 1
        asked.append(maxFrames)
        return try inner.read(into: &buffer, maxFrames: maxFrames)
    }
}

/// A consumer that keeps what it is given, and throws at block `failAt` when set.
final class Recorder: SampleConsumer {
    let failAt: Int?
    var started: SourceInfo?
    var positions: [Int64] = []
    var samples: [Double] = []
    var kinds: [SampleBuffer.Kind] = []
    var finished = false
    var failure: AudioFileError?

    init(failAt: Int? = nil) { self.failAt = failAt }

    func start(_ source: SourceInfo) throws(AudioFileError) { started = source }

    func consume(_ block: SampleBuffer, at position: Int64) throws(AudioFileError) {
        if positions.count == failAt { throw AudioFileError(started?.path ?? "", .system(.read, .ioError)) }
        positions.append(position)
        kinds.append(block.kind)
        var d: [Double] = []
        block.doubles(into: &d)
        samples += d.prefix(block.sampleCount)
    }

    func finish() throws(AudioFileError) { finished = true }

    func fail(_ error: AudioFileError) { failure = error }
}

@Suite("SamplePass")
struct SamplePassTests {
    func tone(frames: Int, channels: Int = 2) throws -> String {
        let path = "\(try temporaryFolder())/tone.wav"
        let format = OutputLayout.streamFormat(
            .pcm(.int(16, bigEndian: false)), sampleRate: 16000, channels: channels,
            fileType: .wav)
        try writeTone(path, OutputLayout(fileType: .wav, format: format), frames: frames)
        return path
    }

    @Test("one read of the source feeds every consumer, in blocks of 16384 frames; one that throws is left out")
    func fanOut() throws {
        let path = try tone(frames: 40000)
        let reader = CountingReader(try AudioInput.open(path))
        let a = Recorder()
        let broken = Recorder(failAt: 1)
        let c = Recorder()
        SamplePass(reader, floats: true).feed([a, broken, c])
        #expect(reader.reads == 4, "three blocks and the end")
        #expect(reader.asked == [16384, 16384, 16384, 16384])
        for r in [a, c] {
            #expect(r.positions == [0, 16384, 32768] && r.finished && r.failure == nil)
            #expect(r.kinds == [.float, .float, .float], "integer audio converted once for every consumer")
        }
        #expect(a.samples == (try readAll(try AudioInput.open(path))), "the samples, exactly")
        #expect(broken.positions == [0] && !broken.finished && broken.failure != nil)
    }

    @Test("a limit is read exactly, no block past it; the source's own kind unless floats are asked for")
    func limit() throws {
        let reader = CountingReader(try AudioInput.open(try tone(frames: 40000)))
        var positions: [Int64] = []
        var kinds: Set<SampleBuffer.Kind> = []
        let read = try SamplePass(reader, limit: 20000).forEach { block, position in
            positions.append(position)
            kinds.insert(block.kind)
        }
        #expect(read == 20000 && positions == [0, 16384] && reader.asked == [16384, 3616] && kinds == [.integer])
    }

    @Test("a file that does not open fails every consumer; reading stops when every consumer has thrown")
    func failures() throws {
        let missing = Recorder()
        SamplePass.feed("\(try temporaryFolder())/missing.wav", [missing])
        #expect(missing.failure != nil && missing.started == nil && !missing.finished)

        let reader = CountingReader(try AudioInput.open(try tone(frames: 40000)))
        let a = Recorder(failAt: 0)
        let b = Recorder(failAt: 1)
        SamplePass(reader).feed([a, b])
        #expect(reader.reads == 2 && a.failure != nil && b.failure != nil && b.positions == [0])
    }
}
