/*
 * test_gate.c: the connection gate (fb_gate) with real threads: places
 * go to waiters in arrival order, a newcomer never overtakes a waiter, a
 * waiter that gives up leaves no hole in the queue, and a tag that holds
 * nothing is served before one that holds places.
 */
#include <apr_thread_proc.h>
#include <apr_thread_mutex.h>

#include "fb_gate.h"
#include "unit.h"

typedef struct {
    fb_gate_t *gate;
    apr_uint64_t tag;
    apr_interval_time_t wait;
    int id;
    apr_status_t rv;
} waiter_t;

/* The order in which waiters got their places. */
static apr_thread_mutex_t *order_lock;
static int order[8];
static int served;

static void *APR_THREAD_FUNC wait_turn(apr_thread_t *t, void *data)
{
    waiter_t *w = data;
    apr_pool_t *p;

    apr_pool_create(&p, NULL);
    w->rv = fb_gate_enter(w->gate, w->tag, w->wait, p);
    if (w->rv == APR_SUCCESS) {
        apr_thread_mutex_lock(order_lock);
        order[served++] = w->id;
        apr_thread_mutex_unlock(order_lock);
        fb_gate_leave(w->gate, w->tag);
    }
    apr_pool_destroy(p);
    apr_thread_exit(t, APR_SUCCESS);
    return NULL;
}

/* Starts a waiter and returns once it waits at the gate. */
static apr_thread_t *start(waiter_t *w)
{
    apr_thread_t *t;
    int before = fb_gate_waiting(w->gate);
    int i;

    CU_ASSERT_EQUAL_FATAL(apr_thread_create(&t, NULL, wait_turn, w,
                                            ut_pool), APR_SUCCESS);
    for (i = 0; i < 2000 && fb_gate_waiting(w->gate) == before; i++) {
        apr_sleep(1000);
    }
    UT_ASSERT_INT(fb_gate_waiting(w->gate), before + 1);
    return t;
}

static void join(apr_thread_t *t)
{
    apr_status_t rv;

    apr_thread_join(&rv, t);
}

static void test_arrival_order(void)
{
    fb_gate_t *gate;
    waiter_t w[5];
    apr_thread_t *t[5];
    int i;

    served = 0;
    apr_thread_mutex_create(&order_lock, APR_THREAD_MUTEX_DEFAULT, ut_pool);
    CU_ASSERT_EQUAL_FATAL(fb_gate_create(&gate, 1, 0, ut_pool), APR_SUCCESS);
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 0, 0, ut_pool), APR_SUCCESS);
    for (i = 0; i < 5; i++) {
        w[i] = (waiter_t){gate, 0, apr_time_from_sec(20), i, APR_EGENERAL};
        t[i] = start(&w[i]);
    }
    /* A newcomer with no time to wait finds no place: the freed place
     * will be the first waiter's, not the newcomer's. */
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 0, 0, ut_pool), APR_TIMEUP);
    fb_gate_leave(gate, 0);
    for (i = 0; i < 5; i++) {
        join(t[i]);
        UT_ASSERT_INT(w[i].rv, APR_SUCCESS);
    }
    UT_ASSERT_INT(served, 5);
    for (i = 0; i < 5; i++) {
        UT_ASSERT_INT(order[i], i);
    }
    UT_ASSERT_INT(fb_gate_waiting(gate), 0);
    /* Every place is back. */
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 0, 0, ut_pool), APR_SUCCESS);
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 0, 0, ut_pool), APR_TIMEUP);
}

static void test_deadline_and_giving_up(void)
{
    fb_gate_t *gate;
    waiter_t brief, patient;
    apr_thread_t *tb, *tp;
    apr_time_t t0;

    served = 0;
    apr_thread_mutex_create(&order_lock, APR_THREAD_MUTEX_DEFAULT, ut_pool);
    CU_ASSERT_EQUAL_FATAL(fb_gate_create(&gate, 2, 0, ut_pool), APR_SUCCESS);
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 0, 0, ut_pool), APR_SUCCESS);
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 0, 0, ut_pool), APR_SUCCESS);
    t0 = apr_time_now();
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 0, apr_time_from_msec(50),
                                  ut_pool),
                    APR_TIMEUP);
    CU_ASSERT(apr_time_now() - t0 >= apr_time_from_msec(50));
    /* The first waiter gives up; the one behind it is served. */
    brief = (waiter_t){gate, 0, apr_time_from_msec(100), 1, APR_EGENERAL};
    tb = start(&brief);
    patient = (waiter_t){gate, 0, apr_time_from_sec(20), 2, APR_EGENERAL};
    tp = start(&patient);
    join(tb);
    UT_ASSERT_INT(brief.rv, APR_TIMEUP);
    UT_ASSERT_INT(fb_gate_waiting(gate), 1);
    fb_gate_leave(gate, 0);
    join(tp);
    UT_ASSERT_INT(patient.rv, APR_SUCCESS);
    UT_ASSERT_INT(served, 1);
    UT_ASSERT_INT(order[0], 2);
}

