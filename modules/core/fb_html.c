/*
 * fb_html: parsing with gumbo under limits, then one walk of the tree that
 * writes either the allowed HTML or the plain text.
 *
 * The walk keeps its own stack (deep trees do not use the C stack) and the
 * list of the elements it has written and not yet closed, which decides
 * where an allowed element may be written without the parser rebuilding
 * it elsewhere when the output is read back.
 */
#include <setjmp.h>
#include <string.h>
#include <time.h>

#include <apr_lib.h>
#include <apr_strings.h>
#include <apr_tables.h>
#include <gumbo.h>

#include "fb_html.h"
#include "fb_html_budget.h"

/* The rel every kept link gets. */
#define FB_HTML_REL "nofollow noopener noreferrer"

/* Largest colspan and rowspan kept (the bounds browsers apply). */
#define FB_HTML_MAX_COLSPAN 1000
#define FB_HTML_MAX_ROWSPAN 65534

/* ---- Parsing under limits ---- */

/* gumbo's allocator state: a private pool, a budget and a way out. */
typedef struct {
    apr_pool_t *pool;
    apr_size_t used;
    apr_size_t budget;
    apr_time_t deadline;        /* of the thread's CPU time */
    unsigned int allocs;
    jmp_buf abandon;
} fb_html_parse_t;

/* The CPU time the calling thread has used.  A parse's time limit is the
 * time gumbo spends, not the time it waits for a busy machine: on a
 * loaded server a wall clock would refuse content it accepts when
 * idle. */
static apr_time_t fb_html_cpu_time(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) {
        return apr_time_now();
    }
    return apr_time_from_sec(ts.tv_sec) + ts.tv_nsec / 1000;
}

/*
 * Every allocation of gumbo counts against the budget (nothing is given
 * back before the pool goes); over budget or past the deadline (read
 * every 64 allocations: the clock is a system call) the parse is
 * abandoned by jumping out of gumbo, whose memory all lives in the pool.
 */
static void *fb_html_alloc(void *userdata, size_t size)
{
    fb_html_parse_t *ps = userdata;

    ps->used += size;
    if (ps->used > ps->budget
        || (++ps->allocs % 64 == 0 && fb_html_cpu_time() > ps->deadline)) {
        longjmp(ps->abandon, 1);
    }
    return apr_palloc(ps->pool, size > 0 ? size : 1);
}

static void fb_html_free(void *userdata, void *ptr)
{
    (void)userdata;
    (void)ptr;
}

/* The parse of html as a <body> fragment, or NULL when abandoned. */
static GumboOutput *fb_html_parse(fb_html_parse_t *ps, const char *html,
                                  apr_size_t len)
{
    GumboOptions options = kGumboDefaultOptions;

    options.allocator = fb_html_alloc;
    options.deallocator = fb_html_free;
    options.userdata = ps;
    options.max_errors = 0;
    options.fragment_context = GUMBO_TAG_BODY;
    options.fragment_namespace = GUMBO_NAMESPACE_HTML;
    ps->used = 0;
    ps->budget = FB_HTML_MEMORY_BASE;
    if (len > (APR_SIZE_MAX - ps->budget) / FB_HTML_MEMORY_FACTOR) {
        ps->budget = APR_SIZE_MAX;
    }
    else {
        ps->budget += len * FB_HTML_MEMORY_FACTOR;
    }
    ps->allocs = 0;
    ps->deadline = fb_html_cpu_time() + FB_HTML_MAX_PARSE_TIME;
    if (setjmp(ps->abandon) != 0) {
        return NULL;
    }
    return gumbo_parse_with_options(&options, html, len);
}

/* ---- Output buffer ---- */

typedef struct {
    apr_pool_t *pool;
    char *data;
    apr_size_t len;
    apr_size_t cap;
} fb_html_buf_t;

static void fb_html_reserve(fb_html_buf_t *b, apr_size_t n)
{
    char *data;

    if (b->cap - b->len >= n) {
        return;
    }
    while (b->cap - b->len < n) {
        b->cap = b->cap * 2 + 64;
    }
    data = apr_palloc(b->pool, b->cap);
    memcpy(data, b->data, b->len);
    b->data = data;
}

static void fb_html_add(fb_html_buf_t *b, const char *s, apr_size_t n)
{
    fb_html_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
}

