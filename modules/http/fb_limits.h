/*
 * fb_limits: per-key and per-organization request rate limits, and per
 * client address for requests without a key.
 *
 * Fixed one-minute windows, counted in shared memory by every process of
 * the node (FeedbackRateLimitKey, FeedbackRateLimitOrg,
 * FeedbackRateLimitPublic).  With N nodes
 * behind a balancer each node counts on its own, so the effective limit
 * is N times the configured one.
 */
#ifndef FB_LIMITS_H
#define FB_LIMITS_H

#include "fb_request.h"

/* Makes the shared table and its mutex (post_config, in the parent). */
apr_status_t fb_limits_post_config(apr_pool_t *pconf, server_rec *s);

/*
 * Counts fr's (authenticated) request against its key and its
 * organization, sets the
 * X-RateLimit-* headers, and returns 429 rate_limit_exceeded (with
 * Retry-After) when either limit is spent.  The key is known good to the
 * node from then on (fb_limits_check_auth_failures).
 */
fb_error_t *fb_limits_check(fb_req_t *fr);

/*
 * Counts fr's request without a key (FB_OP_PUBLIC) against its client
 * address (r->useragent_ip: behind a proxy, mod_remoteip makes it the
 * client's); the same headers and 429.
 */
fb_error_t *fb_limits_check_public(fb_req_t *fr);

/*
 * Refused API keys per client address (FeedbackRateLimitAuthFail): before
 * a key the cache does not know is looked up, 429 when the address has
 * presented too many refused keys this minute (nothing is counted);
 * fb_limits_count_auth_failure() counts each refused key.  Guessing costs
 * the database nothing.  A key the node knows good is never held up: the
 * node remembers every key fb_limits_check() counted (shared by its
 * children, bounded, the least recently used given up first), and such a
 * key is looked up whatever its address did; fb_limits_forget_key() is
 * for a known key the lookup refused (revoked), which is limited as any
 * other from then on.
 */
fb_error_t *fb_limits_check_auth_failures(fb_req_t *fr);
/* Non-zero when this refusal spent the address's allowance: it is locked
 * out until the minute ends (once per address and minute: the audit
 * log's lockout entry, fb_auth.c). */
int fb_limits_count_auth_failure(fb_req_t *fr);
void fb_limits_forget_key(fb_req_t *fr);

/* Sets the headers of the address's refused-key window without counting:
 * what a request without a key shows (decisions.md: headers on every
 * response). */
void fb_limits_show_auth_failures(fb_req_t *fr);

/* The use of one shared table, for server-status. */
typedef struct {
    const char *name;       /* "keys", "organizations", ... */
    const char *auto_name;  /* in server-status?auto: "Keys", ... */
    apr_uint32_t used;      /* subjects counted this minute */
    apr_uint32_t slots;     /* the table's size */
} fb_limits_use_t;

#define FB_LIMITS_TABLES 4

/* Fills out (FB_LIMITS_TABLES entries) under the mutex; the number
 * filled, 0 when the tables cannot be read. */
int fb_limits_usage(fb_limits_use_t *out);

#endif
