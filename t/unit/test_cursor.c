/*
 * test_cursor.c: keyset cursor encoding and decoding (fb_cursor).
 */
#include <string.h>

#include <apr_encode.h>
#include <apr_strings.h>

#include "fb_cursor.h"
#include "unit.h"

#define ID "0123456789abcdef01234567"

/* Base64url without padding of len bytes of plain, as cursors travel. */
static const char *b64url(const char *plain, apr_size_t len)
{
    return apr_pencode_base64(ut_pool, plain, (apr_ssize_t)len,
                              APR_ENCODE_BASE64URL | APR_ENCODE_NOPADDING,
                              NULL);
}

/* Decodes text for sort and asserts that it is refused. */
#define ASSERT_REFUSED(text, sort) \
    do { \
        fb_cursor_t c_; \
        if (!UT_ASSERT_INT(fb_cursor_decode(ut_pool, (text), (sort), \
                                         FB_CURSOR_OBJECT_IDS, &c_), \
                           APR_EINVAL)) { \
            UT_ASSERT_STR((text), "(refused)"); \
        } \
    } while (0)

static void test_round_trip(void)
{
    static const struct {
        const char *sort, *key, *id, *id_out;
    } cases[] = {
        {"created", "1700000000000000", ID, ID},
        {"score", "a|b|c", ID, ID},
        {"score", "|", ID, ID},
        {"name", "", ID, ID},
        {"name", "\xc3\xa9t\xc3\xa9 ~?>", ID, ID},
        {"votes", "12", "ABCDEF0123456789ABCDEF01",
         "abcdef0123456789abcdef01"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *text = fb_cursor_encode(ut_pool, cases[i].sort,
                                            cases[i].key, cases[i].id);
        fb_cursor_t c = {NULL, NULL, NULL};

        if (text == NULL) {
            UT_ASSERT_STR(cases[i].key, "(encoded)");
            continue;
        }
        CU_ASSERT_PTR_NULL(strpbrk(text, "=+/"));
        UT_ASSERT_INT(fb_cursor_decode(ut_pool, text, cases[i].sort,
                                       FB_CURSOR_OBJECT_IDS, &c),
                      APR_SUCCESS);
        UT_ASSERT_STR(c.sort, cases[i].sort);
        UT_ASSERT_STR(c.key, cases[i].key);
        UT_ASSERT_STR(c.id, cases[i].id_out);
    }
}

/* The text uses the URL alphabet where plain base64 would use + and /. */
static void test_url_alphabet(void)
{
    /* The bytes "?\?>" encode as "Pz8+" in base64, "Pz8-" in base64url. */
    const char *text = fb_cursor_encode(ut_pool, "s", "?\?>?\?>", ID);
    const char *plain = apr_pstrcat(ut_pool, "s|?\?>?\?>|", ID, NULL);

    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    UT_ASSERT_STR(text, b64url(plain, strlen(plain)));
    CU_ASSERT_PTR_NULL(strpbrk(text, "=+/"));
    CU_ASSERT_PTR_NOT_NULL(strpbrk(text, "-_"));
}

static void test_wrong_sort(void)
{
    const char *text = fb_cursor_encode(ut_pool, "created", "1", ID);

    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    ASSERT_REFUSED(text, "score");
    ASSERT_REFUSED(text, "create");
    ASSERT_REFUSED(text, "created ");
    ASSERT_REFUSED(text, "");
}

static void test_not_base64url(void)
{
    static const char *const texts[] = {
        "$$$$", "ab.c", "YW Jj", "YWJj!", "Y", "YWJj\n", "%41%41",
    };
    apr_size_t i;

    for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        ASSERT_REFUSED(texts[i], "created");
    }
}

/*
 * Valid cursors written in plain base64 or with padding: neither is
 * base64url without padding, which is all the decoder takes.
 */
