/*
 * test_unsubscribe.c: signed unsubscribe links (fb_unsubscribe).
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_crypto.h"
#include "fb_unsubscribe.h"
#include "unit.h"

static const char secret[] = "0123456789abcdef0123456789abcdef";

/* The token is the HMAC-SHA256 of "org\nlist\nemail". */
static void test_token_is_the_hmac(void)
{
    unsigned char mac[FB_SHA256_LEN];
    static const char text[] = "org1\nchangelog\na@b.example";

    fb_hmac_sha256(secret, strlen(secret), text, strlen(text), mac);
    UT_ASSERT_STR(fb_unsubscribe_token(ut_pool, secret, "org1", "changelog",
                                       "a@b.example"),
                  fb_hex(ut_pool, mac, sizeof(mac)));
}

static void test_validity(void)
{
    const char *t = fb_unsubscribe_token(ut_pool, secret, "o", "changelog",
                                         "a@b.example");
    char *flipped = apr_pstrdup(ut_pool, t);

    CU_ASSERT_TRUE(fb_unsubscribe_valid(ut_pool, secret, "o", "changelog",
                                        "a@b.example", t));
    flipped[10] = flipped[10] == '0' ? '1' : '0';
    CU_ASSERT_FALSE(fb_unsubscribe_valid(ut_pool, secret, "o", "changelog",
                                         "a@b.example", flipped));
    /* Each part is covered, and the joints cannot be moved. */
    CU_ASSERT_FALSE(fb_unsubscribe_valid(ut_pool, secret, "p", "changelog",
                                         "a@b.example", t));
    CU_ASSERT_FALSE(fb_unsubscribe_valid(ut_pool, secret, "o", "other",
                                         "a@b.example", t));
    CU_ASSERT_FALSE(fb_unsubscribe_valid(ut_pool, secret, "o", "changelog",
                                         "c@b.example", t));
    CU_ASSERT_FALSE(fb_unsubscribe_valid(ut_pool, secret, "o\nchangelog",
                                         "", "a@b.example", t));
    CU_ASSERT_FALSE(fb_unsubscribe_valid(ut_pool, "another secret 0123456789"
                                         "abcdef", "o", "changelog",
                                         "a@b.example", t));
    CU_ASSERT_FALSE(fb_unsubscribe_valid(ut_pool, secret, "o", "changelog",
                                         "a@b.example", ""));
    CU_ASSERT_FALSE(fb_unsubscribe_valid(ut_pool, secret, "o", "changelog",
                                         "a@b.example", NULL));
    CU_ASSERT_FALSE(fb_unsubscribe_valid(ut_pool, secret, "o", "changelog",
                                         "a@b.example",
                                         apr_pstrcat(ut_pool, t, "0",
                                                     NULL)));
}

static void test_url(void)
{
    const char *url = fb_unsubscribe_url(ut_pool, "https://api.example",
                                         secret, "org1", "changelog",
                                         "a+b&c@x.example");

    UT_ASSERT_STR(url, apr_pstrcat(
        ut_pool, "https://api.example/v2/email/unsubscribe?org=org1"
        "&list=changelog&email=a%2bb%26c%40x.example&token=",
        fb_unsubscribe_token(ut_pool, secret, "org1", "changelog",
                             "a+b&c@x.example"), NULL));
}

void test_unsubscribe_register(void)
{
    static const ut_test_t tests[] = {
        {"token: HMAC-SHA256 of the joined parts", test_token_is_the_hmac},
        {"valid: every part covered", test_validity},
        {"url: escaped query", test_url},
        {NULL, NULL}
    };

    ut_add_suite("fb_unsubscribe", NULL, NULL, NULL, NULL, tests);
}
