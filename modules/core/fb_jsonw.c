/*
 * fb_jsonw: JSON in PostgreSQL's layout, written into a pool's buffer.
 */
#include <stdlib.h>
#include <string.h>

#include "fb_jsonw.h"

/* A member of a jsonb object: its key and where it starts (the key's
 * opening quote) in the buffer. */
typedef struct {
    const char *key;
    apr_size_t klen;
    apr_size_t start;
    int n;                      /* written n-th */
} fb_jsonw_member_t;

static void fb_jsonw_grow(fb_jsonw_t *w, apr_size_t need)
{
    apr_size_t cap = w->cap;
    char *buf;

    while (cap - w->len < need) {
        cap *= 2;
    }
    buf = apr_palloc(w->pool, cap);
    memcpy(buf, w->buf, w->len);
    w->buf = buf;
    w->cap = cap;
}

void fb_jsonw_bytes(fb_jsonw_t *w, const char *s, apr_size_t n)
{
    /* One byte more is always kept free, for fb_jsonw_text's NUL. */
    if (w->cap - w->len <= n) {
        fb_jsonw_grow(w, n + 1);
    }
    memcpy(w->buf + w->len, s, n);
    w->len += n;
}

#define FB_JSONW_LIT(w, lit) fb_jsonw_bytes(w, lit, sizeof(lit) - 1)

void fb_jsonw_init(fb_jsonw_t *w, apr_pool_t *p, apr_size_t size)
{
    w->pool = p;
    w->cap = size < 64 ? 64 : size;
    w->buf = apr_palloc(p, w->cap);
    w->len = 0;
    w->depth = 0;
    w->count[0] = 0;
    w->close[0] = '\0';
    w->spaced[0] = 0;
    w->after_key = 0;
    w->jsonb[0] = 0;
    w->compact[0] = 0;
    memset(w->members, 0, sizeof(w->members));
    w->scratch = NULL;
    w->scratch_cap = 0;
}

const char *fb_jsonw_text(fb_jsonw_t *w, apr_size_t *len)
{
    w->buf[w->len] = '\0';
    if (len != NULL) {
        *len = w->len;
    }
    return w->buf;
}

/* Before a value: its separator, unless it is a member's value. */
static void fb_jsonw_value(fb_jsonw_t *w)
{
    if (w->after_key) {
        w->after_key = 0;
    }
    else if (w->count[w->depth]++ > 0) {
        if (w->compact[w->depth]) {
            FB_JSONW_LIT(w, ",");
        }
        else {
            FB_JSONW_LIT(w, ", ");
        }
    }
}

static void fb_jsonw_open(fb_jsonw_t *w, char open, char close)
{
    fb_jsonw_value(w);
    fb_jsonw_bytes(w, &open, 1);
    if (w->depth < FB_JSONW_DEPTH - 1) {
        w->depth++;
        w->count[w->depth] = 0;
        w->close[w->depth] = close;
        w->spaced[w->depth] = 0;
        w->jsonb[w->depth] = w->jsonb[w->depth - 1];
        /* A jsonb object has its own layout, compact or not. */
        w->compact[w->depth] = w->compact[w->depth - 1]
                               && !w->jsonb[w->depth];
        w->unsorted[w->depth] = 0;
        if (w->members[w->depth] != NULL) {
            apr_array_clear(w->members[w->depth]);
        }
    }
}

void fb_jsonw_object(fb_jsonw_t *w)
{
    fb_jsonw_open(w, '{', '}');
}

void fb_jsonw_array(fb_jsonw_t *w)
{
    fb_jsonw_open(w, '[', ']');
}

void fb_jsonw_object_agg(fb_jsonw_t *w)
{
    fb_jsonw_open(w, '{', '}');
    FB_JSONW_LIT(w, " ");
    w->spaced[w->depth] = 1;
}

void fb_jsonw_compact(fb_jsonw_t *w)
{
    fb_jsonw_open(w, '{', '}');
    w->jsonb[w->depth] = 0;
    w->compact[w->depth] = 1;
}

void fb_jsonw_jsonb(fb_jsonw_t *w)
{
    int outer = w->jsonb[w->depth];

    w->jsonb[w->depth] = 1;
    fb_jsonw_open(w, '{', '}');
    w->jsonb[w->depth - 1] = (char)outer;
}

