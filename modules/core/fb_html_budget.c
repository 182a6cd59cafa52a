/*
 * fb_html_budget: the scan of tags and the model of the parser's open
 * elements (see fb_html_budget.h for the rules it follows).
 *
 * The open elements are a stack like the parser's, without the formatting
 * elements, which are a list of their own as in the parser.  Each entry
 * stores the index of the nearest entry, itself included, of every kind
 * the parser's rules look for (scope boundaries, special elements...), so
 * every rule is decided in constant time from the top of the stack; the
 * entries of one tag are chained, so the nearest of a tag is found at
 * once.  Where the model is not sure that the parser closes something, it
 * closes nothing, erring towards a higher estimate.
 */
#include <string.h>
#include <strings.h>

#include <gumbo.h>

#include "fb_html_budget.h"

/* Chains of open elements by the hash of their name. */
#define FB_BUDGET_BUCKETS 64

/*
 * Entries a search for an open element looks at, at most: one that gives
 * up closes nothing, which only overestimates, and no tag can make the
 * scan slower than this many steps.
 */
#define FB_BUDGET_SEARCH 16
#define FB_BUDGET_GAVE_UP (-2)

/* The longest name of a known tag ("annotation-xml" has 14 letters). */
#define FB_BUDGET_NAME_MAX 16

/* An open element other than a formatting one. */
typedef struct {
    GumboTag tag;
    apr_uint32_t name;      /* the hash of its name as written */
    int prev;               /* the previous entry of its tag, or -1 */
    int name_prev;          /* the previous one of its name's chain */
    int weight;             /* levels counted: 2 for a table, else 1 */
    int ns;                 /* FB_BUDGET_HTML, _SVG or _MATHML */
    int foreign;            /* an SVG or MathML element */
    int integration;        /* foreign, but its content is HTML */
    /* The nearest entry, this one included, that (-1: none): */
    int special;            /* ends the walk of an "any other" end tag */
    int scope;              /* bounds the default scope */
    int button;             /* bounds the button scope */
    int list;               /* bounds the list item scope */
    int table;              /* bounds the table scope */
    int li_stop;            /* ends the search of an <li> to close */
    int dd_stop;            /* ends the search of a <dd> or <dt> */
    int marker;             /* puts a marker in the formatting list */
    int html_at;            /* is not foreign */
    int select_at;          /* the <select> this one is in, with nothing
                               but options in between, or -1 */
    int unknown_at;         /* is an HTML element of an unknown name */
} fb_budget_open_t;

/* An open formatting element. */
typedef struct {
    GumboTag tag;
    int pos;                /* the open elements below it */
    int marker;             /* the marker entry it belongs to, or -1 */
} fb_budget_fmt_t;

typedef struct {
    fb_budget_open_t open[FB_HTML_MAX_NESTING];
    int nopen;
    fb_budget_fmt_t fmt[FB_HTML_MAX_NESTING];
    int nfmt;
    int levels;             /* the weights of both lists */
    int last[GUMBO_TAG_LAST + 1];   /* the nearest entry of each tag */
    int last_name[FB_BUDGET_BUCKETS];   /* the top of each name chain */
    fb_html_cost_t cost;
} fb_budget_t;

/* ---- Kinds of elements ---- */

/* Void elements and those the parser ignores in a body: never open. */
static int fb_budget_opens_nothing(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_AREA: case GUMBO_TAG_BASE: case GUMBO_TAG_BASEFONT:
    case GUMBO_TAG_BGSOUND: case GUMBO_TAG_BR: case GUMBO_TAG_COL:
    case GUMBO_TAG_EMBED: case GUMBO_TAG_FRAME: case GUMBO_TAG_HR:
    case GUMBO_TAG_IMAGE: case GUMBO_TAG_IMG: case GUMBO_TAG_INPUT:
    case GUMBO_TAG_ISINDEX: case GUMBO_TAG_KEYGEN: case GUMBO_TAG_LINK:
    case GUMBO_TAG_META: case GUMBO_TAG_PARAM: case GUMBO_TAG_SOURCE:
    case GUMBO_TAG_TRACK: case GUMBO_TAG_WBR: case GUMBO_TAG_HTML:
    case GUMBO_TAG_HEAD: case GUMBO_TAG_BODY: case GUMBO_TAG_FRAMESET:
        return 1;
    default:
        return 0;
    }
}

static int fb_budget_formatting(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_A: case GUMBO_TAG_B: case GUMBO_TAG_BIG:
    case GUMBO_TAG_CODE: case GUMBO_TAG_EM: case GUMBO_TAG_FONT:
    case GUMBO_TAG_I: case GUMBO_TAG_NOBR: case GUMBO_TAG_S:
    case GUMBO_TAG_SMALL: case GUMBO_TAG_STRIKE: case GUMBO_TAG_STRONG:
    case GUMBO_TAG_TT: case GUMBO_TAG_U:
        return 1;
    default:
        return 0;
    }
}

static int fb_budget_heading(GumboTag tag)
{
    return tag == GUMBO_TAG_H1 || tag == GUMBO_TAG_H2
           || tag == GUMBO_TAG_H3 || tag == GUMBO_TAG_H4
           || tag == GUMBO_TAG_H5 || tag == GUMBO_TAG_H6;
}

/* Namespaces of elements. */
#define FB_BUDGET_HTML 0
#define FB_BUDGET_SVG 1
#define FB_BUDGET_MATHML 2

/*
 * Foreign elements whose content the parser reads as HTML (start tags
 * but <mglyph> and <malignmark> for the MathML ones).  An annotation-xml
 * is one only with some attributes: here never, which keeps its content
 * foreign, where nothing is closed by implication.
 */
