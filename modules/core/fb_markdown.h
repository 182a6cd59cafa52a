/*
 * fb_markdown: markdown content rendered to HTML.
 *
 * Markdown fields (changelog markdownContent, and any later ones) are
 * rendered with cmark, the CommonMark reference library, and the HTML then
 * goes through fb_html_sanitize() like any other content: the sanitizer is
 * the one gate of stored HTML, so raw HTML inside the markdown is passed
 * through cmark (CMARK_OPT_UNSAFE) and filtered there, and an image or a
 * link written in HTML survives as it would in an HTML field.
 */
#ifndef FB_MARKDOWN_H
#define FB_MARKDOWN_H

#include <apr_pools.h>

/*
 * The HTML of the CommonMark text md (len bytes of UTF-8, not necessarily
 * NUL-terminated), in p, not yet sanitized; invalid UTF-8 sequences are
 * replaced by U+FFFD.  NULL only when cmark fails to allocate.
 */
const char *fb_markdown_html(apr_pool_t *p, const char *md, apr_size_t len);

#endif
