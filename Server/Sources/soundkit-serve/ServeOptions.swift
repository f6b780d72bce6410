import Foundation
@_spi(SoundKitServe) import SoundKitIO
import SystemPackage

/// `soundkit serve`'s options, read from the arguments: where to listen and the limits a service owner sets.
struct ServeOptions: Sendable {
    var host = "127.0.0.1"
    var port = 8080
    /// The largest upload taken, in bytes.
    var maxUpload = 64 << 20
    /// Threads doing the CPU-bound work.
    var jobs = BatchConverter.processorCount
    /// Requests waiting for a thread beyond those working; one more is answered 429.
    var queue = 16
    /// Bytes of an upload held in memory; past them it is spooled to a temporary file.
    var spoolAbove = 1 << 20
    /// Seconds a request may take, body and work together.
    var timeout = 30
    /// The bearer token `/v1` requires, when `--token-file` names one.
    var token: String?
    /// The origin CORS allows, when `--cors` names one.
    var cors: String?
    /// Connections open at once; one more is answered 503 and closed.
    var maxConnections = 256
    /// Seconds over which a request body must bring ``minimumBodyRate`` bytes a second, or be cut with 408.
    var bodyTimeout = 10
    /// Seconds a connection with no request under way is kept open: above the idle timeout of the load balancers in
    /// front (AWS ALB's 60 s by default), so that the server never closes a connection the balancer is about to
    /// reuse (its client would get a 502).
    var idleTimeout = 75
    /// The slowest body taken, in bytes a second averaged over `--body-timeout`: 1 KB/s, 8 kbit/s, which a phone on
    /// GPRS (20 kbit/s and more up) passes with room for a stall of several seconds.
    static let minimumBodyRate = 1024

    static let usage = """
        USAGE: soundkit serve [--host 127.0.0.1] [--port 8080] [--max-upload-mb 64] [--jobs N] [--queue N]
                              [--timeout SECONDS] [--token-file FILE] [--cors ORIGIN] [--spool-above-kb 1024]
                              [--max-connections 256] [--body-timeout 10] [--idle-timeout 75]

        Serves soundkit over HTTP: POST a sound to /v1/sounds/prepare and get iOS's CAF and Android's Ogg and the
        findings; /v1/sounds/check, /v1/sounds/info, /v1/payloads/check, /v1/rules; /healthz, /readyz, /metrics,
        /openapi.yaml, and a page at /. Prints `listening on http://HOST:PORT` when ready (--port 0 takes a free
        port). SIGTERM or SIGINT drains: /readyz turns 503, requests under way finish, new ones get 503, exit 0.
        An upload past --spool-above-kb is kept in a temporary file (in TMPDIR) rather than in memory.

        Limits: an upload takes a place (one of --jobs working, --queue waiting; 429 past them) once its body is in,
        so a slow client holds none. A body must bring 1 KB a second on average over each --body-timeout seconds
        (10 KB in 10 s by default: a phone on a bad link passes) or it is cut with 408 and the connection closed; a
        request's headers must be in within --body-timeout of their first byte (408 and closed). --timeout bounds the
        whole request. A connection with no request under way closes after --idle-timeout (75 s: keep it above the
        idle timeout of a load balancer in front, 60 s on AWS ALB). `Expect: 100-continue` is answered 100 only when a place is free (429 or
        503 at once otherwise, the body unread). The uploads arriving and admitted hold at most (--jobs + --queue) x
        --max-upload-mb bytes together (429 past them). After a 413 or a refusal the connection closes. Past
        --max-connections (256) a new connection is answered 503 and closed.

        """

    /// Why the arguments cannot be served.
    struct Problem: Error { var message: String }

    /// The options `arguments` give (without the program's name).
    static func parse(_ arguments: [String]) throws(Problem) -> ServeOptions {
        var o = ServeOptions()
        var i = 0
        func value(_ flag: String) throws(Problem) -> String {
            guard i + 1 < arguments.count else { throw Problem(message: "\(flag) needs a value") }
            i += 1
            return arguments[i]
        }
        func number(_ flag: String, _ range: ClosedRange<Int>) throws(Problem) -> Int {
            let text = try value(flag)
            guard let n = Int(text), range.contains(n) else {
                throw Problem(message: "\(flag) takes a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return n
        }
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "--host": o.host = try value(a)
            case "--port": o.port = try number(a, 0...65535)
            case "--max-upload-mb": o.maxUpload = try number(a, 1...1024) << 20
            case "--jobs": o.jobs = try number(a, 1...256)
            case "--queue": o.queue = try number(a, 0...10000)
            case "--timeout": o.timeout = try number(a, 1...3600)
            case "--spool-above-kb": o.spoolAbove = try number(a, 0...1_048_576) << 10
            case "--token-file": o.token = try readToken(try value(a))
            case "--cors": o.cors = try value(a)
            case "--max-connections": o.maxConnections = try number(a, 1...100_000)
            case "--body-timeout": o.bodyTimeout = try number(a, 1...3600)
            case "--idle-timeout": o.idleTimeout = try number(a, 1...86400)
            case "-h", "--help": throw Problem(message: "")
            default: throw Problem(message: "unknown argument \(a)")
            }
            i += 1
        }
        return o
    }

    /// The token in `path`: its first line, without surrounding white space.
    static func readToken(_ path: String) throws(Problem) -> String {
        let bytes: [UInt8]
        do {
            let fd = try FileDescriptor.open(FilePath(path), .readOnly)
            defer { try? fd.close() }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = try buffer.withUnsafeMutableBytes { try fd.read(into: $0) }
            bytes = Array(buffer.prefix(count))
        } catch {
            throw Problem(message: "\(path): \(error)")
        }
        let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
        let token = line.trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { throw Problem(message: "\(path): the token file is empty") }
        return token
    }
}
