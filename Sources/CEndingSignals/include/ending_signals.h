#ifndef SOUNDKIT_ENDING_SIGNALS_H
#define SOUNDKIT_ENDING_SIGNALS_H

/// The temporary files of outputs under way, removed when a signal ends the process (Ctrl-C, `kill`, a closed
/// terminal), by a signal handler that only reads memory set up beforehand and calls `unlink`, both safe in a
/// handler (POSIX's async-signal-safe functions) — LLVM's RemoveFileOnSignal does the same. Before this, a
/// thread that waited in `sigwait` did it; starting that thread was 4 % of a 2-second conversion's run.
///
/// Off until soundkit_ending_signals_install: a library user that handles signals its own way pays nothing, and
/// its temporary files are made by plain `mkstemp`.

/// Installs the handler for those of `signals` the process was not started ignoring (`nohup` ignores SIGHUP, a
/// shell SIGINT for `cmd &`); a handled signal removes the files, then ends the process as it would have (the
/// shell sees 130 for Ctrl-C, 143 for SIGTERM). Call once, before other threads exist. Returns how many signals
/// are handled.
int soundkit_ending_signals_install(const int *signals, int count);

/// `mkstemp(template)`, and the file tracked until untracked — with the handled signals blocked in this thread
/// meanwhile, and a handler on another thread waiting for it, so that no file is made and left untracked. Returns
/// the descriptor, or -1 with errno set (ECANCELED once the process is ending).
int soundkit_temporary_file_create(char *template_);

/// The file at `path` is no longer this process's to remove: it was renamed into place or removed.
void soundkit_temporary_file_untrack(const char *path);

/// The process is ending: removes every tracked file, and makes no new ones. Safe in a signal handler and out.
void soundkit_temporary_files_end(void);

/// Removes every tracked file, then ends the process by `sig`'s default action (Ctrl-C's 130 for SIGINT), from any
/// thread, even one that blocks `sig` (libdispatch's do): for a signal taken by other means than the handler, such as
/// a batch's DispatchSource.
_Noreturn void soundkit_ending_signals_end(int sig);

#endif
