extension ContainerError {
    /// A field of a header soundkit writes.
    package enum HeaderField: String, Hashable, Sendable {
        /// The outer size: WAVE's `RIFF` size, AIFF's `FORM` size.
        case outerSize = "outer size"
        /// The size of the chunk holding the audio: WAVE and CAF `data`, AIFF `SSND`.
        case dataSize = "audio chunk size"
        /// The size of another chunk (`fmt `, `COMM`, `FLLR`, `free`).
        case chunkSize = "chunk size"
        /// WAVE `nChannels`, AIFF `numChannels`, CAF `mChannelsPerFrame`.
        case channels = "channel count"
        /// WAVE `nSamplesPerSec`.
        case sampleRate = "sample rate"
        /// WAVE `nAvgBytesPerSec`.
        case bytesPerSecond = "average bytes per second"
        /// WAVE `nBlockAlign`.
        case blockAlign = "block align"
        /// WAVE `wBitsPerSample` and `wValidBitsPerSample`, AIFF `sampleSize`, CAF `mBitsPerChannel`.
        case bitsPerSample = "bits per sample"
        /// WAVE IMA ADPCM `wSamplesPerBlock`.
        case samplesPerBlock = "samples per block"
        /// CAF `mBytesPerPacket`.
        case bytesPerPacket = "bytes per packet"
        /// CAF `mFramesPerPacket`.
        case framesPerPacket = "frames per packet"
        /// WAVE `fact` frames, AIFF `numSampleFrames`, CAF `pakt` valid frames.
        case frames = "frame count"
        /// AIFF-C `numSampleFrames` of ima4, which counts packets.
        case packets = "packet count"
        /// CAF `pakt` priming frames.
        case primingFrames = "priming frame count"
        /// CAF `pakt` remainder frames.
        case remainderFrames = "remainder frame count"
        /// AIFF-C `compressionName`'s length byte.
        case compressionName = "compression name length"

        /// The field's name in `kind`'s terms.
        func name(in kind: ContainerKind) -> String {
            switch self {
            case .outerSize: return kind == .caf ? rawValue : kind == .wav ? "RIFF size" : "FORM size"
            case .dataSize: return kind == .aiff || kind == .aifc ? "'SSND' chunk size" : "'data' chunk size"
            default: return rawValue
            }
        }
    }

    /// A value that does not fit its field in the header of the file type being written.
    package struct FieldOverflow: Hashable, Sendable, CustomStringConvertible {
        /// The file type being written.
        package var fileType: ContainerKind
        /// The stream the header describes.
        package var format: StreamFormat
        /// The field the value does not fit.
        package var field: HeaderField
        /// The value the header would have to hold.
        package var value: Int64
        /// The largest value the field holds.
        package var limit: Int64

        /// What does not fit and what the field allows, for a person.
        package var description: String {
            let holds = "\(fileType.name)'s \(field.name(in: fileType)) holds at most \(limit)"
            let rate =
                format.sampleRate == format.sampleRate.rounded() && abs(format.sampleRate) < 1e15
                ? String(Int64(format.sampleRate)) : String(format.sampleRate)
            let channels = "\(format.channels) channel\(format.channels == 1 ? "" : "s")"
            let stream = "\(format.encoding) with \(channels) at \(rate) Hz"
            switch field {
            case .blockAlign, .bytesPerPacket:
                let unit = field == .blockAlign ? "blocks" : "packets"
                var s = "\(stream) needs \(unit) of \(value) bytes, but \(holds) bytes"
                let count = Int64(format.channels)
                if count > 1, value % count == 0, value / count <= limit {
                    s += "; at most \(limit / (value / count)) channels fit"
                }
                return s
            case .outerSize, .dataSize, .frames, .packets:
                let advice = fileType == .caf ? "" : "; CAF holds longer sounds"
                return "this output needs a \(field.name(in: fileType)) of \(value), but \(holds)\(advice)"
            default:
                return "\(stream) needs a \(field.name(in: fileType)) of \(value), but \(holds)"
            }
        }
    }
}

/// Narrows the values of one header being written into their fields: a value that does not fit throws
/// ``ContainerError/tooLarge(_:)`` naming the field, and is never truncated or clamped. Not generic: see
/// ``ByteReader``'s note on typed throws.
struct HeaderFields {
    let layout: OutputLayout

    func overflow(_ field: ContainerError.HeaderField, _ value: Int64, limit: Int64) -> ContainerError {
        .tooLarge(
            ContainerError.FieldOverflow(
                fileType: layout.fileType, format: layout.format, field: field,
                value: value, limit: limit))
    }

    func u8(_ value: Int, _ field: ContainerError.HeaderField) throws(ContainerError) -> UInt8 {
        guard let v = UInt8(exactly: value) else { throw overflow(field, Int64(value), limit: Int64(UInt8.max)) }
        return v
    }

    func u16(_ value: Int, _ field: ContainerError.HeaderField) throws(ContainerError) -> UInt16 {
        guard let v = UInt16(exactly: value) else { throw overflow(field, Int64(value), limit: Int64(UInt16.max)) }
        return v
    }

    func i16(_ value: Int, _ field: ContainerError.HeaderField) throws(ContainerError) -> Int16 {
        guard let v = Int16(exactly: value) else { throw overflow(field, Int64(value), limit: Int64(Int16.max)) }
        return v
    }

    func u32(_ value: Int64, _ field: ContainerError.HeaderField) throws(ContainerError) -> UInt32 {
        guard let v = UInt32(exactly: value) else { throw overflow(field, value, limit: Int64(UInt32.max)) }
        return v
    }

    func i32(_ value: Int64, _ field: ContainerError.HeaderField) throws(ContainerError) -> Int32 {
        guard let v = Int32(exactly: value) else { throw overflow(field, value, limit: Int64(Int32.max)) }
        return v
    }

    /// A non-negative 64-bit size: `value` plus `extra`, which must not overflow.
    func i64(_ value: Int64, plus extra: Int64, _ field: ContainerError.HeaderField) throws(ContainerError) -> Int64 {
        let (sum, overflowed) = value.addingReportingOverflow(extra)
        guard value >= 0, !overflowed else { throw overflow(field, value, limit: Int64.max - extra) }
        return sum
    }
}
