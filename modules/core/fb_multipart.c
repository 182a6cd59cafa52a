/*
 * fb_multipart: streaming multipart/form-data parsing (fb_multipart.h).
 *
 * The delimiter is CRLF "--" boundary.  A boundary has no CR (RFC 2046
 * bchars), so a delimiter can only start at a CR: a partial match that
 * fails needs no backtracking beyond re-reading the byte that broke it,
 * and the bytes held back are always a prefix of the delimiter itself,
 * given back from the delimiter's own text when they turn out to be
 * data.  The body's first delimiter may lack the CRLF: matching starts
 * as if one had been seen.
 */
#include <string.h>

#include <apr_lib.h>
#include <apr_strings.h>

#include "fb_multipart.h"
#include "fb_utf8.h"

typedef enum {
    MP_PREAMBLE,    /* before the first delimiter: discarded */
    MP_AFTER,       /* just after a delimiter: "--", padding or CRLF */
    MP_DASH,        /* one '-' of the closing "--" seen */
    MP_PAD,         /* transport padding (spaces, tabs) before CRLF */
    MP_LF,          /* the CR of the CRLF ending the delimiter line */
    MP_HEADERS,     /* a part's header block, up to CRLF CRLF */
    MP_DATA,        /* a part's data, up to the next delimiter */
    MP_EPILOGUE,    /* after the closing delimiter: discarded */
    MP_FAILED
} fb_mp_state_e;

struct fb_multipart {
    apr_pool_t *pool;
    apr_pool_t *part_pool;      /* the current part's strings */
    fb_multipart_limits_t limits;
    fb_multipart_callbacks_t cb;
    void *baton;
    char *delim;                /* CRLF "--" boundary */
    apr_size_t dlen;
    apr_size_t match;           /* bytes of delim matched so far */
    fb_mp_state_e state;
    char *hbuf;                 /* the header block being read */
    apr_size_t hlen;
    apr_size_t padding;
    int parts;
    apr_off_t total;
    apr_status_t status;
    const char *why;
};

/* RFC 2046 bchars, space included (not as the last character). */
static int fb_mp_bchar(char c)
{
    return apr_isalnum(c) || (c != '\0' && strchr("'()+_,-./:=? ", c));
}

/* RFC 7230 tchar. */
static int fb_mp_tchar(char c)
{
    return apr_isalnum(c) || (c != '\0' && strchr("!#$%&'*+-.^_`|~", c));
}

static void fb_mp_skip_ows(const char **s)
{
    while (**s == ' ' || **s == '\t') {
        (*s)++;
    }
}

/*
 * A token or a quoted string at *s (a quoted pair gives its character),
 * in p; *s moves past it.  NULL when there is neither.
 */
static char *fb_mp_value(apr_pool_t *p, const char **s)
{
    const char *c = *s;
    char *out, *o;

    if (*c != '"') {
        while (fb_mp_tchar(*c)) {
            c++;
        }
        if (c == *s) {
            return NULL;
        }
        out = apr_pstrmemdup(p, *s, (apr_size_t)(c - *s));
        *s = c;
        return out;
    }
    o = out = apr_palloc(p, strlen(c));
    for (c++; *c != '"'; c++) {
        if (*c == '\0') {
            return NULL;
        }
        /* Only \" and \\ are escapes: browsers send Windows paths
         * with bare backslashes. */
        if (*c == '\\' && (c[1] == '"' || c[1] == '\\')) {
            c++;
        }
        *o++ = *c;
    }
    *o = '\0';
    *s = c + 1;
    return out;
}

/*
 * The next "; name=value" of a header value at *s (value a token or a
 * quoted string): 1 with *name (not terminated, *n long) and *value
 * set, 0 at the end of the value, -1 when it is malformed.
 */
static int fb_mp_param(apr_pool_t *p, const char **s, const char **name,
                       apr_size_t *n, char **value)
{
    fb_mp_skip_ows(s);
    if (**s == '\0') {
        return 0;
    }
    if (*(*s)++ != ';') {
        return -1;
    }
    fb_mp_skip_ows(s);
    *name = *s;
    while (fb_mp_tchar(**s)) {
        (*s)++;
    }
    *n = (apr_size_t)(*s - *name);
    fb_mp_skip_ows(s);
    if (*n == 0 || *(*s)++ != '=') {
        return -1;
    }
    fb_mp_skip_ows(s);
    return (*value = fb_mp_value(p, s)) != NULL ? 1 : -1;
}

