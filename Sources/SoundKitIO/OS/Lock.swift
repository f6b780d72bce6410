#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The libraries' and the command line's one lock type (no `NSLock`, `NIOLock` or bare `pthread_mutex_t` beside it): a
/// `pthread_mutex_t` with its condition variable (``wait()``, ``signal()``, ``broadcast()``: the worker pool's queue
/// needs one) behind swift-nio's `NIOLock` shape (`withLock`). Not `Synchronization.Mutex`: on Darwin it needs
/// macOS 15, past the macOS 13 the libraries declare, so every type holding one would carry
/// `@available(macOS 15, *)`; and a condition variable would still need this wrapper. soundkit-serve, a package of its
/// own that declares macOS 15, uses `Mutex`. Every shared mutable state in the libraries sits behind one of these or a
/// ``LockedValueBox``.
package final class Lock: @unchecked Sendable {
    // @unchecked: the mutex is what makes sharing safe; it lives at a stable address for the object's life.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// What ``wait()`` sleeps on (swift-nio's `ConditionLock` underneath).
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Sleeps until ``broadcast()``, letting the lock go meanwhile; call it with the lock held, which it holds again
    /// on return (check what was waited for again: a wake-up may be spurious).
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes one thread in ``wait()``.
    package func signal() { pthread_cond_signal(condition) }

    /// Wakes every thread in ``wait()``.
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// `body`'s result, run with the lock held.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A value only reached with its lock held (swift-nio's `NIOLockedValueBox`).
package final class LockedValueBox<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `withLockedValue`.
    private let lock = Lock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// `body`'s result, given the value to read or change with the lock held.
    package func withLockedValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
