import SoundKitCodecs

/// AIFF and AIFF-C (Apple, *Audio Interchange File Format* 1.3 and the AIFF-C draft). Big-endian; chunk sizes
/// are signed 32-bit and odd-sized chunks are followed by a pad byte.
public enum AIFF {
    /// AIFF-C format version 1 (`FVER`).
    static let aifcVersion1: UInt32 = 0xA280_5140

    // MARK: Reading

    public static func parse(_ source: some ByteSource) throws -> AudioFileInfo {
        let fileSize = source.size
        var head = ByteReader(try source.read(at: 0, count: 12))
        guard try head.fourCC() == "FORM" else { throw ContainerError.notAudio("not an AIFF file") }
        let formSize = Int64(try head.u32(bigEndian: true))
        let formType = try head.fourCC()
        guard formType == "AIFF" || formType == "AIFC" else {
            throw ContainerError.notAudio("FORM file of type '\(formType)', not AIFF or AIFF-C")
        }
        let isAIFC = formType == "AIFC"
        var warnings: [String] = []
        let declaredEnd = Swift.min(fileSize, 8 + formSize)
        let end = fileSize
        if 8 + formSize > fileSize { warnings.append("FORM claims \(8 + formSize) bytes but the file holds \(fileSize); file is truncated") }

        var comm: (channels: Int, frames: Int64, bits: Int, rate: Double, compression: FourCC)?
        var ssnd: (offset: Int64, bytes: Int64)?
        var offset: Int64 = 12
        var readOn = false
        while offset + 8 <= end {
            if offset >= declaredEnd {
                if comm != nil && ssnd != nil { break }
                if !readOn { warnings.append("FORM size \(formSize) ends before the chunks do; reading on"); readOn = true }
            }
            var r = ByteReader(try source.read(at: offset, count: 8))
            let id = try r.fourCC()
            let size = Int64(try r.i32(bigEndian: true))
            guard size >= 0 else { throw ContainerError.invalid("AIFF: chunk '\(id)' has a negative size") }
            let body = offset + 8
            switch id {
            case "COMM":
                guard size >= 18 else { throw ContainerError.invalid("AIFF: 'COMM' chunk is \(size) bytes, less than 18") }
                var c = ByteReader(try source.read(at: body, count: Int(Swift.min(size, 64))))
                let channels = Int(try c.i16(bigEndian: true))
                let frames = Int64(try c.u32(bigEndian: true))
                let bits = Int(try c.i16(bigEndian: true))
                let rate = try c.extended80()
                var compression: FourCC = "NONE"
                if isAIFC {
                    guard size >= 22 else { throw ContainerError.invalid("AIFF-C: 'COMM' chunk has no compression type") }
                    compression = try c.fourCC()
                }
                comm = (channels, frames, bits, rate, compression)
            case "SSND":
                guard size >= 8 else { throw ContainerError.invalid("AIFF: 'SSND' chunk is \(size) bytes, less than 8") }
                var s = ByteReader(try source.read(at: body, count: 8))
                let dataOffset = Int64(try s.u32(bigEndian: true))
                let start = body + 8 + dataOffset
                var bytes = size - 8 - dataOffset
                guard bytes >= 0 else { throw ContainerError.invalid("AIFF: 'SSND' offset \(dataOffset) is past its chunk") }
                if start + bytes > fileSize {
                    warnings.append("sound data claims \(bytes) bytes but the file holds \(Swift.max(0, fileSize - start)); file is truncated")
                    bytes = Swift.max(0, fileSize - start)
                }
                ssnd = (start, bytes)
            default:
                break
            }
            offset = body + size + (size & 1)
        }

        guard let c = comm else { throw ContainerError.invalid("AIFF: no 'COMM' chunk") }
        guard c.channels >= 1 else { throw ContainerError.invalid("AIFF: \(c.channels) channels is not valid") }
        guard c.rate.isFinite, c.rate > 0, c.rate <= 10_000_000 else {
            throw ContainerError.invalid("AIFF: sample rate \(c.rate) is not valid")
        }
        let data = ssnd ?? (0, 0)
        if ssnd == nil && c.frames > 0 { throw ContainerError.invalid("AIFF: \(c.frames) sample frames but no 'SSND' chunk") }

        let encoding = try self.encoding(compression: c.compression, bits: c.bits, isAIFC: isAIFC)
        let container: ContainerKind = isAIFC ? .aifc : .aiff
        var info: AudioFileInfo
        switch encoding {
        case .ima4:
            let format = StreamFormat(sampleRate: c.rate, channels: c.channels, encoding: .ima4, bytesPerPacket: 34 * c.channels,
                                      framesPerPacket: 64, bitsPerChannel: 0, formatCode: "ima4")
            // COMM counts packets for ima4; the true length is lost (rounded up to 64 frames).
            let present = data.bytes / Int64(34 * c.channels)
            let packets = Swift.min(c.frames, present)
            if present < c.frames { warnings.append("COMM says \(c.frames) packets but the data holds \(present)") }
            info = AudioFileInfo(container: container, format: format, dataOffset: data.offset, dataBytes: data.bytes,
                                 packets: packets, validFrames: packets * 64)
        default:
            let bytesPerFrame: Int
            let bitsPerChannel: Int
            switch encoding {
            case .pcm(let f): bytesPerFrame = f.bytesPerSample * c.channels; bitsPerChannel = c.bits
            default: bytesPerFrame = c.channels; bitsPerChannel = 8
            }
            let format = StreamFormat(sampleRate: c.rate, channels: c.channels, encoding: encoding, bytesPerPacket: bytesPerFrame,
                                      framesPerPacket: 1, bitsPerChannel: bitsPerChannel, formatCode: c.compression.description)
            let present = data.bytes / Int64(bytesPerFrame)
            let frames = Swift.min(c.frames, present)
            if present < c.frames { warnings.append("COMM says \(c.frames) frames but the data holds \(present)") }
            info = AudioFileInfo(container: container, format: format, dataOffset: data.offset, dataBytes: frames * Int64(bytesPerFrame),
                                 packets: frames, validFrames: frames)
            if case .other = encoding {
                // An unknown compression: only COMM's frame count and the data size are known.
                info.format.bytesPerPacket = 0
                info.format.framesPerPacket = 0
                info.format.bitsPerChannel = 0
                info.dataBytes = data.bytes; info.packets = c.frames; info.validFrames = c.frames
            }
        }
        info.warnings += warnings
        return info
    }

