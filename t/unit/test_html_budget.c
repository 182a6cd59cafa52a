/*
 * test_html_budget.c: the scan that refuses costly HTML before it is
 * parsed (fb_html_budget), and its limits seen through fb_html_sanitize.
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_html.h"
#include "fb_html_budget.h"
#include "unit.h"

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

/* The budget's verdict on html, and its estimate of nesting in *nesting. */
static fb_html_budget_e check(const char *html, int *nesting)
{
    fb_html_cost_t cost;
    fb_html_budget_e result = fb_html_budget_check(ut_pool, html,
                                                   strlen(html), &cost);

    if (nesting != NULL) {
        *nesting = cost.nesting;
    }
    return result;
}

/* Asserts the estimated nesting of html. */
static void check_nesting(const char *html, int want, int line)
{
    int nesting = -1;

    ut_assert_int(check(html, &nesting), FB_HTML_BUDGET_OK,
                  apr_psprintf(ut_pool, "budget(%.60s)", html), __FILE__,
                  line);
    ut_assert_int(nesting, want,
                  apr_psprintf(ut_pool, "nesting(%.60s)", html), __FILE__,
                  line);
}

#define CHECK_NESTING(html, want) check_nesting((html), (want), __LINE__)

/* Nesting just under the limit passes, one level more is refused. */
static void test_nesting_limit(void)
{
    int n = FB_HTML_MAX_NESTING;
    const char *under = apr_pstrcat(ut_pool, repeat("<div>", n), "x", NULL);
    const char *over = apr_pstrcat(ut_pool, repeat("<div>", n + 1), "x",
                                   NULL);
    const char *bold = apr_pstrcat(ut_pool, repeat("<b>", n), "x", NULL);

    UT_ASSERT_INT(check(under, NULL), FB_HTML_BUDGET_OK);
    UT_ASSERT_INT(check(over, NULL), FB_HTML_BUDGET_NESTING);
    UT_ASSERT_INT(check(bold, NULL), FB_HTML_BUDGET_OK);
    bold = apr_pstrcat(ut_pool, "<b>", bold, NULL);
    UT_ASSERT_INT(check(bold, NULL), FB_HTML_BUDGET_NESTING);
    /* The sanitizer refuses what the budget refuses, and only that. */
    CU_ASSERT_PTR_NOT_NULL(fb_html_sanitize(ut_pool, under, strlen(under)));
    CU_ASSERT_PTR_NULL(fb_html_sanitize(ut_pool, over, strlen(over)));
    CU_ASSERT_PTR_NULL(fb_html_text(ut_pool, over, strlen(over)));
}

/* Start tags in all: void ones count too. */
static void test_element_limit(void)
{
    int n = FB_HTML_MAX_ELEMENTS;
    const char *under = repeat("<br>", n);
    const char *over = repeat("<br>", n + 1);

    UT_ASSERT_INT(check(under, NULL), FB_HTML_BUDGET_OK);
    UT_ASSERT_INT(check(over, NULL), FB_HTML_BUDGET_ELEMENTS);
    CU_ASSERT_PTR_NOT_NULL(fb_html_sanitize(ut_pool, under, strlen(under)));
    CU_ASSERT_PTR_NULL(fb_html_sanitize(ut_pool, over, strlen(over)));
    /* End tags are not elements. */
    UT_ASSERT_INT(check(repeat("</p>", n + 1), NULL), FB_HTML_BUDGET_OK);
}

/* Attributes of one tag, as the tokenizer reads them. */
static void test_attribute_limit(void)
{
    int n = FB_HTML_MAX_ATTRIBUTES, i;
    const char *under = "<b", *over;

    for (i = 0; i < n; i++) {
        under = apr_psprintf(ut_pool, "%s a%d='x y z'", under, i);
    }
    over = apr_pstrcat(ut_pool, under, " last>x", NULL);
    under = apr_pstrcat(ut_pool, under, ">x", NULL);
    UT_ASSERT_INT(check(under, NULL), FB_HTML_BUDGET_OK);
    UT_ASSERT_INT(check(over, NULL), FB_HTML_BUDGET_ATTRIBUTES);
    CU_ASSERT_PTR_NOT_NULL(fb_html_sanitize(ut_pool, under, strlen(under)));
    CU_ASSERT_PTR_NULL(fb_html_sanitize(ut_pool, over, strlen(over)));
    /* Spread over many tags, attributes are not limited. */
    UT_ASSERT_INT(check(repeat("<i a b c d e f g h>x</i>", 100), NULL),
                  FB_HTML_BUDGET_OK);
    /* Names and values are read as the tokenizer does: "a=b" is one, a
     * quoted ">" does not end the tag, "/" separates. */
    over = apr_pstrcat(ut_pool, "<b", repeat(" a=b", n / 2),
                       " t='>'", repeat(" c/d", n / 4 + 1), ">", NULL);
    UT_ASSERT_INT(check(over, NULL), FB_HTML_BUDGET_ATTRIBUTES);
}

