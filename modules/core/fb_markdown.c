/*
 * fb_markdown: markdown to HTML with cmark (see fb_markdown.h).
 */
#include <stdlib.h>

#include <cmark.h>

#include "apr_strings.h"

#include "fb_markdown.h"

const char *fb_markdown_html(apr_pool_t *p, const char *md, apr_size_t len)
{
    char *html = cmark_markdown_to_html(md, len, CMARK_OPT_UNSAFE
                                                 | CMARK_OPT_VALIDATE_UTF8);
    const char *copy;

    if (html == NULL) {
        return NULL;
    }
    copy = apr_pstrdup(p, html);
    free(html);
    return copy;
}
