#include "pm_git_stream.h"

#include "../CLibgit2/shim.h" /* <git2.h> and what differs between libgit2 versions */
#include <git2/sys/stream.h>

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <pthread.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifdef MSG_NOSIGNAL
#define PM_SEND_FLAGS MSG_NOSIGNAL
#else
#define PM_SEND_FLAGS 0
#endif

/* Slice of one poll(): how quickly cancellation is noticed. */
#define PM_SLICE_MS 100

/* Same leading layout as libgit2's own socket stream: its ssh transport reads the descriptor from there. */
typedef struct {
    git_stream parent;
    char *host;
    char *port;
    int s;
} pm_stream;

#define PM_SCOPE_SOCKETS 16

struct pm_git_stream_scope {
    double stall_seconds;
    pm_atomic_int *cancel;
    pm_atomic_int *timed_out;
    pthread_mutex_t lock; /* guards fds/used against pm_git_stream_abort_raw from another thread */
    int fds[PM_SCOPE_SOCKETS];
    int used[PM_SCOPE_SOCKETS]; /* 1 once the stream read or wrote it itself */
    /* The minimum rate, only touched by the scope's own thread: bytes per one-second bucket, a ring of
       `rate_window` buckets ending at second `rate_second` (CLOCK_MONOTONIC). */
    long rate_limit;
    int rate_window;
    long long *rate_buckets;
    long long rate_second;
    double rate_start;
    pm_atomic_int *too_slow;
};

static _Thread_local pm_git_stream_scope *tl_scope;

pm_git_stream_scope *pm_git_stream_begin(double stall_seconds, pm_atomic_int *cancel) {
    pm_git_stream_scope *scope = calloc(1, sizeof *scope);
    if (!scope) return NULL;
    scope->timed_out = pm_atomic_int_new(0);
    if (!scope->timed_out) {
        free(scope);
        return NULL;
    }
    scope->stall_seconds = stall_seconds;
    scope->cancel = cancel;
    pthread_mutex_init(&scope->lock, NULL);
    for (int i = 0; i < PM_SCOPE_SOCKETS; i++) scope->fds[i] = -1;
    tl_scope = scope;
    return scope;
}

void pm_git_stream_end(pm_git_stream_scope *scope) {
    if (tl_scope == scope) tl_scope = NULL;
    if (!scope) return;
    free(scope->rate_buckets);
    if (scope->too_slow) pm_atomic_int_free(scope->too_slow);
    pthread_mutex_destroy(&scope->lock);
    pm_atomic_int_free(scope->timed_out);
    free(scope);
}

int pm_git_stream_timed_out(pm_git_stream_scope *scope) {
    return scope ? pm_atomic_int_load(scope->timed_out) : 0;
}

int pm_git_stream_abort_raw(pm_git_stream_scope *scope, int stalled) {
    if (!scope) return 0;
    int count = 0;
    pthread_mutex_lock(&scope->lock);
    for (int i = 0; i < PM_SCOPE_SOCKETS; i++) {
        if (scope->fds[i] >= 0 && !scope->used[i]) {
            shutdown(scope->fds[i], SHUT_RDWR);
            count++;
        }
    }
    pthread_mutex_unlock(&scope->lock);
    if (stalled && count > 0) pm_atomic_int_store(scope->timed_out, 1);
    return count;
}

/* Records `fd` in the calling thread's scope (connected), or removes it (closing). */
static void scope_track(int fd, int add) {
    pm_git_stream_scope *scope = tl_scope;
    if (!scope || fd < 0) return;
    pthread_mutex_lock(&scope->lock);
    for (int i = 0; i < PM_SCOPE_SOCKETS; i++) {
        if (add && scope->fds[i] < 0) {
            scope->fds[i] = fd;
            scope->used[i] = 0;
            break;
        }
        if (!add && scope->fds[i] == fd) {
            scope->fds[i] = -1;
            break;
        }
    }
    pthread_mutex_unlock(&scope->lock);
}

