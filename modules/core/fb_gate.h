/*
 * fb_gate: a counting gate whose waiters are served in arrival order.
 *
 * A child's database connections are its scarcest resource: when all are
 * busy, request threads wait for one.  A gate over a mutex and one
 * condition variable lets a newcomer that finds a place free overtake
 * the threads already waiting, and wakes waiters in no particular order,
 * so under load a few requests wait many times longer than the rest:
 * the latency tail.  Here a place that is given back goes straight to
 * the longest waiter, and a newcomer queues behind every waiter.
 */
#ifndef FB_GATE_H
#define FB_GATE_H

#include <apr_pools.h>
#include <apr_time.h>

typedef struct fb_gate fb_gate_t;

/* A gate of places places, in p (which must outlive its users). */
apr_status_t fb_gate_create(fb_gate_t **gate, int places, apr_pool_t *p);

/*
 * Takes a place, waiting at most wait behind those who came first;
 * APR_TIMEUP when none came in time.  p holds the waiter's condition
 * variable, made only when the caller has to wait.
 */
apr_status_t fb_gate_enter(fb_gate_t *gate, apr_interval_time_t wait,
                           apr_pool_t *p);

/* Gives a place back: to the longest waiter, if any. */
void fb_gate_leave(fb_gate_t *gate);

/* Threads waiting now (for server-status and tests). */
int fb_gate_waiting(fb_gate_t *gate);

#endif
