import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTPTypes
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitServer
import Synchronization

/// The routes: their paths, methods and whether they take an upload.
enum Route: String, CaseIterable, Sendable {
    case prepare = "/v1/sounds/prepare"
    case check = "/v1/sounds/check"
    case info = "/v1/sounds/info"
    case payload = "/v1/payloads/check"
    case rules = "/v1/rules"
    case healthz = "/healthz"
    case readyz = "/readyz"
    case metrics = "/metrics"
    case openapi = "/openapi.yaml"
    case page = "/"

    var method: HTTPRequest.Method {
        switch self {
        case .prepare, .check, .info, .payload: return .post
        default: return .get
        }
    }

    /// Whether the route takes an upload, and so a place in the queue.
    var takesUpload: Bool { method == .post }
    /// Whether `--token-file`'s token guards it: the routes under ``apiPrefix``.
    var isAPI: Bool { rawValue.hasPrefix(Self.apiPrefix + "/") }
    /// The prefix of the API's routes, the router's group that carries the token.
    static let apiPrefix = "/v1"
    /// What a 405 on this route's path names in `Allow` (a GET route answers HEAD too).
    var allowed: String { method == .get ? "GET, HEAD" : method.rawValue }
}

/// Admission and draining: how many uploads are in (working or queued), whether the server drains, how many
/// requests of any kind are under way.
final class Gate: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    private let lock = Mutex(())
    private var admitted = 0
    private var underWay = 0
    private var bodies = 0
    private var heldBytes = 0
    private var isDraining = false
    let limit: Int
    /// The most bytes of uploads held at once, arriving or admitted (in memory or spooled).
    let byteLimit: Int

    /// `limit` places; `byteLimit` bytes of uploads.
    init(limit: Int, byteLimit: Int) {
        self.limit = limit
        self.byteLimit = byteLimit
    }

    var draining: Bool { lock.withLock { _ in isDraining } }
    var busy: Int { lock.withLock { _ in underWay } }
    var inQueue: Int { lock.withLock { _ in admitted } }
    /// Upload bodies being received (they hold no place).
    var receiving: Int { lock.withLock { _ in bodies } }
    /// Bytes of uploads held, arriving or admitted.
    var bytesHeld: Int { lock.withLock { _ in heldBytes } }

    /// Holds `count` more bytes of an upload; false when that would pass ``byteLimit``.
    func hold(_ count: Int) -> Bool {
        lock.withLock { _ in
            guard count <= byteLimit - heldBytes else { return false }
            heldBytes += count
            return true
        }
    }

    /// Gives back bytes ``hold(_:)`` held.
    func unhold(_ count: Int) { lock.withLock { _ in heldBytes -= count } }

    func drain() { lock.withLock { _ in isDraining = true } }

    func begin() { lock.withLock { _ in underWay += 1 } }
    func end() { lock.withLock { _ in underWay -= 1 } }

    /// Takes a place for an upload, or says why not.
    func admit() -> Refusal? {
        lock.withLock { _ in
            if isDraining { return .draining }
            if admitted >= limit { return .busy }
            admitted += 1
            return nil
        }
    }

    func release() { lock.withLock { _ in admitted -= 1 } }

    /// Why an upload would be refused a place now, if it would: asked before its body is read (and before
    /// `Expect: 100-continue` is answered), so that a full server does not read a body it cannot take.
    func wouldRefuse() -> Refusal? {
        lock.withLock { _ in
            if isDraining { return .draining }
            return admitted >= limit ? .busy : nil
        }
    }

    /// Runs `receive`, counted in ``receiving``.
    func receiving<T>(_ receive: () async throws -> T) async throws -> T {
        lock.withLock { _ in bodies += 1 }
        defer { lock.withLock { _ in bodies -= 1 } }
        return try await receive()
    }
}

