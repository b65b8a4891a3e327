#ifndef PODMIRROR_PM_HTTP_H
#define PODMIRROR_PM_HTTP_H
#include <stddef.h>

/* HTTP requests through libcurl (linked, through the CCurl system library). */
typedef struct {
    long status;
    char *headers;      /* raw header lines of the last response, CRLF-separated (malloc'd) */
    size_t headers_len;
    char *body;         /* malloc'd */
    size_t body_len;
    int timed_out;
    int too_large;      /* 1: the body (or the headers) passed the bound given and the request was cut */
    int curl_code;      /* the CURLcode of a failure */
    char error[512];
} pm_http_result;

/* GET or HEAD `url` (http/https only, redirects not followed, TLS verified). `proxy` is the proxy to use
   ("" or NULL: none, whatever the environment says) and `noproxy` curl's list of hosts that bypass it.
   At most `max_body` bytes of body and 1 MiB of headers are kept: a longer answer is cut (out->too_large).
   0 on an answer, -1 on failure (out->error says why; out->timed_out when the timeout fired).
   Free with pm_http_result_free. */
int pm_http_request(const char *url, const char *method, long timeout_ms, const char *user_agent,
                    const char *proxy, const char *noproxy, long long max_body, pm_http_result *out);

void pm_http_result_free(pm_http_result *r);

/* One download attempt into a file: redirects followed, HTTP errors fail (no body written), resumable. */
typedef struct {
    const char *url;
    const char *path;             /* written from the start, or appended to when resume_from > 0 */
    long long resume_from;        /* bytes already in `path`: sent as Range: bytes=N- */
    const char *const *headers;   /* "Name: value" lines */
    size_t header_count;
    const char *user_agent;       /* NULL: none */
    const char *proxy;            /* "" or NULL: no proxy, whatever the environment says */
    const char *noproxy;
    const char *netrc_file;       /* NULL: no netrc */
    long stall_seconds;           /* abort when under 1 byte/s for this long (also the connect timeout) */
    long min_rate;                /* > 0: abort when under this many bytes/s for min_rate_seconds instead (the
                                     stall is then the progress callback's to catch) */
    long min_rate_seconds;
    /* Called about once a second and on data with the file's total size so far; non-zero aborts. */
    int (*progress)(void *context, long long bytes);
    void *context;
} pm_http_download_request;

typedef struct {
    int curl_code;                /* 0: complete; a CURLcode otherwise (-1: no handle) */
    long status;                  /* HTTP status of the last response (0 when none) */
    long long written;            /* bytes written to the file by this attempt */
    int too_slow;                 /* 1: aborted for going under min_rate once connected */
    int write_errno;              /* errno of a failed open, write or close of the file (ENOSPC…), else 0 */
    char *headers;                /* raw header lines of every response, CRLF-separated (malloc'd) */
    size_t headers_len;
    char error[512];
} pm_http_download_result;

/* 0 when the whole body is in the file; -1 otherwise (out says why). Free with pm_http_download_result_free. */
int pm_http_download(const pm_http_download_request *req, pm_http_download_result *out);

void pm_http_download_result_free(pm_http_download_result *r);

/* One request whose body is handed over as it arrives (git's smart HTTP: a ref advertisement, a pack). */
typedef struct {
    const char *url;
    const char *post_body;        /* NULL: GET; otherwise POSTed, post_len bytes */
    size_t post_len;
    const char *const *headers;   /* "Name: value" lines */
    size_t header_count;
    const char *user_agent;
    const char *proxy;            /* "" or NULL: no proxy, whatever the environment says */
    const char *noproxy;
    int follow_redirects;
    long stall_seconds;           /* abort when under 1 byte/s for this long (also the connect timeout) */
    long min_rate;                /* > 0: abort when under this many bytes/s for min_rate_seconds instead */
    long min_rate_seconds;
    /* Each piece of the body; non-zero aborts the transfer. */
    int (*write)(void *context, const char *data, size_t len);
    /* About once a second with the body's bytes so far; non-zero aborts. */
    int (*progress)(void *context, long long bytes);
    void *context;
} pm_http_stream_request;

typedef struct {
    int curl_code;                /* 0: complete; a CURLcode otherwise (-1: no handle) */
    long status;                  /* HTTP status of the last response (0 when none) */
    int too_slow;                 /* 1: aborted for going under min_rate once connected */
    int aborted;                  /* 1: a callback asked to stop */
    char *content_type;           /* of the last response (malloc'd, or NULL) */
    char *effective_url;          /* the URL answered, after redirects (malloc'd, or NULL) */
    char error[512];
} pm_http_stream_result;

/* 0 when the whole body was handed over; -1 otherwise (out says why). HTTP errors fail (no body handed over).
   Free with pm_http_stream_result_free. */
int pm_http_stream(const pm_http_stream_request *req, pm_http_stream_result *out);

void pm_http_stream_result_free(pm_http_stream_result *r);

#endif
