/*
 * fuzz_html: the HTML sanitizer, on content as clients send it.
 *
 * The input is the content field, sanitized as stored (fb_html_sanitize)
 * and as indexed (fb_html_text).  What the header of fb_html promises is
 * checked: the output is valid UTF-8, and sanitizing it again gives it
 * back unchanged.  A refusal (NULL, the limits) is a valid answer.
 */
#include <string.h>

#include "fz.h"

#include "fb_html.h"
#include "fb_utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    apr_pool_t *p = fz_pool_begin();
    const char *in = fz_bytes(p, data, size);
    const char *out = fb_html_sanitize(p, in, size);
    const char *text = fb_html_text(p, in, size);

    if (out != NULL) {
        const char *again = fb_html_sanitize(p, out, strlen(out));

        if (!fb_utf8_valid(out, strlen(out))) {
            fz_fail("sanitized HTML is not UTF-8", out);
        }
        if (again == NULL || strcmp(again, out) != 0) {
            fz_fail("sanitizing twice changes the HTML", out);
        }
    }
    if (text != NULL && !fb_utf8_valid(text, strlen(text))) {
        fz_fail("plain text is not UTF-8", text);
    }
    fz_pool_end(p);
    return 0;
}
