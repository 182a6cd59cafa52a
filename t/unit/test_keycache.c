/*
 * test_keycache.c: the API key cache (fb_keycache).
 *
 * Times are explicit: the cache never reads the clock itself.
 */
#include <stdio.h>
#include <string.h>

#include "fb_keycache.h"
#include "unit.h"

#define T0  ((apr_time_t)1000000000)
#define TTL ((apr_interval_time_t)10000000)

/* A key hash that differs from the others by its seed. */
static const unsigned char *hash(int seed)
{
    unsigned char *h = apr_palloc(ut_pool, FB_SHA256_LEN);

    memset(h, 0xa5, FB_SHA256_LEN);
    h[0] = (unsigned char)seed;
    h[FB_SHA256_LEN - 1] = (unsigned char)(seed * 7);
    return h;
}

/* A principal whose every field depends on seed. */
static fb_principal_t principal(int seed)
{
    fb_principal_t p;

    memset(&p, 0, sizeof(p));
    snprintf(p.org_id, sizeof(p.org_id), "%024x", seed);
    snprintf(p.admin_id, sizeof(p.admin_id), "%024x", seed + 1);
    p.perms = FB_PERM_BIT(seed % FB_PERM__COUNT) | FB_PERM_BIT(44);
    p.viewer = seed & 1;
    p.owner = !(seed & 1);
    p.version = seed % 2;
    return p;
}

static fb_keycache_t *cache(int max, apr_interval_time_t ttl)
{
    fb_keycache_t *c = NULL;

    CU_ASSERT_EQUAL(fb_keycache_create(ut_pool, max, ttl, &c), APR_SUCCESS);
    return c;
}

/* Asserts that a lookup of seed at now gives want (and p for FOUND). */
#define ASSERT_GET(c, seed, now, want, seed_of_p) \
    assert_get((c), (seed), (now), (want), (seed_of_p), __LINE__)

static void assert_get(fb_keycache_t *c, int seed, apr_time_t now,
                       fb_keycache_result_e want, int seed_of_p, int line)
{
    fb_principal_t out, expected = principal(seed_of_p);
    fb_keycache_result_e got;

    memset(&out, 0x5a, sizeof(out));
    got = fb_keycache_get(c, hash(seed), now, &out);
    if (!UT_ASSERT_INT(got, want)) {
        UT_ASSERT_INT(line, 0);
        return;
    }
    if (want == FB_KEYCACHE_FOUND) {
        UT_ASSERT_STR(out.org_id, expected.org_id);
        UT_ASSERT_STR(out.admin_id, expected.admin_id);
        CU_ASSERT(out.perms == expected.perms);
        UT_ASSERT_INT(out.viewer, expected.viewer);
        UT_ASSERT_INT(out.owner, expected.owner);
        UT_ASSERT_INT(out.version, expected.version);
    }
    else {
        /* Only FOUND writes the principal. */
        UT_ASSERT_INT(((unsigned char *)&out)[0], 0x5a);
    }
}

static void test_miss_put_get(void)
{
    fb_keycache_t *c = cache(8, TTL);
    fb_principal_t p = principal(3);

    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    UT_ASSERT_INT(fb_keycache_count(c), 0);
    ASSERT_GET(c, 3, T0, FB_KEYCACHE_MISS, 0);
    fb_keycache_put(c, hash(3), T0, &p);
    UT_ASSERT_INT(fb_keycache_count(c), 1);
    /* The cache holds a copy: changing ours changes nothing. */
    memset(&p, 0, sizeof(p));
    ASSERT_GET(c, 3, T0, FB_KEYCACHE_FOUND, 3);
    ASSERT_GET(c, 3, T0 + TTL - 1, FB_KEYCACHE_FOUND, 3);
    ASSERT_GET(c, 4, T0, FB_KEYCACHE_MISS, 0);
    UT_ASSERT_INT(fb_keycache_count(c), 1);
}

static void test_invalid(void)
{
    fb_keycache_t *c = cache(8, TTL);

    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    fb_keycache_put(c, hash(5), T0, NULL);
    UT_ASSERT_INT(fb_keycache_count(c), 1);
    ASSERT_GET(c, 5, T0 + 1, FB_KEYCACHE_INVALID, 0);
    ASSERT_GET(c, 5, T0 + TTL, FB_KEYCACHE_MISS, 0);
}

/* An entry lives until now + ttl, exclusive, and then goes away. */
static void test_expiry(void)
{
    fb_keycache_t *c = cache(8, TTL);
    fb_principal_t p = principal(1);

    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    fb_keycache_put(c, hash(1), T0, &p);
    ASSERT_GET(c, 1, T0 + TTL - 1, FB_KEYCACHE_FOUND, 1);
    ASSERT_GET(c, 1, T0 + TTL, FB_KEYCACHE_MISS, 0);
    UT_ASSERT_INT(fb_keycache_count(c), 0);
    /* Gone for good, even when asked about an earlier time again. */
    ASSERT_GET(c, 1, T0, FB_KEYCACHE_MISS, 0);
}

