// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "soundkit",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SoundKit", targets: ["SoundKit"]),
        .executable(name: "soundkit", targets: ["soundkit"]),
        .plugin(name: "CheckSounds", targets: ["CheckSounds"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Typed errno and EINTR-safe file descriptors: the IO layer's one funnel to the OS.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // MARK: System libraries (the only C in the package, reached through SoundKitIO)
        cLibrary("CSndFile", pkgConfig: "sndfile", apt: "libsndfile1-dev", brew: "libsndfile"),
        cLibrary("CSoxr", pkgConfig: "soxr", apt: "libsoxr-dev", brew: "libsoxr"),
        cLibrary("CEBUR128", pkgConfig: "libebur128", apt: "libebur128-dev", brew: "libebur128"),

        // MARK: Libraries
        .target(name: "SoundKitCodecs"),
        .target(name: "SoundKitContainers", dependencies: ["SoundKitCodecs"]),
        .target(
            name: "SoundKitIO",
            dependencies: ["SoundKitContainers", "CSndFile", "CSoxr", "CEBUR128", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "SoundKitNotifications", dependencies: ["SoundKitIO"]),
        // The report a team looks at and listens to (`soundkit report`), above the checker.
        .target(name: "SoundKitReport", dependencies: ["SoundKitNotifications"]),
        .target(name: "SoundKit", dependencies: ["SoundKitNotifications", "SoundKitReport"]),

        // MARK: Executables
        .executableTarget(
            name: "soundkit",
            dependencies: ["SoundKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // MARK: Plugins
        .plugin(
            name: "CheckSounds",
            capability: .command(
                intent: .custom(verb: "check-sounds", description: "Check the package's notification sounds with soundkit check")),
            dependencies: ["soundkit"]),

        // Kernel throughput, without the C libraries: run by scripts/bench.
        .executableTarget(name: "soundkit-bench", dependencies: ["SoundKitCodecs"]),

        // MARK: Tests
        .testTarget(name: "SoundKitCodecsTests", dependencies: ["SoundKitCodecs"]),
        .testTarget(name: "SoundKitContainersTests", dependencies: ["SoundKitContainers"]),
        .testTarget(name: "SoundKitIOTests", dependencies: ["SoundKitIO"]),
        .testTarget(name: "SoundKitNotificationsTests", dependencies: ["SoundKitNotifications"]),
        .testTarget(name: "SoundKitReportTests", dependencies: ["SoundKitReport"]),
        .testTarget(name: "soundkitCLITests", dependencies: ["soundkit"]),
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
