/*
 * test_html.c: the HTML sanitizer (fb_html).
 *
 * Every case also checks that the output is valid UTF-8 and that
 * sanitizing it again gives it back unchanged.
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_html.h"
#include "fb_html_budget.h"
#include "fb_utf8.h"
#include "unit.h"

/* An input and the sanitized HTML expected from it. */
typedef struct {
    const char *in;
    const char *out;
} html_case_t;

#define REL " rel=\"nofollow noopener noreferrer\""

/* Sanitizes in and compares with want; then checks idempotence. */
static void check_html(const char *in, const char *want, int line)
{
    const char *out = fb_html_sanitize(ut_pool, in, strlen(in));
    const char *again;

    ut_assert_str(out, want, apr_psprintf(ut_pool, "sanitize(%s)", in),
                  __FILE__, line);
    if (out == NULL) {
        return;
    }
    ut_assert_int(fb_utf8_valid(out, strlen(out)), 1,
                  apr_psprintf(ut_pool, "valid UTF-8 of sanitize(%s)", in),
                  __FILE__, line);
    again = fb_html_sanitize(ut_pool, out, strlen(out));
    ut_assert_str(again, out, apr_psprintf(ut_pool, "sanitize(%s)", out),
                  __FILE__, line);
}

#define CHECK_CASES(cases) \
    do { \
        apr_size_t i_; \
        for (i_ = 0; i_ < sizeof(cases) / sizeof(cases[0]); i_++) { \
            check_html(cases[i_].in, cases[i_].out, __LINE__); \
        } \
    } while (0)

static void test_allowed_elements(void)
{
    static const html_case_t cases[] = {
        {"<p>a</p>", "<p>a</p>"},
        {"a<br>b<br/>c</br>", "a<br>b<br>c<br>"},
        {"<strong>a</strong><em>b</em><b>c</b><i>d</i><u>e</u><s>f</s>"
         "<code>g</code>",
         "<strong>a</strong><em>b</em><b>c</b><i>d</i><u>e</u><s>f</s>"
         "<code>g</code>"},
        {"<pre>a\n  <b>b</b></pre>", "<pre>a\n  <b>b</b></pre>"},
        {"<blockquote><p>q</p></blockquote>",
         "<blockquote><p>q</p></blockquote>"},
        {"<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>",
         "<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>"},
        {"<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4>",
         "<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4>"},
        /* h5 and h6 stay headings, as the smallest allowed one. */
        {"<h5>5</h5><h6 id=\"x\">6</h6>", "<h4>5</h4><h4>6</h4>"},
        {"<p>a<h6>b</h6>c", "<p>a</p><h4>b</h4>c"},
        {"<h5>a<h6>b</h6></h5>", "<h4>a</h4><h4>b</h4>"},
        {"<a href=\"https://example.com/\">x</a>",
         "<a href=\"https://example.com/\"" REL ">x</a>"},
        {"<a href=\"http://example.com/a?b=1&amp;c=2#d\">x</a>",
         "<a href=\"http://example.com/a?b=1&amp;c=2#d\"" REL ">x</a>"},
        {"<a href=\"mailto:me@example.com\">m</a>",
         "<a href=\"mailto:me@example.com\"" REL ">m</a>"},
        {"<img src=\"https://example.com/a.png\" alt=\"A &quot;b&quot;\">",
         "<img src=\"https://example.com/a.png\" alt=\"A &quot;b&quot;\">"},
        {"<img src=\"http://example.com/a.png\" alt=\"\">",
         "<img src=\"http://example.com/a.png\" alt=\"\">"},
        {"<image src=\"https://example.com/i.png\">",
         "<img src=\"https://example.com/i.png\">"},
        {"a<hr>b<hr/>", "a<hr>b<hr>"},
        {"<table><thead><tr><th>h</th></tr></thead>"
         "<tbody><tr><td>1</td></tr></tbody>"
         "<tfoot><tr><td>f</td></tr></tfoot></table>",
         "<table><thead><tr><th>h</th></tr></thead>"
         "<tbody><tr><td>1</td></tr></tbody>"
         "<tfoot><tr><td>f</td></tr></tfoot></table>"},
        {"<table>\n <tr>\n  <td>1</td>\n </tr>\n</table>",
         "<table>\n <tbody><tr>\n  <td>1</td>\n </tr>\n</tbody></table>"},
    };

    CHECK_CASES(cases);
}

