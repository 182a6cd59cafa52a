/*
 * fb_gate: places handed over in arrival order.
 */
#include <apr_thread_cond.h>
#include <apr_thread_mutex.h>

#include "fb_gate.h"

typedef struct fb_gate_waiter {
    struct fb_gate_waiter *next;
    apr_thread_cond_t *cond;
    int granted;                /* a leaving thread gave it its place */
} fb_gate_waiter_t;

struct fb_gate {
    apr_thread_mutex_t *lock;
    int free;
    int waiting;
    fb_gate_waiter_t *head;     /* the longest waiter */
    fb_gate_waiter_t *tail;
};

apr_status_t fb_gate_create(fb_gate_t **gate, int places, apr_pool_t *p)
{
    fb_gate_t *g = apr_pcalloc(p, sizeof(*g));
    apr_status_t rv = apr_thread_mutex_create(&g->lock,
                                              APR_THREAD_MUTEX_DEFAULT, p);

    g->free = places;
    *gate = rv == APR_SUCCESS ? g : NULL;
    return rv;
}

/* Takes w out of the queue (it gave up). */
static void fb_gate_unlink(fb_gate_t *g, fb_gate_waiter_t *w)
{
    fb_gate_waiter_t **link = &g->head, *prev = NULL;

    while (*link != NULL && *link != w) {
        prev = *link;
        link = &(*link)->next;
    }
    if (*link == w) {
        *link = w->next;
        if (g->tail == w) {
            g->tail = prev;
        }
        g->waiting--;
    }
}

apr_status_t fb_gate_enter(fb_gate_t *g, apr_interval_time_t wait,
                           apr_pool_t *p)
{
    apr_time_t deadline = apr_time_now() + wait;
    fb_gate_waiter_t w = {NULL, NULL, 0};
    apr_status_t rv;

    apr_thread_mutex_lock(g->lock);
    if (g->head == NULL && g->free > 0) {
        g->free--;
        apr_thread_mutex_unlock(g->lock);
        return APR_SUCCESS;
    }
    if (wait <= 0) {
        apr_thread_mutex_unlock(g->lock);
        return APR_TIMEUP;
    }
    if ((rv = apr_thread_cond_create(&w.cond, p)) != APR_SUCCESS) {
        apr_thread_mutex_unlock(g->lock);
        return rv;
    }
    if (g->tail != NULL) {
        g->tail->next = &w;
    }
    else {
        g->head = &w;
    }
    g->tail = &w;
    g->waiting++;
    while (!w.granted) {
        apr_interval_time_t left = deadline - apr_time_now();

        if (left <= 0) {
            break;
        }
        apr_thread_cond_timedwait(w.cond, g->lock, left);
    }
    if (!w.granted) {
        fb_gate_unlink(g, &w);
    }
    apr_thread_mutex_unlock(g->lock);
    return w.granted ? APR_SUCCESS : APR_TIMEUP;
}

void fb_gate_leave(fb_gate_t *g)
{
    fb_gate_waiter_t *w;

    apr_thread_mutex_lock(g->lock);
    if ((w = g->head) != NULL) {
        g->head = w->next;
        if (g->head == NULL) {
            g->tail = NULL;
        }
        g->waiting--;
        w->granted = 1;
        apr_thread_cond_signal(w->cond);
    }
    else {
        g->free++;
    }
    apr_thread_mutex_unlock(g->lock);
}

int fb_gate_waiting(fb_gate_t *g)
{
    int n;

    apr_thread_mutex_lock(g->lock);
    n = g->waiting;
    apr_thread_mutex_unlock(g->lock);
    return n;
}
