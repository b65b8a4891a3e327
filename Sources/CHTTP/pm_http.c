#include "pm_http.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

/* The few libcurl entry points and option numbers used, from curl.h (stable ABI since libcurl 7). */
typedef void CURL;
enum {
    PM_CURLOPT_WRITEDATA = 10001, PM_CURLOPT_URL = 10002, PM_CURLOPT_ERRORBUFFER = 10010,
    PM_CURLOPT_USERAGENT = 10018, PM_CURLOPT_HEADERDATA = 10029, PM_CURLOPT_NOBODY = 44,
    PM_CURLOPT_FOLLOWLOCATION = 52, PM_CURLOPT_NOSIGNAL = 99, PM_CURLOPT_TIMEOUT_MS = 155,
    PM_CURLOPT_CONNECTTIMEOUT_MS = 156, PM_CURLOPT_PROTOCOLS = 181, PM_CURLOPT_REDIR_PROTOCOLS = 182,
    PM_CURLOPT_WRITEFUNCTION = 20011, PM_CURLOPT_HEADERFUNCTION = 20079,
    PM_CURLOPT_LOW_SPEED_LIMIT = 19, PM_CURLOPT_LOW_SPEED_TIME = 20, PM_CURLOPT_NOPROGRESS = 43,
    PM_CURLOPT_FAILONERROR = 45, PM_CURLOPT_MAXREDIRS = 68, PM_CURLOPT_XFERINFODATA = 10057,
    PM_CURLOPT_XFERINFOFUNCTION = 20219, PM_CURLOPT_RESUME_FROM_LARGE = 30116,
};
enum { PM_CURLINFO_RESPONSE_CODE = 0x200002, PM_CURLE_OPERATION_TIMEDOUT = 28, PM_CURL_GLOBAL_DEFAULT = 3 };
enum { PM_CURLPROTO_HTTP = 1, PM_CURLPROTO_HTTPS = 2 };
enum { PM_CURLE_HTTP_RETURNED_ERROR = 22 };

static struct {
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(int);
} curl;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_error[256];

static void load(void) {
    static const char *names[] = {
#ifdef __APPLE__
        "libcurl.4.dylib", "/usr/lib/libcurl.4.dylib",
#else
        "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4",
#endif
        NULL };
    void *h = NULL;
    for (int i = 0; names[i] && !h; i++) h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(load_error, sizeof load_error, "libcurl is not installed (mirror probes need it: apt-get install libcurl4)");
        return;
    }
#define SYM(field, name) *(void **)&curl.field = dlsym(h, name)
    SYM(global_init, "curl_global_init"); SYM(easy_init, "curl_easy_init"); SYM(easy_setopt, "curl_easy_setopt");
    SYM(easy_perform, "curl_easy_perform"); SYM(easy_getinfo, "curl_easy_getinfo");
    SYM(easy_cleanup, "curl_easy_cleanup"); SYM(easy_strerror, "curl_easy_strerror");
#undef SYM
    if (!curl.global_init || !curl.easy_init || !curl.easy_setopt || !curl.easy_perform || !curl.easy_getinfo
        || !curl.easy_cleanup || !curl.easy_strerror) {
        snprintf(load_error, sizeof load_error, "the installed libcurl lacks the easy interface");
        curl.easy_init = NULL;
        return;
    }
    /* Not thread-safe in old libcurl: done once, here. */
    curl.global_init(PM_CURL_GLOBAL_DEFAULT);
}

int pm_http_load(char *err, size_t errlen) {
    pthread_once(&once, load);
    if (curl.easy_init) return 0;
    if (err && errlen) snprintf(err, errlen, "%s", load_error);
    return -1;
}

typedef struct { char *data; size_t len; } buffer;

static size_t append(char *p, size_t size, size_t n, void *userdata) {
    buffer *b = userdata;
    size_t add = size * n;
    char *grown = realloc(b->data, b->len + add + 1);
    if (!grown) return 0;
    memcpy(grown + b->len, p, add);
    b->len += add;
    grown[b->len] = 0;
    b->data = grown;
    return add;
}

