#include "pm_http.h"

#include "../CCurl/shim.h" /* <curl/curl.h> */

#include <errno.h>
#include <stdint.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Not thread-safe in old libcurl: done once, before the first request. */
static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

/* A growing buffer that keeps at most `max` bytes; past it the transfer is cut (`over`). */
typedef struct { char *data; size_t len; size_t max; int over; } buffer;

/* Header lines kept at most (libcurl bounds each line; this bounds their number). */
#define PM_MAX_HEADER_BYTES ((size_t)1 << 20)

static size_t append(char *p, size_t size, size_t n, void *userdata) {
    buffer *b = userdata;
    size_t add = size * n;
    if (add > b->max - b->len) { b->over = 1; return 0; }
    char *grown = realloc(b->data, b->len + add + 1);
    if (!grown) return 0;
    memcpy(grown + b->len, p, add);
    b->len += add;
    grown[b->len] = 0;
    b->data = grown;
    return add;
}

/* An explicit proxy decision: "" (or NULL) means no proxy at all, whatever the environment says. */
static void set_proxy(CURL *c, const char *proxy, const char *noproxy) {
    curl_easy_setopt(c, CURLOPT_PROXY, proxy ? proxy : "");
    if (proxy && proxy[0] && noproxy && noproxy[0]) curl_easy_setopt(c, CURLOPT_NOPROXY, noproxy);
}

/* A stall is less than 1 byte/s for stall_seconds; connecting gets the same allowance. libcurl has one
   low-speed rule: a minimum rate takes it, and the caller's progress callback catches stalls. */
static void set_rate_limits(CURL *c, long stall_seconds, long min_rate, long min_rate_seconds) {
    long stall = stall_seconds > 0 ? stall_seconds : 120L;
    if (min_rate > 0) {
        curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, min_rate);
        curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, min_rate_seconds > 0 ? min_rate_seconds : 30L);
    } else {
        curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L);
        curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, stall);
    }
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, stall * 1000L);
}

/* A timeout under the minimum rate once connected (not a connect that never finished). */
static int went_too_slow(CURL *c, CURLcode rc, long min_rate) {
    double connected = 0;
    curl_easy_getinfo(c, CURLINFO_CONNECT_TIME, &connected);
    return rc == CURLE_OPERATION_TIMEDOUT && min_rate > 0 && connected > 0;
}

int pm_http_request(const char *url, const char *method, long timeout_ms, const char *user_agent,
                    const char *proxy, const char *noproxy, long long max_body, pm_http_result *out) {
    memset(out, 0, sizeof *out);
    pthread_once(&once, global_init);
    CURL *c = curl_easy_init();
    if (!c) { snprintf(out->error, sizeof out->error, "libcurl could not start a request"); return -1; }
    buffer body = {0}, headers = {0};
    body.max = max_body > 0 ? (size_t)max_body : SIZE_MAX;
    headers.max = PM_MAX_HEADER_BYTES;
    char errbuf[256] = {0};
    curl_easy_setopt(c, CURLOPT_URL, url);
    pm_curl_http_only(c);
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L); /* requests run on several threads */
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
    if (user_agent) curl_easy_setopt(c, CURLOPT_USERAGENT, user_agent);
    set_proxy(c, proxy, noproxy);
    if (method && strcmp(method, "HEAD") == 0) curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, append);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, append);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &headers);
    CURLcode rc = curl_easy_perform(c);
    if (rc == 0) {
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &out->status);
        out->body = body.data; out->body_len = body.len;
        out->headers = headers.data; out->headers_len = headers.len;
    } else {
        out->timed_out = rc == CURLE_OPERATION_TIMEDOUT;
        out->curl_code = (int)rc;
        out->too_large = body.over || headers.over;
        if (out->too_large)
            snprintf(out->error, sizeof out->error, "the answer is larger than %lld bytes",
                     body.over ? (long long)body.max : (long long)headers.max);
        else
            snprintf(out->error, sizeof out->error, "%s", errbuf[0] ? errbuf : curl_easy_strerror(rc));
        free(body.data); free(headers.data);
    }
    curl_easy_cleanup(c);
    return rc == 0 ? 0 : -1;
}

