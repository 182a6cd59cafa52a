/*
 * fb_html: the allow-list sanitizer of stored HTML.
 *
 * Every content field (posts, comments, changelogs, tickets) goes through
 * fb_html_sanitize() on write.  The input is parsed as an HTML5 fragment
 * in a <body> (gumbo), so the result has the nesting a browser would build
 * even for broken markup, and is written back with only what the allow-
 * list keeps.  Dangerous markup is removed, never refused.
 *
 * Elements kept: p, br, a, strong, em, b, i, u, s, code, pre, blockquote,
 * ul, ol, li, h1, h2, h3, h4, img, hr, table, thead, tbody, tfoot, tr, th,
 * td.  Attributes kept, all others (on*, style, class, id, target...)
 * being dropped:
 *
 *   a       href, when it is an absolute http, https or mailto URL; every
 *           kept link gets rel="nofollow noopener noreferrer" (a rel of
 *           the input is replaced).  An <a> whose href is missing or
 *           refused is unwrapped: its content stays, its tags go.
 *   img     src, when it is an absolute http or https URL, and alt.  An
 *           <img> whose src is missing or refused is removed (alt too).
 *   td, th  colspan (1 to 1000) and rowspan (1 to 65534), digits only,
 *           written without leading zeros.
 *
 * URLs are taken as a browser reads them: entities decoded by the parser,
 * leading and trailing spaces and control characters stripped, tabs and
 * line breaks removed anywhere ("java\tscript:").  Then the scheme must be
 * one of the allowed ones (compared without case), http and https must be
 * followed by "//" and a host, mailto by something.  Relative and
 * protocol-relative URLs ("/x", "#top", "//evil.example") are refused, as
 * are javascript:, data:, vbscript: and every other scheme, and a URL
 * still holding a control character.  The cleaned URL is what is written.
 * So images given as data: URIs, or stored under a relative URL, must have
 * their src rewritten to an absolute https URL before sanitizing.
 *
 * Other elements are unwrapped (<div>hi</div> gives "hi"), except these,
 * which go with all their content: script, style, iframe, frame(set),
 * object, embed, applet, param, noscript, noembed, noframes, template,
 * head, title, base, link, meta, form controls (input, button, select,
 * option, optgroup, datalist, textarea, keygen), and anything outside the
 * HTML namespace (svg, math).  Comments, doctypes and processing
 * instructions are dropped.
 *
 * The output is a well-formed fragment that parses back to what it says:
 * text escapes &, < and >, attribute values are double-quoted with &, <,
 * > and " escaped, br, hr and img have no end tag, every other element is
 * closed.  A character the parser would not read back as written is
 * written as it would read it (as it reads raw ones in the input): a
 * carriage return as a line feed, other control characters but tab, line
 * feed and form feed, and noncharacters, as U+FFFD.  Where dropping a tag
 * would leave a nesting the parser rebuilds differently (a list item or a
 * heading made a direct child of another, a block inside a <p>, a link
 * inside a link, text directly in a table), the inner tag is unwrapped
 * too, and a <caption>'s content moves before its table.  Hence
 * sanitizing twice gives the result of sanitizing once.  Elements nested
 * deeper than FB_HTML_MAX_DEPTH are unwrapped.
 *
 * Limits: some inputs take gumbo time quadratic in their size (nesting
 * thousands deep, thousands of attributes on one tag), and its tree can be
 * far larger than its input (formatting elements reopened in every
 * paragraph: 40 KB making 1 GB).  Before parsing, one linear scan
 * (fb_html_budget.h) refuses markup with too many elements, elements
 * nested too deep or tags with too many attributes, in milliseconds.  A
 * parse that then allocates more than FB_HTML_MEMORY_FACTOR times the
 * input plus FB_HTML_MEMORY_BASE bytes, or spends more than
 * FB_HTML_MAX_PARSE_TIME of its thread's CPU time, is abandoned.  Either way the functions return
 * NULL: the caller refuses the field as too complex.  Gumbo allocates from
 * a sub-pool of p that is destroyed before either function returns, on
 * every path.
 */
#ifndef FB_HTML_H
#define FB_HTML_H

#include <apr_pools.h>
#include <apr_time.h>

/* Elements nested deeper than this lose their tags (content is kept). */
#define FB_HTML_MAX_DEPTH 64

/* Parse memory allowed: FACTOR bytes per input byte, plus BASE. */
#define FB_HTML_MEMORY_FACTOR 64
#define FB_HTML_MEMORY_BASE (1024 * 1024)

/* Parse time allowed (the thread's CPU time). */
#define FB_HTML_MAX_PARSE_TIME apr_time_from_sec(2)

/*
 * The sanitized copy of html (len bytes of UTF-8, not necessarily
 * NUL-terminated), in p; "" for an empty input.  NULL when the parse was
 * abandoned (see Limits above).
 */
const char *fb_html_sanitize(apr_pool_t *p, const char *html,
                             apr_size_t len);

/*
 * The plain text of html, for search indexing and minimum-length checks:
 * the content fb_html_sanitize() keeps, without tags, entities decoded,
 * each run of white space (Unicode White_Space) and each boundary of a
 * block element or <br> made one space, none at either end.  Image alt
 * texts are not included.  NULL when the parse was abandoned.
 */
const char *fb_html_text(apr_pool_t *p, const char *html, apr_size_t len);

#endif
