// soundkit-serve: `soundkit serve`, the toolchain as an HTTP service. An executable of its own so that the command
// line links no swift-nio; `soundkit serve` runs it from beside itself.
import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
@_spi(SoundKitServe) import SoundKitIO

let options: ServeOptions
do {
    options = try ServeOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    if error.message.isEmpty {
        print(ServeOptions.usage, terminator: "")
        exit(0)
    }
    FileHandle.standardError.write(Data("soundkit serve: error: \(error.message)\n\(ServeOptions.usage)".utf8))
    exit(64)
}

LoggingSystem.bootstrap(StreamLogHandler.standardError)
let registry = PrometheusCollectorRegistry()
MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
let logger = {
    var l = Logger(label: "soundkit-serve")
    l.logLevel = .info
    return l
}()

// Every request's temporary files live in one folder of this process's own, removed at exit.
// macOS's TMPDIR ends in a slash (/var/folders/…/T/): without it, the folder's path is the one the checker reports, and
// the one taken out of the documents.
var tmpdir = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
while tmpdir.count > 1 && tmpdir.hasSuffix("/") { tmpdir.removeLast() }
var template = Array((tmpdir + "/soundkit-serve-XXXXXX").utf8CString)
guard let made = mkdtemp(&template) else {
    FileHandle.standardError.write(Data("soundkit serve: error: cannot create a temporary folder\n".utf8))
    exit(1)
}
let scratch = String(cString: made)

// Places, and the bytes of uploads they held before bodies were read holding none: (--jobs + --queue) x --max-upload.
let places = options.jobs + options.queue
let byteBudget = places.multipliedReportingOverflow(by: options.maxUpload)
let gate = Gate(limit: places, byteLimit: byteBudget.overflow ? Int.max : byteBudget.partialValue)
let pool = WorkerPool(threads: options.jobs)
let connections = Connections(limit: options.maxConnections)
let routes = Routes(
    options: options, gate: gate, pool: pool, work: Work(scratch: scratch),
    metricsText: {
        Gauge(label: "soundkit_queue_depth").record(pool.queued)
        Gauge(label: "soundkit_uploads_admitted").record(gate.inQueue)
        Gauge(label: "soundkit_uploads_receiving").record(gate.receiving)
        Gauge(label: "soundkit_upload_bytes").record(gate.bytesHeld)
        Gauge(label: "soundkit_connections_open").record(connections.count)
        return registry.emitToBuffer()
    })
let host = options.host
let app = Application(
    router: routes.router(cors: options.cors, token: options.token, logger: logger),
    // Every connection gets, after Hummingbird's HTTP/1 codec: the cap (refused past --max-connections), the close
    // after a response that says so (bounded), the head's and the body's pace (408 when too slow), and a ClientWatch
    // (a request whose client goes leaves the queue, or its worker, at once). A connection with no request under way
    // closes after --idle-timeout; a request under way is answered by its own timeout first.
    server: .http1(
        configuration: .init(
            additionalChannelHandlers: [
                ConnectionCap(connections, logger: logger), CloseAfterResponse(),
                HeadPace(seconds: options.bodyTimeout, logger: logger),
                BodyPace(
                    seconds: options.bodyTimeout, floor: options.bodyTimeout * ServeOptions.minimumBodyRate),
                ClientWatch(),
            ], idleTimeout: .seconds(Int64(options.idleTimeout)))
    ),
    configuration: ApplicationConfiguration(address: .hostname(host, port: options.port), serverName: nil),
    onServerRunning: { channel in
        let port = channel.localAddress?.port ?? options.port
        let shown = host.contains(":") ? "[\(host)]" : host
        FileHandle.standardOutput.write(Data("listening on http://\(shown):\(port)\n".utf8))
    },
    logger: logger)
/// The drain, a service of the group listed after the application so that the group's graceful shutdown (SIGTERM or
/// SIGINT) reaches it first: /readyz and new uploads answer 503 while the requests under way finish (each within
/// --timeout). When it returns the application shuts down gracefully in turn: it takes no new connection and closes
/// each open one once its response is written.
struct Drain: Service {
    func run() async throws {
        // Returns when the group shuts down gracefully (throws if it is cancelled instead).
        try await gracefulShutdown()
        gate.drain()
        logger.info("draining", metadata: ["under-way": "\(gate.busy)"])
        let deadline = ContinuousClock.now + .seconds(options.timeout + 1)
        // Requests under way, and work whose request was answered (timed out) but which has not stopped yet.
        while (gate.busy > 0 || gate.inQueue > 0) && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        logger.info("drained", metadata: ["under-way": "\(gate.busy)"])
    }
}

let services = ServiceGroup(
    configuration: .init(
        services: [
            .init(service: app),
            .init(service: Drain(), successTerminationBehavior: .gracefullyShutdownGroup),
        ],
        gracefulShutdownSignals: [.sigterm, .sigint], cancellationSignals: [], logger: logger))

var status: Int32 = 0
do {
    try await services.run()
} catch {
    FileHandle.standardError.write(Data("soundkit serve: error: \(error)\n".utf8))
    status = 1
}
try? FileManager.default.removeItem(atPath: scratch)
pool.shutdown()
exit(status)