    static func encoding(compression: FourCC, bits: Int, isAIFC: Bool) throws(ContainerError) -> AudioEncoding {
        // AIFF stores integer samples left-justified in whole bytes: 12 bits live in 16.
        let containerBits = (bits + 7) / 8 * 8
        func checked(_ f: PCMFormat) throws(ContainerError) -> AudioEncoding {
            guard f.isSupported else { throw .unsupported("AIFF: \(bits)-bit samples ('\(compression)') are not supported") }
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
        case .imaADPCM, .other: return "????"
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
        case .imaADPCM, .other: return []
        }
    }

    /// `FORM`, [`FVER`], `COMM`, `SSND` header.
    static func header(_ layout: OutputLayout, totals: DataTotals) throws(ContainerError) -> [UInt8] {
        let f = layout.format
        let isAIFC = layout.fileType == .aifc
        var comm = ByteWriter()
        guard let channels = Int16(exactly: f.channels) else { throw .tooLarge("channel count") }
        comm.i16(channels, bigEndian: true)
        // Frames for PCM and G.711; packets for ima4.
        try comm.size32(f.encoding == .ima4 ? totals.packets : totals.validFrames, bigEndian: true, what: "frame count")
        let sampleSize: Int16
        switch f.encoding {
        case .pcm(let p): sampleSize = Int16(p.bits)
        default: sampleSize = 16  // what Apple and libsndfile record for ulaw, alaw and ima4
        }
        comm.i16(sampleSize, bigEndian: true)
        comm.extended80(f.sampleRate)
        if isAIFC {
            comm.fourCC(compressionType(for: f.encoding))
            let name = compressionName(for: f.encoding)
            comm.u8(UInt8(name.count)); comm.append(name)
            if (name.count + 1) % 2 == 1 { comm.u8(0) }
        }

        var w = ByteWriter()
        let formContent = Int64(4 + (isAIFC ? 12 : 0) + 8 + comm.count + 16) + totals.dataBytes + (totals.dataBytes & 1)
        w.fourCC("FORM"); try w.size32(formContent, bigEndian: true, what: "audio data")
        w.fourCC(isAIFC ? "AIFC" : "AIFF")
        if isAIFC { w.fourCC("FVER"); w.u32(4, bigEndian: true); w.u32(aifcVersion1, bigEndian: true) }
        w.fourCC("COMM"); w.u32(UInt32(comm.count), bigEndian: true); w.append(comm.bytes)
        w.fourCC("SSND"); try w.size32(8 + totals.dataBytes, bigEndian: true, what: "audio data")
        w.u32(0, bigEndian: true); w.u32(0, bigEndian: true)
        return w.bytes
    }
}