static void fb_html_puts(fb_html_buf_t *b, const char *s)
{
    fb_html_add(b, s, strlen(s));
}

/* U+FFFD REPLACEMENT CHARACTER. */
#define FB_HTML_FFFD "\xef\xbf\xbd"

/*
 * What the character at s (its length stored in *n) must be written as,
 * or NULL to write it as it is.  The parser reads a raw carriage return as
 * a line feed and raw control characters (but tab, line feed and form
 * feed) and noncharacters as U+FFFD; character references can still make
 * them, so they are written as the parser would read them back.
 */
static const char *fb_html_raw(const unsigned char *s, apr_size_t *n)
{
    apr_uint32_t cp;
    apr_size_t i;

    *n = 1;
    if (s[0] < 0x80) {
        if (s[0] == '\r') {
            return "\n";
        }
        if ((s[0] < 0x20 && s[0] != '\t' && s[0] != '\n' && s[0] != '\f')
            || s[0] == 0x7f) {
            return FB_HTML_FFFD;
        }
        return NULL;
    }
    if (s[0] >= 0xc2 && s[0] <= 0xdf) {
        *n = 2;
        cp = s[0] & 0x1f;
    }
    else if (s[0] >= 0xe0 && s[0] <= 0xef) {
        *n = 3;
        cp = s[0] & 0x0f;
    }
    else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
        *n = 4;
        cp = s[0] & 0x07;
    }
    else {
        return FB_HTML_FFFD;
    }
    for (i = 1; i < *n; i++) {
        if ((s[i] & 0xc0) != 0x80) {
            *n = i;
            return FB_HTML_FFFD;
        }
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp <= 0x9f || (cp >= 0xfdd0 && cp <= 0xfdef)
        || (cp & 0xfffe) == 0xfffe) {
        return FB_HTML_FFFD;
    }
    return NULL;
}

/*
 * Writes s with &, < and > escaped, and " too when quote is set, and the
 * characters the parser would not read back as they are replaced.
 */
static void fb_html_escape(fb_html_buf_t *b, const char *s, int quote)
{
    const char *run = s;

    while (*s != '\0') {
        const char *entity = NULL;
        apr_size_t n = 1;

        switch (*s) {
        case '&': entity = "&amp;"; break;
        case '<': entity = "&lt;"; break;
        case '>': entity = "&gt;"; break;
        case '"': entity = quote ? "&quot;" : NULL; break;
        default:
            entity = fb_html_raw((const unsigned char *)s, &n);
            break;
        }
        if (entity != NULL) {
            fb_html_add(b, run, (apr_size_t)(s - run));
            fb_html_puts(b, entity);
            run = s + n;
        }
        s += n;
    }
    fb_html_add(b, run, (apr_size_t)(s - run));
}

/* ---- Elements ---- */

/* Non-zero for the elements that go with all their content. */
static int fb_html_dropped(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_HEAD: case GUMBO_TAG_TITLE: case GUMBO_TAG_BASE:
    case GUMBO_TAG_LINK: case GUMBO_TAG_META: case GUMBO_TAG_STYLE:
    case GUMBO_TAG_SCRIPT: case GUMBO_TAG_NOSCRIPT: case GUMBO_TAG_TEMPLATE:
    case GUMBO_TAG_IFRAME: case GUMBO_TAG_EMBED: case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_PARAM: case GUMBO_TAG_APPLET: case GUMBO_TAG_MATH:
    case GUMBO_TAG_SVG: case GUMBO_TAG_FRAME: case GUMBO_TAG_FRAMESET:
    case GUMBO_TAG_NOFRAMES: case GUMBO_TAG_NOEMBED: case GUMBO_TAG_INPUT:
    case GUMBO_TAG_BUTTON: case GUMBO_TAG_SELECT: case GUMBO_TAG_DATALIST:
    case GUMBO_TAG_OPTGROUP: case GUMBO_TAG_OPTION: case GUMBO_TAG_TEXTAREA:
    case GUMBO_TAG_KEYGEN: case GUMBO_TAG_BGSOUND: case GUMBO_TAG_BASEFONT:
    case GUMBO_TAG_MENUITEM: case GUMBO_TAG_NEXTID:
        return 1;
    default:
        return 0;
    }
}

/* The name of an allowed element, or NULL.  h5 and h6 are kept as h4,
 * the smallest heading of the allow-list: a heading stays a heading. */