static int fb_budget_integration(int ns, GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_FOREIGNOBJECT: case GUMBO_TAG_DESC:
    case GUMBO_TAG_TITLE:
        return ns == FB_BUDGET_SVG;
    case GUMBO_TAG_MI: case GUMBO_TAG_MO: case GUMBO_TAG_MN:
    case GUMBO_TAG_MS: case GUMBO_TAG_MTEXT:
        return ns == FB_BUDGET_MATHML;
    default:
        return 0;
    }
}

/* The HTML elements the parser calls special. */
static int fb_budget_special(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_ADDRESS: case GUMBO_TAG_APPLET: case GUMBO_TAG_AREA:
    case GUMBO_TAG_ARTICLE: case GUMBO_TAG_ASIDE: case GUMBO_TAG_BASE:
    case GUMBO_TAG_BASEFONT: case GUMBO_TAG_BGSOUND:
    case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_BODY: case GUMBO_TAG_BR:
    case GUMBO_TAG_BUTTON: case GUMBO_TAG_CAPTION: case GUMBO_TAG_CENTER:
    case GUMBO_TAG_COL: case GUMBO_TAG_COLGROUP: case GUMBO_TAG_DD:
    case GUMBO_TAG_DETAILS: case GUMBO_TAG_DIR: case GUMBO_TAG_DIV:
    case GUMBO_TAG_DL: case GUMBO_TAG_DT: case GUMBO_TAG_EMBED:
    case GUMBO_TAG_FIELDSET: case GUMBO_TAG_FIGCAPTION:
    case GUMBO_TAG_FIGURE: case GUMBO_TAG_FOOTER: case GUMBO_TAG_FORM:
    case GUMBO_TAG_FRAME: case GUMBO_TAG_FRAMESET: case GUMBO_TAG_H1:
    case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4:
    case GUMBO_TAG_H5: case GUMBO_TAG_H6: case GUMBO_TAG_HEAD:
    case GUMBO_TAG_HEADER: case GUMBO_TAG_HGROUP: case GUMBO_TAG_HR:
    case GUMBO_TAG_HTML: case GUMBO_TAG_IFRAME: case GUMBO_TAG_IMG:
    case GUMBO_TAG_INPUT: case GUMBO_TAG_ISINDEX: case GUMBO_TAG_KEYGEN:
    case GUMBO_TAG_LI: case GUMBO_TAG_LINK: case GUMBO_TAG_LISTING:
    case GUMBO_TAG_MAIN: case GUMBO_TAG_MARQUEE: case GUMBO_TAG_MENU:
    case GUMBO_TAG_MENUITEM: case GUMBO_TAG_META: case GUMBO_TAG_NAV:
    case GUMBO_TAG_NOEMBED: case GUMBO_TAG_NOFRAMES:
    case GUMBO_TAG_NOSCRIPT: case GUMBO_TAG_OBJECT: case GUMBO_TAG_OL:
    case GUMBO_TAG_P: case GUMBO_TAG_PARAM: case GUMBO_TAG_PLAINTEXT:
    case GUMBO_TAG_PRE: case GUMBO_TAG_SCRIPT: case GUMBO_TAG_SECTION:
    case GUMBO_TAG_SELECT: case GUMBO_TAG_SOURCE: case GUMBO_TAG_STYLE:
    case GUMBO_TAG_SUMMARY: case GUMBO_TAG_TABLE: case GUMBO_TAG_TBODY:
    case GUMBO_TAG_TD: case GUMBO_TAG_TEMPLATE: case GUMBO_TAG_TEXTAREA:
    case GUMBO_TAG_TFOOT: case GUMBO_TAG_TH: case GUMBO_TAG_THEAD:
    case GUMBO_TAG_TITLE: case GUMBO_TAG_TR: case GUMBO_TAG_TRACK:
    case GUMBO_TAG_UL: case GUMBO_TAG_WBR: case GUMBO_TAG_XMP:
        return 1;
    default:
        return 0;
    }
}

/* The HTML elements that bound the default scope. */
static int fb_budget_scope(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_APPLET: case GUMBO_TAG_CAPTION: case GUMBO_TAG_HTML:
    case GUMBO_TAG_TABLE: case GUMBO_TAG_TD: case GUMBO_TAG_TH:
    case GUMBO_TAG_MARQUEE: case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_TEMPLATE:
        return 1;
    default:
        return 0;
    }
}

/* The elements that put a marker in the list of formatting elements. */
static int fb_budget_marker(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_APPLET: case GUMBO_TAG_MARQUEE: case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_TD: case GUMBO_TAG_TH: case GUMBO_TAG_CAPTION:
    case GUMBO_TAG_TEMPLATE:
        return 1;
    default:
        return 0;
    }
}

/* Start tags that close a <p> in button scope (a <table> may not). */
static int fb_budget_closes_p(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_ADDRESS: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_ASIDE:
    case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_CENTER:
    case GUMBO_TAG_DETAILS: case GUMBO_TAG_DIR: case GUMBO_TAG_DIV:
    case GUMBO_TAG_DL: case GUMBO_TAG_FIELDSET: case GUMBO_TAG_FIGCAPTION:
    case GUMBO_TAG_FIGURE: case GUMBO_TAG_FOOTER: case GUMBO_TAG_HEADER:
    case GUMBO_TAG_HGROUP: case GUMBO_TAG_MAIN: case GUMBO_TAG_MENU:
    case GUMBO_TAG_NAV: case GUMBO_TAG_OL: case GUMBO_TAG_P:
    case GUMBO_TAG_SECTION: case GUMBO_TAG_SUMMARY: case GUMBO_TAG_UL:
    case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3:
    case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
    case GUMBO_TAG_PRE: case GUMBO_TAG_LISTING: case GUMBO_TAG_FORM:
    case GUMBO_TAG_PLAINTEXT: case GUMBO_TAG_HR: case GUMBO_TAG_XMP:
    case GUMBO_TAG_LI: case GUMBO_TAG_DD: case GUMBO_TAG_DT:
        return 1;
    default:
        return 0;
    }
}

