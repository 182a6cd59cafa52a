/*
 * fuzz_multipart: the streaming multipart/form-data parser, as uploads
 * arrive.
 *
 * The input's first line is a Content-Type (its boundary, when it has
 * one, must obey RFC 2046), the rest a body parsed with the boundary
 * "b" three ways: whole, cut in two where the input's first byte says,
 * and one byte at a time.  The parts seen, their data and the outcome
 * must not depend on how the body was cut, and a part's data never
 * holds the delimiter.
 */
#include <string.h>

#include <apr_strings.h>

#include "fz.h"

#include "fb_multipart.h"

/* What one parse saw. */
typedef struct {
    apr_pool_t *p;
    char *log;
    apr_size_t bytes;
    apr_size_t tail;        /* last bytes of the current part's data */
    char last[8];
} fz_seen_t;

static apr_status_t fz_begin(void *baton, const fb_multipart_part_t *part)
{
    fz_seen_t *s = baton;

    if (part->name == NULL) {
        fz_fail("begin", "a part without a name");
    }
    s->tail = 0;
    s->log = apr_pstrcat(s->p, s->log, "[", part->name, "|",
                         part->filename ? part->filename : "(none)", "|",
                         part->content_type ? part->content_type : "(none)",
                         "]", NULL);
    /* Stop on a part named "stop", as a handler refusing it would. */
    return strcmp(part->name, "stop") == 0 ? APR_EACCES : APR_SUCCESS;
}

/* buf's len bytes as text: a NUL written as "\\0", so that the log of
 * data cut anywhere is the same string. */
static const char *fz_text(apr_pool_t *p, const char *buf, apr_size_t len)
{
    char *out = apr_palloc(p, 2 * len + 1), *o = out;
    apr_size_t i;

    for (i = 0; i < len; i++) {
        if (buf[i] == '\0' || buf[i] == '\\') {
            *o++ = '\\';
            *o++ = buf[i] == '\0' ? '0' : '\\';
        }
        else {
            *o++ = buf[i];
        }
    }
    *o = '\0';
    return out;
}

static apr_status_t fz_data(void *baton, const char *buf, apr_size_t len)
{
    fz_seen_t *s = baton;
    apr_size_t i;

    if (len == 0) {
        fz_fail("data", "an empty run");
    }
    s->bytes += len;
    s->log = apr_pstrcat(s->p, s->log, fz_text(s->p, buf, len), NULL);
    /* The delimiter "\r\n--b" never reaches a part's data. */
    for (i = 0; i < len; i++) {
        memmove(s->last, s->last + 1, 4);
        s->last[4] = buf[i];
        if (++s->tail >= 5 && memcmp(s->last, "\r\n--b", 5) == 0) {
            fz_fail("data", "a delimiter inside a part");
        }
    }
    return APR_SUCCESS;
}

static apr_status_t fz_end(void *baton)
{
    fz_seen_t *s = baton;

    s->log = apr_pstrcat(s->p, s->log, "$", NULL);
    return APR_SUCCESS;
}

static const fb_multipart_callbacks_t fz_cb = {fz_begin, fz_data, fz_end};

/* Parses body in pieces of step bytes (the first of cut bytes when cut
 * is not 0); the outcome and the error text go into the log. */
static const char *fz_parse(apr_pool_t *p, const char *body, size_t len,
                            size_t cut, size_t step)
{
    static const fb_multipart_limits_t limits = {256, 8, 1 << 16};
    fz_seen_t s = {p, "", 0, 0, {0}};
    fb_multipart_t *mp = fb_multipart_create(p, "b", &limits, &fz_cb, &s);
    apr_status_t rv = APR_SUCCESS;
    size_t off = 0;

    if (cut > 0 && cut < len) {
        rv = fb_multipart_feed(mp, body, cut);
        off = cut;
    }
    for (; off < len && rv == APR_SUCCESS; off += step) {
        rv = fb_multipart_feed(mp, body + off,
                               len - off < step ? len - off : step);
    }
    if (rv == APR_SUCCESS) {
        rv = fb_multipart_finish(mp);
    }
    if (s.bytes > len) {
        fz_fail("data", "more data than input");
    }
    if ((rv == APR_SUCCESS) != (fb_multipart_error(mp) == NULL)) {
        fz_fail("error", "an error text without a failure, or none");
    }
    return apr_psprintf(p, "%s\n%d %s", s.log, rv,
                        rv == APR_SUCCESS ? "" : fb_multipart_error(mp));
}

static void fz_boundary(apr_pool_t *p, const char *type)
{
    const char *b = fb_multipart_boundary(p, type);
    size_t n, i;

    if (b == NULL) {
        return;
    }
    n = strlen(b);
    if (n == 0 || n > FB_MULTIPART_BOUNDARY_MAX || b[n - 1] == ' ') {
        fz_fail("boundary", b);
    }
    for (i = 0; i < n; i++) {
        if (b[i] == '\r' || b[i] == '\n' || b[i] == '"') {
            fz_fail("boundary character", b);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    apr_pool_t *p = fz_pool_begin();
    const uint8_t *nl = memchr(data, '\n', size);
    size_t tlen = nl != NULL ? (size_t)(nl - data) : size;
    const char *body, *whole, *other;
    size_t blen;

    fz_boundary(p, fz_string(p, data, tlen));
    if (nl != NULL) {
        blen = size - tlen - 1;
        body = fz_bytes(p, nl + 1, blen);
        whole = fz_parse(p, body, blen, 0, blen ? blen : 1);
        other = fz_parse(p, body, blen, size > 0 ? data[0] % 64 : 0,
                         blen ? blen : 1);
        if (strcmp(whole, other) != 0) {
            fz_fail("cut in two", other);
        }
        if (blen <= 4096) {
            other = fz_parse(p, body, blen, 0, 1);
            if (strcmp(whole, other) != 0) {
                fz_fail("byte by byte", other);
            }
        }
    }
    fz_pool_end(p);
    return 0;
}