/* jsonb's order of keys: the shorter first, then by bytes. */
static int fb_jsonw_key_cmp(const fb_jsonw_member_t *a,
                            const fb_jsonw_member_t *b)
{
    if (a->klen != b->klen) {
        return a->klen < b->klen ? -1 : 1;
    }
    return memcmp(a->key, b->key, a->klen);
}

/* In jsonb's order; a key's copies in the order written. */
static int fb_jsonw_member_cmp(const void *x, const void *y)
{
    const fb_jsonw_member_t *a = x, *b = y;
    int c = fb_jsonw_key_cmp(a, b);

    return c != 0 ? c : a->n - b->n;
}

/* Writes the members of the jsonb object ending here again, in jsonb's
 * order, each key once (its last value). */
static void fb_jsonw_sort(fb_jsonw_t *w, apr_array_header_t *members)
{
    fb_jsonw_member_t *m = (fb_jsonw_member_t *)members->elts;
    int n = members->nelts, i;
    apr_size_t from = m[0].start, size = w->len - from;
    apr_size_t *end = apr_palloc(w->pool, sizeof(*end) * (apr_size_t)n);

    for (i = 0; i < n; i++) {
        /* Each member ends at the ", " before the next one. */
        end[i] = i + 1 < n ? m[i + 1].start - 2 : w->len;
    }
    if (w->scratch_cap < size) {
        w->scratch_cap = size * 2;
        w->scratch = apr_palloc(w->pool, w->scratch_cap);
    }
    memcpy(w->scratch, w->buf + from, size);
    for (i = 0; i < n; i++) {
        m[i].n = i;
    }
    qsort(m, (size_t)n, sizeof(*m), fb_jsonw_member_cmp);
    w->len = from;
    for (i = 0; i < n; i++) {
        if (i + 1 < n && fb_jsonw_key_cmp(&m[i], &m[i + 1]) == 0) {
            continue;
        }
        if (w->len > from) {
            FB_JSONW_LIT(w, ", ");
        }
        fb_jsonw_bytes(w, w->scratch + (m[i].start - from),
                       end[m[i].n] - m[i].start);
    }
}

void fb_jsonw_end(fb_jsonw_t *w)
{
    if (w->depth > 0) {
        if (w->unsorted[w->depth]) {
            fb_jsonw_sort(w, w->members[w->depth]);
        }
        if (w->spaced[w->depth]) {
            FB_JSONW_LIT(w, " ");
        }
        fb_jsonw_bytes(w, &w->close[w->depth], 1);
        w->depth--;
    }
}

void fb_jsonw_restart(fb_jsonw_t *w, char c)
{
    fb_jsonw_bytes(w, &c, 1);
    w->depth = 0;
    w->count[0] = 0;
    w->after_key = 0;
}

/* s, escaped as PostgreSQL's escape_json does, inside quotes. */
static void fb_jsonw_quoted(fb_jsonw_t *w, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    const char *run = s;

    fb_jsonw_bytes(w, "\"", 1);
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        char esc[6];
        apr_size_t n = 2;

        if (c >= 0x20 && c != '"' && c != '\\') {
            continue;
        }
        fb_jsonw_bytes(w, run, (apr_size_t)(s - run));
        run = s + 1;
        esc[0] = '\\';
        switch (c) {
        case '"':  esc[1] = '"';  break;
        case '\\': esc[1] = '\\'; break;
        case '\b': esc[1] = 'b';  break;
        case '\f': esc[1] = 'f';  break;
        case '\n': esc[1] = 'n';  break;
        case '\r': esc[1] = 'r';  break;
        case '\t': esc[1] = 't';  break;
        default:
            memcpy(esc + 1, "u00", 3);
            esc[4] = hex[c >> 4];
            esc[5] = hex[c & 15];
            n = 6;
        }
        fb_jsonw_bytes(w, esc, n);
    }
    fb_jsonw_bytes(w, run, (apr_size_t)(s - run));
    fb_jsonw_bytes(w, "\"", 1);
}

/* Keeps where the member key of the jsonb object at the top starts,
 * and whether it comes in jsonb's order. */
