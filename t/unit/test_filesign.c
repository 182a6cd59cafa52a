/*
 * test_filesign.c: signed file URLs (fb_filesign).
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_crypto.h"
#include "fb_filesign.h"
#include "unit.h"

#define KEY "0123456789abcdef0123456789abcdef"
#define SECRET "a server secret of some length"
#define OTHER "f123456789abcdef0123456789abcdef"
#define BASE "https://api.example/v2/files/"

static const char *mac(const char *msg)
{
    unsigned char out[FB_SHA256_LEN];

    fb_hmac_sha256(SECRET, strlen(SECRET), msg, strlen(msg), out);
    return fb_hex(ut_pool, out, sizeof(out));
}

static void test_key_valid(void)
{
    CU_ASSERT_TRUE(fb_file_key_valid(KEY));
    CU_ASSERT_FALSE(fb_file_key_valid(NULL));
    CU_ASSERT_FALSE(fb_file_key_valid(""));
    CU_ASSERT_FALSE(fb_file_key_valid(KEY "0"));
    CU_ASSERT_FALSE(fb_file_key_valid("0123456789ABCDEF0123456789abcdef"));
    CU_ASSERT_FALSE(fb_file_key_valid("0123456789abcdef0123456789abcde/"));
    UT_ASSERT_STR(fb_file_marker(ut_pool, KEY), FB_FILE_MARKER KEY);
}

/* Markers in an <img src> are signed, raw or inside JSON strings. */
static void test_rewrite_signs_images(void)
{
    apr_time_t t = apr_time_from_sec(2000000000);
    const char *want = apr_pstrcat(ut_pool, BASE KEY "?expires=2000000000"
                                   "&amp;signature=",
                                   mac(KEY ".2000000000"), NULL);

    UT_ASSERT_STR(fb_filesign_rewrite(ut_pool, "<p><img src=\""
                                      FB_FILE_MARKER KEY "\"></p>", BASE,
                                      SECRET, t),
                  apr_pstrcat(ut_pool, "<p><img src=\"", want, "\"></p>",
                              NULL));
    UT_ASSERT_STR(fb_filesign_rewrite(ut_pool, "{\"c\":\"<img alt=\\\"a\\\""
                                      " src=\\\"" FB_FILE_MARKER KEY
                                      "\\\">x<img src=\\\"" FB_FILE_MARKER
                                      KEY "\\\">\"}", BASE, SECRET, t),
                  apr_pstrcat(ut_pool, "{\"c\":\"<img alt=\\\"a\\\" src=\\\"",
                              want, "\\\">x<img src=\\\"", want, "\\\">\"}",
                              NULL));
}

/* A link marker with its tag is signed wherever its string ends, with a
 * plain '&'; a wrong, short or missing tag, another secret's tag, or a
 * marker that does not end its string, is left as it is. */
static void test_rewrite_signs_links(void)
{
    apr_time_t t = apr_time_from_sec(2000000000);
    const char *link = fb_file_link_marker(ut_pool, KEY, SECRET);
    const char *tag = apr_pstrndup(ut_pool, mac("link." KEY),
                                   FB_FILE_TAG_LEN);
    const char *want = apr_pstrcat(ut_pool, BASE KEY "?expires=2000000000"
                                   "&signature=", mac(KEY ".2000000000"),
                                   NULL);
    const char *const same[] = {
        apr_pstrcat(ut_pool, "{\"url\":\"" FB_FILE_LINK_MARKER KEY
                    ".0000000000000000\"}", NULL),
        apr_pstrcat(ut_pool, "{\"url\":\"" FB_FILE_LINK_MARKER KEY
                    "\"}", NULL),
        apr_pstrcat(ut_pool, "{\"url\":\"" FB_FILE_LINK_MARKER KEY ".",
                    apr_pstrndup(ut_pool, tag, FB_FILE_TAG_LEN - 1),
                    "\"}", NULL),
        apr_pstrcat(ut_pool, "{\"url\":\"", link, "x\"}", NULL),
        apr_pstrcat(ut_pool, "{\"url\":\"" FB_FILE_LINK_MARKER OTHER ".",
                    tag, "\"}", NULL),
        apr_pstrcat(ut_pool, "\"", fb_file_link_marker(ut_pool, KEY,
                                                        "another secret"),
                    "\"", NULL),
    };
    apr_size_t i;

    UT_ASSERT_STR(link, apr_pstrcat(ut_pool, FB_FILE_LINK_MARKER KEY ".",
                                    tag, NULL));
    UT_ASSERT_STR(fb_filesign_rewrite(ut_pool,
                                      apr_pstrcat(ut_pool, "{\"url\":\"",
                                                  link, "\"}", NULL),
                                      BASE, SECRET, t),
                  apr_pstrcat(ut_pool, "{\"url\":\"", want, "\"}", NULL));
    /* Inside a JSON string (a ticket's file value), and twice. */
    UT_ASSERT_STR(fb_filesign_rewrite(
                      ut_pool, apr_pstrcat(ut_pool, "[\"{\\\"url\\\":\\\"",
                                           link, "\\\"}\",\"", link, "\"]",
                                           NULL), BASE, SECRET, t),
                  apr_pstrcat(ut_pool, "[\"{\\\"url\\\":\\\"", want,
                              "\\\"}\",\"", want, "\"]", NULL));
    for (i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
        UT_ASSERT_STR(fb_filesign_rewrite(ut_pool, same[i], BASE, SECRET,
                                          t), same[i]);
    }
}