/* Table parts, which open nothing outside a table. */
static int fb_budget_table_part(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_CAPTION: case GUMBO_TAG_COLGROUP: case GUMBO_TAG_TBODY:
    case GUMBO_TAG_THEAD: case GUMBO_TAG_TFOOT: case GUMBO_TAG_TR:
    case GUMBO_TAG_TD: case GUMBO_TAG_TH:
        return 1;
    default:
        return 0;
    }
}

/* ---- The stack of open elements ---- */

static const fb_budget_open_t *fb_budget_top(const fb_budget_t *b)
{
    /* Below the first element: nothing of any kind. */
    static const fb_budget_open_t none = {
        .tag = GUMBO_TAG_LAST, .prev = -1, .name_prev = -1,
        .special = -1, .scope = -1,
        .button = -1, .list = -1, .table = -1, .li_stop = -1,
        .dd_stop = -1, .marker = -1, .html_at = -1,
        .select_at = -1, .unknown_at = -1
    };

    return b->nopen > 0 ? &b->open[b->nopen - 1] : &none;
}

/*
 * The index of the nearest open HTML element tag; -1 when there is none,
 * FB_BUDGET_GAVE_UP when the search was cut short.  gumbo (0.10) takes
 * any element of an unknown name for the one an end tag of an unknown
 * name closes: so does this.
 */
static int fb_budget_find(const fb_budget_t *b, GumboTag tag)
{
    int i, steps;

    if (tag == GUMBO_TAG_UNKNOWN) {
        return fb_budget_top(b)->unknown_at;
    }
    for (i = b->last[tag], steps = 0; i >= 0; i = b->open[i].prev) {
        if (!b->open[i].foreign) {
            return i;
        }
        if (++steps == FB_BUDGET_SEARCH) {
            return FB_BUDGET_GAVE_UP;
        }
    }
    return -1;
}

/*
 * The index of the nearest foreign element of the name whose hash is name
 * with only foreign elements above it, as an end tag in foreign content
 * looks for (by the names as written, not the tags); -1 or
 * FB_BUDGET_GAVE_UP as for fb_budget_find().
 */
static int fb_budget_find_foreign(const fb_budget_t *b, apr_uint32_t name)
{
    int html = fb_budget_top(b)->html_at, i, steps = 0;

    for (i = b->last_name[name % FB_BUDGET_BUCKETS]; i > html;
         i = b->open[i].name_prev) {
        if (b->open[i].name == name) {
            return i;
        }
        if (++steps == FB_BUDGET_SEARCH) {
            return FB_BUDGET_GAVE_UP;
        }
    }
    return -1;
}

/* The nearer of two results of fb_budget_find(). */
static int fb_budget_nearer(int i, int j)
{
    if (i == FB_BUDGET_GAVE_UP || j == FB_BUDGET_GAVE_UP) {
        return FB_BUDGET_GAVE_UP;
    }
    return i > j ? i : j;
}

/* fb_budget_find() for the nearest heading of any level. */
static int fb_budget_find_heading(const fb_budget_t *b)
{
    static const GumboTag levels[] = {
        GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3, GUMBO_TAG_H4,
        GUMBO_TAG_H5, GUMBO_TAG_H6
    };
    int i = -1;
    size_t k;

    for (k = 0; k < sizeof(levels) / sizeof(levels[0]); k++) {
        i = fb_budget_nearer(i, fb_budget_find(b, levels[k]));
    }
    return i;
}

/* Non-zero when the element at i is in the scope bounded at boundary. */
static int fb_budget_in_scope(int i, int boundary)
{
    return i >= 0 && boundary <= i;
}

/* Refreshes the cost after the lists changed; zero when over the limit. */
static int fb_budget_count(fb_budget_t *b)
{
    if (b->levels > b->cost.nesting) {
        b->cost.nesting = b->levels;
    }
    return b->levels <= FB_HTML_MAX_NESTING;
}

/*
 * Pushes an element of namespace ns; zero when that goes over the
 * nesting limit.  Foreign elements are special and bound scopes when they
 * are integration points, or a MathML annotation-xml.
 */
static int fb_budget_push(fb_budget_t *b, GumboTag tag, apr_uint32_t name,
                          int ns)
{
    const fb_budget_open_t *below = fb_budget_top(b);
    fb_budget_open_t *e;
    int n = b->nopen, html = ns == FB_BUDGET_HTML, foreign = !html;
    int integration = fb_budget_integration(ns, tag);
    int special = html ? fb_budget_special(tag)
                       : integration || (ns == FB_BUDGET_MATHML
                                         && tag == GUMBO_TAG_ANNOTATION_XML);
    int scope = html ? fb_budget_scope(tag) : special;
    int weight = html && tag == GUMBO_TAG_TABLE ? 2 : 1;

    if (b->levels + weight > FB_HTML_MAX_NESTING) {
        b->levels += weight;
        fb_budget_count(b);
        return 0;
    }
    e = &b->open[n];
    e->tag = tag;
    e->name = name;
    e->prev = b->last[tag];
    e->name_prev = b->last_name[name % FB_BUDGET_BUCKETS];
    e->weight = weight;
    e->ns = ns;
    e->foreign = foreign;
    e->integration = integration;
    e->special = special ? n : below->special;
    e->scope = scope ? n : below->scope;
    e->button = scope || (html && tag == GUMBO_TAG_BUTTON) ? n
                                                           : below->button;
    e->list = scope || (html && (tag == GUMBO_TAG_OL || tag == GUMBO_TAG_UL))
              ? n : below->list;
    e->table = html && (tag == GUMBO_TAG_TABLE || tag == GUMBO_TAG_TEMPLATE)
               ? n : below->table;
    e->li_stop = special && !(html && (tag == GUMBO_TAG_ADDRESS
                                       || tag == GUMBO_TAG_DIV
                                       || tag == GUMBO_TAG_P
                                       || tag == GUMBO_TAG_LI))
                 ? n : below->li_stop;
    e->dd_stop = special && !(html && (tag == GUMBO_TAG_ADDRESS
                                       || tag == GUMBO_TAG_DIV
                                       || tag == GUMBO_TAG_P
                                       || tag == GUMBO_TAG_DD
                                       || tag == GUMBO_TAG_DT))
                 ? n : below->dd_stop;
    e->marker = html && fb_budget_marker(tag) ? n : below->marker;
    e->html_at = html ? n : below->html_at;
    e->unknown_at = html && tag == GUMBO_TAG_UNKNOWN ? n : below->unknown_at;
    e->select_at = !html ? -1
                   : tag == GUMBO_TAG_SELECT ? n
                   : tag == GUMBO_TAG_OPTION || tag == GUMBO_TAG_OPTGROUP
                     ? below->select_at : -1;
    b->last[tag] = n;
    b->last_name[name % FB_BUDGET_BUCKETS] = n;
    b->nopen++;
    b->levels += weight;
    return fb_budget_count(b);
}

