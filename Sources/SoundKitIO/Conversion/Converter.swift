import SoundKitCodecs
import SoundKitContainers

/// Converts files: decodes once, and mixes, resamples, trims and encodes for every output; or copies packets
/// (`copiesPackets`). Outputs appear whole or not at all.
public enum Converter {
    static let chunkFrames = 16384

    /// Converts `input` into `output`. Nothing is written unless the whole conversion succeeds; the input is
    /// never written to; an existing output is replaced whole.
    @discardableResult
    public static func convert(
        input: String, output: String, options: ConversionOptions
    ) throws(AudioFileError) -> ConversionReport {
        try convert(input: input, outputs: [ConversionOutput(path: output, options: options)])[0]
    }

    @discardableResult
    package static func convert(
        _ reader: any AudioReader, to output: String, options: ConversionOptions
    ) throws(AudioFileError) -> ConversionReport {
        try convert(reader, outputs: [ConversionOutput(path: output, options: options)])[0]
    }

    /// Reads `input` once and writes every output from it, each with its own channels, rate, data format and
    /// file type (afconvert's `-o OUT [options]`, repeated). All outputs appear or none: each is written to a
    /// temporary file and flushed, and the renames into place begin only when every one is complete.
    @discardableResult
    public static func convert(input: String, outputs: [ConversionOutput]) throws(AudioFileError) -> [ConversionReport]
    {
        let pending = try prepare(input: input, outputs: outputs, flush: true)
        try PendingFile.publish(pending.compactMap(\.written.file), flushed: true)
        return pending.map(\.report)
    }

    /// The same from a reader already open.
    @discardableResult
    package static func convert(
        _ reader: any AudioReader, outputs: [ConversionOutput]
    ) throws(AudioFileError) -> [ConversionReport] {
        let pending = try prepare(reader, outputs: outputs, flush: true)
        try PendingFile.publish(pending.compactMap(\.written.file), flushed: true)
        return pending.map(\.report)
    }

    /// An output written completely, under its temporary name or in memory.
    package struct Pending: Sendable {
        package var written: WrittenOutput
        package var report: ConversionReport
    }

    /// Writes every output of `input` without putting any in place. A source that is only copied (`-d 0`) is not
    /// decoded at all.
    static func prepare(input: String, outputs: [ConversionOutput], flush: Bool) throws(AudioFileError) -> [Pending] {
        for o in outputs { try o.options.checkQuality(path: o.path) }
        for o in outputs where FileSystem.isSameFile(input, o.path) { throw AudioFileError(o.path, .outputIsInput) }
        if outputs.allSatisfy(\.options.copiesPackets) {
            let file = try InputFile(path: input)
            var done: [Pending] = []
            do {
                let header = try parseForCopy(file)
                for o in outputs { done.append(try copyPackets(header, from: file, to: o, flush: flush)) }
            } catch {
                for p in done { p.written.discard() }
                throw error
            }
            return done
        }
        return try prepare(try AudioInput.open(input), outputs: outputs, flush: flush)
    }

    /// Writes every output of `reader` without putting any in place: files under their temporary names, outputs
    /// ``ConversionOutput/inMemory`` as bytes.
    package static func prepare(
        _ reader: any AudioReader, outputs: [ConversionOutput], flush: Bool
    ) throws(AudioFileError) -> [Pending] {
        for o in outputs { try o.options.checkQuality(path: o.path) }
        let source = reader.info
        // By output: an array of optionals, not a dictionary (whose storage's metadata is built at run time by a
        // scan of every protocol conformance in the binary, 1 % of a short conversion).
        var done = [Pending?](repeating: nil, count: outputs.count)
        do throws(AudioFileError) {
            let copies = outputs.indices.filter { outputs[$0].options.copiesPackets }
            if !copies.isEmpty {
                guard let header = source.header else {
                    let kind = ContainerKind(sniffing: (try? reader.source.read(at: 0, count: 16)) ?? [])
                    throw AudioFileError(source.path, .conversion(.packetCopy(.container(kind))))
                }
                for i in copies {
                    done[i] = try copyPackets(header, from: reader.source, to: outputs[i], flush: flush)
                }
            }
            let encoded = outputs.indices.filter {
                !outputs[$0].options.copiesPackets && outputs[$0].options.normalize == nil
            }
            if !encoded.isEmpty {
                let written = try encode(reader, outputs: encoded.map { outputs[$0] }, flush: flush)
                for (i, p) in zip(encoded, written) { done[i] = p }
            }
            // Normalised outputs need their own passes: measured, written, measured again.
            for i in outputs.indices where !outputs[i].options.copiesPackets {
                if let target = outputs[i].options.normalize {
                    done[i] = try normalize(reader, output: outputs[i], to: target, flush: flush)
                }
            }
        } catch {
            for p in done { p?.written.discard() }
            throw error
        }
        return done.compactMap { $0 }
    }

    /// Frames read at a time for `outputs`: fewer when one searches hard for its IMA codes (`-q` 120 and up, the
    /// beams, about 10 s of work a second of stereo), so that cancellation, checked between chunks, stops it within a
    /// fraction of a second rather than the seconds ``chunkFrames`` take (a server's job past its timeout held its
    /// place 4 s). An IMA4 packet is coded from its own samples alone, so the stream does not depend on the chunk.
    static func chunkFrames(for outputs: [ConversionOutput]) -> Int {
        let searching = outputs.contains {
            [.ima4, .imaADPCM].contains($0.options.encoding) && [.beam, .beams].contains($0.options.imaSearch)
        }
        return searching ? 1024 : chunkFrames
    }

    /// Decodes `reader` once and feeds every output's own mixing, resampling and encoding.
    static func encode(
        _ reader: any AudioReader, outputs: [ConversionOutput], flush: Bool
    ) throws(AudioFileError) -> [Pending] {
        let source = reader.info
        var sinks: [EncodingSink] = []
        do throws(AudioFileError) {
            for o in outputs {
                if FileSystem.isSameFile(source.path, o.path) { throw AudioFileError(o.path, .outputIsInput) }
                sinks.append(try EncodingSink(source: source, output: o))
            }
            // Reading stops at the longest trim, or at the end when some output keeps everything.
            let limits = sinks.map(\.limit)
            let readLimit: Int64? = limits.contains(where: { $0 == nil }) ? nil : limits.compactMap { $0 }.max()
            var input = SampleBuffer(kind: source.kind, channels: source.channels)
            var position: Int64 = 0
            let chunk = chunkFrames(for: outputs)
            while true {
                if Task.isCancelled || WorkerPool.isCancelled { throw AudioFileError(source.path, .cancelled) }
                let want = readLimit.map { Int(Swift.min(Int64(chunk), $0 - position)) } ?? chunk
                guard try reader.read(into: &input, maxFrames: want) > 0 else { break }
                for s in sinks { try s.consume(input, at: position) }
                position += Int64(input.frames)
            }
            var reports: [ConversionReport] = []
            for s in sinks { reports.append(try s.finish()) }
            var done: [Pending] = []
            do {
                for (s, r) in zip(sinks, reports) {
                    done.append(Pending(written: try s.file.handOff(flush: flush), report: r))
                }
            } catch {
                for p in done { p.written.discard() }
                throw error
            }
            return done
        } catch {
            for s in sinks { s.file.discard() }
            throw error
        }
    }
}
