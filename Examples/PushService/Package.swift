// swift-tools-version: 6.1
// A push service's use of SoundKit, end to end: uploads made into notification sounds, payloads linted. It depends
// on soundkit by path and uses only the service API (SoundInput, NotificationSounds, PreparedSound, SoundKitError,
// PayloadLinter). soundkit's tests build and run it (Tests/soundkitCLITests/PushServiceExampleTests.swift).
import PackageDescription

let package = Package(
    name: "PushService",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "soundkit", path: "../..")],
    targets: [
        .executableTarget(name: "PushService", dependencies: [.product(name: "SoundKit", package: "soundkit")])
    ]
)