const char *fb_multipart_boundary(apr_pool_t *p, const char *content_type)
{
    static const char type[] = "multipart/form-data";
    const char *s = content_type, *boundary = NULL;
    apr_size_t i, n;

    if (s == NULL) {
        return NULL;
    }
    fb_mp_skip_ows(&s);
    if (strncasecmp(s, type, sizeof(type) - 1) != 0) {
        return NULL;
    }
    s += sizeof(type) - 1;
    for (;;) {
        const char *name;
        char *value;
        int got = fb_mp_param(p, &s, &name, &n, &value);

        if (got < 0) {
            return NULL;
        }
        if (got == 0) {
            break;
        }
        if (n == 8 && strncasecmp(name, "boundary", 8) == 0) {
            if (boundary != NULL) {
                return NULL;
            }
            boundary = value;
        }
    }
    n = boundary != NULL ? strlen(boundary) : 0;
    if (n == 0 || n > FB_MULTIPART_BOUNDARY_MAX
        || boundary[n - 1] == ' ') {
        return NULL;
    }
    for (i = 0; i < n; i++) {
        if (!fb_mp_bchar(boundary[i])) {
            return NULL;
        }
    }
    return boundary;
}

fb_multipart_t *fb_multipart_create(apr_pool_t *p, const char *boundary,
                                    const fb_multipart_limits_t *limits,
                                    const fb_multipart_callbacks_t *cb,
                                    void *baton)
{
    fb_multipart_t *mp = apr_pcalloc(p, sizeof(*mp));

    mp->pool = p;
    mp->limits = *limits;
    mp->cb = *cb;
    mp->baton = baton;
    mp->delim = apr_pstrcat(p, "\r\n--", boundary, NULL);
    mp->dlen = strlen(mp->delim);
    mp->match = 2;              /* the first delimiter needs no CRLF */
    mp->state = MP_PREAMBLE;
    mp->hbuf = apr_palloc(p, limits->max_header + 1);
    if (apr_pool_create(&mp->part_pool, p) != APR_SUCCESS) {
        mp->state = MP_FAILED;
        mp->status = APR_ENOMEM;
        mp->why = "Out of memory.";
    }
    return mp;
}

static apr_status_t fb_mp_fail(fb_multipart_t *mp, apr_status_t status,
                               const char *why)
{
    mp->state = MP_FAILED;
    mp->status = status;
    mp->why = why;
    return status;
}

/* A callback's refusal: its status, without a parser message. */
static apr_status_t fb_mp_stopped(fb_multipart_t *mp, apr_status_t rv)
{
    return fb_mp_fail(mp, rv, "The request was refused while its body "
                              "was read.");
}

/*
 * Content-Disposition's value: form-data with a name and maybe a
 * filename.  Other parameters (filename*, which RFC 7578 says not to
 * send) are ignored.
 */
static const char *fb_mp_disposition(fb_multipart_t *mp, const char *s,
                                     fb_multipart_part_t *part)
{
    static const char type[] = "form-data";
    apr_pool_t *p = mp->part_pool;

    if (strncasecmp(s, type, sizeof(type) - 1) != 0
        || fb_mp_tchar(s[sizeof(type) - 1])) {
        return "A part's Content-Disposition is not form-data.";
    }
    s += sizeof(type) - 1;
    for (;;) {
        const char *name;
        const char **slot = NULL;
        char *value;
        apr_size_t n;
        int got = fb_mp_param(p, &s, &name, &n, &value);

        if (got < 0) {
            return "A part's Content-Disposition is malformed.";
        }
        if (got == 0) {
            break;
        }
        if (n == 4 && strncasecmp(name, "name", 4) == 0) {
            slot = &part->name;
        }
        else if (n == 8 && strncasecmp(name, "filename", 8) == 0) {
            slot = &part->filename;
        }
        if (slot != NULL) {
            if (*slot != NULL) {
                return "A part's Content-Disposition repeats a parameter.";
            }
            if (!fb_utf8_valid(value, strlen(value))) {
                return "A part's name or filename is not UTF-8.";
            }
            *slot = value;
        }
    }
    return part->name == NULL ? "A part has no name." : NULL;
}

/* Reads the header block in hbuf (lines ending in CRLF, the last one
 * empty) into part. */
