import SoundKitCodecs

/// RIFF WAVE (Microsoft), with its big-endian (RIFX) and 64-bit (RF64/BW64, EBU Tech 3306) variants.
public enum WAV {
    static let tagPCM: UInt16 = 0x0001
    static let tagFloat: UInt16 = 0x0003
    static let tagALaw: UInt16 = 0x0006
    static let tagULaw: UInt16 = 0x0007
    static let tagIMA: UInt16 = 0x0011
    static let tagExtensible: UInt16 = 0xFFFE
    /// The tail of every WAVE_FORMAT_EXTENSIBLE SubFormat GUID: `{tag}-0000-0010-8000-00AA00389B71`.
    static let guidTail: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]

    // MARK: Reading

    public static func parse(_ source: some ByteSource) throws -> AudioFileInfo {
        let fileSize = source.size
        var head = ByteReader(try source.read(at: 0, count: 12))
        let magic = try head.fourCC()
        let big = magic == "RIFX"
        let kind: ContainerKind = big ? .rifx : (magic == "RF64" || magic == "BW64") ? .rf64 : .wav
        guard magic == "RIFF" || big || kind == .rf64 else { throw ContainerError.notAudio("not a WAVE file") }
        let riffSize = Int64(try head.u32(bigEndian: big))
        guard try head.fourCC() == "WAVE" else { throw ContainerError.notAudio("RIFF file that is not WAVE") }

        var warnings: [String] = []
        // Where the RIFF size says the chunks end. A size too small to hold them is common (streaming writers,
        // broken taggers): readers walk on to the end of the file until they have 'fmt ' and 'data'.
        var declaredEnd = fileSize
        if kind != .rf64 && riffSize != 0xFFFF_FFFF {
            if 8 + riffSize > fileSize { warnings.append("RIFF claims \(8 + riffSize) bytes but the file holds \(fileSize); file is truncated") }
            else { declaredEnd = 8 + riffSize }
        }
        let end = fileSize

        var fmt: (tag: UInt16, channels: Int, rate: Int, blockAlign: Int, bits: Int, validBits: Int, mask: UInt32?, samplesPerBlock: Int)?
        var factFrames: Int64?
        var ds64: (data: Int64, frames: Int64)?
        var data: (offset: Int64, bytes: Int64)?
        var offset: Int64 = 12
        var readOn = false
        while offset + 8 <= end {
            if offset >= declaredEnd {
                if fmt != nil && data != nil { break }
                if !readOn { warnings.append("RIFF size \(riffSize) ends before the chunks do; reading on"); readOn = true }
            }
            var r = ByteReader(try source.read(at: offset, count: 8))
            let id = try r.fourCC()
            let declared = Int64(try r.u32(bigEndian: big))
            let body = offset + 8
            var size = declared
            switch id {
            case "ds64":
                var d = ByteReader(try source.read(at: body, count: 28))
                _ = try d.u64(bigEndian: false)
                let dataSize = Int64(bitPattern: try d.u64(bigEndian: false))
                let frames = Int64(bitPattern: try d.u64(bigEndian: false))
                ds64 = (dataSize, frames)
            case "fmt ":
                guard size >= 16 else { throw ContainerError.invalid("WAVE: 'fmt ' chunk is \(size) bytes, less than 16") }
                var f = ByteReader(try source.read(at: body, count: Int(Swift.min(size, 64))))
                var tag = try f.u16(bigEndian: big)
                let channels = Int(try f.u16(bigEndian: big))
                let rate = Int(try f.u32(bigEndian: big))
                _ = try f.u32(bigEndian: big)
                let blockAlign = Int(try f.u16(bigEndian: big))
                let bits = Int(try f.u16(bigEndian: big))
                var validBits = bits, mask: UInt32?, samplesPerBlock = 0
                if size >= 18 {
                    let cbSize = Int(try f.u16(bigEndian: big))
                    if tag == tagExtensible && cbSize >= 22 && f.remaining >= 22 {
                        let v = Int(try f.u16(bigEndian: big))
                        if v > 0 { validBits = v }
                        mask = try f.u32(bigEndian: big)
                        tag = try f.u16(bigEndian: big)
                        let tail = Array(try f.bytes(14))
                        if tail != guidTail { tag = 0xFFFF }  // a SubFormat outside the Microsoft family
                    } else if tag == tagIMA && cbSize >= 2 && f.remaining >= 2 {
                        samplesPerBlock = Int(try f.u16(bigEndian: big))
                    }
                }
                fmt = (tag, channels, rate, blockAlign, bits, validBits, mask, samplesPerBlock)
            case "fact":
                if size >= 4 {
                    var f = ByteReader(try source.read(at: body, count: 4))
                    factFrames = Int64(try f.u32(bigEndian: big))
                }
            case "data":
                let available = fileSize - body
                if kind == .rf64, declared == 0xFFFF_FFFF, let d = ds64 { size = d.data }
                if declared == 0xFFFF_FFFF && kind != .rf64 { size = available }
                if size == 0 && available > 0 && body + available >= end {
                    warnings.append("data chunk declares 0 bytes but \(available) bytes follow; reading them")
                    size = available
                }
                if size > available {
                    warnings.append("data chunk claims \(size) bytes but the file holds \(available); file is truncated")
                    size = available
                }
                if data == nil { data = (body, size) }
            default:
                break
            }
            let (next, overflow) = body.addingReportingOverflow(size + (size & 1))
            if overflow { break }
            offset = next
        }

        guard let f = fmt else { throw ContainerError.invalid("WAVE: no 'fmt ' chunk") }
        guard let d = data else { throw ContainerError.invalid("WAVE: no 'data' chunk") }
        guard f.tag != 0 else { throw ContainerError.invalid("WAVE: format tag 0 (unknown) with \(f.channels) channels at \(f.rate) Hz") }
        guard f.channels >= 1 else { throw ContainerError.invalid("WAVE: \(f.channels) channels is not valid") }
        guard f.rate > 0 else { throw ContainerError.invalid("WAVE: sample rate \(f.rate) is not valid") }
        guard f.blockAlign > 0 else { throw ContainerError.invalid("WAVE: block align 0 is not valid") }

        let encoding: AudioEncoding
        var framesPerPacket = 1
        var bitsPerChannel = f.bits
        switch f.tag {
        case tagPCM:
            let bytes = f.blockAlign / f.channels
            guard f.blockAlign % f.channels == 0, (1...4).contains(bytes), f.bits <= bytes * 8 else {
                throw ContainerError.invalid("WAVE: PCM with \(f.bits) bits and block align \(f.blockAlign) for \(f.channels) channels is inconsistent")
            }
            encoding = .pcm(bytes == 1 ? .uint8 : .int(bytes * 8, bigEndian: big))
            bitsPerChannel = f.validBits
        case tagFloat:
            guard f.bits == 32 || f.bits == 64, f.blockAlign == f.bits / 8 * f.channels else {
                throw ContainerError.invalid("WAVE: float with \(f.bits) bits and block align \(f.blockAlign) is inconsistent")
            }
            encoding = .pcm(.float(f.bits, bigEndian: big))
        case tagULaw, tagALaw:
            guard f.blockAlign == f.channels else { throw ContainerError.invalid("WAVE: G.711 with block align \(f.blockAlign) for \(f.channels) channels") }
            encoding = f.tag == tagULaw ? .ulaw : .alaw
        case tagIMA:
            let perBlock = IMAWAV.framesPerBlock(blockAlign: f.blockAlign, channels: f.channels)
            guard f.bits == 4, perBlock > 1, !big else {
                throw ContainerError.invalid("WAVE: IMA ADPCM with \(f.bits) bits and block align \(f.blockAlign) for \(f.channels) channels")
            }
            if f.samplesPerBlock != 0 && f.samplesPerBlock != perBlock {
                warnings.append("fmt says \(f.samplesPerBlock) samples per block; the block holds \(perBlock)")
            }
            encoding = .imaADPCM
            framesPerPacket = perBlock
        default:
            encoding = .other(tagName(f.tag))
            framesPerPacket = 0
        }

        let format = StreamFormat(sampleRate: Double(f.rate), channels: f.channels, encoding: encoding,
                                  bytesPerPacket: f.blockAlign, framesPerPacket: framesPerPacket, bitsPerChannel: bitsPerChannel,
                                  formatCode: "0x" + String(f.tag, radix: 16, uppercase: true).leftPadded(to: 4))
        let packets = d.bytes / Int64(f.blockAlign)
        var info = AudioFileInfo(container: kind, format: format, dataOffset: d.offset, dataBytes: d.bytes, packets: packets,
                                 validFrames: packets * Int64(framesPerPacket))
        info.channelMask = f.mask
        info.blockAlign = f.blockAlign
        if d.bytes % Int64(f.blockAlign) != 0 {
            if case .imaADPCM = encoding { info.packets += 1; info.warnings.append("the last IMA block is incomplete") }
            else { warnings.append("audio data ends with a partial frame") }
        }
        switch encoding {
        case .imaADPCM:
            // fact holds the true length; the blocks round it up.
            let inBlocks = info.packets * Int64(framesPerPacket)
            info.validFrames = Swift.min(factFrames ?? inBlocks, inBlocks)
            info.remainderFrames = inBlocks - info.validFrames
        case .other:
            info.validFrames = factFrames ?? 0
        default:
            break
        }
        if kind == .rf64, let ds = ds64, ds.frames > 0, case .other = encoding { info.validFrames = ds.frames }
        info.warnings += warnings
        return info
    }

    public static func tagName(_ tag: UInt16) -> String {
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
        guard let channels = UInt16(exactly: f.channels) else { throw .tooLarge("channel count") }
        guard let rate = UInt32(exactly: f.sampleRate.rounded()) else { throw .invalid("WAVE: sample rate \(f.sampleRate) does not fit") }

        var fmt = ByteWriter()
        var needsFact = true
        let blockAlign = UInt16(truncatingIfNeeded: f.bytesPerPacket)
        let avgBytes: UInt32
        switch f.encoding {
        case .imaADPCM:
            avgBytes = UInt32((Double(rate) * Double(f.bytesPerPacket) / Double(f.framesPerPacket)).rounded(.down))
        default:
            avgBytes = rate &* UInt32(f.bytesPerPacket)
        }
        func common(_ tag: UInt16, bits: UInt16) {
            fmt.u16(tag, bigEndian: false); fmt.u16(channels, bigEndian: false); fmt.u32(rate, bigEndian: false)
            fmt.u32(avgBytes, bigEndian: false); fmt.u16(blockAlign, bigEndian: false); fmt.u16(bits, bigEndian: false)
        }
        switch f.encoding {
        case .pcm(let p):
            let tag = p.isFloat ? tagFloat : tagPCM
            if f.channels > 2 || p.bits > 16 {
                common(tagExtensible, bits: UInt16(p.bits))
                fmt.u16(22, bigEndian: false)
                fmt.u16(UInt16(p.bits), bigEndian: false)
                fmt.u32(layout.channelMask ?? OutputLayout.defaultChannelMask(f.channels), bigEndian: false)
                fmt.u16(tag, bigEndian: false); fmt.append(guidTail)
                needsFact = p.isFloat
            } else {
                common(tag, bits: UInt16(p.bits))
                if p.isFloat { fmt.u16(0, bigEndian: false) }
                needsFact = p.isFloat
            }
        case .ulaw, .alaw:
            common(f.encoding == .ulaw ? tagULaw : tagALaw, bits: 8)
            fmt.u16(0, bigEndian: false)
        case .imaADPCM:
            common(tagIMA, bits: 4)
            fmt.u16(2, bigEndian: false)
            fmt.u16(UInt16(f.framesPerPacket), bigEndian: false)
        case .ima4, .other:
            throw .unsupported("WAVE cannot hold \(f.encoding)")
        }

        var w = ByteWriter(capacity: 4096)
        w.fourCC("RIFF"); w.u32(0, bigEndian: false); w.fourCC("WAVE")
        w.fourCC("fmt "); w.u32(UInt32(fmt.count), bigEndian: false); w.append(fmt.bytes)
        if needsFact {
            w.fourCC("fact"); w.u32(4, bigEndian: false)
            try w.size32(totals.validFrames, bigEndian: false, what: "frame count")
        }
        let afterData = Int64(w.count) + 8
        if layout.filler && afterData + 8 <= CAF.pageSize {
            let filler = CAF.pageSize - afterData - 8
            w.fourCC("FLLR"); w.u32(UInt32(filler), bigEndian: false); w.zeros(Int(filler))
        }
        w.fourCC("data"); try w.size32(totals.dataBytes, bigEndian: false, what: "audio data")
        var bytes = w.bytes
        let riff = Int64(bytes.count - 8) + totals.dataBytes + (totals.dataBytes & 1)
        guard let riffSize = UInt32(exactly: riff) else { throw .tooLarge("audio data (over 4 GiB)") }
        for i in 0..<4 { bytes[4 + i] = UInt8(truncatingIfNeeded: riffSize >> (8 * i)) }
        return bytes
    }
}
