/*
 * fb_webhook_rule: the webhook suspension and the skipped deliveries'
 * reason (fb_webhook_rule.h).
 */
#include <string.h>

#include <apr_strings.h>
#include <apr_tables.h>

#include "fb_json.h"
#include "fb_webhook_rule.h"

const char *const fb_webhook_inactive_statuses[] = {
    "paused", "suspended", NULL
};

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
    return apr_pstrcat(p, "the webhook was ", status, NULL);
}

const char *fb_webhook_skip_reasons_json(apr_pool_t *p)
{
    apr_array_header_t *parts = apr_array_make(p, 8, sizeof(const char *));
    int i;

    for (i = 0; fb_webhook_inactive_statuses[i] != NULL; i++) {
        const char *s = fb_webhook_inactive_statuses[i];

        APR_ARRAY_PUSH(parts, const char *) = apr_pstrcat(
            p, i == 0 ? "{" : ",", fb_json_quote(p, s), ":",
            fb_json_quote(p, fb_webhook_skip_reason(p, s)), NULL);
    }
    APR_ARRAY_PUSH(parts, const char *) = i == 0 ? "{}" : "}";
    return apr_array_pstrcat(p, parts, 0);
}