/* A new put replaces the principal or validity and restarts the ttl. */
static void test_reput(void)
{
    fb_keycache_t *c = cache(8, TTL);
    fb_principal_t p1 = principal(1), p2 = principal(2);

    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    fb_keycache_put(c, hash(1), T0, &p1);
    fb_keycache_put(c, hash(1), T0 + 5, &p2);
    UT_ASSERT_INT(fb_keycache_count(c), 1);
    ASSERT_GET(c, 1, T0 + TTL + 4, FB_KEYCACHE_FOUND, 2);
    fb_keycache_put(c, hash(1), T0 + 6, NULL);
    ASSERT_GET(c, 1, T0 + 7, FB_KEYCACHE_INVALID, 0);
    fb_keycache_put(c, hash(1), T0 + 8, &p1);
    ASSERT_GET(c, 1, T0 + 9, FB_KEYCACHE_FOUND, 1);
    UT_ASSERT_INT(fb_keycache_count(c), 1);
}

/* A ttl of zero or less turns the cache off. */
static void test_ttl_zero(void)
{
    static const apr_interval_time_t ttls[] = {0, -1};
    apr_size_t i;

    for (i = 0; i < sizeof(ttls) / sizeof(ttls[0]); i++) {
        fb_keycache_t *c = cache(8, ttls[i]);
        fb_principal_t p = principal(1);

        CU_ASSERT_PTR_NOT_NULL_FATAL(c);
        fb_keycache_put(c, hash(1), T0, &p);
        fb_keycache_put(c, hash(2), T0, NULL);
        UT_ASSERT_INT(fb_keycache_count(c), 0);
        ASSERT_GET(c, 1, T0, FB_KEYCACHE_MISS, 0);
        ASSERT_GET(c, 2, T0, FB_KEYCACHE_MISS, 0);
    }
}

/* Full and nothing expired: everything goes, the new entry stays. */
static void test_bounded_flush(void)
{
    fb_keycache_t *c = cache(2, TTL);
    fb_principal_t p1 = principal(1), p2 = principal(2), p3 = principal(3);

    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    fb_keycache_put(c, hash(1), T0, &p1);
    fb_keycache_put(c, hash(2), T0, &p2);
    UT_ASSERT_INT(fb_keycache_count(c), 2);
    fb_keycache_put(c, hash(3), T0 + 1, &p3);
    UT_ASSERT_INT(fb_keycache_count(c), 1);
    ASSERT_GET(c, 3, T0 + 2, FB_KEYCACHE_FOUND, 3);
    ASSERT_GET(c, 1, T0 + 2, FB_KEYCACHE_MISS, 0);
    ASSERT_GET(c, 2, T0 + 2, FB_KEYCACHE_MISS, 0);
}

/* Full with an expired entry: only that one goes. */
static void test_bounded_expired_first(void)
{
    fb_keycache_t *c = cache(2, TTL);
    fb_principal_t p1 = principal(1), p2 = principal(2), p3 = principal(3);

    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    fb_keycache_put(c, hash(1), T0, &p1);
    fb_keycache_put(c, hash(2), T0 + TTL / 2, &p2);
    fb_keycache_put(c, hash(3), T0 + TTL, &p3);
    UT_ASSERT_INT(fb_keycache_count(c), 2);
    ASSERT_GET(c, 2, T0 + TTL, FB_KEYCACHE_FOUND, 2);
    ASSERT_GET(c, 3, T0 + TTL, FB_KEYCACHE_FOUND, 3);
    ASSERT_GET(c, 1, T0 + TTL, FB_KEYCACHE_MISS, 0);
}

/* Many keys through a small cache: never more than the bound. */
static void test_bounded_churn(void)
{
    fb_keycache_t *c = cache(3, TTL);
    int i;

    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    for (i = 0; i < 50; i++) {
        fb_principal_t p = principal(i);

        fb_keycache_put(c, hash(i), T0 + i * (TTL / 4), &p);
        if (fb_keycache_count(c) > 3 || fb_keycache_count(c) < 1) {
            UT_ASSERT_INT(fb_keycache_count(c), 3);
            break;
        }
        ASSERT_GET(c, i, T0 + i * (TTL / 4), FB_KEYCACHE_FOUND, i);
    }
}

/* A size of zero or less still caches one entry. */
static void test_min_size(void)
{
    fb_keycache_t *c = cache(0, TTL);
    fb_principal_t p1 = principal(1), p2 = principal(2);

    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    fb_keycache_put(c, hash(1), T0, &p1);
    ASSERT_GET(c, 1, T0, FB_KEYCACHE_FOUND, 1);
    fb_keycache_put(c, hash(2), T0, &p2);
    UT_ASSERT_INT(fb_keycache_count(c), 1);
    ASSERT_GET(c, 2, T0, FB_KEYCACHE_FOUND, 2);
}

void test_keycache_register(void)
{
    static const ut_test_t tests[] = {
        {"miss, put, found with fields copied", test_miss_put_get},
        {"put NULL gives INVALID", test_invalid},
        {"expiry at now + ttl", test_expiry},
        {"put again updates", test_reput},
        {"ttl 0 disables caching", test_ttl_zero},
        {"bounded: flush when nothing expired", test_bounded_flush},
        {"bounded: expired entries go first", test_bounded_expired_first},
        {"bounded: churn stays within the bound", test_bounded_churn},
        {"size 0 means one entry", test_min_size},
        {NULL, NULL}
    };

    ut_add_suite("fb_keycache", NULL, NULL, NULL, NULL, tests);
}
