/*
 * test_query.c: query string parsing, rule checks and getters (fb_query).
 */
#include <stdlib.h>
#include <string.h>

#include <apr_strings.h>

#include "fb_query.h"
#include "unit.h"

static const char *const orders[] = {"newest", "oldest", NULL};

/* A list route's rules: the shared page rules and some of its own. */
static const fb_query_rule_t rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "order", .type = FB_Q_ENUM, .choices = orders},
    {.name = "archived", .type = FB_Q_BOOL},
    {.name = "tags", .type = FB_Q_LIST, .min = 1, .max = 5},
    {.name = "q", .type = FB_Q_STRING, .min = 1, .max = 10},
    {.name = "sorts", .type = FB_Q_LIST, .min = 1, .max = 10,
     .choices = orders},
    {.name = NULL}
};

/* Parses args into ut_pool, asserting that the parse succeeds. */
static fb_query_t parsed(const char *args)
{
    fb_query_t q = {NULL};
    fb_error_t *err = fb_query_parse(ut_pool, args, &q);

    if (err != NULL) {
        UT_ASSERT_STR(args, "(parsed)");
    }
    return q;
}

/* The items of a list, joined by '|', for comparison. */
static const char *joined(const apr_array_header_t *items)
{
    const char *s = "";
    int i;

    for (i = 0; i < items->nelts; i++) {
        s = apr_pstrcat(ut_pool, s, i ? "|" : "",
                        APR_ARRAY_IDX(items, i, const char *), NULL);
    }
    return s;
}

