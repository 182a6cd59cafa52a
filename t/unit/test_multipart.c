/*
 * test_multipart.c: the streaming multipart/form-data parser
 * (fb_multipart).
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_multipart.h"
#include "unit.h"

/* What the callbacks saw: "[name|filename|type]data" per part. */
typedef struct {
    char *log;
    apr_off_t bytes;        /* data bytes handed on */
    int stop_at;            /* begin of this part (1-based) refuses */
    int parts;
} mp_seen_t;

static apr_status_t mp_begin(void *baton, const fb_multipart_part_t *part)
{
    mp_seen_t *s = baton;

    if (++s->parts == s->stop_at) {
        return APR_EACCES;
    }
    s->log = apr_pstrcat(ut_pool, s->log, "[", part->name, "|",
                         part->filename ? part->filename : "-", "|",
                         part->content_type ? part->content_type : "-",
                         "]", NULL);
    return APR_SUCCESS;
}

static apr_status_t mp_data(void *baton, const char *buf, apr_size_t len)
{
    mp_seen_t *s = baton;

    CU_ASSERT(len > 0);
    s->bytes += (apr_off_t)len;
    if (s->log != NULL && strlen(s->log) < 4096) {
        s->log = apr_pstrcat(ut_pool, s->log,
                             apr_pstrmemdup(ut_pool, buf, len), NULL);
    }
    return APR_SUCCESS;
}

static apr_status_t mp_end(void *baton)
{
    mp_seen_t *s = baton;

    s->log = apr_pstrcat(ut_pool, s->log, "$", NULL);
    return APR_SUCCESS;
}

static const fb_multipart_callbacks_t mp_cb = {mp_begin, mp_data, mp_end};

static const fb_multipart_limits_t mp_limits = {1024, 16, 1 << 20};

static fb_multipart_t *mp_new(mp_seen_t *s, const char *boundary,
                              const fb_multipart_limits_t *limits)
{
    memset(s, 0, sizeof(*s));
    s->log = "";
    return fb_multipart_create(ut_pool, boundary,
                               limits ? limits : &mp_limits, &mp_cb, s);
}

/* Parses body (len bytes) in pieces of step bytes: the status of the
 * parse, finish included. */
static apr_status_t mp_parse(mp_seen_t *s, const char *boundary,
                             const fb_multipart_limits_t *limits,
                             const char *body, apr_size_t len,
                             apr_size_t step)
{
    fb_multipart_t *mp = mp_new(s, boundary, limits);
    apr_size_t off;
    apr_status_t rv = APR_SUCCESS;

    for (off = 0; off < len && rv == APR_SUCCESS; off += step) {
        rv = fb_multipart_feed(mp, body + off,
                               len - off < step ? len - off : step);
    }
    return rv == APR_SUCCESS ? fb_multipart_finish(mp) : rv;
}

#define BODY \
    "preamble\r\n" \
    "--XyZ\r\n" \
    "Content-Disposition: form-data; name=\"data\"\r\n" \
    "\r\n" \
    "{\"title\":\"a\"}\r\n" \
    "--XyZ  \t\r\n" \
    "content-disposition: form-data; name=customFields.f1; " \
    "filename=\"a \\\"b\\\".png\"\r\n" \
    "Content-Type:  image/png \r\n" \
    "X-Other: ignored\r\n" \
    "\r\n" \
    "\r\n--Xy\r\r\n--XyY\r\n-\r\n\r\n" \
    "\r\n--XyZ\r\n" \
    "Content-Disposition: form-data; name=\"empty\"\r\n" \
    "\r\n" \
    "\r\n--XyZ--\r\n" \
    "epilogue --XyZ junk"

#define SEEN \
    "[data|-|-]{\"title\":\"a\"}$" \
    "[customFields.f1|a \"b\".png|image/png]" \
    "\r\n--Xy\r\r\n--XyY\r\n-\r\n\r\n$" \
    "[empty|-|-]$"

