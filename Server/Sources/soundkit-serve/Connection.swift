import Hummingbird
import Logging
import Metrics
import NIOCore
import NIOHTTPTypes
@_spi(SoundKitServe) import SoundKitIO
import SoundKitServer
import Synchronization

/// The connections open, counted for `--max-connections` and `/metrics`.
final class Connections: @unchecked Sendable {
    // @unchecked: `open` is read and written under `lock` only.
    private let lock = Mutex(())
    private var open = 0
    private var refusedUnlogged = 0
    private var lastLogged: ContinuousClock.Instant?
    /// The most connections held open at once.
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Connections open now (those refused are not counted).
    var count: Int { lock.withLock { _ in open } }

    /// Takes a place for a connection; false when `limit` are open.
    func take() -> Bool {
        lock.withLock { _ in
            guard open < limit else { return false }
            open += 1
            return true
        }
    }

    /// Gives back a place ``take()`` gave.
    func give() { lock.withLock { _ in open -= 1 } }

    /// Counts a connection refused; returns how many were refused since the last log line when one is due (a second
    /// after the last), nil meanwhile: a flood of refusals is a line a second, not a line each.
    func refused() -> Int? {
        lock.withLock { _ in
            refusedUnlogged += 1
            let now = ContinuousClock.now
            if let last = lastLogged, now - last < .seconds(1) { return nil }
            lastLogged = now
            defer { refusedUnlogged = 0 }
            return refusedUnlogged
        }
    }
}

/// `--max-connections`: a connection past the cap is answered 503 `busy` (`Retry-After: 1`, `Connection: close`) and
/// closed at once, without reading a request from it.
///
/// Hummingbird's own `MaximumAvailableConnections` stops accepting instead: a connection past it waits in the kernel's
/// listen backlog, connected but unanswered, for as long as the open ones last (slow clients, for one). A client or a
/// load balancer cannot tell that from a slow server; refused, it retries elsewhere or later at once.
final class ConnectionCap: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    private let connections: Connections
    private let logger: Logger
    private var started = false
    private var holds = false

    /// Refused connections are logged with `logger`, a line a second at most.
    init(_ connections: Connections, logger: Logger) {
        self.connections = connections
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if holds { connections.give() }
        holds = false
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if holds { connections.give() }
        holds = false
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A refused connection's request is never answered by the routes.
        if holds { context.fireChannelRead(data) }
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        holds = connections.take()
        guard !holds else { return }
        Counter(label: "soundkit_connections_refused_total").increment()
        if let count = connections.refused() {
            logger.warning(
                "connections refused",
                metadata: ["count": "\(count)", "limit": "\(connections.limit)", "status": "503"])
        }
        var refusal = Refusal(
            503, "busy", "the server has as many connections open as it takes; try again shortly", retryAfter: 1)
        refusal.closes = true
        let reply = refusal.reply
        context.write(wrapOutboundOut(.head(reply.head)), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: reply.body))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}

/// A request body slower than the floor: the request's collection ends with it (408, and the connection closes).
struct BodyTooSlow: Error {}

/// The minimum pace of a request body: every `window` (`--body-timeout`) must bring at least `floor` bytes, or the
/// body's end; a body slower than that is cut with ``BodyTooSlow`` (the route answers 408). A client that sends a byte
/// now and then holds no connection for long.
///
/// NIO's `IdleStateHandler` sees only silence: one byte per window would pass it. The clock runs only while the
/// request is the one being answered (a pipelined request waits for its turn without being counted slow), and on
/// after its answer while the rest of its body comes (a route that takes no body is answered at once; then the
/// connection closes).
final class BodyPace: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let window: TimeAmount
    private let floor: Int
    /// Requests whose head came and whose final response has not been written.
    private var owed = 0
    /// Whether the newest request's body is still coming.
    private var reading = false
    private var bytes = 0
    private var timer: Scheduled<Void>?

    /// At least `floor` bytes every `seconds`.
    init(seconds: Int, floor: Int) {
        window = .seconds(Int64(seconds))
        self.floor = floor
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            owed += 1
            reading = true
            restart(context)
        case .body(let buffer):
            bytes += buffer.readableBytes
        case .end:
            reading = false
            stop()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            owed = Swift.max(owed - 1, 0)
            if reading { restart(context) }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { stop() }

    private func restart(_ context: ChannelHandlerContext) {
        stop()
        bytes = 0
        // Only the request being answered (or answered already, its body still coming: Hummingbird reads the rest
        // before the next request) is timed: one behind it is not read until its turn.
        guard reading, owed <= 1 else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: window) { self.check(context) }
    }

    private func check(_ context: ChannelHandlerContext) {
        timer = nil
        guard reading else { return }
        if bytes < floor {
            reading = false
            context.fireErrorCaught(BodyTooSlow())
        } else {
            restart(context)
        }
    }

    private func stop() {
        timer?.cancel()
        timer = nil
    }
}

