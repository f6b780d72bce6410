import SoundKitCodecs

/// RIFF WAVE (Microsoft), with its big-endian (RIFX) and 64-bit (RF64/BW64, EBU Tech 3306) variants.
package enum WAV {
    static let tagPCM: UInt16 = 0x0001
    static let tagFloat: UInt16 = 0x0003
    static let tagALaw: UInt16 = 0x0006
    static let tagULaw: UInt16 = 0x0007
    static let tagIMA: UInt16 = 0x0011
    static let tagExtensible: UInt16 = 0xFFFE
    /// The tail of every WAVE_FORMAT_EXTENSIBLE SubFormat GUID: `{tag}-0000-0010-8000-00AA00389B71`.
    static let guidTail: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]

    // MARK: Reading

    /// What the 12-byte RIFF header says: the variant, how its chunks are walked, and the outer size.
    struct RIFFHeader {
        var kind: ContainerKind
        var family: ChunkWalker.Family
        var order: ByteOrder
        var riffSize: UInt32
    }

    /// The fields of a `fmt ` chunk that soundkit uses.
    struct FormatChunk {
        var tag: UInt16
        var channels: Int
        var rate: Double
        var blockAlign: Int64
        var bits: Int64
        var validBits: Int64
        var mask: UInt32?
        var samplesPerBlock: Int64
    }

    /// What the walk over the chunks found.
    struct FoundChunks {
        var fmt: FormatChunk?
        var factFrames: Int64?
        var data: (offset: Int64, bytes: Int64)?
        var warnings: [HeaderWarning] = []
    }

    /// The data format a `fmt ` chunk describes.
    struct DataFormat {
        var encoding: AudioEncoding
        var framesPerPacket: Int64
        var bitsPerChannel: Int64
    }

    /// The data sizes streaming writers put in the header before they know the length, and never patch when the
    /// output cannot seek: 0xFFFFFFFF (ffmpeg to a pipe) and 0x7FFFF000 (sox, whose RIFF size is then that plus
    /// the header).
    static let sizePlaceholders: Set<Int64> = [0xFFFF_FFFF, 0x7FFF_F000]

    package static func parse(_ source: any ByteSource) throws -> AudioFileInfo {
        let head = try riffHeader(source)
        // RF64 states its sizes in ds64; a RIFF size of 0xFFFFFFFF is a streaming writer's "unknown".
        let unknownOuter = head.kind != .rf64 && head.riffSize == 0xFFFF_FFFF
        let outer: Int64? = head.kind == .rf64 || unknownOuter ? nil : Int64(head.riffSize)
        var walker = ChunkWalker(source, family: head.family, kind: head.kind, start: 12, outerSize: outer)
        var found = try walkChunks(&walker, source, head)
        var walkerWarnings = walker.warnings
        if found.warnings.contains(where: { if case .sizePlaceholder = $0 { true } else { false } }) {
            // The RIFF size a streaming writer derived from its placeholder reaches past the file too.
            walkerWarnings.removeAll { if case .outerSizeBeyondFile = $0 { true } else { false } }
        } else if unknownOuter {
            found.warnings.insert(.sizePlaceholder(Int64(head.riffSize)), at: 0)
        }
        guard let f = found.fmt else { throw ContainerError.missingChunk(head.kind, "fmt ") }
        guard let d = found.data else { throw ContainerError.missingChunk(head.kind, "data") }
        guard f.tag != 0 else { throw ContainerError.inconsistentFormat(.formatTagZero) }
        guard f.blockAlign > 0 else { throw ContainerError.inconsistentFormat(.zeroPacketSize) }
        var warnings = found.warnings
        let format = try dataFormat(f, order: head.order, warnings: &warnings)
        let stream = StreamFormat(
            sampleRate: f.rate, channels: f.channels, encoding: format.encoding,
            packets: .init(
                bytes: Int(f.blockAlign), frames: Int(format.framesPerPacket),
                bitsPerChannel: Int(format.bitsPerChannel)),
            formatCode: "0x" + String(f.tag, radix: 16, uppercase: true).leftPadded(to: 4))
        var info = AudioFileInfo(
            container: head.kind, format: stream, dataOffset: d.offset, dataBytes: d.bytes,
            packets: d.bytes / f.blockAlign, validFrames: 0)
        info.validFrames = info.packets * format.framesPerPacket
        info.channelMask = f.mask
        info.blockAlign = Int(f.blockAlign)
        // Other codecs' block alignment is often nominal (MP3 in WAV states 1152), so only the formats soundkit
        // decodes can end inside a block.
        if d.bytes % f.blockAlign != 0, format.framesPerPacket > 0 {
            if case .imaADPCM = format.encoding { info.packets += 1 }
            warnings.append(.partialPacket(bytes: d.bytes % f.blockAlign))
        }
        try countFrames(&info, factFrames: found.factFrames, rf64Frames: walker.rf64Frames)
        info.warnings = walkerWarnings + warnings
        return try info.validated(fileSize: source.size)
    }

    /// Reads the RIFF, RIFX, RF64 or BW64 header; anything else is not a WAVE file.
    static func riffHeader(_ source: any ByteSource) throws -> RIFFHeader {
        var head = ByteReader(try source.read(at: 0, count: 12), order: .little)
        guard head.remaining == 12 else { throw ContainerError.truncated(.header(.wav), offset: 0) }
        let magic = try head.fourCC()
        let kind: ContainerKind
        let family: ChunkWalker.Family
        switch magic {
        case "RIFF":
            kind = .wav
            family = .riff(.little)
        case "RIFX":
            kind = .rifx
            family = .riff(.big)
            head.order = .big
        case "RF64", "BW64":
            kind = .rf64
            family = .rf64
        default: throw ContainerError.notAudio(.unknown)
        }
        let riffSize = try head.u32()
        guard try head.fourCC() == "WAVE" else { throw ContainerError.notAudio(.unknown) }
        return RIFFHeader(kind: kind, family: family, order: head.order, riffSize: riffSize)
    }

    /// Walks the chunks, keeping the first `fmt `, `fact` and `data`. Chunks past the outer size are read on
    /// until both `fmt ` and `data` are found.
    static func walkChunks(
        _ walker: inout ChunkWalker, _ source: any ByteSource,
        _ head: RIFFHeader
    ) throws -> FoundChunks {
        var found = FoundChunks()
        var readOn = false
        while let chunk = try walker.next() {
            if chunk.beyondDeclaredEnd {
                if found.fmt != nil && found.data != nil { break }
                if !readOn {
                    found.warnings.append(.outerSizeTooSmall(head.kind, Int64(head.riffSize)))
                    readOn = true
                }
            }
            switch chunk.id {
            case "fmt ":
                guard found.fmt == nil else { throw ContainerError.duplicateChunk(head.kind, "fmt ") }
                found.fmt = try parseFormatChunk(chunk, source, head)
            case "fact":
                if chunk.size >= 4, found.factFrames == nil {
                    var f = ByteReader(try source.read(at: chunk.bodyOffset, count: 4), order: head.order)
                    found.factFrames = Int64(try f.u32())
                }
            case "data":
                guard found.data == nil else { break }  // a second data chunk is ignored, as every reader does
                var bytes = chunk.size
                let available = source.size - chunk.bodyOffset
                if chunk.declaredSize == 0 && available > 0 {
                    found.warnings.append(.zeroSizeData(following: available))
                    bytes = available
                } else if chunk.isTruncated && head.kind != .rf64 && sizePlaceholders.contains(chunk.declaredSize) {
                    found.warnings.append(.sizePlaceholder(chunk.declaredSize))
                } else if chunk.isTruncated {
                    found.warnings.append(.dataTruncated(claimed: chunk.declaredSize, present: chunk.size))
                }
                found.data = (chunk.bodyOffset, bytes)
            default:
                break
            }
        }
        return found
    }

    /// Reads a `fmt ` chunk: the common 16 bytes, and the extensible or IMA ADPCM fields when present.
    static func parseFormatChunk(_ chunk: Chunk, _ source: any ByteSource, _ head: RIFFHeader) throws -> FormatChunk {
        let kind = head.kind
        guard chunk.declaredSize >= 16 else { throw ContainerError.badChunkSize(kind, "fmt ", chunk.declaredSize) }
        guard chunk.size >= 16 else { throw ContainerError.truncated(.chunk(kind, "fmt "), offset: chunk.bodyOffset) }
        let body = try source.read(at: chunk.bodyOffset, count: Int(Swift.min(chunk.size, 40)))
        var f = ByteReader(body, order: head.order)
        var tag = try f.u16()
        let channels = try AudioLimits.checkedChannels(Int64(try f.u16()))
        let rate = try AudioLimits.checkedSampleRate(Double(try f.u32()))
        _ = try f.u32()
        let blockAlign = Int64(try f.u16())
        let bits = Int64(try f.u16())
        var validBits = bits
        var mask: UInt32?
        var samplesPerBlock: Int64 = 0
        if f.remaining >= 2 {
            let cbSize = Int(try f.u16())
            if tag == tagExtensible && cbSize >= 22 && f.remaining >= 22 {
                let v = Int64(try f.u16())
                if v > 0 { validBits = v }
                mask = try f.u32()
                tag = try f.u16()
                if Array(try f.bytes(14)) != guidTail { tag = 0xFFFF }  // a SubFormat outside the Microsoft family
            } else if tag == tagIMA && cbSize >= 2 && f.remaining >= 2 {
                samplesPerBlock = Int64(try f.u16())
            }
        }
        return FormatChunk(
            tag: tag, channels: channels, rate: rate, blockAlign: blockAlign, bits: bits,
            validBits: validBits, mask: mask, samplesPerBlock: samplesPerBlock)
    }

    /// The data format `f` describes, checked against the codec's layout; a format soundkit does not decode is
    /// `.other`, with no frames per packet.
    static func dataFormat(
        _ f: FormatChunk, order: ByteOrder,
        warnings: inout [HeaderWarning]
    ) throws(ContainerError) -> DataFormat {
        let ch = Int64(f.channels)
        switch f.tag {
        case tagPCM:
            let bytes = f.blockAlign / ch
            guard f.blockAlign % ch == 0, (1...4).contains(bytes), f.bits <= bytes * 8 else {
                throw .inconsistentFormat(
                    .pcmLayout(
                        bits: f.bits, bytesPerPacket: f.blockAlign, framesPerPacket: 1,
                        channels: ch))
            }
            let encoding = AudioEncoding.pcm(bytes == 1 ? .uint8 : .int(Int(bytes) * 8, bigEndian: order == .big))
            return DataFormat(encoding: encoding, framesPerPacket: 1, bitsPerChannel: f.validBits)
        case tagFloat:
            guard f.bits == 32 || f.bits == 64, f.blockAlign == f.bits / 8 * ch else {
                throw .inconsistentFormat(
                    .pcmLayout(
                        bits: f.bits, bytesPerPacket: f.blockAlign, framesPerPacket: 1,
                        channels: ch))
            }
            return DataFormat(
                encoding: .pcm(.float(Int(f.bits), bigEndian: order == .big)), framesPerPacket: 1,
                bitsPerChannel: f.bits)
        case tagULaw, tagALaw:
            guard f.blockAlign == ch else {
                throw .inconsistentFormat(.g711Layout(bytesPerPacket: f.blockAlign, channels: ch))
            }
            return DataFormat(encoding: f.tag == tagULaw ? .ulaw : .alaw, framesPerPacket: 1, bitsPerChannel: f.bits)
        case tagIMA:
            guard order == .little else { throw .inconsistentFormat(.bigEndianIMA) }
            let perBlock = Int64(IMAWAV.framesPerBlock(blockAlign: Int(f.blockAlign), channels: f.channels))
            guard f.bits == 4, perBlock > 1 else {
                throw .inconsistentFormat(
                    .imaADPCMBlock(
                        blockAlign: f.blockAlign, channels: ch,
                        framesPerPacket: perBlock))
            }
            if f.samplesPerBlock != 0 && f.samplesPerBlock != perBlock {
                warnings.append(.samplesPerBlock(stated: f.samplesPerBlock, actual: perBlock))
            }
            return DataFormat(encoding: .imaADPCM, framesPerPacket: perBlock, bitsPerChannel: f.bits)
        default:
            return DataFormat(encoding: .other(tagName(f.tag)), framesPerPacket: 0, bitsPerChannel: f.bits)
        }
    }

    /// The played length where the packets alone do not give it: `fact` (or RF64's `ds64`) holds the true length
    /// of IMA ADPCM, whose blocks round it up, and the only length of a codec soundkit does not decode.
    static func countFrames(
        _ info: inout AudioFileInfo, factFrames: Int64?,
        rf64Frames: Int64?
    ) throws(ContainerError) {
        switch info.format.encoding {
        case .imaADPCM:
            let inBlocks = info.packets * Int64(info.format.framesPerPacket)
            info.validFrames = Swift.min(factFrames ?? inBlocks, inBlocks)
            info.remainderFrames = inBlocks - info.validFrames
        case .other:
            var frames = factFrames ?? 0
            if info.container == .rf64, let ds = rf64Frames, ds > 0 { frames = ds }
            // Each block takes at least a byte and holds at most AudioLimits.framesPerPacket frames.
            guard frames <= info.frameLimit else {
                throw .impossibleCount(.frames, claimed: frames, limit: info.frameLimit)
            }
            info.validFrames = frames
        default:
            break
        }
    }

    package static func tagName(_ tag: UInt16) -> String {
        switch tag {
        case 0x0002: return "MS ADPCM"
        case 0x0022: return "DSP Group TrueSpeech"
        case 0x0031: return "GSM 6.10"
        case 0x0040: return "G.721 ADPCM"
        case 0x0050: return "MPEG Layer 1/2"
        case 0x0055: return "MP3"
        case 0x00FF, 0x1610: return "AAC"
        case 0x0161, 0x0162, 0x0163: return "Windows Media Audio"
        case 0x1600, 0x1601: return "AAC"
        case 0x566F: return "Vorbis"
        case 0xF1AC: return "FLAC"
        case 0x704F, 0x7050: return "Opus"
        case 0xFFFF: return "WAVE_FORMAT_EXTENSIBLE with an unknown SubFormat"
        default: return "WAVE format tag 0x" + String(tag, radix: 16, uppercase: true).leftPadded(to: 4)
        }
    }

    // MARK: Writing

    /// `RIFF`, `fmt `, [`fact`], [`FLLR`], `data` header. Every field is checked to fit before any is written.
    static func header(_ layout: OutputLayout, totals: DataTotals) throws(ContainerError) -> [UInt8] {
        let fields = HeaderFields(layout: layout)
        let (fmt, needsFact) = try formatChunk(layout, fields)
        var w = ByteWriter(order: .little, capacity: 4096)
        w.fourCC("RIFF")
        w.u32(0)
        w.fourCC("WAVE")
        w.fourCC("fmt ")
        w.u32(try fields.u32(Int64(fmt.count), .chunkSize))
        w.append(fmt.bytes)
        if needsFact {
            w.fourCC("fact")
            w.u32(4)
            w.u32(try fields.u32(totals.validFrames, .frames))
        }
        let afterData = Int64(w.count) + 8
        if layout.filler && afterData + 8 <= CAF.pageSize {
            let filler = CAF.pageSize - afterData - 8
            w.fourCC("FLLR")
            w.u32(try fields.u32(filler, .chunkSize))
            w.zeros(Int(filler))
        }
        w.fourCC("data")
        w.u32(try fields.u32(totals.dataBytes, .dataSize))
        let riff = Int64(w.count - 8).saturatingAdd(totals.dataBytes).saturatingAdd(totals.dataBytes & 1)
        w.patch32(try fields.u32(riff, .outerSize), at: 4)
        return w.bytes
    }

    /// The body of the `fmt ` chunk, and whether a `fact` chunk must follow it.
    static func formatChunk(
        _ layout: OutputLayout,
        _ fields: HeaderFields
    ) throws(ContainerError) -> (ByteWriter, Bool) {
        let f = layout.format
        let channels = try fields.u16(f.channels, .channels)
        guard f.sampleRate.isFinite, let rate = UInt32(exactly: f.sampleRate.rounded()) else {
            throw .sampleRate(f.sampleRate)
        }
        let blockAlign = try fields.u16(f.bytesPerPacket, .blockAlign)
        // Both factors are narrowed already, so the product fits 64 bits.
        var bytesPerSecond = Int64(rate) * Int64(blockAlign)
        if case .imaADPCM = f.encoding { bytesPerSecond /= Int64(Swift.max(1, f.framesPerPacket)) }
        let avgBytes = try fields.u32(bytesPerSecond, .bytesPerSecond)
        var fmt = ByteWriter(order: .little)
        func common(_ tag: UInt16, bits: UInt16) {
            fmt.u16(tag)
            fmt.u16(channels)
            fmt.u32(rate)
            fmt.u32(avgBytes)
            fmt.u16(blockAlign)
            fmt.u16(bits)
        }
        switch f.encoding {
        case .pcm(let p):
            let tag = p.isFloat ? tagFloat : tagPCM
            let bits = try fields.u16(p.bits, .bitsPerSample)
            let layoutMask = layout.channelLayout?.waveChannelMask
            if f.channels > 2 || p.bits > 16 || layoutMask != nil {
                common(tagExtensible, bits: bits)
                fmt.u16(22)
                fmt.u16(bits)
                fmt.u32(layoutMask ?? layout.channelMask ?? OutputLayout.defaultChannelMask(f.channels))
                fmt.u16(tag)
                fmt.append(guidTail)
            } else {
                common(tag, bits: bits)
                if p.isFloat { fmt.u16(0) }
            }
            return (fmt, p.isFloat)
        case .ulaw, .alaw:
            common(f.encoding == .ulaw ? tagULaw : tagALaw, bits: 8)
            fmt.u16(0)
        case .imaADPCM:
            let samplesPerBlock = try fields.u16(f.framesPerPacket, .samplesPerBlock)
            common(tagIMA, bits: 4)
            fmt.u16(2)
            fmt.u16(samplesPerBlock)
        case .ima4, .vorbis, .other:
            throw .unsupported(.encoding(f.encoding, .wav))
        }
        return (fmt, true)
    }
}
