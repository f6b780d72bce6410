#include "ending_signals.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// The handler may touch only lock-free atomics: one that took a lock could wait forever for the thread it interrupted.
_Static_assert(ATOMIC_BOOL_LOCK_FREE == 2, "atomic_bool must be lock-free for the signal handler");
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "atomic_int must be lock-free for the signal handler");
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "atomic pointers must be lock-free for the signal handler");

// The tracked paths: an open-addressing hash table of C strings, changed under `lock` by ordinary code and read
// by the handler without it. Every slot is an atomic pointer, so the handler takes a path with one exchange and
// the code that untracks it frees it only when its own exchange got it: each path has exactly one owner.
// A removed path leaves `removed` behind (a tombstone), so that probing for the paths after it still finds them.
typedef struct table {
    struct table *retired;  // the table this one replaced, kept (see track)
    size_t capacity;        // a power of two
    size_t used;            // paths and tombstones
    _Atomic(char *) slots[];
} table_t;

static char removed_mark;
#define REMOVED (&removed_mark)

static atomic_bool tracking = false;
static atomic_bool ending = false;
static atomic_flag handling = ATOMIC_FLAG_INIT;
static atomic_int creating = 0;
static _Atomic(table_t *) table = NULL;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static sigset_t handled;  // written once by install, before tracking starts; read-only after

static size_t hash(const char *s) {
    uint64_t h = 14695981039346656037ull;  // FNV-1a
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return (size_t)h;
}

static table_t *new_table(size_t capacity) {
    table_t *t = calloc(1, sizeof(table_t) + capacity * sizeof(_Atomic(char *)));
    if (t) t->capacity = capacity;
    return t;
}

static void insert(table_t *t, char *path) {
    size_t mask = t->capacity - 1;
    for (size_t i = hash(path) & mask;; i = (i + 1) & mask) {
        char *p = atomic_load(&t->slots[i]);
        if (p == NULL) {
            t->used++;
            atomic_store(&t->slots[i], path);
            return;
        }
        if (p == REMOVED) {
            atomic_store(&t->slots[i], path);
            return;
        }
    }
}

// Under `lock`, in a create (so `creating` > 0 and no handler reads the table). The table it replaces is freed unless
// the process is ending: a handler sets `ending` before it reads `table`, so while `ending` is unset after the new table
// is published, no handler reads the old one, nor will (seq_cst: Dekker's pairing of the two stores and two loads).
// Once it is set, a handler that gave up waiting for a slow create may be reading it: it is kept, linked from the new
// one. Every table used to be kept, and tombstones replace a table at its own size every 32 or so files: a batch of
// a million files kept 17 MB of them.
static bool track(char *path) {
    table_t *t = atomic_load(&table);
    if (t == NULL || (t->used + 1) * 2 > t->capacity) {
        size_t live = 0;
        if (t)
            for (size_t i = 0; i < t->capacity; i++) {
                char *p = atomic_load(&t->slots[i]);
                if (p && p != REMOVED) live++;
            }
        size_t capacity = 64;
        while ((live + 1) * 4 > capacity) {
            if (capacity > SIZE_MAX / 4) return false;
            capacity *= 2;
        }
        table_t *grown = new_table(capacity);
        if (grown == NULL) return false;
        if (t)
            for (size_t i = 0; i < t->capacity; i++) {
                char *p = atomic_load(&t->slots[i]);
                if (p && p != REMOVED) insert(grown, p);
            }
        atomic_store(&table, grown);
        if (t && !atomic_load(&ending)) {
            grown->retired = t->retired;  // NULL: a table is kept only once `ending` is set, which it stays
            free(t);
        } else {
            grown->retired = t;
        }
        t = grown;
    }
    insert(t, path);
    return true;
}

// Ends the process by `sig`'s default action, from a handler or not, on a thread that may block `sig`: a handler's
// own signal is blocked while it runs, and libdispatch's threads (where a DispatchSource's handler runs) block every
// asynchronous signal, so that `raise` alone leaves the signal pending on the thread and the process running.
_Noreturn static void end_by(int sig) {
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(sig, &fallback, NULL);
    raise(sig);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    _exit(128 + sig);  // a signal whose default action does not end the process
}

static void on_signal(int sig) {
    int saved = errno;
    // A second signal while the first is handled (on another thread) leaves it to the first, which ends the process.
    if (!atomic_flag_test_and_set(&handling)) {
        soundkit_temporary_files_end();
        end_by(sig);
    }
    errno = saved;
}

void soundkit_ending_signals_end(int sig) {
    atomic_flag_test_and_set(&handling);
    soundkit_temporary_files_end();
    end_by(sig);
}

