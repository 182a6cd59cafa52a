/*
 * test_version.c: API version names and order (fb_version).
 */
#include <string.h>

#include "fb_version.h"
#include "unit.h"

static void test_parse(void)
{
    static const struct {
        const char *name;
        int version;
    } cases[] = {
        {"2025-12-12.clover", FB_VERSION_CLOVER},
        {"2026-01-01.nova", FB_VERSION_NOVA},
        {"2026-01-01", FB_VERSION_UNKNOWN},
        {"nova", FB_VERSION_UNKNOWN},
        {"2026-01-01.Nova", FB_VERSION_UNKNOWN},
        {"2026-01-01.nova ", FB_VERSION_UNKNOWN},
        {" 2025-12-12.clover", FB_VERSION_UNKNOWN},
        {"2025-12-12.cloverx", FB_VERSION_UNKNOWN},
        {"", FB_VERSION_UNKNOWN},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (!UT_ASSERT_INT(fb_version_parse(cases[i].name),
                           cases[i].version)) {
            UT_ASSERT_STR(cases[i].name, "(parsed right)");
        }
    }
    UT_ASSERT_INT(fb_version_parse(NULL), FB_VERSION_UNKNOWN);
}

static void test_names(void)
{
    int v;

    UT_ASSERT_INT(FB_VERSION__COUNT, 2);
    for (v = 0; v < FB_VERSION__COUNT; v++) {
        CU_ASSERT_PTR_NOT_NULL_FATAL(fb_version_name(v));
        UT_ASSERT_INT(fb_version_parse(fb_version_name(v)), v);
    }
    UT_ASSERT_STR(fb_version_name(FB_VERSION_CLOVER), "2025-12-12.clover");
    UT_ASSERT_STR(fb_version_name(FB_VERSION_NOVA), "2026-01-01.nova");
    CU_ASSERT_PTR_NULL(fb_version_name(FB_VERSION_UNKNOWN));
    CU_ASSERT_PTR_NULL(fb_version_name(FB_VERSION__COUNT));
}

/* Versions are ordered by release date: their names sort the same way. */
static void test_order(void)
{
    int v;

    CU_ASSERT(FB_VERSION_CLOVER < FB_VERSION_NOVA);
    CU_ASSERT(fb_version_parse("2025-12-12.clover")
              < fb_version_parse("2026-01-01.nova"));
    for (v = 1; v < FB_VERSION__COUNT; v++) {
        CU_ASSERT(strcmp(fb_version_name(v - 1), fb_version_name(v)) < 0);
    }
}

void test_version_register(void)
{
    static const ut_test_t tests[] = {
        {"parse: known, unknown, NULL", test_parse},
        {"names round-trip", test_names},
        {"clover before nova", test_order},
        {NULL, NULL}
    };

    ut_add_suite("fb_version", NULL, NULL, NULL, NULL, tests);
}
