import Hummingbird
import NIOCore
@_spi(SoundKitServe) import SoundKitIO
import Synchronization

/// Whether the client of a connection has gone: it closed its side (end of input) or the connection closed. One per
/// connection, in its pipeline; a request under way registers what to do then (cancel its job, so that a queued job
/// leaves the queue and a running one is abandoned between chunks).
///
/// End of input counts as gone, as Go's net/http counts it (its connection's background read cancels the request's
/// context on EOF): an HTTP/1.1 client keeps its side open until it has the response, and one that closed it has
/// usually closed the whole connection, which a server cannot tell apart without writing to it.
final class ClientWatch: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    // @unchecked: `gone`, `next` and `waiting` are read and written under `lock` only.
    // Parts pass through untouched, whatever their type.
    typealias InboundIn = Any
    typealias InboundOut = Any

    private let lock = Mutex(())
    private var gone = false
    private var next = 0
    private var waiting: [Int: @Sendable () -> Void] = [:]

    /// Runs `action` once when the client goes (at once if it has gone); returns what ``forget(_:)`` takes.
    func onGone(_ action: @escaping @Sendable () -> Void) -> Int {
        let (id, now): (Int, Bool) = lock.withLock { _ in
            next += 1
            if !gone { waiting[next] = action }
            return (next, gone)
        }
        if now { action() }
        return id
    }

    /// Drops what ``onGone(_:)`` registered, once the request it served is answered.
    func forget(_ id: Int) { _ = lock.withLock { _ in waiting.removeValue(forKey: id) } }

    var hasGone: Bool { lock.withLock { _ in gone } }

    private func markGone() {
        let actions: [@Sendable () -> Void] = lock.withLock { _ in
            gone = true
            defer { waiting = [:] }
            return Array(waiting.values)
        }
        for a in actions { a() }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let e = event as? ChannelEvent, e == .inputClosed { markGone() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        markGone()
        context.fireChannelInactive()
    }
}

/// The request context: Hummingbird's, and the connection's channel, where a request finds its ``ClientWatch``.
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel
    /// What the request's log line needs from inside the router: the bytes read, a 5xx's cause.
    let record = RequestRecord()

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The connection's watch (nil if the pipeline has none).
    func clientWatch() async -> ClientWatch? {
        try? await channel.pipeline.handler(type: ClientWatch.self).get()
    }
}
