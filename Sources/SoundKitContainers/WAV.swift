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

    package static func parse(_ source: any ByteSource) throws -> AudioFileInfo {
        let fileSize = source.size
        var head = ByteReader(try source.read(at: 0, count: 12), order: .little)
        guard head.remaining == 12 else { throw ContainerError.truncated(.header(.wav), offset: 0) }
        let magic = try head.fourCC()
        let kind: ContainerKind
        let family: ChunkWalker.Family
        switch magic {
        case "RIFF": kind = .wav; family = .riff(.little)
        case "RIFX": kind = .rifx; family = .riff(.big); head.order = .big
        case "RF64", "BW64": kind = .rf64; family = .rf64
        default: throw ContainerError.notAudio(.unknown)
        }
        let riffSize = try head.u32()
        guard try head.fourCC() == "WAVE" else { throw ContainerError.notAudio(.unknown) }
        let order = head.order
        // RF64 states its sizes in ds64; a RIFF size of 0xFFFFFFFF is a streaming writer's "unknown".
        let outer: Int64? = kind == .rf64 || riffSize == 0xFFFF_FFFF ? nil : Int64(riffSize)
        var walker = ChunkWalker(source, family: family, kind: kind, start: 12, outerSize: outer)

        var fmt: (tag: UInt16, channels: Int, rate: Double, blockAlign: Int64, bits: Int64, validBits: Int64, mask: UInt32?, samplesPerBlock: Int64)?
        var factFrames: Int64?
        var data: (offset: Int64, bytes: Int64)?
        var warnings: [HeaderWarning] = []
        var readOn = false
        while let chunk = try walker.next() {
            if chunk.beyondDeclaredEnd {
                if fmt != nil && data != nil { break }
                if !readOn { warnings.append(.outerSizeTooSmall(kind, Int64(riffSize))); readOn = true }
            }
            switch chunk.id {
            case "fmt ":
                guard fmt == nil else { throw ContainerError.duplicateChunk(kind, "fmt ") }
                guard chunk.declaredSize >= 16 else { throw ContainerError.badChunkSize(kind, "fmt ", chunk.declaredSize) }
                guard chunk.size >= 16 else { throw ContainerError.truncated(.chunk(kind, "fmt "), offset: chunk.bodyOffset) }
                var f = ByteReader(try source.read(at: chunk.bodyOffset, count: Int(Swift.min(chunk.size, 40))), order: order)
                var tag = try f.u16()
                let channels = try AudioLimits.checkedChannels(Int64(try f.u16()))
                let rate = try AudioLimits.checkedSampleRate(Double(try f.u32()))
                _ = try f.u32()
                let blockAlign = Int64(try f.u16())
                let bits = Int64(try f.u16())
                var validBits = bits, mask: UInt32?, samplesPerBlock: Int64 = 0
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
                fmt = (tag, channels, rate, blockAlign, bits, validBits, mask, samplesPerBlock)
            case "fact":
                if chunk.size >= 4, factFrames == nil {
                    var f = ByteReader(try source.read(at: chunk.bodyOffset, count: 4), order: order)
                    factFrames = Int64(try f.u32())
                }
            case "data":
                guard data == nil else { break }  // a second data chunk is ignored, as every reader does
                var bytes = chunk.size
                let available = fileSize - chunk.bodyOffset
                if chunk.declaredSize == 0 && available > 0 {
                    warnings.append(.zeroSizeData(following: available))
                    bytes = available
                } else if chunk.isTruncated && !(kind != .rf64 && chunk.declaredSize == 0xFFFF_FFFF) {
                    warnings.append(.dataTruncated(claimed: chunk.declaredSize, present: chunk.size))
                }
                data = (chunk.bodyOffset, bytes)
            default:
                break
            }
        }

        guard let f = fmt else { throw ContainerError.missingChunk(kind, "fmt ") }
        guard let d = data else { throw ContainerError.missingChunk(kind, "data") }
        guard f.tag != 0 else { throw ContainerError.inconsistentFormat(.formatTagZero) }
        guard f.blockAlign > 0 else { throw ContainerError.inconsistentFormat(.zeroPacketSize) }
        let ch = Int64(f.channels)

        let encoding: AudioEncoding
        var framesPerPacket: Int64 = 1
        var bitsPerChannel = f.bits
        switch f.tag {
        case tagPCM:
            let bytes = f.blockAlign / ch
            guard f.blockAlign % ch == 0, (1...4).contains(bytes), f.bits <= bytes * 8 else {
                throw ContainerError.inconsistentFormat(.pcmLayout(bits: f.bits, bytesPerPacket: f.blockAlign, framesPerPacket: 1, channels: ch))
            }
            encoding = .pcm(bytes == 1 ? .uint8 : .int(Int(bytes) * 8, bigEndian: order == .big))
            bitsPerChannel = f.validBits
        case tagFloat:
            guard f.bits == 32 || f.bits == 64, f.blockAlign == f.bits / 8 * ch else {
                throw ContainerError.inconsistentFormat(.pcmLayout(bits: f.bits, bytesPerPacket: f.blockAlign, framesPerPacket: 1, channels: ch))
            }
            encoding = .pcm(.float(Int(f.bits), bigEndian: order == .big))
        case tagULaw, tagALaw:
            guard f.blockAlign == ch else { throw ContainerError.inconsistentFormat(.g711Layout(bytesPerPacket: f.blockAlign, channels: ch)) }
            encoding = f.tag == tagULaw ? .ulaw : .alaw
        case tagIMA:
            guard order == .little else { throw ContainerError.inconsistentFormat(.bigEndianIMA) }
            let perBlock = Int64(IMAWAV.framesPerBlock(blockAlign: Int(f.blockAlign), channels: f.channels))
            guard f.bits == 4, perBlock > 1 else {
                throw ContainerError.inconsistentFormat(.imaADPCMBlock(blockAlign: f.blockAlign, channels: ch, framesPerPacket: perBlock))
            }
            if f.samplesPerBlock != 0 && f.samplesPerBlock != perBlock {
                warnings.append(.samplesPerBlock(stated: f.samplesPerBlock, actual: perBlock))
            }
            encoding = .imaADPCM
            framesPerPacket = perBlock
        default:
            encoding = .other(tagName(f.tag))
            framesPerPacket = 0
        }

        let format = StreamFormat(sampleRate: f.rate, channels: f.channels, encoding: encoding,
                                  bytesPerPacket: Int(f.blockAlign), framesPerPacket: Int(framesPerPacket), bitsPerChannel: Int(bitsPerChannel),
                                  formatCode: "0x" + String(f.tag, radix: 16, uppercase: true).leftPadded(to: 4))
        var info = AudioFileInfo(container: kind, format: format, dataOffset: d.offset, dataBytes: d.bytes,
                                 packets: d.bytes / f.blockAlign, validFrames: 0)
        info.validFrames = info.packets * framesPerPacket
        info.channelMask = f.mask
        info.blockAlign = Int(f.blockAlign)
        // Other codecs' block alignment is often nominal (MP3 in WAV states 1152), so only the formats soundkit
        // decodes can end inside a block.
        if d.bytes % f.blockAlign != 0, framesPerPacket > 0 {
            if case .imaADPCM = encoding { info.packets += 1 }
            warnings.append(.partialPacket(bytes: d.bytes % f.blockAlign))
        }
        switch encoding {
        case .imaADPCM:
            // fact holds the true length; the blocks round it up.
            let inBlocks = info.packets * framesPerPacket
            info.validFrames = Swift.min(factFrames ?? inBlocks, inBlocks)
            info.remainderFrames = inBlocks - info.validFrames
        case .other:
            var frames = factFrames ?? 0
            if kind == .rf64, let ds = walker.rf64Frames, ds > 0 { frames = ds }
            // Each block takes at least a byte and holds at most AudioLimits.framesPerPacket frames.
            guard frames <= info.frameLimit else { throw ContainerError.impossibleCount(.frames, claimed: frames, limit: info.frameLimit) }
            info.validFrames = frames
        default:
            break
        }
        info.warnings = walker.warnings + warnings
        return try info.validated(fileSize: fileSize)
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

    /// `RIFF`, `fmt `, [`fact`], [`FLLR`], `data` header.
    static func header(_ layout: OutputLayout, totals: DataTotals) throws(ContainerError) -> [UInt8] {
        let f = layout.format
        guard let channels = UInt16(exactly: f.channels) else { throw .tooLarge(.channelCount, Int64(f.channels)) }
        guard f.sampleRate.isFinite, let rate = UInt32(exactly: f.sampleRate.rounded()) else { throw .sampleRate(f.sampleRate) }

        var fmt = ByteWriter(order: .little)
        var needsFact = true
        let blockAlign = UInt16(truncatingIfNeeded: f.bytesPerPacket)
        let avgBytes: UInt32
        switch f.encoding {
        case .imaADPCM:
            avgBytes = UInt32(clamping: UInt64(rate) * UInt64(clamping: f.bytesPerPacket) / UInt64(clamping: Swift.max(1, f.framesPerPacket)))
        default:
            avgBytes = UInt32(clamping: UInt64(rate) * UInt64(clamping: f.bytesPerPacket))
        }
        func common(_ tag: UInt16, bits: UInt16) {
            fmt.u16(tag); fmt.u16(channels); fmt.u32(rate)
            fmt.u32(avgBytes); fmt.u16(blockAlign); fmt.u16(bits)
        }
        switch f.encoding {
        case .pcm(let p):
            let tag = p.isFloat ? tagFloat : tagPCM
            let layoutMask = layout.channelLayout?.waveChannelMask
            if f.channels > 2 || p.bits > 16 || layoutMask != nil {
                common(tagExtensible, bits: UInt16(p.bits))
                fmt.u16(22)
                fmt.u16(UInt16(truncatingIfNeeded: p.bits))
                fmt.u32(layoutMask ?? layout.channelMask ?? OutputLayout.defaultChannelMask(f.channels))
                fmt.u16(tag); fmt.append(guidTail)
                needsFact = p.isFloat
            } else {
                common(tag, bits: UInt16(p.bits))
                if p.isFloat { fmt.u16(0) }
                needsFact = p.isFloat
            }
        case .ulaw, .alaw:
            common(f.encoding == .ulaw ? tagULaw : tagALaw, bits: 8)
            fmt.u16(0)
        case .imaADPCM:
            common(tagIMA, bits: 4)
            fmt.u16(2)
            fmt.u16(UInt16(truncatingIfNeeded: f.framesPerPacket))
        case .ima4, .other:
            throw .unsupported(.encoding(f.encoding, .wav))
        }

        var w = ByteWriter(order: .little, capacity: 4096)
        w.fourCC("RIFF"); w.u32(0); w.fourCC("WAVE")
        w.fourCC("fmt "); w.u32(UInt32(truncatingIfNeeded: fmt.count)); w.append(fmt.bytes)
        if needsFact {
            w.fourCC("fact"); w.u32(4)
            try w.size32(totals.validFrames, what: .frames)
        }
        let afterData = Int64(w.count) + 8
        if layout.filler && afterData + 8 <= CAF.pageSize {
            let filler = CAF.pageSize - afterData - 8
            w.fourCC("FLLR"); w.u32(UInt32(truncatingIfNeeded: filler)); w.zeros(Int(filler))
        }
        w.fourCC("data"); try w.size32(totals.dataBytes, what: .audioBytes)
        let riff = Int64(w.count - 8) + totals.dataBytes + (totals.dataBytes & 1)
        guard let riffSize = UInt32(exactly: riff) else { throw .tooLarge(.audioBytes, riff) }
        w.patch32(riffSize, at: 4)
        return w.bytes
    }
}
