/*
 * fb_webhook_rule: the webhook suspension and the skipped deliveries'
 * reason (fb_webhook_rule.h).
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_webhook_rule.h"

/* The statuses other than active (sql/013), once: X(status) for the
 * first, Y(status) for each after it. */
#define FB_WEBHOOK_INACTIVE(X, Y) X("paused") Y("suspended")

#define FB_WEBHOOK_REASON "the webhook was "

#define FB_WEBHOOK_STATUS(s) s,
const char *const fb_webhook_inactive_statuses[] = {
    FB_WEBHOOK_INACTIVE(FB_WEBHOOK_STATUS, FB_WEBHOOK_STATUS) NULL
};

/* {"paused":"the webhook was paused",...}, made by the compiler: the
 * fan-out passes it with every event. */
#define FB_WEBHOOK_REASON_FIRST(s) "\"" s "\":\"" FB_WEBHOOK_REASON s "\""
#define FB_WEBHOOK_REASON_NEXT(s) "," FB_WEBHOOK_REASON_FIRST(s)
static const char fb_webhook_skip_reasons[] =
    "{" FB_WEBHOOK_INACTIVE(FB_WEBHOOK_REASON_FIRST, FB_WEBHOOK_REASON_NEXT)
    "}";

int fb_webhook_suspends(const char *status, long failures,
                        long consecutive_failures, int last_code,
                        int threshold)
{
    return status != NULL && strcmp(status, "active") == 0 && failures > 0
           && (last_code == FB_WEBHOOK_GONE
               || consecutive_failures >= threshold);
}

const char *fb_webhook_skip_reason(apr_pool_t *p, const char *status)
{
    return apr_pstrcat(p, FB_WEBHOOK_REASON, status, NULL);
}

const char *fb_webhook_skip_reasons_json(void)
{
    return fb_webhook_skip_reasons;
}
