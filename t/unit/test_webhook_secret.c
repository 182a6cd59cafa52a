/*
 * test_webhook_secret.c: webhook secrets and the signatures of a
 * delivery (webhook_secret.h), against values computed independently
 * (Python's hmac and base64).
 */
#include <string.h>

#include "apr_base64.h"
#include "apr_tables.h"

#include "webhook_secret.h"
#include "unit.h"

/* whsec_ and the base64 of the bytes 0, 1, ..., 31. */
static const char secret[] =
    "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
static const char id[] = "65f0c0ffee0000000000abcd";
static const char ts[] = "1700000000";
static const char body[] =
    "{\"id\":\"65f0c0ffee0000000000abcd\",\"topic\":\"post.created\"}";

static void test_make(void)
{
    const char *a = NULL, *b = NULL;
    unsigned char raw[64];
    const char *encoded;

    UT_ASSERT_INT(fb_webhook_secret_make(ut_pool, &a), APR_SUCCESS);
    UT_ASSERT_INT(fb_webhook_secret_make(ut_pool, &b), APR_SUCCESS);
    CU_ASSERT_FATAL(a != NULL && b != NULL);
    CU_ASSERT_EQUAL(strncmp(a, FB_WEBHOOK_SECRET_PREFIX, 6), 0);
    /* 32 bytes are 44 base64 characters, one '=' of padding. */
    UT_ASSERT_INT(strlen(a), 6 + 44);
    encoded = a + strlen(FB_WEBHOOK_SECRET_PREFIX);
    UT_ASSERT_INT(apr_base64_decode_binary(raw, encoded),
                  FB_WEBHOOK_SECRET_BYTES);
    CU_ASSERT(strcmp(a, b) != 0);
}

/* Both schemes, as a receiver checks them. */
static void test_sign(void)
{
    apr_table_t *h = apr_table_make(ut_pool, 8);

    UT_ASSERT_INT(fb_webhook_sign(ut_pool, secret, id, ts, body, h), 1);
    UT_ASSERT_STR(apr_table_get(h, "X-Webhook-Timestamp"), ts);
    UT_ASSERT_STR(apr_table_get(h, "X-Webhook-Signature"),
                  "3961607c43effea8fd165362b4b9ffd1"
                  "1955142a9e9b4e46d88cf7be9d4fbd65");
    UT_ASSERT_STR(apr_table_get(h, "webhook-id"), id);
    UT_ASSERT_STR(apr_table_get(h, "webhook-timestamp"), ts);
    UT_ASSERT_STR(apr_table_get(h, "webhook-signature"),
                  "v1,joFnHTVTs82CBtVw37eDuNtlnu8WV40XZAy+Nt0mk/k=");
    UT_ASSERT_INT(apr_table_elts(h)->nelts, 5);
}

/* A secret not in the whsec_ format signs the hosted scheme only, and
 * says so. */
static void test_sign_foreign_secret(void)
{
    apr_table_t *h = apr_table_make(ut_pool, 8);

    UT_ASSERT_INT(fb_webhook_sign(ut_pool, "plain-secret", id, ts, body, h),
                  0);
    UT_ASSERT_STR(apr_table_get(h, "X-Webhook-Signature"),
                  "ca6cce009914cbb47b6aef5900744d48"
                  "e9c63cc2fed1f0cd67944fd189a1fbd2");
    UT_ASSERT_STR(apr_table_get(h, "webhook-signature"), NULL);
    UT_ASSERT_INT(apr_table_elts(h)->nelts, 2);
}

/* Any change of the body, the time or the id changes the signatures. */
static void test_sign_covers_everything(void)
{
    apr_table_t *a = apr_table_make(ut_pool, 8);
    apr_table_t *b = apr_table_make(ut_pool, 8);
    apr_table_t *c = apr_table_make(ut_pool, 8);

    fb_webhook_sign(ut_pool, secret, id, ts, "{}", a);
    fb_webhook_sign(ut_pool, secret, id, "1700000001", "{}", b);
    fb_webhook_sign(ut_pool, secret, "65f0c0ffee0000000000abce", ts, "{}",
                    c);
    CU_ASSERT(strcmp(apr_table_get(a, "X-Webhook-Signature"),
                     apr_table_get(b, "X-Webhook-Signature")) != 0);
    CU_ASSERT(strcmp(apr_table_get(a, "webhook-signature"),
                     apr_table_get(b, "webhook-signature")) != 0);
    /* The hosted scheme does not cover the id; Standard Webhooks does. */
    UT_ASSERT_STR(apr_table_get(a, "X-Webhook-Signature"),
                  apr_table_get(c, "X-Webhook-Signature"));
    CU_ASSERT(strcmp(apr_table_get(a, "webhook-signature"),
                     apr_table_get(c, "webhook-signature")) != 0);
}

void test_webhook_secret_register(void)
{
    static const ut_test_t tests[] = {
        {"make: whsec_ and 32 random bytes", test_make},
        {"sign: both schemes", test_sign},
        {"sign: a secret without whsec_", test_sign_foreign_secret},
        {"sign: body, time and id covered", test_sign_covers_everything},
        {NULL, NULL}
    };

    ut_add_suite("webhook_secret", NULL, NULL, NULL, NULL, tests);
}
