// libFuzzer entry points for every parser and decoder that reads bytes from strangers. Built only by scripts/fuzz
// (SOUNDKIT_FUZZ=1 adds this target to the package, compiled with -sanitize=fuzzer,address); one binary holds every
// target and SOUNDKIT_FUZZ_TARGET picks which one runs, so the whole set shares one build. ServiceRequest.swift and
// ServiceCode.swift here are links to the server's request parser (Server/Sources/SoundKitServer), compiled in.
import CFFmpeg
import SoundKitCodecs
import SoundKitConfig
import SoundKitContainers
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitProjects

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The targets, by the name scripts/fuzz passes in SOUNDKIT_FUZZ_TARGET.
let targets: [String: @Sendable ([UInt8]) -> Void] = [
    "caf": { _ = try? CAF.parse($0) },
    "aiff": { _ = try? AIFF.parse($0) },
    "wav": { _ = try? WAV.parse($0) },
    "container": { bytes in
        _ = ContainerKind(sniffing: bytes)
        _ = try? ContainerParser.parse(bytes)
    },
    "ima4": fuzzIMA4,
    "imawav": fuzzIMAWAV,
    "g711": fuzzG711,
    "imaencode": fuzzIMAEncoders,
    "pcm": fuzzPCM,
    "read": { fuzzFile($0) { path in try? readAll(path) } },
    // The same decoders reading bytes in memory: libsndfile's virtual I/O and FFmpeg's I/O context take the seeks the
    // file's own fields ask for.
    "memory": { bytes in try? readAll(InputFile(name: "upload", bytes: bytes)) },
    "check": { fuzzFile($0) { path in _ = SoundChecker.check(file: path) } },
    "payload": fuzzPayloadCheck,
    "plist": fuzzPlistCheck,
    "attachment": fuzzAttachmentCheck,
    "dataformat": { _ = try? DataFormatSpec(parsing: String(decoding: $0, as: UTF8.self)) },
    "config": fuzzConfiguration,
    // The call-site scanner's lexers and call shapes (issue 42): the first byte picks the file's kind.
    "scanner": fuzzScanner,
    // Issue 42's framework readers: a .csproj's or config.xml's XML, a Gradle script, a pubspec.yaml.
    "xml": fuzzXML,
    "gradle": fuzzGradle,
    "pubspec": fuzzPubspec,
    // Issue 42's project readers: the OpenStep property list (and the encoding sniffer), a pbxproj's object graph,
    // Xcode 27's project.xcproj (JSON5) and XcodeGen's project.yml, each into target layouts.
    "openstep": fuzzOpenStep,
    "pbxproj": fuzzPBXProj,
    "xcproj": fuzzXCProj,
    "xcodegen": fuzzXcodeGen,
    "zip": fuzzZip,
    "profile": fuzzProfile,
    // What `soundkit serve` reads from a request before any work: the query, `Accept` and `Content-Length`.
    "request": fuzzServiceRequest,
    // A result cache entry as a stranger (another process, a damaged disk) left it; half the inputs framed with a
    // valid header and checksum, so that the payload's reader is reached too.
    "cache": { bytes in
        _ = ResultCache.decode(bytes)
        if let first = bytes.first, first & 1 == 1 {
            _ = ResultCache.decode(ResultCache.frame(Array(bytes.dropFirst())))
        }
    },
]

