/*
 * fb_busy: the node's busy workers from the scoreboard (fb_busy.h).
 */
#include "httpd.h"
#include "ap_mpm.h"
#include "scoreboard.h"

#include "apr_atomic.h"

#include "fb_busy.h"

/* The slots to walk, and the workers the node may run; fixed for the
 * child's life. */
static int fb_busy_processes, fb_busy_threads, fb_busy_max;

/* The last count and when it was made; fb_busy_walking says one thread
 * is making the next, which the others do not wait for. */
static volatile apr_uint32_t fb_busy_count;
static volatile apr_uint64_t fb_busy_at;
static volatile apr_uint32_t fb_busy_walking;

void fb_busy_child_init(apr_pool_t *pchild, server_rec *s)
{
    int daemons = 0, threads = 0;

    (void)pchild;
    (void)s;
    if (!ap_exists_scoreboard_image()
        || ap_mpm_query(AP_MPMQ_HARD_LIMIT_DAEMONS, &fb_busy_processes)
           != APR_SUCCESS
        || ap_mpm_query(AP_MPMQ_HARD_LIMIT_THREADS, &fb_busy_threads)
           != APR_SUCCESS
        || ap_mpm_query(AP_MPMQ_MAX_DAEMONS, &daemons) != APR_SUCCESS
        || ap_mpm_query(AP_MPMQ_MAX_THREADS, &threads) != APR_SUCCESS) {
        fb_busy_max = 0;
        return;
    }
    /* MaxRequestWorkers, as the MPM rounded it: processes times threads
     * (prefork answers one thread). */
    fb_busy_max = daemons * (threads > 0 ? threads : 1);
}

/* Counts as mod_status does: the workers of live processes that are not
 * shutting down, in any state but idle, dead, starting or stopping. */
static int fb_busy_walk(void)
{
    int i, j, busy = 0;

    for (i = 0; i < fb_busy_processes; i++) {
        process_score *ps = ap_get_scoreboard_process(i);

        if (ps == NULL || ps->pid == 0 || ps->quiescing) {
            continue;
        }
        for (j = 0; j < fb_busy_threads; j++) {
            worker_score *ws = ap_get_scoreboard_worker_from_indexes(i, j);

            if (ws == NULL) {
                continue;
            }
            switch (ws->status) {
            case SERVER_READY:
            case SERVER_DEAD:
            case SERVER_STARTING:
            case SERVER_IDLE_KILL:
            case SERVER_GRACEFUL:
                break;
            default:
                busy++;
            }
        }
    }
    return busy;
}

void fb_busy_workers(int *busy, int *max)
{
    apr_time_t now;

    *max = fb_busy_max;
    if (fb_busy_max == 0) {
        *busy = 0;
        return;
    }
    now = apr_time_now();
    if (now - (apr_time_t)apr_atomic_read64(&fb_busy_at) >= FB_BUSY_FRESH
        && apr_atomic_cas32(&fb_busy_walking, 1, 0) == 0) {
        apr_atomic_set32(&fb_busy_count, (apr_uint32_t)fb_busy_walk());
        apr_atomic_set64(&fb_busy_at, (apr_uint64_t)now);
        apr_atomic_set32(&fb_busy_walking, 0);
    }
    *busy = (int)apr_atomic_read32(&fb_busy_count);
}
