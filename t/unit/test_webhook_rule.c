/*
 * test_webhook_rule.c: the webhook suspension and the skipped
 * deliveries' reason (fb_webhook_rule.h).
 */
#include <string.h>

#include "unit.h"
#include "fb_webhook_rule.h"

/* A failed batch of an active webhook below the threshold: no. */
static void test_below_threshold(void)
{
    CU_ASSERT(!fb_webhook_suspends("active", 1, 14, 500, 15));
    CU_ASSERT(!fb_webhook_suspends("active", 1, 1, 0, 15));
}

/* The run of failures reaching the threshold suspends, and passing it. */
static void test_threshold_reached(void)
{
    CU_ASSERT(fb_webhook_suspends("active", 1, 15, 500, 15));
    CU_ASSERT(fb_webhook_suspends("active", 1, 16, 0, 15));
    CU_ASSERT(fb_webhook_suspends("active", 1, 1, 503, 1));
}

/* 410 Gone suspends at the first failure. */
static void test_gone(void)
{
    CU_ASSERT(fb_webhook_suspends("active", 1, 1, FB_WEBHOOK_GONE, 15));
}

/* A batch without a failure never suspends, whatever its code or count
 * (a success after failures starts a new run). */
static void test_no_failure(void)
{
    CU_ASSERT(!fb_webhook_suspends("active", 0, 0, 410, 15));
    CU_ASSERT(!fb_webhook_suspends("active", 0, 20, 200, 15));
}

/* Only an active webhook is suspended: a paused one stays paused. */
static void test_not_active(void)
{
    CU_ASSERT(!fb_webhook_suspends("paused", 1, 15, 410, 15));
    CU_ASSERT(!fb_webhook_suspends("suspended", 1, 20, 500, 15));
    CU_ASSERT(!fb_webhook_suspends(NULL, 1, 20, 410, 15));
}

/* The reason a delivery was skipped, and the table the fan-out picks
 * from: one per inactive status, word for word. */
static void test_skip_reasons(void)
{
    json_object *o, *v;

    UT_ASSERT_STR(fb_webhook_skip_reason(ut_pool, "paused"),
                  "the webhook was paused");
    UT_ASSERT_STR(fb_webhook_skip_reason(ut_pool, "suspended"),
                  "the webhook was suspended");
    o = json_tokener_parse(fb_webhook_skip_reasons_json());
    CU_ASSERT_FATAL(json_object_is_type(o, json_type_object));
    UT_ASSERT_INT(json_object_object_length(o), 2);
    CU_ASSERT(json_object_object_get_ex(o, "paused", &v));
    UT_ASSERT_STR(json_object_get_string(v), "the webhook was paused");
    CU_ASSERT(json_object_object_get_ex(o, "suspended", &v));
    UT_ASSERT_STR(json_object_get_string(v), "the webhook was suspended");
    CU_ASSERT(!json_object_object_get_ex(o, "active", NULL));
    json_object_put(o);
}

void test_webhook_rule_register(void)
{
    static const ut_test_t tests[] = {
        {"suspends: below the threshold", test_below_threshold},
        {"suspends: the threshold reached", test_threshold_reached},
        {"suspends: 410 Gone", test_gone},
        {"suspends: not without a failure", test_no_failure},
        {"suspends: only an active webhook", test_not_active},
        {"skip reasons: the texts by status", test_skip_reasons},
        {NULL, NULL}
    };

    ut_add_suite("webhook_rule", NULL, NULL, NULL, NULL, tests);
}