/* Removes the formatting element at j of the list. */
static void fb_budget_fmt_remove(fb_budget_t *b, int j)
{
    memmove(&b->fmt[j], &b->fmt[j + 1],
            (size_t)(b->nfmt - j - 1) * sizeof(b->fmt[0]));
    b->nfmt--;
    b->levels--;
}

/*
 * Closes the open elements from index i up.  A marker closing takes the
 * formatting elements opened after it; the others, reopened by the parser
 * where the next content goes, are now above fewer elements.
 */
static void fb_budget_pop_to(fb_budget_t *b, int i)
{
    int j;

    while (b->nopen > i) {
        const fb_budget_open_t *e = &b->open[--b->nopen];

        b->last[e->tag] = e->prev;
        b->last_name[e->name % FB_BUDGET_BUCKETS] = e->name_prev;
        b->levels -= e->weight;
        if (e->marker == b->nopen) {
            while (b->nfmt > 0 && b->fmt[b->nfmt - 1].marker == b->nopen) {
                fb_budget_fmt_remove(b, b->nfmt - 1);
            }
        }
    }
    for (j = b->nfmt - 1; j >= 0 && b->fmt[j].pos > b->nopen; j--) {
        b->fmt[j].pos = b->nopen;
    }
}

/*
 * The index in the formatting list of the latest element tag after the
 * current marker (what the parser's list holds after its last marker),
 * or -1.
 */
static int fb_budget_fmt_find(const fb_budget_t *b, GumboTag tag)
{
    int marker = fb_budget_top(b)->marker, j, steps;

    for (j = b->nfmt - 1, steps = 0;
         j >= 0 && b->fmt[j].marker == marker && steps < FB_BUDGET_SEARCH;
         j--, steps++) {
        if (b->fmt[j].tag == tag) {
            return j;
        }
    }
    return -1;
}

/* Non-zero when nothing opened after the formatting element j bounds its
 * scope. */
static int fb_budget_fmt_in_scope(const fb_budget_t *b, int j)
{
    return fb_budget_top(b)->scope < b->fmt[j].pos;
}

/*
 * Closes the formatting element j as the parser's adoption agency does:
 * when no special element was opened after it, the elements opened after
 * it are closed too; else they stay (moved around in the tree).
 */
static void fb_budget_fmt_close(fb_budget_t *b, int j)
{
    int pos = b->fmt[j].pos;

    fb_budget_fmt_remove(b, j);
    if (fb_budget_top(b)->special < pos) {
        fb_budget_pop_to(b, pos);
    }
}

/* ---- Tags ---- */

/* A formatting start tag: a new entry of the formatting list. */
static int fb_budget_fmt_start(fb_budget_t *b, GumboTag tag)
{
    int j;

    /* A new <a> closes the one open; a new <nobr> one in scope. */
    if (tag == GUMBO_TAG_A || tag == GUMBO_TAG_NOBR) {
        j = fb_budget_fmt_find(b, tag);
        if (j >= 0 && fb_budget_fmt_in_scope(b, j)) {
            fb_budget_fmt_close(b, j);
        }
        else if (j >= 0 && tag == GUMBO_TAG_A) {
            fb_budget_fmt_remove(b, j);
        }
    }
    if (b->levels + 1 > FB_HTML_MAX_NESTING) {
        b->levels++;
        fb_budget_count(b);
        return 0;
    }
    b->fmt[b->nfmt].tag = tag;
    b->fmt[b->nfmt].pos = b->nopen;
    b->fmt[b->nfmt].marker = fb_budget_top(b)->marker;
    b->nfmt++;
    b->levels++;
    return fb_budget_count(b);
}

/*
 * Non-zero when table parts go into a table: the nearest element that
 * bounds the table scope is a <table>.  (In a <template>, the parser
 * takes them or not depending on what came first: here not.)
 */
static int fb_budget_table_context(const fb_budget_t *b)
{
    int table = fb_budget_top(b)->table;

    return table >= 0 && b->open[table].tag == GUMBO_TAG_TABLE;
}

/*
 * The lowest index among the nearest open elements of tags (ending with
 * GUMBO_TAG_LAST) that are in the table open on top, or -1 (or
 * FB_BUDGET_GAVE_UP).
 */
static int fb_budget_table_lowest(const fb_budget_t *b,
                                  const GumboTag *tags)
{
    int table = fb_budget_top(b)->table, lowest = -1;

    for (; *tags != GUMBO_TAG_LAST; tags++) {
        int i = fb_budget_find(b, *tags);

        if (i == FB_BUDGET_GAVE_UP) {
            return i;
        }
        if (i > table && (lowest < 0 || i < lowest)) {
            lowest = i;
        }
    }
    return lowest;
}

