/// One of the consumers a ``SamplePass`` feeds: a meter, a level scan, a waveform, a preview encoder.
package protocol SampleConsumer: AnyObject {
    /// Takes the source's facts before the first block; throwing leaves this consumer out of the pass.
    func start(_ source: SourceInfo) throws(AudioFileError)
    /// Takes the next block, which starts at source frame `position`; throwing leaves this consumer out of the rest
    /// of the pass.
    func consume(_ block: SampleBuffer, at position: Int64) throws(AudioFileError)
    /// Called after the last block, when every block reached this consumer.
    func finish() throws(AudioFileError)
    /// Called instead of ``finish()`` when this consumer did not get the whole sound: the file did not open or
    /// broke off, or the consumer threw.
    func fail(_ error: AudioFileError)
}

/// The decode loop every measurement shares (loudness, levels, `check`'s facts, the report's waveform and preview,
/// normalisation's measuring): a source read once, from where it stands, in blocks of at most ``blockFrames``
/// frames, each block handed on with the source frame it starts at.
package struct SamplePass {
    /// Frames read per block.
    package static let blockFrames = 16384

    package let reader: any AudioReader
    /// Source frames to read at most; nil reads to the end.
    package var limit: Int64?
    /// Whether integer audio is handed on as `.float` blocks, converted once (exactly) for every consumer that
    /// works in Double; false hands on the source's own kind.
    package var floats: Bool

    package init(_ reader: any AudioReader, limit: Int64? = nil, floats: Bool = false) {
        self.reader = reader
        self.limit = limit
        self.floats = floats
    }

    /// Hands every block to `body` in order; the first error, reading or from `body`, ends the pass and is thrown.
    /// Returns the frames read.
    @discardableResult
    package func forEach(_ body: (SampleBuffer, Int64) throws(AudioFileError) -> Void) throws(AudioFileError) -> Int64 {
        var blocks = Blocks(self)
        while try blocks.next() { try body(blocks.block, blocks.start) }
        return blocks.position
    }

    /// Feeds every consumer from this one pass: each is started with the source, given every block and finished.
    /// A consumer that throws is told so (``SampleConsumer/fail(_:)``) and left out of the rest; an error reading
    /// is told to every consumer still fed. Reading stops when no consumer is left.
    package func feed(_ consumers: [any SampleConsumer]) {
        var live: [any SampleConsumer] = []
        for c in consumers {
            do throws(AudioFileError) {
                try c.start(reader.info)
                live.append(c)
            } catch { c.fail(error) }
        }
        var blocks = Blocks(self)
        while !live.isEmpty {
            do throws(AudioFileError) {
                guard try blocks.next() else { break }
            } catch {
                for c in live { c.fail(error) }
                return
            }
            live = live.filter { c in
                do throws(AudioFileError) {
                    try c.consume(blocks.block, at: blocks.start)
                    return true
                } catch {
                    c.fail(error)
                    return false
                }
            }
        }
        for c in live {
            do throws(AudioFileError) { try c.finish() } catch { c.fail(error) }
        }
    }

    /// Opens `path` and feeds `consumers` from one pass over it (see ``feed(_:)``), as `.float` blocks; a file that
    /// does not open fails them all.
    package static func feed(_ path: String, _ consumers: [any SampleConsumer]) {
        do throws(AudioFileError) { feed(try InputFile(path: path), consumers) } catch {
            for c in consumers { c.fail(error) }
        }
    }

    /// The same for a source already open.
    package static func feed(_ input: InputFile, _ consumers: [any SampleConsumer]) {
        do throws(AudioFileError) {
            SamplePass(try AudioInput.open(input), floats: true).feed(consumers)
        } catch {
            for c in consumers { c.fail(error) }
        }
    }

    /// The reading state of one pass.
    private struct Blocks {
        let pass: SamplePass
        var input: SampleBuffer
        var converted: SampleBuffer
        /// The frame the current block starts at, and the frame after it.
        var start: Int64 = 0
        var position: Int64 = 0

        init(_ pass: SamplePass) {
            self.pass = pass
            let info = pass.reader.info
            input = SampleBuffer(kind: info.kind, channels: info.channels)
            converted = SampleBuffer(kind: .float, channels: info.channels)
        }

        /// The block just read.
        var block: SampleBuffer { pass.floats && input.kind != .float ? converted : input }

        /// Reads the next block; false at the end of the source or at the limit.
        mutating func next() throws(AudioFileError) -> Bool {
            var want = SamplePass.blockFrames
            if let limit = pass.limit {
                let room = limit - position
                guard room > 0 else { return false }
                want = Int(Swift.min(Int64(want), room))
            }
            guard try pass.reader.read(into: &input, maxFrames: want) > 0 else { return false }
            if pass.floats && input.kind != .float {
                input.doubles(into: &converted.floats)
                converted.frames = input.frames
            }
            start = position
            position += Int64(input.frames)
            return true
        }
    }
}
