import Foundation
import HTTPTypes
@_spi(SoundKitServe) import SoundKit
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitServer
import SystemPackage

/// What a route answers before it becomes a Hummingbird response: the status, the headers soundkit sets, the body
/// (whose size the request's log line and `/metrics` count).
struct Reply: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var headers: [(String, String)] = []
    /// Why a 5xx happened, for the request's log line only (never sent).
    var cause: String?

    /// A JSON document, encoded as the command line's `--format json` encodes it; a document that cannot be encoded
    /// is a 500 whose log line says why, never a 200 with less than the document.
    static func json<T: Encodable>(_ value: T, status: Int = 200) -> Reply {
        do {
            return Reply(status: status, contentType: "application/json", body: Array(try jsonText(value).utf8) + [10])
        } catch {
            return Refusal.internalError("encoding the \(T.self) document: \(error)").reply
        }
    }

    static func text(_ text: String, contentType: String, status: Int = 200) -> Reply {
        Reply(status: status, contentType: contentType, body: Array(text.utf8))
    }

    /// The response's head: its status, `Content-Type`, `Content-Length`, `Cache-Control: no-store` and the headers
    /// soundkit set.
    var head: HTTPResponse {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        fields[.contentLength] = String(body.count)
        fields[.cacheControl] = "no-store"
        for (name, value) in headers {
            if let n = HTTPField.Name(name) { fields.append(HTTPField(name: n, value: value)) }
        }
        return HTTPResponse(status: HTTPResponse.Status(code: status), headerFields: fields)
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
    /// Why it happened, for the log line (a 5xx's cause: the errno, the error thrown); never sent.
    var cause: String?
    /// Whether the connection closes after the answer: the rest of the request is not read.
    var closes = false

    init(_ status: Int, _ code: String, _ message: String, retryAfter: Int? = nil, allow: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.allow = allow
    }

    /// The library's error, with the server's status for its code; a cancelled job is the request's timeout.
    init(_ error: SoundKitError) {
        if error.code == .cancelled {
            self = .timedOut
        } else {
            self.init(error.code.httpStatus, error.code.rawValue, error.message)
            if status >= 500 { cause = "\(error.code.rawValue): \(error.description)" }
        }
    }

    /// The work ran past `--timeout`: 504, without `Retry-After` (the same request would run out of time again).
    static let timedOut = Refusal(
        504, ServiceCode.timedOut.rawValue,
        "the work took longer than this server allows; try a shorter sound")
    /// The body did not arrive within `--timeout`: 408, and the connection closes.
    static let bodyTimedOut: Refusal = {
        var r = Refusal(408, ServiceCode.timedOut.rawValue, "the request body did not arrive in time")
        r.closes = true
        return r
    }()
    /// The body came more slowly than ``ServeOptions/minimumBodyRate``: 408, and the connection closes.
    static let bodyTooSlow: Refusal = {
        var r = Refusal(
            408, ServiceCode.timedOut.rawValue,
            "the request body arrived more slowly than this server takes (1 KB a second)")
        r.closes = true
        return r
    }()
    static let draining = Refusal(
        503, ServiceCode.busy.rawValue, "the server is shutting down; try again shortly", retryAfter: 1)
    static let busy = Refusal(
        429, ServiceCode.busy.rawValue, "the server has as much work queued as it takes; try again shortly",
        retryAfter: 1)
    /// The uploads arriving and admitted hold as many bytes as the server takes: 429, and the connection closes.
    static let bytesFull: Refusal = {
        var r = Refusal(
            429, ServiceCode.busy.rawValue,
            "the server is receiving as many uploads as it takes; try again shortly",
            retryAfter: 1)
        r.closes = true
        return r
    }()
    /// The client went before its answer: nobody reads it, but the log line and `/metrics` count it (nginx's 499).
    static let clientGone = Refusal(499, SoundKitError.Code.cancelled.rawValue, "the client closed the connection")
    static let unauthorized = Refusal(
        401, ServiceCode.unauthorized.rawValue, "this server needs an Authorization: Bearer token")
    static let notFound = Refusal(
        404, ServiceCode.noRoute.rawValue, "there is no such route; GET /openapi.yaml lists them")

    /// The server failed for `cause` (logged with the request's id; the client reads only that the server failed).
    static func internalError(_ cause: String) -> Refusal {
        var r = Refusal(500, SoundKitError.Code.systemFailure.rawValue, "the server failed")
        r.cause = cause
        return r
    }

    /// `what` failed with the calling thread's `errno`, kept for the log (a full disk says so).
    static func systemFailure(_ what: String, errno code: Int32 = errno) -> Refusal {
        internalError("\(what): \(String(cString: strerror(code))) (errno \(code))")
    }

    /// Writes all of `bytes` to `fd` (swift-system continues short writes and retries `EINTR`), or throws
    /// ``systemFailure(_:errno:)`` with `what` and the write's errno: a full TMPDIR is named in the log.
    static func write(_ bytes: some Sequence<UInt8>, to fd: Int32, _ what: String) throws(Refusal) {
        do {
            _ = try FileDescriptor(rawValue: fd).writeAll(bytes)
        } catch let error as Errno {
            throw systemFailure(what, errno: error.rawValue)
        } catch {
            throw internalError("\(what): \(error)")
        }
    }

    /// The library's verdict on a request's parameters or headers.
    init(_ problem: RequestProblem) { self.init(problem.status, problem.code, problem.message) }

    /// A body past `limit` bytes: 413, and the connection closes (the rest of the body is not read).
    static func tooLarge(_ limit: Int) -> Refusal {
        let size = limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(limit >> 10) KB"
        var r = Refusal(
            413, ServiceCode.tooLarge.rawValue, "the upload is larger than this route takes (\(size))")
        r.closes = true
        return r
    }

    static func invalid(_ message: String) -> Refusal { Refusal(RequestProblem.invalid(message)) }

    /// This refusal, closing the connection when `closes` (its body is not read: a full queue, a draining server).
    func closing(if closes: Bool) -> Refusal {
        var r = self
        r.closes = r.closes || closes
        return r
    }

    var reply: Reply {
        struct Body: Encodable {
            var code: String
            var message: String
        }
        var r = Reply.json(Body(code: code, message: message), status: status)
        if let retryAfter { r.headers.append(("Retry-After", String(retryAfter))) }
        if let allow { r.headers.append(("Allow", allow)) }
        if closes { r.headers.append(("Connection", "close")) }
        r.cause = cause
        return r
    }
}