static void test_attributes(void)
{
    static const html_case_t cases[] = {
        {"<p class=\"c\" id=\"i\" style=\"color:red\" onclick=\"x()\" "
         "data-x=\"1\" title=\"t\" dir=\"rtl\">t</p>", "<p>t</p>"},
        {"<b onmouseover=alert(1)>b</b>", "<b>b</b>"},
        {"<a href=\"https://e.example/\" rel=\"opener\" target=\"_blank\" "
         "title=\"t\" onclick=\"alert(1)\">x</a>",
         "<a href=\"https://e.example/\"" REL ">x</a>"},
        {"<img src=\"https://e.example/a.png\" width=\"1\" height=\"1\" "
         "onerror=\"alert(1)\" style=\"x\" title=\"t\">",
         "<img src=\"https://e.example/a.png\">"},
        {"<img alt=\"a\" src=\"https://e.example/a.png\">",
         "<img src=\"https://e.example/a.png\" alt=\"a\">"},
        {"<table><tr><td colspan=\"2\" rowspan=\"3\" class=\"c\">1</td>"
         "<th colspan=\" 007 \" rowspan=\"65534\">2</th></tr></table>",
         "<table><tbody><tr><td colspan=\"2\" rowspan=\"3\">1</td>"
         "<th colspan=\"7\" rowspan=\"65534\">2</th></tr></tbody></table>"},
        {"<table><tr><td colspan=\"0\" rowspan=\"65535\">1</td>"
         "<td colspan=\"1001\" rowspan=\"-1\">2</td>"
         "<td colspan=\"+2\" rowspan=\"2.5\">3</td>"
         "<td colspan=\"x\" rowspan=\"\">4</td></tr></table>",
         "<table><tbody><tr><td>1</td><td>2</td><td>3</td><td>4</td>"
         "</tr></tbody></table>"},
        {"<table width=\"1\" border=\"1\"><tr style=\"x\"><td>1</td></tr>"
         "</table>",
         "<table><tbody><tr><td>1</td></tr></tbody></table>"},
        {"<p title='a\"b'>x</p>", "<p>x</p>"},
        {"<a href=\"https://e.example/?q=&quot;&gt;&lt;script&gt;\">x</a>",
         "<a href=\"https://e.example/?q=&quot;&gt;&lt;script&gt;\"" REL
         ">x</a>"},
        {"<a href=\"https://e.example/\" href=\"javascript:alert(1)\">x</a>",
         "<a href=\"https://e.example/\"" REL ">x</a>"},
        {"<a href=\"javascript:alert(1)\" href=\"https://e.example/\">x</a>",
         "x"},
    };

    CHECK_CASES(cases);
}

static void test_urls(void)
{
    static const html_case_t cases[] = {
        /* Cleaned: outer spaces and controls, inner tabs and breaks. */
        {"<a href=\"  https://e.example/ \">x</a>",
         "<a href=\"https://e.example/\"" REL ">x</a>"},
        {"<a href=\"&#1;https://e.example/&#x1F; \">x</a>",
         "<a href=\"https://e.example/\"" REL ">x</a>"},
        {"<a href=\"ht\ttp://e.exa\nmple/\">x</a>",
         "<a href=\"http://e.example/\"" REL ">x</a>"},
        {"<a href=\"HTTPS://E.EXAMPLE/\">x</a>",
         "<a href=\"HTTPS://E.EXAMPLE/\"" REL ">x</a>"},
        {"<a href=\"MailTo:a@e.example\">x</a>",
         "<a href=\"MailTo:a@e.example\"" REL ">x</a>"},
        {"<a href=\"https://e.example/caf\xc3\xa9\">x</a>",
         "<a href=\"https://e.example/caf\xc3\xa9\"" REL ">x</a>"},
        /* Refused: the link is unwrapped. */
        {"<a href=\"/relative\">x</a>", "x"},
        {"<a href=\"relative.html\">x</a>", "x"},
        {"<a href=\"#top\">x</a>", "x"},
        {"<a href=\"?q=1\">x</a>", "x"},
        {"<a href=\"//evil.example/\">x</a>", "x"},
        {"<a href=\"\">x</a>", "x"},
        {"<a>x</a>", "x"},
        {"<a name=\"n\">x</a>", "x"},
        {"<a href=\"http:\">x</a>", "x"},
        {"<a href=\"https:///x\">x</a>", "x"},
        {"<a href=\"https:e.example\">x</a>", "x"},
        {"<a href=\"mailto:\">x</a>", "x"},
        {"<a href=\"ftp://e.example/\">x</a>", "x"},
        {"<a href=\"https://e.example/&#1;x\">x</a>", "x"},
        /* Raw controls are read as U+FFFD: no scheme, or kept so. */
        {"<a href=\"\x01https://e.example/\">x</a>", "x"},
        {"<a href=\"https://e.example/\x01x\">x</a>",
         "<a href=\"https://e.example/\xef\xbf\xbdx\"" REL ">x</a>"},
        {"<a href=\"https://e.example/&#x81;&#xFFFE;\">x</a>",
         "<a href=\"https://e.example/\xef\xbf\xbd\xef\xbf\xbd\"" REL
         ">x</a>"},
        {"<a href=\"https://e.example/&#127;\">x</a>", "x"},
        /* img: http and https only. */
        {"<img src=\"mailto:a@e.example\">", ""},
        {"<img src=\"/a.png\">", ""},
        {"<img src=\"//evil.example/a.png\">", ""},
        {"<img src=\"a.png\" alt=\"kept?\">", ""},
        {"<img alt=\"no src\">", ""},
    };

    CHECK_CASES(cases);
}