static const char *fb_html_allowed(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_P: return "p";
    case GUMBO_TAG_BR: return "br";
    case GUMBO_TAG_A: return "a";
    case GUMBO_TAG_STRONG: return "strong";
    case GUMBO_TAG_EM: return "em";
    case GUMBO_TAG_B: return "b";
    case GUMBO_TAG_I: return "i";
    case GUMBO_TAG_U: return "u";
    case GUMBO_TAG_S: return "s";
    case GUMBO_TAG_CODE: return "code";
    case GUMBO_TAG_PRE: return "pre";
    case GUMBO_TAG_BLOCKQUOTE: return "blockquote";
    case GUMBO_TAG_UL: return "ul";
    case GUMBO_TAG_OL: return "ol";
    case GUMBO_TAG_LI: return "li";
    case GUMBO_TAG_H1: return "h1";
    case GUMBO_TAG_H2: return "h2";
    case GUMBO_TAG_H3: return "h3";
    case GUMBO_TAG_H4: return "h4";
    case GUMBO_TAG_H5: return "h4";
    case GUMBO_TAG_H6: return "h4";
    case GUMBO_TAG_IMG: return "img";
    case GUMBO_TAG_HR: return "hr";
    case GUMBO_TAG_TABLE: return "table";
    case GUMBO_TAG_THEAD: return "thead";
    case GUMBO_TAG_TBODY: return "tbody";
    case GUMBO_TAG_TFOOT: return "tfoot";
    case GUMBO_TAG_TR: return "tr";
    case GUMBO_TAG_TH: return "th";
    case GUMBO_TAG_TD: return "td";
    default: return NULL;
    }
}

static int fb_html_heading(GumboTag tag)
{
    return tag == GUMBO_TAG_H1 || tag == GUMBO_TAG_H2
           || tag == GUMBO_TAG_H3 || tag == GUMBO_TAG_H4
           || tag == GUMBO_TAG_H5 || tag == GUMBO_TAG_H6;
}

/* The allowed elements whose start tag closes an open <p>. */
static int fb_html_closes_p(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_P: case GUMBO_TAG_PRE: case GUMBO_TAG_BLOCKQUOTE:
    case GUMBO_TAG_UL: case GUMBO_TAG_OL: case GUMBO_TAG_LI:
    case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3:
    case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
    case GUMBO_TAG_HR: case GUMBO_TAG_TABLE:
        return 1;
    default:
        return 0;
    }
}

/* The allowed formatting elements (the parser's "formatting" kind). */
static int fb_html_formatting(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_A: case GUMBO_TAG_B: case GUMBO_TAG_I: case GUMBO_TAG_U:
    case GUMBO_TAG_S: case GUMBO_TAG_STRONG: case GUMBO_TAG_EM:
    case GUMBO_TAG_CODE:
        return 1;
    default:
        return 0;
    }
}

/* Elements that are part of a line of text (no space around in text). */
static int fb_html_inline(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_A: case GUMBO_TAG_ABBR: case GUMBO_TAG_ACRONYM:
    case GUMBO_TAG_B: case GUMBO_TAG_BDI: case GUMBO_TAG_BDO:
    case GUMBO_TAG_BIG: case GUMBO_TAG_BLINK: case GUMBO_TAG_CITE:
    case GUMBO_TAG_CODE: case GUMBO_TAG_DATA: case GUMBO_TAG_DEL:
    case GUMBO_TAG_DFN: case GUMBO_TAG_EM: case GUMBO_TAG_FONT:
    case GUMBO_TAG_I: case GUMBO_TAG_IMG: case GUMBO_TAG_INS:
    case GUMBO_TAG_KBD: case GUMBO_TAG_LABEL: case GUMBO_TAG_MARK:
    case GUMBO_TAG_NOBR: case GUMBO_TAG_Q: case GUMBO_TAG_RB:
    case GUMBO_TAG_RP: case GUMBO_TAG_RT: case GUMBO_TAG_RTC:
    case GUMBO_TAG_RUBY: case GUMBO_TAG_S: case GUMBO_TAG_SAMP:
    case GUMBO_TAG_SMALL: case GUMBO_TAG_SPAN: case GUMBO_TAG_STRIKE:
    case GUMBO_TAG_STRONG: case GUMBO_TAG_SUB: case GUMBO_TAG_SUP:
    case GUMBO_TAG_TIME: case GUMBO_TAG_TT: case GUMBO_TAG_U:
    case GUMBO_TAG_VAR: case GUMBO_TAG_WBR: case GUMBO_TAG_UNKNOWN:
        return 1;
    default:
        return 0;
    }
}

