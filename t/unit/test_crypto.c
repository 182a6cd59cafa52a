/*
 * test_crypto.c: hashing, hex, comparison and key shape (fb_crypto).
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_crypto.h"
#include "unit.h"

/* The hex SHA-256 of len bytes of data. */
static const char *sha256_hex(const char *data, apr_size_t len)
{
    unsigned char out[FB_SHA256_LEN];

    fb_sha256(data, len, out);
    return fb_hex(ut_pool, out, FB_SHA256_LEN);
}

/* The FIPS 180-2 test vectors. */
static void test_sha256(void)
{
    static const char *const million_a =
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
    char *a = apr_palloc(ut_pool, 1000000);

    UT_ASSERT_STR(sha256_hex("abc", 3),
                  "ba7816bf8f01cfea414140de5dae2223"
                  "b00361a396177a9cb410ff61f20015ad");
    UT_ASSERT_STR(sha256_hex("", 0),
                  "e3b0c44298fc1c149afbf4c8996fb924"
                  "27ae41e4649b934ca495991b7852b855");
    UT_ASSERT_STR(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmn"
                             "lmnomnopnopq", 56),
                  "248d6a61d20638b8e5c026930c3e6039"
                  "a33ce45964ff2167f6ecedd419db06c1");
    memset(a, 'a', 1000000);
    UT_ASSERT_STR(sha256_hex(a, 1000000), million_a);
    /* Bytes after len do not count, NUL bytes within it do. */
    UT_ASSERT_STR(sha256_hex("abcdef", 3), sha256_hex("abc", 3));
    CU_ASSERT(strcmp(sha256_hex("abc\0", 4), sha256_hex("abc", 3)) != 0);
}

static void test_hex(void)
{
    static const unsigned char bytes[] = {0x00, 0x01, 0x7f, 0x80, 0xab,
                                          0xff, 0x10};

    UT_ASSERT_STR(fb_hex(ut_pool, bytes, sizeof(bytes)), "00017f80abff10");
    UT_ASSERT_STR(fb_hex(ut_pool, bytes, 1), "00");
    UT_ASSERT_STR(fb_hex(ut_pool, bytes + 5, 1), "ff");
    UT_ASSERT_STR(fb_hex(ut_pool, bytes, 0), "");
}

static void test_equal_ct(void)
{
    static const char a[] = "0123456789abcdef";

    CU_ASSERT_TRUE(fb_equal_ct(a, "0123456789abcdef", 16));
    CU_ASSERT_FALSE(fb_equal_ct(a, "x123456789abcdef", 16));
    CU_ASSERT_FALSE(fb_equal_ct(a, "0123456789abcdeX", 16));
    CU_ASSERT_FALSE(fb_equal_ct(a, "0123456X89abcdef", 16));
    /* Only the first len bytes are compared. */
    CU_ASSERT_TRUE(fb_equal_ct(a, "0123456789abcdeX", 15));
    CU_ASSERT_TRUE(fb_equal_ct(a, "zzz", 0));
}

/* RFC 4231 test cases 1 and 2, and a key longer than the block. */
static void test_hmac_sha256(void)
{
    static const char case1[] =
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7";
    static const char case2[] =
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
    static const char long_key[] =
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54";
    char key1[21], big[132];
    unsigned char mac[FB_SHA256_LEN];

    memset(key1, 0x0b, 20);
    key1[20] = '\0';
    memset(big, 0xaa, 131);
    big[131] = '\0';
    fb_hmac_sha256(key1, 20, "Hi There", 8, mac);
    UT_ASSERT_STR(fb_hex(ut_pool, mac, sizeof(mac)), case1);
    fb_hmac_sha256("Jefe", 4, "what do ya want for nothing?", 28, mac);
    UT_ASSERT_STR(fb_hex(ut_pool, mac, sizeof(mac)), case2);
    fb_hmac_sha256(big, 131, "Test Using Larger Than Block-Size Key - "
                   "Hash Key First", 54, mac);
    UT_ASSERT_STR(fb_hex(ut_pool, mac, sizeof(mac)), long_key);

    CU_ASSERT_TRUE(fb_hmac_sha256_matches("Jefe",
                                          "what do ya want for nothing?",
                                          case2));
    /* Upper-case hexadecimal is the same hash. */
    CU_ASSERT_TRUE(fb_hmac_sha256_matches(
        "Jefe", "what do ya want for nothing?",
        "5BDCC146BF60754E6A042426089575C75A003F089D2739839DEC58B964EC3843"));
    CU_ASSERT_FALSE(fb_hmac_sha256_matches("Jefe", "what do ya want",
                                           case2));
    CU_ASSERT_FALSE(fb_hmac_sha256_matches("jefe",
                                           "what do ya want for nothing?",
                                           case2));
    /* Wrong length, non-hex, a flipped last digit. */
    CU_ASSERT_FALSE(fb_hmac_sha256_matches(
        "Jefe", "what do ya want for nothing?",
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec384"));
    CU_ASSERT_FALSE(fb_hmac_sha256_matches(
        "Jefe", "what do ya want for nothing?",
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec384g"));
    CU_ASSERT_FALSE(fb_hmac_sha256_matches(
        "Jefe", "what do ya want for nothing?",
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3842"));
    CU_ASSERT_FALSE(fb_hmac_sha256_matches("Jefe", "x", ""));
}

static void test_api_key_well_formed(void)
{
    static const char body[] = "aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ90";
    static const struct {
        const char *key;
        int ok;
    } cases[] = {
        {"sk_aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ90", 1},
        {"sk_0000000000000000000000000000000000000000", 1},
        {"sk_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ", 1},
        {"sk_aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ9", 0},
        {"sk_aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ901", 0},
        {"pk_aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ90", 0},
        {"SK_aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ90", 0},
        {"sk-aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ90", 0},
        {"skaZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ90x", 0},
        {"aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ90", 0},
        {"sk_aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ9_", 0},
        {"sk_aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ9-", 0},
        {"sk_aZ09bY18cX27dW36eV45f 54gT63hS72iR81jQ90", 0},
        {"sk_aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ9\xc3", 0},
        {"sk_aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ90\n", 0},
        {" sk_aZ09bY18cX27dW36eV45fU54gT63hS72iR81jQ90", 0},
        {"sk_", 0},
        {"", 0},
    };
    apr_size_t i;

    UT_ASSERT_INT(strlen(body), FB_API_KEY_BODY_LEN);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (!UT_ASSERT_INT(fb_api_key_well_formed(cases[i].key) != 0,
                           cases[i].ok)) {
            UT_ASSERT_STR(cases[i].key, "(classified right)");
        }
    }
    CU_ASSERT_FALSE(fb_api_key_well_formed(NULL));
}

void test_crypto_register(void)
{
    static const ut_test_t tests[] = {
        {"sha256: known vectors", test_sha256},
        {"hex", test_hex},
        {"equal_ct", test_equal_ct},
        {"hmac-sha256: RFC 4231 vectors and matching", test_hmac_sha256},
        {"api key shape", test_api_key_well_formed},
        {NULL, NULL}
    };

    ut_add_suite("fb_crypto", NULL, NULL, NULL, NULL, tests);
}