void pm_http_result_free(pm_http_result *r) {
    free(r->body); free(r->headers);
    r->body = r->headers = NULL;
}

typedef struct {
    FILE *file;
    long long written;
    int write_failed;
    int write_errno;
    const pm_http_download_request *request;
    long long resume_from;
} download_state;

static size_t write_file(char *p, size_t size, size_t n, void *userdata) {
    download_state *st = userdata;
    size_t want = size * n;
    errno = 0;
    size_t put = fwrite(p, 1, want, st->file);
    st->written += (long long)put;
    if (put != want) {
        st->write_failed = 1;
        if (!st->write_errno) st->write_errno = errno ? errno : EIO;
    }
    return put;
}

static int xferinfo(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow) {
    (void)dltotal; (void)ultotal; (void)ulnow;
    download_state *st = userdata;
    if (st->request->progress) return st->request->progress(st->request->context, st->resume_from + (long long)dlnow);
    return 0;
}

int pm_http_download(const pm_http_download_request *req, pm_http_download_result *out) {
    memset(out, 0, sizeof *out);
    pthread_once(&once, global_init);
    FILE *f = fopen(req->path, req->resume_from > 0 ? "ab" : "wb");
    if (!f) {
        out->curl_code = CURLE_WRITE_ERROR;
        out->write_errno = errno ? errno : EIO;
        snprintf(out->error, sizeof out->error, "cannot open %s for writing: %s", req->path, strerror(out->write_errno));
        return -1;
    }
    CURL *c = curl_easy_init();
    if (!c) {
        fclose(f);
        out->curl_code = -1;
        snprintf(out->error, sizeof out->error, "libcurl could not start a request");
        return -1;
    }
    download_state st = { f, 0, 0, 0, req, req->resume_from };
    buffer headers = {0};
    headers.max = PM_MAX_HEADER_BYTES;
    char errbuf[256] = {0};
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < req->header_count; i++) list = curl_slist_append(list, req->headers[i]);
    curl_easy_setopt(c, CURLOPT_URL, req->url);
    pm_curl_http_only(c);
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(c, CURLOPT_MAXREDIRS, 20L);
    curl_easy_setopt(c, CURLOPT_FAILONERROR, 1L);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
    set_rate_limits(c, req->stall_seconds, req->min_rate, req->min_rate_seconds);
    if (req->user_agent) curl_easy_setopt(c, CURLOPT_USERAGENT, req->user_agent);
    if (list) curl_easy_setopt(c, CURLOPT_HTTPHEADER, list);
    set_proxy(c, req->proxy, req->noproxy);
    if (req->netrc_file) {
        curl_easy_setopt(c, CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL);
        curl_easy_setopt(c, CURLOPT_NETRC_FILE, req->netrc_file);
    }
    if (req->resume_from > 0) curl_easy_setopt(c, CURLOPT_RESUME_FROM_LARGE, (curl_off_t)req->resume_from);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, write_file);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &st);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, append);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &headers);
    curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, xferinfo);
    curl_easy_setopt(c, CURLOPT_XFERINFODATA, &st);
    CURLcode rc = curl_easy_perform(c);
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &out->status);
    out->too_slow = went_too_slow(c, rc, req->min_rate);
    errno = 0;
    int closed = fclose(f);
    /* A full disk shows at the last flush as often as in a write: the system's reason either way. */
    if (closed != 0 && !st.write_errno) st.write_errno = errno ? errno : EIO;
    if (rc == CURLE_OK && (closed != 0 || st.write_failed)) rc = CURLE_WRITE_ERROR;
    if (st.write_errno && (rc == CURLE_OK || rc == CURLE_WRITE_ERROR)) {
        rc = CURLE_WRITE_ERROR;
        out->write_errno = st.write_errno;
        snprintf(errbuf, sizeof errbuf, "cannot write %s: %s", req->path, strerror(st.write_errno));
    }
    out->curl_code = (int)rc;
    out->written = st.written;
    out->headers = headers.data;
    out->headers_len = headers.len;
    if (rc != 0) {
        if (rc == CURLE_WRITE_ERROR && !errbuf[0]) snprintf(errbuf, sizeof errbuf, "cannot write %s", req->path);
        snprintf(out->error, sizeof out->error, "%s", errbuf[0] ? errbuf : curl_easy_strerror(rc));
    }
    curl_easy_cleanup(c);
    if (list) curl_slist_free_all(list);
    return rc == 0 ? 0 : -1;
}

