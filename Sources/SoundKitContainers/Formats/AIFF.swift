import SoundKitCodecs

/// AIFF and AIFF-C (Apple, *Audio Interchange File Format* 1.3 and the AIFF-C draft). Big-endian; chunk sizes
/// are signed 32-bit and odd-sized chunks are followed by a pad byte.
package enum AIFF {
    /// AIFF-C format version 1 (`FVER`).
    static let aifcVersion1: UInt32 = 0xA280_5140

    // MARK: Reading

    /// The fields of a `COMM` chunk.
    struct CommonChunk {
        var channels: Int
        var frames: Int64
        var bits: Int64
        var rate: Double
        var compression: FourCC
    }

    /// Where an `SSND` chunk's sound data lies, and the size it claims when the file ends before it does.
    struct SoundData {
        var offset: Int64
        var bytes: Int64
        var truncatedFrom: Int64?
    }

    /// What the walk over the chunks found.
    struct FoundChunks {
        var comm: CommonChunk?
        var ssnd: SoundData?
        var warnings: [HeaderWarning] = []
    }

    package static func parse(_ source: any ByteSource) throws -> AudioFileInfo {
        var head = ByteReader(try source.read(at: 0, count: 12), order: .big)
        guard head.remaining == 12 else { throw ContainerError.truncated(.header(.aiff), offset: 0) }
        guard try head.fourCC() == "FORM" else { throw ContainerError.notAudio(.unknown) }
        let formSize = Int64(try head.u32())
        let formType = try head.fourCC()
        guard formType == "AIFF" || formType == "AIFC" else { throw ContainerError.notAudio(.unknown) }
        let kind: ContainerKind = formType == "AIFC" ? .aifc : .aiff

        var walker = ChunkWalker(source, family: .form, kind: kind, start: 12, outerSize: formSize)
        let found = try walkChunks(&walker, source, kind: kind, formSize: formSize)
        guard let c = found.comm else { throw ContainerError.missingChunk(kind, "COMM") }
        var warnings = walker.warnings + found.warnings
        if let s = found.ssnd, let claimed = s.truncatedFrom {
            warnings.append(.dataTruncated(claimed: claimed, present: s.bytes))
        }
        if found.ssnd == nil && c.frames > 0 { throw ContainerError.inconsistentFormat(.framesWithoutData(c.frames)) }
        let data = found.ssnd ?? SoundData(offset: 0, bytes: 0, truncatedFrom: nil)
        var info = try audioInfo(kind, c, data, warnings: &warnings)
        info.warnings = warnings
        return try info.validated(fileSize: source.size)
    }

    /// Walks the chunks, keeping `COMM` and `SSND` (each at most once). Chunks past the `FORM` size are read on
    /// until both are found.
    static func walkChunks(
        _ walker: inout ChunkWalker, _ source: any ByteSource, kind: ContainerKind,
        formSize: Int64
    ) throws -> FoundChunks {
        var found = FoundChunks()
        var readOn = false
        while let chunk = try walker.next() {
            if chunk.beyondDeclaredEnd {
                if found.comm != nil && found.ssnd != nil { break }
                if !readOn {
                    found.warnings.append(.outerSizeTooSmall(kind, formSize))
                    readOn = true
                }
            }
            switch chunk.id {
            case "COMM":
                guard found.comm == nil else { throw ContainerError.duplicateChunk(kind, "COMM") }
                found.comm = try parseCommonChunk(chunk, source, kind: kind)
            case "SSND":
                guard found.ssnd == nil else { throw ContainerError.duplicateChunk(kind, "SSND") }
                found.ssnd = try parseSoundChunk(chunk, source, kind: kind)
            default:
                break
            }
        }
        return found
    }

    /// Reads `COMM`: 18 bytes in AIFF, 22 with the compression type in AIFF-C.
    static func parseCommonChunk(_ chunk: Chunk, _ source: any ByteSource, kind: ContainerKind) throws -> CommonChunk {
        let needed: Int64 = kind == .aifc ? 22 : 18
        if kind == .aifc && chunk.declaredSize >= 18 && chunk.declaredSize < 22 {
            throw ContainerError.inconsistentFormat(.missingCompressionType)
        }
        guard chunk.declaredSize >= needed else { throw ContainerError.badChunkSize(kind, "COMM", chunk.declaredSize) }
        guard chunk.size >= needed else {
            throw ContainerError.truncated(.chunk(kind, "COMM"), offset: chunk.bodyOffset)
        }
        var c = ByteReader(try source.read(at: chunk.bodyOffset, count: Int(needed)), order: .big)
        let channels = try AudioLimits.checkedChannels(Int64(try c.i16()))
        let frames = Int64(try c.u32())
        let bits = Int64(try c.i16())
        let rate = try AudioLimits.checkedSampleRate(try c.extended80())
        let compression: FourCC = kind == .aifc ? try c.fourCC() : "NONE"
        return CommonChunk(channels: channels, frames: frames, bits: bits, rate: rate, compression: compression)
    }

    /// Reads `SSND`'s offset field: the sound data starts that far past the chunk's 8 fixed bytes.
    static func parseSoundChunk(_ chunk: Chunk, _ source: any ByteSource, kind: ContainerKind) throws -> SoundData {
        guard chunk.declaredSize >= 8 else { throw ContainerError.badChunkSize(kind, "SSND", chunk.declaredSize) }
        guard chunk.size >= 8 else { throw ContainerError.truncated(.chunk(kind, "SSND"), offset: chunk.bodyOffset) }
        var s = ByteReader(try source.read(at: chunk.bodyOffset, count: 8), order: .big)
        let dataOffset = Int64(try s.u32())
        guard dataOffset <= chunk.declaredSize - 8 else {
            throw ContainerError.inconsistentFormat(.soundDataOffset(dataOffset))
        }
        let declared = chunk.declaredSize - 8 - dataOffset
        let present = Swift.max(0, chunk.size - 8 - dataOffset)
        return SoundData(
            offset: chunk.bodyOffset + 8 + dataOffset, bytes: Swift.min(declared, present),
            truncatedFrom: present < declared ? declared : nil)
    }

    /// The facts of the audio `c` describes in `data`, with the frames (packets for ima4) cut to what the data
    /// holds.
    static func audioInfo(
        _ kind: ContainerKind, _ c: CommonChunk, _ data: SoundData,
        warnings: inout [HeaderWarning]
    ) throws(ContainerError) -> AudioFileInfo {
        let encoding = try self.encoding(compression: c.compression, bits: c.bits, isAIFC: kind == .aifc)
        func stream(_ packets: StreamFormat.Packets, _ code: String) -> StreamFormat {
            StreamFormat(
                sampleRate: c.rate, channels: c.channels, encoding: encoding, packets: packets,
                formatCode: code)
        }
        switch encoding {
        case .ima4:
            guard c.channels <= 2 else { throw .inconsistentFormat(.ima4Channels(Int64(c.channels))) }
            let format = stream(.init(bytes: 34 * c.channels, frames: 64, bitsPerChannel: 0), "ima4")
            // COMM counts packets for ima4; the true length is lost (rounded up to 64 frames).
            let present = data.bytes / Int64(34 * c.channels)
            let packets = Swift.min(c.frames, present)
            if present < c.frames { warnings.append(.countBeyondData(.packets, claimed: c.frames, present: present)) }
            return AudioFileInfo(
                container: kind, format: format, dataOffset: data.offset, dataBytes: data.bytes,
                packets: packets, validFrames: packets * 64)
        case .other:
            // An unknown compression: only COMM's frame count and the data size are known.
            let format = stream(.init(bytes: 0, frames: 0, bitsPerChannel: 0), c.compression.description)
            var info = AudioFileInfo(
                container: kind, format: format, dataOffset: data.offset, dataBytes: data.bytes,
                packets: 0, validFrames: 0)
            // Each packet takes at least a byte and holds at most AudioLimits.framesPerPacket frames.
            guard c.frames <= info.frameLimit else {
                throw .impossibleCount(.frames, claimed: c.frames, limit: info.frameLimit)
            }
            info.packets = Swift.min(c.frames, data.bytes)
            info.validFrames = c.frames
            return info
        default:
            let bytesPerFrame: Int
            let bitsPerChannel: Int
            switch encoding {
            case .pcm(let f):
                bytesPerFrame = f.bytesPerSample * c.channels
                bitsPerChannel = Int(c.bits)
            default:
                bytesPerFrame = c.channels
                bitsPerChannel = 8
            }
            let format = stream(
                .init(bytes: bytesPerFrame, frames: 1, bitsPerChannel: bitsPerChannel),
                c.compression.description)
            let present = data.bytes / Int64(bytesPerFrame)
            let frames = Swift.min(c.frames, present)
            if present < c.frames { warnings.append(.countBeyondData(.frames, claimed: c.frames, present: present)) }
            return AudioFileInfo(
                container: kind, format: format, dataOffset: data.offset,
                dataBytes: frames * Int64(bytesPerFrame), packets: frames, validFrames: frames)
        }
    }

    static func encoding(compression: FourCC, bits: Int64, isAIFC: Bool) throws(ContainerError) -> AudioEncoding {
        // AIFF stores integer samples left-justified in whole bytes: 12 bits live in 16.
        let containerBits = Int((Swift.max(0, Swift.min(bits, 64)) + 7) / 8 * 8)
        func checked(_ f: PCMFormat) throws(ContainerError) -> AudioEncoding {
            guard f.isSupported, bits >= 1 else { throw .unsupported(.pcmWidth(bits: bits, float: false)) }
            return .pcm(f)
        }
        switch compression {
        case "NONE", "twos": return try checked(.int(containerBits, bigEndian: true))
        case "sowt": return try checked(.int(containerBits, bigEndian: false))
        case "raw ": return try checked(PCMFormat(.unsignedInteger, bits: containerBits, bigEndian: true))
        case "in24": return .pcm(.int(24, bigEndian: true))
        case "in32": return .pcm(.int(32, bigEndian: true))
        case "fl32", "FL32": return .pcm(.float(32, bigEndian: true))
        case "fl64", "FL64": return .pcm(.float(64, bigEndian: true))
        case "ulaw", "ULAW": return .ulaw
        case "alaw", "ALAW": return .alaw
        case "ima4": return .ima4
        default:
            let name = CAF.codecName(compression)
            return .other(name.hasPrefix("'") ? "AIFF-C compression \(name)" : name)
        }
    }

    // MARK: Writing

    static func compressionType(for e: AudioEncoding) -> FourCC {
        switch e {
        case .pcm(let f):
            if f.isFloat { return f.bits == 32 ? "fl32" : "fl64" }
            if f.encoding == .unsignedInteger { return "raw " }
            return f.bigEndian || f.bits == 8 ? "NONE" : "sowt"
        case .ulaw: return "ulaw"
        case .alaw: return "alaw"
        case .ima4: return "ima4"
        case .imaADPCM, .vorbis, .other: return "????"
        }
    }

    /// The Pascal-string names Apple writes, in Mac OS Roman (µ is 0xB5).
    static func compressionName(for e: AudioEncoding) -> [UInt8] {
        switch e {
        case .pcm(let f):
            if f.isFloat { return Array("\(f.bits)-bit floating point".utf8) }
            if f.encoding == .unsignedInteger { return [] }
            return f.bigEndian || f.bits == 8 ? Array("not compressed".utf8) : Array("little endian".utf8)
        case .ulaw: return [0xB5] + Array("Law 2:1".utf8)
        case .alaw: return Array("aLaw 2:1".utf8)
        case .ima4: return Array("IMA 4:1".utf8)
        case .imaADPCM, .vorbis, .other: return []
        }
    }

    /// `FORM`, [`FVER`], `COMM`, `SSND` header. Every field is checked to fit before any is written; chunk sizes
    /// are signed 32-bit, as the format defines them and soundkit reads them.
    static func header(_ layout: OutputLayout, totals: DataTotals) throws(ContainerError) -> [UInt8] {
        let isAIFC = layout.fileType == .aifc
        let fields = HeaderFields(layout: layout)
        let comm = try commonChunk(layout, totals: totals, fields)
        let ssnd = try fields.i32(totals.dataBytes.saturatingAdd(8), .dataSize)
        let formContent = Int64(4 + (isAIFC ? 12 : 0) + 8 + comm.count + 16)
            .saturatingAdd(totals.dataBytes).saturatingAdd(totals.dataBytes & 1)
        var w = ByteWriter(order: .big)
        w.fourCC("FORM")
        w.i32(try fields.i32(formContent, .outerSize))
        w.fourCC(isAIFC ? "AIFC" : "AIFF")
        if isAIFC {
            w.fourCC("FVER")
            w.u32(4)
            w.u32(aifcVersion1)
        }
        w.fourCC("COMM")
        w.i32(try fields.i32(Int64(comm.count), .chunkSize))
        w.append(comm.bytes)
        w.fourCC("SSND")
        w.i32(ssnd)
        w.u32(0)
        w.u32(0)
        return w.bytes
    }

    /// The body of the `COMM` chunk.
    static func commonChunk(
        _ layout: OutputLayout, totals: DataTotals,
        _ fields: HeaderFields
    ) throws(ContainerError) -> ByteWriter {
        let f = layout.format
        var comm = ByteWriter(order: .big)
        comm.i16(try fields.i16(f.channels, .channels))
        // Frames for PCM and G.711; packets for ima4.
        if f.encoding == .ima4 {
            comm.u32(try fields.u32(totals.packets, .packets))
        } else {
            comm.u32(try fields.u32(totals.validFrames, .frames))
        }
        switch f.encoding {
        case .pcm(let p): comm.i16(try fields.i16(p.bits, .bitsPerSample))
        default: comm.i16(16)  // what Apple and libsndfile record for ulaw, alaw and ima4
        }
        comm.extended80(f.sampleRate)
        if layout.fileType == .aifc {
            comm.fourCC(compressionType(for: f.encoding))
            let name = compressionName(for: f.encoding)
            comm.u8(try fields.u8(name.count, .compressionName))
            comm.append(name)
            if (name.count + 1) % 2 == 1 { comm.u8(0) }
        }
        return comm
    }
}
