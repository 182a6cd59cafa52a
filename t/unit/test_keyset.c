/*
 * test_keyset.c: the bounded fingerprint set of fb_keyset.
 */
#include "fb_keyset.h"
#include "unit.h"

/* A set of n slots in ut_pool. */
static fb_keyset_t *make_set(apr_uint32_t n)
{
    return fb_keyset_init(apr_palloc(ut_pool, fb_keyset_size(n)), n);
}

static void test_added_removed(void)
{
    fb_keyset_t *ks = make_set(64);

    UT_ASSERT_INT(fb_keyset_slots(ks), 64);
    UT_ASSERT_INT(fb_keyset_has(ks, 42), 0);
    fb_keyset_add(ks, 42, 1000);
    fb_keyset_add(ks, 43, 1000);
    UT_ASSERT_INT(fb_keyset_has(ks, 42), 1);
    UT_ASSERT_INT(fb_keyset_has(ks, 43), 1);
    UT_ASSERT_INT(fb_keyset_has(ks, 44), 0);
    /* Seen again: still one entry. */
    fb_keyset_add(ks, 42, 1001);
    UT_ASSERT_INT(fb_keyset_used(ks), 2);
    fb_keyset_remove(ks, 42);
    fb_keyset_remove(ks, 99);
    UT_ASSERT_INT(fb_keyset_has(ks, 42), 0);
    UT_ASSERT_INT(fb_keyset_has(ks, 43), 1);
    UT_ASSERT_INT(fb_keyset_used(ks), 1);
    /* Fingerprint 0 and time 0 are values like others. */
    fb_keyset_add(ks, 0, 0);
    UT_ASSERT_INT(fb_keyset_has(ks, 0), 1);
}

/* Two buckets of FB_KEYSET_WAYS: even fingerprints share bucket 0. */
static void test_full_bucket_gives_up_the_least_recent(void)
{
    fb_keyset_t *ks = make_set(2 * FB_KEYSET_WAYS);
    apr_uint64_t i;

    for (i = 0; i < FB_KEYSET_WAYS; i++) {
        fb_keyset_add(ks, 2 * i, 1000 + (apr_int64_t)i);
    }
    fb_keyset_add(ks, 1, 1000);
    /* The oldest (0) seen again: 2 is now the least recent. */
    fb_keyset_add(ks, 0, 2000);
    fb_keyset_add(ks, 2 * FB_KEYSET_WAYS, 2001);
    UT_ASSERT_INT(fb_keyset_has(ks, 2), 0);
    UT_ASSERT_INT(fb_keyset_has(ks, 0), 1);
    UT_ASSERT_INT(fb_keyset_has(ks, 2 * FB_KEYSET_WAYS), 1);
    for (i = 2; i < FB_KEYSET_WAYS; i++) {
        UT_ASSERT_INT(fb_keyset_has(ks, 2 * i), 1);
    }
    /* The other bucket is untouched, and the set never grows. */
    UT_ASSERT_INT(fb_keyset_has(ks, 1), 1);
    UT_ASSERT_INT(fb_keyset_used(ks), FB_KEYSET_WAYS + 1);
    for (i = 0; i < 1000; i++) {
        fb_keyset_add(ks, i, 3000 + (apr_int64_t)i);
    }
    UT_ASSERT_INT(fb_keyset_used(ks), 2 * FB_KEYSET_WAYS);
    UT_ASSERT_INT(fb_keyset_has(ks, 999), 1);
    UT_ASSERT_INT(fb_keyset_has(ks, 1), 0);
}

/* A removed slot is the first one reused, before any eviction. */
static void test_removed_slot_is_reused(void)
{
    fb_keyset_t *ks = make_set(FB_KEYSET_WAYS);
    apr_uint64_t i;

    for (i = 0; i < FB_KEYSET_WAYS; i++) {
        fb_keyset_add(ks, i, 1000);
    }
    fb_keyset_remove(ks, 5);
    fb_keyset_add(ks, 100, 900);
    for (i = 0; i < FB_KEYSET_WAYS; i++) {
        UT_ASSERT_INT(fb_keyset_has(ks, i), i != 5);
    }
    UT_ASSERT_INT(fb_keyset_has(ks, 100), 1);
}

/* A set smaller than a bucket is one bucket. */
static void test_smallest_set(void)
{
    fb_keyset_t *ks = make_set(1);

    UT_ASSERT_INT(fb_keyset_slots(ks), FB_KEYSET_WAYS);
    fb_keyset_add(ks, 7, 60);
    UT_ASSERT_INT(fb_keyset_has(ks, 7), 1);
}

void test_keyset_register(void)
{
    static const ut_test_t tests[] = {
        {"added and removed", test_added_removed},
        {"a full bucket gives up the least recent",
         test_full_bucket_gives_up_the_least_recent},
        {"a removed slot is reused", test_removed_slot_is_reused},
        {"the smallest set is one bucket", test_smallest_set},
        {NULL, NULL}
    };

    ut_add_suite("fb_keyset", NULL, NULL, NULL, NULL, tests);
}