/* ---- Attributes ---- */

/* Non-zero when s starts with lower-case prefix, ignoring case. */
static int fb_html_prefix(const char *s, const char *prefix)
{
    for (; *prefix != '\0'; s++, prefix++) {
        if (apr_tolower(*s) != *prefix) {
            return 0;
        }
    }
    return 1;
}

/*
 * The cleaned copy of url when it is an absolute URL of an allowed scheme
 * (http and https, and mailto when mailto is set), else NULL.
 */
static const char *fb_html_url(apr_pool_t *p, const char *url, int mailto)
{
    const unsigned char *start = (const unsigned char *)url;
    const unsigned char *end = start + strlen(url);
    char *clean, *out;
    const char *rest;

    while (start < end && *start <= 0x20) {
        start++;
    }
    while (end > start && end[-1] <= 0x20) {
        end--;
    }
    clean = out = apr_palloc(p, (apr_size_t)(end - start) + 1);
    for (; start < end; start++) {
        if (*start == '\t' || *start == '\n' || *start == '\r') {
            continue;
        }
        if (*start < 0x20 || *start == 0x7f) {
            return NULL;
        }
        *out++ = (char)*start;
    }
    *out = '\0';
    if (fb_html_prefix(clean, "http:")) {
        rest = clean + 5;
    }
    else if (fb_html_prefix(clean, "https:")) {
        rest = clean + 6;
    }
    else if (mailto && fb_html_prefix(clean, "mailto:")) {
        return clean[7] != '\0' ? clean : NULL;
    }
    else {
        return NULL;
    }
    if (rest[0] != '/' || rest[1] != '/' || rest[2] == '\0'
        || strchr("/\\?#", rest[2]) != NULL) {
        return NULL;
    }
    return clean;
}

/* The value of a colspan or rowspan from 1 to max, or 0. */
static long fb_html_span(const char *value, long max)
{
    long n = 0;

    while (apr_isspace(*value)) {
        value++;
    }
    if (!apr_isdigit(*value)) {
        return 0;
    }
    for (; apr_isdigit(*value); value++) {
        n = n * 10 + (*value - '0');
        if (n > max) {
            return 0;
        }
    }
    while (apr_isspace(*value)) {
        value++;
    }
    return *value == '\0' ? n : 0;
}

/* ---- The walk ---- */

/* A node being walked. */
typedef struct {
    GumboNode *node;
    unsigned next;          /* index of the next child to visit */
    int written;            /* start tag written: write the end tag */
    int captions;           /* a table, its captions being hoisted */
    apr_size_t content;     /* offset of the content, after the start tag */
} fb_html_frame_t;

typedef struct {
    int text;               /* plain text rather than HTML */
    fb_html_buf_t out;
    apr_array_header_t *frames;
    GumboTag open[FB_HTML_MAX_DEPTH];   /* written, not closed yet */
    int depth;
    int space;              /* text: white space pending */
} fb_html_walk_t;

static GumboTag fb_html_top(const fb_html_walk_t *w)
{
    return w->depth > 0 ? w->open[w->depth - 1] : GUMBO_TAG_LAST;
}

/* Inside a table but outside its cells: no content but rows. */
static int fb_html_in_table(const fb_html_walk_t *w)
{
    switch (fb_html_top(w)) {
    case GUMBO_TAG_TABLE: case GUMBO_TAG_THEAD: case GUMBO_TAG_TBODY:
    case GUMBO_TAG_TFOOT: case GUMBO_TAG_TR:
        return 1;
    default:
        return 0;
    }
}

/* Non-zero when tag may be the next child of the table part on top. */
static int fb_html_table_child(const fb_html_walk_t *w, GumboTag tag)
{
    switch (fb_html_top(w)) {
    case GUMBO_TAG_TABLE:
        return tag == GUMBO_TAG_THEAD || tag == GUMBO_TAG_TBODY
               || tag == GUMBO_TAG_TFOOT;
    case GUMBO_TAG_THEAD: case GUMBO_TAG_TBODY: case GUMBO_TAG_TFOOT:
        return tag == GUMBO_TAG_TR;
    case GUMBO_TAG_TR:
        return tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH;
    default:
        return 0;
    }
}

