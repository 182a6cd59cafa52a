/*
 * test_vcache.c: the versioned cache (fb_vcache): a value is found only
 * at its version, a replaced value lives until its last holder lets go,
 * the cache stays bounded, and threads that read and replace at once
 * always get the value of the version they asked for.
 */
#include <stdlib.h>
#include <string.h>

#include <apr_strings.h>
#include <apr_thread_proc.h>

#include "fb_vcache.h"
#include "unit.h"

/* A value from malloc() that says which version it is. */
static void *value_of(apr_int64_t version)
{
    apr_int64_t *v = malloc(sizeof(*v));

    *v = version;
    return v;
}

static apr_int64_t version_in(const void *value)
{
    return *(const apr_int64_t *)value;
}

static void test_found_at_its_version_only(void)
{
    fb_vcache_t *c;
    fb_vcache_ref_t *ref, *put;
    const void *v;

    CU_ASSERT_EQUAL_FATAL(fb_vcache_create(ut_pool, 8, &c), APR_SUCCESS);
    CU_ASSERT_PTR_NULL(fb_vcache_get(c, "org1", 7, &ref));
    CU_ASSERT_PTR_NULL(ref);
    put = fb_vcache_put(c, "org1", 7, value_of(7));
    CU_ASSERT_PTR_NOT_NULL_FATAL(put);
    fb_vcache_release(c, put);
    v = fb_vcache_get(c, "org1", 7, &ref);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    CU_ASSERT(version_in(v) == 7);
    fb_vcache_release(c, ref);
    /* Another version, or another key, is not that value. */
    CU_ASSERT_PTR_NULL(fb_vcache_get(c, "org1", 8, &ref));
    CU_ASSERT_PTR_NULL(fb_vcache_get(c, "org1", 6, &ref));
    CU_ASSERT_PTR_NULL(fb_vcache_get(c, "org2", 7, &ref));
    fb_vcache_release(c, NULL);
    UT_ASSERT_INT(fb_vcache_count(c), 1);
}

static void test_replaced_value_outlives_holders(void)
{
    fb_vcache_t *c;
    fb_vcache_ref_t *held, *ref;
    const void *old, *v;

    CU_ASSERT_EQUAL_FATAL(fb_vcache_create(ut_pool, 8, &c), APR_SUCCESS);
    fb_vcache_release(c, fb_vcache_put(c, "org1", 1, value_of(1)));
    old = fb_vcache_get(c, "org1", 1, &held);
    CU_ASSERT_PTR_NOT_NULL_FATAL(old);
    /* A later version replaces it while it is held: the holder's value
     * stays readable (AddressSanitizer would see a use after free). */
    fb_vcache_release(c, fb_vcache_put(c, "org1", 2, value_of(2)));
    UT_ASSERT_INT(fb_vcache_count(c), 1);
    CU_ASSERT(version_in(old) == 1);
    CU_ASSERT_PTR_NULL(fb_vcache_get(c, "org1", 1, &ref));
    v = fb_vcache_get(c, "org1", 2, &ref);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    CU_ASSERT(version_in(v) == 2);
    fb_vcache_release(c, ref);
    fb_vcache_release(c, held);
    /* An older version may replace a newer one: a value read inside a
     * write that rolled back must not stay. */
    fb_vcache_release(c, fb_vcache_put(c, "org1", 1, value_of(1)));
    CU_ASSERT_PTR_NULL(fb_vcache_get(c, "org1", 2, &ref));
    CU_ASSERT_PTR_NOT_NULL(v = fb_vcache_get(c, "org1", 1, &ref));
    fb_vcache_release(c, ref);
}

