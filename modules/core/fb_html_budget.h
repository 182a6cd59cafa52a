/*
 * fb_html_budget: what parsing a piece of HTML would cost, told by one
 * linear scan before the parser runs.
 *
 * An HTML5 parser's work for each tag grows with the number of elements
 * open around it: scope checks walk the stack of open elements, and the
 * formatting elements still open are reopened in every new block.  So
 * markup nested thousands deep costs time quadratic in its length (160,000
 * nested <b>, 480 KB, kept gumbo busy for two seconds), and one tag with
 * thousands of attributes too (each is compared with all before it).
 * fb_html_sanitize() refuses such markup before parsing it, when it goes
 * over one of these limits:
 *
 *   FB_HTML_MAX_ELEMENTS    start tags in all;
 *   FB_HTML_MAX_NESTING     elements open at once, as estimated below;
 *   FB_HTML_MAX_ATTRIBUTES  attributes on one tag.
 *
 * The scan reads the input as gumbo's tokenizer does: tags with their
 * attributes (a quoted ">" does not end a tag), comments, doctypes and
 * other "<!" and "<?" markup, CDATA sections in SVG and MathML, and the
 * text of script, style, textarea, title, xmp, iframe, noembed, noframes
 * and plaintext elements, where "<" opens nothing (a script's text going
 * on past "</script>" inside "<!--<script>", as the tokenizer's escaped
 * states do).  A tag the input ends in is dropped, as gumbo drops it.
 *
 * The nesting is estimated with a model of the parser's stack of open
 * elements and list of formatting elements, as gumbo 0.10 builds them for
 * a fragment in a <body>:
 *
 *   - Void elements (br, img...) and the html, head, body and frameset
 *     tags open nothing, nor do table parts outside a table (in a
 *     <template>, the parser takes them or not depending on what came
 *     first: here not).  A table counts two levels, the parser adding a
 *     <tbody>.
 *   - Formatting elements (a, b, big, code, em, font, i, nobr, s, small,
 *     strike, strong, tt, u) count until their own end tag closes them,
 *     since the parser reopens them in the next block, or until the
 *     table cell, caption or object they were opened in is closed.  Their
 *     end tag closes nothing when an element that bounds scopes (a table,
 *     a cell...) was opened after them, and closes the elements opened
 *     after them too when none of those is "special" (the adoption
 *     agency's simple case); a new <a> closes the one open.
 *   - Other elements count until an end tag or a start tag closes them
 *     by the parser's rules: an end tag closes the nearest element of its
 *     name unless one opened after it bounds its scope (for the elements
 *     with their own end tag rules: blocks, lists, tables, headings...)
 *     or is "special" (for the others; gumbo 0.10 takes any unknown
 *     element for the one an unknown end tag names); a block start tag
 *     closes an open <p>; <li>, <dd>, <dt>, headings, <option>, <button>,
 *     table sections, rows and cells close the open one of their kind; a
 *     <table> directly in a table closes it.  In a <select>, all but
 *     options, scripts and the tags that close the select are ignored.
 *     A </form> closes nothing (the parser takes the form out from under
 *     the elements opened in it, which stay open).
 *   - In SVG and MathML, every start tag opens a foreign element (gumbo
 *     does not leave foreign content for HTML tags in a fragment), closed
 *     at once when self-closing, except in the integration points
 *     (foreignObject, desc and title in SVG; mi, mo, mn, ms and mtext in
 *     MathML), whose content is HTML.  An end tag closes the nearest
 *     foreign element of the same name as written, as long as only
 *     foreign elements are above it, else the rules for HTML apply.
 *
 * Where the model is not sure that the parser closes something, it closes
 * nothing, so that an estimate can be higher than the truth rather than
 * lower.  The fuzz target t/fuzz/fuzz_html.c checks it against gumbo's
 * trees.  What the estimate misses, the sanitizer's time and memory limits
 * still catch (fb_html.h).
 *
 * The scan takes time linear in the input, and memory bounded by the
 * limits, allocated in the pool it is given.
 */
#ifndef FB_HTML_BUDGET_H
#define FB_HTML_BUDGET_H

#include <apr_pools.h>

/* Start tags in one piece of HTML. */
#define FB_HTML_MAX_ELEMENTS 50000

/* Elements open at once (four times the depth the sanitizer keeps). */
#define FB_HTML_MAX_NESTING 256

/* Attributes on one tag. */
#define FB_HTML_MAX_ATTRIBUTES 64

/* The first limit a piece of HTML goes over, or OK. */
typedef enum {
    FB_HTML_BUDGET_OK = 0,
    FB_HTML_BUDGET_ELEMENTS,
    FB_HTML_BUDGET_NESTING,
    FB_HTML_BUDGET_ATTRIBUTES
} fb_html_budget_e;

/* What the scan counted, up to where it stopped. */
typedef struct {
    apr_size_t elements;    /* start tags */
    int nesting;            /* the most elements estimated open at once */
    int attributes;         /* the most attributes on one tag */
} fb_html_cost_t;

/*
 * Scans html (len bytes, not necessarily NUL-terminated) and returns the
 * first limit it goes over, or FB_HTML_BUDGET_OK.  When cost is not NULL
 * it receives the counts, up to the end or to the tag that went over.
 * Allocates a few kilobytes in p.
 */
fb_html_budget_e fb_html_budget_check(apr_pool_t *p, const char *html,
                                      apr_size_t len, fb_html_cost_t *cost);

#endif