int soundkit_ending_signals_install(const int *signals, int count) {
    sigemptyset(&handled);
    int installed = 0;
    for (int i = 0; i < count; i++) {
        struct sigaction current;
        if (sigaction(signals[i], NULL, &current) != 0 || current.sa_handler == SIG_IGN) continue;
        sigaddset(&handled, signals[i]);
        installed++;
    }
    // Tracking even with no signal handled: a batch's Ctrl-C ends the process through soundkit_ending_signals_end.
    atomic_store(&tracking, true);
    if (installed == 0) return 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    action.sa_mask = handled;  // one handled signal at a time in a thread
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < count; i++)
        if (sigismember(&handled, signals[i]) == 1) sigaction(signals[i], &action, NULL);
    // A process inherits its parent's blocked signals (a test runner's, a supervisor's): blocked, a handled signal
    // would wait unseen while the process runs on. The threads started later inherit this thread's mask.
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
    return installed;
}

int soundkit_temporary_file_create(char *template_) {
    if (!atomic_load(&tracking)) return mkstemp(template_);
    // The copy is allocated before a handler would wait for this create: malloc may wait for a lock held by the thread
    // the handler interrupted.
    size_t size = strlen(template_) + 1;
    char *path = malloc(size);
    if (path == NULL) {
        errno = ENOMEM;
        return -1;
    }
    // With the handled signals blocked here, a handler runs on another thread and waits for `creating` to fall.
    sigset_t previous;
    pthread_sigmask(SIG_BLOCK, &handled, &previous);
    atomic_fetch_add(&creating, 1);
    int fd = -1;
    int error = 0;
    if (atomic_load(&ending)) {
        error = ECANCELED;  // not EINTR, which Syscall.sys retries: the process is ending
    } else {
        fd = mkstemp(template_);
        error = errno;
        if (fd >= 0) {
            memcpy(path, template_, size);
            pthread_mutex_lock(&lock);
            bool tracked = track(path);
            pthread_mutex_unlock(&lock);
            if (tracked) {
                path = NULL;
            } else {
                // A file that a signal could leave behind is not made.
                unlink(template_);
                close(fd);
                fd = -1;
                error = ENOMEM;
            }
        }
    }
    atomic_fetch_sub(&creating, 1);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    free(path);  // NULL once tracked
    if (fd < 0) errno = error;
    return fd;
}

void soundkit_temporary_file_untrack(const char *path) {
    if (!atomic_load(&tracking)) return;
    // With the handled signals blocked while `lock` is held: a handler on this thread would wait, in vain, for a
    // create on another that waits for `lock`, then give up and leave that create's file behind.
    sigset_t previous;
    pthread_sigmask(SIG_BLOCK, &handled, &previous);
    pthread_mutex_lock(&lock);
    table_t *t = atomic_load(&table);
    if (t) {
        size_t mask = t->capacity - 1;
        for (size_t i = hash(path) & mask, probes = 0; probes < t->capacity; i = (i + 1) & mask, probes++) {
            char *p = atomic_load(&t->slots[i]);
            if (p == NULL) break;
            if (p != REMOVED && strcmp(p, path) == 0) {
                // Lost only to a handler that took it, which never frees: the process is ending. Once it is ending
                // the path is not freed either: a handler that gave up waiting for a create growing the table may
                // still be unlinking this path, read from the table the growth replaced.
                if (atomic_compare_exchange_strong(&t->slots[i], &p, REMOVED) && !atomic_load(&ending)) free(p);
                break;
            }
        }
    }
    pthread_mutex_unlock(&lock);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

void soundkit_temporary_files_end(void) {
    atomic_store(&ending, true);
    // A file being made now is tracked before its thread lets a signal in: wait for it, for a second or two by the
    // clock (mkstemp is one system call; a hung network file system is not waited for longer). Counting 100,000
    // sleeps of 10 µs waited 6 s or more: a sleep lasts at least the timer slack, 50 µs on Linux.
    struct timespec start;
    bool timed = clock_gettime(CLOCK_MONOTONIC, &start) == 0;
    for (int i = 0; atomic_load(&creating) > 0 && i < 100000; i++) {
        struct timespec now;
        if (timed && clock_gettime(CLOCK_MONOTONIC, &now) == 0 && now.tv_sec - start.tv_sec > 1) break;
        struct timespec pause = {0, 10000};
        nanosleep(&pause, NULL);
    }
    table_t *t = atomic_load(&table);
    if (t == NULL) return;
    for (size_t i = 0; i < t->capacity; i++) {
        char *p = atomic_exchange(&t->slots[i], REMOVED);
        // Not freed: free is not safe in a signal handler, and the process is ending.
        if (p && p != REMOVED) unlink(p);
    }
}
