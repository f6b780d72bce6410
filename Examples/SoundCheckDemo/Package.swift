// swift-tools-version: 6.1
// A package whose target ships notification sounds and checks them in every build with soundkit's SoundCheck
// plugin: `swift build` here fails, naming the sound, when one of Sources/Chimes/Sounds is one iOS will not play.
import PackageDescription

let package = Package(
    name: "SoundCheckDemo",
    dependencies: [
        // A project outside this repository names it by URL and version instead.
        .package(name: "soundkit", path: "../..")
    ],
    targets: [
        .target(
            name: "Chimes",
            resources: [.copy("Sounds")],
            plugins: [.plugin(name: "SoundCheck", package: "soundkit")])
    ]
)