/* Every split of the body, and every piece size, gives the same parts. */
static void test_every_split(void)
{
    const char *body = BODY;
    apr_size_t len = strlen(body), step;
    mp_seen_t s;

    for (step = 1; step <= len; step++) {
        if (!UT_ASSERT_INT(mp_parse(&s, "XyZ", NULL, body, len, step),
                           APR_SUCCESS)
            || !UT_ASSERT_STR(s.log, SEEN)) {
            UT_ASSERT_INT(step, 0);
            break;
        }
    }
    for (step = 1; step < len; step++) {
        fb_multipart_t *mp = mp_new(&s, "XyZ", NULL);

        UT_ASSERT_INT(fb_multipart_feed(mp, body, step), APR_SUCCESS);
        UT_ASSERT_INT(fb_multipart_feed(mp, body + step, len - step),
                      APR_SUCCESS);
        UT_ASSERT_INT(fb_multipart_finish(mp), APR_SUCCESS);
        if (!UT_ASSERT_STR(s.log, SEEN)) {
            UT_ASSERT_INT(step, 0);
            break;
        }
    }
}

/* The first delimiter may open the body, without a preamble. */
static void test_no_preamble(void)
{
    const char *body = "--b\r\nContent-Disposition: form-data; name=x\r\n"
                       "\r\n1\r\n--b--";
    mp_seen_t s;

    UT_ASSERT_INT(mp_parse(&s, "b", NULL, body, strlen(body), 3),
                  APR_SUCCESS);
    UT_ASSERT_STR(s.log, "[x|-|-]1$");
}

static void test_boundary(void)
{
    static const struct {
        const char *type, *boundary;
    } cases[] = {
        {"multipart/form-data; boundary=abc", "abc"},
        {"Multipart/Form-Data;boundary=\"a b:c?\"", "a b:c?"},
        {"multipart/form-data; charset=x; BOUNDARY=----WebKit12",
         "----WebKit12"},
        {"multipart/form-data ; boundary = q ", "q"},
        {"multipart/form-data", NULL},
        {"multipart/mixed; boundary=abc", NULL},
        {"multipart/form-dataX; boundary=abc", NULL},
        {"application/json", NULL},
        {"multipart/form-data; boundary=", NULL},
        {"multipart/form-data; boundary=\"\"", NULL},
        {"multipart/form-data; boundary=\"ab \"", NULL},
        {"multipart/form-data; boundary=\"a\rb\"", NULL},
        {"multipart/form-data; boundary=\"a\\\"b\"", NULL},
        {"multipart/form-data; boundary=a; boundary=b", NULL},
        {"multipart/form-data; boundary=\"abc", NULL},
        {"multipart/form-data boundary=abc", NULL},
        {"multipart/form-data; =abc", NULL},
        {"multipart/form-data; boundary=a{b", NULL},
    };
    char type[128], b71[72];
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (!UT_ASSERT_STR(fb_multipart_boundary(ut_pool, cases[i].type),
                           cases[i].boundary)) {
            UT_ASSERT_STR(cases[i].type, "");
        }
    }
    CU_ASSERT_PTR_NULL(fb_multipart_boundary(ut_pool, NULL));
    /* 70 characters at most (RFC 2046). */
    memset(b71, 'b', 71);
    b71[70] = '\0';
    apr_snprintf(type, sizeof(type), "multipart/form-data; boundary=%s",
                 b71);
    UT_ASSERT_STR(fb_multipart_boundary(ut_pool, type), b71);
    b71[70] = 'b';
    b71[71] = '\0';
    apr_snprintf(type, sizeof(type), "multipart/form-data; boundary=%s",
                 b71);
    CU_ASSERT_PTR_NULL(fb_multipart_boundary(ut_pool, type));
}

