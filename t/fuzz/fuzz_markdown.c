/*
 * fuzz_markdown: markdown content, from the text a client sends to what is
 * stored: rendered by cmark (fb_markdown_html), then sanitized
 * (fb_html_sanitize) and made plain text (fb_html_text), as
 * resources/body_fields.c does for markdownContent.
 *
 * The estimate that refuses deep markdown before cmark renders it
 * (fb_markdown_nesting) is checked against cmark's own tree: its block
 * quotes, lists and list items may not nest deeper than estimated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmark.h>

#include "fz.h"

#include "fb_html.h"
#include "fb_markdown.h"
#include "fb_utf8.h"

/* The deepest nesting of containers in cmark's tree of md. */
static int fz_containers(const char *md, size_t len)
{
    cmark_node *doc = cmark_parse_document(md, len, CMARK_OPT_VALIDATE_UTF8);
    cmark_iter *iter = cmark_iter_new(doc);
    cmark_event_type event;
    int depth = 0, deepest = 0;

    while ((event = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
        cmark_node_type type = cmark_node_get_type(cmark_iter_get_node(iter));

        if (type != CMARK_NODE_BLOCK_QUOTE && type != CMARK_NODE_LIST
            && type != CMARK_NODE_ITEM) {
            continue;
        }
        depth += event == CMARK_EVENT_ENTER ? 1 : -1;
        if (depth > deepest) {
            deepest = depth;
        }
    }
    cmark_iter_free(iter);
    cmark_node_free(doc);
    return deepest;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    apr_pool_t *p = fz_pool_begin();
    const char *md = fz_bytes(p, data, size);
    const char *html = fb_markdown_html(p, md, size);
    const char *out = NULL;
    int estimate = fb_markdown_nesting(md, size);

    if (estimate <= FB_MARKDOWN_MAX_NESTING
        && fz_containers(md, size) > estimate) {
        char what[32];

        snprintf(what, sizeof(what), "estimate %d", estimate);
        fz_fail("cmark nests deeper than estimated", what);
    }
    if (html != NULL) {
        if (!fb_utf8_valid(html, strlen(html))) {
            fz_fail("rendered markdown is not UTF-8", html);
        }
        out = fb_html_sanitize(p, html, strlen(html));
    }
    if (out != NULL) {
        const char *text = fb_html_text(p, out, strlen(out));

        if (text == NULL || !fb_utf8_valid(text, strlen(text))) {
            fz_fail("no plain text of sanitized markdown", out);
        }
    }
    fz_pool_end(p);
    return 0;
}