/// What each route answers, registered once on a Hummingbird `Router` (``Routes/router(cors:token:logger:)``); the
/// router's middleware does the rest: the log line and metrics, error documents, CORS, the token.
struct Routes {
    typealias Context = ServeContext
    let options: ServeOptions
    let gate: Gate
    let pool: WorkerPool
    let work: Work
    let metricsText: @Sendable () -> [UInt8]

    /// The reply of `route`, or the refusal thrown.
    func answer(_ request: Request, route: Route, context: Context) async throws -> Reply {
        switch route {
        case .healthz: return .json(["status": "ok"])
        case .readyz: if gate.draining { throw Refusal.draining } else { return .json(["status": "ready"]) }
        case .metrics: return Reply(status: 200, contentType: "text/plain; version=0.0.4", body: metricsText())
        case .openapi: return .text(OpenAPI.document, contentType: "application/yaml")
        case .page: return .text(Page.html, contentType: "text/html; charset=utf-8")
        case .rules: return .json(RulesDocument.current)
        case .prepare, .check, .info, .payload:
            return try await upload(request, route: route, context: context, counted: context.record.bytesIn)
        }
    }

    /// A `/v1` POST: refused by its `Content-Length`, or when no place could be had, before its body is read (the
    /// connection then closes); `Expect: 100-continue` answered 100 only past that; the body read (holding no place,
    /// at `--body-timeout`'s pace); then a place taken and the work done on a worker thread, all within `--timeout`.
    /// A client that goes cancels it: its job leaves the queue, or its worker abandons it between chunks, and its
    /// place is free at once.
    func upload(_ request: Request, route: Route, context: Context, counted: ByteCount) async throws -> Reply {
        let length: Int?
        let query = ServiceQuery(request.uri.query ?? "")
        // A push body has its own limit, far below a sound's, and is never spooled.
        let limit = route == .payload ? Swift.min(options.maxUpload, Work.payloadLimit) : options.maxUpload
        do {
            length = try UploadLimit.declared(request.headers[.contentLength], limit: limit)
            _ = try query.name()
        } catch let problem {
            throw problem.code == ServiceCode.tooLarge.rawValue ? Refusal.tooLarge(limit) : Refusal(problem)
        }
        // Refused before the body is read, the connection closes: the rest of the body is not read to be discarded.
        if let refusal = gate.wouldRefuse() { throw refusal.closing(if: length != 0) }
        if request.headers[.expect]?.lowercased() == "100-continue" {
            let goOn = HTTPResponsePart.head(HTTPResponse(status: .continue))
            try? await context.channel.writeAndFlush(goOn).get()
        }
        let watch = await context.clientWatch()
        let gate = self.gate
        let accept = request.headers[.accept] ?? ""
        let work = self.work
        let pool = self.pool
        let body = request.body
        // Past --spool-above-kb the body goes to a file: a queued upload then holds no memory for its bytes. Removed
        // when the job ends, however it ends (and nothing is written to it after that).
        let received = UploadBody(
            scratch: work.scratch, threshold: route == .payload ? limit : options.spoolAbove, name: query["name"],
            expected: length)
        let bodyIn = ByteCount()
        // The place is taken once the body is in: a client trickling its body holds none. The job holds it until it
        // has really stopped (its work stops at its next chunk once cancelled), so that --jobs bounds the work
        // running, not only the requests waiting for it.
        // The bodies arriving hold no place, but their bytes count against the bytes the places held before: at most
        // (--jobs + --queue) x --max-upload-mb, arriving and admitted together, so TMPDIR needs no more than that.
        let held = ByteCount()
        let job = Task { () async throws -> Reply in
            defer {
                received.discard()
                gate.unhold(held.value)
            }
            try await gate.receiving {
                try await Self.collect(body, into: received, limit: limit, counted: counted) { n in
                    guard gate.hold(n) else { return false }
                    held.add(n)
                    return true
                }
            }
            bodyIn.add(1)
            if received.count == 0 { throw Refusal.invalid("the request has no body: send the file's bytes") }
            if let refusal = gate.admit() { throw refusal }
            defer { gate.release() }
            let upload = try received.finish()
            let outcome = try await pool.run { () -> Result<Reply, Refusal> in
                Result { () throws(Refusal) -> Reply in
                    switch route {
                    case .prepare: return try work.prepare(upload, query: query, accept: accept)
                    case .check: return try work.check(upload, query: query)
                    case .info: return try work.info(upload, query: query)
                    default: return try work.payload(upload, query: query)
                    }
                }
            }
            return try outcome.get()
        }
        let registration = watch?.onGone { job.cancel() }
        defer { if let registration { watch?.forget(registration) } }
        do {
            return try await Self.answer(of: job, within: options.timeout)
        } catch {
            if watch?.hasGone == true { throw Refusal.clientGone }
            // Out of time before the body was in: the client's slowness (408), not the work's (504).
            if let r = error as? Refusal, r.status == Refusal.timedOut.status, bodyIn.value == 0 {
                throw Refusal.bodyTimedOut
            }
            throw error
        }
    }

