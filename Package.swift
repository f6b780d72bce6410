// swift-tools-version: 6.1
import PackageDescription

// The DSP kernels in the tests' debug build: with SOUNDKIT_OPTIMISE_CODECS set (scripts/test sets it), SoundKitCodecs
// is compiled at -O. A debug build's LLVM runs at -O0 even in functions marked @_optimize(speed), spilling every SIMD
// lane to the stack: the IMA4 search ran 400 times slower than in the release build (20 s of stereo: 8.2 s against
// 0.02 s), and it was most of the quick loop's CPU. Never set for a package that depends on SoundKit: unsafe flags
// would make the product ineligible as a dependency.
let codecsSettings: [SwiftSetting] =
    Context.environment["SOUNDKIT_OPTIMISE_CODECS"] != nil ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
    name: "soundkit",
    // macOS 14: Hummingbird 2 (soundkit-serve) requires it, and SwiftPM checks every target against the package's
    // minimum. Xcode 26, which Swift 6.2 and later come with, itself needs macOS 15.
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "SoundKit", targets: ["SoundKit"]),
        .executable(name: "soundkit", targets: ["soundkit"]),
        .executable(name: "soundkit-serve", targets: ["soundkit-serve"]),
        .plugin(name: "CheckSounds", targets: ["CheckSounds"]),
        .plugin(name: "SoundCheck", targets: ["SoundCheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Typed errno and EINTR-safe file descriptors: the IO layer's one funnel to the OS.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // An app's entitlements are the property list inside embedded.mobileprovision, a CMS SignedData in DER (or
        // BER): swift-asn1 walks that hostile structure with its own bounds and depth limits, so SoundKitNotifications
        // needs no OpenSSL or Security framework to reach the plist.
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // `soundkit serve` (issue 37): only the soundkit-serve executable links these, so `import SoundKit` and every
        // other command stay free of swift-nio.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.4.0"),
        // The server's connection watch (a channel handler that sees a client go); Hummingbird is built on it.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        // The request and response parts Hummingbird's HTTP/1 pipeline carries (NIOHTTPTypes), which the server's
        // connection handlers (the cap, the body's pace, the close after a refusal) read and write. Hummingbird
        // depends on it already: declared here, not added.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    ],
    targets: [
        // MARK: C
        // The system libraries, reached through SoundKitIO, and one file of soundkit's own: the registry of temporary
        // files that a signal handler removes, in C because a handler may only call async-signal-safe functions.
        cLibrary("CSndFile", pkgConfig: "sndfile", apt: "libsndfile1-dev", brew: "libsndfile"),
        cLibrary("CSoxr", pkgConfig: "soxr", apt: "libsoxr-dev", brew: "libsoxr"),
        cLibrary("CFFmpeg", pkgConfig: "libavformat", apt: "libavformat-dev", brew: "ffmpeg"),
        // zlib's raw inflate for .ipa (and APK/AAB) entries, opened at first use like the others: linked, it was
        // loaded and relocated before `main` by every process, `soundkit --version` included.
        cLibrary("CZlib", pkgConfig: "zlib", apt: "zlib1g-dev", brew: "zlib"),
        // libyaml's parser for `.soundkit.yml` (YAML is what iOS teams write their linters' configs in: SwiftLint,
        // periphery), opened when a config is read. Its events carry every node's line and column, so a config error
        // reads FILE:LINE:COL. It replaced Yams, whose Foundation import put CoreFoundation's initialiser before every
        // `main` and doubled the binary (issue 34).
        cLibrary("CLibYAML", pkgConfig: "yaml-0.1", apt: "libyaml-dev", brew: "libyaml"),

        .target(name: "CEndingSignals"),
        // C's `stderr` as a stream soundkit routes by thread: a decoder library's text stays its own call's
        // (StandardError.swift), with no descriptor moved.
        .target(name: "CStandardError"),

        // MARK: Libraries
        .target(name: "SoundKitCodecs", swiftSettings: codecsSettings),
        .target(name: "SoundKitContainers", dependencies: ["SoundKitCodecs"]),
        .target(
            name: "SoundKitIO",
            dependencies: [
                "SoundKitContainers", "CSndFile", "CSoxr", "CFFmpeg", "CZlib", "CEndingSignals", "CStandardError",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .target(
            name: "SoundKitNotifications",
            dependencies: ["SoundKitIO", .product(name: "SwiftASN1", package: "swift-asn1")]),
        // The report a team looks at and listens to (`soundkit report`), above the checker.
        .target(name: "SoundKitReport", dependencies: ["SoundKitNotifications"]),
        .target(name: "SoundKit", dependencies: ["SoundKitNotifications", "SoundKitReport"]),
        // A repository as teams keep it (issue 42): Xcode projects, XcodeGen specs, Android modules and the
        // cross-platform frameworks' layouts, and the sound names their code passes to notification APIs. Above the
        // checker, and beside SoundKitConfig, whose YAML reader it shares for pubspec.yaml and project.yml.
        .target(name: "SoundKitProjects", dependencies: ["SoundKitNotifications", "SoundKitIO", "SoundKitConfig"]),
        // The HTTP server's own part that is not HTTP plumbing: a request's query, `Accept` and `Content-Length` read
        // (hostile text, fuzzed), and the error codes only the server answers with. A module of its own so that the
        // fuzz target and the tests reach it; no library depends on it, and `import SoundKit` carries none of it.
        .target(name: "SoundKitServer", dependencies: ["SoundKitNotifications", "SoundKitIO"]),
        // `.soundkit.yml` read with libyaml into SoundKitNotifications' CheckConfiguration: a module of its own so that
        // the command line and the config fuzz target share the reader, and no library module reads YAML.
        .target(name: "SoundKitConfig", dependencies: ["SoundKitNotifications", "SoundKitIO", "CLibYAML"]),

        // MARK: Executables
        .executableTarget(
            name: "soundkit",
            dependencies: [
                "SoundKit", "SoundKitCodecs", "SoundKitContainers", "SoundKitIO", "SoundKitNotifications",
                "SoundKitReport", "SoundKitConfig", "SoundKitProjects",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // `soundkit serve`: the HTTP layer, an executable of its own that `soundkit serve` runs from beside itself, so
        // the CLI links no swift-nio and CI builds the server once (in the debug build the tests use).
        .executableTarget(
            name: "soundkit-serve",
            dependencies: [
                "SoundKit", "SoundKitContainers", "SoundKitIO", "SoundKitNotifications", "SoundKitServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]),

        // MARK: Plugins
        .plugin(
            name: "CheckSounds",
            capability: .command(
                intent: .custom(
                    verb: "check-sounds", description: "Check the package's notification sounds with soundkit check")),
            dependencies: ["soundkit"]),
        // `soundkit check` on a target's sounds in every build; findings as diagnostics, errors fail the build.
        .plugin(name: "SoundCheck", capability: .buildTool(), dependencies: ["soundkit"]),

        // Kernel throughput, without the C libraries: run by scripts/bench.
        .executableTarget(name: "soundkit-bench", dependencies: ["SoundKitCodecs"]),

        // MARK: Tests
        // Helpers every test target shares: running tools and the built binary, ffmpeg as an oracle, seeded random
        // data, and the hostile-file generator.
        .target(name: "SoundKitTestSupport", dependencies: ["SoundKitContainers"], path: "Tests/SoundKitTestSupport"),
        // The rules' examples written to disk (sounds byte by byte, property lists by Foundation) and run, shared by
        // the checker's tests and the repository checker's.
        .target(
            name: "SoundKitExampleSupport", dependencies: ["SoundKitNotifications", "SoundKitTestSupport"],
            path: "Tests/SoundKitExampleSupport"),
        .testTarget(name: "SoundKitCodecsTests", dependencies: ["SoundKitCodecs", "SoundKitTestSupport"]),
        .testTarget(name: "SoundKitContainersTests", dependencies: ["SoundKitContainers", "SoundKitTestSupport"]),
        .testTarget(name: "SoundKitIOTests", dependencies: ["SoundKitIO", "SoundKitTestSupport"]),
        .testTarget(
            name: "SoundKitNotificationsTests",
            dependencies: ["SoundKitNotifications", "SoundKitTestSupport", "SoundKitExampleSupport"]),
        .testTarget(
            name: "SoundKitProjectsTests",
            dependencies: [
                "SoundKitProjects", "SoundKitNotifications", "SoundKitTestSupport", "SoundKitExampleSupport",
            ]),
        .testTarget(name: "SoundKitReportTests", dependencies: ["SoundKitReport", "SoundKitTestSupport"]),
        .testTarget(
            name: "SoundKitServerTests",
            dependencies: ["SoundKitServer", "SoundKitIO", "SoundKitNotifications", "SoundKitTestSupport"]),
        .testTarget(
            name: "HostileInputTests",
            dependencies: ["SoundKit", "SoundKitIO", "SoundKitNotifications", "SoundKitTestSupport"]),
        .testTarget(
            name: "soundkitCLITests", dependencies: ["soundkit", "SoundKitNotifications", "SoundKitTestSupport"]),
    ]
)

/// A C library's headers. SoundKitIO opens the library itself when it first needs it (SystemLibraries.swift), so
/// on Linux, where the headers are in /usr/include, nothing links it and a process that reads CAF, AIFF or WAV
/// itself never loads it. On macOS pkg-config finds Homebrew's headers (and links the library, which costs little
/// there).
func cLibrary(_ name: String, pkgConfig: String, apt: String, brew: String) -> Target {
    #if os(Linux)
        return .systemLibrary(name: name, providers: [.apt([apt]), .brew([brew])])
    #else
        return .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt]), .brew([brew])])
    #endif
}

// scripts/fuzz builds the libFuzzer targets (Fuzz/) with SOUNDKIT_FUZZ=1 and -sanitize=fuzzer,address; without it the
// target does not exist, so `swift build` never tries to link an executable whose main is libFuzzer's.
if Context.environment["SOUNDKIT_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "soundkit-fuzz",
            dependencies: [
                "SoundKitCodecs", "SoundKitContainers", "SoundKitIO", "SoundKitNotifications", "SoundKitConfig",
                "SoundKitProjects", "SoundKitServer", "CFFmpeg",
            ],
            path: "Fuzz",
            exclude: ["chunks.dict", "yaml.dict", "scanner.dict", "xml.dict", "gradle.dict", "xcode.dict"]))
}