/* The stream does its own I/O on `fd`: its stall limit applies, pm_git_stream_abort_raw leaves it alone. */
static void scope_mark_used(int fd) {
    pm_git_stream_scope *scope = tl_scope;
    if (!scope) return;
    pthread_mutex_lock(&scope->lock);
    for (int i = 0; i < PM_SCOPE_SOCKETS; i++) {
        if (scope->fds[i] == fd) scope->used[i] = 1;
    }
    pthread_mutex_unlock(&scope->lock);
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void pm_git_stream_set_min_rate(pm_git_stream_scope *scope, long bytes_per_second, double seconds) {
    if (!scope || bytes_per_second <= 0 || seconds <= 0) return;
    int window = seconds < 1 ? 1 : (int)(seconds + 0.5);
    long long *buckets = calloc((size_t)window, sizeof *buckets);
    pm_atomic_int *flag = scope->too_slow ? scope->too_slow : pm_atomic_int_new(0);
    if (!buckets || !flag) {
        free(buckets);
        if (flag && flag != scope->too_slow) pm_atomic_int_free(flag);
        return;
    }
    free(scope->rate_buckets);
    scope->too_slow = flag;
    scope->rate_buckets = buckets;
    scope->rate_window = window;
    scope->rate_limit = bytes_per_second;
    scope->rate_start = now_seconds();
    scope->rate_second = (long long)scope->rate_start;
}

int pm_git_stream_too_slow(pm_git_stream_scope *scope) {
    return scope && scope->too_slow ? pm_atomic_int_load(scope->too_slow) : 0;
}

/* Counts `bytes` moved through the calling thread's scope; -1 with a libgit2 error when, a whole window
   after the scope's minimum rate was set, the last window moved fewer bytes than the rate asks. */
static int rate_check(long long bytes) {
    pm_git_stream_scope *scope = tl_scope;
    if (!scope || !scope->rate_buckets) return 0;
    double now = now_seconds();
    long long second = (long long)now;
    /* Buckets of the seconds passed since the last call start empty. */
    for (long long s = scope->rate_second + 1; s <= second && s <= scope->rate_second + scope->rate_window; s++)
        scope->rate_buckets[s % scope->rate_window] = 0;
    if (second > scope->rate_second) scope->rate_second = second;
    scope->rate_buckets[second % scope->rate_window] += bytes;
    if (now - scope->rate_start < scope->rate_window) return 0;
    long long sum = 0;
    for (int i = 0; i < scope->rate_window; i++) sum += scope->rate_buckets[i];
    if (sum >= (long long)scope->rate_limit * scope->rate_window) return 0;
    char text[160];
    snprintf(text, sizeof text, "slower than %ld bytes/s for %d s", scope->rate_limit, scope->rate_window);
    pm_atomic_int_store(scope->too_slow, 1);
    git_error_set_str(GIT_ERROR_NET, text);
    return -1;
}

static void set_errno_error(const char *what) {
    char text[256];
    snprintf(text, sizeof text, "%s: %s", what, strerror(errno));
    git_error_set_str(GIT_ERROR_NET, text);
}

/* Waits until `fd` is ready for `events`; -1 with a libgit2 error on stall, cancellation or failure. */
static int wait_ready(int fd, short events) {
    pm_git_stream_scope *scope = tl_scope;
    double stall = scope ? scope->stall_seconds : 0;
    double start = now_seconds();
    for (;;) {
        if (scope && scope->cancel && pm_atomic_int_load(scope->cancel) != 0) {
            git_error_set_str(GIT_ERROR_NET, "transfer cancelled");
            return -1;
        }
        struct pollfd p = {.fd = fd, .events = events, .revents = 0};
        int r = poll(&p, 1, PM_SLICE_MS);
        if (r > 0) return 0; /* readable, writable, or an error the next call reports */
        if (rate_check(0) < 0) return -1;
        if (r < 0 && errno != EINTR) {
            set_errno_error("poll failed");
            return -1;
        }
        if (stall > 0 && now_seconds() - start >= stall) {
            char text[128];
            snprintf(text, sizeof text, "no progress from the server for %.0f seconds", stall);
            pm_atomic_int_store(scope->timed_out, 1);
            git_error_set_str(GIT_ERROR_NET, text);
            return -1;
        }
    }
}

static int open_socket(const struct addrinfo *ai) {
    int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0) return -1;
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
#ifdef SO_NOSIGPIPE
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
    return fd;
}

