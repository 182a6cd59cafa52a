/*
 * The source's API through libcurl: one handle, so one connection kept
 * alive; timeouts; 429 waited out (Retry-After), a spent
 * X-RateLimit-Remaining waited out before the next request
 * (X-RateLimit-Reset), transient failures (a connection that fails, a
 * timeout, 500, 502, 503, 504) retried with a doubling backoff.  The
 * source's URL is the operator's own choice, given on the command line,
 * so it is not held to the outbound address policy that URLs API
 * clients choose are (fb_netpolicy): files the objects name are.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <apr_strings.h>
#include <curl/curl.h>

#include "import.h"

#define IMP_TRIES 8             /* a transient failure, then retries */
#define IMP_BACKOFF_MAX 30.0    /* seconds between two tries, at most */
#define IMP_ANSWER_MAX (64L * 1024 * 1024)

struct imp_source {
    CURL *curl;
    const char *base;
    struct curl_slist *headers;
    int verbose;
    long requests, retries;
    long status;                /* of the last answer */
    double waited;
    time_t wait_until;          /* a spent limit's reset */
    /* the answer being read */
    char *body;
    size_t len, cap;
    long retry_after;
    long remaining;
    long reset;
};

static size_t imp_body(char *data, size_t size, size_t n, void *baton)
{
    imp_source_t *s = baton;
    size_t add = size * n;

    if (s->len + add + 1 > (size_t)IMP_ANSWER_MAX) {
        return 0;
    }
    if (s->len + add + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 65536;
        char *b;

        while (cap < s->len + add + 1) {
            cap *= 2;
        }
        if ((b = realloc(s->body, cap)) == NULL) {
            return 0;
        }
        s->body = b;
        s->cap = cap;
    }
    memcpy(s->body + s->len, data, add);
    s->len += add;
    s->body[s->len] = '\0';
    return add;
}

static size_t imp_header(char *data, size_t size, size_t n, void *baton)
{
    imp_source_t *s = baton;
    size_t len = size * n;
    char line[256];

    if (len >= sizeof(line)) {
        return len;
    }
    memcpy(line, data, len);
    line[len] = '\0';
    if (strncasecmp(line, "Retry-After:", 12) == 0) {
        s->retry_after = strtol(line + 12, NULL, 10);
    }
    else if (strncasecmp(line, "X-RateLimit-Remaining:", 22) == 0) {
        s->remaining = strtol(line + 22, NULL, 10);
    }
    else if (strncasecmp(line, "X-RateLimit-Reset:", 18) == 0) {
        s->reset = strtol(line + 18, NULL, 10);
    }
    return len;
}

