/*
 * fuzz_markdown: markdown content, from the text a client sends to what is
 * stored: rendered by cmark (fb_markdown_html), then sanitized
 * (fb_html_sanitize) and made plain text (fb_html_text), as
 * resources/body_fields.c does for markdownContent.
 */
#include <string.h>

#include "fz.h"

#include "fb_html.h"
#include "fb_markdown.h"
#include "fb_utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    apr_pool_t *p = fz_pool_begin();
    const char *md = fz_bytes(p, data, size);
    const char *html = fb_markdown_html(p, md, size);
    const char *out = NULL;
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
