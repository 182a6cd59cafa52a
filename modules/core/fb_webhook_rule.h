/*
 * fb_webhook_rule: what decides a webhook's state, in C
 * (docs/decisions.md "Where a rule lives").
 *
 * The statements around a webhook return data (its status, its run of
 * failures, a receiver's code); these functions judge it and say it:
 *
 * - the suspension: a batch's failed attempt suspends its active webhook
 *   on 410 Gone, or when its run of failures in a row reaches the
 *   threshold (FeedbackWebhookFailureThreshold).  The worker's finish
 *   (fb_job_webhook.c) returns the figures of the webhook's row as it
 *   locked it and suspends it in the same transaction when this says so.
 * - the reason a delivery was skipped, "the webhook was paused", which
 *   the fan-out of an event (fb_events.c) and the worker both record as
 *   its lastError.
 */
#ifndef FB_WEBHOOK_RULE_H
#define FB_WEBHOOK_RULE_H

#include <apr_pools.h>

/* The receiver's answer that suspends a webhook at once. */
#define FB_WEBHOOK_GONE 410

/*
 * Non-zero when a finished batch suspends its webhook: the webhook is
 * active (status), the batch failed (failures > 0: its failed attempts,
 * at most one), and the receiver answered 410 (last_code, the batch's
 * last attempt's status code, 0 without an answer) or the run of
 * failures in a row, counted with the batch's (consecutive_failures),
 * reached threshold.
 */
int fb_webhook_suspends(const char *status, long failures,
                        long consecutive_failures, int last_code,
                        int threshold);

/* Why a delivery to a webhook whose status is not active was skipped,
 * "the webhook was <status>", in p. */
const char *fb_webhook_skip_reason(apr_pool_t *p, const char *status);

/* Every status a webhook may have other than active (the schema's, sql/
 * 013), ended by NULL: those whose deliveries are skipped. */
extern const char *const fb_webhook_inactive_statuses[];

/* A JSON object of fb_webhook_skip_reason() for each inactive status,
 * {"paused":"the webhook was paused",...}, a constant: the texts the
 * fan-out statement stores, picked by the webhook's status. */
const char *fb_webhook_skip_reasons_json(void);

#endif