static void test_xss(void)
{
    static const html_case_t cases[] = {
        {"<img src=x onerror=alert(1)>", ""},
        {"<img src=\"javascript:alert(1)\">", ""},
        {"<img src=\"data:image/png;base64,iVBORw0KGgo=\">", ""},
        {"<img src=\"https://e.example/a.png\" onerror=\"alert(1)\">",
         "<img src=\"https://e.example/a.png\">"},
        {"<a href=\"javascript:alert(1)\">t</a>", "t"},
        {"<a href=\"JaVaScRiPt:alert(1)\">t</a>", "t"},
        {"<a href=\"&#106;avascript:alert(1)\">t</a>", "t"},
        {"<a href=\"&#x6A;avascript&#x3A;alert(1)\">t</a>", "t"},
        {"<a href=\"&#0000106&#0000097vascript:alert(1)\">t</a>", "t"},
        {"<a href=\"javascript&colon;alert(1)\">t</a>", "t"},
        {"<a href=\" javascript:alert(1)\">t</a>", "t"},
        {"<a href=\"\x01\x02javascript:alert(1)\">t</a>", "t"},
        {"<a href=\"java\tscript:alert(1)\">t</a>", "t"},
        {"<a href=\"java&#9;script:alert(1)\">t</a>", "t"},
        {"<a href=\"java\nscript:alert(1)\">t</a>", "t"},
        {"<a href=\"java&#x0A;script:alert(1)\">t</a>", "t"},
        {"<a href=\"java\x01script:alert(1)\">t</a>", "t"},
        {"<a href=\"vbscript:msgbox(1)\">t</a>", "t"},
        {"<a href=\"data:text/html;base64,PHNjcmlwdD4=\">t</a>", "t"},
        {"<a href=\"\xc2\xa0javascript:alert(1)\">t</a>", "t"},
        {"<a href=javascript:alert(1)>t</a>", "t"},
        {"<svg onload=alert(1)><circle r=\"1\"/></svg>x", "x"},
        {"<svg><a href=\"https://e.example/\">t</a></svg>", ""},
        {"<math><mi><a href=\"https://e.example/\">t</a></mi></math>", ""},
        {"<script>alert(1)</script>", ""},
        {"<SCRIPT SRC=https://e.example/x.js></SCRIPT>ok", "ok"},
        {"<style>p{color:red}</style>p", "p"},
        {"<p style=\"background:url(javascript:alert(1))\">s</p>",
         "<p>s</p>"},
        {"<div onmouseover=\"alert(1)\">d</div>", "d"},
        {"<body onload=alert(1)>b", "b"},
        {"<iframe src=\"https://e.example/\">text</iframe>", ""},
        {"<object data=\"x.swf\">fallback</object>", ""},
        {"<embed src=\"x.swf\">", ""},
        {"<applet code=\"x\">a</applet>", ""},
        {"<noscript><p>n</p></noscript>", ""},
        {"<noembed><img src=x onerror=alert(1)></noembed>", ""},
        {"<template><p>t</p></template>", ""},
        {"<textarea>t</textarea><select><option>o</option></select>", ""},
        {"<form action=\"javascript:x\"><input type=\"submit\">"
         "<button>b</button>t</form>", "t"},
        {"<title>t</title><base href=\"javascript:x\">"
         "<meta http-equiv=\"refresh\" content=\"0;url=javascript:x\">"
         "<link rel=\"stylesheet\" href=\"x\">", ""},
        {"<frameset><frame src=\"x\"></frameset><noframes>n</noframes>", ""},
        {"<!-- c -->x<!DOCTYPE html><?php echo 1; ?><![CDATA[y]]>",
         "x"},
        {"<!--<script>alert(1)</script>-->", ""},
        {"<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"},
        {"<<script>alert(1)//<</script>", "&lt;"},
        {"\"><script>alert(1)</script>", "\"&gt;"},
        {"<xmp><script>alert(1)</script></xmp>",
         "&lt;script&gt;alert(1)&lt;/script&gt;"},
        {"<plaintext><b>x", "&lt;b&gt;x"},
    };

    CHECK_CASES(cases);
}

