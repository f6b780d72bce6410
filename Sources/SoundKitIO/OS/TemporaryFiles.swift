import CEndingSignals

/// The temporary files of outputs under way, so that a command-line tool ended by a signal can remove them. The
/// registry is C (`Sources/CEndingSignals`): the removal runs in a signal handler, which may only read memory set
/// up beforehand and call async-signal-safe functions, and Swift promises neither (its runtime may allocate or
/// take locks). Off until ``removeOnEndingSignals(_:)``: a library user that handles signals its own way pays
/// nothing, and its files are made by plain `mkstemp`.
package enum TemporaryFiles {
    /// Installs the handler that removes the temporary files under way when one of `signals` ends the process,
    /// then ends it as the signal would have. A signal the process was started ignoring stays ignored. Call before
    /// any other thread exists.
    package static func removeOnEndingSignals(_ signals: [Int32]) {
        _ = signals.withUnsafeBufferPointer { soundkit_ending_signals_install($0.baseAddress, Int32($0.count)) }
    }

    /// Makes a temporary file from `template` (`mkstemp`) and tracks it, with no moment in which a signal could
    /// find the file made but not yet tracked. Returns the descriptor, or -1 with `errno` set.
    static func create(_ template: inout [CChar]) -> Int32 {
        template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.last == 0 else { return -1 }
            return soundkit_temporary_file_create(base)
        }
    }

    static func untrack(_ path: String) { soundkit_temporary_file_untrack(path) }

    /// Removes every temporary file under way, then ends the process by `signal`'s default action, as the handler
    /// does: for a signal taken another way (a batch's Ctrl-C, through a DispatchSource). A file renamed into place
    /// before this is complete; one still being written is no longer there to rename, so it never appears. A file
    /// that cannot be removed is left: the process is ending, with no one left to tell. It ends even when called on
    /// a thread that blocks `signal`, as libdispatch's threads block every asynchronous signal.
    package static func removeAllAndEnd(by signal: Int32) -> Never { soundkit_ending_signals_end(signal) }
}
