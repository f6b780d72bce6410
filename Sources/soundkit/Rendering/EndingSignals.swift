import SoundKit
import SoundKitCodecs
import SoundKitContainers
import SoundKitIO
import SoundKitNotifications
import SoundKitReport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A signal that ends soundkit (Ctrl-C, `kill`, a closed terminal) first removes the temporary files of the
/// outputs under way, which would otherwise stay beside them as `.name.caf.soundkit-XXXXXX`. The outputs themselves
/// never appear half-written either way.
///
/// The signals are blocked in every thread and taken by one thread that waits for them (`sigwait`), so the
/// removal runs as ordinary code, not in a signal handler; then the signal is raised again with its default
/// action, and the process ends as it would have (the shell sees 130 for Ctrl-C, 143 for SIGTERM).
enum EndingSignals {
    /// Starts the thread. Call before any other thread exists: threads inherit the blocked signals.
    /// A signal the process was started ignoring (`nohup` ignores SIGHUP, a shell SIGINT for `cmd &`) stays
    /// ignored.
    static func removeTemporaryFiles(on candidates: [Int32]) {
        let signals = candidates.filter { !isIgnored($0) }
        guard !signals.isEmpty else { return }
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        let waited = UnsafeMutablePointer<sigset_t>.allocate(capacity: 1)
        waited.initialize(to: set)
        // Blocked before the thread starts, so that it inherits the mask and waits for blocked signals.
        pthread_sigmask(SIG_BLOCK, &set, nil)
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let started = pthread_create(&thread, nil, { EndingSignals.waitAndEnd($0) }, waited)
        guard started == 0 else {
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            waited.deallocate()
            return
        }
        TemporaryFiles.startTracking()
    }

    /// The thread: waits for one of the signals in `argument` (a `sigset_t`), removes the temporary files and
    /// raises the signal again with its default action.
    private static func waitAndEnd(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let waited = argument?.assumingMemoryBound(to: sigset_t.self) else { return nil }
        var sig: Int32 = 0
        guard sigwait(waited, &sig) == 0 else { return nil }
        TemporaryFiles.removeAll()
        signal(sig, SIG_DFL)
        var one = sigset_t()
        sigemptyset(&one)
        sigaddset(&one, sig)
        pthread_sigmask(SIG_UNBLOCK, &one, nil)
        raise(sig)
        return nil
    }

    static func isIgnored(_ sig: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(sig, nil, &current) == 0 else { return false }
        // Handlers are C function pointers, compared by address.
        func address<T>(_ handler: T) -> Int { unsafeBitCast(handler, to: Int.self) }
        #if canImport(Darwin)
            return address(current.__sigaction_u.__sa_handler) == address(SIG_IGN)
        #else
            return address(current.__sigaction_handler.sa_handler) == address(SIG_IGN)
        #endif
    }
}