/// A response that says `Connection: close` (a 413, a refusal before the body was read, a 408) closes the connection
/// once written, rather than leaving Hummingbird to read and throw away the rest of the body without bound. When
/// the request's body is still coming, the server closes its side first (the response is not lost to a reset), then
/// throws away at most ``lingerBytes`` more, for at most ``lingerTime``, and closes: a lingering close, as nginx's.
final class CloseAfterResponse: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The most bytes read and thrown away after the response.
    static let lingerBytes = 256 << 10
    /// The longest the server waits for the client to stop sending after the response.
    static let lingerTime = TimeAmount.seconds(2)

    private var closing = false
    private var lingering = false
    /// Requests whose head came and whose end has not.
    private var unfinished = 0
    private var discarded = 0

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        guard lingering else {
            switch part {
            case .head: unfinished += 1
            case .body: break
            case .end: unfinished = Swift.max(unfinished - 1, 0)
            }
            return context.fireChannelRead(data)
        }
        // Thrown away: the rest of the body answered, up to its end (or a next request, which is not served).
        if case .body(let buffer) = part {
            discarded += buffer.readableBytes
            if discarded <= Self.lingerBytes { return }
        }
        context.close(promise: nil)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational:
            closing = head.headerFields[.connection]?.lowercased() == "close"
        case .end where closing:
            closing = false
            let written = context.eventLoop.makePromise(of: Void.self)
            if let promise { written.futureResult.cascade(to: promise) }
            context.write(data, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in self.linger(context) }
            return
        default: break
        }
        context.write(data, promise: promise)
    }

    private func linger(_ context: ChannelHandlerContext) {
        guard unfinished > 0 else { return context.close(promise: nil) }
        lingering = true
        context.close(mode: .output, promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingerTime) { context.close(promise: nil) }
    }
}

/// A request's head must arrive whole within `--body-timeout` of its first byte, as its body must keep a pace: a
/// client that trickles its headers (slowloris) is answered 408 and closed, rather than holding a connection until
/// the idle timeout (`--idle-timeout`, 75 s, longer than a load balancer keeps an idle connection).
///
/// The HTTP decoder passes nothing on until a head is whole, so the clock is ``Bytes``, a handler ahead of the
/// decoder that this one puts first in the pipeline when it is added; this one, after the decoder, tells it when a
/// head has come, when a request has ended and when a response has.
final class HeadPace: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let bytes: Bytes

    /// A head whole within `seconds` of its first byte; a connection cut is logged with `logger`.
    init(seconds: Int, logger: Logger) { bytes = Bytes(window: .seconds(Int64(seconds)), logger: logger) }

    func handlerAdded(context: ChannelHandlerContext) {
        do {
            try context.pipeline.syncOperations.addHandler(bytes, position: .first)
        } catch {
            // Without it no head is timed: the idle timeout still closes the connection.
            bytes.logger.warning("head-pace", metadata: ["error": "\(error)"])
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: bytes.headCame()
        case .body: break
        case .end: bytes.requestEnded()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { bytes.responseEnded() }
        context.write(data, promise: promise)
    }

    /// The clock, ahead of the HTTP decoder: it sees the bytes of a head as they come. It runs from the first byte
    /// that is not part of a request under way (a head's first byte, or one after a response has ended), and stops
    /// when the decoder has made a head of them.
    final class Bytes: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let window: TimeAmount
        let logger: Logger
        private var context: ChannelHandlerContext?
        /// Requests whose head came and whose response has not ended.
        private var owed = 0
        /// Whether bytes came after the last request ended, or before any head: a head in part.
        private var partial = false
        private var timer: Scheduled<Void>?

        init(window: TimeAmount, logger: Logger) {
            self.window = window
            self.logger = logger
        }

        func handlerAdded(context: ChannelHandlerContext) { self.context = context }

        func handlerRemoved(context: ChannelHandlerContext) {
            stop()
            self.context = nil
        }

        func channelInactive(context: ChannelHandlerContext) {
            stop()
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            partial = true
            if owed == 0 { start() }
            context.fireChannelRead(data)
        }

        func headCame() {
            owed += 1
            partial = false
            stop()
        }

        /// The request's end came: bytes that came with it were its body's.
        func requestEnded() { partial = false }

        func responseEnded() {
            owed = Swift.max(owed - 1, 0)
            if owed == 0 && partial { start() }
        }

        private func start() {
            guard timer == nil, let context else { return }
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: window) { self.expired() }
        }

        private func stop() {
            timer?.cancel()
            timer = nil
        }

        /// The head is late: 408, written here as bytes (the decoder holds a head in part, the encoder has no
        /// request to answer), and the connection closed.
        private func expired() {
            timer = nil
            guard owed == 0, partial, let context else { return }
            partial = false
            Counter(label: "soundkit_slow_heads_total").increment()
            logger.info(
                "head too slow",
                metadata: ["peer": "\(context.channel.remoteAddress?.description ?? "?")", "status": "408"])
            let reply = Refusal.headTooSlow.reply
            var text = "HTTP/1.1 408 Request Timeout\r\n"
            // The refusal's fields say `Connection: close`.
            for field in reply.head.headerFields { text += "\(field.name): \(field.value)\r\n" }
            text += "\r\n"
            var out = context.channel.allocator.buffer(capacity: text.utf8.count + reply.body.count)
            out.writeString(text)
            out.writeBytes(reply.body)
            let written = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(out), promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }
}

extension Refusal {
    /// A request's head did not come whole within `--body-timeout` of its first byte: 408, and the connection closes.
    static let headTooSlow: Refusal = {
        var r = Refusal(
            408, ServiceCode.timedOut.rawValue, "the request's headers did not arrive in time")
        r.closes = true
        return r
    }()
}