/* The implied closes of an HTML start tag in a table. */
static void fb_budget_table_start(fb_budget_t *b, GumboTag tag)
{
    static const GumboTag cells[] = {
        GUMBO_TAG_TD, GUMBO_TAG_TH, GUMBO_TAG_CAPTION, GUMBO_TAG_LAST
    };
    static const GumboTag rows[] = {
        GUMBO_TAG_TR, GUMBO_TAG_TD, GUMBO_TAG_TH, GUMBO_TAG_CAPTION,
        GUMBO_TAG_LAST
    };
    static const GumboTag sections[] = {
        GUMBO_TAG_TBODY, GUMBO_TAG_THEAD, GUMBO_TAG_TFOOT, GUMBO_TAG_TR,
        GUMBO_TAG_TD, GUMBO_TAG_TH, GUMBO_TAG_CAPTION, GUMBO_TAG_LAST
    };
    int table = fb_budget_top(b)->table, i = -1;

    switch (tag) {
    case GUMBO_TAG_TD: case GUMBO_TAG_TH:
        i = fb_budget_table_lowest(b, cells);
        break;
    case GUMBO_TAG_TR:
        i = fb_budget_table_lowest(b, rows);
        break;
    case GUMBO_TAG_TBODY: case GUMBO_TAG_THEAD: case GUMBO_TAG_TFOOT:
        i = fb_budget_table_lowest(b, sections);
        break;
    case GUMBO_TAG_CAPTION: case GUMBO_TAG_COLGROUP:
        if (b->open[table].tag == GUMBO_TAG_TABLE) {
            i = table + 1;
        }
        break;
    case GUMBO_TAG_TABLE:
        /* Directly in a table, not in one of its cells: closes it. */
        if (b->open[table].tag == GUMBO_TAG_TABLE
            && fb_budget_table_lowest(b, cells) == -1) {
            i = table;
        }
        break;
    default:
        break;
    }
    if (i >= 0 && i < b->nopen) {
        fb_budget_pop_to(b, i);
    }
}

/* The implied closes of an HTML start tag, before it opens. */
static void fb_budget_implied(fb_budget_t *b, GumboTag tag)
{
    const fb_budget_open_t *top = fb_budget_top(b);
    int i;

    if (fb_budget_closes_p(tag)) {
        i = fb_budget_find(b, GUMBO_TAG_P);
        if (fb_budget_in_scope(i, top->button)) {
            fb_budget_pop_to(b, i);
            top = fb_budget_top(b);
        }
    }
    switch (tag) {
    case GUMBO_TAG_LI:
        i = fb_budget_find(b, GUMBO_TAG_LI);
        if (i >= 0 && top->li_stop < i) {
            fb_budget_pop_to(b, i);
        }
        return;
    case GUMBO_TAG_DD: case GUMBO_TAG_DT:
        i = fb_budget_nearer(fb_budget_find(b, GUMBO_TAG_DD),
                             fb_budget_find(b, GUMBO_TAG_DT));
        if (i >= 0 && top->dd_stop < i) {
            fb_budget_pop_to(b, i);
        }
        return;
    case GUMBO_TAG_BUTTON:
        i = fb_budget_find(b, GUMBO_TAG_BUTTON);
        if (fb_budget_in_scope(i, top->scope)) {
            fb_budget_pop_to(b, i);
        }
        return;
    case GUMBO_TAG_OPTGROUP: case GUMBO_TAG_OPTION:
        if (top->tag == GUMBO_TAG_OPTION && !top->foreign) {
            fb_budget_pop_to(b, b->nopen - 1);
        }
        return;
    default:
        break;
    }
    if (fb_budget_heading(tag) && fb_budget_heading(top->tag)
        && !top->foreign) {
        fb_budget_pop_to(b, b->nopen - 1);
    }
    else if (fb_budget_table_context(b)) {
        fb_budget_table_start(b, tag);
    }
}

/* Elements whose content the tokenizer reads as text up to their end. */
static int fb_budget_text_tag(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_SCRIPT: case GUMBO_TAG_STYLE: case GUMBO_TAG_XMP:
    case GUMBO_TAG_IFRAME: case GUMBO_TAG_NOEMBED: case GUMBO_TAG_NOFRAMES:
    case GUMBO_TAG_TEXTAREA: case GUMBO_TAG_TITLE: case GUMBO_TAG_PLAINTEXT:
        return 1;
    default:
        return 0;
    }
}

/* Non-zero when the element at i is in a table (a <select> in one). */
static int fb_budget_in_table(const fb_budget_t *b, int i)
{
    return b->open[i].table >= 0;
}

/*
 * A start tag in a <select>, where the parser ignores all but a few;
 * *again is set when the tag closed the select and must be read again.
 */
static int fb_budget_select_start(fb_budget_t *b, GumboTag tag,
                                  apr_uint32_t name, int *again, int *text)
{
    const fb_budget_open_t *top = fb_budget_top(b);
    int select = top->select_at;

    switch (tag) {
    case GUMBO_TAG_OPTION: case GUMBO_TAG_OPTGROUP:
        if (top->tag == GUMBO_TAG_OPTION) {
            fb_budget_pop_to(b, b->nopen - 1);
            top = fb_budget_top(b);
        }
        if (tag == GUMBO_TAG_OPTGROUP && top->tag == GUMBO_TAG_OPTGROUP) {
            fb_budget_pop_to(b, b->nopen - 1);
        }
        return fb_budget_push(b, tag, name, FB_BUDGET_HTML);
    case GUMBO_TAG_SELECT:
        fb_budget_pop_to(b, select);
        return 1;
    case GUMBO_TAG_INPUT: case GUMBO_TAG_KEYGEN: case GUMBO_TAG_TEXTAREA:
        fb_budget_pop_to(b, select);
        *again = 1;
        return 1;
    case GUMBO_TAG_CAPTION: case GUMBO_TAG_TABLE: case GUMBO_TAG_TBODY:
    case GUMBO_TAG_TFOOT: case GUMBO_TAG_THEAD: case GUMBO_TAG_TR:
    case GUMBO_TAG_TD: case GUMBO_TAG_TH:
        if (fb_budget_in_table(b, select)) {
            fb_budget_pop_to(b, select);
            *again = 1;
        }
        return 1;
    case GUMBO_TAG_SCRIPT:
        *text = 1;
        return fb_budget_push(b, tag, name, FB_BUDGET_HTML);
    case GUMBO_TAG_TEMPLATE:
        return fb_budget_push(b, tag, name, FB_BUDGET_HTML);
    default:
        return 1;
    }
}