/* Connects `fd` to `ai`: 0, or -1 with errno / a libgit2 error already set (`*reported`). */
static int connect_one(int fd, const struct addrinfo *ai, int *reported) {
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) return 0;
    if (errno != EINPROGRESS && errno != EINTR) return -1;
    if (wait_ready(fd, POLLOUT) < 0) {
        *reported = 1;
        return -1;
    }
    int err = 0;
    socklen_t len = sizeof err;
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0) return -1;
    if (err != 0) {
        errno = err;
        return -1;
    }
    return 0;
}

static int stream_connect(git_stream *stream) {
    pm_stream *st = (pm_stream *)stream;
    struct addrinfo hints, *list = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    int gai = getaddrinfo(st->host, st->port, &hints, &list);
    if (gai != 0) {
        char text[512];
        snprintf(text, sizeof text, "failed to resolve address for %s: %s", st->host, gai_strerror(gai));
        git_error_set_str(GIT_ERROR_NET, text);
        return -1;
    }
    int reported = 0;
    for (struct addrinfo *ai = list; ai; ai = ai->ai_next) {
        int fd = open_socket(ai);
        if (fd < 0) continue;
        if (connect_one(fd, ai, &reported) == 0) {
            st->s = fd;
            scope_track(fd, 1);
            freeaddrinfo(list);
            return 0;
        }
        int saved = errno;
        close(fd);
        errno = saved;
        if (reported) break; /* stalled or cancelled: do not try the next address */
    }
    freeaddrinfo(list);
    if (!reported) {
        char text[512];
        snprintf(text, sizeof text, "failed to connect to %s", st->host);
        set_errno_error(text);
    }
    return -1;
}

static ssize_t stream_read(git_stream *stream, void *data, size_t len) {
    pm_stream *st = (pm_stream *)stream;
    scope_mark_used(st->s);
    for (;;) {
        ssize_t n = recv(st->s, data, len, 0);
        if (n >= 0) return rate_check(n) < 0 ? -1 : n;
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            set_errno_error("could not read from socket");
            return -1;
        }
        if (wait_ready(st->s, POLLIN) < 0) return -1;
    }
}

static ssize_t stream_write(git_stream *stream, const char *data, size_t len, int flags) {
    pm_stream *st = (pm_stream *)stream;
    (void)flags;
    scope_mark_used(st->s);
    size_t sent = 0;
    while (sent < len) {
        ssize_t n = send(st->s, data + sent, len - sent, PM_SEND_FLAGS);
        if (n >= 0) {
            sent += (size_t)n;
            continue;
        }
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            set_errno_error("could not write to socket");
            return -1;
        }
        if (wait_ready(st->s, POLLOUT) < 0) return -1;
    }
    return rate_check((long long)sent) < 0 ? -1 : (ssize_t)sent;
}

static int stream_close(git_stream *stream) {
    pm_stream *st = (pm_stream *)stream;
    if (st->s >= 0) {
        scope_track(st->s, 0);
        close(st->s);
    }
    st->s = -1;
    return 0;
}

static void stream_free(git_stream *stream) {
    pm_stream *st = (pm_stream *)stream;
    stream_close(stream);
    free(st->host);
    free(st->port);
    free(st);
}

static int stream_new(git_stream **out, const char *host, const char *port) {
    pm_stream *st = calloc(1, sizeof *st);
    if (!st) {
        git_error_set_oom();
        return -1;
    }
    st->host = strdup(host);
    st->port = strdup(port ? port : "");
    st->s = -1;
    if (!st->host || !st->port) {
        free(st->host);
        free(st->port);
        free(st);
        git_error_set_oom();
        return -1;
    }
    st->parent.version = GIT_STREAM_VERSION;
    st->parent.connect = stream_connect;
    st->parent.read = stream_read;
    st->parent.write = stream_write;
    st->parent.close = stream_close;
    st->parent.free = stream_free;
    *out = (git_stream *)st;
    return 0;
}

int pm_git_stream_register(void) {
    git_stream_registration registration;
    memset(&registration, 0, sizeof registration);
    registration.version = GIT_STREAM_VERSION;
    registration.init = stream_new;
    return git_stream_register(GIT_STREAM_STANDARD, &registration);
}