/* Tag 1 holds both places and queues three more; tag 2 comes last with
 * one and is served first, then tag 1's in their order. */
static void test_least_holding_first(void)
{
    fb_gate_t *gate;
    waiter_t w[4];
    apr_thread_t *t[4];
    int i;

    served = 0;
    apr_thread_mutex_create(&order_lock, APR_THREAD_MUTEX_DEFAULT, ut_pool);
    CU_ASSERT_EQUAL_FATAL(fb_gate_create(&gate, 2, 0, ut_pool), APR_SUCCESS);
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 1, 0, ut_pool), APR_SUCCESS);
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 1, 0, ut_pool), APR_SUCCESS);
    for (i = 0; i < 4; i++) {
        w[i] = (waiter_t){gate, i < 3 ? 1 : 2, apr_time_from_sec(20), i,
                          APR_EGENERAL};
        t[i] = start(&w[i]);
    }
    fb_gate_leave(gate, 1);
    for (i = 0; i < 4; i++) {
        join(t[i]);
        UT_ASSERT_INT(w[i].rv, APR_SUCCESS);
    }
    UT_ASSERT_INT(served, 4);
    UT_ASSERT_INT(order[0], 3);
    UT_ASSERT_INT(order[1], 0);
    UT_ASSERT_INT(order[2], 1);
    UT_ASSERT_INT(order[3], 2);
    fb_gate_leave(gate, 1);
    /* Both places are back. */
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 2, 0, ut_pool), APR_SUCCESS);
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 3, 0, ut_pool), APR_SUCCESS);
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 4, 0, ut_pool), APR_TIMEUP);
}

/* With a reserve, a tag holding places does not take the last free one
 * while another asked within it: the other finds it at once; when the
 * other stops asking, the waiter gets it.  Alone, a tag gets every place. */
static void test_reserve_keeps_a_place(void)
{
    const apr_interval_time_t reserve = apr_time_from_msec(300);
    fb_gate_t *gate;
    waiter_t w;
    apr_thread_t *t;
    apr_time_t asked, since;

    CU_ASSERT_EQUAL_FATAL(fb_gate_create(&gate, 2, reserve, ut_pool),
                          APR_SUCCESS);
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 5, 0, ut_pool), APR_SUCCESS);
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 5, 0, ut_pool), APR_SUCCESS);
    fb_gate_leave(gate, 5);
    /* Another tag asks: tag 5, holding one, may not take the last. */
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 6, 0, ut_pool), APR_SUCCESS);
    fb_gate_leave(gate, 6);
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 5, 0, ut_pool), APR_TIMEUP);
    /* A waiter of tag 5 waits; tag 6 still finds the place at once. */
    w = (waiter_t){gate, 5, apr_time_from_sec(20), 0, APR_EGENERAL};
    served = 0;
    apr_thread_mutex_create(&order_lock, APR_THREAD_MUTEX_DEFAULT, ut_pool);
    t = start(&w);
    asked = apr_time_now();
    CU_ASSERT_EQUAL(fb_gate_enter(gate, 6, 0, ut_pool), APR_SUCCESS);
    fb_gate_leave(gate, 6);
    UT_ASSERT_INT(served, 0);
    /* Tag 6 asks no more: within the reserve and a half, the waiter has
     * the place. */
    join(t);
    since = apr_time_now() - asked;
    UT_ASSERT_INT(w.rv, APR_SUCCESS);
    UT_ASSERT_INT(served, 1);
    CU_ASSERT(since >= apr_time_from_msec(250));
    CU_ASSERT(since < apr_time_from_msec(1000));
    fb_gate_leave(gate, 5);
}

void test_gate_register(void)
{
    static const ut_test_t tests[] = {
        {"waiters served in arrival order, no overtaking",
         test_arrival_order},
        {"deadline; a waiter that gives up leaves no hole",
         test_deadline_and_giving_up},
        {"the tag holding least is served first", test_least_holding_first},
        {"a reserve keeps the last place for another tag",
         test_reserve_keeps_a_place},
        {NULL, NULL}
    };

    ut_add_suite("fb_gate", NULL, NULL, NULL, NULL, tests);
}