/*
 * Non-zero when the allowed element tag, written at this point outside a
 * table's rows, reads back where it was written.  These are the parser's
 * rules for start tags that close or reopen elements, applied to what has
 * been written: a block closes a <p> open up to the nearest table or
 * cell, a heading closes a heading that is the current element, a list
 * item closes one open above nothing but formatting elements, a link
 * closes one open up to the nearest cell.  Table parts belong to tables.
 */
static int fb_html_fits(const fb_html_walk_t *w, GumboTag tag)
{
    int i;

    switch (tag) {
    case GUMBO_TAG_THEAD: case GUMBO_TAG_TBODY: case GUMBO_TAG_TFOOT:
    case GUMBO_TAG_TR: case GUMBO_TAG_TD: case GUMBO_TAG_TH:
        return 0;
    default:
        break;
    }
    if (fb_html_closes_p(tag)) {
        for (i = w->depth - 1; i >= 0; i--) {
            if (w->open[i] == GUMBO_TAG_P) {
                return 0;
            }
            if (w->open[i] == GUMBO_TAG_TABLE || w->open[i] == GUMBO_TAG_TD
                || w->open[i] == GUMBO_TAG_TH) {
                break;
            }
        }
    }
    if (fb_html_heading(tag) && fb_html_heading(fb_html_top(w))) {
        return 0;
    }
    if (tag == GUMBO_TAG_LI) {
        for (i = w->depth - 1; i >= 0; i--) {
            if (w->open[i] == GUMBO_TAG_LI) {
                return 0;
            }
            if (!fb_html_formatting(w->open[i])) {
                break;
            }
        }
    }
    if (tag == GUMBO_TAG_A) {
        for (i = w->depth - 1; i >= 0; i--) {
            if (w->open[i] == GUMBO_TAG_A) {
                return 0;
            }
            if (w->open[i] == GUMBO_TAG_TD || w->open[i] == GUMBO_TAG_TH) {
                break;
            }
        }
    }
    switch (tag) {
    case GUMBO_TAG_BR: case GUMBO_TAG_HR: case GUMBO_TAG_IMG:
        return 1;
    case GUMBO_TAG_TABLE:
        /* Room for the table, a section, a row and a cell. */
        return w->depth + 4 <= FB_HTML_MAX_DEPTH;
    default:
        return w->depth < FB_HTML_MAX_DEPTH;
    }
}

static void fb_html_push(fb_html_walk_t *w, GumboNode *node, int written,
                         int captions)
{
    fb_html_frame_t *f = apr_array_push(w->frames);

    f->node = node;
    f->next = 0;
    f->written = written;
    f->captions = captions;
    f->content = w->out.len;
    if (written) {
        w->open[w->depth++] = node->v.element.tag;
    }
}

/* Writes " name=value" with value escaped. */
static void fb_html_attr(fb_html_buf_t *b, const char *name,
                         const char *value)
{
    fb_html_puts(b, " ");
    fb_html_puts(b, name);
    fb_html_puts(b, "=\"");
    fb_html_escape(b, value, 1);
    fb_html_puts(b, "\"");
}

/* Writes the start tag of an allowed element with its allowed attributes. */
static void fb_html_start(fb_html_walk_t *w, GumboNode *node)
{
    const GumboVector *attrs = &node->v.element.attributes;
    GumboTag tag = node->v.element.tag;
    GumboAttribute *attr;

    fb_html_puts(&w->out, "<");
    fb_html_puts(&w->out, fb_html_allowed(tag));
    if (tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH) {
        long n;

        attr = gumbo_get_attribute(attrs, "colspan");
        if (attr != NULL
            && (n = fb_html_span(attr->value, FB_HTML_MAX_COLSPAN)) > 0) {
            fb_html_attr(&w->out, "colspan", apr_ltoa(w->out.pool, n));
        }
        attr = gumbo_get_attribute(attrs, "rowspan");
        if (attr != NULL
            && (n = fb_html_span(attr->value, FB_HTML_MAX_ROWSPAN)) > 0) {
            fb_html_attr(&w->out, "rowspan", apr_ltoa(w->out.pool, n));
        }
    }
    fb_html_puts(&w->out, ">");
}