static void test_unwrapped(void)
{
    static const html_case_t cases[] = {
        {"<div>hi</div>", "hi"},
        {"<span class=\"x\">a</span>b", "ab"},
        {"<div><p>a</p><span>b</span></div>", "<p>a</p>b"},
        {"<font color=\"red\"><center>c</center></font>", "c"},
        {"<dl><dt>t</dt><dd>d</dd></dl>", "td"},
        {"<custom-element>c</custom-element>", "c"},
        {"<section><article><nav>n</nav></article></section>", "n"},
        {"<video src=\"x\">fallback</video>", "fallback"},
        {"<table><caption>Cap</caption><tr><td>1</td></tr></table>",
         "Cap<table><tbody><tr><td>1</td></tr></tbody></table>"},
        {"<table><colgroup><col></colgroup><form><input type=\"hidden\">"
         "</form><tr><td>1</td></tr></table>",
         "<table><tbody><tr><td>1</td></tr></tbody></table>"},
        {"<td>x</td>", "x"},
        {"<tr><td>x</td></tr>", "x"},
    };

    CHECK_CASES(cases);
}

static void test_nesting(void)
{
    static const html_case_t cases[] = {
        /* What the parser repairs. */
        {"<b><i>x</b>y</i>", "<b><i>x</i></b><i>y</i>"},
        {"<b>x", "<b>x</b>"},
        {"x</b></i>", "x"},
        {"</p>", "<p></p>"},
        {"<p>a<p>b", "<p>a</p><p>b</p>"},
        {"<ul><li>a<li>b</ul>", "<ul><li>a</li><li>b</li></ul>"},
        {"<p>a<ul><li>b</li></ul>", "<p>a</p><ul><li>b</li></ul>"},
        {"<p>a<table><tr><td>x</td></tr></table>",
         "<p>a</p><table><tbody><tr><td>x</td></tr></tbody></table>"},
        {"<p>x<hr>y</p>", "<p>x</p><hr>y<p></p>"},
        {"<h1>a<h2>b</h2>", "<h1>a</h1><h2>b</h2>"},
        {"<table><td>x</table>",
         "<table><tbody><tr><td>x</td></tr></tbody></table>"},
        {"<table>t<tr><td>1</td></tr></table>",
         "t<table><tbody><tr><td>1</td></tr></tbody></table>"},
        {"<a href=\"https://a.example/\">1<a href=\"https://b.example/\">2",
         "<a href=\"https://a.example/\"" REL ">1</a>"
         "<a href=\"https://b.example/\"" REL ">2</a>"},
        {"<a href=\"https://a.example/\">x<table><tr><td>"
         "<a href=\"https://b.example/\">y</a></td></tr></table></a>",
         "<a href=\"https://a.example/\"" REL ">x<table><tbody><tr><td>"
         "<a href=\"https://b.example/\"" REL ">y</a></td></tr></tbody>"
         "</table></a>"},
        /* What dropping a tag would leave for the parser to rebuild. */
        {"<p>a<marquee><ul><li>x</li></ul></marquee>b</p>", "<p>axb</p>"},
        {"<p>a<marquee><p>x</p><hr><h1>h</h1></marquee>b</p>",
         "<p>axhb</p>"},
        {"<h1>a<span><h2>b</h2></span></h1>", "<h1>ab</h1>"},
        {"<h1>a<b><h2>b</h2></b></h1>", "<h1>a<b><h2>b</h2></b></h1>"},
        {"<li>a<section><li>b</li></section></li>", "<li>ab</li>"},
        {"<li>a<b><section><li>b</li></section></b></li>",
         "<li>a<b>b</b></li>"},
        {"<li>a<blockquote><li>b</li></blockquote></li>",
         "<li>a<blockquote><li>b</li></blockquote></li>"},
        {"<a href=\"https://a.example/\">x<marquee>"
         "<a href=\"https://b.example/\">y</a></marquee></a>",
         "<a href=\"https://a.example/\"" REL ">xy</a>"},
        {"<p><table><caption><p>c</p></caption></table>",
         "<p></p><p>c</p><table></table>"},
        /* A line feed just after <pre> is dropped by the parser. */
        {"<pre>\nx</pre>", "<pre>x</pre>"},
        {"<pre>\n\nx</pre>", "<pre>\n\nx</pre>"},
        {"<pre><span>\nx</span></pre>", "<pre>\n\nx</pre>"},
        {"<pre><script></script>\nx</pre>", "<pre>\n\nx</pre>"},
    };

    CHECK_CASES(cases);
}