static void test_other_base64_forms(void)
{
    const char *plain = apr_pstrcat(ut_pool, "s|k?\?>?\?>|", ID, NULL);
    const char *padded = apr_pstrcat(ut_pool, "s|k|", ID, NULL);
    const char *text;
    fb_cursor_t c;

    /* The inputs are good cursors when encoded as they should be. */
    UT_ASSERT_INT(fb_cursor_decode(ut_pool, b64url(plain, strlen(plain)),
                                   "s", FB_CURSOR_OBJECT_IDS, &c),
                  APR_SUCCESS);
    UT_ASSERT_INT(fb_cursor_decode(ut_pool, b64url(padded, strlen(padded)),
                                   "s", FB_CURSOR_OBJECT_IDS, &c),
                  APR_SUCCESS);

    text = apr_pencode_base64(ut_pool, plain, APR_ENCODE_STRING,
                              APR_ENCODE_NONE, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(strchr(text, '+'));
    ASSERT_REFUSED(text, "s");
    /* Base64url with the padding that 28 bytes would take. */
    text = apr_pstrcat(ut_pool, b64url(padded, strlen(padded)), "==", NULL);
    ASSERT_REFUSED(text, "s");
}

/* Decoded text that is not "sort|key|id" with an object id. */
static void test_bad_form(void)
{
    static const struct {
        const char *plain;
        apr_size_t len;     /* 0: strlen(plain) */
    } cases[] = {
        {"created", 0},
        {"created|" ID, 0},
        {"created|1|", 0},
        {"created|1|x-z", 0},
        {"created|1|0123456789abcdefg", 0},
        {"created|1|0123456789abcdef0123456", 0},
        {"created|1|0123456789abcdef012345678", 0},
        {"created|1|0123456789abcdef0123456g", 0},
        {"created|1|" ID " ", 0},
        {"created\0|1|" ID, 8 + 2 + 1 + 24},
        {"created|1\0|" ID, 8 + 2 + 1 + 24},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        apr_size_t len = cases[i].len ? cases[i].len
                                      : strlen(cases[i].plain);

        ASSERT_REFUSED(b64url(cases[i].plain, len), "created");
    }
    /* The encoder does not check ids, but the decoder does. */
    ASSERT_REFUSED(fb_cursor_encode(ut_pool, "created", "1", "x-z"),
                   "created");
}

/* The help center's short ids (1 to 16 letters and digits) are a list's
 * ids when it says so, kept as they are; never where object ids are. */
static void test_short_ids(void)
{
    fb_cursor_t c;

    UT_ASSERT_INT(fb_cursor_decode(ut_pool, fb_cursor_encode(
                      ut_pool, "created", "1", "Ab3xyz0123456789"),
                  "created", FB_CURSOR_SHORT_IDS, &c), APR_SUCCESS);
    UT_ASSERT_STR(c.id, "Ab3xyz0123456789");
    UT_ASSERT_INT(fb_cursor_decode(ut_pool, fb_cursor_encode(
                      ut_pool, "created", "1", "7"), "created",
                  FB_CURSOR_SHORT_IDS, &c), APR_SUCCESS);
    UT_ASSERT_STR(c.id, "7");
    ASSERT_REFUSED(fb_cursor_encode(ut_pool, "created", "1", "nothex"),
                   "created");
    UT_ASSERT_INT(fb_cursor_decode(ut_pool, fb_cursor_encode(
                      ut_pool, "created", "1", "x-z"), "created",
                  FB_CURSOR_SHORT_IDS, &c), APR_EINVAL);
}

static void test_empty_and_null(void)
{
    ASSERT_REFUSED("", "created");
    ASSERT_REFUSED(NULL, "created");
}

/*
 * FB_CURSOR_MAX characters of text are the limit both ways.  A plain text
 * of 384 bytes encodes to exactly 512 characters; 385 bytes need 514.
 */
static void test_length_limit(void)
{
    apr_size_t fixed = strlen("s||") + strlen(ID);
    char *key = apr_palloc(ut_pool, FB_CURSOR_MAX + 2);
    const char *text, *plain;
    fb_cursor_t c;

    memset(key, 'k', FB_CURSOR_MAX + 1);
    key[384 - fixed] = '\0';
    text = fb_cursor_encode(ut_pool, "s", key, ID);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    UT_ASSERT_INT(strlen(text), FB_CURSOR_MAX);
    UT_ASSERT_INT(fb_cursor_decode(ut_pool, text, "s", FB_CURSOR_OBJECT_IDS,
                                   &c), APR_SUCCESS);
    UT_ASSERT_STR(c.key, key);

    key[384 - fixed] = 'k';
    key[385 - fixed] = '\0';
    CU_ASSERT_PTR_NULL(fb_cursor_encode(ut_pool, "s", key, ID));
    plain = apr_pstrcat(ut_pool, "s|", key, "|", ID, NULL);
    text = b64url(plain, strlen(plain));
    UT_ASSERT_INT(strlen(text), FB_CURSOR_MAX + 2);
    ASSERT_REFUSED(text, "s");

    /* Too long is refused before decoding, whatever the characters. */
    memset(key, 'A', FB_CURSOR_MAX + 1);
    key[FB_CURSOR_MAX + 1] = '\0';
    ASSERT_REFUSED(key, "s");
}

void test_cursor_register(void)
{
    static const ut_test_t tests[] = {
        {"round trip, '|' in key, upper-case id", test_round_trip},
        {"encode: URL alphabet without padding", test_url_alphabet},
        {"decode: wrong sort", test_wrong_sort},
        {"decode: not base64url", test_not_base64url},
        {"decode: plain base64 and padding", test_other_base64_forms},
        {"decode: not sort|key|id", test_bad_form},
        {"decode: short ids", test_short_ids},
        {"decode: empty and NULL", test_empty_and_null},
        {"length limit", test_length_limit},
        {NULL, NULL}
    };

    ut_add_suite("fb_cursor", NULL, NULL, NULL, NULL, tests);
}