let selected: @Sendable ([UInt8]) -> Void = {
    let name = getenv("SOUNDKIT_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = targets[name] else {
        let names = targets.keys.sorted().joined(separator: ", ")
        let message = "soundkit-fuzz: set SOUNDKIT_FUZZ_TARGET to one of: \(names)\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
    return target
}()

/// FFmpeg reserves some buffers at the size a header claims before it reads them: FFmpeg 5.1's CAF demuxer reserves
/// 256 MB for a 39 KB file whose AAC esds descriptor claims that much, never touches it, and frees it when the read
/// fails (the `read` target found it; `soundkit info` on that file stays at 40 MB resident). The fuzzer's 64 MB limit
/// on one allocation is for soundkit's own, so FFmpeg gets the same limit from its own allocator (av_max_alloc):
/// such a reservation then fails inside FFmpeg, and what the fuzzer checks is that soundkit reports the failure.
/// Only this binary sets it: the limit belongs to the process, and a library must not change it under its host.
let ffmpegAllocationLimit: Void = {
    guard let util = dlopen("libavutil.so.\(Int(SOUNDKIT_AVUTIL_MAJOR))", RTLD_NOW),
        let set = dlsym(util, "av_max_alloc")
    else { return }
    unsafeBitCast(set, to: (@convention(c) (Int) -> Void).self)(64 << 20)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ffmpegAllocationLimit
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selected(bytes)
    return 0
}

/// IMA4 packets: the first byte picks 1 or 2 channels; the rest is decoded packet by packet.
func fuzzIMA4(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let channels = Int(first & 1) + 1
    var decoder = IMA4Decoder(channels: channels)
    let body = Array(bytes.dropFirst())
    var out = [Int16](repeating: 0, count: (body.count / (34 * channels) + 1) * 64 * channels)
    body.withUnsafeBytes { src in out.withUnsafeMutableBufferPointer { dst in _ = try? decoder.decode(src, into: dst) }
    }
}

/// IMA ADPCM blocks: two bytes pick channels (1...8) and the block size; the rest is decoded block by block.
func fuzzIMAWAV(_ bytes: [UInt8]) {
    guard bytes.count >= 2 else { return }
    let channels = Int(bytes[0] % 8) + 1
    let blockAlign = (Int(bytes[1]) + 1) * 4 * channels + 4 * channels
    guard let decoder = IMAWAVDecoder(channels: channels, blockAlign: blockAlign) else { return }
    let body = Array(bytes.dropFirst(2))
    var out = [Int16](repeating: 0, count: decoder.framesPerBlock * channels)
    body.withUnsafeBytes { src in
        out.withUnsafeMutableBufferPointer { dst in
            var offset = 0
            while offset + blockAlign <= src.count {
                decoder.decodeBlock(UnsafeRawBufferPointer(rebasing: src[offset..<(offset + blockAlign)]), into: dst)
                offset += blockAlign
            }
        }
    }
}

/// The IMA encoders on what a stranger's file decodes to: any sample values, any length. The first byte picks the
/// channels (1...8) and the search (every `-q` level), the second the WAV block size; the rest are little-endian
/// Int16 samples (the first 4,096). Each encoder must write every whole packet or block it was given, and its output must decode to
/// as many frames again; anything else aborts, so libFuzzer keeps the input.
func fuzzIMAEncoders(_ bytes: [UInt8]) {
    guard bytes.count >= 2 else { return }
    let searches: [IMASearch] = [.none, .starts, .trellis, .beam, .beams]
    let channels = Int(bytes[0] & 7) + 1
    let search = searches[Int(bytes[0] >> 3) % searches.count]
    // At most 4,096 samples (2,048 for the beams, which score 2,304 candidates a sample: 4,096 put an input at the
    // 5-second limit on a busy machine): the shapes that matter (lengths around packet and block boundaries,
    // channel counts, extreme values) fit.
    let cap = search == .beam || search == .beams ? 2048 : 4096
    var samples = [Int16](repeating: 0, count: Swift.min((bytes.count - 2) / 2, cap))
    for i in samples.indices {
        samples[i] = Int16(bitPattern: UInt16(bytes[2 + 2 * i]) | UInt16(bytes[3 + 2 * i]) << 8)
    }

    var ima4 = IMA4Encoder(channels: channels, search: search)
    let packets = samples.count / (IMA4.framesPerPacket * channels)
    var packed = [UInt8](repeating: 0, count: packets * IMA4.bytesPerPacket(channels: channels))
    let written = samples.withUnsafeBufferPointer { s in packed.withUnsafeMutableBytes { ima4.encode(s, into: $0) } }
    var decoder = IMA4Decoder(channels: channels)
    var decoded = [Int16](repeating: 0, count: packets * IMA4.framesPerPacket * channels)
    let frames = packed.withUnsafeBytes { src in
        decoded.withUnsafeMutableBufferPointer { dst in (try? decoder.decode(src, into: dst)) ?? -1 }
    }
    if written != packets || frames != packets * IMA4.framesPerPacket { abort() }

    let blockAlign = (Int(bytes[1] & 31) + 1) * 4 * channels + 4 * channels
    guard var wav = IMAWAVEncoder(channels: channels, blockAlign: blockAlign, search: search),
        let wavDecoder = IMAWAVDecoder(channels: channels, blockAlign: blockAlign)
    else { abort() }
    let blocks = samples.count / (wav.framesPerBlock * channels)
    var wavBytes = [UInt8](repeating: 0, count: blocks * blockAlign)
    let wavWritten = samples.withUnsafeBufferPointer { s in wavBytes.withUnsafeMutableBytes { wav.encode(s, into: $0) }
    }
    if wavWritten != blocks { abort() }
    var block = [Int16](repeating: 0, count: wav.framesPerBlock * channels)
    wavBytes.withUnsafeBytes { src in
        block.withUnsafeMutableBufferPointer { dst in
            for b in 0..<blocks
            where wavDecoder.decodeBlock(UnsafeRawBufferPointer(rebasing: src[(b * blockAlign)...]), into: dst)
                != wav.framesPerBlock
            {
                abort()
            }
        }
    }
}

func fuzzG711(_ bytes: [UInt8]) {
    var out = [Int16](repeating: 0, count: bytes.count)
    bytes.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in
            G711.decodeULaw(src, into: dst)
            G711.decodeALaw(src, into: dst)
        }
    }
}