    /// `job`'s result, or ``Refusal/timedOut`` once `seconds` have passed; then `job` is cancelled, and the answer
    /// does not wait for it to stop (its place in the pool does).
    static func answer(of job: Task<Reply, any Error>, within seconds: Int) async throws -> Reply {
        /// The continuation both the job and the timer may resume, whichever comes first (a `Mutex` is not copyable,
        /// so the closures share it through an object).
        final class Once: Sendable { let continuation = Mutex<CheckedContinuation<Reply, any Error>?>(nil) }
        let once = Once()
        @Sendable func resume(_ result: Result<Reply, any Error>) {
            once.continuation.withLock { c in
                c?.resume(with: result)
                c = nil
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<Reply, any Error>) in
                once.continuation.withLock { $0 = c }
                let timer = Task {
                    try await Task.sleep(for: .seconds(seconds))
                    // The timeout answers first: cancelled, the job ends with a CancellationError that would
                    // otherwise race it to the answer (and be a 500).
                    resume(.failure(Refusal.timedOut))
                    job.cancel()
                }
                Task {
                    let result = await job.result
                    timer.cancel()
                    resume(result)
                }
            }
        } onCancel: {
            job.cancel()
        }
    }

    /// Reads the body into `received`, refused as soon as it passes `limit`, or when `hold` cannot hold its next
    /// bytes (the server holds as many bytes of uploads as it takes: 429). A body that breaks HTTP's framing (a
    /// malformed chunk) is the client's fault: 400.
    static func collect(
        _ body: RequestBody, into received: UploadBody, limit: Int, counted: ByteCount, hold: (Int) -> Bool
    ) async throws {
        do {
            for try await buffer in body {
                guard UploadLimit.fits(received.count, adding: buffer.readableBytes, limit: limit) else {
                    throw Refusal.tooLarge(limit)
                }
                guard hold(buffer.readableBytes) else { throw Refusal.bytesFull }
                try buffer.withUnsafeReadableBytes { chunk throws(Refusal) in try received.append(chunk) }
                counted.add(buffer.readableBytes)
            }
        } catch let error as Refusal {
            throw error
        } catch is BodyTooSlow {
            throw Refusal.bodyTooSlow
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            var r = Refusal(400, SoundKitError.Code.invalidRequest.rawValue, "the request body is malformed")
            r.cause = "\(error)"
            r.closes = true
            throw r
        }
    }
}

/// Bytes of a request body read so far, for its log line.
final class ByteCount: @unchecked Sendable {
    // @unchecked: `count` is read and written under `lock`.
    private let lock = Mutex(())
    private var count = 0
    var value: Int { lock.withLock { _ in count } }
    func add(_ n: Int) { lock.withLock { _ in count += n } }
}
