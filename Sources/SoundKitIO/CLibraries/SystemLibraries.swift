import CSndFile
import CSoxr
import CZlib

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libsndfile and libsoxr, opened the first time they are needed. Most conversions read CAF, AIFF and WAV with
/// soundkit's own parsers and never resample; such a process does not load these libraries and the codec
/// libraries they pull in, which is most of a short conversion's start-up. Types and constants still come
/// from the system headers; on Linux nothing links the libraries (Package.swift).
package enum SystemLibrary {
    /// The handle of the first of `names` that dlopen loads.
    package static func open(_ names: [String]) -> UnsafeMutableRawPointer? {
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return handle }
        }
        return nil
    }

    /// The names a library is found by: its soname, then Homebrew's and MacPorts' folders on macOS.
    package static func candidates(linux: String, darwin: String) -> [String] {
        #if os(macOS)
            return [darwin] + ["/opt/homebrew/lib/", "/usr/local/lib/", "/opt/local/lib/"].map { $0 + darwin }
        #else
            return [linux]
        #endif
    }

    package struct Missing: Error {
        package let message: String

        package init(message: String) { self.message = message }
    }

    /// Every symbol of `names` from `handle`, or the first that is missing.
    package static func symbols(
        _ handle: UnsafeMutableRawPointer, _ names: [String]
    ) -> Result<[UnsafeMutableRawPointer], Missing> {
        var found: [UnsafeMutableRawPointer] = []
        for name in names {
            guard let p = dlsym(handle, name) else { return .failure(Missing(message: "the library has no \(name)")) }
            found.append(p)
        }
        return .success(found)
    }
}

/// The libsndfile functions soundkit calls (SndFile.swift is their only user).
struct SndFileLibrary {
    typealias Open = @convention(c) (UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<SF_INFO>?) -> OpaquePointer?
    typealias Close = @convention(c) (OpaquePointer?) -> Int32
    typealias ReadInt = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, sf_count_t) -> sf_count_t
    typealias ReadDouble = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, sf_count_t) -> sf_count_t
    typealias ErrorCode = @convention(c) (OpaquePointer?) -> Int32
    typealias ErrorString = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias Command = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?, Int32) -> Int32
    typealias OpenVirtual =
        @convention(c) (
            UnsafeMutablePointer<SF_VIRTUAL_IO>?, Int32, UnsafeMutablePointer<SF_INFO>?, UnsafeMutableRawPointer?
        ) -> OpaquePointer?
    typealias WriteDouble = @convention(c) (OpaquePointer?, UnsafePointer<Double>?, sf_count_t) -> sf_count_t

    let open: Open, close: Close, readfInt: ReadInt, readfDouble: ReadDouble
    let error: ErrorCode, strerror: ErrorString, command: Command
    let openVirtual: OpenVirtual, writefDouble: WriteDouble

    static let shared: Result<SndFileLibrary, SystemLibrary.Missing> = {
        guard
            let h = SystemLibrary.open(SystemLibrary.candidates(linux: "libsndfile.so.1", darwin: "libsndfile.1.dylib"))
        else {
            return .failure(.init(message: "apt install libsndfile1, or brew install libsndfile"))
        }
        return SystemLibrary.symbols(
            h,
            [
                "sf_open", "sf_close", "sf_readf_int", "sf_readf_double", "sf_error", "sf_strerror", "sf_command",
                "sf_open_virtual", "sf_writef_double",
            ]
        )
        .map { p in
            SndFileLibrary(
                open: unsafeBitCast(p[0], to: Open.self), close: unsafeBitCast(p[1], to: Close.self),
                readfInt: unsafeBitCast(p[2], to: ReadInt.self), readfDouble: unsafeBitCast(p[3], to: ReadDouble.self),
                error: unsafeBitCast(p[4], to: ErrorCode.self), strerror: unsafeBitCast(p[5], to: ErrorString.self),
                command: unsafeBitCast(p[6], to: Command.self), openVirtual: unsafeBitCast(p[7], to: OpenVirtual.self),
                writefDouble: unsafeBitCast(p[8], to: WriteDouble.self))
        }
    }()

    /// The library, or an error naming `path` that says what to install.
    static func forDecoding(_ path: String) throws(AudioFileError) -> SndFileLibrary {
        switch shared {
        case .success(let lib): return lib
        case .failure(let missing):
            throw AudioFileError(path, .libraryMissing(library: "libsndfile", install: missing.message))
        }
    }
}

