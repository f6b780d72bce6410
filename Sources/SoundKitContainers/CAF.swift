import SoundKitCodecs

/// Core Audio Format (Apple, *Core Audio Format Specification 1.0*). Big-endian; chunk sizes are signed 64-bit.
public enum CAF {
    static let pageSize: Int64 = 4096

    // MARK: Reading

    public static func parse(_ source: some ByteSource) throws -> AudioFileInfo {
        let fileSize = source.size
        var head = ByteReader(try source.read(at: 0, count: 8))
        guard try head.fourCC() == "caff" else { throw ContainerError.notAudio("not a CAF file") }
        let version = try head.u16(bigEndian: true)
        guard version == 1 else { throw ContainerError.unsupported("CAF version \(version) (only version 1 exists)") }

        var format: StreamFormat?
        var data: (offset: Int64, bytes: Int64)?
        var pakt: (packets: Int64, valid: Int64, priming: Int64, remainder: Int64)?
        var mask: UInt32?
        var warnings: [String] = []
        var offset: Int64 = 8
        var first = true

        while offset < fileSize {
            let h = try source.read(at: offset, count: 12)
            guard h.count == 12 else { warnings.append("\(fileSize - offset) stray bytes after the last chunk"); break }
            var r = ByteReader(h)
            let type = try r.fourCC()
            let size = try r.i64(bigEndian: true)
            let body = offset + 12
            if first && type != "desc" { throw ContainerError.invalid("CAF: the first chunk is '\(type)', not 'desc'") }
            first = false
            let available = fileSize - body
            if size == -1 {
                guard type == "data" else { throw ContainerError.invalid("CAF: chunk '\(type)' has size -1; only a final 'data' chunk may") }
            } else if size < 0 {
                throw ContainerError.invalid("CAF: chunk '\(type)' has a negative size (\(size))")
            }

            switch type {
            case "desc":
                guard size >= 32 else { throw ContainerError.invalid("CAF: 'desc' chunk is \(size) bytes, not 32") }
                var d = ByteReader(try source.read(at: body, count: 32))
                format = try parseDesc(&d)
            case "data":
                guard format != nil else { throw ContainerError.invalid("CAF: 'data' before 'desc'") }
                let audioStart = body + 4
                guard available >= 4 else { throw ContainerError.truncated("the 'data' chunk's edit count") }
                var bytes = size == -1 ? available - 4 : size - 4
                if bytes < 0 { throw ContainerError.invalid("CAF: 'data' chunk of \(size) bytes has no room for its edit count") }
                if bytes > available - 4 {
                    warnings.append("data chunk claims \(bytes) bytes but the file holds \(available - 4); file is truncated")
                    bytes = available - 4
                }
                if data != nil { throw ContainerError.invalid("CAF: two 'data' chunks") }
                data = (audioStart, bytes)
            case "pakt":
                guard size >= 24 else { throw ContainerError.invalid("CAF: 'pakt' chunk is \(size) bytes, less than 24") }
                var p = ByteReader(try source.read(at: body, count: 24))
                let packets = try p.i64(bigEndian: true), valid = try p.i64(bigEndian: true)
                let priming = Int64(try p.i32(bigEndian: true)), remainder = Int64(try p.i32(bigEndian: true))
                guard packets >= 0, valid >= 0, priming >= 0, remainder >= 0 else {
                    throw ContainerError.invalid("CAF: 'pakt' holds negative counts")
                }
                pakt = (packets, valid, priming, remainder)
            case "chan":
                if size >= 12 {
                    var c = ByteReader(try source.read(at: body, count: 12))
                    let tag = try c.u32(bigEndian: true), bitmap = try c.u32(bigEndian: true)
                    if tag == 0x10000 { mask = bitmap }
                }
            default:
                break
            }
            if size == -1 { break }
            let (next, overflow) = body.addingReportingOverflow(size)
            if overflow || next > fileSize {
                if type != "data" { warnings.append("chunk '\(type)' runs past the end of the file") }
                break
            }
            offset = next
        }

        guard let f = format else { throw ContainerError.invalid("CAF: no 'desc' chunk") }
        guard let d = data else { throw ContainerError.invalid("CAF: no 'data' chunk") }

        var info = AudioFileInfo(container: .caf, format: f, dataOffset: d.offset, dataBytes: d.bytes, packets: 0, validFrames: 0)
        info.channelMask = mask
        info.warnings = warnings
        if f.bytesPerPacket > 0 {
            info.packets = d.bytes / Int64(f.bytesPerPacket)
            if d.bytes % Int64(f.bytesPerPacket) != 0 {
                info.warnings.append("audio data ends with \(d.bytes % Int64(f.bytesPerPacket)) bytes of a partial packet")
            }
        } else if let p = pakt {
            info.packets = p.packets
        }
        let total = f.framesPerPacket > 0 ? info.packets * Int64(f.framesPerPacket) : 0
        if let p = pakt, f.framesPerPacket > 0 || f.bytesPerPacket == 0 {
            info.primingFrames = p.priming
            info.remainderFrames = p.remainder
            info.validFrames = p.valid
            if f.framesPerPacket > 0 && p.valid + p.priming + p.remainder != total {
                info.warnings.append("packet table says \(p.valid) valid + \(p.priming) priming + \(p.remainder) remainder frames, but the data holds \(total)")
                if p.valid + p.priming > total {
                    info.validFrames = Swift.max(0, total - p.priming)
                    info.remainderFrames = 0
                } else {
                    info.remainderFrames = total - p.valid - p.priming
                }
            }
        } else {
            info.validFrames = total
        }
        if case .imaADPCM = f.encoding { info.blockAlign = f.bytesPerPacket }
        return info
    }

