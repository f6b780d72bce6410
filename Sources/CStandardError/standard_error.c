#define _GNU_SOURCE  // fopencookie
#include "standard_error.h"

#include <stdio.h>
#include <sys/types.h>

static soundkit_standard_error_writer routed_writer;

#if defined(__APPLE__) || defined(__FreeBSD__)
static int write_routed(void *cookie, const char *bytes, int count) {
    (void)cookie;
    if (count > 0) routed_writer(bytes, (size_t)count);
    return count;
}
#else
static ssize_t write_routed(void *cookie, const char *bytes, size_t count) {
    (void)cookie;
    if (count > 0) routed_writer(bytes, count);
    return (ssize_t)count;
}
#endif

int soundkit_standard_error_route(soundkit_standard_error_writer writer) {
    if (writer == NULL) return -1;
    routed_writer = writer;
#if defined(__APPLE__) || defined(__FreeBSD__)
    FILE *stream = funopen(NULL, NULL, write_routed, NULL, NULL);
#else
    cookie_io_functions_t functions = {.read = NULL, .write = write_routed, .seek = NULL, .close = NULL};
    FILE *stream = fopencookie(NULL, "w", functions);
#endif
    if (stream == NULL) return -1;
    setvbuf(stream, NULL, _IONBF, 0);
    fflush(NULL);  // what stdio holds for any stream goes out before the switch
    stderr = stream;
    return 0;
}

void soundkit_flush_standard_output(void) { fflush(stdout); }
