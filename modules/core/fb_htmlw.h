/*
 * fb_htmlw: HTML written straight into one growing buffer of a pool, the
 * one place where text becomes markup (the public help center's pages).
 *
 * Like fb_jsonw for JSON, the writer owns the syntax and the escaping, so
 * that a page is written as a sequence of calls and never assembled from
 * strings a handler glued together:
 *
 *   fb_htmlw_open(w, "a", FB_HTMLW_ATTRS({"href", url},
 *                                        {"aria-current", current}));
 *   fb_htmlw_text(w, title);
 *   fb_htmlw_end(w, "a");
 *
 * What is escaped, and how:
 *
 *   text and attribute values   & < > " ' become &amp; &lt; &gt; &quot;
 *                               &#39; (the same five everywhere, so a
 *                               value is safe in either place); every
 *                               attribute value is double-quoted
 *   tag and attribute names     not escaped but checked: lowercase ASCII
 *                               letters, digits and '-' only (names are
 *                               the caller's literals; another byte is a
 *                               bug, and fails the page at
 *                               fb_htmlw_finish)
 *   attribute whose value is    left out (an optional attribute is
 *   NULL                        written by passing its value or NULL)
 *   stored HTML                 fb_htmlw_sanitized: as is, for markup
 *                               that fb_html_sanitize() wrote (the
 *                               allow-list's output, fb_html.h) and only
 *                               that
 *   the writer's own constants  fb_htmlw_literal: as is, for literals of
 *                               the program (a doctype, a stylesheet),
 *                               never for data
 *
 * The writer keeps the open elements: fb_htmlw_end names the element it
 * closes, and an end that is not the innermost open element's, an element
 * left open, nesting deeper than FB_HTMLW_DEPTH or a bad name marks the
 * page broken, and fb_htmlw_finish then returns NULL instead of markup a
 * browser would repair its own way.  No call fails otherwise; memory
 * comes from the pool.
 */
#ifndef FB_HTMLW_H
#define FB_HTMLW_H

#include <apr_pools.h>

/* Elements nested deeper than this are a bug of the caller. */
#define FB_HTMLW_DEPTH 32

/* An attribute: its name (a literal) and its value (escaped; NULL leaves
 * the attribute out). */
typedef struct {
    const char *name;
    const char *value;
} fb_htmlw_attr_t;

/* A list of attributes for fb_htmlw_open and fb_htmlw_void, ended for
 * the writer: FB_HTMLW_ATTRS({"href", url}, {"lang", locale}). */
#define FB_HTMLW_ATTRS(...) \
    ((const fb_htmlw_attr_t[]){__VA_ARGS__, {NULL, NULL}})

typedef struct {
    apr_pool_t *pool;
    char *buf;
    apr_size_t len;
    apr_size_t cap;
    int depth;
    const char *open[FB_HTMLW_DEPTH]; /* the open elements' names */
    int broken;                       /* misuse seen: finish fails */
} fb_htmlw_t;

/* An empty writer whose buffer starts at size bytes (grown as needed). */
void fb_htmlw_init(fb_htmlw_t *w, apr_pool_t *p, apr_size_t size);

/* <tag attrs...>, to be closed by fb_htmlw_end(w, tag).  attrs may be
 * NULL. */
void fb_htmlw_open(fb_htmlw_t *w, const char *tag,
                   const fb_htmlw_attr_t *attrs);

/* A void element (meta, link, input, br, img): <tag attrs...>, no end. */
void fb_htmlw_void(fb_htmlw_t *w, const char *tag,
                   const fb_htmlw_attr_t *attrs);

/* </tag>, closing the innermost open element, which must be tag. */
void fb_htmlw_end(fb_htmlw_t *w, const char *tag);

/* Text, escaped; NULL writes nothing. */
void fb_htmlw_text(fb_htmlw_t *w, const char *s);

/* Text made by a printf format, escaped as a whole. */
void fb_htmlw_textf(fb_htmlw_t *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* <tag attrs...>text</tag>: an element holding only text. */
void fb_htmlw_element(fb_htmlw_t *w, const char *tag,
                      const fb_htmlw_attr_t *attrs, const char *text);

/*
 * Text in which what lies between a start and a stop byte is highlighted:
 * each run from start to stop becomes <mark>...</mark>, the text escaped
 * and the markers themselves dropped (a mark left open is closed at the
 * end, a stop without its start ignored).  For PostgreSQL's ts_headline
 * with StartSel and StopSel set to control characters that no stored text
 * holds, so that the snippet is escaped here like any other text.
 */
void fb_htmlw_marked(fb_htmlw_t *w, const char *s, char start, char stop);

/* Stored HTML written by fb_html_sanitize(), as is; NULL writes
 * nothing. */
void fb_htmlw_sanitized(fb_htmlw_t *w, const char *html);

/* A literal of the program (a doctype, the stylesheet), as is. */
void fb_htmlw_literal(fb_htmlw_t *w, const char *markup);

/*
 * The page, NUL-terminated, and its length (len may be NULL); NULL when
 * it is broken: an element left open or closed out of order, nesting
 * deeper than FB_HTMLW_DEPTH, or a tag or attribute name that is not
 * lowercase letters, digits and '-'.
 */
const char *fb_htmlw_finish(fb_htmlw_t *w, apr_size_t *len);

/* s escaped as fb_htmlw_text escapes it, in p (for a value another
 * writer carries, an XML sitemap's). */
const char *fb_htmlw_escape(apr_pool_t *p, const char *s);

#endif
