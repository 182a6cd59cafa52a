/*
 * test_id.c: object id validation and normalisation (fb_id).
 */
#include "fb_id.h"
#include "unit.h"

static const struct {
    const char *in;
    const char *normal;     /* NULL: not a valid id */
} cases[] = {
    {"0123456789abcdef01234567", "0123456789abcdef01234567"},
    {"0123456789ABCDEF01234567", "0123456789abcdef01234567"},
    {"aBcDeF0123456789AbCdEf01", "abcdef0123456789abcdef01"},
    {"ffffffffffffffffffffffff", "ffffffffffffffffffffffff"},
    {"", NULL},
    {"0123456789abcdef0123456", NULL},
    {"0123456789abcdef012345678", NULL},
    {"0123456789abcdef0123456g", NULL},
    {"g123456789abcdef01234567", NULL},
    {"0123456789abcdef 1234567", NULL},
    {"0123456789abcdef01234567 ", NULL},
    {" 0123456789abcdef01234567", NULL},
    {"0x23456789abcdef01234567", NULL},
    {"0123456789abcdef0123456\xff", NULL},
    {"0123456789abcdef0123456\n", NULL},
    {"-123456789abcdef01234567", NULL},
};

static void test_valid_and_normalize(void)
{
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (!UT_ASSERT_INT(fb_id_valid(cases[i].in) != 0,
                           cases[i].normal != NULL)) {
            UT_ASSERT_STR(cases[i].in, "(classified correctly)");
        }
        UT_ASSERT_STR(fb_id_normalize(ut_pool, cases[i].in),
                      cases[i].normal);
    }
}

static void test_null(void)
{
    CU_ASSERT_FALSE(fb_id_valid(NULL));
    CU_ASSERT_PTR_NULL(fb_id_normalize(ut_pool, NULL));
}

/* The normalised id is a copy: the input is left as it was. */
static void test_normalize_copies(void)
{
    char in[] = "ABCDEF0123456789ABCDEF01";
    const char *out = fb_id_normalize(ut_pool, in);

    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    CU_ASSERT_PTR_NOT_EQUAL(out, in);
    UT_ASSERT_STR(in, "ABCDEF0123456789ABCDEF01");
    UT_ASSERT_STR(out, "abcdef0123456789abcdef01");
}

void test_id_register(void)
{
    static const ut_test_t tests[] = {
        {"valid and normalize: table", test_valid_and_normalize},
        {"NULL is not an id", test_null},
        {"normalize copies", test_normalize_copies},
        {NULL, NULL}
    };

    ut_add_suite("fb_id", NULL, NULL, NULL, NULL, tests);
}