imp_source_t *imp_source_make(apr_pool_t *p, const char *base,
                              const char *key, int verbose)
{
    imp_source_t *s = apr_pcalloc(p, sizeof(*s));
    size_t n = strlen(base);

    while (n > 0 && base[n - 1] == '/') {
        n--;
    }
    s->base = apr_pstrndup(p, base, n);
    s->verbose = verbose;
    s->curl = curl_easy_init();
    if (s->curl == NULL) {
        return NULL;
    }
    s->headers = curl_slist_append(NULL, apr_pstrcat(
        p, "Authorization: Bearer ", key, NULL));
    s->headers = curl_slist_append(s->headers, "Accept: application/json");
    curl_easy_setopt(s->curl, CURLOPT_HTTPHEADER, s->headers);
    curl_easy_setopt(s->curl, CURLOPT_WRITEFUNCTION, imp_body);
    curl_easy_setopt(s->curl, CURLOPT_WRITEDATA, s);
    curl_easy_setopt(s->curl, CURLOPT_HEADERFUNCTION, imp_header);
    curl_easy_setopt(s->curl, CURLOPT_HEADERDATA, s);
    curl_easy_setopt(s->curl, CURLOPT_CONNECTTIMEOUT, 10L);
    curl_easy_setopt(s->curl, CURLOPT_TIMEOUT, 120L);
    curl_easy_setopt(s->curl, CURLOPT_TCP_KEEPALIVE, 1L);
    curl_easy_setopt(s->curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(s->curl, CURLOPT_USERAGENT, "feedback-import");
    curl_easy_setopt(s->curl, CURLOPT_PROTOCOLS_STR, "http,https");
    return s;
}

static void imp_sleep(imp_source_t *s, double seconds, const char *why)
{
    if (seconds <= 0) {
        return;
    }
    if (seconds > 3600) {
        seconds = 3600;
    }
    if (s->verbose || seconds >= 1) {
        fprintf(stderr, "feedback-import: %s: waiting %.1f s\n",
                why, seconds);
    }
    s->waited += seconds;
    usleep((useconds_t)(seconds * 1e6));
}

int imp_source_get(imp_source_t *s, apr_pool_t *p, const char *path,
                   json_object **out, const char **why)
{
    const char *url = apr_pstrcat(p, s->base, path, NULL);
    double backoff = 0.5;
    int tries;

    *out = NULL;
    for (tries = 0; tries < IMP_TRIES; tries++) {
        CURLcode rc;
        long status = 0;
        time_t now = time(NULL);

        if (s->wait_until > now) {
            imp_sleep(s, (double)(s->wait_until - now),
                      "the source's rate limit is spent");
        }
        s->wait_until = 0;
        s->len = 0;
        s->retry_after = -1;
        s->remaining = -1;
        s->reset = 0;
        curl_easy_setopt(s->curl, CURLOPT_URL, url);
        s->requests++;
        rc = curl_easy_perform(s->curl);
        if (rc == CURLE_OK) {
            curl_easy_getinfo(s->curl, CURLINFO_RESPONSE_CODE, &status);
        }
        s->status = status;
        if (s->remaining == 0 && s->reset > 0) {
            s->wait_until = (time_t)s->reset + 1;
        }
        if (rc == CURLE_OK && status == 200) {
            json_tokener *tok = json_tokener_new();
            json_object *o = json_tokener_parse_ex(tok, s->body ? s->body
                                                   : "", (int)s->len);

            if (json_tokener_get_error(tok) != json_tokener_success) {
                json_object_put(o);
                o = NULL;
            }
            json_tokener_free(tok);
            if (o == NULL) {
                *why = apr_psprintf(p, "GET %s: the answer is not JSON",
                                    path);
                return 1;
            }
            *out = o;
            return 0;
        }
        if (rc == CURLE_OK && status == 429) {
            double wait = s->retry_after >= 0 ? (double)s->retry_after
                          : (s->reset > 0 ? (double)(s->reset - time(NULL))
                             : 60.0);

            s->retries++;
            s->wait_until = 0;
            imp_sleep(s, wait < 1 ? 1 : wait,
                      "the source answered 429 (rate limited)");
            tries--;            /* a rate limit is no failure */
            continue;
        }
        if (rc != CURLE_OK || status == 500 || status == 502
            || status == 503 || status == 504 || status == 408) {
            s->retries++;
            if (tries + 1 < IMP_TRIES) {
                imp_sleep(s, s->retry_after > 0 ? (double)s->retry_after
                          : backoff,
                          rc != CURLE_OK ? curl_easy_strerror(rc)
                          : "the source failed for now");
                backoff = backoff * 2 > IMP_BACKOFF_MAX ? IMP_BACKOFF_MAX
                          : backoff * 2;
                continue;
            }
            *why = rc != CURLE_OK
                   ? apr_psprintf(p, "GET %s: %s", path,
                                  curl_easy_strerror(rc))
                   : apr_psprintf(p, "GET %s: %ld after %d tries", path,
                                  status, tries + 1);
            return 1;
        }
        *why = apr_psprintf(p, "GET %s: %ld %.300s", path, status,
                            s->body ? s->body : "");
        return rc == CURLE_OK && status == 404 ? IMP_SOURCE_GONE : 1;
    }
    *why = apr_psprintf(p, "GET %s: no answer after %d tries", path,
                        IMP_TRIES);
    return 1;
}

void imp_source_counts(const imp_source_t *s, long *requests,
                       long *retries, double *waited)
{
    *requests = s->requests;
    *retries = s->retries;
    *waited = s->waited;
}

long imp_source_status(const imp_source_t *s)
{
    return s->status;
}