/// Every PCM layout: the first byte picks one, the rest is unpacked.
func fuzzPCM(_ bytes: [UInt8]) {
    let layouts: [PCMFormat] =
        [.uint8, .int(8, bigEndian: true)]
        + [16, 24, 32].flatMap { [PCMFormat.int($0, bigEndian: true), .int($0, bigEndian: false)] }
        + [32, 64].flatMap { [PCMFormat.float($0, bigEndian: true), .float($0, bigEndian: false)] }
    guard let first = bytes.first else { return }
    let format = layouts[Int(first) % layouts.count]
    let body = Array(bytes.dropFirst())
    let n = body.count / format.bytesPerSample
    body.withUnsafeBytes { src in
        if format.isFloat {
            var out = [Double](repeating: 0, count: n)
            out.withUnsafeMutableBufferPointer { PCM.unpack(src, format: format, into: $0) }
            var back = [UInt8](repeating: 0, count: n * 2)
            out.withUnsafeBufferPointer { s in
                back.withUnsafeMutableBytes { PCM.pack(s, format: .int(16, bigEndian: false), into: $0) }
            }
        } else {
            var out = [Int32](repeating: 0, count: n)
            out.withUnsafeMutableBufferPointer { PCM.unpack(src, format: format, into: $0) }
            var i16 = [Int16](repeating: 0, count: n)
            out.withUnsafeBufferPointer { s in i16.withUnsafeMutableBufferPointer { PCM.int16(from: s, into: $0) } }
        }
    }
}

/// Paths that take a file: the bytes go to a file in shared memory first.
let scratchPath: String = {
    let dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    return "\(dir)/soundkit-fuzz-\(getpid())"
}()

