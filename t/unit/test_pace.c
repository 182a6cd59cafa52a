/*
 * test_pace.c: the load-dependent bounds on slow clients (fb_pace), with
 * the shipped defaults (docs/directives.md).
 */
#include "fb_pace.h"
#include "unit.h"

/* FeedbackBodyGrace 10s 1s, FeedbackBodyMinRate 500 8192,
 * FeedbackBodyTimeout 60s. */
static const fb_pace_body_t json_body = {{10000, 1000}, {500, 8192}, 60000};
/* The same with FeedbackUploadMinRate 500 8192, FeedbackUploadTimeout
 * 1800s. */
static const fb_pace_body_t upload = {{10000, 1000}, {500, 8192}, 1800000};
/* FeedbackHeaderTimeout 20s 500ms. */
static const fb_pace_span_t header = {20000, 500};

#define SEC(s) apr_time_from_sec(s)
#define T0 SEC(1000000)

static void test_rate_is_a_straight_line(void)
{
    fb_pace_span_t rate = {500, 8500};

    UT_ASSERT_INT(fb_pace_rate(&rate, 0, 256), 500);
    UT_ASSERT_INT(fb_pace_rate(&rate, 64, 256), 2500);
    UT_ASSERT_INT(fb_pace_rate(&rate, 128, 256), 4500);
    UT_ASSERT_INT(fb_pace_rate(&rate, 256, 256), 8500);
    /* Beyond the limit: a graceful restart's old children. */
    UT_ASSERT_INT(fb_pace_rate(&rate, 300, 256), 8500);
}

static void test_time_is_the_inverse_of_a_straight_line(void)
{
    fb_pace_span_t grace = {10000, 1000};

    UT_ASSERT_INT(fb_pace_time(&grace, 0, 256), 10000);
    /* 1 / (1/10 + 1/2 * (1 - 1/10)) s */
    UT_ASSERT_INT(fb_pace_time(&grace, 128, 256), 1818);
    UT_ASSERT_INT(fb_pace_time(&grace, 256, 256), 1000);
    UT_ASSERT_INT(fb_pace_time(&grace, 300, 256), 1000);
    UT_ASSERT_INT(fb_pace_time(&header, 128, 256), 975);
    /* The same at any load. */
    UT_ASSERT_INT(fb_pace_time(&(fb_pace_span_t){3000, 3000}, 99, 256),
                  3000);
}

static void test_unknown_load_counts_as_idle(void)
{
    UT_ASSERT_INT(fb_pace_time(&header, 12, 0), 20000);
    UT_ASSERT_INT(fb_pace_time(&header, -1, 256), 20000);
    UT_ASSERT_INT(fb_pace_rate(&json_body.rate, 12, 0), 500);
}

/*
 * A body sent at rate bytes a second in packets every 0.1 s from start
 * (its first packet at first): the time it was first late, or 0 when it
 * never was within seconds.
 */
static apr_time_t first_late(const fb_pace_body_t *rule, apr_int64_t rate,
                             apr_time_t first, apr_int64_t length,
                             int seconds, int busy, int max)
{
    apr_off_t got = 0;
    apr_time_t now;

    for (now = T0; now < T0 + SEC(seconds) && got < length;
         now += apr_time_from_msec(100)) {
        if (now >= fb_pace_body_deadline(rule, T0, got, busy, max)) {
            return now - T0;
        }
        if (now >= T0 + first) {
            got += rate / 10;
        }
    }
    return 0;
}

static void test_slow_mobile_upload_passes_when_not_busy(void)
{
    /* 10 MB at 50 KB/s takes 205 s: within the budget, far above the
     * rate, at any load short of every worker busy. */
    UT_ASSERT_INT(first_late(&upload, 50000, 0, 10000000, 400, 0, 256), 0);
    UT_ASSERT_INT(first_late(&upload, 50000, 0, 10000000, 400, 200, 256),
                  0);
    /* Its first bytes after a second and a half (a slow link's round
     * trips, 100-continue) are not late when idle. */
    UT_ASSERT_INT(first_late(&upload, 50000, SEC(1) + SEC(1) / 2,
                             10000000, 400, 0, 256), 0);
}

static void test_network_speed_body_never_late(void)
{
    /* A megabyte at 1 MB/s, every worker busy. */
    UT_ASSERT_INT(first_late(&json_body, 1000000, 0, 1000000, 10, 256, 256),
                  0);
}

static void test_trickle_is_cut_when_busy_and_waited_for_when_idle(void)
{
    apr_time_t late;

    /* 600 bytes a second: above the floor, so an idle node lets it run
     * to the body's budget... */
    UT_ASSERT_INT(first_late(&json_body, 600, 0, 1000000, 120, 0, 256),
                  SEC(60));
    /* ...and a busy one cuts it within its grace and a little. */
    late = first_late(&json_body, 600, 0, 1000000, 120, 256, 256);
    CU_ASSERT(late > SEC(1) && late < SEC(2));
    /* Half the workers busy: a grace of 1.8 s, then about 4.3 KB/s. */
    late = first_late(&json_body, 600, 0, 1000000, 120, 128, 256);
    CU_ASSERT(late > SEC(2) && late < SEC(3));
}

static void test_silent_body_is_late_after_its_grace(void)
{
    UT_ASSERT_INT(fb_pace_body_deadline(&json_body, T0, 0, 0, 256),
                  T0 + SEC(10));
    UT_ASSERT_INT(fb_pace_body_deadline(&json_body, T0, 0, 256, 256),
                  T0 + SEC(1));
}

static void test_budget_caps_the_deadline(void)
{
    /* However fast it came, the body has its budget. */
    UT_ASSERT_INT(fb_pace_body_deadline(&json_body, T0, 100000000, 0, 256),
                  T0 + SEC(60));
}

static void test_zero_rate_leaves_the_budget(void)
{
    fb_pace_body_t none = {{1000, 1000}, {0, 0}, 5000};

    UT_ASSERT_INT(fb_pace_body_deadline(&none, T0, 0, 256, 256), T0 + SEC(5));
}

static void test_header_time_shrinks_with_load(void)
{
    UT_ASSERT_INT(fb_pace_header_deadline(&header, T0, 0, 256), T0 + SEC(20));
    UT_ASSERT_INT(fb_pace_header_deadline(&header, T0, 256, 256),
                  T0 + apr_time_from_msec(500));
    UT_ASSERT_INT(fb_pace_header_deadline(&header, T0, 192, 256),
                  T0 + apr_time_from_msec(661));
}

void test_pace_register(void)
{
    static const ut_test_t tests[] = {
        {"a rate is a straight line", test_rate_is_a_straight_line},
        {"a time is the inverse of a straight line",
         test_time_is_the_inverse_of_a_straight_line},
        {"an unknown load counts as idle", test_unknown_load_counts_as_idle},
        {"a slow mobile upload passes when not busy",
         test_slow_mobile_upload_passes_when_not_busy},
        {"a body at network speed is never late",
         test_network_speed_body_never_late},
        {"a trickle is cut when busy, waited for when idle",
         test_trickle_is_cut_when_busy_and_waited_for_when_idle},
        {"a silent body is late after its grace",
         test_silent_body_is_late_after_its_grace},
        {"the budget caps the deadline", test_budget_caps_the_deadline},
        {"a zero rate leaves the budget", test_zero_rate_leaves_the_budget},
        {"a header's time shrinks with load",
         test_header_time_shrinks_with_load},
        {NULL, NULL}
    };

    ut_add_suite("fb_pace", NULL, NULL, NULL, NULL, tests);
}
