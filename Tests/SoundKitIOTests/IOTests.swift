import Testing

@testable import SoundKitCodecs
@testable import SoundKitContainers
@testable import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh folder under the run's temporary directory (scripts/test removes it when the run ends).
func temporaryFolder(_ name: String = #function) throws -> String { try temporaryDirectory(name).path }

/// Writes a file of `frames` frames of a two-tone signal in `layout` with soundkit's own writer.
func writeTone(_ path: String, _ layout: OutputLayout, frames: Int) throws {
    let ch = layout.format.channels
    var source = [Double](repeating: 0, count: frames * ch)
    for i in 0..<frames {
        for c in 0..<ch {
            source[i * ch + c] = 0.7 * sin(Double(i) * 0.05 * Double(c + 1)) + 0.2 * sin(Double(i) * 1.3)
        }
    }
    guard case .pcm(let p) = layout.format.encoding else {
        throw Tool.Failed(description: "writeTone writes linear PCM only, not \(layout.format.encoding)")
    }
    var data = [UInt8](repeating: 0, count: frames * ch * p.bytesPerSample)
    source.withUnsafeBufferPointer { s in data.withUnsafeMutableBytes { PCM.pack(s, format: p, into: $0) } }
    let totals = DataTotals(packets: Int64(frames), validFrames: Int64(frames), dataBytes: Int64(data.count))
    let out = try AtomicOutputFile(path: path)
    try out.write(
        try ContainerWriter.header(layout, totals: totals) + data + ContainerWriter.trailer(layout, totals: totals))
    try out.commit()
}

func readAll(_ r: any AudioReader) throws -> [Double] {
    var b = SampleBuffer(kind: r.info.kind, channels: r.info.channels)
    var out: [Double] = []
    var scratch: [Double] = []
    while try r.read(into: &b, maxFrames: 777) > 0 {
        b.doubles(into: &scratch)
        out += scratch.prefix(b.sampleCount)
    }
    return out
}

@Suite("IO")
struct IOTests {
    @Test("our readers and libsndfile read every PCM layout we write identically", arguments: ContainerKind.writable)
    func nativeEqualsLibsndfile(_ type: ContainerKind) throws {
        let dir = try temporaryFolder()
        for encoding in type.acceptedEncodings {
            guard case .pcm = encoding else { continue }
            for ch in [1, 2] {
                let layout = OutputLayout(
                    fileType: type,
                    format: OutputLayout.streamFormat(encoding, sampleRate: 16000, channels: ch, fileType: type))
                let path = "\(dir)/t.\(type.fileExtension)"
                try writeTone(path, layout, frames: 3001)
                let ours = try AudioInput.open(path)
                #expect(ours.info.decoder == "soundkit")
                let theirs = try SndFileReader(file: try InputFile(path: path), header: nil)
                let a = try readAll(ours)
                let b = try readAll(theirs)
                // Both deliver integers as left-justified Int32 and floats as Double; readAll scales both alike.
                #expect(a.count == 3001 * ch && a == b, "\(type.name) \(encoding) \(ch) ch")
            }
        }
    }

    @Test("a discarded output leaves nothing; a committed one replaces the old file whole")
    func atomicOutput() throws {
        let dir = try temporaryFolder()
        let path = "\(dir)/out.caf"
        let f = try AtomicOutputFile(path: path)
        try f.write([1, 2, 3])
        f.discard()
        #expect(FileSystem.contents(of: dir).isEmpty)
        let g = try AtomicOutputFile(path: path)
        try g.write([4, 5, 6, 7])
        try g.write([9], at: 0)
        #expect(!FileSystem.exists(path))
        try g.commit()
        #expect(FileSystem.contents(of: dir) == ["out.caf"])
        #expect(try InputFile(path: path).read(at: 0, count: 10) == [9, 5, 6, 7])
    }

    @Test("converting onto the input is refused before anything is opened for writing")
    func sameFile() throws {
        let dir = try temporaryFolder()
        let path = "\(dir)/a.wav"
        let layout = OutputLayout(
            fileType: .wav,
            format: OutputLayout.streamFormat(
                .pcm(.int(16, bigEndian: false)), sampleRate: 8000, channels: 1, fileType: .wav))
        try writeTone(path, layout, frames: 100)
        let before = try InputFile(path: path).read(at: 0, count: 1 << 20)
        #expect(throws: AudioFileError.self) {
            try Converter.convert(input: path, output: path, options: ConversionOptions(fileType: .wav))
        }
        #expect(try InputFile(path: path).read(at: 0, count: 1 << 20) == before)
        #expect(FileSystem.contents(of: dir) == ["a.wav"])
    }

    @Test("mixing matrices: 5.1 to stereo keeps unity gain for a centred signal; downmix averages")
    func mixing() {
        let m = ChannelMixer.matrix(from: 6, to: 2)
        #expect(abs(m[0].reduce(0) { $0 + $1.1 } - 1) < 1e-12)
        #expect(ChannelMixer.matrix(from: 2, to: 1)[0].map(\.1) == [0.5, 0.5])
        #expect(ChannelMixer.matrix(from: 1, to: 2).map { $0.map(\.0) } == [[0], [0]])
    }
}
