/*
 * fb_markdown: markdown content rendered to HTML.
 *
 * Markdown fields (changelog markdownContent, and any later ones) are
 * rendered with cmark, the CommonMark reference library, and the HTML then
 * goes through fb_html_sanitize() like any other content: the sanitizer is
 * the one gate of stored HTML, so raw HTML inside the markdown is passed
 * through cmark (CMARK_OPT_UNSAFE) and filtered there, and an image or a
 * link written in HTML survives as it would in an HTML field.
 *
 * Limits: block quotes and list items nested thousands deep cost cmark
 * time that grows faster than their length (480 KB of ">" took it most of
 * a second) and render to HTML nested as deep, which the sanitizer then
 * refuses.  So the text is refused before cmark sees it when a line opens
 * or continues containers nested deeper than FB_MARKDOWN_MAX_NESTING
 * levels of HTML, estimated from the line's start alone: each ">" counts
 * one level, each list marker ("-", "+", "*", "1.", "1)" followed by a
 * space) two (the list and its item), and each column of indentation one
 * (a nested list item needs at least two).  The estimate is never lower
 * than cmark's nesting, and only lines starting with such markers count.
 * Inline markup (emphasis, links, raw HTML) is bounded by the sanitizer's
 * own limits on the HTML cmark writes.
 */
#ifndef FB_MARKDOWN_H
#define FB_MARKDOWN_H

#include <apr_pools.h>

/* Levels of HTML that block quotes and lists may nest (see above). */
#define FB_MARKDOWN_MAX_NESTING 128

/*
 * The HTML of the CommonMark text md (len bytes of UTF-8, not necessarily
 * NUL-terminated), in p, not yet sanitized; invalid UTF-8 sequences are
 * replaced by U+FFFD.  NULL when the text nests deeper than the limit, or
 * when cmark fails to allocate.
 */
const char *fb_markdown_html(apr_pool_t *p, const char *md, apr_size_t len);

/*
 * The deepest nesting of block quotes and lists that md may have, in
 * levels of HTML, as estimated above (for the limit and its tests).
 */
int fb_markdown_nesting(const char *md, apr_size_t len);

#endif