static void fb_jsonw_jsonb_member(fb_jsonw_t *w, const char *key)
{
    apr_array_header_t **members = &w->members[w->depth];
    fb_jsonw_member_t *m;

    if (*members == NULL) {
        *members = apr_array_make(w->pool, 32, sizeof(fb_jsonw_member_t));
    }
    m = apr_array_push(*members);
    m->key = key;
    m->klen = strlen(key);
    m->start = w->len;
    if ((*members)->nelts > 1 && fb_jsonw_key_cmp(m - 1, m) >= 0) {
        w->unsorted[w->depth] = 1;
    }
}

void fb_jsonw_key(fb_jsonw_t *w, const char *key)
{
    fb_jsonw_value(w);
    if (w->jsonb[w->depth]) {
        fb_jsonw_jsonb_member(w, key);
        fb_jsonw_quoted(w, key);
        FB_JSONW_LIT(w, ": ");
    }
    else if (w->compact[w->depth]) {
        fb_jsonw_quoted(w, key);
        FB_JSONW_LIT(w, ":");
    }
    else {
        fb_jsonw_quoted(w, key);
        FB_JSONW_LIT(w, " : ");
    }
    w->after_key = 1;
}

void fb_jsonw_string(fb_jsonw_t *w, const char *s)
{
    fb_jsonw_value(w);
    if (s == NULL) {
        FB_JSONW_LIT(w, "null");
    }
    else {
        fb_jsonw_quoted(w, s);
    }
}

void fb_jsonw_raw(fb_jsonw_t *w, const char *json)
{
    fb_jsonw_value(w);
    if (json == NULL) {
        FB_JSONW_LIT(w, "null");
    }
    else {
        fb_jsonw_bytes(w, json, strlen(json));
    }
}

void fb_jsonw_pg_bool(fb_jsonw_t *w, const char *b)
{
    fb_jsonw_raw(w, b == NULL ? NULL : *b == 't' ? "true" : "false");
}

/* The digits of ts at the positions marked 'd' in shape, and its other
 * characters as they are. */
static int fb_jsonw_shaped(const char *ts, const char *shape)
{
    for (; *shape != '\0'; shape++, ts++) {
        if (*shape == 'd' ? *ts < '0' || *ts > '9' : *ts != *shape) {
            return 0;
        }
    }
    return 1;
}

int fb_jsonw_pg_time(fb_jsonw_t *w, const char *ts)
{
    static const char shape[] = "dddd-dd-dd dd:dd:dd";
    char out[] = "\"0000-00-00T00:00:00.000Z\"";
    const char *frac, *d;
    int i;

    if (ts == NULL) {
        fb_jsonw_raw(w, NULL);
        return 1;
    }
    frac = ts + strspn(ts, "0123456789-: ");
    d = *frac == '.' ? frac + 1 : frac;
    if (frac - ts != sizeof(shape) - 1 || !fb_jsonw_shaped(ts, shape)
        || d[strspn(d, "0123456789")] != '\0' || strlen(d) > 6
        || (*frac == '.' && *d == '\0')) {
        fb_jsonw_raw(w, NULL);
        return 0;
    }
    /* The fraction's first three digits, padded with zeros (PostgreSQL
     * leaves trailing zeros out): milliseconds, truncated as to_char's
     * MS truncates. */
    memcpy(out + 1, ts, 10);
    memcpy(out + 12, ts + 11, 8);
    for (i = 0; i < 3 && d[i] != '\0'; i++) {
        out[21 + i] = d[i];
    }
    fb_jsonw_value(w);
    fb_jsonw_bytes(w, out, sizeof(out) - 1);
    return 1;
}

void fb_jsonw_member_string(fb_jsonw_t *w, const char *key, const char *s)
{
    fb_jsonw_key(w, key);
    fb_jsonw_string(w, s);
}

void fb_jsonw_member_bool(fb_jsonw_t *w, const char *key, const char *b)
{
    fb_jsonw_key(w, key);
    fb_jsonw_pg_bool(w, b);
}

int fb_jsonw_member_time(fb_jsonw_t *w, const char *key, const char *ts)
{
    fb_jsonw_key(w, key);
    return fb_jsonw_pg_time(w, ts);
}
