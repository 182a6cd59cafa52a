/*
 * fb_gate: places handed over to the waiter whose tag holds least.
 */
#include <apr_thread_cond.h>
#include <apr_thread_mutex.h>

#include "fb_gate.h"

typedef struct fb_gate_waiter {
    struct fb_gate_waiter *next;
    apr_thread_cond_t *cond;
    apr_uint64_t tag;
    int granted;                /* a leaving thread gave it its place */
} fb_gate_waiter_t;

/* Places held per tag: at most one entry per place. */
typedef struct {
    apr_uint64_t tag;
    int held;                   /* 0: the entry is unused */
} fb_gate_holding_t;

struct fb_gate {
    apr_thread_mutex_t *lock;
    int places;
    int free;
    int waiting;
    apr_interval_time_t reserve;    /* 0: no place is kept */
    apr_uint64_t seen_tag[2];       /* the last two tags that asked (not */
    apr_time_t seen_at[2];          /* 0), most recent first, and when */
    fb_gate_waiter_t *head;     /* the longest waiter */
    fb_gate_waiter_t *tail;
    fb_gate_holding_t *holding; /* places entries */
};

apr_status_t fb_gate_create(fb_gate_t **gate, int places,
                            apr_interval_time_t reserve, apr_pool_t *p)
{
    fb_gate_t *g = apr_pcalloc(p, sizeof(*g));
    apr_status_t rv = apr_thread_mutex_create(&g->lock,
                                              APR_THREAD_MUTEX_DEFAULT, p);

    g->places = places;
    g->free = places;
    g->reserve = reserve;
    g->holding = apr_pcalloc(p, (apr_size_t)places * sizeof(*g->holding));
    *gate = rv == APR_SUCCESS ? g : NULL;
    return rv;
}

/* The places tag holds now. */
static int fb_gate_held(const fb_gate_t *g, apr_uint64_t tag)
{
    int i;

    for (i = 0; i < g->places; i++) {
        if (g->holding[i].held > 0 && g->holding[i].tag == tag) {
            return g->holding[i].held;
        }
    }
    return 0;
}

/* Counts a place taken (+1) or given back (-1) by tag. */
static void fb_gate_count(fb_gate_t *g, apr_uint64_t tag, int delta)
{
    fb_gate_holding_t *unused = NULL;
    int i;

    for (i = 0; i < g->places; i++) {
        fb_gate_holding_t *h = &g->holding[i];

        if (h->held > 0 && h->tag == tag) {
            h->held += delta;
            return;
        }
        if (h->held == 0 && unused == NULL) {
            unused = h;
        }
    }
    /* Places taken never outnumber the entries. */
    if (delta > 0 && unused != NULL) {
        unused->tag = tag;
        unused->held = delta;
    }
}

/* Notes that tag asked for a place at now. */
static void fb_gate_seen(fb_gate_t *g, apr_uint64_t tag, apr_time_t now)
{
    if (tag == 0) {
        return;     /* the server's own work keeps nothing for itself */
    }
    if (g->seen_tag[0] != tag) {
        g->seen_tag[1] = g->seen_tag[0];
        g->seen_at[1] = g->seen_at[0];
        g->seen_tag[0] = tag;
    }
    g->seen_at[0] = now;
}

/*
 * Whether tag may take a free place now.  Not the last one while it holds
 * others and another tag asked within the reserve: that place is kept
 * for the other's next request, which then finds it at once instead of
 * waiting for one of tag's statements to end.  Two tags remembered are
 * enough: the rule only asks whether anybody else is about.
 */
static int fb_gate_may(const fb_gate_t *g, apr_uint64_t tag, apr_time_t now)
{
    int i;

    if (g->reserve <= 0 || g->free != 1 || fb_gate_held(g, tag) == 0) {
        return g->free > 0;
    }
    for (i = 0; i < 2; i++) {
        if (g->seen_tag[i] != 0 && g->seen_tag[i] != tag
            && now - g->seen_at[i] < g->reserve) {
            return 0;
        }
    }
    return 1;
}

/* Whether a waiter may take a free place (then a newcomer must not:
 * leaving threads hand free places to waiters, so one left free is kept
 * from every waiter by the reserve). */
static int fb_gate_due(const fb_gate_t *g, apr_time_t now)
{
    const fb_gate_waiter_t *w;

    for (w = g->head; w != NULL; w = w->next) {
        if (fb_gate_may(g, w->tag, now)) {
            return 1;
        }
    }
    return 0;
}

/* Takes w out of the queue (it was served, or gave up). */
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

apr_status_t fb_gate_enter(fb_gate_t *g, apr_uint64_t tag,
                           apr_interval_time_t wait, apr_pool_t *p)
{
    apr_time_t now = apr_time_now(), deadline = now + wait;
    fb_gate_waiter_t w = {NULL, NULL, tag, 0};
    apr_status_t rv;

    apr_thread_mutex_lock(g->lock);
    fb_gate_seen(g, tag, now);
    if (fb_gate_may(g, tag, now) && !fb_gate_due(g, now)) {
        g->free--;
        fb_gate_count(g, tag, 1);
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
        apr_interval_time_t left;

        now = apr_time_now();
        /* A place kept for another tag that stopped asking is free for
         * the first waiter: it looks again every half reserve. */
        if (g->head == &w && fb_gate_may(g, tag, now)) {
            fb_gate_unlink(g, &w);
            g->free--;
            fb_gate_count(g, tag, 1);
            w.granted = 1;
            break;
        }
        if ((left = deadline - now) <= 0) {
            break;
        }
        apr_thread_cond_timedwait(w.cond, g->lock,
                                  g->reserve > 0 && g->reserve / 2 < left
                                  ? g->reserve / 2 : left);
    }
    if (!w.granted) {
        fb_gate_unlink(g, &w);
    }
    apr_thread_mutex_unlock(g->lock);
    return w.granted ? APR_SUCCESS : APR_TIMEUP;
}

void fb_gate_leave(fb_gate_t *g, apr_uint64_t tag)
{
    fb_gate_waiter_t *w, *fairest = NULL;
    int least = 0;

    apr_time_t now = apr_time_now();

    apr_thread_mutex_lock(g->lock);
    fb_gate_count(g, tag, -1);
    g->free++;
    /* The first waiter whose tag holds least (the queue is in arrival
     * order, so ties go to the longest waiter), among those that may
     * take the place. */
    for (w = g->head; w != NULL; w = w->next) {
        int held = fb_gate_held(g, w->tag);

        if ((fairest == NULL || held < least)
            && fb_gate_may(g, w->tag, now)) {
            fairest = w;
            least = held;
            if (held == 0) {
                break;
            }
        }
    }
    if (fairest != NULL) {
        fb_gate_unlink(g, fairest);
        g->free--;
        fb_gate_count(g, fairest->tag, 1);
        fairest->granted = 1;
        apr_thread_cond_signal(fairest->cond);
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
