/*
 * test_utf8.c: fb_utf8_clean, what an error's texts pass through
 * (fb_utf8.h); the checks and counts are exercised by the validators'
 * tests.
 */
#include <string.h>

#include "fb_utf8.h"
#include "unit.h"

/* fb_utf8_clean: kept as it is when it needs nothing, replaced byte by
 * byte, cut at a character's boundary within the bound. */
static void test_clean(void)
{
    static const char *const fine = "caf\xc3\xa9";
    const char *cut;

    CU_ASSERT_PTR_EQUAL(fb_utf8_clean(ut_pool, fine, 64), fine);
    UT_ASSERT_STR(fb_utf8_clean(ut_pool, "a\xff" "b\xc3", 64),
                  "a\xef\xbf\xbd" "b\xef\xbf\xbd");
    UT_ASSERT_STR(fb_utf8_clean(ut_pool, "\xc0\xaf", 64),
                  "\xef\xbf\xbd\xef\xbf\xbd");      /* overlong */
    /* Ten e-acutes (20 bytes) into 10: 3 whole ones and the ellipsis,
     * never half of one. */
    cut = fb_utf8_clean(ut_pool, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                        "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                        "\xc3\xa9", 10);
    UT_ASSERT_STR(cut, "\xc3\xa9\xc3\xa9\xc3\xa9\xe2\x80\xa6");
    CU_ASSERT_TRUE(strlen(cut) <= 10 && fb_utf8_valid(cut, strlen(cut)));
    UT_ASSERT_STR(fb_utf8_clean(ut_pool, "abcdefghijkl", 8), "abcde"
                  "\xe2\x80\xa6");
    UT_ASSERT_STR(fb_utf8_clean(ut_pool, "abcdefgh", 8), "abcdefgh");
}

/* Every byte value alone, and after a lead byte, comes out well formed
 * within the bound. */
static void test_clean_any_byte(void)
{
    char in[3] = {0, 0, 0};
    int a, b;

    for (a = 1; a < 256; a++) {
        for (b = 0; b < 256; b += 17) {
            const char *out;

            in[0] = (char)a;
            in[1] = (char)b;
            out = fb_utf8_clean(ut_pool, in, 8);
            CU_ASSERT_TRUE(strlen(out) <= 8);
            CU_ASSERT_TRUE(fb_utf8_valid(out, strlen(out)));
        }
    }
}

void test_utf8_register(void)
{
    static const ut_test_t tests[] = {
        {"clean: replaced, cut at a boundary", test_clean},
        {"clean: any byte comes out well formed", test_clean_any_byte},
        {NULL, NULL}
    };

    ut_add_suite("fb_utf8", NULL, NULL, NULL, NULL, tests);
}
