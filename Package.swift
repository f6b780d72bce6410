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
    ],
    targets: [
        // MARK: System libraries (the only C in the package, reached through SoundKitIO)
        .systemLibrary(
            name: "CSndFile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]),
        .systemLibrary(
            name: "CSoxr", pkgConfig: "soxr",
            providers: [.apt(["libsoxr-dev"]), .brew(["libsoxr"])]),

        // MARK: Libraries
        .target(name: "SoundKitCodecs"),
        .target(name: "SoundKitContainers", dependencies: ["SoundKitCodecs"]),
        .target(name: "SoundKitIO", dependencies: ["SoundKitContainers", "CSndFile", "CSoxr"]),
        .target(name: "SoundKitNotifications", dependencies: ["SoundKitIO"]),
        .target(name: "SoundKit", dependencies: ["SoundKitNotifications"]),

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
        .testTarget(name: "soundkitCLITests", dependencies: ["soundkit"]),
    ]
)
