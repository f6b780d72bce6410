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
    // The libraries' floor. soundkit-serve, whose Hummingbird 2 needs macOS 14, is a package of its own (Server/), so
    // that `import SoundKit` neither needs macOS 14 nor resolves swift-nio: SwiftPM's platforms are a package's, not a
    // product's.
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SoundKit", targets: ["SoundKit"]),
        .executable(name: "soundkit", targets: ["soundkit"]),
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
        // The server's request parser (Server/Sources/SoundKitServer, a module of the server's package) and its tests,
        // compiled into one test module here: the parser is pure and needs only the libraries, and CI's debug build is
        // this package's (a debug build of Server/ for these tests alone took 216 s, measured). Its two files are
        // symbolic links to the server's, so the code tested is the code the server compiles.
        .testTarget(name: "SoundKitServerTests", dependencies: ["SoundKitIO", "SoundKitNotifications"]),
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
                "SoundKitProjects", "CFFmpeg",
            ],
            path: "Fuzz",
            exclude: ["chunks.dict", "yaml.dict", "scanner.dict", "xml.dict", "gradle.dict", "xcode.dict"]))
}
