/*
 * test_sharetab.c: the fair-share books of fb_sharetab.
 */
#include <string.h>

#include "fb_sharetab.h"
#include "unit.h"

/* A table of n slots in ut_pool. */
static fb_sharetab_t *make_table(apr_uint32_t n)
{
    return fb_sharetab_init(apr_palloc(ut_pool, fb_sharetab_size(n)), n);
}

static const fb_share_rule_t two = {.fixed = 2};

static void test_fixed_limit(void)
{
    fb_sharetab_t *t = make_table(16);
    fb_share_result_t r;

    fb_sharetab_take(t, 7, "org7", FB_SHARE_EXPENSIVE, &two, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    UT_ASSERT_INT(r.held, 0);
    UT_ASSERT_INT(r.limit, 2);
    fb_sharetab_take(t, 7, "org7", FB_SHARE_EXPENSIVE, &two, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    fb_sharetab_take(t, 7, "org7", FB_SHARE_EXPENSIVE, &two, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_REFUSED);
    UT_ASSERT_INT(r.held, 2);
    /* A refusal counts when the caller answers it, not when it asks. */
    UT_ASSERT_INT(fb_sharetab_refused(t, FB_SHARE_EXPENSIVE), 0);
    fb_sharetab_refuse(t, FB_SHARE_EXPENSIVE);
    UT_ASSERT_INT(fb_sharetab_refused(t, FB_SHARE_EXPENSIVE), 1);
    /* Another class of the same subject, and another subject, are
     * counted apart. */
    fb_sharetab_take(t, 7, "org7", FB_SHARE_UPLOADS, &two, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    fb_sharetab_take(t, 8, "org8", FB_SHARE_EXPENSIVE, &two, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    UT_ASSERT_INT(fb_sharetab_total(t, FB_SHARE_EXPENSIVE), 3);
    UT_ASSERT_INT(fb_sharetab_holders(t, FB_SHARE_EXPENSIVE), 2);
    /* Given back, one more fits again. */
    fb_sharetab_give(t, 7, FB_SHARE_EXPENSIVE);
    fb_sharetab_take(t, 7, "org7", FB_SHARE_EXPENSIVE, &two, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
}

/* One subject alone may hold the whole pool; each newcomer cuts the
 * share, down to the floor. */
static void test_share_is_work_conserving(void)
{
    fb_sharetab_t *t = make_table(64);
    const fb_share_rule_t rule = {.pool = 12, .floor = 2};
    fb_share_result_t r;
    apr_uint64_t s;
    int i;

    for (i = 0; i < 12; i++) {
        fb_sharetab_take(t, 1, "a", FB_SHARE_WORKERS, &rule, 0, &r);
        UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    }
    fb_sharetab_take(t, 1, "a", FB_SHARE_WORKERS, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_REFUSED);
    UT_ASSERT_INT(r.limit, 12);
    /* A second subject is let in (its share is 6, it holds nothing) and
     * the first is then over its share. */
    fb_sharetab_take(t, 2, "b", FB_SHARE_WORKERS, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    UT_ASSERT_INT(r.limit, 6);
    for (i = 0; i < 6; i++) {
        fb_sharetab_give(t, 1, FB_SHARE_WORKERS);
    }
    fb_sharetab_take(t, 1, "a", FB_SHARE_WORKERS, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_REFUSED);
    UT_ASSERT_INT(r.held, 6);
    fb_sharetab_give(t, 1, FB_SHARE_WORKERS);
    fb_sharetab_take(t, 1, "a", FB_SHARE_WORKERS, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    /* Many subjects: the floor holds. */
    for (s = 10; s < 30; s++) {
        fb_sharetab_take(t, s, "many", FB_SHARE_WORKERS, &rule, 0, &r);
        UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    }
    fb_sharetab_take(t, 10, "many", FB_SHARE_WORKERS, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    UT_ASSERT_INT(r.limit, 2);
    fb_sharetab_take(t, 10, "many", FB_SHARE_WORKERS, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_REFUSED);
}

/* Subjects colliding on one home slot, freed in every order: each keeps
 * its own count and an emptied slot leaves no hole in another's run. */
static void test_collisions_and_removal(void)
{
    fb_sharetab_t *t = make_table(8);
    const fb_share_rule_t many = {.fixed = 100};
    /* 1, 9 and 17 share home slot 1 in a table of 8; 2 is home at 2. */
    const apr_uint64_t subjects[] = {1, 9, 17, 2, 10};
    fb_share_result_t r;
    int i, n = (int)(sizeof(subjects) / sizeof(subjects[0]));

    for (i = 0; i < n; i++) {
        int k;

        for (k = 0; k <= i; k++) {
            fb_sharetab_take(t, subjects[i], "x", FB_SHARE_WORKERS, &many,
                             0, &r);
            UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
        }
    }
    fb_sharetab_give(t, 9, FB_SHARE_WORKERS);
    fb_sharetab_give(t, 9, FB_SHARE_WORKERS);      /* 9 is gone */
    fb_sharetab_give(t, 1, FB_SHARE_WORKERS);      /* and 1 */
    UT_ASSERT_INT(fb_sharetab_held(t, 9, FB_SHARE_WORKERS), 0);
    UT_ASSERT_INT(fb_sharetab_held(t, 1, FB_SHARE_WORKERS), 0);
    UT_ASSERT_INT(fb_sharetab_held(t, 17, FB_SHARE_WORKERS), 3);
    UT_ASSERT_INT(fb_sharetab_held(t, 2, FB_SHARE_WORKERS), 4);
    UT_ASSERT_INT(fb_sharetab_held(t, 10, FB_SHARE_WORKERS), 5);
    UT_ASSERT_INT(fb_sharetab_holders(t, FB_SHARE_WORKERS), 3);
    UT_ASSERT_INT(fb_sharetab_total(t, FB_SHARE_WORKERS), 12);
    /* Giving what was never taken changes nothing. */
    fb_sharetab_give(t, 99, FB_SHARE_WORKERS);
    fb_sharetab_give(t, 17, FB_SHARE_UPLOADS);
    UT_ASSERT_INT(fb_sharetab_total(t, FB_SHARE_WORKERS), 12);
    UT_ASSERT_INT(fb_sharetab_held(t, 17, FB_SHARE_WORKERS), 3);
}

/* Under a total, the table holds at most that many, whoever asks; a
 * unit given back goes to the waiting subject holding fewest, then to
 * the one served longest ago, not to whoever asks first. */
static void test_total_is_shared_fairly(void)
{
    fb_sharetab_t *t = make_table(16);
    const fb_share_rule_t rule = {.fixed = 2, .total = 1};
    fb_share_holding_t top[4];
    fb_share_result_t r;

    fb_sharetab_take(t, 1, "a", FB_SHARE_EXPENSIVE, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    /* Full: A's second and B's first are busy (not refused: neither
     * holds its own limit). */
    fb_sharetab_take(t, 1, "a", FB_SHARE_EXPENSIVE, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_BUSY);
    fb_sharetab_take(t, 2, "b", FB_SHARE_EXPENSIVE, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_BUSY);
    /* Both wait, A with three requests.  B holds nothing: a waiter of B
     * gets a slot of its own. */
    UT_ASSERT_INT(fb_sharetab_wait(t, 1, "a", FB_SHARE_EXPENSIVE, 1), 1);
    UT_ASSERT_INT(fb_sharetab_wait(t, 1, "a", FB_SHARE_EXPENSIVE, 1), 1);
    UT_ASSERT_INT(fb_sharetab_wait(t, 1, "a", FB_SHARE_EXPENSIVE, 1), 1);
    UT_ASSERT_INT(fb_sharetab_wait(t, 2, "b", FB_SHARE_EXPENSIVE, 1), 1);
    UT_ASSERT_INT(fb_sharetab_waiters(t, FB_SHARE_EXPENSIVE), 2);
    /* A gives its unit back and asks again first: B is due it. */
    fb_sharetab_give(t, 1, FB_SHARE_EXPENSIVE);
    fb_sharetab_take(t, 1, "a", FB_SHARE_EXPENSIVE, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_BUSY);
    fb_sharetab_take(t, 2, "b", FB_SHARE_EXPENSIVE, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    fb_sharetab_wait(t, 2, "b", FB_SHARE_EXPENSIVE, 0);
    /* B waits again, with one more: when B's unit comes back, both hold
     * none, and A took its last longer ago. */
    fb_sharetab_wait(t, 2, "b", FB_SHARE_EXPENSIVE, 1);
    fb_sharetab_give(t, 2, FB_SHARE_EXPENSIVE);
    fb_sharetab_take(t, 2, "b", FB_SHARE_EXPENSIVE, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_BUSY);
    fb_sharetab_take(t, 1, "a", FB_SHARE_EXPENSIVE, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    /* Waiting ends: B holds and waits for nothing, its slot is freed;
     * A's stays while it holds. */
    fb_sharetab_wait(t, 2, "b", FB_SHARE_EXPENSIVE, 0);
    UT_ASSERT_INT(fb_sharetab_wait(t, 2, "b", FB_SHARE_EXPENSIVE, 0), 0);
    UT_ASSERT_INT(fb_sharetab_waiters(t, FB_SHARE_EXPENSIVE), 1);
    fb_sharetab_wait(t, 1, "a", FB_SHARE_EXPENSIVE, 0);
    fb_sharetab_wait(t, 1, "a", FB_SHARE_EXPENSIVE, 0);
    fb_sharetab_wait(t, 1, "a", FB_SHARE_EXPENSIVE, 0);
    UT_ASSERT_INT(fb_sharetab_waiters(t, FB_SHARE_EXPENSIVE), 0);
    UT_ASSERT_INT(fb_sharetab_held(t, 1, FB_SHARE_EXPENSIVE), 1);
    fb_sharetab_give(t, 1, FB_SHARE_EXPENSIVE);
    UT_ASSERT_INT(fb_sharetab_total(t, FB_SHARE_EXPENSIVE), 0);
    /* No slot is left (top lists every subject with a slot). */
    UT_ASSERT_INT(fb_sharetab_top(t, top, 4), 0);
    /* With nobody waiting, a newcomer takes a free unit at once. */
    fb_sharetab_take(t, 3, "c", FB_SHARE_EXPENSIVE, &rule, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
}

/* With a linger, the pool is divided among the subjects that asked
 * lately, not only those holding now; with alone, a subject by itself is
 * not limited at all. */
static void test_linger_and_alone(void)
{
    fb_sharetab_t *t = make_table(16);
    const fb_share_rule_t rule = {.pool = 2, .floor = 1,
                                  .linger = apr_time_from_msec(100),
                                  .alone = 1};
    const apr_time_t t0 = apr_time_from_sec(1000);
    fb_share_result_t r;
    int i;

    for (i = 0; i < 5; i++) {
        fb_sharetab_take(t, 1, "a", FB_SHARE_DATABASE, &rule, t0, &r);
        UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    }
    /* B comes: its share is 1 of 2, and it holds none. */
    fb_sharetab_take(t, 2, "b", FB_SHARE_DATABASE, &rule,
                     t0 + apr_time_from_msec(10), &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    UT_ASSERT_INT(r.limit, 1);
    fb_sharetab_give(t, 2, FB_SHARE_DATABASE);
    /* B holds nothing now, but asked lately: A is held to its share. */
    fb_sharetab_take(t, 1, "a", FB_SHARE_DATABASE, &rule,
                     t0 + apr_time_from_msec(50), &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_REFUSED);
    UT_ASSERT_INT(r.limit, 1);
    for (i = 0; i < 5; i++) {
        fb_sharetab_give(t, 1, FB_SHARE_DATABASE);
    }
    fb_sharetab_take(t, 1, "a", FB_SHARE_DATABASE, &rule,
                     t0 + apr_time_from_msec(60), &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    fb_sharetab_take(t, 1, "a", FB_SHARE_DATABASE, &rule,
                     t0 + apr_time_from_msec(60), &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_REFUSED);
    /* B has not asked for longer than the linger: A is alone again. */
    fb_sharetab_take(t, 1, "a", FB_SHARE_DATABASE, &rule,
                     t0 + apr_time_from_msec(111), &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    UT_ASSERT_INT(fb_sharetab_held(t, 1, FB_SHARE_DATABASE), 2);
}

static void test_full_table_fails_open(void)
{
    fb_sharetab_t *t = make_table(4);
    const fb_share_rule_t one = {.fixed = 1};
    fb_share_result_t r;
    apr_uint64_t s;

    for (s = 1; s <= 4; s++) {
        fb_sharetab_take(t, s, "x", FB_SHARE_WORKERS, &one, 0, &r);
        UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
    }
    fb_sharetab_take(t, 5, "x", FB_SHARE_WORKERS, &one, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_UNCOUNTED);
    /* A subject with a slot is still held to its limit. */
    fb_sharetab_take(t, 3, "x", FB_SHARE_WORKERS, &one, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_REFUSED);
    fb_sharetab_give(t, 2, FB_SHARE_WORKERS);
    fb_sharetab_take(t, 5, "x", FB_SHARE_WORKERS, &one, 0, &r);
    UT_ASSERT_INT(r.outcome, FB_SHARE_TAKEN);
}

static void test_top_lists_the_largest(void)
{
    fb_sharetab_t *t = make_table(16);
    const fb_share_rule_t many = {.fixed = 100};
    static const char *const labels[] = {"one", "two", "three", "four"};
    fb_share_holding_t top[3];
    fb_share_result_t r;
    int i, k;

    for (i = 0; i < 4; i++) {
        for (k = 0; k <= i; k++) {
            fb_sharetab_take(t, (apr_uint64_t)(100 + i), labels[i],
                             FB_SHARE_WORKERS, &many, 0, &r);
        }
    }
    fb_sharetab_take(t, 100, "one", FB_SHARE_UPLOADS, &many, 0, &r);
    UT_ASSERT_INT(fb_sharetab_top(t, top, 3), 3);
    UT_ASSERT_STR(top[0].label, "four");
    UT_ASSERT_INT(top[0].held[FB_SHARE_WORKERS], 4);
    UT_ASSERT_STR(top[1].label, "three");
    UT_ASSERT_STR(top[2].label, "two");
    UT_ASSERT_INT(fb_sharetab_top(t, top, 0), 0);
}

void test_sharetab_register(void)
{
    static const ut_test_t tests[] = {
        {"a fixed limit", test_fixed_limit},
        {"a share is work-conserving", test_share_is_work_conserving},
        {"collisions and removal", test_collisions_and_removal},
        {"a total is shared fairly", test_total_is_shared_fairly},
        {"a linger shares among those that asked lately",
         test_linger_and_alone},
        {"a full table fails open", test_full_table_fails_open},
        {"top lists the largest holders", test_top_lists_the_largest},
        {NULL, NULL}
    };

    ut_add_suite("fb_sharetab", NULL, NULL, NULL, NULL, tests);
}
