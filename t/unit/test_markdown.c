/*
 * test_markdown.c: markdown rendered by cmark, then sanitized (fb_markdown
 * with fb_html), as markdown content fields store it.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_html.h"
#include "fb_markdown.h"
#include "unit.h"

/* What a markdown field stores: rendered, then sanitized. */
static const char *stored(const char *md)
{
    const char *html = fb_markdown_html(ut_pool, md, strlen(md));

    return html == NULL ? NULL : fb_html_sanitize(ut_pool, html,
                                                  strlen(html));
}

static void test_commonmark_constructs(void)
{
    static const struct {
        const char *md;
        const char *html;
    } cases[] = {
        {"", ""},
        {"Hello *world*", "<p>Hello <em>world</em></p>"},
        {"# Title\n\nText", "<h1>Title</h1>\n<p>Text</p>"},
        {"##### Five\n\n###### Six", "<h4>Five</h4>\n<h4>Six</h4>"},
        {"- a\n- b", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>"},
        {"1. one\n2. two", "<ol>\n<li>one</li>\n<li>two</li>\n</ol>"},
        {"`x < y`", "<p><code>x &lt; y</code></p>"},
        {"> quoted", "<blockquote>\n<p>quoted</p>\n</blockquote>"},
        {"**bold** and ~~not strike~~",
         "<p><strong>bold</strong> and ~~not strike~~</p>"},
        {"[site](https://example.com/a?b=1&c=2)",
         "<p><a href=\"https://example.com/a?b=1&amp;c=2\" "
         "rel=\"nofollow noopener noreferrer\">site</a></p>"},
        {"![logo](https://example.com/l.png)",
         "<p><img src=\"https://example.com/l.png\" alt=\"logo\"></p>"},
        {"a\n\n---\n\nb", "<p>a</p>\n<hr>\n<p>b</p>"},
        {"```\ncode\n```", "<pre><code>code\n</code></pre>"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *out = stored(cases[i].md);

        /* cmark ends its output with a line feed; trailing white space
         * is not part of what is compared. */
        CU_ASSERT_PTR_NOT_NULL_FATAL(out);
        UT_ASSERT_STR(apr_pstrndup(ut_pool, out,
                                   strlen(out) - (out[0] != '\0'
                                                  && out[strlen(out) - 1]
                                                     == '\n')),
                      cases[i].html);
    }
}

/* Raw HTML goes through cmark and is filtered by the sanitizer: kept
 * where the allow-list keeps it, removed where it does not. */
static void test_raw_html_is_sanitized(void)
{
    UT_ASSERT_STR(stored("<script>alert(1)</script>"), "\n");
    UT_ASSERT_STR(stored("hi <b onclick=\"x()\">there</b>"),
                  "<p>hi <b>there</b></p>\n");
    UT_ASSERT_STR(stored("[x](javascript:alert(1))"), "<p>x</p>\n");
    UT_ASSERT_STR(stored("![x](data:image/png;base64,AAAA)"), "<p></p>\n");
    UT_ASSERT_STR(stored("<img src=\"https://e.example/i.png\" "
                         "onerror=\"x()\">"),
                  "<img src=\"https://e.example/i.png\">\n");
}

/* Invalid UTF-8 becomes U+FFFD; embedded NULs do not end the input. */
static void test_bytes(void)
{
    static const char md[] = "a\xff" "b\0c";
    const char *html = fb_markdown_html(ut_pool, md, sizeof(md) - 1);

    CU_ASSERT_PTR_NOT_NULL_FATAL(html);
    UT_ASSERT_STR(html, "<p>a\xef\xbf\xbd" "b\xef\xbf\xbd" "c</p>\n");
}

/* n copies of s, in ut_pool. */
static char *repeat(const char *s, int n)
{
    apr_size_t len = strlen(s);
    char *out = apr_palloc(ut_pool, len * (apr_size_t)n + 1);
    int i;

    for (i = 0; i < n; i++) {
        memcpy(out + len * (apr_size_t)i, s, len);
    }
    out[len * (apr_size_t)n] = '\0';
    return out;
}

static int nesting(const char *md)
{
    return fb_markdown_nesting(md, strlen(md));
}

/* The estimate of nesting counts markers and indentation at line starts. */
static void test_nesting_estimate(void)
{
    UT_ASSERT_INT(nesting("plain text\n\nmore"), 0);
    UT_ASSERT_INT(nesting("> quote"), 2);
    UT_ASSERT_INT(nesting(">>> x"), 4);
    UT_ASSERT_INT(nesting("- a\n  - b\n    - c"), 7);
    UT_ASSERT_INT(nesting("1. a\n2) b\n1234567890. not a marker"), 3);
    UT_ASSERT_INT(nesting("> - > 1. x"), 10);
    UT_ASSERT_INT(nesting("-\tx"), 6);
    /* Thematic breaks and indented text open nothing. */
    UT_ASSERT_INT(nesting(repeat("- ", 100)), 0);
    UT_ASSERT_INT(nesting(apr_pstrcat(ut_pool, "> ", repeat("* ", 50), NULL)),
                  2);
    UT_ASSERT_INT(nesting(apr_pstrcat(ut_pool, repeat("    ", 100),
                                      "code", NULL)), 0);
    /* A vertical tab after a marker is enough for cmark. */
    UT_ASSERT_INT(nesting("-\v- x"), 6);
}

/* Deep block quotes and lists are refused before cmark renders them. */
static void test_nesting_limit(void)
{
    int n = FB_MARKDOWN_MAX_NESTING;
    const char *under = apr_pstrcat(ut_pool, repeat(">", n), "x", NULL);
    const char *over = apr_pstrcat(ut_pool, repeat(">", n + 1), "x", NULL);
    /* Each "- " counts three: the list, its item and the space. */
    const char *list = apr_pstrcat(ut_pool, repeat("- ", n / 3), "x", NULL);
    const char *deeper = apr_pstrcat(ut_pool, "- ", list, NULL);

    UT_ASSERT_INT(nesting(under), n);
    CU_ASSERT_PTR_NOT_NULL(fb_markdown_html(ut_pool, under, strlen(under)));
    CU_ASSERT_PTR_NULL(fb_markdown_html(ut_pool, over, strlen(over)));
    CU_ASSERT_PTR_NOT_NULL(fb_markdown_html(ut_pool, list, strlen(list)));
    CU_ASSERT_PTR_NULL(fb_markdown_html(ut_pool, deeper, strlen(deeper)));
    /* What cmark renders from markdown under the limit passes the HTML
     * budget too. */
    CU_ASSERT_PTR_NOT_NULL(stored(under));
    CU_ASSERT_PTR_NOT_NULL(stored(list));
    /* 480 KB of ">" (point 10 of issue 12). */
    over = repeat(">", 480000);
    CU_ASSERT_PTR_NULL(fb_markdown_html(ut_pool, over, strlen(over)));
}

void test_markdown_register(void)
{
    static const ut_test_t tests[] = {
        {"CommonMark constructs, sanitized", test_commonmark_constructs},
        {"raw HTML goes through the sanitizer", test_raw_html_is_sanitized},
        {"invalid bytes are replaced", test_bytes},
        {"estimate of nesting", test_nesting_estimate},
        {"nesting limit", test_nesting_limit},
        {NULL, NULL}
    };

    ut_add_suite("fb_markdown", NULL, NULL, NULL, NULL, tests);
}
