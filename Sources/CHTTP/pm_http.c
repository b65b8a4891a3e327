#include "pm_http.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The few libcurl entry points and option numbers used, from curl.h (stable ABI since libcurl 7). */
typedef void CURL;
enum {
    PM_CURLOPT_WRITEDATA = 10001, PM_CURLOPT_URL = 10002, PM_CURLOPT_PROXY = 10004, PM_CURLOPT_NOPROXY = 10177,
    PM_CURLOPT_ERRORBUFFER = 10010,
    PM_CURLOPT_USERAGENT = 10018, PM_CURLOPT_HEADERDATA = 10029, PM_CURLOPT_NOBODY = 44,
    PM_CURLOPT_FOLLOWLOCATION = 52, PM_CURLOPT_NOSIGNAL = 99, PM_CURLOPT_TIMEOUT_MS = 155,
    PM_CURLOPT_CONNECTTIMEOUT_MS = 156, PM_CURLOPT_PROTOCOLS = 181, PM_CURLOPT_REDIR_PROTOCOLS = 182,
    PM_CURLOPT_WRITEFUNCTION = 20011, PM_CURLOPT_HEADERFUNCTION = 20079,
};
enum { PM_CURLINFO_RESPONSE_CODE = 0x200002, PM_CURLE_OPERATION_TIMEDOUT = 28, PM_CURL_GLOBAL_DEFAULT = 3 };
enum { PM_CURLPROTO_HTTP = 1, PM_CURLPROTO_HTTPS = 2 };

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

int pm_http_request(const char *url, const char *method, long timeout_ms, const char *user_agent, const char *proxy,
                    pm_http_result *out) {
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
    /* The caller decided the proxy (as git transfers do): "" turns off curl's own reading of
       http_proxy/no_proxy, and an empty no-proxy list keeps no_proxy from overriding the decision. */
    curl.easy_setopt(c, PM_CURLOPT_PROXY, proxy ? proxy : "");
    curl.easy_setopt(c, PM_CURLOPT_NOPROXY, "");
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
