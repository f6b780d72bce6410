#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files of outputs under way, so that a command-line tool ended by a signal can remove them
/// (``removeAll()``, from a thread that waits for the signal, never from a signal handler). Off until
/// ``startTracking()``: a library user that handles signals its own way pays nothing.
package enum TemporaryFiles {
    private struct Registry {
        var paths: Set<String> = []
        var tracking = false
    }

    private static let registry = LockedValueBox(Registry())

    /// Tracks every temporary output file from now on.
    package static func startTracking() { registry.withLockedValue { $0.tracking = true } }

    /// Makes a temporary file from `template` (`mkstemp`) and tracks it, both under the registry's lock: a signal
    /// taken between the two would otherwise find the file made but not yet tracked, and leave it behind.
    /// Returns the descriptor, or -1 with `errno` set.
    static func create(_ template: inout [CChar]) -> Int32 {
        registry.withLockedValue { registry in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if fd >= 0 && registry.tracking {
                registry.paths.insert(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
            }
            return fd
        }
    }

    static func untrack(_ path: String) { registry.withLockedValue { _ = $0.paths.remove(path) } }

    /// Removes every temporary file under way. They stay tracked-out: a file renamed into place after this is
    /// complete; one still being written is no longer there to rename, so it never appears. A file that cannot
    /// be removed is left: this runs as the process ends, with no one left to tell.
    package static func removeAll() {
        registry.withLockedValue { registry in
            for p in registry.paths { try? Syscall.removeFile(p) }
            registry.paths.removeAll()
        }
    }
}
