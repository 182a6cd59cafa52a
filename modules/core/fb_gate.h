/*
 * fb_gate: a counting gate whose waiters are served fairly: by who holds
 * least, then in arrival order.
 *
 * A child's database connections are its scarcest resource: when all are
 * busy, request threads wait for one.  A gate over a mutex and one
 * condition variable lets a newcomer that finds a place free overtake
 * the threads already waiting, and wakes waiters in no particular order,
 * so under load a few requests wait many times longer than the rest:
 * the latency tail.  Here a place that is given back goes straight to a
 * waiter, and a newcomer queues behind every waiter.
 *
 * Each place is taken under a tag (the organization a request serves;
 * 0 for the server's own work).  A place given back goes to the waiter
 * whose tag holds the fewest places now, the longest waiter among equals:
 * one organization with many requests queued cannot make another's
 * single request wait behind all of them, and when it is alone it still
 * gets every place (the gate is work-conserving).
 */
#ifndef FB_GATE_H
#define FB_GATE_H

#include <apr_pools.h>
#include <apr_time.h>

typedef struct fb_gate fb_gate_t;

/*
 * A gate of places places, in p (which must outlive its users).  With
 * reserve above 0, a tag holding places does not take the last free one
 * while another tag has asked within reserve: it is kept for the other's
 * next request (see fb_gate_may in fb_gate.c).  A gate used by one tag
 * alone gives it every place.
 */
apr_status_t fb_gate_create(fb_gate_t **gate, int places,
                            apr_interval_time_t reserve, apr_pool_t *p);

/*
 * Takes a place for tag, waiting at most wait; APR_TIMEUP when none came
 * in time.  p holds the waiter's condition variable, made only when the
 * caller has to wait.
 */
apr_status_t fb_gate_enter(fb_gate_t *gate, apr_uint64_t tag,
                           apr_interval_time_t wait, apr_pool_t *p);

/* Gives back a place taken for tag: to the fairest waiter, if any. */
void fb_gate_leave(fb_gate_t *gate, apr_uint64_t tag);

/* Threads waiting now (for server-status and tests). */
int fb_gate_waiting(fb_gate_t *gate);

#endif
