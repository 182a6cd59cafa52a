/*
 * fb_busy: how many of the node's workers are busy, from httpd's
 * scoreboard.
 *
 * The scoreboard is the shared memory every process of the node writes
 * its workers' states into; counting is a walk over ServerLimit x
 * ThreadLimit slots, one state each, as mod_status counts them.  Pacing
 * asks on every wait of a slow client, so a child walks it at most once
 * per FB_BUSY_FRESH and its threads share the count: a few hundred
 * reads of shared memory ten times a second, whatever the clients do.
 */
#ifndef FB_BUSY_H
#define FB_BUSY_H

#include "httpd.h"

/* How old a count may be. */
#define FB_BUSY_FRESH apr_time_from_msec(100)

/* Reads the MPM's limits (child_init: they hold until the next restart). */
void fb_busy_child_init(apr_pool_t *pchild, server_rec *s);

/*
 * The node's busy workers, and how many it may have (MaxRequestWorkers);
 * *max is 0 without a scoreboard (pacing then counts the node as idle).
 */
void fb_busy_workers(int *busy, int *max);

#endif
