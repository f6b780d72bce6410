import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Metrics
import NIOCore
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitServer
import Synchronization

extension Routes {
    /// The router: every ``Route`` registered once (HEAD answered on each GET route by Hummingbird), `/v1` a group
    /// carrying the token when `token` is set; outermost the log line and metrics, then CORS when `cors` names an
    /// origin, then the error documents.
    func router(cors: String?, token: String?, logger: Logger) -> Router<Context> {
        let router = Router(context: Context.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestLog(gate: gate, pool: pool, logger: logger))
        if let cors { router.add(middleware: CrossOrigin(origin: cors)) }
        router.add(middleware: ErrorDocument())
        let api = router.group(RouterPath(Route.apiPrefix))
        if let token { api.add(middleware: BearerToken(token: token)) }
        for route in Route.allCases {
            let (routes, path): (any RouterMethods<Context>, String) =
                route.isAPI ? (api, String(route.rawValue.dropFirst(Route.apiPrefix.count))) : (router, route.rawValue)
            routes.on(RouterPath(path), method: route.method) { request, context in
                try await answer(request, route: route, context: context).response(context)
            }
        }
        return router
    }
}

extension Reply {
    /// The Hummingbird response; a 5xx's cause goes to the request's log line through `context`.
    func response(_ context: ServeContext) -> Response {
        if let cause { context.record.cause(cause) }
        let head = head
        return Response(
            status: head.status, headers: head.headerFields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// What a request's log line needs from inside the router (one per request, in its ``ServeContext``).
final class RequestRecord: Sendable {
    /// Bytes of the request body read.
    let bytesIn = ByteCount()
    private let why = Mutex<String?>(nil)
    /// Why a 5xx happened, for the log line only.
    var cause: String? { why.withLock { $0 } }
    func cause(_ text: String) { why.withLock { $0 = text } }
}

/// One log line and the metrics of each request, and its count in ``Gate/busy`` while it is under way. A 5xx other
/// than 503 is logged at `error` with its cause, so that whoever is paged reads why.
struct RequestLog: RouterMiddleware {
    typealias Context = ServeContext
    let gate: Gate
    let pool: WorkerPool
    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        gate.begin()
        defer { gate.end() }
        let response = try await next(request, context)
        let elapsed = (ContinuousClock.now - start).components
        let ms = Double(elapsed.attoseconds / 1_000_000_000_000_000) + Double(elapsed.seconds) * 1000
        // The route matched, or for a 405 the route of the path; a HEAD sends no body.
        let route = Route(rawValue: context.endpointPath ?? "") ?? Route(rawValue: request.uri.path)
        let bytesOut = request.method == .head ? 0 : response.body.contentLength ?? 0
        record(route?.rawValue ?? "unknown", status: response.status.code, context: context, out: bytesOut, ms: ms)
        return response
    }

    func record(_ label: String, status: Int, context: Context, out bytesOut: Int, ms: Double) {
        let bytesIn = context.record.bytesIn.value
        var metadata: Logger.Metadata = [
            "id": "\(context.id)", "route": "\(label)", "status": "\(status)", "in": "\(bytesIn)",
            "out": "\(bytesOut)", "ms": "\(Int(ms))",
        ]
        if status >= 500 && status != 503 {
            metadata["cause"] = "\(context.record.cause ?? "not recorded")"
            logger.error("request", metadata: metadata)
        } else {
            logger.info("request", metadata: metadata)
        }
        Counter(label: "soundkit_requests_total", dimensions: [("route", label), ("status", String(status))])
            .increment()
        Timer(label: "soundkit_request_duration_seconds", dimensions: [("route", label)])
            .recordNanoseconds(Int64(ms * 1_000_000))
        Counter(label: "soundkit_bytes_in_total").increment(by: bytesIn)
        Counter(label: "soundkit_bytes_out_total").increment(by: bytesOut)
        Gauge(label: "soundkit_queue_depth").record(pool.queued)
    }
}

/// Every error as its JSON document and status: a ``Refusal`` as it is, a ``RequestProblem`` as the library's
/// verdict, no route for the path 404, a route's path with another method 405 with `Allow`, anything else 500 (its
/// cause logged). Nothing answers 200 without its document.
struct ErrorDocument: RouterMiddleware {
    typealias Context = ServeContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let refusal as Refusal {
            return refusal.reply.response(context)
        } catch let problem as RequestProblem {
            return Refusal(problem).reply.response(context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let route = Route(rawValue: request.uri.path) else { return Refusal.notFound.reply.response(context) }
            let refusal = Refusal(
                405, ServiceCode.methodNotAllowed.rawValue, "\(route.rawValue) takes \(route.method.rawValue)",
                allow: route.allowed)
            return refusal.reply.response(context)
        } catch {
            return Refusal.internalError("\(type(of: error)): \(error)").reply.response(context)
        }
    }
}

/// `--token-file`'s token on the `/v1` group: `Authorization: Bearer` must give it (compared in constant time), or
/// 401 with `WWW-Authenticate: Bearer`.
struct BearerToken: RouterMiddleware {
    typealias Context = ServeContext
    let token: String

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.authorized(request.headers[.authorization], token: token) else {
            var reply = Refusal.unauthorized.reply
            reply.headers.append(("WWW-Authenticate", "Bearer"))
            return reply.response(context)
        }
        return try await next(request, context)
    }

    /// Whether `header` is `Bearer` and `token` (compared in constant time).
    static func authorized(_ header: String?, token: String) -> Bool {
        guard let header, header.hasPrefix("Bearer ") else { return false }
        let given = Array(header.dropFirst(7).utf8)
        let wanted = Array(token.utf8)
        var diff = given.count ^ wanted.count
        for i in 0..<wanted.count { diff |= Int(wanted[i] ^ (i < given.count ? given[i] : 0)) }
        return diff == 0
    }
}

/// `--cors ORIGIN`: Hummingbird's `CORSMiddleware` (preflights answered, `Allow-Origin` and `Vary` on responses to a
/// request with an `Origin`), and `Access-Control-Expose-Headers` on those responses too, where a browser reads it
/// (the library sends it on preflights only): a page reads a download's name and when to retry.
struct CrossOrigin: RouterMiddleware {
    typealias Context = ServeContext
    static let exposed = ["Content-Disposition", "Retry-After"]
    let library: CORSMiddleware<Context>

    init(origin: String) {
        library = CORSMiddleware(
            allowOrigin: .custom(origin), allowHeaders: [.authorization, .contentType, .accept],
            allowMethods: [.get, .head, .post, .options], exposedHeaders: Self.exposed, maxAge: .seconds(600))
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await library.handle(request, context: context, next: next)
        if request.headers[.origin] != nil, request.method != .options {
            response.headers[.accessControlExposeHeaders] = Self.exposed.joined(separator: ", ")
        }
        return response
    }
}