/*
 * A start tag; zero when it goes over a limit.  *text is set when the
 * tokenizer reads what follows as text, up to the element's end tag.
 */
static int fb_budget_start(fb_budget_t *b, GumboTag tag, apr_uint32_t name,
                           int self_closing, int *text)
{
    const fb_budget_open_t *top = fb_budget_top(b);
    int again = 0;

    *text = 0;
    /*
     * In foreign content every start tag opens a foreign element of the
     * same namespace, closed at once when the tag is self-closing.  (The
     * parser's rules close the foreign elements before some HTML tags,
     * which gumbo does not do in a fragment.)
     */
    if (top->foreign
        && (!top->integration
            || (top->ns == FB_BUDGET_MATHML
                && (tag == GUMBO_TAG_MGLYPH
                    || tag == GUMBO_TAG_MALIGNMARK)))) {
        return self_closing || fb_budget_push(b, tag, name, top->ns);
    }
    if (top->select_at >= 0) {
        int ok = fb_budget_select_start(b, tag, name, &again, text);

        if (!again) {
            return ok;
        }
    }
    if (tag == GUMBO_TAG_SVG || tag == GUMBO_TAG_MATH) {
        return self_closing
               || fb_budget_push(b, tag, name, tag == GUMBO_TAG_SVG
                                               ? FB_BUDGET_SVG
                                               : FB_BUDGET_MATHML);
    }
    fb_budget_implied(b, tag);
    top = fb_budget_top(b);
    if (fb_budget_opens_nothing(tag)) {
        return 1;
    }
    /* Outside a table, table parts are ignored. */
    if (fb_budget_table_part(tag) && !fb_budget_table_context(b)) {
        return 1;
    }
    *text = fb_budget_text_tag(tag);
    if (fb_budget_formatting(tag)) {
        return fb_budget_fmt_start(b, tag);
    }
    return fb_budget_push(b, tag, name, FB_BUDGET_HTML);
}

/*
 * An end tag in a <select>, where the parser ignores all but a few; zero
 * when it closed the select and must be read again by the other rules.
 */
static int fb_budget_select_end(fb_budget_t *b, GumboTag tag)
{
    const fb_budget_open_t *top = fb_budget_top(b);
    int select = top->select_at, i;

    switch (tag) {
    case GUMBO_TAG_OPTGROUP:
        if (top->tag == GUMBO_TAG_OPTION && b->nopen >= 2
            && b->open[b->nopen - 2].tag == GUMBO_TAG_OPTGROUP) {
            fb_budget_pop_to(b, b->nopen - 1);
            top = fb_budget_top(b);
        }
        if (top->tag == GUMBO_TAG_OPTGROUP) {
            fb_budget_pop_to(b, b->nopen - 1);
        }
        return 1;
    case GUMBO_TAG_OPTION:
        if (top->tag == GUMBO_TAG_OPTION) {
            fb_budget_pop_to(b, b->nopen - 1);
        }
        return 1;
    case GUMBO_TAG_SELECT:
        fb_budget_pop_to(b, select);
        return 1;
    case GUMBO_TAG_TEMPLATE:
        return 0;       /* a template the select is in closes both */
    case GUMBO_TAG_CAPTION: case GUMBO_TAG_TABLE: case GUMBO_TAG_TBODY:
    case GUMBO_TAG_TFOOT: case GUMBO_TAG_THEAD: case GUMBO_TAG_TR:
    case GUMBO_TAG_TD: case GUMBO_TAG_TH:
        i = fb_budget_find(b, tag);
        if (fb_budget_in_table(b, select)
            && fb_budget_in_scope(i, b->open[select].table)) {
            fb_budget_pop_to(b, select);
            return 0;
        }
        return 1;
    default:
        return 1;
    }
}

/* An end tag by the parser's rules for HTML. */
static void fb_budget_end_html(fb_budget_t *b, GumboTag tag)
{
    const fb_budget_open_t *top = fb_budget_top(b);
    int i = -1, j, ok = 0;

    if (fb_budget_opens_nothing(tag) || tag == GUMBO_TAG_FORM) {
        return;
    }
    if (fb_budget_formatting(tag)) {
        j = fb_budget_fmt_find(b, tag);
        if (j >= 0 && fb_budget_fmt_in_scope(b, j)) {
            fb_budget_fmt_close(b, j);
        }
        return;
    }
    if (fb_budget_heading(tag)) {
        i = fb_budget_find_heading(b);
        ok = fb_budget_in_scope(i, top->scope);
    }
    else if (tag == GUMBO_TAG_P) {
        i = fb_budget_find(b, tag);
        ok = fb_budget_in_scope(i, top->button);
    }
    else if (tag == GUMBO_TAG_LI) {
        i = fb_budget_find(b, tag);
        ok = fb_budget_in_scope(i, top->list);
    }
    else if (fb_budget_table_part(tag) || tag == GUMBO_TAG_TABLE) {
        i = fb_budget_find(b, tag);
        ok = fb_budget_in_scope(i, top->table);
    }
    else if (fb_budget_special(tag)) {
        i = fb_budget_find(b, tag);
        ok = fb_budget_in_scope(i, top->scope);
    }
    else {
        /* Any other end tag: no special element may be in the way. */
        i = fb_budget_find(b, tag);
        ok = i >= 0 && top->special < i;
    }
    if (ok) {
        fb_budget_pop_to(b, i);
    }
}