    static func parseDesc(_ d: inout ByteReader) throws(ContainerError) -> StreamFormat {
        let rate = try d.f64BE()
        let id = try d.fourCC()
        let flags = try d.u32(bigEndian: true)
        let bytesPerPacket = Int(try d.u32(bigEndian: true))
        let framesPerPacket = Int(try d.u32(bigEndian: true))
        let channels = Int(try d.u32(bigEndian: true))
        let bits = Int(try d.u32(bigEndian: true))
        guard rate.isFinite, rate > 0, rate <= 10_000_000 else { throw .invalid("CAF: sample rate \(rate) is not valid") }
        guard channels >= 1, channels <= 1024 else { throw .invalid("CAF: \(channels) channels is not valid") }

        let encoding: AudioEncoding
        switch id {
        case "lpcm":
            let isFloat = flags & 1 != 0, little = flags & 2 != 0
            let f = PCMFormat(isFloat ? .float : .signedInteger, bits: bits, bigEndian: !little)
            guard f.isSupported, framesPerPacket == 1, bytesPerPacket == f.bytesPerSample * channels else {
                throw .unsupported("CAF: linear PCM with \(bits) bits in \(bytesPerPacket) bytes per frame (flags \(flags)) is not supported")
            }
            encoding = .pcm(f)
        case "ulaw", "alaw":
            guard bytesPerPacket == channels, framesPerPacket == 1 else {
                throw .invalid("CAF: \(id) with \(bytesPerPacket) bytes per packet for \(channels) channels")
            }
            encoding = id == "ulaw" ? .ulaw : .alaw
        case "ima4":
            guard bytesPerPacket == 34 * channels, framesPerPacket == 64 else {
                throw .invalid("CAF: ima4 must have 64 frames and 34 bytes per channel per packet, found \(framesPerPacket) and \(bytesPerPacket)")
            }
            encoding = .ima4
        case FourCC(0x6D73_0011):  // 'ms\0\x11'
            guard IMAWAV.framesPerBlock(blockAlign: bytesPerPacket, channels: channels) == framesPerPacket, framesPerPacket > 1 else {
                throw .invalid("CAF: IMA ADPCM with \(bytesPerPacket) bytes and \(framesPerPacket) frames per packet")
            }
            encoding = .imaADPCM
        default:
            encoding = .other(codecName(id))
        }
        return StreamFormat(sampleRate: rate, channels: channels, encoding: encoding, bytesPerPacket: bytesPerPacket,
                            framesPerPacket: framesPerPacket, bitsPerChannel: bits, formatCode: id.description)
    }

    /// A person's name for a Core Audio format ID.
    public static func codecName(_ id: FourCC) -> String {
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
        case .other: return "????"
        }
    }

    /// `desc`, [`chan`], [`pakt`], [`free`], `data` header — as afconvert lays them out.
    static func header(_ layout: OutputLayout, totals: DataTotals) throws(ContainerError) -> [UInt8] {
        let f = layout.format
        var w = ByteWriter(capacity: Int(pageSize))
        w.fourCC("caff"); w.u16(1, bigEndian: true); w.u16(0, bigEndian: true)

        w.fourCC("desc"); w.i64(32, bigEndian: true)
        w.f64BE(f.sampleRate)
        w.fourCC(formatID(f.encoding))
        w.u32(formatFlags(f.encoding), bigEndian: true)
        w.u32(UInt32(f.bytesPerPacket), bigEndian: true)
        w.u32(UInt32(f.framesPerPacket), bigEndian: true)
        w.u32(UInt32(f.channels), bigEndian: true)
        w.u32(UInt32(f.bitsPerChannel), bigEndian: true)

        if f.channels > 2 {
            // kAudioChannelLayoutTag_UseChannelBitmap with the WAVE-order bitmap.
            w.fourCC("chan"); w.i64(12, bigEndian: true)
            w.u32(0x0001_0000, bigEndian: true)
            w.u32(layout.channelMask ?? OutputLayout.defaultChannelMask(f.channels), bigEndian: true)
            w.u32(0, bigEndian: true)
        }

        if f.framesPerPacket > 1 {
            // Apple's ima4 files: a packet table before the data with the true length and the padding as remainder.
            let framesInPackets = totals.packets * Int64(f.framesPerPacket)
            guard let remainder = Int32(exactly: framesInPackets - totals.validFrames), remainder >= 0 else {
                throw .invalid("CAF: \(totals.validFrames) valid frames do not fit \(totals.packets) packets")
            }
            w.fourCC("pakt"); w.i64(24, bigEndian: true)
            w.i64(0, bigEndian: true)
            w.i64(totals.validFrames, bigEndian: true)
            w.i32(0, bigEndian: true)
            w.i32(remainder, bigEndian: true)
        }

        let afterData = Int64(w.count) + 12 + 4
        if layout.filler && afterData + 12 <= pageSize {
            let free = pageSize - afterData - 12
            w.fourCC("free"); w.i64(free, bigEndian: true)
            w.zeros(Int(free))
        }
        w.fourCC("data"); w.i64(totals.dataBytes + 4, bigEndian: true)
        w.u32(1, bigEndian: true)  // edit count, as Core Audio writes it
        return w.bytes
    }
}