/* Visits an element outside a table's rows. */
static void fb_html_element(fb_html_walk_t *w, GumboNode *node)
{
    GumboTag tag = node->v.element.tag;
    const GumboVector *attrs = &node->v.element.attributes;
    GumboAttribute *attr;
    const char *url;

    if (fb_html_allowed(tag) == NULL || !fb_html_fits(w, tag)) {
        fb_html_push(w, node, 0, 0);
        return;
    }
    switch (tag) {
    case GUMBO_TAG_IMG:
        attr = gumbo_get_attribute(attrs, "src");
        url = attr != NULL ? fb_html_url(w->out.pool, attr->value, 0) : NULL;
        if (url != NULL) {
            fb_html_puts(&w->out, "<img");
            fb_html_attr(&w->out, "src", url);
            attr = gumbo_get_attribute(attrs, "alt");
            if (attr != NULL) {
                fb_html_attr(&w->out, "alt", attr->value);
            }
            fb_html_puts(&w->out, ">");
        }
        return;
    case GUMBO_TAG_A:
        attr = gumbo_get_attribute(attrs, "href");
        url = attr != NULL ? fb_html_url(w->out.pool, attr->value, 1) : NULL;
        if (url == NULL) {
            fb_html_push(w, node, 0, 0);
            return;
        }
        fb_html_puts(&w->out, "<a");
        fb_html_attr(&w->out, "href", url);
        fb_html_attr(&w->out, "rel", FB_HTML_REL);
        fb_html_puts(&w->out, ">");
        fb_html_push(w, node, 1, 0);
        return;
    case GUMBO_TAG_TABLE:
        /* The start tag is written once the captions are out. */
        fb_html_push(w, node, 0, 1);
        return;
    case GUMBO_TAG_BR: case GUMBO_TAG_HR:
        fb_html_start(w, node);
        return;
    default:
        fb_html_start(w, node);
        fb_html_push(w, node, 1, 0);
        return;
    }
}

/* The length of the Unicode White_Space character at s, or 0. */
static apr_size_t fb_html_space(const unsigned char *s)
{
    if ((*s >= 0x09 && *s <= 0x0d) || *s == 0x20) {
        return 1;
    }
    if (s[0] == 0xc2 && (s[1] == 0x85 || s[1] == 0xa0)) {
        return 2;
    }
    if ((s[0] == 0xe1 && s[1] == 0x9a && s[2] == 0x80)
        || (s[0] == 0xe2 && s[1] == 0x80
            && (s[2] <= 0x8a || s[2] == 0xa8 || s[2] == 0xa9
                || s[2] == 0xaf))
        || (s[0] == 0xe2 && s[1] == 0x81 && s[2] == 0x9f)
        || (s[0] == 0xe3 && s[1] == 0x80 && s[2] == 0x80)) {
        return 3;
    }
    return 0;
}

/* Adds text to plain text output, collapsing white space. */
static void fb_html_plain(fb_html_walk_t *w, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    const char *raw;
    apr_size_t n;

    while (*s != '\0') {
        if ((n = fb_html_space(s)) > 0) {
            w->space = 1;
            s += n;
            continue;
        }
        if (w->space && w->out.len > 0) {
            fb_html_add(&w->out, " ", 1);
        }
        w->space = 0;
        if ((raw = fb_html_raw(s, &n)) != NULL) {
            fb_html_puts(&w->out, raw);
        }
        else {
            fb_html_add(&w->out, (const char *)s, n);
        }
        s += n;
    }
}

/* Non-zero when text is ASCII white space only. */
static int fb_html_blank(const char *text)
{
    return text[strspn(text, " \t\n\f\r")] == '\0';
}

/* Visits a child node of the frame on top. */
static void fb_html_visit(fb_html_walk_t *w, GumboNode *node)
{
    GumboTag tag;

    switch (node->type) {
    case GUMBO_NODE_TEXT:
    case GUMBO_NODE_WHITESPACE:
    case GUMBO_NODE_CDATA:
        if (w->text) {
            fb_html_plain(w, node->v.text.text);
        }
        else if (!fb_html_in_table(w)) {
            fb_html_escape(&w->out, node->v.text.text, 0);
        }
        else if (fb_html_blank(node->v.text.text)) {
            fb_html_escape(&w->out, node->v.text.text, 0);
        }
        return;
    case GUMBO_NODE_ELEMENT:
        break;
    default:
        /* Comments, and templates (their own node type). */
        return;
    }
    tag = node->v.element.tag;
    if (node->v.element.tag_namespace != GUMBO_NAMESPACE_HTML
        || fb_html_dropped(tag)) {
        return;
    }
    if (w->text) {
        if (!fb_html_inline(tag)) {
            w->space = 1;
        }
        fb_html_push(w, node, 0, 0);
    }
    else if (!fb_html_in_table(w)) {
        fb_html_element(w, node);
    }
    else if (fb_html_table_child(w, tag)) {
        fb_html_start(w, node);
        fb_html_push(w, node, 1, 0);
    }
}