/* Bodies that are refused as malformed, and why. */
static void test_malformed(void)
{
    static const struct {
        const char *body, *why;
    } cases[] = {
        {"--b\r\nContent-Disposition: form-data; name=x\r\n\r\n1",
         "The body ends before its closing boundary."},
        {"", "The body ends before its closing boundary."},
        {"no delimiter at all", "The body ends before its closing "
         "boundary."},
        {"--b\r\n\r\n1\r\n--b--", "A part has no Content-Disposition."},
        {"--b\r\nContent-Disposition: attachment; name=x\r\n\r\n\r\n--b--",
         "A part's Content-Disposition is not form-data."},
        {"--b\r\nContent-Disposition: form-datax; name=x\r\n\r\n\r\n--b--",
         "A part's Content-Disposition is not form-data."},
        {"--b\r\nContent-Disposition: form-data\r\n\r\n\r\n--b--",
         "A part has no name."},
        {"--b\r\nContent-Disposition: form-data; filename=f\r\n\r\n"
         "\r\n--b--", "A part has no name."},
        {"--b\r\nContent-Disposition: form-data; name=x; name=y\r\n\r\n"
         "\r\n--b--", "A part's Content-Disposition repeats a parameter."},
        {"--b\r\nContent-Disposition: form-data; name=\"x\r\n\r\n\r\n--b--",
         "A part's Content-Disposition is malformed."},
        {"--b\r\nContent-Disposition: form-data; name\r\n\r\n\r\n--b--",
         "A part's Content-Disposition is malformed."},
        {"--b\r\nContent-Disposition: form-data, name=x\r\n\r\n\r\n--b--",
         "A part's Content-Disposition is malformed."},
        {"--b\r\nContent-Disposition: form-data; name=\"\xff\"\r\n\r\n"
         "\r\n--b--", "A part's name or filename is not UTF-8."},
        {"--b\r\nContent-Disposition: form-data; name=x\r\n folded\r\n"
         "\r\n\r\n--b--", "A part's header line is malformed."},
        {"--b\r\nContent Disposition: form-data; name=x\r\n\r\n\r\n--b--",
         "A part's header line is malformed."},
        {"--b\r\nContent-Disposition: form-data; name=x\nY: 1\r\n\r\n"
         "\r\n--b--", "A part's header has a control character."},
        {"--b\r\nContent-Disposition: form-data; name=x\r\n"
         "Content-Disposition: form-data; name=y\r\n\r\n\r\n--b--",
         "A part has two Content-Disposition headers."},
        {"--b\r\nContent-Disposition: form-data; name=x\r\n"
         "Content-Type: a\r\ncontent-type: b\r\n\r\n\r\n--b--",
         "A part has two Content-Type headers."},
        {"--bx\r\n", "A boundary line is malformed."},
        {"--b -\r\n", "A boundary line is malformed."},
        {"--b\rx", "A boundary line is malformed."},
        {"--b-x", "A boundary line is malformed."},
    };
    apr_size_t i;
    mp_seen_t s;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_multipart_t *mp = mp_new(&s, "b", NULL);
        apr_status_t rv = fb_multipart_feed(mp, cases[i].body,
                                            strlen(cases[i].body));

        if (rv == APR_SUCCESS) {
            rv = fb_multipart_finish(mp);
        }
        if (!UT_ASSERT_INT(rv, APR_EINVAL)
            || !UT_ASSERT_STR(fb_multipart_error(mp), cases[i].why)) {
            UT_ASSERT_STR(cases[i].body, "");
        }
        /* A failed parser stays failed. */
        UT_ASSERT_INT(fb_multipart_feed(mp, "x", 1), APR_EINVAL);
    }
    /* A NUL in the header block. */
    {
        static const char nul[] = "--b\r\nContent-Disposition: form-data;"
                                  " name=\"x\0\"\r\n\r\n\r\n--b--";
        fb_multipart_t *mp = mp_new(&s, "b", NULL);

        UT_ASSERT_INT(fb_multipart_feed(mp, nul, sizeof(nul) - 1),
                      APR_EINVAL);
        UT_ASSERT_STR(fb_multipart_error(mp), "A part's header has a "
                      "control character.");
    }
}

/* A body of n parts, each with a header block of hsize bytes ("\r\n\r\n"
 * included) and data of dsize bytes. */
static const char *mp_body(int n, apr_size_t hsize, apr_size_t dsize)
{
    static const char head[] = "Content-Disposition: form-data; name=p";
    char *pad, *data;
    const char *body = "";
    int i;

    CU_ASSERT_FATAL(hsize >= sizeof(head) - 1 + 4 + 5);
    pad = apr_palloc(ut_pool, hsize);
    memset(pad, 'a', hsize);
    pad[hsize - (sizeof(head) - 1) - 4 - 5] = '\0';
    data = apr_palloc(ut_pool, dsize + 1);
    memset(data, 'd', dsize);
    data[dsize] = '\0';
    for (i = 0; i < n; i++) {
        body = apr_pstrcat(ut_pool, body, "--b\r\n", head, "\r\nX: ", pad,
                           "\r\n\r\n", data, "\r\n", NULL);
    }
    return apr_pstrcat(ut_pool, body, "--b--", NULL);
}

