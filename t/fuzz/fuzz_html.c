/*
 * fuzz_html: the HTML sanitizer, on content as clients send it.
 *
 * The input is the content field, sanitized as stored (fb_html_sanitize)
 * and as indexed (fb_html_text).  What the header of fb_html promises is
 * checked: the output is valid UTF-8, and sanitizing it again gives it
 * back unchanged.  A refusal (NULL, the limits) is a valid answer.
 *
 * The scan that refuses costly markup before gumbo parses it
 * (fb_html_budget) is checked against gumbo itself: when the scan lets
 * the input through, the tree gumbo builds must not be much deeper than
 * the nesting the scan estimated (twice, plus a few levels: the tree
 * holds elements the parser adds, such as <tbody>).  An input that is
 * deeper is one whose cost the scan does not see.
 */
#include <stdio.h>
#include <string.h>

#include <gumbo.h>

#include "fz.h"

#include "fb_html.h"
#include "fb_html_budget.h"
#include "fb_utf8.h"

/* The depth of the elements under node (1 for a leaf element). */
static int fz_depth(const GumboNode *node)
{
    const GumboVector *kids;
    unsigned i;
    int deepest = 0;

    if (node->type != GUMBO_NODE_ELEMENT
        && node->type != GUMBO_NODE_TEMPLATE) {
        return 0;
    }
    kids = &node->v.element.children;
    for (i = 0; i < kids->length; i++) {
        int d = fz_depth(kids->data[i]);

        if (d > deepest) {
            deepest = d;
        }
    }
    return deepest + 1;
}

/* Checks the scan's estimate against gumbo's tree for the same input. */
static void fz_budget(apr_pool_t *p, const char *in, size_t size)
{
    GumboOptions options = kGumboDefaultOptions;
    GumboOutput *output;
    fb_html_cost_t cost;
    int depth;

    if (fb_html_budget_check(p, in, size, &cost) != FB_HTML_BUDGET_OK) {
        return;
    }
    options.max_errors = 0;
    options.fragment_context = GUMBO_TAG_BODY;
    options.fragment_namespace = GUMBO_NAMESPACE_HTML;
    output = gumbo_parse_with_options(&options, in, size);
    /* Below the <html> element of the fragment. */
    depth = fz_depth(output->root) - 1;
    gumbo_destroy_output(&options, output);
    if (depth > 2 * cost.nesting + 8) {
        char what[64];

        snprintf(what, sizeof(what), "gumbo's depth %d, estimate %d",
                 depth, cost.nesting);
        fz_fail("the budget underestimates nesting", what);
    }
}

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
    fz_budget(p, in, size);
    fz_pool_end(p);
    return 0;
}