static void test_text(void)
{
    static const html_case_t cases[] = {
        {"", ""},
        {"plain text", "plain text"},
        {"   ", "   "},
        {"\n\t \n", "\n\t \n"},
        {"a &amp; b", "a &amp; b"},
        {"&lt;script&gt;alert(1)&lt;/script&gt;",
         "&lt;script&gt;alert(1)&lt;/script&gt;"},
        {"1 < 2 > 0 & 3", "1 &lt; 2 &gt; 0 &amp; 3"},
        {"&unknown; &amp", "&amp;unknown; &amp;"},
        {"\"double\" 'single'", "\"double\" 'single'"},
        {"caf&eacute; &#x1F600; &#233;&nbsp;!",
         "caf\xc3\xa9 \xf0\x9f\x98\x80 \xc3\xa9\xc2\xa0!"},
        {"\xe6\x97\xa5\xe6\x9c\xac <b>\xc3\xbcn\xc3\xaf" "c\xc3\xb6"
         "d\xc3\xa9</b> \xf0\x9f\x98\x80",
         "\xe6\x97\xa5\xe6\x9c\xac <b>\xc3\xbcn\xc3\xaf" "c\xc3\xb6"
         "d\xc3\xa9</b> \xf0\x9f\x98\x80"},
        {"&#0;&#xD800;&#x110000;",
         "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"},
        {"a\r\nb\rc", "a\nb\nc"},
        /* What the parser reads raw, written as it would read it. */
        {"a\x01" "b\x7f" "c\xc2\x85" "d\xef\xbf\xbe",
         "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xef\xbf\xbd" "d\xef\xbf\xbd"},
        {"a&#1;b&#x7F;c&#x81;d&#xFDD0;e&#x1FFFF;f&#13;g",
         "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xef\xbf\xbd" "d\xef\xbf\xbd"
         "e\xef\xbf\xbd" "f\ng"},
        {"&#128;&#x9F;", "\xe2\x82\xac\xc5\xb8"},
        {"<img src=\"https://e.example/a.png\" alt=\"a&#13;&#2;b\">",
         "<img src=\"https://e.example/a.png\" alt=\"a\n\xef\xbf\xbd" "b\">"},
        {"<pre>&#13;x</pre>", "<pre>\n\nx</pre>"},
        {"<table>&#13;<tr><td>1</td></tr></table>",
         "<table>\n<tbody><tr><td>1</td></tr></tbody></table>"},
        {"<p>  a  </p>", "<p>  a  </p>"},
    };

    CHECK_CASES(cases);
}

