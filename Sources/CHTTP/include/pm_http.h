#ifndef PODMIRROR_PM_HTTP_H
#define PODMIRROR_PM_HTTP_H
#include <stddef.h>

/* One HTTP request through libcurl, loaded with dlopen on first use so that podmirror's start does not
   pay for libcurl and its TLS, Kerberos and LDAP dependencies (most commands never touch HTTP). */
typedef struct {
    long status;
    char *headers;      /* raw header lines of the last response, CRLF-separated (malloc'd) */
    size_t headers_len;
    char *body;         /* malloc'd */
    size_t body_len;
    int timed_out;
    char error[512];
} pm_http_result;

/* 0 when libcurl could be loaded; otherwise -1 with a message in err. */
int pm_http_load(char *err, size_t errlen);

/* GET or HEAD `url` (http/https only, redirects not followed, TLS verified). 0 on an answer, -1 on
   failure (out->error says why; out->timed_out when the timeout fired). Free with pm_http_result_free. */
int pm_http_request(const char *url, const char *method, long timeout_ms, const char *user_agent, pm_http_result *out);

void pm_http_result_free(pm_http_result *r);

/* Download `url` (http/https, https redirects followed) into the open file `fd`, starting at byte
   `offset` with a Range request when offset > 0 (a server that answers 200 instead makes the file
   start over). Gives up when less than 1 byte/s arrives for `stall_seconds`. `should_stop(payload)`
   is polled; non-zero aborts. 0 on success; -1 with out->error (out->status: the HTTP status, 0 when
   none; out->timed_out: stalled). */
int pm_http_download(const char *url, int fd, long long offset, long stall_seconds, const char *user_agent,
                     int (*should_stop)(void *), void *payload, pm_http_result *out);

#endif
