#ifndef PODMIRROR_CCURL_SHIM_H
#define PODMIRROR_CCURL_SHIM_H
/* libcurl, linked (apt: libcurl4-openssl-dev, brew: curl, or macOS's own): CHTTP's requests use curl.h's own
   option, info and error constants. What differs between libcurl versions lives here. */
#include <curl/curl.h>

/* http and https only, for the request and for any redirect: CURLOPT_PROTOCOLS_STR from 7.85, which
   deprecated the bit masks (Debian 12 has 7.88, macOS 13's SDK 7.86, Ubuntu 22.04 7.81). */
static inline void pm_curl_http_only(CURL *c) {
#if LIBCURL_VERSION_NUM >= 0x075500
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    curl_easy_setopt(c, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}
#endif