/* len bytes, not NUL-terminated: the input is read up to len only. */
static void test_length(void)
{
    const char *in = "<b>bold</b><script>x";

    UT_ASSERT_STR(fb_html_sanitize(ut_pool, in, 11), "<b>bold</b>");
    UT_ASSERT_STR(fb_html_sanitize(ut_pool, in, 5), "<b>bo</b>");
    UT_ASSERT_STR(fb_html_text(ut_pool, in, 11), "bold");
    UT_ASSERT_STR(fb_html_sanitize(ut_pool, in, 0), "");
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

static void test_depth(void)
{
    int n = FB_HTML_MAX_DEPTH;
    const char *in = apr_pstrcat(ut_pool, repeat("<blockquote>", n + 10),
                                 "x", NULL);
    const char *want = apr_pstrcat(ut_pool, repeat("<blockquote>", n), "x",
                                   repeat("</blockquote>", n), NULL);
    const char *tables = apr_pstrcat(ut_pool,
                                     repeat("<table><tr><td>", n), "x",
                                     NULL);
    const char *cell = "<table><tbody><tr><td>";
    const char *end = "</td></tr></tbody></table>";

    check_html(in, want, __LINE__);
    /* A table needs room for its section, row and cell. */
    want = apr_pstrcat(ut_pool, repeat(cell, n / 4), "x",
                       repeat(end, n / 4), NULL);
    check_html(tables, want, __LINE__);
    /* Past the depth, void elements are still written. */
    in = apr_pstrcat(ut_pool, repeat("<b>", n + 1), "x<br>y", NULL);
    want = apr_pstrcat(ut_pool, repeat("<b>", n), "x<br>y",
                       repeat("</b>", n), NULL);
    check_html(in, want, __LINE__);
}

static void test_limits(void)
{
    apr_pool_t *p = ut_pool;
    char *bomb, *attrs;
    apr_size_t len;
    int i;

    /*
     * 200 formatting elements reopened in each of 2000 paragraphs: 400,000
     * elements from 18 KB, which the scan of fb_html_budget lets through
     * (it bounds nesting, not the copies the parser makes): the memory
     * limit refuses them.
     */
    bomb = "<p>";
    for (i = 0; i < 200; i++) {
        bomb = apr_psprintf(p, "%s<b id=%d>", bomb, i);
    }
    bomb = apr_pstrcat(p, bomb, repeat("</p><p>x", 2000), NULL);
    UT_ASSERT_INT(fb_html_budget_check(p, bomb, strlen(bomb), NULL),
                  FB_HTML_BUDGET_OK);
    CU_ASSERT_PTR_NULL(fb_html_sanitize(p, bomb, strlen(bomb)));
    CU_ASSERT_PTR_NULL(fb_html_text(p, bomb, strlen(bomb)));

    /* 100000 attributes on one tag: minutes of duplicate checks (the
     * scan refuses them, see test_html_budget.c). */
    attrs = apr_palloc(p, 100000 * 8 + 16);
    len = (apr_size_t)sprintf(attrs, "<b");
    for (i = 0; i < 100000; i++) {
        len += (apr_size_t)sprintf(attrs + len, " a%d", i);
    }
    strcpy(attrs + len, ">x");
    CU_ASSERT_PTR_NULL(fb_html_sanitize(p, attrs, strlen(attrs)));

    /* Ordinary content well within the limits. */
    bomb = repeat("<p>Some <b>bold</b> and <a href=\"https://e.example/\">"
                  "a link</a>.</p>\n<ul><li>one</li><li>two</li></ul>\n",
                  500);
    check_html(bomb, repeat("<p>Some <b>bold</b> and "
                            "<a href=\"https://e.example/\"" REL ">a link"
                            "</a>.</p>\n<ul><li>one</li><li>two</li></ul>"
                            "\n", 500), __LINE__);
}

static void test_plain_text(void)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"", ""},
        {"   \n ", ""},
        {"plain", "plain"},
        {"<p>Hello <b>world</b></p><p>again</p>", "Hello world again"},
        {"a<br>b", "a b"},
        {"wo<b>r</b><span>d</span>", "word"},
        {"<div>a</div><div>b</div>", "a b"},
        {"  lots   of\n\twhite space  ", "lots of white space"},
        {"&amp; &lt;b&gt; caf&eacute;", "& <b> caf\xc3\xa9"},
        {"x&nbsp;&nbsp;y\xe3\x80\x80z\xe2\x80\x83w", "x y z w"},
        {"<script>x</script><style>y</style>z<!-- c -->", "z"},
        {"<ul><li>one</li><li>two</li></ul>", "one two"},
        {"<table><tr><td>1</td><td>2</td></tr></table>", "1 2"},
        {"<img src=\"https://e.example/a.png\" alt=\"pic\">", ""},
        {"<a href=\"javascript:x\">link</a> text", "link text"},
        {"<svg><text>s</text></svg>t", "t"},
        {"\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",
         "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *in = cases[i].in;

        ut_assert_str(fb_html_text(ut_pool, in, strlen(in)), cases[i].out,
                      apr_psprintf(ut_pool, "text(%s)", in), __FILE__,
                      __LINE__);
    }
}

