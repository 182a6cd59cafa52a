/*
 * test_ratelimit.c: the fixed-window table of fb_ratelimit.
 */
#include <stdlib.h>

#include "fb_ratelimit.h"
#include "unit.h"

/* A table of n slots in ut_pool. */
static fb_ratelimit_t *make_table(apr_uint32_t n)
{
    return fb_ratelimit_init(apr_palloc(ut_pool, fb_ratelimit_size(n)), n);
}

static void test_counts_down_to_refusal(void)
{
    fb_ratelimit_t *rl = make_table(16);
    fb_ratelimit_result_t r;
    int i;

    for (i = 0; i < 3; i++) {
        fb_ratelimit_hit(rl, 42, 1200, 3, &r);
        UT_ASSERT_INT(r.allowed, 1);
        UT_ASSERT_INT(r.limit, 3);
        UT_ASSERT_INT(r.remaining, 2 - i);
        UT_ASSERT_INT(r.reset, 1260);
    }
    fb_ratelimit_hit(rl, 42, 1259, 3, &r);
    UT_ASSERT_INT(r.allowed, 0);
    UT_ASSERT_INT(r.remaining, 0);
    UT_ASSERT_INT(r.reset, 1260);
}

static void test_new_window_starts_afresh(void)
{
    fb_ratelimit_t *rl = make_table(16);
    fb_ratelimit_result_t r;

    fb_ratelimit_hit(rl, 7, 1200, 1, &r);
    fb_ratelimit_hit(rl, 7, 1230, 1, &r);
    UT_ASSERT_INT(r.allowed, 0);
    fb_ratelimit_hit(rl, 7, 1260, 1, &r);
    UT_ASSERT_INT(r.allowed, 1);
    UT_ASSERT_INT(r.remaining, 0);
    UT_ASSERT_INT(r.reset, 1320);
}

static void test_subjects_are_counted_apart(void)
{
    fb_ratelimit_t *rl = make_table(16);
    fb_ratelimit_result_t a, b;

    fb_ratelimit_hit(rl, 1, 600, 2, &a);
    fb_ratelimit_hit(rl, 1, 600, 2, &a);
    /* 17 lands on the same first slot as 1 in a table of 16. */
    fb_ratelimit_hit(rl, 17, 600, 2, &b);
    UT_ASSERT_INT(a.remaining, 0);
    UT_ASSERT_INT(b.allowed, 1);
    UT_ASSERT_INT(b.remaining, 1);
    fb_ratelimit_hit(rl, 1, 600, 2, &a);
    UT_ASSERT_INT(a.allowed, 0);
}

static void test_zero_limit_is_unlimited(void)
{
    fb_ratelimit_t *rl = make_table(4);
    fb_ratelimit_result_t r;
    int i;

    for (i = 0; i < 100; i++) {
        fb_ratelimit_hit(rl, 9, 60, 0, &r);
        UT_ASSERT_INT(r.allowed, 1);
    }
    UT_ASSERT_INT(r.limit, 0);
}

static void test_full_table_fails_open(void)
{
    /* Two slots, fewer than the probes: a third subject finds no room. */
    fb_ratelimit_t *rl = make_table(2);
    fb_ratelimit_result_t r;

    fb_ratelimit_hit(rl, 0, 60, 1, &r);
    fb_ratelimit_hit(rl, 1, 60, 1, &r);
    fb_ratelimit_hit(rl, 2, 60, 1, &r);
    fb_ratelimit_hit(rl, 2, 60, 1, &r);
    UT_ASSERT_INT(r.allowed, 1);
    UT_ASSERT_INT(r.remaining, 1);
    /* The counted subjects are still limited. */
    fb_ratelimit_hit(rl, 0, 60, 1, &r);
    UT_ASSERT_INT(r.allowed, 0);
    /* In the next window the stale slots are free again. */
    fb_ratelimit_hit(rl, 2, 120, 1, &r);
    fb_ratelimit_hit(rl, 2, 120, 1, &r);
    UT_ASSERT_INT(r.allowed, 0);
}

/* peek reports without counting: only hits use up the limit. */
static void test_peek_counts_nothing(void)
{
    fb_ratelimit_t *rl = make_table(16);
    fb_ratelimit_result_t r;
    int i;

    for (i = 0; i < 5; i++) {
        fb_ratelimit_peek(rl, 9, 1200, 2, &r);
        UT_ASSERT_INT(r.allowed, 1);
        UT_ASSERT_INT(r.remaining, 2);
    }
    fb_ratelimit_hit(rl, 9, 1200, 2, &r);
    fb_ratelimit_peek(rl, 9, 1201, 2, &r);
    UT_ASSERT_INT(r.allowed, 1);
    UT_ASSERT_INT(r.remaining, 1);
    fb_ratelimit_hit(rl, 9, 1202, 2, &r);
    fb_ratelimit_peek(rl, 9, 1203, 2, &r);
    UT_ASSERT_INT(r.allowed, 0);
    UT_ASSERT_INT(r.remaining, 0);
    UT_ASSERT_INT(r.reset, 1260);
    /* Another subject, and the next window, are untouched. */
    fb_ratelimit_peek(rl, 10, 1203, 2, &r);
    UT_ASSERT_INT(r.allowed, 1);
    fb_ratelimit_peek(rl, 9, 1260, 2, &r);
    UT_ASSERT_INT(r.allowed, 1);
    UT_ASSERT_INT(r.remaining, 2);
}

/* Use: the subjects counted in the current window only. */
static void test_used_counts_this_window(void)
{
    fb_ratelimit_t *rl = make_table(64);
    fb_ratelimit_result_t r;

    UT_ASSERT_INT(fb_ratelimit_slots(rl), 64);
    UT_ASSERT_INT(fb_ratelimit_used(rl, 1200), 0);
    fb_ratelimit_hit(rl, 1, 1200, 5, &r);
    fb_ratelimit_hit(rl, 1, 1201, 5, &r);
    fb_ratelimit_hit(rl, 2, 1202, 5, &r);
    fb_ratelimit_hit(rl, 3, 1150, 5, &r);    /* the window before */
    /* Unlimited subjects take no slot. */
    fb_ratelimit_hit(rl, 4, 1203, 0, &r);
    UT_ASSERT_INT(fb_ratelimit_used(rl, 1210), 2);
    UT_ASSERT_INT(fb_ratelimit_used(rl, 1170), 1);
    UT_ASSERT_INT(fb_ratelimit_used(rl, 1260), 0);
}

void test_ratelimit_register(void)
{
    static const ut_test_t tests[] = {
        {"counts down to refusal", test_counts_down_to_refusal},
        {"a new window starts afresh", test_new_window_starts_afresh},
        {"subjects are counted apart", test_subjects_are_counted_apart},
        {"a zero limit is unlimited", test_zero_limit_is_unlimited},
        {"a full table fails open", test_full_table_fails_open},
        {"peek counts nothing", test_peek_counts_nothing},
        {"used counts this window", test_used_counts_this_window},
        {NULL, NULL}
    };

    ut_add_suite("fb_ratelimit", NULL, NULL, NULL, NULL, tests);
}
