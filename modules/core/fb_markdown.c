/*
 * fb_markdown: markdown to HTML with cmark, under a nesting budget (see
 * fb_markdown.h).
 */
#include <stdlib.h>

#include <cmark.h>

#include "apr_strings.h"

#include "fb_markdown.h"

/* The columns a tab advances at most (CommonMark's tab stops). */
#define FB_MARKDOWN_TAB 4

/* The digits of an ordered list marker, at most (CommonMark's bound). */
#define FB_MARKDOWN_DIGITS 9

static int fb_markdown_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* What may follow a list marker: cmark takes a vertical tab or a form
 * feed too. */
static int fb_markdown_after_marker(char c)
{
    return fb_markdown_blank(c) || c == '\v' || c == '\f';
}

/*
 * Where the thematic break ending the line at s (n bytes) starts, if it
 * is one: a run of at least three "-", "*" or "_" with only spaces and
 * tabs among them.  n when there is none.  *mark is its character.
 */
static apr_size_t fb_markdown_break(const char *s, apr_size_t n, char *mark)
{
    apr_size_t i = n, start = n;
    int count = 0;

    while (i > 0 && fb_markdown_blank(s[i - 1])) {
        i--;
    }
    if (i == 0 || (s[i - 1] != '-' && s[i - 1] != '*' && s[i - 1] != '_')) {
        return n;
    }
    *mark = s[i - 1];
    for (; i > 0 && (s[i - 1] == *mark || fb_markdown_blank(s[i - 1])); i--) {
        if (s[i - 1] == *mark) {
            count++;
            start = i - 1;
        }
    }
    return count >= 3 ? start : n;
}

/*
 * The length of the list marker at s (n bytes left in the line) with the
 * space or line end after it, or 0 when there is none.
 */
static apr_size_t fb_markdown_marker(const char *s, apr_size_t n)
{
    apr_size_t i = 0;

    if (s[0] == '-' || s[0] == '+' || s[0] == '*') {
        i = 1;
    }
    else {
        while (i < n && i < FB_MARKDOWN_DIGITS && s[i] >= '0' && s[i] <= '9') {
            i++;
        }
        if (i == 0 || i >= n || (s[i] != '.' && s[i] != ')')) {
            return 0;
        }
        i++;
    }
    return i == n || fb_markdown_after_marker(s[i]) ? i : 0;
}

/*
 * The levels of HTML the containers of the line at s (n bytes) may nest:
 * its markers counted as levels, and the columns of white space among
 * them, or 0 when it starts with no marker (it opens nothing, and
 * continues no more than the line that opened what it continues).
 */
static int fb_markdown_line(const char *s, apr_size_t n)
{
    char mark = 0;
    apr_size_t i = 0, len, rule = fb_markdown_break(s, n, &mark);
    int levels = 0, columns = 0, markers = 0;

    while (i < n) {
        if (s[i] == ' ' || s[i] == '\v' || s[i] == '\f') {
            columns++;
            i++;
        }
        else if (s[i] == '\t') {
            columns += FB_MARKDOWN_TAB;     /* at most, to the next stop */
            i++;
        }
        else if (s[i] == '>') {
            levels++;
            markers = 1;
            i++;
        }
        else if (i >= rule && s[i] == mark) {
            break;      /* a thematic break, not a list */
        }
        else if ((len = fb_markdown_marker(s + i, n - i)) > 0) {
            levels += 2;
            markers = 1;
            i += len;
        }
        else {
            break;
        }
    }
    return markers ? levels + columns : 0;
}

int fb_markdown_nesting(const char *md, apr_size_t len)
{
    apr_size_t start = 0, end;
    int deepest = 0;

    for (start = 0; start < len; start = end + 1) {
        int levels;

        for (end = start; end < len && md[end] != '\n' && md[end] != '\r';
             end++) {
        }
        levels = fb_markdown_line(md + start, end - start);
        if (levels > deepest) {
            deepest = levels;
        }
    }
    return deepest;
}

const char *fb_markdown_html(apr_pool_t *p, const char *md, apr_size_t len)
{
    char *html;
    const char *copy;

    if (fb_markdown_nesting(md, len) > FB_MARKDOWN_MAX_NESTING) {
        return NULL;
    }
    html = cmark_markdown_to_html(md, len, CMARK_OPT_UNSAFE
                                           | CMARK_OPT_VALIDATE_UTF8);
    if (html == NULL) {
        return NULL;
    }
    copy = apr_pstrdup(p, html);
    free(html);
    return copy;
}