int pm_http_request(const char *url, const char *method, long timeout_ms, const char *user_agent, pm_http_result *out) {
    memset(out, 0, sizeof *out);
    if (pm_http_load(out->error, sizeof out->error) != 0) return -1;
    CURL *c = curl.easy_init();
    if (!c) { snprintf(out->error, sizeof out->error, "libcurl could not start a request"); return -1; }
    buffer body = {0}, headers = {0};
    char errbuf[256] = {0};
    curl.easy_setopt(c, PM_CURLOPT_URL, url);
    curl.easy_setopt(c, PM_CURLOPT_PROTOCOLS, (long)(PM_CURLPROTO_HTTP | PM_CURLPROTO_HTTPS));
    curl.easy_setopt(c, PM_CURLOPT_REDIR_PROTOCOLS, (long)(PM_CURLPROTO_HTTP | PM_CURLPROTO_HTTPS));
    curl.easy_setopt(c, PM_CURLOPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(c, PM_CURLOPT_NOSIGNAL, 1L); /* requests run on several threads */
    curl.easy_setopt(c, PM_CURLOPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(c, PM_CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl.easy_setopt(c, PM_CURLOPT_ERRORBUFFER, errbuf);
    if (user_agent) curl.easy_setopt(c, PM_CURLOPT_USERAGENT, user_agent);
    if (method && strcmp(method, "HEAD") == 0) curl.easy_setopt(c, PM_CURLOPT_NOBODY, 1L);
    curl.easy_setopt(c, PM_CURLOPT_WRITEFUNCTION, append);
    curl.easy_setopt(c, PM_CURLOPT_WRITEDATA, &body);
    curl.easy_setopt(c, PM_CURLOPT_HEADERFUNCTION, append);
    curl.easy_setopt(c, PM_CURLOPT_HEADERDATA, &headers);
    int rc = curl.easy_perform(c);
    if (rc == 0) {
        curl.easy_getinfo(c, PM_CURLINFO_RESPONSE_CODE, &out->status);
        out->body = body.data; out->body_len = body.len;
        out->headers = headers.data; out->headers_len = headers.len;
    } else {
        out->timed_out = rc == PM_CURLE_OPERATION_TIMEDOUT;
        snprintf(out->error, sizeof out->error, "%s", errbuf[0] ? errbuf : curl.easy_strerror(rc));
        free(body.data); free(headers.data);
    }
    curl.easy_cleanup(c);
    return rc == 0 ? 0 : -1;
}

void pm_http_result_free(pm_http_result *r) {
    free(r->body); free(r->headers);
    r->body = r->headers = NULL;
}

typedef struct {
    int fd;
    CURL *c;
    long long offset;
    int checked;
    int (*should_stop)(void *);
    void *payload;
} download;

static size_t write_fd(char *p, size_t size, size_t n, void *userdata) {
    download *d = userdata;
    size_t len = size * n;
    if (!d->checked) {
        long status = 0;
        curl.easy_getinfo(d->c, PM_CURLINFO_RESPONSE_CODE, &status);
        /* Range ignored: the whole file comes again, so the partial one starts over. */
        if (d->offset > 0 && status == 200) {
            if (ftruncate(d->fd, 0) != 0) return 0;
        }
        if (d->offset == 0 || status == 200) lseek(d->fd, 0, SEEK_SET); else lseek(d->fd, 0, SEEK_END);
        d->checked = 1;
    }
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(d->fd, p + done, len - done);
        if (w < 0) { if (errno == EINTR) continue; return 0; }
        done += (size_t)w;
    }
    return len;
}

static int xferinfo(void *userdata, long long dltotal, long long dlnow, long long ultotal, long long ulnow) {
    (void)dltotal; (void)dlnow; (void)ultotal; (void)ulnow;
    download *d = userdata;
    return d->should_stop && d->should_stop(d->payload) ? 1 : 0;
}

int pm_http_download(const char *url, int fd, long long offset, long stall_seconds, const char *user_agent,
                     int (*should_stop)(void *), void *payload, pm_http_result *out) {
    memset(out, 0, sizeof *out);
    if (pm_http_load(out->error, sizeof out->error) != 0) return -1;
    CURL *c = curl.easy_init();
    if (!c) { snprintf(out->error, sizeof out->error, "libcurl could not start a request"); return -1; }
    char errbuf[256] = {0};
    download d = { fd, c, offset, 0, should_stop, payload };
    curl.easy_setopt(c, PM_CURLOPT_URL, url);
    curl.easy_setopt(c, PM_CURLOPT_PROTOCOLS, (long)(PM_CURLPROTO_HTTP | PM_CURLPROTO_HTTPS));
    curl.easy_setopt(c, PM_CURLOPT_REDIR_PROTOCOLS, (long)PM_CURLPROTO_HTTPS);
    curl.easy_setopt(c, PM_CURLOPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(c, PM_CURLOPT_MAXREDIRS, 5L);
    curl.easy_setopt(c, PM_CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(c, PM_CURLOPT_FAILONERROR, 1L);
    curl.easy_setopt(c, PM_CURLOPT_CONNECTTIMEOUT_MS, stall_seconds * 1000);
    curl.easy_setopt(c, PM_CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl.easy_setopt(c, PM_CURLOPT_LOW_SPEED_TIME, stall_seconds);
    curl.easy_setopt(c, PM_CURLOPT_ERRORBUFFER, errbuf);
    if (user_agent) curl.easy_setopt(c, PM_CURLOPT_USERAGENT, user_agent);
    if (offset > 0) curl.easy_setopt(c, PM_CURLOPT_RESUME_FROM_LARGE, (long long)offset);
    curl.easy_setopt(c, PM_CURLOPT_WRITEFUNCTION, write_fd);
    curl.easy_setopt(c, PM_CURLOPT_WRITEDATA, &d);
    curl.easy_setopt(c, PM_CURLOPT_NOPROGRESS, 0L);
    curl.easy_setopt(c, PM_CURLOPT_XFERINFOFUNCTION, xferinfo);
    curl.easy_setopt(c, PM_CURLOPT_XFERINFODATA, &d);
    int rc = curl.easy_perform(c);
    curl.easy_getinfo(c, PM_CURLINFO_RESPONSE_CODE, &out->status);
    if (rc != 0) {
        out->timed_out = rc == PM_CURLE_OPERATION_TIMEDOUT;
        snprintf(out->error, sizeof out->error, "%s", errbuf[0] ? errbuf : curl.easy_strerror(rc));
    }
    curl.easy_cleanup(c);
    return rc == 0 ? 0 : -1;
}
