import CFFmpeg

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The libavutil, libavcodec and libavformat functions soundkit calls (FFmpegReader.swift is their only user),
/// opened the first time a file needs them, like libsndfile and libsoxr (SystemLibraries.swift). soundkit reads
/// fields of FFmpeg's structs (AVFormatContext, AVStream, AVCodecParameters, AVFrame, AVPacket) whose layout is
/// that of the headers it was compiled with, and those layouts change between major versions: a library of
/// another major is refused with a message saying so, never used.
struct FFmpegLibrary {
    typealias Version = @convention(c) () -> UInt32
    typealias FrameAlloc = @convention(c) () -> UnsafeMutablePointer<AVFrame>?
    typealias FrameFree = @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVFrame>?>?) -> Void
    typealias StrError = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias LogSetLevel = @convention(c) (Int32) -> Void
    typealias DictSet =
        @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) ->
        Int32
    typealias DictGet =
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<AVDictionaryEntry>?, Int32) ->
        UnsafeMutablePointer<AVDictionaryEntry>?
    typealias DictFree = @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Void

    typealias FindDecoder = @convention(c) (AVCodecID) -> UnsafePointer<AVCodec>?
    typealias AllocContext = @convention(c) (UnsafePointer<AVCodec>?) -> UnsafeMutablePointer<AVCodecContext>?
    typealias FreeContext = @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVCodecContext>?>?) -> Void
    typealias ParametersToContext =
        @convention(c) (UnsafeMutablePointer<AVCodecContext>?, UnsafePointer<AVCodecParameters>?) -> Int32
    typealias OpenCodec =
        @convention(c) (
            UnsafeMutablePointer<AVCodecContext>?, UnsafePointer<AVCodec>?, UnsafeMutablePointer<OpaquePointer?>?
        ) -> Int32
    typealias SendPacket = @convention(c) (UnsafeMutablePointer<AVCodecContext>?, UnsafePointer<AVPacket>?) -> Int32
    typealias ReceiveFrame =
        @convention(c) (UnsafeMutablePointer<AVCodecContext>?, UnsafeMutablePointer<AVFrame>?) -> Int32
    typealias PacketAlloc = @convention(c) () -> UnsafeMutablePointer<AVPacket>?
    typealias PacketFree = @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVPacket>?>?) -> Void
    typealias PacketUnref = @convention(c) (UnsafeMutablePointer<AVPacket>?) -> Void
    typealias PacketSideData =
        @convention(c) (UnsafePointer<AVPacket>?, AVPacketSideDataType, UnsafeMutablePointer<Int>?) ->
        UnsafeMutablePointer<UInt8>?
    typealias CodecName = @convention(c) (AVCodecID) -> UnsafePointer<CChar>?
    typealias ProfileName = @convention(c) (AVCodecID, Int32) -> UnsafePointer<CChar>?
    typealias Descriptor = @convention(c) (AVCodecID) -> UnsafePointer<AVCodecDescriptor>?

    typealias OpenInput =
        @convention(c) (
            UnsafeMutablePointer<UnsafeMutablePointer<AVFormatContext>?>?, UnsafePointer<CChar>?,
            UnsafePointer<AVInputFormat>?, UnsafeMutablePointer<OpaquePointer?>?
        ) -> Int32
    typealias FindStreamInfo =
        @convention(c) (UnsafeMutablePointer<AVFormatContext>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    typealias CloseInput = @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVFormatContext>?>?) -> Void
    typealias ReadFrame =
        @convention(c) (UnsafeMutablePointer<AVFormatContext>?, UnsafeMutablePointer<AVPacket>?) -> Int32
    typealias FormatAllocContext = @convention(c) () -> UnsafeMutablePointer<AVFormatContext>?
    typealias IORead = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32
    typealias IOSeek = @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64
    /// `avio_alloc_context`; the write callback (whose constness differs between majors) is always null.
    typealias IOAllocContext =
        @convention(c) (
            UnsafeMutablePointer<UInt8>?, Int32, Int32, UnsafeMutableRawPointer?, IORead?, OpaquePointer?, IOSeek?
        ) -> UnsafeMutablePointer<AVIOContext>?
    typealias IOContextFree = @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?) -> Void
    typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

    let frameAlloc: FrameAlloc, frameFree: FrameFree, strerror: StrError, dictSet: DictSet, dictGet: DictGet,
        dictFree: DictFree
    let findDecoder: FindDecoder, allocContext: AllocContext, freeContext: FreeContext,
        parametersToContext: ParametersToContext
    let openCodec: OpenCodec, sendPacket: SendPacket, receiveFrame: ReceiveFrame
    let packetAlloc: PacketAlloc, packetFree: PacketFree, packetUnref: PacketUnref, packetSideData: PacketSideData
    let codecName: CodecName, profileName: ProfileName, descriptor: Descriptor
    let openInput: OpenInput, findStreamInfo: FindStreamInfo, closeInput: CloseInput, readFrame: ReadFrame
    let formatAllocContext: FormatAllocContext, ioAllocContext: IOAllocContext, ioContextFree: IOContextFree
    let malloc: Malloc, free: Free

    /// The three libraries by name and the major version of the headers soundkit was compiled with.
    static let parts: [(name: String, major: Int)] = [
        ("avutil", Int(SOUNDKIT_AVUTIL_MAJOR)), ("avcodec", Int(SOUNDKIT_AVCODEC_MAJOR)),
        ("avformat", Int(SOUNDKIT_AVFORMAT_MAJOR)),
    ]

    /// What to install: Debian names the runtime package after the soname (`libavformat59`), Homebrew has one formula.
    static let install: String = {
        "apt install " + parts.map { "lib\($0.name)\($0.major)" }.joined(separator: " ") + ", or brew install ffmpeg"
    }()

    static func soname(_ name: String, major: Int) -> [String] {
        SystemLibrary.candidates(linux: "lib\(name).so.\(major)", darwin: "lib\(name).\(major).dylib")
    }

    static let shared: Result<FFmpegLibrary, SystemLibrary.Missing> = {
        var handles: [UnsafeMutableRawPointer] = []
        for (name, major) in parts {
            guard let h = SystemLibrary.open(soname(name, major: major)) else {
                // Say so when another major is there: soundkit must be rebuilt against its headers.
                let others = (major - 3...major + 4).reversed().filter { $0 != major && $0 > 0 }
                if let other = others.first(where: { SystemLibrary.open(soname(name, major: $0)) != nil }) {
                    return .failure(
                        .init(
                            message:
                                "soundkit was built with the headers of lib\(name) \(major), but this system has lib\(name) \(other); rebuild soundkit against it (scripts/setup installs the -dev packages), or \(install)"
                        ))
                }
                return .failure(.init(message: install))
            }
            handles.append(h)
        }
        let (util, codec, format) = (handles[0], handles[1], handles[2])
        let versions: [(UnsafeMutableRawPointer, String)] = [
            (util, "avutil_version"), (codec, "avcodec_version"), (format, "avformat_version"),
        ]
        for (i, (h, symbol)) in versions.enumerated() {
            guard let p = dlsym(h, symbol) else {
                return .failure(.init(message: "lib\(parts[i].name) has no \(symbol)"))
            }
            let found = Int(unsafeBitCast(p, to: Version.self)() >> 16)
            guard found == parts[i].major else {
                return .failure(
                    .init(
                        message:
                            "lib\(parts[i].name) reports major version \(found), but soundkit was built with the headers of \(parts[i].major); rebuild soundkit against it"
                    ))
            }
        }
        let u = SystemLibrary.symbols(
            util,
            [
                "av_frame_alloc", "av_frame_free", "av_strerror", "av_log_set_level", "av_dict_set",
                "av_dict_get", "av_dict_free", "av_malloc", "av_free",
            ])
        let c = SystemLibrary.symbols(
            codec,
            [
                "avcodec_find_decoder", "avcodec_alloc_context3", "avcodec_free_context",
                "avcodec_parameters_to_context", "avcodec_open2", "avcodec_send_packet",
                "avcodec_receive_frame", "av_packet_alloc", "av_packet_free", "av_packet_unref",
                "av_packet_get_side_data", "avcodec_get_name", "avcodec_profile_name",
                "avcodec_descriptor_get",
            ])
        let f = SystemLibrary.symbols(
            format,
            [
                "avformat_open_input", "avformat_find_stream_info", "avformat_close_input", "av_read_frame",
                "avformat_alloc_context", "avio_alloc_context", "avio_context_free",
            ])
        switch (u, c, f) {
        case (.success(let u), .success(let c), .success(let f)):
            // soundkit reports failures itself, naming the file; FFmpeg's own log lines would only repeat them.
            unsafeBitCast(u[3], to: LogSetLevel.self)(AV_LOG_QUIET)
            return .success(
                FFmpegLibrary(
                    frameAlloc: unsafeBitCast(u[0], to: FrameAlloc.self),
                    frameFree: unsafeBitCast(u[1], to: FrameFree.self),
                    strerror: unsafeBitCast(u[2], to: StrError.self), dictSet: unsafeBitCast(u[4], to: DictSet.self),
                    dictGet: unsafeBitCast(u[5], to: DictGet.self), dictFree: unsafeBitCast(u[6], to: DictFree.self),
                    findDecoder: unsafeBitCast(c[0], to: FindDecoder.self),
                    allocContext: unsafeBitCast(c[1], to: AllocContext.self),
                    freeContext: unsafeBitCast(c[2], to: FreeContext.self),
                    parametersToContext: unsafeBitCast(c[3], to: ParametersToContext.self),
                    openCodec: unsafeBitCast(c[4], to: OpenCodec.self),
                    sendPacket: unsafeBitCast(c[5], to: SendPacket.self),
                    receiveFrame: unsafeBitCast(c[6], to: ReceiveFrame.self),
                    packetAlloc: unsafeBitCast(c[7], to: PacketAlloc.self),
                    packetFree: unsafeBitCast(c[8], to: PacketFree.self),
                    packetUnref: unsafeBitCast(c[9], to: PacketUnref.self),
                    packetSideData: unsafeBitCast(c[10], to: PacketSideData.self),
                    codecName: unsafeBitCast(c[11], to: CodecName.self),
                    profileName: unsafeBitCast(c[12], to: ProfileName.self),
                    descriptor: unsafeBitCast(c[13], to: Descriptor.self),
                    openInput: unsafeBitCast(f[0], to: OpenInput.self),
                    findStreamInfo: unsafeBitCast(f[1], to: FindStreamInfo.self),
                    closeInput: unsafeBitCast(f[2], to: CloseInput.self),
                    readFrame: unsafeBitCast(f[3], to: ReadFrame.self),
                    formatAllocContext: unsafeBitCast(f[4], to: FormatAllocContext.self),
                    ioAllocContext: unsafeBitCast(f[5], to: IOAllocContext.self),
                    ioContextFree: unsafeBitCast(f[6], to: IOContextFree.self),
                    malloc: unsafeBitCast(u[7], to: Malloc.self), free: unsafeBitCast(u[8], to: Free.self)))
        case (.failure(let e), _, _), (_, .failure(let e), _), (_, _, .failure(let e)):
            return .failure(e)
        }
    }()

    /// The library, or an error naming `path` that says what to install.
    static func forDecoding(_ path: String) throws(AudioFileError) -> FFmpegLibrary {
        switch shared {
        case .success(let lib): return lib
        case .failure(let missing):
            throw AudioFileError(
                path, .libraryMissing(library: "FFmpeg (libavformat, libavcodec)", install: missing.message))
        }
    }

    /// FFmpeg's words for an error code.
    func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        let found = buffer.withUnsafeMutableBufferPointer { strerror(code, $0.baseAddress, $0.count) } == 0
        return found
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "error \(code)"
    }
}