/* Real content, written loosely, is estimated as the parser nests it. */
static void test_implied_closes(void)
{
    CHECK_NESTING("<p>a<p>b<p>c<div>d</div>", 1);
    CHECK_NESTING("<ul><li>a<li>b<li><ul><li>c<li>d</ul><li>e</ul>", 4);
    CHECK_NESTING("<dl><dt>a<dd>b<dt>c<dd>d</dl>", 2);
    CHECK_NESTING("<h1>a<h2>b<h3>c", 1);
    CHECK_NESTING("<table><tr><td>1<td>2<tr><td>3<th>4</table>", 4);
    CHECK_NESTING("<table><tbody><tr><td>1</td></tr></tbody>"
                  "<tfoot><tr><td>2</table>", 5);
    CHECK_NESTING("<select><option>a<option>b<optgroup><option>c"
                  "<div>ignored</select>", 3);
    CHECK_NESTING("<b>x</b><i>y</i><em>z</em>", 1);
    CHECK_NESTING("<div><span><em>x</div><p>y", 3);
    CHECK_NESTING("<button>a<button>b", 1);
    /* Table parts outside a table, void elements: nothing opens. */
    CHECK_NESTING("<td>a<tr>b<br><img src=x><hr><input>", 0);
    /* A block closes an open paragraph, itself included. */
    CHECK_NESTING(repeat("<p>x<ul><li>y</ul>", 300), 2);
    /* Each <a> closes the one open. */
    CHECK_NESTING(repeat("<a href=x>y", 300), 1);
    CHECK_NESTING(repeat("<div><span><i>x</i></span></div>", 500), 3);
}

/* Markup whose elements stay open, whatever it looks like. */
static void test_costly_shapes(void)
{
    static const char *const shapes[] = {
        "<p><b></p>x",              /* formatting reopened */
        "<span><p></span></p>",     /* </span> stopped by the <p> */
        "<div><table></div></table>",   /* </div> out of scope */
        "<form><div></form>",       /* </form> leaves the <div> */
        "<b><table><td></b></td></table>",  /* cell boundary */
        "<b><table></b></table>",   /* </b> out of scope */
        "<li><dd>",                 /* lists of two kinds */
        "<svg><td>",                /* foreign: nothing implied */
        "<x-a><x-b/>",              /* "/>" does not close HTML */
        /* </template> closes the select in it, and <b> counts again. */
        "<template><select></template><b>",
    };
    apr_size_t i;

    for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        const char *html = repeat(shapes[i], FB_HTML_MAX_NESTING + 1);

        ut_assert_int(check(html, NULL), FB_HTML_BUDGET_NESTING,
                      apr_psprintf(ut_pool, "budget(%s x %d)", shapes[i],
                                   FB_HTML_MAX_NESTING + 1),
                      __FILE__, __LINE__);
    }
    /* gumbo 0.10 closes an unknown element with any unknown end tag. */
    CHECK_NESTING(repeat("<x></y>", 1000), 1);
}

/* What the tokenizer reads as text opens nothing. */
static void test_text(void)
{
    const char *divs = repeat("<div>", FB_HTML_MAX_NESTING + 1);

    CHECK_NESTING(apr_pstrcat(ut_pool, "<!-- ", divs, " -->x", NULL), 0);
    CHECK_NESTING(apr_pstrcat(ut_pool, "<!-- ", divs, " --!>x", NULL), 0);
    /* "<?" starts a bogus comment, which ends at the first ">". */
    CHECK_NESTING(apr_pstrcat(ut_pool, "<!DOCTYPE x><?php ", divs, NULL),
                  FB_HTML_MAX_NESTING);
    CHECK_NESTING(apr_pstrcat(ut_pool, "<style>", divs, "</style >x", NULL),
                  1);
    CHECK_NESTING(apr_pstrcat(ut_pool, "<textarea>", divs, "</textarea>",
                              NULL), 1);
    CHECK_NESTING(apr_pstrcat(ut_pool, "<plaintext>", divs, NULL), 1);
    CHECK_NESTING(apr_pstrcat(ut_pool, "<b title='", divs, "'>x</b>", NULL),
                  1);
    /* A script's text goes on past "</script>" in "<!--<script>". */
    CHECK_NESTING(apr_pstrcat(ut_pool, "<script><!--<script></script>",
                              divs, "</script>x", NULL), 1);
    UT_ASSERT_INT(check(apr_pstrcat(ut_pool, "<script><!--</script>", divs,
                                    NULL), NULL),
                  FB_HTML_BUDGET_NESTING);
    /* A CDATA section is text in SVG, a bogus comment (to the first ">",
     * in the first <div>) in HTML. */
    CHECK_NESTING(apr_pstrcat(ut_pool, "<svg><![CDATA[", divs,
                              "]]></svg>", NULL), 1);
    CHECK_NESTING(apr_pstrcat(ut_pool, "<![CDATA[", divs, "]]>", NULL),
                  FB_HTML_MAX_NESTING);
    /* End tags in text close nothing. */
    UT_ASSERT_INT(check(repeat("<div><!--</div>-->", 300), NULL),
                  FB_HTML_BUDGET_NESTING);
    UT_ASSERT_INT(check(repeat("<div title='</div>'>", 300), NULL),
                  FB_HTML_BUDGET_NESTING);
}

/* Point 10 of issue 12: 480 KB of nested <b> is refused by the scan. */
static void test_nested_b(void)
{
    const char *html = apr_pstrcat(ut_pool, repeat("<b>", 160000), "x",
                                   NULL);
    fb_html_cost_t cost;

    UT_ASSERT_INT(fb_html_budget_check(ut_pool, html, strlen(html), &cost),
                  FB_HTML_BUDGET_NESTING);
    /* It stopped at the tag that went over. */
    UT_ASSERT_INT(cost.elements, FB_HTML_MAX_NESTING + 1);
    CU_ASSERT_PTR_NULL(fb_html_sanitize(ut_pool, html, strlen(html)));
}

void test_html_budget_register(void)
{
    static const ut_test_t tests[] = {
        {"nesting limit", test_nesting_limit},
        {"element limit", test_element_limit},
        {"attribute limit", test_attribute_limit},
        {"implied closes of loose markup", test_implied_closes},
        {"costly shapes are refused", test_costly_shapes},
        {"text opens nothing", test_text},
        {"480 KB of nested <b>", test_nested_b},
        {NULL, NULL}
    };

    ut_add_suite("fb_html_budget", NULL, NULL, NULL, NULL, tests);
}