/* An end tag, written with name as its name (hash). */
static void fb_budget_end(fb_budget_t *b, GumboTag tag, apr_uint32_t name)
{
    const fb_budget_open_t *top = fb_budget_top(b);

    /* In foreign content, an end tag closes its foreign element. */
    if (top->foreign) {
        int i = fb_budget_find_foreign(b, name);

        if (i >= 0) {
            fb_budget_pop_to(b, i);
        }
        if (i != -1) {
            return;
        }
    }
    else if (top->select_at >= 0 && fb_budget_select_end(b, tag)) {
        return;
    }
    fb_budget_end_html(b, tag);
}

/* ---- The scan ---- */

static int fb_budget_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

static int fb_budget_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/*
 * Reads the attributes of a tag from the end of its name as the
 * tokenizer does, and returns where the tag ends (after its ">", or the
 * end).  *attrs is their number, or one more than the limit when there
 * are more; *self_closing is set when the tag ends with "/>", *closed
 * when it ends with ">" rather than with the input.
 */
static const char *fb_budget_attributes(const char *s, const char *end,
                                        int *attrs, int *self_closing,
                                        int *closed)
{
    int n = 0;

    *self_closing = *closed = 0;
    for (;;) {
        while (s < end && fb_budget_space(*s)) {
            s++;
        }
        if (s >= end) {
            break;
        }
        if (*s == '/') {
            if (++s < end && *s == '>') {
                *self_closing = *closed = 1;
                s++;
                break;
            }
            continue;
        }
        if (*s == '>') {
            *closed = 1;
            s++;
            break;
        }
        if (++n > FB_HTML_MAX_ATTRIBUTES) {
            break;
        }
        /* The first character is part of the name, even an "=". */
        for (s++; s < end && !fb_budget_space(*s) && *s != '/' && *s != '>'
                  && *s != '='; s++) {
        }
        while (s < end && fb_budget_space(*s)) {
            s++;
        }
        if (s >= end || *s != '=') {
            continue;
        }
        for (s++; s < end && fb_budget_space(*s); s++) {
        }
        if (s < end && (*s == '"' || *s == '\'')) {
            const char *close = memchr(s + 1, *s, (apr_size_t)(end - s - 1));

            s = close != NULL ? close + 1 : end;
        }
        else {
            while (s < end && !fb_budget_space(*s) && *s != '>') {
                s++;
            }
        }
    }
    *attrs = n;
    return s;
}

/* The first occurrence of the n bytes of what in [s, end), or NULL. */
static const char *fb_budget_find_text(const char *s, const char *end,
                                       const char *what, apr_size_t n)
{
    while ((apr_size_t)(end - s) >= n
           && (s = memchr(s, what[0], (apr_size_t)(end - s) - n + 1))
              != NULL) {
        if (memcmp(s, what, n) == 0) {
            return s;
        }
        s++;
    }
    return NULL;
}

/*
 * Where the comment, doctype or other "<!", "<?" or "</" markup at s
 * ends: a comment at the first "-->" or "--!>" (or at once, for "<!-->"
 * and "<!--->"), a CDATA section in foreign content at "]]>", the others
 * at the first ">".
 */
static const char *fb_budget_declaration(const char *s, const char *end,
                                         int foreign)
{
    const char *stop;

    if (end - s >= 4 && memcmp(s, "<!--", 4) == 0) {
        if (end - s >= 5 && s[4] == '>') {
            return s + 5;
        }
        if (end - s >= 6 && s[4] == '-' && s[5] == '>') {
            return s + 6;
        }
        for (s += 4; (stop = fb_budget_find_text(s, end, "--", 2)) != NULL;
             s = stop + 1) {
            const char *after = stop + 2;

            while (after < end && *after == '-') {
                after++;
            }
            if (after < end && *after == '>') {
                return after + 1;
            }
            if (end - after >= 2 && after[0] == '!' && after[1] == '>') {
                return after + 2;
            }
        }
        return end;
    }
    if (foreign && end - s >= 9 && memcmp(s, "<![CDATA[", 9) == 0) {
        stop = fb_budget_find_text(s + 9, end, "]]>", 3);
        return stop != NULL ? stop + 3 : end;
    }
    if (end - s >= 3 && s[1] == '/' && s[2] == '>') {
        return s + 3;       /* "</>" is nothing */
    }
    stop = memchr(s, '>', (apr_size_t)(end - s));
    return stop != NULL ? stop + 1 : end;
}

/* Non-zero when s starts "<" + slash + name (case aside) and a character
 * that ends a tag name. */
static int fb_budget_end_tag_of(const char *s, const char *end,
                                const char *name, apr_size_t n, int slash)
{
    if ((apr_size_t)(end - s) < n + 2 + (apr_size_t)slash || s[0] != '<'
        || (slash && s[1] != '/')
        || strncasecmp(s + 1 + slash, name, n) != 0) {
        return 0;
    }
    s += 1 + slash + n;
    return fb_budget_space(*s) || *s == '/' || *s == '>';
}

/*
 * Where the text of a <script> starting at s ends: at its "</script",
 * unless that is inside "<!--" and "<script" (the tokenizer's escaped
 * states), or the end.
 */
