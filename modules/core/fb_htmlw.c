/*
 * fb_htmlw: HTML written into a pool's buffer, escaped in one place.
 */
#include <stdarg.h>
#include <string.h>

#include <apr_strings.h>

#include "fb_htmlw.h"

static void fb_htmlw_grow(fb_htmlw_t *w, apr_size_t need)
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

static void fb_htmlw_bytes(fb_htmlw_t *w, const char *s, apr_size_t n)
{
    /* One byte more is always kept free, for fb_htmlw_finish's NUL. */
    if (w->cap - w->len <= n) {
        fb_htmlw_grow(w, n + 1);
    }
    memcpy(w->buf + w->len, s, n);
    w->len += n;
}

#define FB_HTMLW_LIT(w, lit) fb_htmlw_bytes(w, lit, sizeof(lit) - 1)

/* The escape of a byte, or NULL when it is written as is. */
static const char *fb_htmlw_entity(char c)
{
    switch (c) {
    case '&':
        return "&amp;";
    case '<':
        return "&lt;";
    case '>':
        return "&gt;";
    case '"':
        return "&quot;";
    case '\'':
        return "&#39;";
    default:
        return NULL;
    }
}

/* n bytes of s, escaped: runs of plain bytes copied at once. */
static void fb_htmlw_escaped(fb_htmlw_t *w, const char *s, apr_size_t n)
{
    apr_size_t i, from = 0;
    const char *e;

    for (i = 0; i < n; i++) {
        if ((e = fb_htmlw_entity(s[i])) != NULL) {
            fb_htmlw_bytes(w, s + from, i - from);
            fb_htmlw_bytes(w, e, strlen(e));
            from = i + 1;
        }
    }
    fb_htmlw_bytes(w, s + from, n - from);
}

/* Non-zero when name is a tag or attribute name the writer accepts. */
static int fb_htmlw_name_ok(const char *name)
{
    const char *c;

    if (name == NULL || *name == '\0') {
        return 0;
    }
    for (c = name; *c; c++) {
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9')
              || *c == '-')) {
            return 0;
        }
    }
    return 1;
}

void fb_htmlw_init(fb_htmlw_t *w, apr_pool_t *p, apr_size_t size)
{
    w->pool = p;
    w->cap = size < 64 ? 64 : size;
    w->buf = apr_palloc(p, w->cap);
    w->len = 0;
    w->depth = 0;
    w->broken = 0;
}

/* <tag attrs...> */
static void fb_htmlw_tag(fb_htmlw_t *w, const char *tag,
                         const fb_htmlw_attr_t *attrs)
{
    const fb_htmlw_attr_t *a;

    if (!fb_htmlw_name_ok(tag)) {
        w->broken = 1;
        return;
    }
    FB_HTMLW_LIT(w, "<");
    fb_htmlw_bytes(w, tag, strlen(tag));
    for (a = attrs; a != NULL && a->name != NULL; a++) {
        if (a->value == NULL) {
            continue;
        }
        if (!fb_htmlw_name_ok(a->name)) {
            w->broken = 1;
            continue;
        }
        FB_HTMLW_LIT(w, " ");
        fb_htmlw_bytes(w, a->name, strlen(a->name));
        FB_HTMLW_LIT(w, "=\"");
        fb_htmlw_escaped(w, a->value, strlen(a->value));
        FB_HTMLW_LIT(w, "\"");
    }
    FB_HTMLW_LIT(w, ">");
}

void fb_htmlw_open(fb_htmlw_t *w, const char *tag,
                   const fb_htmlw_attr_t *attrs)
{
    if (w->depth >= FB_HTMLW_DEPTH) {
        w->broken = 1;
        return;
    }
    fb_htmlw_tag(w, tag, attrs);
    w->open[w->depth++] = tag;
}

void fb_htmlw_void(fb_htmlw_t *w, const char *tag,
                   const fb_htmlw_attr_t *attrs)
{
    fb_htmlw_tag(w, tag, attrs);
}

void fb_htmlw_end(fb_htmlw_t *w, const char *tag)
{
    if (w->depth == 0 || tag == NULL
        || strcmp(w->open[w->depth - 1], tag) != 0) {
        w->broken = 1;
        return;
    }
    w->depth--;
    FB_HTMLW_LIT(w, "</");
    fb_htmlw_bytes(w, tag, strlen(tag));
    FB_HTMLW_LIT(w, ">");
}

void fb_htmlw_text(fb_htmlw_t *w, const char *s)
{
    if (s != NULL) {
        fb_htmlw_escaped(w, s, strlen(s));
    }
}

void fb_htmlw_textf(fb_htmlw_t *w, const char *fmt, ...)
{
    va_list ap;
    const char *s;

    va_start(ap, fmt);
    s = apr_pvsprintf(w->pool, fmt, ap);
    va_end(ap);
    fb_htmlw_text(w, s);
}

void fb_htmlw_element(fb_htmlw_t *w, const char *tag,
                      const fb_htmlw_attr_t *attrs, const char *text)
{
    fb_htmlw_open(w, tag, attrs);
    fb_htmlw_text(w, text);
    fb_htmlw_end(w, tag);
}

void fb_htmlw_marked(fb_htmlw_t *w, const char *s, char start, char stop)
{
    const char *c, *from;
    int in_mark = 0;

    if (s == NULL) {
        return;
    }
    for (c = from = s; *c; c++) {
        if (*c != start && *c != stop) {
            continue;
        }
        fb_htmlw_escaped(w, from, (apr_size_t)(c - from));
        from = c + 1;
        if (*c == start && !in_mark) {
            FB_HTMLW_LIT(w, "<mark>");
            in_mark = 1;
        }
        else if (*c == stop && in_mark) {
            FB_HTMLW_LIT(w, "</mark>");
            in_mark = 0;
        }
    }
    fb_htmlw_escaped(w, from, (apr_size_t)(c - from));
    if (in_mark) {
        FB_HTMLW_LIT(w, "</mark>");
    }
}

void fb_htmlw_sanitized(fb_htmlw_t *w, const char *html)
{
    if (html != NULL) {
        fb_htmlw_bytes(w, html, strlen(html));
    }
}

void fb_htmlw_literal(fb_htmlw_t *w, const char *markup)
{
    fb_htmlw_bytes(w, markup, strlen(markup));
}

const char *fb_htmlw_finish(fb_htmlw_t *w, apr_size_t *len)
{
    if (w->broken || w->depth != 0) {
        return NULL;
    }
    w->buf[w->len] = '\0';
    if (len != NULL) {
        *len = w->len;
    }
    return w->buf;
}

const char *fb_htmlw_escape(apr_pool_t *p, const char *s)
{
    fb_htmlw_t w;

    fb_htmlw_init(&w, p, strlen(s) + 16);
    fb_htmlw_text(&w, s);
    return fb_htmlw_finish(&w, NULL);
}
