/*
 * test_htmlw.c: the HTML writer (fb_htmlw): escaping in text and
 * attributes, optional attributes, highlighted snippets, and the pages it
 * refuses to finish (elements left open or closed out of order, bad
 * names).
 */
#include <string.h>

#include "fb_htmlw.h"
#include "unit.h"

/* A hostile title is text wherever it goes: in an element and in an
 * attribute, every one of the five bytes escaped. */
static void test_escaping(void)
{
    fb_htmlw_t w;
    const char *hostile = "<script>alert('x')</script> & \"q\"";

    fb_htmlw_init(&w, ut_pool, 8);
    fb_htmlw_open(&w, "a", FB_HTMLW_ATTRS({"href", "/a?b=1&c=\"2\""},
                                           {"title", hostile}));
    fb_htmlw_text(&w, hostile);
    fb_htmlw_end(&w, "a");
    UT_ASSERT_STR(fb_htmlw_finish(&w, NULL),
                  "<a href=\"/a?b=1&amp;c=&quot;2&quot;\" title=\"&lt;script"
                  "&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"
                  "\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; "
                  "&quot;q&quot;</a>");
    UT_ASSERT_STR(fb_htmlw_escape(ut_pool, "a<b>&"), "a&lt;b&gt;&amp;");
}

/* A NULL value leaves its attribute out; void elements have no end;
 * text of a format is escaped whole; stored and literal markup is kept. */
static void test_elements(void)
{
    fb_htmlw_t w;
    apr_size_t len;
    const char *out;

    fb_htmlw_init(&w, ut_pool, 64);
    fb_htmlw_literal(&w, "<!DOCTYPE html>");
    fb_htmlw_void(&w, "meta", FB_HTMLW_ATTRS({"charset", "utf-8"},
                                              {"name", NULL}));
    fb_htmlw_element(&w, "li", FB_HTMLW_ATTRS({"aria-current", NULL}),
                     "x");
    fb_htmlw_element(&w, "p", NULL, NULL);
    fb_htmlw_textf(&w, "%d <%s>", 3, "b");
    fb_htmlw_sanitized(&w, "<p>kept <b>as is</b></p>");
    fb_htmlw_sanitized(&w, NULL);
    fb_htmlw_text(&w, NULL);
    out = fb_htmlw_finish(&w, &len);
    UT_ASSERT_STR(out, "<!DOCTYPE html><meta charset=\"utf-8\"><li>x</li>"
                       "<p></p>3 &lt;b&gt;<p>kept <b>as is</b></p>");
    UT_ASSERT_INT(len, strlen(out));
}

/* ts_headline's markers become <mark>, the text between escaped; a
 * stray stop is dropped and an open mark closed. */
static void test_marked(void)
{
    fb_htmlw_t w;

    fb_htmlw_init(&w, ut_pool, 16);
    fb_htmlw_marked(&w, "a \001<b>\002 c \002d\001 e", '\001', '\002');
    UT_ASSERT_STR(fb_htmlw_finish(&w, NULL),
                  "a <mark>&lt;b&gt;</mark> c d<mark> e</mark>");
}

/* Misuse gives no page at all. */
static void test_broken(void)
{
    fb_htmlw_t w;
    int i;

    fb_htmlw_init(&w, ut_pool, 16);
    fb_htmlw_open(&w, "div", NULL);
    CU_ASSERT_PTR_NULL(fb_htmlw_finish(&w, NULL));   /* left open */

    fb_htmlw_init(&w, ut_pool, 16);
    fb_htmlw_open(&w, "div", NULL);
    fb_htmlw_open(&w, "p", NULL);
    fb_htmlw_end(&w, "div");                          /* out of order */
    fb_htmlw_end(&w, "p");
    CU_ASSERT_PTR_NULL(fb_htmlw_finish(&w, NULL));

    fb_htmlw_init(&w, ut_pool, 16);
    fb_htmlw_end(&w, "p");                            /* nothing open */
    CU_ASSERT_PTR_NULL(fb_htmlw_finish(&w, NULL));

    fb_htmlw_init(&w, ut_pool, 16);
    fb_htmlw_void(&w, "img", FB_HTMLW_ATTRS({"src onerror", "x"}));
    CU_ASSERT_PTR_NULL(fb_htmlw_finish(&w, NULL));   /* bad name */

    fb_htmlw_init(&w, ut_pool, 16);
    fb_htmlw_void(&w, "A", NULL);
    CU_ASSERT_PTR_NULL(fb_htmlw_finish(&w, NULL));

    fb_htmlw_init(&w, ut_pool, 16);
    for (i = 0; i <= FB_HTMLW_DEPTH; i++) {
        fb_htmlw_open(&w, "div", NULL);
    }
    for (i = 0; i <= FB_HTMLW_DEPTH; i++) {
        fb_htmlw_end(&w, "div");
    }
    CU_ASSERT_PTR_NULL(fb_htmlw_finish(&w, NULL));   /* too deep */
}

void test_htmlw_register(void)
{
    static const ut_test_t tests[] = {
        {"text and attributes escaped", test_escaping},
        {"elements, optional attributes, markup kept", test_elements},
        {"highlighted snippets", test_marked},
        {"misuse finishes no page", test_broken},
        {NULL, NULL}
    };

    ut_add_suite("fb_htmlw", NULL, NULL, NULL, NULL, tests);
}