static const char *fb_mp_headers(fb_multipart_t *mp,
                                 fb_multipart_part_t *part)
{
    char *line = mp->hbuf, *end;
    int seen_disposition = 0;

    mp->hbuf[mp->hlen] = '\0';
    memset(part, 0, sizeof(*part));
    while ((end = strstr(line, "\r\n")) != line) {
        char *colon, *value, *v;
        apr_size_t n;

        *end = '\0';
        for (colon = line; fb_mp_tchar(*colon); colon++) {
        }
        if (colon == line || *colon != ':') {
            /* Folded lines (obsolete) and names with spaces included. */
            return "A part's header line is malformed.";
        }
        n = (apr_size_t)(colon - line);
        for (v = colon + 1; *v != '\0'; v++) {
            if ((unsigned char)*v < 0x20 ? *v != '\t' : *v == 0x7f) {
                return "A part's header has a control character.";
            }
        }
        value = colon + 1;
        fb_mp_skip_ows((const char **)&value);
        while (v > value && (v[-1] == ' ' || v[-1] == '\t')) {
            *--v = '\0';
        }
        if (n == 19 && strncasecmp(line, "Content-Disposition", n) == 0) {
            const char *why;

            if (seen_disposition++) {
                return "A part has two Content-Disposition headers.";
            }
            if ((why = fb_mp_disposition(mp, value, part)) != NULL) {
                return why;
            }
        }
        else if (n == 12 && strncasecmp(line, "Content-Type", n) == 0) {
            if (part->content_type != NULL) {
                return "A part has two Content-Type headers.";
            }
            part->content_type = apr_pstrdup(mp->part_pool, value);
        }
        line = end + 2;
    }
    return seen_disposition ? NULL : "A part has no Content-Disposition.";
}

/* Hands buf's len bytes to the data callback (when in a part). */
static apr_status_t fb_mp_emit(fb_multipart_t *mp, const char *buf,
                               apr_size_t len)
{
    apr_status_t rv;

    if (len == 0 || mp->state != MP_DATA) {
        return APR_SUCCESS;
    }
    rv = mp->cb.data(mp->baton, buf, len);
    return rv == APR_SUCCESS ? rv : fb_mp_stopped(mp, rv);
}

/*
 * Scans for the delimiter in the preamble or a part's data, handing data
 * on as it goes; *used is how much of buf was read (up to the end of a
 * delimiter found, which moves the state on).
 */
static apr_status_t fb_mp_scan(fb_multipart_t *mp, const char *buf,
                               apr_size_t len, apr_size_t *used)
{
    apr_size_t i = 0, start = 0;    /* buf[start, i): data not handed on */
    apr_status_t rv;

    while (i < len) {
        if (mp->match == 0) {
            const char *cr = memchr(buf + i, '\r', len - i);

            if (cr == NULL) {
                i = len;
                break;
            }
            i = (apr_size_t)(cr - buf);
        }
        if (buf[i] == mp->delim[mp->match]) {
            if ((rv = fb_mp_emit(mp, buf + start, i - start))
                != APR_SUCCESS) {
                return rv;
            }
            start = ++i;
            if (++mp->match == mp->dlen) {
                mp->match = 0;
                if (mp->state == MP_DATA && mp->cb.end != NULL
                    && (rv = mp->cb.end(mp->baton)) != APR_SUCCESS) {
                    return fb_mp_stopped(mp, rv);
                }
                mp->state = MP_AFTER;
                *used = i;
                return APR_SUCCESS;
            }
            continue;
        }
        /* Not a delimiter after all: what was held back is data, and
         * buf[i] is read again (it may be a CR starting one). */
        if ((rv = fb_mp_emit(mp, mp->delim, mp->match)) != APR_SUCCESS) {
            return rv;
        }
        mp->match = 0;
        start = i;
        if (buf[i] != '\r') {
            i++;
        }
    }
    *used = len;
    return fb_mp_emit(mp, buf + start, i - start);
}

