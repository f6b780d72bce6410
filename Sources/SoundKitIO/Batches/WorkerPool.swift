#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixed set of threads for CPU-bound work (decoding, encoding, checking) that async code awaits without
/// running it on Swift's cooperative pool, whose few threads every other task of a process (a server's requests,
/// its health checks) shares. Jobs wait in a queue, first in first out, bounded when ``init(threads:queueLimit:)``
/// says so.
///
/// Cancelling the task that awaits ``run(_:)``: a job still queued is dropped at once; a job under way is told
/// through ``isCancelled`` (which every reader checks between chunks) and its waiter resumed, as cancelled, only when
/// it has stopped — so that whoever counts places by the awaits (a server's `--jobs`) never has more work running than
/// threads. Its result is thrown away.
@_spi(SoundKitServe) public final class WorkerPool: @unchecked Sendable {
    // @unchecked: `queue`, `closed` and every job's `state` are read and written under `mutex` only.

    /// Why a job did not run.
    @_spi(SoundKitServe) public enum Refusal: Error, Sendable {
        /// The queue already held `queueLimit` jobs.
        case full
        /// The awaiting task was cancelled, or the pool shut down.
        case cancelled
    }

    /// Guards the queue; its condition is "a job is ready, or the pool closed".
    private let mutex = Lock()
    private var queue: [Job] = []
    private var head = 0
    private var closed = false
    private let queueLimit: Int?
    /// The number of threads.
    package let threads: Int

    /// A pool of `threads` threads (at least one) started now, and a queue of at most `queueLimit` waiting jobs
    /// (nil: unbounded).
    @_spi(SoundKitServe) public init(threads: Int, queueLimit: Int? = nil) {
        self.threads = Swift.max(1, threads)
        self.queueLimit = queueLimit.map { Swift.max(0, $0) }
        for _ in 0..<self.threads { Self.start { [self] in self.work() } }
    }

    /// Jobs waiting for a thread.
    @_spi(SoundKitServe) public var queued: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return queue.count - head
    }

    /// Whether the job running on this thread was cancelled (always false off the pool's threads).
    package static var isCancelled: Bool {
        guard let job = Job.current else { return false }
        return job.cancelFlag.isSet
    }

    /// Runs `body` on one of the pool's threads and returns its result.
    @_spi(SoundKitServe) public func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async throws(Refusal) -> T {
        let job = Job()
        let outcome: Result<T, Refusal> = await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<Result<T, Refusal>, Never>) in
                job.body = {
                    let result = body()
                    return { c.resume(returning: .success(result)) }
                }
                job.refuse = { c.resume(returning: .failure($0)) }
                enqueue(job)
            }
        } onCancel: {
            cancel(job)
        }
        return try outcome.get()
    }

    /// Stops the threads once the queue is empty; jobs not yet taken are refused as cancelled.
    @_spi(SoundKitServe) public func shutdown() {
        mutex.lock()
        closed = true
        let dropped = queue[head...]
        queue = []
        head = 0
        var refusals: [(Refusal) -> Void] = []
        for job in dropped where job.state == .queued {
            job.state = .done
            if let r = job.refuse { refusals.append(r) }
        }
        mutex.broadcast()
        mutex.unlock()
        for r in refusals { r(.cancelled) }
    }

    private func enqueue(_ job: Job) {
        mutex.lock()
        let refusal: Refusal?
        if job.state != .new || closed {
            refusal = .cancelled
        } else if let limit = queueLimit, queue.count - head >= limit {
            refusal = .full
        } else {
            refusal = nil
            job.state = .queued
            queue.append(job)
            mutex.signal()
        }
        if refusal != nil { job.state = .done }
        mutex.unlock()
        if let refusal { job.refuse?(refusal) }
    }

    private func cancel(_ job: Job) {
        mutex.lock()
        let state = job.state
        job.cancelFlag.set()
        switch state {
        case .new: job.state = .cancelledEarly
        case .queued: job.state = .done
        // Its thread resumes the waiter when the body returns, at its next chunk.
        case .running, .cancelledEarly, .done: break
        }
        if state == .queued, let i = queue[head...].firstIndex(where: { $0 === job }) { queue.remove(at: i) }
        mutex.unlock()
        if state == .queued { job.refuse?(.cancelled) }
    }

    /// One thread's loop: take the next job, run it, resume its waiter unless it was cancelled meanwhile.
    private func work() {
        while true {
            mutex.lock()
            while head == queue.count && !closed { mutex.wait() }
            if head == queue.count {
                mutex.unlock()
                return
            }
            let job = queue[head]
            head += 1
            if head > 64 && head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            job.state = .running
            mutex.unlock()
            Job.current = job
            let resume = job.body?()
            Job.current = nil
            mutex.lock()
            let waiting = job.state == .running
            let refuse = job.refuse
            job.state = .done
            job.body = nil
            job.refuse = nil
            mutex.unlock()
            if waiting {
                if job.cancelFlag.isSet { refuse?(.cancelled) } else { resume?() }
            }
        }
    }

    private static func start(_ body: @escaping () -> Void) {
        let box = Unmanaged.passRetained(ThreadBody(body))
        #if canImport(Darwin)
            var created: pthread_t? = nil
            let rc = pthread_create(
                &created, nil,
                { raw in
                    Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body()
                    return nil
                }, box.toOpaque())
        #else
            var thread = pthread_t()
            let rc = pthread_create(
                &thread, nil,
                { raw in
                    guard let raw else { return nil }
                    Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body()
                    return nil
                }, box.toOpaque())
        #endif
        if rc != 0 {
            box.release()
            return
        }
        #if canImport(Darwin)
            if let created { pthread_detach(created) }
        #else
            pthread_detach(thread)
        #endif
    }

    private final class ThreadBody {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}

/// One job's state and its waiter's continuation, guarded by its pool's mutex.
private final class Job: @unchecked Sendable {
    enum State { case new, cancelledEarly, queued, running, done }
    var state = State.new
    /// Runs the work and returns what resumes its waiter.
    var body: (() -> () -> Void)?
    var refuse: ((WorkerPool.Refusal) -> Void)?
    let cancelFlag = CancelFlag()

    /// The job the current thread runs, in a thread-specific slot.
    static var current: Job? {
        get {
            guard let raw = pthread_getspecific(key) else { return nil }
            return Unmanaged<Job>.fromOpaque(raw).takeUnretainedValue()
        }
        set {
            if let old = pthread_getspecific(key) { Unmanaged<Job>.fromOpaque(old).release() }
            pthread_setspecific(key, newValue.map { Unmanaged.passRetained($0).toOpaque() })
        }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}

/// A flag set once, read from any thread.
private final class CancelFlag: Sendable {
    private let value = LockedValueBox(false)

    var isSet: Bool { value.withLockedValue { $0 } }

    func set() { value.withLockedValue { $0 = true } }
}
