import SoundKitCodecs
import SoundKitContainers

/// One output of a decoded source: its frame chain, encoder and temporary file.
final class EncodingSink {
    let output: ConversionOutput
    let source: SourceInfo
    let layout: OutputLayout
    let file: any OutputBytes
    private let chain: FrameChain
    private var encoder: StreamEncoder
    private let appleTail: Bool
    private var bytes: [UInt8] = []

    var limit: Int64? { chain.limit }

    init(source: SourceInfo, output: ConversionOutput) throws(AudioFileError) {
        let options = output.options
        let path = output.path
        self.output = output
        self.source = source
        if !output.inMemory, FileSystem.isDirectory(path) { throw AudioFileError(path, .outputIsDirectory) }
        let outChannels = try FrameChain.outputChannels(options, source, path: path)
        let outRate = options.sampleRate ?? source.sampleRate
        let encoding = try Converter.resolveEncoding(options, source: source, channels: outChannels)
        chain = try FrameChain(source: source, options: options, encoding: encoding, path: path)
        if let tag = options.channelLayout {
            guard tag.channels == outChannels else {
                throw AudioFileError(path, .conversion(.channelLayout(tag, outputChannels: outChannels)))
            }
            guard tag.fits(options.fileType, encoding) else {
                throw AudioFileError(path, .conversion(.channelLayoutNotRecorded(tag, options.fileType, encoding)))
            }
        }
        let format = OutputLayout.streamFormat(
            encoding, sampleRate: outRate, channels: outChannels, fileType: options.fileType)
        let mask = outChannels == source.channels ? source.channelMask : nil
        layout = OutputLayout(
            fileType: options.fileType, format: format, filler: options.filler, channelMask: mask,
            channelLayout: options.channelLayout)
        var vorbis: SndFileOggWriter?
        if encoding == .vorbis {
            vorbis = try SndFileOggWriter(
                vorbisChannels: outChannels, rate: Int(exactly: outRate.rounded()) ?? 0, quality: options.vorbisQuality,
                path: path)
        }
        guard let encoder = StreamEncoder(format: format, imaSearch: options.imaSearch, vorbis: vorbis) else {
            throw AudioFileError(path, .conversion(.encoder(encoding)))
        }
        self.encoder = encoder
        // Apple's ima4 CAF files end with a padding packet even when the length is a whole number of packets
        // (remainder 64); the packet table keeps it out of the played length.
        appleTail = options.fileType == .caf && encoding == .ima4
        bytes.reserveCapacity(1 << 20)
        let provisional: [UInt8]
        do { provisional = try ContainerWriter.header(layout, totals: DataTotals()) } catch {
            throw AudioFileError(path, .container(error))
        }
        file = output.inMemory ? MemoryOutput(name: path) : try AtomicOutputFile(path: path)
        try file.write(provisional)
    }

    /// Takes the next block of source frames, which starts at source frame `position`.
    func consume(_ input: SampleBuffer, at position: Int64) throws(AudioFileError) {
        try chain.consume(input, at: position) { (b: SampleBuffer) throws(AudioFileError) in try emit(b) }
    }

    /// Flushes the resampler and the encoder and writes the final header; the file stays under its temporary name.
    func finish() throws(AudioFileError) -> ConversionReport {
        try chain.finish { (b: SampleBuffer) throws(AudioFileError) in try emit(b) }
        encoder.finish(into: &bytes, appleTail: appleTail)
        if let failure = encoder.failure { throw failure }
        let totals = encoder.totals
        bytes += ContainerWriter.trailer(layout, totals: totals)
        try file.write(bytes)
        bytes.removeAll()
        let header: [UInt8]
        do { header = try ContainerWriter.header(layout, totals: totals) } catch {
            throw AudioFileError(output.path, .container(error))
        }
        if !header.isEmpty { try file.write(header, at: 0) }
        return ConversionReport(source: source, outputPath: output.path, layout: layout, totals: totals)
    }

    private func emit(_ b: SampleBuffer) throws(AudioFileError) {
        encoder.encode(b, into: &bytes)
        if bytes.count >= 1 << 19 {
            try file.write(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }
}
