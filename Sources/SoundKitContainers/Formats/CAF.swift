import SoundKitCodecs

/// Core Audio Format (Apple, *Core Audio Format Specification 1.0*). Big-endian; chunk sizes are signed 64-bit.
package enum CAF {
    static let pageSize: Int64 = 4096

    // MARK: Reading

    /// The fixed fields of a `pakt` chunk, and the chunk whose table follows them.
    struct PacketTableHeader {
        var packets: Int64
        var valid: Int64
        var priming: Int64
        var remainder: Int64
        var chunk: Chunk
    }

    /// What the walk over the chunks found.
    struct FoundChunks {
        var format: StreamFormat?
        var data: Chunk?
        var pakt: PacketTableHeader?
        var mask: UInt32?
    }

    package static func parse(_ source: any ByteSource) throws -> AudioFileInfo {
        var head = ByteReader(try source.read(at: 0, count: 8), order: .big)
        guard head.remaining == 8 else { throw ContainerError.truncated(.header(.caf), offset: 0) }
        guard try head.fourCC() == "caff" else { throw ContainerError.notAudio(.unknown) }
        let version = try head.u16()
        guard version == 1 else { throw ContainerError.unsupportedVersion(.caf, Int64(version)) }

        var walker = ChunkWalker(source, family: .caf, kind: .caf, start: 8, outerSize: nil)
        let found = try walkChunks(&walker, source)
        guard let f = found.format else { throw ContainerError.missingChunk(.caf, "desc") }
        guard let d = found.data else { throw ContainerError.missingChunk(.caf, "data") }
        var warnings = walker.warnings
        let bytes = d.size - 4
        if d.isTruncated { warnings.append(.dataTruncated(claimed: d.declaredSize - 4, present: bytes)) }

        var info = AudioFileInfo(
            container: .caf, format: f, dataOffset: d.bodyOffset + 4, dataBytes: bytes, packets: 0,
            validFrames: 0)
        info.channelMask = found.mask
        let tableFrames = try countPackets(&info, found.pakt, source, warnings: &warnings)
        try countFrames(&info, found.pakt, tableFrames: tableFrames, warnings: &warnings)
        if case .imaADPCM = f.encoding { info.blockAlign = f.bytesPerPacket }
        info.warnings = warnings
        return try info.validated(fileSize: source.size)
    }

    /// Walks the chunks: `desc` first, then at most one `data` and one `pakt`, and a `chan` bitmap if any.
    static func walkChunks(_ walker: inout ChunkWalker, _ source: any ByteSource) throws -> FoundChunks {
        var found = FoundChunks()
        var first = true
        while let chunk = try walker.next() {
            if first && chunk.id != "desc" { throw ContainerError.misplacedChunk(.caf, chunk.id) }
            first = false
            switch chunk.id {
            case "desc":
                guard found.format == nil else { throw ContainerError.duplicateChunk(.caf, "desc") }
                try requireSize(chunk, 32)
                var d = ByteReader(try source.read(at: chunk.bodyOffset, count: 32), order: .big)
                found.format = try parseDesc(&d)
            case "data":
                guard found.data == nil else { throw ContainerError.duplicateChunk(.caf, "data") }
                try requireSize(chunk, 4)
                found.data = chunk
            case "pakt":
                guard found.pakt == nil else { throw ContainerError.duplicateChunk(.caf, "pakt") }
                found.pakt = try parsePacketTableHeader(chunk, source)
            case "chan":
                if chunk.size >= 12 {
                    var c = ByteReader(try source.read(at: chunk.bodyOffset, count: 12), order: .big)
                    let tag = try c.u32()
                    let bitmap = try c.u32()
                    if tag == 0x10000 { found.mask = bitmap }
                }
            default:
                break
            }
        }
        return found
    }

    /// Throws unless `chunk` declares, and the file holds, at least `size` bytes of body.
    static func requireSize(_ chunk: Chunk, _ size: Int64) throws(ContainerError) {
        guard chunk.declaredSize >= size else { throw .badChunkSize(.caf, chunk.id, chunk.declaredSize) }
        guard chunk.size >= size else { throw .truncated(.chunk(.caf, chunk.id), offset: chunk.bodyOffset) }
    }

    /// Reads the 24 fixed bytes of a `pakt` chunk; no count may be negative.
    static func parsePacketTableHeader(_ chunk: Chunk, _ source: any ByteSource) throws -> PacketTableHeader {
        try requireSize(chunk, 24)
        var p = ByteReader(try source.read(at: chunk.bodyOffset, count: 24), order: .big)
        let packets = try p.i64()
        let valid = try p.i64()
        let priming = Int64(try p.i32())
        let remainder = Int64(try p.i32())
        if packets < 0 { throw ContainerError.impossibleCount(.packets, claimed: packets, limit: 0) }
        if valid < 0 { throw ContainerError.impossibleCount(.frames, claimed: valid, limit: 0) }
        if priming < 0 { throw ContainerError.impossibleCount(.primingFrames, claimed: priming, limit: 0) }
        if remainder < 0 { throw ContainerError.impossibleCount(.remainderFrames, claimed: remainder, limit: 0) }
        return PacketTableHeader(packets: packets, valid: valid, priming: priming, remainder: remainder, chunk: chunk)
    }

    /// Sets the packets the data holds: whole constant-size packets, or for variable-size packets the ones the
    /// packet table describes. Returns the frames the table adds up to when packets vary in frames too.
    static func countPackets(
        _ info: inout AudioFileInfo, _ pakt: PacketTableHeader?, _ source: any ByteSource,
        warnings: inout [HeaderWarning]
    ) throws -> Int64? {
        let bytes = info.dataBytes
        let bpp = Int64(info.format.bytesPerPacket)
        let fpp = Int64(info.format.framesPerPacket)
        if bpp > 0 {
            info.packets = bytes / bpp
            if bytes % bpp != 0 { warnings.append(.partialPacket(bytes: bytes % bpp)) }
        } else if let p = pakt {
            // Variable-size packets: each takes at least one byte, and the table must describe the data.
            guard p.packets <= bytes else {
                throw ContainerError.impossibleCount(.packets, claimed: p.packets, limit: bytes)
            }
            let table = try packetTable(source, p.chunk, packets: p.packets, variableFrames: fpp == 0)
            guard table.bytes <= bytes else {
                throw ContainerError.impossibleCount(.audioBytes, claimed: table.bytes, limit: bytes)
            }
            info.packets = p.packets
            return fpp == 0 ? table.frames : nil
        }
        return nil
    }

    /// Sets the valid, priming and remainder frames from the packet table, each bounded by what the packets hold;
    /// a table whose frames do not add up is reconciled with the packets, with a warning.
    static func countFrames(
        _ info: inout AudioFileInfo, _ pakt: PacketTableHeader?, tableFrames: Int64?,
        warnings: inout [HeaderWarning]
    ) throws(ContainerError) {
        let bpp = Int64(info.format.bytesPerPacket)
        let fpp = Int64(info.format.framesPerPacket)
        guard let p = pakt, fpp > 0 || bpp == 0 else {
            info.validFrames = fpp > 0 ? info.packets.saturatingMultiply(fpp) : 0
            return
        }
        // Bounded by the packets the data holds, so the sums below cannot overflow.
        let limit = fpp > 0 ? info.packets.saturatingMultiply(fpp) : (tableFrames ?? info.frameLimit)
        if p.valid > limit { throw .impossibleCount(.frames, claimed: p.valid, limit: limit) }
        if p.priming > limit { throw .impossibleCount(.primingFrames, claimed: p.priming, limit: limit) }
        if p.remainder > limit { throw .impossibleCount(.remainderFrames, claimed: p.remainder, limit: limit) }
        info.primingFrames = p.priming
        info.remainderFrames = p.remainder
        info.validFrames = p.valid
        if fpp > 0 && p.valid.saturatingAdd(p.priming).saturatingAdd(p.remainder) != limit {
            warnings.append(
                .packetTableMismatch(
                    valid: p.valid, priming: p.priming, remainder: p.remainder,
                    total: limit))
            if p.valid.saturatingAdd(p.priming) > limit {
                info.validFrames = Swift.max(0, limit - p.priming)
                info.remainderFrames = 0
            } else {
                info.remainderFrames = limit - p.valid - p.priming
            }
        }
    }

    /// Walks a packet table of `packets` entries (CAF variable-length integers: 7 bits a byte, high bit set while
    /// more follow), in pieces so a large table never sits in memory whole. Returns the bytes (and, when packets
    /// vary in frames too, the frames) it describes, saturating; throws for a cut-off or over-long entry.
    static func packetTable(
        _ source: any ByteSource, _ chunk: Chunk, packets: Int64, variableFrames: Bool
    ) throws -> (bytes: Int64, frames: Int64) {
        let end = chunk.bodyOffset + chunk.size
        var position = chunk.bodyOffset + 24
        var buffer: [UInt8] = []
        var index = 0
        func nextByte() throws -> UInt8? {
            if index == buffer.count {
                guard position < end else { return nil }
                buffer = try source.read(at: position, count: Int(Swift.min(65536, end - position)))
                guard !buffer.isEmpty else { return nil }
                position += Int64(buffer.count)
                index = 0
            }
            defer { index += 1 }
            return buffer[index]
        }
        func varint(_ entry: Int64) throws -> Int64 {
            var value: Int64 = 0
            for _ in 0..<9 {
                guard let b = try nextByte() else { throw ContainerError.inconsistentFormat(.packetTableEntry(entry)) }
                value = value << 7 | Int64(b & 0x7F)
                if b & 0x80 == 0 { return value }
            }
            throw ContainerError.inconsistentFormat(.packetTableEntry(entry))
        }
        var bytes: Int64 = 0
        var frames: Int64 = 0
        var entry: Int64 = 0
        while entry < packets {
            bytes = bytes.saturatingAdd(try varint(entry))
            if variableFrames { frames = frames.saturatingAdd(try varint(entry)) }
            entry += 1
        }
        return (bytes, frames)
    }

    static func parseDesc(_ d: inout ByteReader) throws(ContainerError) -> StreamFormat {
        let rate = try AudioLimits.checkedSampleRate(try d.f64())
        let id = try d.fourCC()
        let flags = try d.u32()
        let bpp = Int64(try d.u32())
        let fpp = Int64(try d.u32())
        let channels = try AudioLimits.checkedChannels(Int64(try d.u32()))
        let bits = Int64(try d.u32())
        let ch = Int64(channels)
        guard fpp <= AudioLimits.framesPerPacket else {
            throw .impossibleCount(.framesPerPacket, claimed: fpp, limit: AudioLimits.framesPerPacket)
        }

        let encoding: AudioEncoding
        switch id {
        case "lpcm":
            let isFloat = flags & 1 != 0
            let little = flags & 2 != 0
            guard bits <= 64 else { throw .unsupported(.pcmWidth(bits: bits, float: isFloat)) }
            let f = PCMFormat(isFloat ? .float : .signedInteger, bits: Int(bits), bigEndian: !little)
            guard f.isSupported else { throw .unsupported(.pcmWidth(bits: bits, float: isFloat)) }
            guard fpp == 1, bpp == Int64(f.bytesPerSample) * ch else {
                throw .inconsistentFormat(
                    .pcmLayout(bits: bits, bytesPerPacket: bpp, framesPerPacket: fpp, channels: ch))
            }
            encoding = .pcm(f)
        case "ulaw", "alaw":
            guard bpp == ch, fpp == 1 else { throw .inconsistentFormat(.g711Layout(bytesPerPacket: bpp, channels: ch)) }
            encoding = id == "ulaw" ? .ulaw : .alaw
        case "ima4":
            guard bpp == 34 * ch, fpp == 64 else {
                throw .inconsistentFormat(.ima4Layout(bytesPerPacket: bpp, framesPerPacket: fpp, channels: ch))
            }
            encoding = .ima4
        case FourCC(0x6D73_0011):  // 'ms\0\x11'
            guard fpp > 1, IMAWAV.framesPerBlock(blockAlign: Int(bpp), channels: channels) == Int(fpp) else {
                throw .inconsistentFormat(.imaADPCMBlock(blockAlign: bpp, channels: ch, framesPerPacket: fpp))
            }
            encoding = .imaADPCM
        default:
            encoding = .other(codecName(id))
        }
        return StreamFormat(
            sampleRate: rate, channels: channels, encoding: encoding,
            packets: .init(bytes: Int(bpp), frames: Int(fpp), bitsPerChannel: Int(bits)),
            formatCode: id.description)
    }

    /// A person's name for a Core Audio format ID.
    package static func codecName(_ id: FourCC) -> String {
        switch id {
        case "aac ": return "AAC"
        case "aach": return "HE-AAC"
        case "aacl": return "AAC-LD"
        case "aace": return "AAC-ELD"
        case "aacp": return "HE-AAC v2"
        case "alac": return "Apple Lossless (ALAC)"
        case ".mp3": return "MP3"
        case ".mp2": return "MPEG Layer 2"
        case "opus": return "Opus"
        case "flac": return "FLAC"
        case "samr": return "AMR"
        case "QDM2", "QDMC": return "QDesign"
        case "MAC3", "MAC6": return "MACE"
        default: return "'\(id)'"
        }
    }

    // MARK: Writing

    static func formatFlags(_ e: AudioEncoding) -> UInt32 {
        guard case .pcm(let f) = e else { return 0 }
        return (f.isFloat ? 1 : 0) | (f.bigEndian || f.bits == 8 ? 0 : 2)
    }

    static func formatID(_ e: AudioEncoding) -> FourCC {
        switch e {
        case .pcm: return "lpcm"
        case .ulaw: return "ulaw"
        case .alaw: return "alaw"
        case .ima4: return "ima4"
        case .imaADPCM: return FourCC(0x6D73_0011)
        case .vorbis, .other: return "????"
        }
    }

    /// `desc`, [`chan`], [`pakt`], [`free`], `data` header — as afconvert lays them out. Every field is checked to
    /// fit before any is written.
    static func header(_ layout: OutputLayout, totals: DataTotals) throws(ContainerError) -> [UInt8] {
        let f = layout.format
        let fields = HeaderFields(layout: layout)
        let bytesPerPacket = try fields.u32(Int64(f.bytesPerPacket), .bytesPerPacket)
        let framesPerPacket = try fields.u32(Int64(f.framesPerPacket), .framesPerPacket)
        let channels = try fields.u32(Int64(f.channels), .channels)
        let bits = try fields.u32(Int64(f.bitsPerChannel), .bitsPerSample)
        let dataSize = try fields.i64(totals.dataBytes, plus: 4, .dataSize)
        var w = ByteWriter(order: .big, capacity: Int(pageSize))
        w.fourCC("caff")
        w.u16(1)
        w.u16(0)

        w.fourCC("desc")
        w.i64(32)
        w.f64(f.sampleRate)
        w.fourCC(formatID(f.encoding))
        w.u32(formatFlags(f.encoding))
        w.u32(bytesPerPacket)
        w.u32(framesPerPacket)
        w.u32(channels)
        w.u32(bits)

        if let tag = layout.channelLayout {
            // The tag alone: no bitmap, no channel descriptions.
            w.fourCC("chan")
            w.i64(12)
            w.u32(tag.rawValue)
            w.u32(0)
            w.u32(0)
        } else if f.channels > 2 {
            // kAudioChannelLayoutTag_UseChannelBitmap with the WAVE-order bitmap.
            w.fourCC("chan")
            w.i64(12)
            w.u32(0x0001_0000)
            w.u32(layout.channelMask ?? OutputLayout.defaultChannelMask(f.channels))
            w.u32(0)
        }
        if f.framesPerPacket > 1 {
            try writePacketTable(totals, framesPerPacket: Int64(f.framesPerPacket), fields, into: &w)
        }

        let afterData = Int64(w.count) + 12 + 4
        if layout.filler && afterData + 12 <= pageSize {
            let free = pageSize - afterData - 12
            w.fourCC("free")
            w.i64(free)
            w.zeros(Int(free))
        }
        w.fourCC("data")
        w.i64(dataSize)
        w.u32(1)  // edit count, as Core Audio writes it
        return w.bytes
    }

    /// Apple's ima4 files: a packet table before the data with the true length and the padding as remainder.
    static func writePacketTable(
        _ totals: DataTotals, framesPerPacket: Int64, _ fields: HeaderFields,
        into w: inout ByteWriter
    ) throws(ContainerError) {
        let (framesInPackets, overflow) = totals.packets.multipliedReportingOverflow(by: framesPerPacket)
        let (played, overflow2) = totals.validFrames.addingReportingOverflow(totals.primingFrames)
        guard !overflow, !overflow2, totals.validFrames >= 0, totals.primingFrames >= 0,
            played <= framesInPackets
        else {
            throw .impossibleCount(.frames, claimed: totals.validFrames, limit: overflow ? .max : framesInPackets)
        }
        let priming = try fields.i32(totals.primingFrames, .primingFrames)
        let remainder = try fields.i32(framesInPackets - played, .remainderFrames)
        w.fourCC("pakt")
        w.i64(24)
        w.i64(0)
        w.i64(totals.validFrames)
        w.i32(priming)
        w.i32(remainder)
    }
}
