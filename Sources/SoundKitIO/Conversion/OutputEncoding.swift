import SoundKitCodecs
import SoundKitContainers

extension Converter {
    /// The encoding `options` asks for, checked against the file type and channel count.
    package static func resolveEncoding(
        _ options: ConversionOptions, source: SourceInfo, channels: Int
    ) throws(AudioFileError) -> AudioEncoding {
        let type = options.fileType
        guard type.isWritable else { throw AudioFileError(source.path, .container(.unsupported(.fileType(type)))) }
        if options.copiesPackets {
            guard type.acceptedEncodings.contains(source.encoding) else {
                throw AudioFileError(source.path, .container(.unsupported(.encoding(source.encoding, type))))
            }
            return source.encoding
        }
        var encoding: AudioEncoding
        if let requested = options.encoding {
            encoding = requested
            // `-d ima4` into WAVE means IMA ADPCM (tag 0x11), which afconvert cannot write but users ask for.
            if type == .wav && requested == .ima4 { encoding = .imaADPCM }
            guard type.acceptedEncodings.contains(encoding) else {
                throw AudioFileError(source.path, .container(.unsupported(.encoding(requested, type))))
            }
        } else {
            encoding = type.defaultEncoding
            if let p = source.pcmFormat {
                let natural = type == .wav ? false : true
                let keep: PCMFormat
                if p.bits == 8 {
                    keep = type == .wav ? .uint8 : .int(8, bigEndian: true)
                } else {
                    keep = PCMFormat(p.encoding == .float ? .float : .signedInteger, bits: p.bits, bigEndian: natural)
                }
                if type.acceptedEncodings.contains(.pcm(keep)) { encoding = .pcm(keep) }
            }
        }
        if encoding == .ima4 && channels > 2 { throw AudioFileError(source.path, .conversion(.ima4Channels(channels))) }
        return encoding
    }
}
