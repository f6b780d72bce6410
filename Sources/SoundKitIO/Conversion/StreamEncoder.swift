import SoundKitCodecs
import SoundKitContainers

/// Turns blocks of frames into the bytes of one encoding, counting what it wrote.
struct StreamEncoder {
    private enum Codec {
        case pcm(PCMFormat)
        case ulaw, alaw
        case ima4(IMA4Encoder)
        case imaWAV(IMAWAVEncoder)
        case vorbis(SndFileOggWriter)
    }

    private var codec: Codec
    let channels: Int
    private(set) var totals = DataTotals()
    private var pcm16: [Int16] = []
    /// IMA: samples waiting for a whole packet, pcm16[0..<pending].
    private var pending = 0
    private var framesPerPacket = 1
    private var doubles: [Double] = []
    /// Why libsndfile stopped encoding Vorbis, when it did.
    private(set) var failure: AudioFileError?

    /// Fails only for formats no encoder writes (an `.other` codec, an IMA ADPCM block that fits no frames, Vorbis
    /// without its libsndfile writer).
    init?(format: StreamFormat, imaSearch: IMASearch, vorbis: SndFileOggWriter? = nil) {
        channels = format.channels
        switch format.encoding {
        case .pcm(let f): codec = .pcm(f)
        case .ulaw: codec = .ulaw
        case .alaw: codec = .alaw
        case .ima4:
            codec = .ima4(IMA4Encoder(channels: format.channels, search: imaSearch))
            framesPerPacket = IMA4.framesPerPacket
        case .imaADPCM:
            guard let e = IMAWAVEncoder(channels: format.channels, blockAlign: format.bytesPerPacket, search: imaSearch)
            else { return nil }
            codec = .imaWAV(e)
            framesPerPacket = e.framesPerBlock
        case .vorbis:
            guard let vorbis else { return nil }
            codec = .vorbis(vorbis)
        case .other:
            return nil
        }
    }

    /// Appends the encoding of `buffer` to `out`.
    mutating func encode(_ buffer: SampleBuffer, into out: inout [UInt8]) {
        let n = buffer.sampleCount
        guard n > 0 else { return }
        switch codec {
        case .pcm(let f):
            let start = out.count
            out.append(contentsOf: repeatElement(0, count: n * f.bytesPerSample))
            out.withUnsafeMutableBytes { o in
                let dst = UnsafeMutableRawBufferPointer(rebasing: o[start...])
                switch buffer.kind {
                case .integer:
                    buffer.ints.withUnsafeBufferPointer {
                        PCM.pack(UnsafeBufferPointer(rebasing: $0[0..<n]), format: f, into: dst)
                    }
                case .float:
                    buffer.floats.withUnsafeBufferPointer {
                        PCM.pack(UnsafeBufferPointer(rebasing: $0[0..<n]), format: f, into: dst)
                    }
                }
            }
            count(frames: buffer.frames, packets: buffer.frames, bytes: n * f.bytesPerSample)
        case .ulaw, .alaw:
            buffer.int16(into: &pcm16)
            let start = out.count
            out.append(contentsOf: repeatElement(0, count: n))
            let isULaw: Bool
            if case .ulaw = codec { isULaw = true } else { isULaw = false }
            pcm16.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { o in
                    let src = UnsafeBufferPointer(rebasing: s[0..<n])
                    let dst = UnsafeMutableBufferPointer(rebasing: o[start...])
                    // For long inputs the code tables are cheaper than the arithmetic (G711.ulawCodes).
                    if totals.dataBytes >= 1 << 20 {
                        G711.encode(src, into: dst, table: isULaw ? G711.ulawCodes : G711.alawCodes)
                    } else if isULaw {
                        G711.encodeULaw(src, into: dst)
                    } else {
                        G711.encodeALaw(src, into: dst)
                    }
                }
            }
            count(frames: buffer.frames, packets: buffer.frames, bytes: n)
        case .ima4, .imaWAV:
            // Convert behind what is pending, then encode every whole packet.
            buffer.int16(into: &pcm16, at: pending)
            pending += n
            totals.validFrames += Int64(buffer.frames)
            encodePackets(into: &out, flush: false)
        case .vorbis(let writer):
            guard failure == nil else { return }
            buffer.doubles(into: &doubles)
            do { try writer.write(doubles, frames: buffer.frames) } catch { failure = error }
            totals.validFrames += Int64(buffer.frames)
        }
    }

    /// Encodes what is pending, padding the last packet with silence. With `appleTail`, a stream whose length
    /// is a whole number of packets still ends with one packet of padding, as Apple's IMA4 encoder writes it.
    mutating func finish(into out: inout [UInt8], appleTail: Bool = false) {
        switch codec {
        case .ima4, .imaWAV:
            if appleTail, pending == 0, totals.validFrames > 0 {
                let n = framesPerPacket * channels
                if pcm16.count < n { pcm16.append(contentsOf: repeatElement(0, count: n - pcm16.count)) }
                for i in 0..<n { pcm16[i] = 0 }
                pending = n
            }
            encodePackets(into: &out, flush: true)
        case .vorbis(let writer):
            // libsndfile holds the whole Ogg file until it is closed.
            let file = OggPages.separatingFirstAudioPacket(writer.finish())
            out += file
            totals.dataBytes += Int64(file.count)
        default: break
        }
    }

    private mutating func count(frames: Int, packets: Int, bytes: Int) {
        totals.validFrames += Int64(frames)
        totals.packets += Int64(packets)
        totals.dataBytes += Int64(bytes)
    }

    private mutating func encodePackets(into out: inout [UInt8], flush: Bool) {
        let packetSamples = framesPerPacket * channels
        if flush && pending % packetSamples != 0 {
            let pad = packetSamples - pending % packetSamples
            if pcm16.count < pending + pad {
                pcm16.append(contentsOf: repeatElement(0, count: pending + pad - pcm16.count))
            }
            for i in pending..<(pending + pad) { pcm16[i] = 0 }
            pending += pad
        }
        let packets = pending / packetSamples
        guard packets > 0 else { return }
        let bytesPerPacket: Int
        switch codec {
        case .ima4: bytesPerPacket = IMA4.bytesPerPacket(channels: channels)
        case .imaWAV(let e): bytesPerPacket = e.blockAlign
        default: return
        }
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: packets * bytesPerPacket))
        pcm16.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBytes { o in
                switch codec {
                case .ima4(var e):
                    e.encode(
                        UnsafeBufferPointer(rebasing: s[0..<(packets * packetSamples)]),
                        into: UnsafeMutableRawBufferPointer(rebasing: o[start...]))
                    codec = .ima4(e)
                case .imaWAV(var e):
                    e.encode(
                        UnsafeBufferPointer(rebasing: s[0..<(packets * packetSamples)]),
                        into: UnsafeMutableRawBufferPointer(rebasing: o[start...]))
                    codec = .imaWAV(e)
                default: break
                }
            }
        }
        totals.packets += Int64(packets)
        totals.dataBytes += Int64(packets * bytesPerPacket)
        let used = packets * packetSamples
        if used < pending {
            pcm16.withUnsafeMutableBufferPointer { p in for i in 0..<(pending - used) { p[i] = p[used + i] } }
        }
        pending -= used
    }
}
