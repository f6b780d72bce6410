import SoundKitCodecs
import SoundKitContainers

extension Converter {
    /// The header of a file whose packets `-d 0` copies: only soundkit's own parsers find packets.
    static func parseForCopy(_ file: InputFile) throws(AudioFileError) -> AudioFileInfo {
        switch outcome({ try ContainerParser.parse(file) }) {
        case .success(let h): return h
        case .failure(let e as AudioFileError): throw e
        case .failure(ContainerError.notAudio(let kind)):
            throw AudioFileError(file.path, .conversion(.packetCopy(.container(kind))))
        case .failure(let e as ContainerError): throw AudioFileError(file.path, .container(e))
        case .failure: throw AudioFileError(file.path, .system(.read, .ioError))
        }
    }

    /// Why `-d 0` cannot copy `h`'s packets into `output`: an option that needs decoding, a data format soundkit
    /// does not read packet by packet, a file type that cannot hold it, a layout that does not fit.
    static func refuseUncopyable(
        _ h: AudioFileInfo, from file: InputFile, to output: ConversionOutput
    ) throws(AudioFileError) {
        let options = output.options
        let path = output.path
        if FileSystem.isSameFile(file.path, path) { throw AudioFileError(path, .outputIsInput) }
        if FileSystem.isDirectory(path) { throw AudioFileError(path, .outputIsDirectory) }
        let conflicts: [(Bool, PacketCopyConflict)] = [
            (options.encoding != nil, .encoding), (options.sampleRate != nil, .sampleRate),
            (options.channels != nil, .channels), (options.trim != nil, .trim),
        ]
        for (given, conflict) in conflicts where given {
            throw AudioFileError(path, .conversion(.packetCopy(.needsDecoding(conflict))))
        }
        let f = h.format
        guard NativeReader.decodes(f.encoding) else {
            throw AudioFileError(file.path, .conversion(.packetCopy(.codec(f.encoding))))
        }
        let type = options.fileType
        guard type.isWritable else { throw AudioFileError(path, .container(.unsupported(.fileType(type)))) }
        guard type.acceptedEncodings.contains(f.encoding) else {
            throw AudioFileError(file.path, .container(.unsupported(.encoding(f.encoding, type))))
        }
        if let tag = options.channelLayout {
            guard tag.channels == f.channels else {
                throw AudioFileError(path, .conversion(.channelLayout(tag, outputChannels: f.channels)))
            }
            guard tag.fits(type, f.encoding) else {
                throw AudioFileError(path, .conversion(.channelLayoutNotRecorded(tag, type, f.encoding)))
            }
        }
    }

    /// `-d 0`: the source's packets, byte for byte, in a new container with the same data format. Linear PCM and
    /// G.711 (one frame a packet) keep just the played frames; IMA4 and IMA ADPCM keep whole packets, with the
    /// played length (and any priming) recorded where the file type can: CAF's `pakt`, WAVE's `fact`. An ima4
    /// AIFF-C says only how many packets it holds, so its CAF copy plays packets × 64 frames.
    static func copyPackets(
        _ h: AudioFileInfo, from file: InputFile, to output: ConversionOutput, flush: Bool
    ) throws(AudioFileError) -> Pending {
        let options = output.options
        let path = output.path
        try refuseUncopyable(h, from: file, to: output)
        var f = h.format
        let type = options.fileType
        var written = OutputLayout.streamFormat(
            f.encoding, sampleRate: f.sampleRate, channels: f.channels, fileType: type)
        if f.encoding == .imaADPCM {
            // The source's block size, not the one soundkit would choose.
            written.bytesPerPacket = f.bytesPerPacket
            written.framesPerPacket = f.framesPerPacket
        }
        f = written
        let layout = OutputLayout(
            fileType: type, format: f, filler: options.filler, channelMask: h.channelMask,
            channelLayout: options.channelLayout)

        let bpp = Int64(f.bytesPerPacket)
        let fpp = Int64(f.framesPerPacket)
        var start = h.dataOffset
        var totals: DataTotals
        if fpp == 1 {
            start += h.primingFrames * bpp
            totals = DataTotals(packets: h.validFrames, validFrames: h.validFrames, dataBytes: h.validFrames * bpp)
        } else {
            if h.primingFrames > 0 && type != .caf {
                throw AudioFileError(file.path, .conversion(.packetCopy(.priming(h.primingFrames, type))))
            }
            let valid = Swift.min(h.validFrames, h.packets * fpp - h.primingFrames)
            totals = DataTotals(
                packets: h.packets, validFrames: valid, dataBytes: h.packets * bpp, primingFrames: h.primingFrames)
        }
        let header: [UInt8]
        do { header = try ContainerWriter.header(layout, totals: totals) } catch {
            throw AudioFileError(path, .container(error))
        }
        let out = try AtomicOutputFile(path: path)
        do throws(AudioFileError) {
            try out.write(header)
            var buffer = [UInt8](repeating: 0, count: Int(Swift.min(1 << 20, Swift.max(1, totals.dataBytes))))
            var left = totals.dataBytes
            var at = start
            while left > 0 {
                if Task.isCancelled || WorkerPool.isCancelled { throw AudioFileError(file.path, .cancelled) }
                let n = Int(Swift.min(Int64(buffer.count), left))
                let got = try AudioFileError.rethrown(file.path) {
                    try buffer.withUnsafeMutableBytes { b in
                        try file.read(at: at, into: UnsafeMutableRawBufferPointer(rebasing: b[0..<n]))
                    }
                }
                guard got == n else {
                    throw AudioFileError(
                        file.path, .container(.truncated(.chunk(h.container, "data"), offset: at + Int64(got))))
                }
                try AudioFileError.rethrown(path) {
                    try buffer.withUnsafeBytes { b in try out.write(UnsafeRawBufferPointer(rebasing: b[0..<n])) }
                }
                left -= Int64(n)
                at += Int64(n)
            }
            try out.write(ContainerWriter.trailer(layout, totals: totals))
        } catch {
            out.discard()
            throw error
        }
        var pcm: PCMFormat?
        if case .pcm(let p) = h.format.encoding { pcm = p }
        let source = SourceInfo(
            path: file.path, sampleRate: h.format.sampleRate, channels: h.format.channels, frames: h.validFrames,
            kind: .integer, pcmFormat: pcm, encoding: h.format.encoding, header: h,
            fileTypeName: h.container.rawValue, formatName: h.format.encoding.description,
            channelMask: h.channelMask, decoder: "none")
        let report = ConversionReport(source: source, outputPath: path, layout: layout, totals: totals)
        return Pending(written: .file(try out.detach(flush: flush)), report: report)
    }
}