/* Anything else that looks like a marker stays as it is. */
static void test_rewrite_leaves_the_rest(void)
{
    static const char *const same[] = {
        "no marker at all",
        "text src=\"" FB_FILE_MARKER KEY "\" in a text node",
        "<a href=\"" FB_FILE_MARKER KEY "\">link</a>",
        "<img alt=\"" FB_FILE_MARKER KEY "\">",
        "<img src=\"" FB_FILE_MARKER "0123\">",
        "<img src=\"" FB_FILE_MARKER KEY "0\">",
        "<img src=\"" FB_FILE_MARKER "0123456789ABCDEF0123456789abcdef\">",
        "<p>x</p>src=\"" FB_FILE_MARKER KEY "\"",
        FB_FILE_MARKER,
    };
    apr_size_t i;

    for (i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
        UT_ASSERT_STR(fb_filesign_rewrite(ut_pool, same[i], BASE, SECRET,
                                          apr_time_from_sec(1)), same[i]);
    }
}

static void test_valid(void)
{
    apr_time_t now = apr_time_from_sec(1000);
    const char *sig = mac(KEY ".1500");

    CU_ASSERT_TRUE(fb_filesign_valid(SECRET, KEY, "1500", sig, now));
    CU_ASSERT_TRUE(fb_filesign_valid(SECRET, KEY, "1000", mac(KEY ".1000"),
                                     now));
    /* Expired, another time, key or secret, malformed parts. */
    CU_ASSERT_FALSE(fb_filesign_valid(SECRET, KEY, "999", mac(KEY ".999"),
                                      now));
    CU_ASSERT_FALSE(fb_filesign_valid(SECRET, KEY, "1501", sig, now));
    CU_ASSERT_FALSE(fb_filesign_valid(SECRET, OTHER, "1500", sig, now));
    CU_ASSERT_FALSE(fb_filesign_valid("another", KEY, "1500", sig, now));
    CU_ASSERT_FALSE(fb_filesign_valid(NULL, KEY, "1500", sig, now));
    CU_ASSERT_FALSE(fb_filesign_valid(SECRET, KEY, "+1500", sig, now));
    CU_ASSERT_FALSE(fb_filesign_valid(SECRET, KEY, "1500x", sig, now));
    CU_ASSERT_FALSE(fb_filesign_valid(SECRET, KEY, NULL, sig, now));
    CU_ASSERT_FALSE(fb_filesign_valid(SECRET, KEY, "1500", NULL, now));
    CU_ASSERT_FALSE(fb_filesign_valid(SECRET, KEY, "1500", "00", now));
    CU_ASSERT_FALSE(fb_filesign_valid(SECRET, KEY, "1500",
                                      apr_pstrndup(ut_pool, sig, 63), now));
}

/* A signed URL carries what fb_filesign_valid accepts. */
static void test_url(void)
{
    apr_time_t at = apr_time_from_sec(1500);
    const char *url = fb_filesign_url(ut_pool, "https://h/v2/files/", KEY,
                                      SECRET, at);

    UT_ASSERT_STR(url, apr_pstrcat(ut_pool, "https://h/v2/files/", KEY,
                                   "?expires=1500&signature=",
                                   mac(KEY ".1500"), NULL));
    CU_ASSERT_TRUE(fb_filesign_valid(SECRET, KEY, "1500", mac(KEY ".1500"),
                                     apr_time_from_sec(1499)));
}

void test_filesign_register(void)
{
    static const ut_test_t tests[] = {
        {"key: form and marker", test_key_valid},
        {"rewrite: images are signed", test_rewrite_signs_images},
        {"rewrite: everything else is left", test_rewrite_leaves_the_rest},
        {"rewrite: tagged links are signed", test_rewrite_signs_links},
        {"valid: signature, time and form", test_valid},
        {"url: signed as valid checks", test_url},
        {NULL, NULL}
    };

    ut_add_suite("fb_filesign", NULL, NULL, NULL, NULL, tests);
}