static void test_bounded(void)
{
    fb_vcache_t *c;
    fb_vcache_ref_t *held, *ref;
    const void *v;

    CU_ASSERT_EQUAL_FATAL(fb_vcache_create(ut_pool, 2, &c), APR_SUCCESS);
    fb_vcache_release(c, fb_vcache_put(c, "a", 1, value_of(1)));
    held = fb_vcache_put(c, "b", 1, value_of(11));
    UT_ASSERT_INT(fb_vcache_count(c), 2);
    /* A third key when full drops everything, held or not. */
    fb_vcache_release(c, fb_vcache_put(c, "c", 1, value_of(21)));
    UT_ASSERT_INT(fb_vcache_count(c), 1);
    CU_ASSERT_PTR_NULL(fb_vcache_get(c, "a", 1, &ref));
    CU_ASSERT_PTR_NULL(fb_vcache_get(c, "b", 1, &ref));
    CU_ASSERT_PTR_NOT_NULL(v = fb_vcache_get(c, "c", 1, &ref));
    fb_vcache_release(c, ref);
    fb_vcache_release(c, held);
    /* A known key when full replaces it, dropping nothing else. */
    fb_vcache_release(c, fb_vcache_put(c, "d", 1, value_of(31)));
    fb_vcache_release(c, fb_vcache_put(c, "d", 2, value_of(32)));
    UT_ASSERT_INT(fb_vcache_count(c), 2);
}

#define RACE_THREADS 4
#define RACE_ROUNDS 20000

typedef struct {
    fb_vcache_t *cache;
    int seed;
    int wrong;
} racer_t;

/* Reads and replaces the values of three keys at versions 1 to 4, each
 * time checking that what it got is the version it asked for. */
static void *APR_THREAD_FUNC race(apr_thread_t *t, void *data)
{
    static const char *const keys[] = {"k0", "k1", "k2"};
    racer_t *r = data;
    unsigned s = (unsigned)r->seed;
    int i;

    for (i = 0; i < RACE_ROUNDS; i++) {
        const char *key;
        apr_int64_t version;
        fb_vcache_ref_t *ref;
        const void *v;

        s = s * 1103515245u + 12345u;
        key = keys[(s >> 16) % 3];
        version = (apr_int64_t)((s >> 8) % 4) + 1;
        v = fb_vcache_get(r->cache, key, version, &ref);
        if (v == NULL) {
            void *made = value_of(version);

            ref = fb_vcache_put(r->cache, key, version, made);
            v = ref != NULL ? made : NULL;
        }
        if (v == NULL || version_in(v) != version) {
            r->wrong++;
        }
        fb_vcache_release(r->cache, ref);
    }
    apr_thread_exit(t, APR_SUCCESS);
    return NULL;
}

static void test_threads(void)
{
    fb_vcache_t *c;
    apr_thread_t *threads[RACE_THREADS];
    racer_t racers[RACE_THREADS];
    apr_status_t rv;
    int i, wrong = 0;

    /* Two entries for three keys: dropping everything happens too. */
    CU_ASSERT_EQUAL_FATAL(fb_vcache_create(ut_pool, 2, &c), APR_SUCCESS);
    for (i = 0; i < RACE_THREADS; i++) {
        racers[i] = (racer_t){c, i + 1, 0};
        CU_ASSERT_EQUAL_FATAL(apr_thread_create(&threads[i], NULL, race,
                                                &racers[i], ut_pool),
                              APR_SUCCESS);
    }
    for (i = 0; i < RACE_THREADS; i++) {
        apr_thread_join(&rv, threads[i]);
        wrong += racers[i].wrong;
    }
    UT_ASSERT_INT(wrong, 0);
    CU_ASSERT(fb_vcache_count(c) >= 1 && fb_vcache_count(c) <= 2);
}

void test_vcache_register(void)
{
    static const ut_test_t tests[] = {
        {"a value is found at its version only",
         test_found_at_its_version_only},
        {"a replaced value lives until its holders let go",
         test_replaced_value_outlives_holders},
        {"bounded: full drops everything", test_bounded},
        {"threads reading and replacing at once", test_threads},
        {NULL, NULL}
    };

    ut_add_suite("fb_vcache", NULL, NULL, NULL, NULL, tests);
}
