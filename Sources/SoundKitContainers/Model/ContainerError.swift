/// What can be wrong with a container's bytes, or with a header being written. Each case says what happened in
/// types; ``description`` phrases it for a person (the file's path is added by the caller).
package enum ContainerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file holds no bytes at all.
    case empty
    /// Not a file soundkit's header parsers read; `kind` is what the bytes look like (`.unknown`: nothing known).
    case notAudio(ContainerKind)
    /// The file ends inside a field or chunk that must be whole.
    case truncated(Region, offset: Int64)
    /// A chunk every file of the kind needs is absent.
    case missingChunk(ContainerKind, FourCC)
    /// A chunk that may appear once appears again.
    case duplicateChunk(ContainerKind, FourCC)
    /// A CAF file whose first chunk is not `desc`.
    case misplacedChunk(ContainerKind, FourCC)
    /// A chunk's size field is impossible: negative, -1 on a chunk other than CAF's last `data`, or smaller than
    /// the fields the chunk must hold.
    case badChunkSize(ContainerKind, FourCC, Int64)
    /// More chunks than any sound file has: a walk this long is an attack or garbage.
    case tooManyChunks(ContainerKind, limit: Int)
    /// A version of the format that does not exist.
    case unsupportedVersion(ContainerKind, Int64)
    /// A sample rate outside ``AudioLimits/sampleRates`` (or not a number).
    case sampleRate(Double)
    /// A channel count outside ``AudioLimits/channels``.
    case channels(Int64)
    /// Fields of the format description that contradict each other or the codec.
    case inconsistentFormat(FormatProblem)
    /// A count the header claims that the file's bytes cannot hold.
    case impossibleCount(Quantity, claimed: Int64, limit: Int64)
    /// A value the header being written must hold does not fit its field: the header is refused, never
    /// truncated.
    case tooLarge(FieldOverflow)
    /// A format or layout the file type cannot hold, or a request soundkit cannot write.
    case unsupported(Unsupported)

    /// Where a truncation happened.
    package enum Region: Hashable, Sendable {
        case header(ContainerKind)
        case chunk(ContainerKind, FourCC)
        /// A field of `bytes` bytes inside a chunk already read.
        case field(bytes: Int)
    }

    package enum Quantity: String, Hashable, Sendable {
        case packets = "packets"
        case frames = "frames"
        case primingFrames = "priming frames"
        case remainderFrames = "remainder frames"
        case audioBytes = "audio data bytes"
        case framesPerPacket = "frames per packet"
    }

    package enum FormatProblem: Hashable, Sendable {
        /// Linear PCM whose width, packet size or frames per packet do not fit together.
        case pcmLayout(bits: Int64, bytesPerPacket: Int64, framesPerPacket: Int64, channels: Int64)
        /// µLaw or aLaw with other than one byte per sample.
        case g711Layout(bytesPerPacket: Int64, channels: Int64)
        /// Apple IMA4 with other than 64 frames and 34 bytes per channel in a packet.
        case ima4Layout(bytesPerPacket: Int64, framesPerPacket: Int64, channels: Int64)
        /// IMA ADPCM (WAV 0x11) whose block size cannot hold its channels' headers and codes.
        case imaADPCMBlock(blockAlign: Int64, channels: Int64, framesPerPacket: Int64)
        /// IMA4 in a file with more channels than Apple's codec allows (1 or 2).
        case ima4Channels(Int64)
        /// A packet size or block alignment of zero for a constant-size codec.
        case zeroPacketSize
        /// A WAVE format tag of 0, which names no format.
        case formatTagZero
        /// The AIFF-C `COMM` chunk has no compression type.
        case missingCompressionType
        /// The AIFF `SSND` data offset lies past the chunk.
        case soundDataOffset(Int64)
        /// Audio frames stated, but no sound data chunk.
        case framesWithoutData(Int64)
        /// IMA ADPCM is little-endian only; a RIFX file cannot hold it.
        case bigEndianIMA
        /// A CAF packet table entry (variable-length integer) that is cut off or longer than 64 bits.
        case packetTableEntry(Int64)
    }

    package enum Unsupported: Hashable, Sendable {
        /// Integer or float PCM of a width the PCM kernels do not handle.
        case pcmWidth(bits: Int64, float: Bool)
        /// A data format the file type cannot hold.
        case encoding(AudioEncoding, ContainerKind)
        /// A container soundkit does not write.
        case fileType(ContainerKind)
    }

    package var description: String {
        switch self {
        case .empty:
            return "file is empty"
        case .notAudio(.unknown):
            return "not a CAF, AIFF or WAVE file"
        case .notAudio(let kind):
            return "\(kind.name) data, not a CAF, AIFF or WAVE file"
        case .truncated(let region, let offset):
            switch region {
            case .header(let k): return "file is truncated: it ends inside the \(k.name) header"
            case .chunk(let k, let id):
                return "file is truncated: the \(k.name) '\(id)' chunk at byte \(offset) is cut off"
            case .field(let n): return "file is truncated: a \(n)-byte field at byte \(offset) is cut off"
            }
        case .missingChunk(let k, let id):
            return "\(k.name): no '\(id)' chunk"
        case .duplicateChunk(let k, let id):
            return "\(k.name): two '\(id)' chunks"
        case .misplacedChunk(let k, let id):
            return "\(k.name): the first chunk is '\(id)', not 'desc'"
        case .badChunkSize(let k, let id, let size):
            if size < 0 { return "\(k.name): chunk '\(id)' has an invalid size (\(size))" }
            return "\(k.name): chunk '\(id)' is \(size) bytes, too small for its fields"
        case .tooManyChunks(let k, let limit):
            return "\(k.name): more than \(limit) chunks; this is not a sound file"
        case .unsupportedVersion(let k, let v):
            return "\(k.name) version \(v) does not exist (only version 1)"
        case .sampleRate(let r):
            return "sample rate \(r) Hz is not one a device plays (soundkit accepts \(AudioLimits.rateDescription))"
        case .channels(let c):
            return "\(c) channels is not valid (soundkit accepts 1 to \(AudioLimits.channels.upperBound))"
        case .inconsistentFormat(let p):
            switch p {
            case .pcmLayout(let bits, let bpp, let fpp, let ch):
                return
                    "linear PCM with \(bits) bits, \(bpp) bytes and \(fpp) frames per packet for \(ch) channels is inconsistent"
            case .g711Layout(let bpp, let ch):
                return "G.711 with \(bpp) bytes per packet for \(ch) channels is inconsistent (one byte a sample)"
            case .ima4Layout(let bpp, let fpp, let ch):
                return
                    "ima4 must have 64 frames and 34 bytes per channel in a packet; found \(fpp) frames and \(bpp) bytes for \(ch) channels"
            case .imaADPCMBlock(let align, let ch, let fpp):
                return "IMA ADPCM block of \(align) bytes (\(fpp) frames) cannot hold \(ch) channels"
            case .ima4Channels(let ch):
                return "ima4 with \(ch) channels; Apple's IMA4 holds 1 or 2"
            case .zeroPacketSize:
                return "the format states 0 bytes per packet"
            case .formatTagZero:
                return "WAVE format tag 0 names no format"
            case .missingCompressionType:
                return "AIFF-C 'COMM' chunk has no compression type"
            case .soundDataOffset(let o):
                return "AIFF 'SSND' data offset \(o) lies past its chunk"
            case .framesWithoutData(let n):
                return "AIFF: \(n) sample frames but no 'SSND' chunk"
            case .bigEndianIMA:
                return "IMA ADPCM in a big-endian RIFX file is not a format anyone writes"
            case .packetTableEntry(let n):
                return "CAF: packet table entry \(n) is broken (cut off, or longer than 64 bits)"
            }
        case .impossibleCount(let q, let claimed, let limit):
            return "the header claims \(claimed) \(q.rawValue), but the file can hold at most \(limit)"
        case .tooLarge(let overflow):
            return overflow.description
        case .unsupported(let u):
            switch u {
            case .pcmWidth(let bits, let float):
                return "\(bits)-bit \(float ? "float" : "integer") linear PCM is not supported"
            case .encoding(let e, let k):
                let accepted = k.acceptedEncodings.map { $0 == .imaADPCM ? "ima4" : $0.description }.joined(
                    separator: " ")
                return "file type \(k.fileTypeID ?? k.name) cannot hold data format \(e)"
                    + (accepted.isEmpty ? "" : "; it accepts \(accepted)")
            case .fileType(let k):
                return "soundkit does not write \(k.name) files; use caff, AIFF, AIFC or WAVE"
            }
        }
    }
}