/* Each limit: reached is fine, passed by one is APR_ENOSPC. */
static void test_limits(void)
{
    fb_multipart_limits_t lim = {100, 3, 1 << 20};
    const char *body;
    mp_seen_t s;

    body = mp_body(3, 100, 10);
    UT_ASSERT_INT(mp_parse(&s, "b", &lim, body, strlen(body), 7),
                  APR_SUCCESS);
    UT_ASSERT_INT(s.parts, 3);
    UT_ASSERT_INT(s.bytes, 30);

    body = mp_body(4, 100, 10);
    UT_ASSERT_INT(mp_parse(&s, "b", &lim, body, strlen(body), 7),
                  APR_ENOSPC);
    UT_ASSERT_INT(s.parts, 3);

    body = mp_body(1, 101, 10);
    UT_ASSERT_INT(mp_parse(&s, "b", &lim, body, strlen(body), 7),
                  APR_ENOSPC);
    UT_ASSERT_INT(s.parts, 0);

    body = mp_body(2, 100, 1000);
    lim.max_total = (apr_off_t)strlen(body);
    UT_ASSERT_INT(mp_parse(&s, "b", &lim, body, strlen(body), 64),
                  APR_SUCCESS);
    lim.max_total--;
    UT_ASSERT_INT(mp_parse(&s, "b", &lim, body, strlen(body), 64),
                  APR_ENOSPC);
    /* Endless transport padding counts against the header limit. */
    {
        char pad[200];
        fb_multipart_t *mp = mp_new(&s, "b", &lim);

        memset(pad, ' ', sizeof(pad));
        UT_ASSERT_INT(fb_multipart_feed(mp, "--b", 3), APR_SUCCESS);
        UT_ASSERT_INT(fb_multipart_feed(mp, pad, sizeof(pad)), APR_ENOSPC);
    }
}

/* A callback's refusal stops the parse with its status. */
static void test_callback_stops(void)
{
    const char *body = BODY;
    fb_multipart_t *mp;
    mp_seen_t s;

    mp = mp_new(&s, "XyZ", NULL);
    s.stop_at = 2;
    UT_ASSERT_INT(fb_multipart_feed(mp, body, strlen(body)), APR_EACCES);
    UT_ASSERT_STR(s.log, "[data|-|-]{\"title\":\"a\"}$");
    UT_ASSERT_INT(fb_multipart_finish(mp), APR_EACCES);
    CU_ASSERT_PTR_NOT_NULL(fb_multipart_error(mp));
}

/*
 * A large file fed in 64 KB pieces: every byte is handed on, at most the
 * delimiter's length held back after each piece, so nothing accumulates.
 */
static void test_streams(void)
{
    static const char head[] = "--b\r\nContent-Disposition: form-data; "
                               "name=f; filename=x\r\n\r\n";
    const apr_size_t piece = 65536, pieces = 160;   /* 10 MB */
    fb_multipart_limits_t lim = {1024, 2, (apr_off_t)1 << 30};
    char *buf = apr_palloc(ut_pool, piece);
    fb_multipart_t *mp;
    mp_seen_t s;
    apr_off_t fed = 0;
    apr_size_t i;

    mp = mp_new(&s, "b", &lim);
    s.log = NULL;           /* count only */
    UT_ASSERT_INT(fb_multipart_feed(mp, head, sizeof(head) - 1),
                  APR_SUCCESS);
    /* Data full of near-delimiters: CR LF - - and CRs. */
    for (i = 0; i < piece; i++) {
        buf[i] = "\r\n--\rx"[i % 6];
    }
    for (i = 0; i < pieces; i++) {
        UT_ASSERT_INT(fb_multipart_feed(mp, buf, piece), APR_SUCCESS);
        fed += (apr_off_t)piece;
        if (s.bytes < fed - 5) {
            UT_ASSERT_INT(s.bytes, fed - 5);
            break;
        }
    }
    UT_ASSERT_INT(fb_multipart_feed(mp, "\r\n--b--", 7), APR_SUCCESS);
    UT_ASSERT_INT(fb_multipart_finish(mp), APR_SUCCESS);
    UT_ASSERT_INT(s.bytes, fed);
}

void test_multipart_register(void)
{
    static const ut_test_t tests[] = {
        {"every split gives the same parts", test_every_split},
        {"no preamble", test_no_preamble},
        {"boundary from Content-Type", test_boundary},
        {"malformed bodies", test_malformed},
        {"limits: at and over", test_limits},
        {"a callback stops the parse", test_callback_stops},
        {"streams: nothing accumulates", test_streams},
        {NULL, NULL}
    };

    ut_add_suite("fb_multipart", NULL, NULL, NULL, NULL, tests);
}