/// The libsoxr functions soundkit calls (Resampler.swift is their only user).
struct SoxrLibrary {
    typealias IOSpec = @convention(c) (soxr_datatype_t, soxr_datatype_t) -> soxr_io_spec_t
    typealias QualitySpec = @convention(c) (UInt, UInt) -> soxr_quality_spec_t
    typealias Create =
        @convention(c) (
            Double, Double, UInt32, UnsafeMutablePointer<soxr_error_t?>?, UnsafePointer<soxr_io_spec_t>?,
            UnsafePointer<soxr_quality_spec_t>?, UnsafePointer<soxr_runtime_spec_t>?
        ) -> soxr_t?
    typealias Delete = @convention(c) (soxr_t?) -> Void
    typealias Process =
        @convention(c) (
            soxr_t?, soxr_in_t?, Int, UnsafeMutablePointer<Int>?, soxr_out_t?, Int,
            UnsafeMutablePointer<Int>?
        ) -> soxr_error_t?

    let ioSpec: IOSpec, qualitySpec: QualitySpec, create: Create, delete: Delete, process: Process

    static let shared: Result<SoxrLibrary, SystemLibrary.Missing> = {
        guard let h = SystemLibrary.open(SystemLibrary.candidates(linux: "libsoxr.so.0", darwin: "libsoxr.0.dylib"))
        else {
            return .failure(.init(message: "apt install libsoxr0, or brew install libsoxr"))
        }
        return SystemLibrary.symbols(
            h, ["soxr_io_spec", "soxr_quality_spec", "soxr_create", "soxr_delete", "soxr_process"]
        )
        .map { p in
            SoxrLibrary(
                ioSpec: unsafeBitCast(p[0], to: IOSpec.self), qualitySpec: unsafeBitCast(p[1], to: QualitySpec.self),
                create: unsafeBitCast(p[2], to: Create.self), delete: unsafeBitCast(p[3], to: Delete.self),
                process: unsafeBitCast(p[4], to: Process.self))
        }
    }()

    static func forResampling(_ path: String) throws(AudioFileError) -> SoxrLibrary {
        switch shared {
        case .success(let lib): return lib
        case .failure(let missing):
            throw AudioFileError(path, .libraryMissing(library: "libsoxr", install: missing.message))
        }
    }
}

/// zlib's raw inflate and CRC-32 (ZipArchive.swift is their only user), opened at first use like the others: a
/// process that reads no .ipa, .apk or .aab never maps it (linked, it was loaded and relocated before `main` by every
/// `soundkit --version`).
struct ZlibLibrary {
    typealias InflateInit =
        @convention(c) (UnsafeMutablePointer<z_stream>?, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    typealias Inflate = @convention(c) (UnsafeMutablePointer<z_stream>?, Int32) -> Int32
    typealias InflateEnd = @convention(c) (UnsafeMutablePointer<z_stream>?) -> Int32
    typealias Version = @convention(c) () -> UnsafePointer<CChar>?
    typealias CRC32 = @convention(c) (uLong, UnsafePointer<Bytef>?, uInt) -> uLong

    let inflateInit2: InflateInit, inflate: Inflate, inflateEnd: InflateEnd, version: Version, crc32: CRC32

    static let shared: Result<ZlibLibrary, SystemLibrary.Missing> = {
        guard let h = SystemLibrary.open(SystemLibrary.candidates(linux: "libz.so.1", darwin: "libz.1.dylib")) else {
            return .failure(.init(message: "apt install zlib1g, or brew install zlib"))
        }
        return SystemLibrary.symbols(h, ["inflateInit2_", "inflate", "inflateEnd", "zlibVersion", "crc32"]).map { p in
            ZlibLibrary(
                inflateInit2: unsafeBitCast(p[0], to: InflateInit.self), inflate: unsafeBitCast(p[1], to: Inflate.self),
                inflateEnd: unsafeBitCast(p[2], to: InflateEnd.self), version: unsafeBitCast(p[3], to: Version.self),
                crc32: unsafeBitCast(p[4], to: CRC32.self))
        }
    }()
}
