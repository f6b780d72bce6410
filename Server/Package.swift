// swift-tools-version: 6.1
// soundkit-serve, `soundkit serve`'s HTTP server (issue 37), as a package of its own: Hummingbird 2 needs macOS 14, and
// SwiftPM's platforms are a package's, not a product's, so the server beside the libraries raised `import SoundKit`'s
// floor to Hummingbird's and made every package depending on SoundKit resolve swift-nio. Here it depends on the
// package one folder up, by path; scripts/build --with-server builds both executables in this package's build folder
// (soundkit from the dependency), since `soundkit serve` runs the soundkit-serve beside it.
//
// The library calls the server makes that are not SoundKit's public API are its SPI, `@_spi(SoundKitServe)`: public to
// a client that imports them by that name, absent from everyone else's view of SoundKit and from its documentation.
import PackageDescription

let package = Package(
    name: "soundkit-serve",
    // macOS 15: Hummingbird 2 needs 14, and the server's shared state is behind Synchronization's Mutex (15).
    platforms: [.macOS(.v15)],
    products: [.executable(name: "soundkit-serve", targets: ["soundkit-serve"])],
    dependencies: [
        .package(name: "soundkit", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The spool file's writes and the token file's read, as the libraries do them (typed errno, EINTR retried).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
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
        // The server's own part that is not HTTP plumbing: a request's query, `Accept` and `Content-Length` read
        // (hostile text, fuzzed), and the error codes only the server answers with. The root package's fuzz target
        // and its SoundKitServerTests compile these two files too (links to them), so that CI's one debug build,
        // that package's, tests and fuzzes them.
        .target(name: "SoundKitServer", dependencies: [.product(name: "SoundKit", package: "soundkit")]),
        .executableTarget(
            name: "soundkit-serve",
            dependencies: [
                "SoundKitServer",
                .product(name: "SoundKit", package: "soundkit"),
                .product(name: "SystemPackage", package: "swift-system"),
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
    ]
)
