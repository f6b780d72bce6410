import ArgumentParser
import SoundKit
import SoundKitIO
import SoundKitNotifications

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--jobs N` for `check`, `report` and `info`: what batch `convert --jobs` means, for files read instead of written.
struct JobsOption: ParsableArguments {
    @Option(help: ArgumentHelp("Files read at once (default: the number of processors).", valueName: "n"))
    var jobs: Int?

    func validate() throws {
        if let j = jobs, j < 1 { throw ValidationError("--jobs takes a number of files from 1 up.") }
    }

    var width: Int { jobs ?? BatchConverter.processorCount }
}

/// `--cache-path DIR` and `--no-cache`, for `check` and `payload`: one result cache (``ResultCache``) for both.
struct CacheOptions: ParsableArguments {
    @Option(
        name: .customLong("cache-path"),
        help: ArgumentHelp(
            "Keep the result cache in this folder (default: $XDG_CACHE_HOME/soundkit, else ~/.cache/soundkit on Linux "
                + "and ~/Library/Caches/soundkit on macOS).",
            valueName: "DIR"))
    var path: String?

    @Flag(name: .customLong("no-cache"), help: "Check every sound afresh, reading and writing no result cache.")
    var noCache = false

    func validate() throws {
        if path != nil && noCache { throw ValidationError("--cache-path and --no-cache cannot be combined.") }
    }

    /// The run's cache, or nil with --no-cache or when there is no folder for it.
    var cache: ResultCache? {
        guard !noCache, let dir = path ?? CacheFolder.defaultDirectory else { return nil }
        return ResultCache(directory: dir, identity: Self.identity)
    }

    /// The run's cache, kept in memory only with --no-cache (or with no folder for it): a sound several payloads
    /// name is checked once in a run either way.
    var runCache: ResultCache { cache ?? ResultCache(directory: nil, identity: Self.identity) }

    static var identity: String { "soundkit \(SoundKitVersion.string) " + build }

    /// The running executable's size and modification time: a rebuilt soundkit of the same version does not use
    /// what the one before cached.
    static var build: String {
        #if canImport(Darwin)
            var size: UInt32 = 4096
            var buffer = [CChar](repeating: 0, count: Int(size))
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return "unknown build" }
            let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            let path = "/proc/self/exe"
        #endif
        guard let stamp = FileSystem.stamp(path) else { return "unknown build" }
        return "build \(stamp.size) \(stamp.seconds).\(stamp.nanoseconds)"
    }

    /// With `verbose` (`check --verbose`), one line a sound on standard error: `soundkit: cache hit: PATH` or
    /// `cache miss`.
    static func tell(_ report: CheckReport, _ outcomes: [CacheOutcome?], cache: ResultCache?, verbose: Bool) {
        guard verbose, cache != nil else { return }
        for (file, outcome) in zip(report.files, outcomes) {
            switch outcome {
            case .hit?: printError("soundkit: cache hit: \(file.path)")
            case .miss?: printError("soundkit: cache miss: \(file.path)")
            case nil: printError("soundkit: cache unused (unreadable): \(file.path)")
            }
        }
    }
}