/* One byte after a delimiter, up to the end of its line. */
static apr_status_t fb_mp_after(fb_multipart_t *mp, char c)
{
    switch (mp->state) {
    case MP_AFTER:
        if (c == '-') {
            mp->state = MP_DASH;
            return APR_SUCCESS;
        }
        mp->padding = 0;
        mp->state = MP_PAD;
        /* fall through */
    case MP_PAD:
        if (c == ' ' || c == '\t') {
            if (++mp->padding > mp->limits.max_header) {
                return fb_mp_fail(mp, APR_ENOSPC, "A part's header block "
                                  "is too large.");
            }
            return APR_SUCCESS;
        }
        if (c != '\r') {
            return fb_mp_fail(mp, APR_EINVAL, "A boundary line is "
                              "malformed.");
        }
        mp->state = MP_LF;
        return APR_SUCCESS;
    case MP_DASH:
        if (c != '-') {
            return fb_mp_fail(mp, APR_EINVAL, "A boundary line is "
                              "malformed.");
        }
        mp->state = MP_EPILOGUE;
        return APR_SUCCESS;
    default:    /* MP_LF */
        if (c != '\n') {
            return fb_mp_fail(mp, APR_EINVAL, "A boundary line is "
                              "malformed.");
        }
        if (++mp->parts > mp->limits.max_parts) {
            return fb_mp_fail(mp, APR_ENOSPC, "The body has too many "
                              "parts.");
        }
        mp->hlen = 0;
        mp->state = MP_HEADERS;
        return APR_SUCCESS;
    }
}

/* Header bytes from buf; *used is how many were taken. */
static apr_status_t fb_mp_header_bytes(fb_multipart_t *mp, const char *buf,
                                       apr_size_t len, apr_size_t *used)
{
    apr_size_t i;

    for (i = 0; i < len; i++) {
        fb_multipart_part_t part;
        const char *why;
        apr_status_t rv;

        if (mp->hlen == mp->limits.max_header) {
            return fb_mp_fail(mp, APR_ENOSPC, "A part's header block is "
                              "too large.");
        }
        if (buf[i] == '\0') {
            return fb_mp_fail(mp, APR_EINVAL, "A part's header has a "
                              "control character.");
        }
        mp->hbuf[mp->hlen++] = buf[i];
        if (buf[i] != '\n' || mp->hlen < 2
            || mp->hbuf[mp->hlen - 2] != '\r'
            || (mp->hlen != 2
                && (mp->hlen < 4
                    || memcmp(mp->hbuf + mp->hlen - 4, "\r\n\r\n", 4)))) {
            continue;
        }
        apr_pool_clear(mp->part_pool);
        if ((why = fb_mp_headers(mp, &part)) != NULL) {
            return fb_mp_fail(mp, APR_EINVAL, why);
        }
        if (mp->cb.begin != NULL
            && (rv = mp->cb.begin(mp->baton, &part)) != APR_SUCCESS) {
            return fb_mp_stopped(mp, rv);
        }
        mp->state = MP_DATA;
        mp->match = 0;
        *used = i + 1;
        return APR_SUCCESS;
    }
    *used = len;
    return APR_SUCCESS;
}

apr_status_t fb_multipart_feed(fb_multipart_t *mp, const char *buf,
                               apr_size_t len)
{
    apr_status_t rv = APR_SUCCESS;

    if (mp->state == MP_FAILED) {
        return mp->status;
    }
    if ((apr_off_t)len > mp->limits.max_total - mp->total) {
        return fb_mp_fail(mp, APR_ENOSPC, "The request body is too "
                          "large.");
    }
    mp->total += (apr_off_t)len;
    while (len > 0 && rv == APR_SUCCESS) {
        apr_size_t used = 1;

        switch (mp->state) {
        case MP_PREAMBLE:
        case MP_DATA:
            rv = fb_mp_scan(mp, buf, len, &used);
            break;
        case MP_HEADERS:
            rv = fb_mp_header_bytes(mp, buf, len, &used);
            break;
        case MP_EPILOGUE:
            used = len;
            break;
        case MP_FAILED:
            return mp->status;
        default:
            rv = fb_mp_after(mp, *buf);
            break;
        }
        buf += used;
        len -= used;
    }
    return rv;
}

apr_status_t fb_multipart_finish(fb_multipart_t *mp)
{
    if (mp->state == MP_FAILED) {
        return mp->status;
    }
    if (mp->state != MP_EPILOGUE) {
        return fb_mp_fail(mp, APR_EINVAL, "The body ends before its "
                          "closing boundary.");
    }
    return APR_SUCCESS;
}

const char *fb_multipart_error(const fb_multipart_t *mp)
{
    return mp->state == MP_FAILED ? mp->why : NULL;
}
