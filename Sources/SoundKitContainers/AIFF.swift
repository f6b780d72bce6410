import SoundKitCodecs

/// AIFF and AIFF-C (Apple, *Audio Interchange File Format* 1.3 and the AIFF-C draft). Big-endian; chunk sizes
/// are signed 32-bit and odd-sized chunks are followed by a pad byte.
package enum AIFF {
    /// AIFF-C format version 1 (`FVER`).
    static let aifcVersion1: UInt32 = 0xA280_5140

    // MARK: Reading

    package static func parse(_ source: any ByteSource) throws -> AudioFileInfo {
        let fileSize = source.size
        var head = ByteReader(try source.read(at: 0, count: 12), order: .big)
        guard head.remaining == 12 else { throw ContainerError.truncated(.header(.aiff), offset: 0) }
        guard try head.fourCC() == "FORM" else { throw ContainerError.notAudio(.unknown) }
        let formSize = Int64(try head.u32())
        let formType = try head.fourCC()
        guard formType == "AIFF" || formType == "AIFC" else { throw ContainerError.notAudio(.unknown) }
        let kind: ContainerKind = formType == "AIFC" ? .aifc : .aiff

        var walker = ChunkWalker(source, family: .form, kind: kind, start: 12, outerSize: formSize)
        var comm: (channels: Int, frames: Int64, bits: Int64, rate: Double, compression: FourCC)?
        var ssnd: (offset: Int64, bytes: Int64, truncatedFrom: Int64?)?
        var readOn = false
        var warnings: [HeaderWarning] = []
        while let chunk = try walker.next() {
            if chunk.beyondDeclaredEnd {
                if comm != nil && ssnd != nil { break }
                if !readOn { warnings.append(.outerSizeTooSmall(kind, formSize)); readOn = true }
            }
            switch chunk.id {
            case "COMM":
                guard comm == nil else { throw ContainerError.duplicateChunk(kind, "COMM") }
                let needed: Int64 = kind == .aifc ? 22 : 18
                if kind == .aifc && chunk.declaredSize >= 18 && chunk.declaredSize < 22 { throw ContainerError.inconsistentFormat(.missingCompressionType) }
                guard chunk.declaredSize >= needed else { throw ContainerError.badChunkSize(kind, "COMM", chunk.declaredSize) }
                guard chunk.size >= needed else { throw ContainerError.truncated(.chunk(kind, "COMM"), offset: chunk.bodyOffset) }
                var c = ByteReader(try source.read(at: chunk.bodyOffset, count: Int(needed)), order: .big)
                let channels = try AudioLimits.checkedChannels(Int64(try c.i16()))
                let frames = Int64(try c.u32())
                let bits = Int64(try c.i16())
                let rate = try AudioLimits.checkedSampleRate(try c.extended80())
                let compression: FourCC = kind == .aifc ? try c.fourCC() : "NONE"
                comm = (channels, frames, bits, rate, compression)
            case "SSND":
                guard ssnd == nil else { throw ContainerError.duplicateChunk(kind, "SSND") }
                guard chunk.declaredSize >= 8 else { throw ContainerError.badChunkSize(kind, "SSND", chunk.declaredSize) }
                guard chunk.size >= 8 else { throw ContainerError.truncated(.chunk(kind, "SSND"), offset: chunk.bodyOffset) }
                var s = ByteReader(try source.read(at: chunk.bodyOffset, count: 8), order: .big)
                let dataOffset = Int64(try s.u32())
                guard dataOffset <= chunk.declaredSize - 8 else { throw ContainerError.inconsistentFormat(.soundDataOffset(dataOffset)) }
                let declared = chunk.declaredSize - 8 - dataOffset
                let present = Swift.max(0, chunk.size - 8 - dataOffset)
                ssnd = (chunk.bodyOffset + 8 + dataOffset, Swift.min(declared, present), present < declared ? declared : nil)
            default:
                break
            }
        }

        guard let c = comm else { throw ContainerError.missingChunk(kind, "COMM") }
        warnings = walker.warnings + warnings
        if let s = ssnd, let claimed = s.truncatedFrom {
            warnings.append(.dataTruncated(claimed: claimed, present: s.bytes))
        }
        if ssnd == nil && c.frames > 0 { throw ContainerError.inconsistentFormat(.framesWithoutData(c.frames)) }
        let data = ssnd.map { ($0.offset, $0.bytes) } ?? (0, 0)

        let encoding = try self.encoding(compression: c.compression, bits: c.bits, isAIFC: kind == .aifc)
        var info: AudioFileInfo
        switch encoding {
        case .ima4:
            guard c.channels <= 2 else { throw ContainerError.inconsistentFormat(.ima4Channels(Int64(c.channels))) }
            let format = StreamFormat(sampleRate: c.rate, channels: c.channels, encoding: .ima4, bytesPerPacket: 34 * c.channels,
                                      framesPerPacket: 64, bitsPerChannel: 0, formatCode: "ima4")
            // COMM counts packets for ima4; the true length is lost (rounded up to 64 frames).
            let present = data.1 / Int64(34 * c.channels)
            let packets = Swift.min(c.frames, present)
            if present < c.frames { warnings.append(.countBeyondData(.packets, claimed: c.frames, present: present)) }
            info = AudioFileInfo(container: kind, format: format, dataOffset: data.0, dataBytes: data.1,
                                 packets: packets, validFrames: packets * 64)
        case .other:
            // An unknown compression: only COMM's frame count and the data size are known.
            let format = StreamFormat(sampleRate: c.rate, channels: c.channels, encoding: encoding, bytesPerPacket: 0,
                                      framesPerPacket: 0, bitsPerChannel: 0, formatCode: c.compression.description)
            info = AudioFileInfo(container: kind, format: format, dataOffset: data.0, dataBytes: data.1, packets: 0, validFrames: 0)
            // Each packet takes at least a byte and holds at most AudioLimits.framesPerPacket frames.
            guard c.frames <= info.frameLimit else { throw ContainerError.impossibleCount(.frames, claimed: c.frames, limit: info.frameLimit) }
            info.packets = Swift.min(c.frames, data.1)
            info.validFrames = c.frames
        default:
            let bytesPerFrame: Int
            let bitsPerChannel: Int
            switch encoding {
            case .pcm(let f): bytesPerFrame = f.bytesPerSample * c.channels; bitsPerChannel = Int(c.bits)
            default: bytesPerFrame = c.channels; bitsPerChannel = 8
            }
            let format = StreamFormat(sampleRate: c.rate, channels: c.channels, encoding: encoding, bytesPerPacket: bytesPerFrame,
                                      framesPerPacket: 1, bitsPerChannel: bitsPerChannel, formatCode: c.compression.description)
            let present = data.1 / Int64(bytesPerFrame)
            let frames = Swift.min(c.frames, present)
            if present < c.frames { warnings.append(.countBeyondData(.frames, claimed: c.frames, present: present)) }
            info = AudioFileInfo(container: kind, format: format, dataOffset: data.0, dataBytes: frames * Int64(bytesPerFrame),
                                 packets: frames, validFrames: frames)
        }
        info.warnings = warnings
        return try info.validated(fileSize: fileSize)
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
        var comm = ByteWriter(order: .big)
        guard let channels = Int16(exactly: f.channels) else { throw .tooLarge(.channelCount, Int64(f.channels)) }
        comm.i16(channels)
        // Frames for PCM and G.711; packets for ima4.
        try comm.size32(f.encoding == .ima4 ? totals.packets : totals.validFrames, what: f.encoding == .ima4 ? .packets : .frames)
        let sampleSize: Int16
        switch f.encoding {
        case .pcm(let p): sampleSize = Int16(p.bits)
        default: sampleSize = 16  // what Apple and libsndfile record for ulaw, alaw and ima4
        }
        comm.i16(sampleSize)
        comm.extended80(f.sampleRate)
        if isAIFC {
            comm.fourCC(compressionType(for: f.encoding))
            let name = compressionName(for: f.encoding)
            comm.u8(UInt8(name.count)); comm.append(name)
            if (name.count + 1) % 2 == 1 { comm.u8(0) }
        }

        var w = ByteWriter(order: .big)
        let formContent = Int64(4 + (isAIFC ? 12 : 0) + 8 + comm.count + 16) + totals.dataBytes + (totals.dataBytes & 1)
        w.fourCC("FORM"); try w.size32(formContent, what: .audioBytes)
        w.fourCC(isAIFC ? "AIFC" : "AIFF")
        if isAIFC { w.fourCC("FVER"); w.u32(4); w.u32(aifcVersion1) }
        w.fourCC("COMM"); w.u32(UInt32(truncatingIfNeeded: comm.count)); w.append(comm.bytes)
        w.fourCC("SSND"); try w.size32(8 + totals.dataBytes, what: .audioBytes)
        w.u32(0); w.u32(0)
        return w.bytes
    }
}