static const char *fb_budget_script_end(const char *s, const char *end)
{
    enum { DATA, ESCAPED, DOUBLE } state = DATA;

    for (; s < end; s++) {
        if (*s == '-' && state != DATA && end - s >= 3
            && memcmp(s, "-->", 3) == 0) {
            state = DATA;
            s += 2;
        }
        else if (*s != '<') {
            continue;
        }
        else if (state == DATA && end - s >= 4
                 && memcmp(s, "<!--", 4) == 0) {
            state = ESCAPED;
            s += 3;
            /* "<!-->" and the like go back at once. */
            while (s + 1 < end && s[1] == '-') {
                s++;
            }
            if (s + 1 < end && s[1] == '>') {
                state = DATA;
            }
        }
        else if (fb_budget_end_tag_of(s, end, "script", 6, 1)) {
            if (state != DOUBLE) {
                return s;
            }
            state = ESCAPED;
        }
        else if (state == ESCAPED
                 && fb_budget_end_tag_of(s, end, "script", 6, 0)) {
            state = DOUBLE;
        }
    }
    return end;
}

/*
 * Where the text of an element the tokenizer reads as text up to its end
 * tag (fb_budget_text_tag) ends, its content starting at s: at that end
 * tag, or the end.
 */
static const char *fb_budget_text_end(GumboTag tag, const char *s,
                                      const char *end)
{
    const char *name = gumbo_normalized_tagname(tag);
    apr_size_t n = strlen(name);

    if (tag == GUMBO_TAG_SCRIPT) {
        return fb_budget_script_end(s, end);
    }
    if (tag == GUMBO_TAG_PLAINTEXT) {
        return end;
    }
    for (; (s = memchr(s, '<', (apr_size_t)(end - s))) != NULL; s++) {
        if (fb_budget_end_tag_of(s, end, name, n, 1)) {
            return s;
        }
    }
    return end;
}

/* The hash of n bytes of a name, ASCII capitals folded as gumbo does. */
static apr_uint32_t fb_budget_hash(const char *name, apr_size_t n)
{
    apr_uint32_t h = 2166136261u;
    apr_size_t i;

    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];

        h = (h ^ (c >= 'A' && c <= 'Z' ? c + 32 : c)) * 16777619u;
    }
    return h;
}

/* The tag named by len bytes at name. */
static GumboTag fb_budget_tag(const char *name, apr_size_t len)
{
    return len <= FB_BUDGET_NAME_MAX
           ? gumbo_tagn_enum(name, (unsigned int)len) : GUMBO_TAG_UNKNOWN;
}

/*
 * Reads the tag whose name starts at name into the model; returns
 * the result, and sets *next to where the scan goes on: after the tag, or
 * after the text it starts.
 */
static fb_html_budget_e fb_budget_one_tag(fb_budget_t *b, const char *name,
                                          const char *end, int closing,
                                          const char **next)
{
    const char *name_end, *tag_end, *written;
    int attrs, self_closing, closed, text;
    GumboTag tag;

    for (name_end = name; name_end < end && !fb_budget_space(*name_end)
                          && *name_end != '/' && *name_end != '>';
         name_end++) {
    }
    tag_end = fb_budget_attributes(name_end, end, &attrs, &self_closing,
                                   &closed);
    *next = tag_end;
    if (attrs > b->cost.attributes) {
        b->cost.attributes = attrs;
    }
    if (attrs > FB_HTML_MAX_ATTRIBUTES) {
        return FB_HTML_BUDGET_ATTRIBUTES;
    }
    /* A tag the input ends in is dropped. */
    if (!closed) {
        return FB_HTML_BUDGET_OK;
    }
    tag = fb_budget_tag(name, (apr_size_t)(name_end - name));
    if (closing) {
        /* gumbo names an end tag by all it holds, attributes included. */
        fb_budget_end(b, tag, fb_budget_hash(name, (apr_size_t)(tag_end - 1
                                                                - name)));
        return FB_HTML_BUDGET_OK;
    }
    if (++b->cost.elements > FB_HTML_MAX_ELEMENTS) {
        return FB_HTML_BUDGET_ELEMENTS;
    }
    /* It names a start tag's element by its name up to a white space
     * character, a vertical tab included. */
    for (written = name; written < name_end && *written != '\v'; written++) {
    }
    if (!fb_budget_start(b, tag, fb_budget_hash(name, (apr_size_t)(written
                                                                    - name)),
                         self_closing, &text)) {
        return FB_HTML_BUDGET_NESTING;
    }
    if (text) {
        *next = fb_budget_text_end(tag, tag_end, end);
    }
    return FB_HTML_BUDGET_OK;
}

fb_html_budget_e fb_html_budget_check(apr_pool_t *p, const char *html,
                                      apr_size_t len, fb_html_cost_t *cost)
{
    fb_budget_t *b = apr_palloc(p, sizeof(*b));
    const char *s = html, *end = html + len;
    fb_html_budget_e result = FB_HTML_BUDGET_OK;
    int i;

    b->nopen = b->nfmt = b->levels = 0;
    for (i = 0; i <= GUMBO_TAG_LAST; i++) {
        b->last[i] = -1;
    }
    for (i = 0; i < FB_BUDGET_BUCKETS; i++) {
        b->last_name[i] = -1;
    }
    memset(&b->cost, 0, sizeof(b->cost));
    /* The tokenizer's pass: each byte is read once, by one of these. */
    while (result == FB_HTML_BUDGET_OK
           && (s = memchr(s, '<', (apr_size_t)(end - s))) != NULL) {
        const char *at = s + 1;
        int closing = at < end && *at == '/';

        if (at + closing < end && fb_budget_letter(at[closing])) {
            result = fb_budget_one_tag(b, at + closing, end, closing, &s);
        }
        else if (at < end && (*at == '!' || *at == '?' || closing)) {
            s = fb_budget_declaration(s, end, fb_budget_top(b)->foreign);
        }
        else {
            s = at;
        }
    }
    if (cost != NULL) {
        *cost = b->cost;
    }
    return result;
}
