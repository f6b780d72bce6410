/// One chunk of a RIFF, RIFX, RF64, FORM or CAF file, with its size already checked against the file.
package struct Chunk: Sendable {
    package let id: FourCC
    /// Where the chunk's body starts.
    package let bodyOffset: Int64
    /// The body size the header declares (RF64's `ds64` and CAF's -1 already resolved).
    package let declaredSize: Int64
    /// The body bytes the file really holds: `declaredSize` cut at the end of the file.
    package let size: Int64
    /// Whether the chunk starts at or past the end the outer RIFF/FORM size declares (files whose outer size is
    /// too small are common: streaming writers, broken taggers).
    package let beyondDeclaredEnd: Bool

    package var isTruncated: Bool { size < declaredSize }
}

/// Walks the chunks of every container soundkit parses with one set of rules (dr_wav's single chunk-header
/// reader): sizes are validated once here, a chunk never reaches past the file, odd sizes are padded where the
/// format pads, and the walk always moves forward and ends.
package struct ChunkWalker {
    package enum Family: Sendable, Hashable {
        /// RIFF (little-endian) or RIFX (big-endian): unsigned 32-bit sizes, padded to even.
        case riff(ByteOrder)
        /// RF64/BW64: like RIFF, with 0xFFFFFFFF sizes taken from `ds64`.
        case rf64
        /// AIFF and AIFF-C: signed 32-bit big-endian sizes, padded to even.
        case form
        /// CAF: signed 64-bit big-endian sizes, no padding; -1 only on a final `data` chunk.
        case caf
    }

    /// No sound file has more chunks than this; a longer walk is garbage or an attack on the time it takes.
    package static let maxChunks = 16_384

    let source: any ByteSource
    let family: Family
    let kind: ContainerKind
    let fileSize: Int64
    /// Where the outer RIFF/FORM size says the chunks end (the file's end for CAF and unusable outer sizes).
    package let declaredEnd: Int64
    private var offset: Int64
    private var count = 0
    private var finished = false
    /// RF64: the 64-bit sizes from `ds64`, for chunks whose 32-bit size is 0xFFFFFFFF.
    package private(set) var rf64DataSize: Int64?
    package private(set) var rf64Frames: Int64?
    /// What the walk worked around, for ``AudioFileInfo/warnings``.
    package private(set) var warnings: [HeaderWarning] = []

    /// A walker starting at `offset` (just past the file header). `outerSize` is the RIFF/FORM size field.
    package init(_ source: any ByteSource, family: Family, kind: ContainerKind, start offset: Int64, outerSize: Int64?)
    {
        self.source = source
        self.family = family
        self.kind = kind
        self.fileSize = source.size
        self.offset = offset
        var end = fileSize
        if let outer = outerSize, outer >= 0 {
            let (claimed, overflow) = outer.addingReportingOverflow(8)
            if overflow || claimed > fileSize {
                warnings.append(.outerSizeBeyondFile(kind, claimed: overflow ? outer : claimed, fileSize: fileSize))
            } else {
                end = claimed
            }
        }
        declaredEnd = end
    }

    private var headerSize: Int64 { family == .caf ? 12 : 8 }

    /// The next chunk, or nil at the end of the file. Throws for sizes that cannot be right.
    package mutating func next() throws -> Chunk? {
        guard !finished, offset < fileSize else { return nil }
        let header = try source.read(at: offset, count: Int(headerSize))
        guard header.count == Int(headerSize) else {
            warnings.append(.strayBytes(fileSize - offset))
            finished = true
            return nil
        }
        count += 1
        guard count <= Self.maxChunks else { throw ContainerError.tooManyChunks(kind, limit: Self.maxChunks) }

        let order: ByteOrder
        switch family {
        case .riff(let o): order = o
        case .rf64: order = .little
        case .form, .caf: order = .big
        }
        var r = ByteReader(header, order: order)
        let id = try r.fourCC()
        let body = offset + headerSize
        let available = fileSize - body
        var declared: Int64
        var pad: Int64 = 0
        switch family {
        case .riff, .rf64:
            let raw = try r.u32()
            declared = Int64(raw)
            if family == .rf64, raw == 0xFFFF_FFFF {
                if id == "data", let d = rf64DataSize { declared = d } else { declared = available }
            }
            pad = declared & 1
        case .form:
            declared = Int64(try r.i32())
            guard declared >= 0 else { throw ContainerError.badChunkSize(kind, id, declared) }
            pad = declared & 1
        case .caf:
            declared = try r.i64()
            if declared == -1 {
                guard id == "data" else { throw ContainerError.badChunkSize(kind, id, declared) }
                declared = available
                finished = true  // a -1 data chunk runs to the end of the file
            } else if declared < 0 {
                throw ContainerError.badChunkSize(kind, id, declared)
            }
        }
        let chunk = Chunk(
            id: id, bodyOffset: body, declaredSize: declared, size: Swift.min(declared, available),
            beyondDeclaredEnd: offset >= declaredEnd)
        if family == .rf64, id == "ds64", chunk.size >= 24 {
            var d = ByteReader(try source.read(at: body, count: 24), order: .little)
            _ = try d.u64()  // the RIFF size
            rf64DataSize = Int64(exactly: try d.u64())
            rf64Frames = Int64(exactly: try d.u64())
        }
        // Move on; a chunk reaching past the end of the file is the last one.
        let (next, overflow) = body.addingReportingOverflow(declared)
        let (padded, overflow2) = next.addingReportingOverflow(pad)
        if overflow || overflow2 || next > fileSize {
            finished = true
        } else {
            offset = padded
        }
        return chunk
    }
}
