import Foundation
import SoundKit
import SoundKitIO
import SoundKitNotifications

/// What a route answers before it becomes a Hummingbird response: the status, the headers soundkit sets, the body
/// (whose size the request's log line and `/metrics` count).
struct Reply: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var headers: [(String, String)] = []

    /// A JSON document, encoded as the command line's `--format json` encodes it.
    static func json<T: Encodable>(_ value: T, status: Int = 200) -> Reply {
        Reply(
            status: status, contentType: "application/json", body: Array(((try? jsonText(value)) ?? "{}").utf8) + [10])
    }

    static func text(_ text: String, contentType: String, status: Int = 200) -> Reply {
        Reply(status: status, contentType: contentType, body: Array(text.utf8))
    }
}

/// Every error a route answers: `{"code": …, "message": …}` with its status, in words a customer can be shown.
struct Refusal: Error, Sendable {
    var status: Int
    var code: String
    var message: String
    /// `Retry-After` seconds, for 429 and 503.
    var retryAfter: Int?
    /// `Allow`, for 405.
    var allow: String?

    init(_ status: Int, _ code: String, _ message: String, retryAfter: Int? = nil, allow: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.allow = allow
    }

    /// The library's error, with its status; a cancelled job is the request's timeout.
    init(_ error: SoundKitError) {
        if error.code == .cancelled {
            self = .timedOut
        } else {
            self.init(error.code.httpStatus, error.code.rawValue, error.message)
        }
    }

    static let timedOut = Refusal(
        SoundKitError.Code.timedOut.httpStatus, SoundKitError.Code.timedOut.rawValue,
        "the request took longer than this server allows; try a shorter sound or try again later", retryAfter: 1)
    static let draining = Refusal(
        503, SoundKitError.Code.busy.rawValue, "the server is shutting down; try again shortly", retryAfter: 1)
    static let busy = Refusal(
        SoundKitError.Code.busy.httpStatus, SoundKitError.Code.busy.rawValue,
        "the server has as much work queued as it takes; try again shortly", retryAfter: 1)
    /// The client went before its answer: nobody reads it, but the log line and `/metrics` count it (nginx's 499).
    static let clientGone = Refusal(
        SoundKitError.Code.cancelled.httpStatus, SoundKitError.Code.cancelled.rawValue,
        "the client closed the connection")
    static let unauthorized = Refusal(401, "unauthorized", "this server needs an Authorization: Bearer token")
    static let notFound = Refusal(404, "no-route", "there is no such route; GET /openapi.yaml lists them")
    static let internalError = Refusal(500, SoundKitError.Code.systemFailure.rawValue, "the server failed")

    /// The library's verdict on a request's parameters or headers.
    init(_ problem: RequestProblem) { self.init(problem.status, problem.code, problem.message) }

    static func tooLarge(_ limit: Int) -> Refusal { Refusal(RequestProblem.tooLarge(limit)) }

    static func invalid(_ message: String) -> Refusal { Refusal(RequestProblem.invalid(message)) }

    var reply: Reply {
        struct Body: Encodable {
            var code: String
            var message: String
        }
        var r = Reply.json(Body(code: code, message: message), status: status)
        if let retryAfter { r.headers.append(("Retry-After", String(retryAfter))) }
        if let allow { r.headers.append(("Allow", allow)) }
        return r
    }
}