func fuzzFile(_ bytes: [UInt8], _ body: (String) -> Void) {
    let fd = open(scratchPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    body(scratchPath)
}

/// Opens and decodes a whole file as `convert` would, discarding the samples.
func readAll(_ path: String) throws {
    try readAll(try InputFile(path: path))
}

func readAll(_ input: InputFile) throws {
    let reader = try AudioInput.open(input)
    var buffer = SampleBuffer(kind: reader.info.kind, channels: reader.info.channels)
    var i16: [Int16] = []
    while try reader.read(into: &buffer, maxFrames: 4096) > 0 { buffer.int16(into: &i16) }
}

// SwiftPM links an executable target's entry point as `<target>_main`; hand control to libFuzzer's driver from it.
// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("soundkit_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}

/// A zip archive (.ipa, APK): its central directory, every entry read and sniffed under the limits (smaller ones, so
/// that no read asks for more than the fuzzer's allocation limit), and the app tree an .ipa holds.
func fuzzZip(_ bytes: [UInt8]) {
    var limits = ZipLimits()
    limits.entryBytes = 8 << 20
    limits.totalBytes = 16 << 20
    guard let archive = try? ZipArchive(InputFile(name: "fuzz.zip", bytes: bytes), limits: limits) else { return }
    for entry in archive.entries.prefix(64) {
        _ = try? archive.read(entry)
        _ = try? archive.head(entry, count: 16)
    }
    for app in ZipTree.appBundles(in: archive) {
        let tree = ZipTree(archive, prefix: app + "/", root: app)
        _ = tree.files { _, _ in true }
        _ = tree.contents(of: "PlugIns")
    }
    // The app a team's archive holds (.ipa, zipped .app or .xcarchive), its layout and platform from its
    // Info.plist, its extensions' and watch apps' layouts, and the wiring read through them.
    if let app = BundleLayout.archivedApp(in: ZipTree(archive, prefix: "", root: "fuzz.zip")) {
        let tree = ZipTree(archive, prefix: app + "/", root: app)
        let layout = BundleLayout.of(tree)
        for bundle in layout.extensions(in: tree) + layout.watchApps(in: tree) {
            _ = BundleLayout.of(tree, at: bundle)
            _ = ExtensionChecker.check(appex: bundle, in: tree)
        }
        _ = AppWiring.check(app: tree, entitlements: nil)
    }
}

/// A request to `soundkit serve` as its parser sees it, before any body is read: the input's first line is the
/// query (after `?`), the second the `Accept` header, the third `Content-Length`, and its first byte picks the upload
/// limit. Every decision the server takes from them, each checked against what it must hold.
func fuzzServiceRequest(_ bytes: [UInt8]) {
    let lines = bytes.split(separator: 10, maxSplits: 3, omittingEmptySubsequences: false)
    func line(_ i: Int) -> String { i < lines.count ? String(decoding: lines[i], as: UTF8.self) : "" }
    let query = ServiceQuery(line(0))
    if let name = try? query.name() {
        let upload = SoundInput.uploadName(name)
        if upload.contains("/") || upload == ".." || upload.isEmpty {
            fatalError("an upload name names a path: \(upload)")
        }
    }
    _ = try? query.platforms()
    _ = try? query.quality()
    if let l = try? query.loudness(), !LoudnessTarget.levels.contains(l) { fatalError("loudness out of range: \(l)") }
    _ = try? query.provider()
    _ = ServiceAccept(line(1))
    if let prepared = try? PrepareRequest(query: query, accept: line(1)), prepared.recipes.isEmpty {
        fatalError("a prepare request with no recipe")
    }
    let limit = Int(bytes.first ?? 1) << 16
    let header: String? = lines.count > 2 ? line(2) : nil
    if let length = try? UploadLimit.declared(header, limit: limit), length < 0 || length > limit {
        fatalError("Content-Length \(length) admitted past the limit \(limit)")
    }
    let chunk = bytes.count > 8 ? Int(truncatingIfNeeded: UInt64(bytes[0]) << 56 | UInt64(bytes[1]) << 8) : 0
    _ = UploadLimit.fits(limit, adding: chunk, limit: limit)
    _ = UploadLimit.fits(Int.max, adding: chunk, limit: limit)
}

/// The call-site scanner: the first byte picks the kind of file (a language, a push body, a Capacitor config), the
/// rest is its text. Every kind is scanned, and every place it reports is a line and column from 1.
func fuzzScanner(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let kinds = [
        "a.swift", "a.m", "a.kt", "a.java", "a.dart", "a.tsx", "a.cs", "p.apns", "p.json", "capacitor.config.json",
        "capacitor.config.ts",
    ]
    guard let scan = SourceScanner.scan(Array(bytes.dropFirst()), path: kinds[Int(first) % kinds.count]) else {
        abort()
    }
    let sites = scan.references.map(\.site) + scan.runtimeSoundFolders + scan.notes.map(\.site)
    for site in sites where site.line < 1 || site.column < 1 { abort() }
}