/*
 * Tag soup from a fixed seed: sanitizing is idempotent and its output
 * valid UTF-8.  The vocabulary leans on the tags whose start closes or
 * reopens others, and on the ones that are dropped or unwrapped.
 */
static void test_soup(void)
{
    static const char *const vocab[] = {
        "<p>", "</p>", "<b>", "</b>", "<i>", "</i>", "<em>", "</strong>",
        "<a href=https://x.example/>", "<a href=javascript:x>", "</a>",
        "<li>", "</li>", "<ul>", "</ul>", "<ol>", "<h1>", "</h1>", "<h2>",
        "<h4>", "<span>", "</span>", "<div>", "</div>", "<section>",
        "<button>", "<marquee>", "</marquee>", "<table>", "</table>",
        "<tr>", "<td>", "</td>", "<th>", "<caption>", "</caption>",
        "<tbody>", "<colgroup>", "<pre>", "</pre>", "\n", "x", " ",
        "<br>", "<hr>", "<img src=https://x.example/i.png>",
        "<blockquote>", "</blockquote>", "<code>", "<u>", "<s>", "<svg>",
        "<math>", "<script>", "</script>", "<style>", "<!--", "-->",
        "<select>", "<option>", "<textarea>", "</textarea>", "<object>",
        "<template>", "<form>", "<font>", "<nobr>", "<xmp>", "<dl>",
        "<dd>", "<center>", "<applet>", "&amp;", "&lt;b&gt;", "<listing>",
        "\xc2\xa0", "<details>", "<figure>", "<td colspan=3>", "<tfoot>",
        "&#1;", "&#13;", "\r", "&#x81;", "&#xFFFE;", "&#0;",
    };
    const int n = (int)(sizeof(vocab) / sizeof(vocab[0]));
    apr_uint32_t seed = 12345;
    int k, j, failures = 0;

    for (k = 0; k < 3000 && failures < 5; k++) {
        apr_pool_t *p;
        const char *in = "", *once, *twice;
        int len;

        apr_pool_create(&p, ut_pool);
        seed = seed * 1103515245 + 12345;
        len = (int)(seed >> 16) % (k % 2 ? 40 : 10) + 1;
        for (j = 0; j < len; j++) {
            seed = seed * 1103515245 + 12345;
            in = apr_pstrcat(p, in, vocab[(seed >> 16) % (apr_uint32_t)n],
                             NULL);
        }
        once = fb_html_sanitize(p, in, strlen(in));
        CU_ASSERT_PTR_NOT_NULL_FATAL(once);
        twice = fb_html_sanitize(p, once, strlen(once));
        if (!ut_assert_str(twice, once,
                           apr_psprintf(ut_pool, "sanitize twice (%s)", in),
                           __FILE__, __LINE__)
            || !ut_assert_int(fb_utf8_valid(once, strlen(once)), 1,
                              "valid UTF-8", __FILE__, __LINE__)) {
            failures++;
        }
        apr_pool_destroy(p);
    }
}

void test_html_register(void)
{
    static const ut_test_t tests[] = {
        {"allowed elements", test_allowed_elements},
        {"attributes", test_attributes},
        {"URLs", test_urls},
        {"XSS vectors", test_xss},
        {"unwrapped and dropped elements", test_unwrapped},
        {"nesting repaired, read back the same", test_nesting},
        {"text and entities", test_text},
        {"input length", test_length},
        {"depth", test_depth},
        {"parse limits", test_limits},
        {"plain text", test_plain_text},
        {"tag soup is sanitized idempotently", test_soup},
        {NULL, NULL}
    };

    ut_add_suite("fb_html", NULL, NULL, NULL, NULL, tests);
}