void pm_http_download_result_free(pm_http_download_result *r) {
    free(r->headers);
    r->headers = NULL;
}

typedef struct {
    const pm_http_stream_request *request;
    int aborted;
} stream_state;

static size_t stream_write(char *p, size_t size, size_t n, void *userdata) {
    stream_state *st = userdata;
    size_t len = size * n;
    if (st->request->write(st->request->context, p, len) != 0) { st->aborted = 1; return 0; }
    return len;
}

static int stream_progress(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                           curl_off_t ulnow) {
    (void)dltotal; (void)ultotal; (void)ulnow;
    stream_state *st = userdata;
    if (st->request->progress && st->request->progress(st->request->context, (long long)dlnow) != 0) {
        st->aborted = 1;
        return 1;
    }
    return 0;
}

int pm_http_stream(const pm_http_stream_request *req, pm_http_stream_result *out) {
    memset(out, 0, sizeof *out);
    pthread_once(&once, global_init);
    CURL *c = curl_easy_init();
    if (!c) { out->curl_code = -1; snprintf(out->error, sizeof out->error, "libcurl could not start a request"); return -1; }
    stream_state st = { req, 0 };
    char errbuf[256] = {0};
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < req->header_count; i++) list = curl_slist_append(list, req->headers[i]);
    curl_easy_setopt(c, CURLOPT_URL, req->url);
    pm_curl_http_only(c);
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, req->follow_redirects ? 1L : 0L);
    curl_easy_setopt(c, CURLOPT_MAXREDIRS, 20L);
    curl_easy_setopt(c, CURLOPT_FAILONERROR, 1L);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
    curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, ""); /* gzip where the server offers it, as git asks */
    set_rate_limits(c, req->stall_seconds, req->min_rate, req->min_rate_seconds);
    if (req->user_agent) curl_easy_setopt(c, CURLOPT_USERAGENT, req->user_agent);
    if (list) curl_easy_setopt(c, CURLOPT_HTTPHEADER, list);
    set_proxy(c, req->proxy, req->noproxy);
    if (req->post_body) {
        curl_easy_setopt(c, CURLOPT_POST, 1L);
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, req->post_body);
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)req->post_len);
    }
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, stream_write);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &st);
    curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, stream_progress);
    curl_easy_setopt(c, CURLOPT_XFERINFODATA, &st);
    CURLcode rc = curl_easy_perform(c);
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &out->status);
    out->too_slow = went_too_slow(c, rc, req->min_rate);
    out->aborted = st.aborted;
    char *type = NULL, *effective = NULL;
    curl_easy_getinfo(c, CURLINFO_CONTENT_TYPE, &type);
    curl_easy_getinfo(c, CURLINFO_EFFECTIVE_URL, &effective);
    if (type) out->content_type = strdup(type);
    if (effective) out->effective_url = strdup(effective);
    out->curl_code = (int)rc;
    if (rc != 0) snprintf(out->error, sizeof out->error, "%s", errbuf[0] ? errbuf : curl_easy_strerror(rc));
    curl_easy_cleanup(c);
    if (list) curl_slist_free_all(list);
    return rc == 0 ? 0 : -1;
}

void pm_http_stream_result_free(pm_http_stream_result *r) {
    free(r->content_type); free(r->effective_url);
    r->content_type = r->effective_url = NULL;
}
