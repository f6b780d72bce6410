#ifndef SOUNDKIT_STANDARD_ERROR_H
#define SOUNDKIT_STANDARD_ERROR_H

#include <stddef.h>

/// What receives every write to C's `stderr` once soundkit_standard_error_route made it: the bytes, on the thread that
/// wrote them (one call per `fprintf`: the stream is unbuffered, as C's own stderr is).
typedef void (*soundkit_standard_error_writer)(const char *bytes, size_t count);

/// Makes C's `stderr` — the stream libmpg123, libsndfile, libFLAC and libopus print to — a write-only stream whose
/// writes go to `writer` (glibc's fopencookie, the BSDs' funopen), so that a caller can tell apart what each thread's
/// library call printed without moving descriptor 2. Call once. Returns 0, or -1 when no such stream can be made
/// (stderr is then left as it was).
int soundkit_standard_error_route(soundkit_standard_error_writer writer);

/// Writes out what C's `stdout` holds (Swift's `print` writes through it), before a line goes to descriptor 2. Here in
/// C because Swift 6 will not read the global `stdout` outside the main actor.
void soundkit_flush_standard_output(void);

#endif
