/*
 * fb_shares: fair shares of a node among organizations and API keys.
 *
 * A rate limit (fb_limits.h) bounds requests a minute; it cannot stop one
 * organization from holding every worker thread at once with a few
 * hundred slow or expensive requests, so that everybody else waits.  A
 * share bounds what a subject holds at this moment, node-wide (one
 * shared table for every child, fb_sharetab.h):
 *
 * - workers: an authenticated request holds one from the moment its key
 *   is known until it ends (its body read included).  The organizations
 *   holding any split FeedbackShareWorkers per cent of the node's
 *   workers (MaxRequestWorkers) between them, and so do the keys; none
 *   is cut below FeedbackShareFloor.  One organization alone may hold
 *   all of that part: the rest stays free for whoever comes next.
 * - expensive: full-text and filtered searches (fb_req_expensive(),
 *   fb_request.h) an organization runs at once
 *   (FeedbackExpensivePerOrganization), and the node runs at once
 *   (FeedbackExpensivePerNode: by default one fewer than its
 *   processors, so that searches never take every processor from the
 *   others).  One more waits its turn (FeedbackExpensiveQueue): a client
 *   looping searches is paced by them, rather than answered 429
 *   thousands of times a second at everybody's cost, and a search freed
 *   on the node goes to the waiting organization holding fewest.
 * - uploads: multipart bodies an organization sends at once
 *   (FeedbackUploadsPerOrganization).
 * - database: requests of an organization holding a pooled connection
 *   at once.  While other organizations
 *   are served (asked within FeedbackConnectionReserve), the node's
 *   processors (FeedbackShareDatabase) are divided among them; an
 *   organization alone is not limited.  Over its share a request waits
 *   its turn (at most FeedbackDBAcquireTimeout, then goes ahead): a
 *   statement keeps a processor busy while it runs, and one
 *   organization's sixteen looping lists, within every other share,
 *   kept both processors of a node busy under another's reads.
 *
 * Over a share: 429 rate_limit_exceeded with Retry-After: 1, before the
 * body is read (a search's after it).  What is taken is given back when
 * the request's pool goes, whatever ends it, and by the parent when a
 * child dies holding it.  Counting is best effort: a table that cannot
 * be reached or is full never refuses.
 */
#ifndef FB_SHARES_H
#define FB_SHARES_H

#include "fb_request.h"
#include "fb_sharetab.h"

/* Makes the shared tables and their mutex (post_config, in the parent),
 * sized to the node's workers. */
apr_status_t fb_shares_post_config(apr_pool_t *pconf, server_rec *s);

/* Takes a worker for fr's organization and key (authenticated), or the
 * 429 when either holds its share already. */
fb_error_t *fb_shares_enter(fb_req_t *fr);

/* Takes one unit of cls (FB_SHARE_EXPENSIVE, FB_SHARE_UPLOADS) for fr's
 * organization, or the 429 when it still holds its limit after waiting
 * up to wait (0: not at all) for one of its own to be given back. */
fb_error_t *fb_shares_take(fb_req_t *fr, fb_share_class_e cls,
                           apr_interval_time_t wait);

/* Takes a unit of fr's organization's share of the database, waiting up
 * to wait for it; never refuses.  The hold to give back when the
 * connection goes back (fb_shares_give_back), or NULL when nothing was
 * counted; the request's end gives it back in any case. */
void *fb_shares_database(fb_req_t *fr, apr_interval_time_t wait);
void fb_shares_give_back(fb_req_t *fr, void *hold);

/* Gives back what the child pid held and waited for (the parent's
 * child_status hook, when a child has exited); returns how much. */
int fb_shares_child_exited(pid_t pid);

/* The node's shares as server-status shows them. */
typedef struct {
    apr_uint32_t workers;               /* MaxRequestWorkers */
    apr_uint32_t pool;                  /* what requests may hold in all */
    apr_uint32_t held[FB_SHARE_CLASSES];        /* by organizations */
    apr_uint32_t organizations[FB_SHARE_CLASSES];   /* holding any */
    apr_uint64_t refused[FB_SHARE_CLASSES];     /* organizations' 429s */
    apr_uint32_t waiting[FB_SHARE_CLASSES];     /* organizations waiting */
    apr_uint32_t node[FB_SHARE_CLASSES];        /* the node's bound, or 0 */
    apr_uint64_t keys_refused;          /* keys' 429s (workers) */
    int ntop;
    fb_share_holding_t top[8];          /* organizations holding most */
} fb_shares_use_t;

/* Fills *out under the mutex; 0 when the tables cannot be read. */
int fb_shares_usage(fb_shares_use_t *out);

#endif
