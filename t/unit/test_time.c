/*
 * test_time.c: reading and writing timestamps (fb_time).
 */
#include <stdio.h>

#include "fb_time.h"
#include "unit.h"

static void test_accepted_forms(void)
{
    static const struct {
        const char *text;
        const char *expected;
    } cases[] = {
        {"2026-01-01", "2026-01-01T00:00:00.000000Z"},
        {"2026-01-01T12:30Z", "2026-01-01T12:30:00.000000Z"},
        {"2026-01-01T12:30:45Z", "2026-01-01T12:30:45.000000Z"},
        {"2026-01-01T12:30:45.1Z", "2026-01-01T12:30:45.100000Z"},
        {"2026-01-01T12:30:45.123456Z", "2026-01-01T12:30:45.123456Z"},
        {"2026-01-01T14:30:00+02:00", "2026-01-01T12:30:00.000000Z"},
        {"2026-01-01T00:30:00-01:30", "2026-01-01T02:00:00.000000Z"},
        {"2024-02-29T23:59:59Z", "2024-02-29T23:59:59.000000Z"},
        {"2000-02-29", "2000-02-29T00:00:00.000000Z"},
        {"1970-01-01T00:00:00Z", "1970-01-01T00:00:00.000000Z"},
        {"9999-12-31T23:59:59.999999Z", "9999-12-31T23:59:59.999999Z"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        apr_time_t t = 0;

        UT_ASSERT_INT(fb_time_parse(cases[i].text, &t), APR_SUCCESS);
        UT_ASSERT_STR(fb_time_format(ut_pool, t), cases[i].expected);
    }
}

static void test_known_instant(void)
{
    apr_time_t t;

    UT_ASSERT_INT(fb_time_parse("2001-09-09T01:46:40Z", &t), APR_SUCCESS);
    UT_ASSERT_INT(t, APR_INT64_C(1000000000) * APR_USEC_PER_SEC);
}

static void test_refused_forms(void)
{
    static const char *const bad[] = {
        "", "2026", "2026-1-01", "2026-01-1", "2026-13-01", "2026-00-10",
        "2026-02-29", "1900-02-29", "2026-04-31", "2026-01-01T",
        "2026-01-01T12Z",
        "2026-01-01T12:30", "2026-01-01 12:30Z", "2026-01-01T24:00Z",
        "2026-01-01T12:60Z", "2026-01-01T12:30:60Z", "2026-01-01T12:30:00.Z",
        "2026-01-01T12:30:00.1234567Z", "2026-01-01T12:30:00+0200",
        "2026-01-01T12:30:00+24:00", "2026-01-01T12:30:00Zjunk",
        "1969-12-31", "1970-01-01T00:30:00+01:00", "yesterday",
        "\xef\xbc\x91\xef\xbc\x99\xef\xbc\x97\xef\xbc\x90-01-01",
    };
    apr_size_t i;

    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        apr_time_t t;

        if (fb_time_parse(bad[i], &t) == APR_SUCCESS) {
            CU_FAIL("a malformed time was accepted");
            fprintf(stderr, "\n    accepted: \"%s\"\n", bad[i]);
        }
    }
    CU_ASSERT_NOT_EQUAL(fb_time_parse(NULL, &(apr_time_t){0}), APR_SUCCESS);
}

void test_time_register(void)
{
    static const ut_test_t tests[] = {
        {"parse: accepted forms, normalized", test_accepted_forms},
        {"parse: a known instant", test_known_instant},
        {"parse: refused forms", test_refused_forms},
        {NULL, NULL}
    };

    ut_add_suite("fb_time", NULL, NULL, NULL, NULL, tests);
}