static void test_list_forms(void)
{
    static const struct {
        const char *args;
        const char *items;  /* the items of "a", joined by '|' */
    } cases[] = {
        {"a=x&a=y", "x|y"},
        {"a=x,y", "x|y"},
        {"a=x%2Cy", "x|y"},
        {"a=x%2cy", "x|y"},
        {"a[]=x&a[]=y", "x|y"},
        {"a%5B%5D=x&a%5b%5d=y", "x|y"},
        {"a=x&a[]=y,z&b=w", "x|y|z"},
        {"a=x,,y,", "x|y"},
        {"a=,", ""},
        {"a=", ""},
        {"a", ""},
        {"b=x", ""},
        {"a=x+y", "x y"},
        {"ab=x&a=y", "y"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_query_t q = parsed(cases[i].args);

        if (q.values != NULL
            && !UT_ASSERT_STR(joined(fb_query_list(ut_pool, &q, "a")),
                              cases[i].items)) {
            UT_ASSERT_STR(cases[i].args, "(listed right)");
        }
    }
}

static void test_decoding(void)
{
    static const struct {
        const char *args, *name, *value;    /* value NULL: absent */
    } cases[] = {
        {"q=hello+world", "q", "hello world"},
        {"q=a%20b%26c%3Dd%2B", "q", "a b&c=d+"},
        {"q=%C3%A9", "q", "\xc3\xa9"},
        {"q%20x=1", "q x", "1"},
        {"q+x=1", "q x", "1"},
        {"q", "q", ""},
        {"q=", "q", ""},
        {"q=a=b", "q", "a=b"},
        {"&&q=1&&", "q", "1"},
        {"q[]=1", "q", "1"},
        {"q[]=1", "q[]", NULL},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_query_t q = parsed(cases[i].args);

        if (q.values != NULL
            && !UT_ASSERT_STR(fb_query_get(&q, cases[i].name),
                              cases[i].value)) {
            UT_ASSERT_STR(cases[i].args, "(decoded right)");
        }
    }
}

static void test_empty(void)
{
    static const char *const args[] = {NULL, "", "&", "&&", "=x", "=", "&=&"};
    apr_size_t i;

    for (i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
        fb_query_t q = parsed(args[i]);

        CU_ASSERT_PTR_NOT_NULL_FATAL(q.values);
        UT_ASSERT_INT(apr_table_elts(q.values)->nelts, 0);
        CU_ASSERT_PTR_NULL(fb_query_check(ut_pool, &q, rules));
    }
}

static void test_bad_escape(void)
{
    static const char *const args[] = {
        "q=%zz", "q=%4", "q=%", "q=%4g", "q=%00", "q=a%00b", "%00=1",
        "a=1&q%=1", "a=1&q=%0",
    };
    apr_size_t i;

    for (i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
        fb_query_t q = {NULL};
        fb_error_t *err = fb_query_parse(ut_pool, args[i], &q);

        if (!UT_ASSERT_ERROR(err, FB_E_INVALID_REQUEST, NULL)) {
            UT_ASSERT_STR(args[i], "(refused)");
        }
    }
}

/* A NUL is named as what it is, not as a malformed escape; a malformed
 * escape keeps its own message. */
static void test_nul_named(void)
{
    static const struct {
        const char *args;
        const char *says;
    } cases[] = {
        {"q=a%00b", "NUL"},
        {"%00=1", "NUL"},
        {"a=1&q=%00", "NUL"},
        {"q=a%zzb", "malformed escape"},
        {"q=%0", "malformed escape"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_query_t q = {NULL};
        fb_error_t *err = fb_query_parse(ut_pool, cases[i].args, &q);

        if (UT_ASSERT_ERROR(err, FB_E_INVALID_REQUEST, NULL)) {
            CU_ASSERT_PTR_NOT_NULL(strstr(err->message, cases[i].says));
        }
    }
    /* Escapes that decode to other characters still do. */
    {
        fb_query_t q = {NULL};

        CU_ASSERT_PTR_NULL(fb_query_parse(ut_pool, "q=a%2Cb+c%C3%A9", &q));
        UT_ASSERT_STR(fb_query_get(&q, "q"), "a,b c\xc3\xa9");
        CU_ASSERT_PTR_NULL(fb_query_parse(ut_pool, "q=plain", &q));
        UT_ASSERT_STR(fb_query_get(&q, "q"), "plain");
    }
}

static void test_check(void)
{
    static const struct {
        const char *args;
        int kind;               /* -1: acceptable */
        const char *param;
    } cases[] = {
        {"limit=1", -1, NULL},
        {"limit=100", -1, NULL},
        {"limit=42&cursor=abc", -1, NULL},
        {"sorts=newest,oldest&sorts=newest", -1, NULL},
        {"limit=0", FB_E_INVALID_PARAMETER, "limit"},
        {"limit=101", FB_E_INVALID_PARAMETER, "limit"},
        {"limit=-1", FB_E_INVALID_PARAMETER, "limit"},
        {"limit=abc", FB_E_INVALID_PARAMETER, "limit"},
        {"limit=10x", FB_E_INVALID_PARAMETER, "limit"},
        {"limit=1.5", FB_E_INVALID_PARAMETER, "limit"},
        {"limit=", FB_E_INVALID_PARAMETER, "limit"},
        {"limit", FB_E_INVALID_PARAMETER, "limit"},
        {"limit=99999999999999999999", FB_E_INVALID_PARAMETER, "limit"},
        {"limit=1&limit=2", FB_E_INVALID_PARAMETER, "limit"},
        {"limit=1&limit[]=1", FB_E_INVALID_PARAMETER, "limit"},
        {"cursor=", FB_E_INVALID_PARAMETER, "cursor"},
        {"page=2", FB_E_PARAMETER_NOT_SUPPORTED, "page"},
        {"limit=5&foo=1", FB_E_PARAMETER_NOT_SUPPORTED, "foo"},
        {"LIMIT=5", FB_E_PARAMETER_NOT_SUPPORTED, "LIMIT"},
        {"archived=true", -1, NULL},
        {"archived=false", -1, NULL},
        {"archived=1", FB_E_INVALID_PARAMETER, "archived"},
        {"archived=TRUE", FB_E_INVALID_PARAMETER, "archived"},
        {"archived=", FB_E_INVALID_PARAMETER, "archived"},
        {"archived=true&archived=true", FB_E_INVALID_PARAMETER, "archived"},
        {"order=newest", -1, NULL},
        {"order=oldest", -1, NULL},
        {"order=top", FB_E_INVALID_PARAMETER, "order"},
        {"order=Newest", FB_E_INVALID_PARAMETER, "order"},
        {"order=", FB_E_INVALID_PARAMETER, "order"},
        {"tags=a,bb&tags=ccccc", -1, NULL},
        {"tags=a&tags=a", -1, NULL},
        {"tags[]=a&tags[]=b", -1, NULL},
        {"tags=abcdef", FB_E_INVALID_PARAMETER, "tags"},
        {"tags=ok,abcdef", FB_E_INVALID_PARAMETER, "tags"},
        {"tags=ok&tags[]=abcdef", FB_E_INVALID_PARAMETER, "tags"},
        /* An empty filter, or an empty item, names nothing: refused. */
        {"tags=", FB_E_INVALID_PARAMETER, "tags"},
        {"tags", FB_E_INVALID_PARAMETER, "tags"},
        {"tags=a,,b", FB_E_INVALID_PARAMETER, "tags"},
        {"tags=a,", FB_E_INVALID_PARAMETER, "tags"},
        {"tags[]=", FB_E_INVALID_PARAMETER, "tags"},
        {"q=0123456789", -1, NULL},
        {"q=%C3%A9", -1, NULL},
        {"q=", FB_E_INVALID_PARAMETER, "q"},
        {"q=01234567890", FB_E_INVALID_PARAMETER, "q"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_query_t q = parsed(cases[i].args);
        fb_error_t *err;
        int ok;

        if (q.values == NULL) {
            continue;
        }
        err = fb_query_check(ut_pool, &q, rules);
        if (cases[i].kind < 0) {
            ok = UT_ASSERT_STR(err ? err->message : NULL, NULL);
        }
        else {
            ok = UT_ASSERT_ERROR(err, (fb_error_e)cases[i].kind,
                                 cases[i].param);
            if (ok) {
                /* One problem: one detail, on the same parameter. */
                ok = UT_ASSERT_DETAILS(
                    err, apr_pstrcat(ut_pool, "query.", cases[i].param,
                                     NULL));
            }
        }
        if (!ok) {
            UT_ASSERT_STR(cases[i].args, "(checked right)");
        }
    }
}

/* The messages name the parameter and, for values, what is allowed. */
static void test_check_messages(void)
{
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"limit=0", "'limit' must be an integer from 1 to 100."},
        {"limit=1&limit=2", "'limit' may be given only once."},
        {"page=1", "The query parameter 'page' is not supported."},
        {"archived=yes", "'archived' must be true or false."},
        {"order=top", "'order' must be one of: newest, oldest."},
        {"tags=abcdef", "'tags' must have from 1 to 5 characters."},
        {"sorts=newest,top", "'sorts' may only hold: newest, oldest."},
        {"sorts=oldest&sorts=", "'sorts' must have from 1 to 10 "
         "characters."},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_query_t q = parsed(cases[i].args);
        fb_error_t *err = fb_query_check(ut_pool, &q, rules);

        CU_ASSERT_PTR_NOT_NULL_FATAL(err);
        UT_ASSERT_STR(err->message, cases[i].message);
        UT_ASSERT_STR(ut_detail_message(err, 0), cases[i].message);
    }
}

/*
 * String lengths are in characters, as the message says and as bodies
 * count them: "\xc3\xa9" (e acute) is one character of two bytes.
 */
static void test_check_characters(void)
{
    static const struct {
        const char *args;
        int ok;
    } cases[] = {
        {"q=%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9", 1},
        {"q=%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9",
         1},
        {"q=%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9"
         "%C3%A9", 0},
        {"tags=%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9", 1},
        {"tags=%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9", 0},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_query_t q = parsed(cases[i].args);
        fb_error_t *err = fb_query_check(ut_pool, &q, rules);

        if (!UT_ASSERT_INT(err == NULL, cases[i].ok)) {
            UT_ASSERT_STR(cases[i].args, "(checked right)");
        }
    }
}

/* Every problem is a detail; the first one names the error. */
static void test_check_several(void)
{
    fb_query_t q = parsed("foo=1&limit=0&limit=5&page=3&order=newest"
                          "&archived=no");
    fb_error_t *err = fb_query_check(ut_pool, &q, rules);

    UT_ASSERT_ERROR(err, FB_E_PARAMETER_NOT_SUPPORTED, "foo");
    UT_ASSERT_DETAILS(err, "query.foo", "query.limit", "query.limit",
                      "query.page", "query.archived");
    UT_ASSERT_STR(ut_detail_message(err, 1),
                  "'limit' must be an integer from 1 to 100.");
    UT_ASSERT_STR(ut_detail_message(err, 2),
                  "'limit' may be given only once.");
}

/* A route without rules takes no parameter at all. */
static void test_check_no_rules(void)
{
    static const fb_query_rule_t none[] = {{.name = NULL}};
    fb_query_t q = parsed("limit=1");

    UT_ASSERT_ERROR(fb_query_check(ut_pool, &q, none),
                    FB_E_PARAMETER_NOT_SUPPORTED, "limit");
    UT_ASSERT_ERROR(fb_query_check(ut_pool, &q, NULL),
                    FB_E_PARAMETER_NOT_SUPPORTED, "limit");
}

static void test_getters(void)
{
    fb_query_t q = parsed("limit=25&archived=true&tags=a,b&tags[]=c"
                          "&bad=12x&off=false&neg=-3");
    apr_array_header_t *none;

    UT_ASSERT_INT(fb_query_int(&q, "limit", 10), 25);
    UT_ASSERT_INT(fb_query_int(&q, "neg", 10), -3);
    UT_ASSERT_INT(fb_query_int(&q, "absent", 10), 10);
    UT_ASSERT_INT(fb_query_int(&q, "bad", 7), 7);
    UT_ASSERT_INT(fb_query_bool(&q, "archived", 0), 1);
    UT_ASSERT_INT(fb_query_bool(&q, "off", 1), 0);
    UT_ASSERT_INT(fb_query_bool(&q, "absent", 0), 0);
    UT_ASSERT_INT(fb_query_bool(&q, "absent", 1), 1);
    UT_ASSERT_STR(fb_query_get(&q, "limit"), "25");
    UT_ASSERT_STR(fb_query_get(&q, "absent"), NULL);
    UT_ASSERT_STR(joined(fb_query_list(ut_pool, &q, "tags")), "a|b|c");
    none = fb_query_list(ut_pool, &q, "absent");
    CU_ASSERT_PTR_NOT_NULL_FATAL(none);
    UT_ASSERT_INT(none->nelts, 0);
}

/* The rows lists without filters read for a page, written into their
 * SQL, are the most a page shows and one more (the cursor's). */
static void test_rows_cap(void)
{
    static const fb_query_rule_t page[] = {FB_QUERY_RULES_PAGE};

    UT_ASSERT_INT(atol(FB_QUERY_ROWS_CAP_SQL), FB_QUERY_LIMIT_MAX + 1);
    UT_ASSERT_INT(page[0].max, FB_QUERY_LIMIT_MAX);
}

void test_query_register(void)
{
    static const ut_test_t tests[] = {
        {"parse: repeated, comma and [] forms", test_list_forms},
        {"parse: percent and plus decoding", test_decoding},
        {"parse: empty query strings", test_empty},
        {"parse: malformed escapes and NUL", test_bad_escape},
        {"parse: a NUL is named, not called malformed", test_nul_named},
        {"check: rules table", test_check},
        {"check: messages", test_check_messages},
        {"check: string lengths in characters", test_check_characters},
        {"check: several problems in details", test_check_several},
        {"check: no rules", test_check_no_rules},
        {"getters: int, bool, list", test_getters},
        {"a page's rows cap is the limit's maximum and one",
         test_rows_cap},
        {NULL, NULL}
    };

    ut_add_suite("fb_query", NULL, NULL, NULL, NULL, tests);
}