/* Closes the frame on top and pops it. */
static void fb_html_leave(fb_html_walk_t *w)
{
    fb_html_frame_t *f = &((fb_html_frame_t *)w->frames->elts)
                             [w->frames->nelts - 1];
    GumboTag tag = f->node->v.element.tag;

    if (w->text && !fb_html_inline(tag)) {
        w->space = 1;
    }
    if (f->written) {
        /* The parser drops a line feed just after <pre>: double it. */
        if (tag == GUMBO_TAG_PRE && f->content < w->out.len
            && w->out.data[f->content] == '\n') {
            fb_html_reserve(&w->out, 1);
            memmove(w->out.data + f->content + 1, w->out.data + f->content,
                    w->out.len - f->content);
            w->out.data[f->content] = '\n';
            w->out.len++;
        }
        fb_html_puts(&w->out, "</");
        fb_html_puts(&w->out, fb_html_allowed(tag));
        fb_html_puts(&w->out, ">");
        w->depth--;
    }
    apr_array_pop(w->frames);
}

/* Walks the children of root (the fragment's <html>) into w->out. */
static void fb_html_walk(fb_html_walk_t *w, GumboNode *root)
{
    fb_html_push(w, root, 0, 0);
    while (w->frames->nelts > 0) {
        fb_html_frame_t *f = &((fb_html_frame_t *)w->frames->elts)
                                 [w->frames->nelts - 1];
        const GumboVector *kids = &f->node->v.element.children;
        GumboNode *kid;
        int caption;

        if (f->next >= kids->length) {
            if (f->captions) {
                /* Captions are out: now the table itself. */
                f->captions = 0;
                f->next = 0;
                fb_html_start(w, f->node);
                f->written = 1;
                w->open[w->depth++] = GUMBO_TAG_TABLE;
                continue;
            }
            fb_html_leave(w);
            continue;
        }
        kid = kids->data[f->next++];
        caption = kid->type == GUMBO_NODE_ELEMENT
                  && kid->v.element.tag == GUMBO_TAG_CAPTION;
        /*
         * A caption is hoisted before its table (its content would be
         * text directly in the table); the table's other children follow.
         */
        if (f->captions ? !caption
                        : caption && f->written
                          && f->node->v.element.tag == GUMBO_TAG_TABLE) {
            continue;
        }
        fb_html_visit(w, kid);
    }
}

/* Parses html and walks it as text or HTML; NULL when abandoned. */
static const char *fb_html_run(apr_pool_t *p, const char *html,
                               apr_size_t len, int text)
{
    fb_html_parse_t ps;
    fb_html_walk_t *w;
    GumboOutput *output;
    const char *result = NULL;

    if (len == 0) {
        return "";
    }
    apr_pool_create(&ps.pool, p);
    /* Markup over the budget is refused before gumbo spends time on it. */
    output = fb_html_budget_check(ps.pool, html, len, NULL)
             == FB_HTML_BUDGET_OK ? fb_html_parse(&ps, html, len) : NULL;
    if (output != NULL) {
        w = apr_pcalloc(ps.pool, sizeof(*w));
        w->text = text;
        w->out.pool = ps.pool;
        w->out.cap = len + len / 8 + 64;
        w->out.data = apr_palloc(ps.pool, w->out.cap);
        w->frames = apr_array_make(ps.pool, 16, sizeof(fb_html_frame_t));
        fb_html_walk(w, output->root);
        result = apr_pstrmemdup(p, w->out.data, w->out.len);
    }
    apr_pool_destroy(ps.pool);
    return result;
}

const char *fb_html_sanitize(apr_pool_t *p, const char *html,
                             apr_size_t len)
{
    return fb_html_run(p, html, len, 0);
}

const char *fb_html_text(apr_pool_t *p, const char *html, apr_size_t len)
{
    return fb_html_run(p, html, len, 1);
}
