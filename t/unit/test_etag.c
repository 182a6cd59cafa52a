/*
 * test_etag.c: entity tags and the comparisons of RFC 9110 (fb_etag).
 */
#include <string.h>

#include "fb_etag.h"
#include "unit.h"

/* A tag is a quoted digest of the bytes: the same bytes, the same tag;
 * one byte more, another. */
static void test_of(void)
{
    const char *a = fb_etag_of(ut_pool, "{\"id\":\"1\"}");
    const char *b = fb_etag_of(ut_pool, "{\"id\":\"1\"}");
    const char *c = fb_etag_of(ut_pool, "{\"id\":\"1\"} ");

    UT_ASSERT_STR(a, b);
    CU_ASSERT(strcmp(a, c) != 0);
    UT_ASSERT_INT((int)strlen(a), 34);
    CU_ASSERT(a[0] == '"' && a[33] == '"');
}

static void test_matches(void)
{
    static const struct {
        const char *header;
        int weak, expected;
    } cases[] = {
        {"\"t\"", 0, 1},
        {"\"t\"", 1, 1},
        {"W/\"t\"", 1, 1},          /* weak comparison ignores W/ */
        {"W/\"t\"", 0, 0},          /* strong: a weak tag never matches */
        {"\"x\", \"t\"", 0, 1},
        {"\"x\",\"t\"", 0, 1},
        {" \"x\" ,\t\"t\" ", 0, 1},
        {"\"x\", W/\"t\"", 1, 1},
        {"\"x\", W/\"t\"", 0, 0},
        {"\"x\"", 0, 0},
        {"\"T\"", 0, 0},            /* opaque: case counts */
        {"*", 0, 1},
        {" * ", 1, 1},
        {"t", 0, 0},                /* unquoted: malformed */
        {"\"t", 0, 0},
        {"\"x\" \"t\"", 0, 0},      /* no comma: malformed */
        {"\"t\" \"x\"", 0, 0},      /* malformed after a match */
        {"\"t\"x", 0, 0},
        {"\"t\", ", 0, 0},
        {"*, \"t\"", 0, 0},
        {"", 0, 0},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (!UT_ASSERT_INT(fb_etag_matches(cases[i].header, "\"t\"",
                                           cases[i].weak),
                           cases[i].expected)) {
            UT_ASSERT_STR(cases[i].header, "(compared right)");
        }
    }
    /* No current representation: nothing matches, "*" included. */
    CU_ASSERT(!fb_etag_matches("*", NULL, 0));
    CU_ASSERT(!fb_etag_matches("\"t\"", NULL, 1));
}

void test_etag_register(void)
{
    static const ut_test_t tests[] = {
        {"tag of the bytes", test_of},
        {"If-Match and If-None-Match lists", test_matches},
        {NULL, NULL}
    };

    ut_add_suite("fb_etag", NULL, NULL, NULL, NULL, tests);
}
