/*
 * fb_replica: the read replica's pool, its state, and the positions of
 * the keys' writes (fb_replica.h).
 */
#include "httpd.h"
#include "http_log.h"
#include "http_protocol.h"
#include "mod_status.h"
#include "apr_atomic.h"
#include "apr_dbd.h"
#include "apr_reslist.h"
#include "apr_strings.h"

#include <libpq-fe.h>
#include <string.h>

#include "fb_config.h"
#include "fb_crypto.h"
#include "fb_log.h"
#include "fb_replica.h"
#include "fb_shm.h"

/* The longest a child leaves an unreachable replica alone. */
#define FB_REPLICA_BACKOFF_MAX_MS 5000
#define FB_REPLICA_BACKOFF_MIN_MS 1000
/* "host:port" as server-status shows it. */
#define FB_REPLICA_HOST_LEN 96

enum { FB_POOL_PRIMARY = 0, FB_POOL_REPLICA = 1 };

/* The node's part: every child counts into it and reads it. */
typedef struct {
    char host[2][FB_REPLICA_HOST_LEN];  /* each pool's, as last seen */
    volatile apr_uint64_t reads[2];     /* reads served by each pool */
    volatile apr_uint64_t fallbacks;    /* failed on the replica, run
                                         * again on the primary */
    volatile apr_uint64_t skipped_lag;  /* replica further behind than
                                         * FeedbackReplicaMaxLag */
    volatile apr_uint64_t behind_key;   /* replica before the key's write */
    volatile apr_uint64_t busy;         /* every replica connection busy */
    volatile apr_uint64_t lag_ms;       /* as last read, by any child */
    volatile apr_uint64_t replay;       /* its replay position, likewise */
    volatile apr_uint64_t checked;      /* apr_time_t of that reading */
    volatile apr_uint64_t down_since;   /* apr_time_t, 0: reachable */
    volatile apr_uint32_t marks;        /* unknown marks given out */
    volatile apr_uint64_t slots[FB_REPLICA_SLOTS];  /* writes' positions,
                                         * or unknown marks */
} fb_replica_shm_t;

static fb_shm_t fb_replica_shm = {.what = "the read replica's books"};

/* A slot whose write's position was not learnt holds an unknown mark:
 * a value above any WAL position, a new one each time (so that a write
 * can tell whether the mark it saw before reading its own position is
 * still the one there). */
#define FB_REPLICA_UNKNOWN_MIN (APR_UINT64_MAX - APR_UINT64_C(0xffffffff))
#define FB_REPLICA_IS_UNKNOWN(at) ((at) >= FB_REPLICA_UNKNOWN_MIN)

static fb_replica_shm_t *fb_replica_books(void)
{
    return fb_shm_base(&fb_replica_shm);
}

static apr_uint64_t fb_replica_unknown_mark(void)
{
    fb_replica_shm_t *b = fb_replica_books();

    return b != NULL ? FB_REPLICA_UNKNOWN_MIN
                       + apr_atomic_inc32(&b->marks)
                     : FB_REPLICA_UNKNOWN;
}

/* Adds one to a counter of the books, when there are any. */
#define FB_STATS_REPLICA(field) \
    do { \
        fb_replica_shm_t *fb_b_ = fb_replica_books(); \
        if (fb_b_ != NULL) { \
            apr_atomic_inc64(&fb_b_->field); \
        } \
    } while (0)

/* This child's pool. */
static apr_reslist_t *fb_replica_list;
static const apr_dbd_driver_t *fb_replica_drv;
static const char *fb_replica_conninfo;
static apr_uint32_t fb_replica_max;
static apr_int64_t fb_replica_max_lag_ms;
static volatile apr_uint32_t fb_replica_in_use;
/* Out of reach: left alone until down_until, then tried by one request
 * at a time (trying), the wait doubling up to the maximum. */
static volatile apr_uint64_t fb_replica_down_until;
static volatile apr_uint32_t fb_replica_trying;
static volatile apr_uint32_t fb_replica_backoff_ms;

struct fb_replica_conn {
    apr_pool_t *pool;           /* the connection's own */
    apr_dbd_t *handle;
    apr_uint64_t replay;        /* the replica's replay position, */
    apr_int64_t lag_ms;         /* its lag, */
    apr_time_t checked;         /* as read on this connection then */
    int trial;                  /* the child's one try after an outage */
};

/*
 * The replica's state: whether it is one at all (a promoted server is
 * not), the WAL position it replayed, and how far it is behind.  None
 * when it replayed all it received and still streams from the primary;
 * else the age of the last transaction it replayed: with WAL held back
 * (recovery_min_apply_delay, a slow replay), about the delay; cut off
 * from the primary (dead, or promoted elsewhere), the time since it
 * last heard of a write, so that it is skipped once that passes the
 * limit.  The WAL receiver's status needs pg_read_all_stats
 * (pg_monitor); without it, a receiver process counts as streaming.
 * The age is never below zero (the two servers' clocks may differ).
 * Global: the server's state, no organization's data.
 */
FB_SQL_GLOBAL(fb_replica_state, 0,
    "SELECT pg_is_in_recovery()::text, "
    "       (coalesce(pg_last_wal_replay_lsn(), '0/0') - '0/0')::text, "
    "       (CASE WHEN pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn() "
    "               AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver "
    "                           WHERE coalesce(status, 'streaming') "
    "                                 = 'streaming') "
    "             THEN 0 "
    "             ELSE greatest(0, coalesce((extract(epoch FROM "
    "                    now() - pg_last_xact_replay_timestamp()) * 1000)"
    "                    ::bigint, 0)) END)::text");

/*
 * The primary's WAL insert position, read after a write committed: at
 * or past the end of its commit record, whatever synchronous_commit
 * says (the write and flush positions, pg_current_wal_lsn() and
 * pg_current_wal_flush_lsn(), may still be before it with
 * synchronous_commit off, so a replica could pass them without the
 * commit).  One cost, accepted: when the commit record ends exactly on
 * a WAL page boundary and nothing follows, the insert position is past
 * the next page's header, while the replica's replay position stops at
 * the boundary (a record's end); the key's reads then go to the primary
 * until any later WAL (another write, a checkpoint's record) is
 * replayed.  Taking the header off in SQL would need its size, which
 * depends on the build (MAXALIGN) and is not shown.  Global: the
 * server's.
 */
FB_SQL_GLOBAL(fb_replica_written, 0,
    "SELECT (pg_current_wal_insert_lsn() - '0/0')::text");

const fb_statement_t *const fb_replica_statements[] = {
    &fb_sql_fb_replica_state, &fb_sql_fb_replica_written, NULL
};

apr_status_t fb_replica_post_config(apr_pool_t *pconf, server_rec *s)
{
    return fb_shm_create(&fb_replica_shm, sizeof(fb_replica_shm_t), pconf,
                         s);
}

/* The reslist's constructor and destructor. */
static apr_status_t fb_replica_make(void **out, void *params,
                                    apr_pool_t *pool)
{
    server_rec *s = params;
    fb_replica_conn_t *rc;
    apr_pool_t *sub;
    const char *err = NULL;
    apr_status_t rv = apr_pool_create(&sub, pool);

    if (rv != APR_SUCCESS) {
        return rv;
    }
    rc = apr_pcalloc(sub, sizeof(*rc));
    rc->pool = sub;
    rv = apr_dbd_open_ex(fb_replica_drv, sub, fb_replica_conninfo,
                         &rc->handle, &err);
    if (rv != APR_SUCCESS) {
        ap_log_error(APLOG_MARK, APLOG_DEBUG, rv, s, FBLOGNO(00724)
                     "no connection to the read replica: %s",
                     err ? err : "(no reason given)");
        apr_pool_destroy(sub);
        return rv == APR_SUCCESS ? APR_EGENERAL : rv;
    }
    *out = rc;
    return APR_SUCCESS;
}

static apr_status_t fb_replica_unmake(void *resource, void *params,
                                      apr_pool_t *pool)
{
    fb_replica_conn_t *rc = resource;

    (void)params;
    (void)pool;
    apr_dbd_close(fb_replica_drv, rc->handle);
    apr_pool_destroy(rc->pool);
    return APR_SUCCESS;
}

apr_status_t fb_replica_child_init(apr_pool_t *pchild, server_rec *s)
{
    const fb_server_conf_t *conf = fb_config_get(s);
    apr_status_t rv;

    if (conf->replica_conninfo == NULL) {
        return APR_SUCCESS;
    }
    fb_replica_conninfo = conf->replica_conninfo;
    fb_replica_max = (apr_uint32_t)conf->replica_connections;
    fb_replica_max_lag_ms = conf->replica_max_lag_ms;
    rv = apr_dbd_get_driver(pchild, "pgsql", &fb_replica_drv);
    if (rv == APR_SUCCESS) {
        /* None made in advance (the replica may be down at start-up);
         * none kept idle (smax 0): one idle for over a minute is closed
         * when the pool is next used (apr_reslist's maintenance runs on
         * acquire and release, never on its own). */
        rv = apr_reslist_create(&fb_replica_list, 0, 0,
                                (int)fb_replica_max, apr_time_from_sec(60),
                                fb_replica_make, fb_replica_unmake, s,
                                pchild);
    }
    if (rv != APR_SUCCESS) {
        fb_replica_list = NULL;
        ap_log_error(APLOG_MARK, APLOG_CRIT, rv, s, FBLOGNO(00723)
                     "could not make the read replica's pool: every read "
                     "goes to the primary");
    }
    return rv;
}

int fb_replica_enabled(void)
{
    return fb_replica_list != NULL;
}

const apr_dbd_driver_t *fb_replica_driver(void)
{
    return fb_replica_drv;
}

apr_dbd_t *fb_replica_handle(fb_replica_conn_t *rc)
{
    return rc->handle;
}

/* The replica failed: left alone for a while, longer each time. */
static void fb_replica_down(server_rec *s, const char *why)
{
    fb_replica_shm_t *b = fb_replica_books();
    apr_uint32_t ms = apr_atomic_read32(&fb_replica_backoff_ms);
    apr_time_t now = apr_time_now();

    if (ms < FB_REPLICA_BACKOFF_MIN_MS) {
        ms = FB_REPLICA_BACKOFF_MIN_MS;
    }
    apr_atomic_set64(&fb_replica_down_until,
                     (apr_uint64_t)(now + apr_time_from_msec(ms)));
    apr_atomic_set32(&fb_replica_backoff_ms,
                     ms * 2 > FB_REPLICA_BACKOFF_MAX_MS
                     ? FB_REPLICA_BACKOFF_MAX_MS : ms * 2);
    /* Logged once a node, when it goes. */
    if (b != NULL
        && apr_atomic_cas64(&b->down_since, (apr_uint64_t)now, 0) == 0) {
        ap_log_error(APLOG_MARK, APLOG_WARNING, 0, s, FBLOGNO(00720)
                     "the read replica failed (%s): reads go to the "
                     "primary, and each child tries the replica again "
                     "after %u ms, then less often", why, ms);
    }
}

/* The replica served: the outage, if any, is over. */
static void fb_replica_up(server_rec *s)
{
    fb_replica_shm_t *b = fb_replica_books();
    apr_uint64_t since;

    if (apr_atomic_read64(&fb_replica_down_until) != 0) {
        apr_atomic_set64(&fb_replica_down_until, 0);
        apr_atomic_set32(&fb_replica_backoff_ms, 0);
    }
    if (b != NULL && (since = apr_atomic_read64(&b->down_since)) != 0
        && apr_atomic_cas64(&b->down_since, 0, since) == since) {
        ap_log_error(APLOG_MARK, APLOG_NOTICE, 0, s, FBLOGNO(00721)
                     "the read replica serves reads again, after %"
                     APR_TIME_T_FMT " ms",
                     apr_time_as_msec(apr_time_now() - (apr_time_t)since));
    }
}

fb_replica_conn_t *fb_replica_acquire(server_rec *s)
{
    apr_uint64_t until;
    fb_replica_conn_t *rc;
    void *res;
    int trial = 0;

    if (fb_replica_list == NULL) {
        return NULL;
    }
    until = apr_atomic_read64(&fb_replica_down_until);
    if (until != 0) {
        /* Out of reach lately: one request of the child tries it once
         * its wait is over, the others go on to the primary. */
        if ((apr_time_t)until > apr_time_now()
            || apr_atomic_cas32(&fb_replica_trying, 1, 0) != 0) {
            return NULL;
        }
        trial = 1;
    }
    if (apr_atomic_inc32(&fb_replica_in_use) >= fb_replica_max) {
        apr_atomic_dec32(&fb_replica_in_use);
        FB_STATS_REPLICA(busy);
        if (trial) {
            apr_atomic_set32(&fb_replica_trying, 0);
        }
        return NULL;
    }
    if (apr_reslist_acquire(fb_replica_list, &res) != APR_SUCCESS) {
        apr_atomic_dec32(&fb_replica_in_use);
        fb_replica_down(s, "no connection could be made");
        if (trial) {
            apr_atomic_set32(&fb_replica_trying, 0);
        }
        return NULL;
    }
    rc = res;
    rc->trial = trial;
    return rc;
}

/* "host:port" of a libpq connection. */
static void fb_replica_host_of(apr_dbd_t *handle,
                               const apr_dbd_driver_t *driver,
                               char *out)
{
    PGconn *conn = apr_dbd_native_handle(driver, handle);

    apr_snprintf(out, FB_REPLICA_HOST_LEN, "%s:%s",
                 conn && PQhost(conn) ? PQhost(conn) : "?",
                 conn && PQport(conn) ? PQport(conn) : "?");
}

/* Writes which host pool is on into the books when it changed (compared
 * under the lock: another child may be writing it).  Non-zero when it
 * changed from another host. */
static int fb_replica_note_host(int pool, apr_dbd_t *handle,
                                const apr_dbd_driver_t *driver)
{
    fb_replica_shm_t *b = fb_replica_books();
    char host[FB_REPLICA_HOST_LEN];
    int moved = 0;

    if (b == NULL || handle == NULL) {
        return 0;
    }
    fb_replica_host_of(handle, driver, host);
    if (fb_shm_lock(&fb_replica_shm)) {
        if (strcmp(host, b->host[pool]) != 0) {
            moved = b->host[pool][0] != '\0';
            memcpy(b->host[pool], host, sizeof(host));
        }
        fb_shm_unlock(&fb_replica_shm);
    }
    return moved;
}

void fb_replica_note_primary(fb_db_t *db)
{
    fb_replica_shm_t *b = fb_replica_books();
    apr_uint64_t mark;
    int i;

    if (!fb_replica_note_host(FB_POOL_PRIMARY, db->handle, db->driver)
        || b == NULL) {
        return;
    }
    /* A failover (or DBDParams' string reaching another host): the
     * positions recorded are of the old primary's history, which the
     * new one's need not follow.  Every slot becomes unknown: each key
     * that wrote reads from the primary until its next write. */
    mark = fb_replica_unknown_mark();
    for (i = 0; i < FB_REPLICA_SLOTS; i++) {
        if (apr_atomic_read64(&b->slots[i]) != 0) {
            apr_atomic_set64(&b->slots[i], mark);
        }
    }
}

/* Reads the replica's state on db into rc; zero when it could not, or
 * the server is no replica. */
static int fb_replica_read_state(fb_replica_conn_t *rc, fb_db_t *db,
                                 apr_pool_t *p, server_rec *s)
{
    fb_replica_shm_t *b = fb_replica_books();
    fb_rows_t rows;
    const char *replay, *lag;

    if (fb_db_select(db, p, &fb_sql_fb_replica_state, NULL, FB_NO_ARGS,
                     &rows) != APR_SUCCESS || rows.nrows != 1) {
        fb_replica_down(s, db->error ? db->error
                                     : "its state could not be read");
        return 0;
    }
    if (strcmp(fb_rows_get(&rows, 0, 0) ? fb_rows_get(&rows, 0, 0) : "",
               "true") != 0) {
        /* Promoted, or the wrong server named: its data may have left
         * the primary's history. */
        fb_replica_down(s, "the server is not in recovery, so it is no "
                           "replica (promoted?)");
        return 0;
    }
    replay = fb_rows_get(&rows, 0, 1);
    lag = fb_rows_get(&rows, 0, 2);
    rc->replay = replay ? (apr_uint64_t)apr_atoi64(replay) : 0;
    rc->lag_ms = lag ? apr_atoi64(lag) : 0;
    rc->checked = apr_time_now();
    if (b != NULL) {
        apr_atomic_set64(&b->lag_ms, (apr_uint64_t)rc->lag_ms);
        apr_atomic_set64(&b->replay, rc->replay);
        apr_atomic_set64(&b->checked, (apr_uint64_t)rc->checked);
    }
    fb_replica_note_host(FB_POOL_REPLICA, rc->handle, fb_replica_drv);
    return 1;
}

int fb_replica_usable(fb_replica_conn_t *rc, fb_db_t *db, apr_pool_t *p,
                      server_rec *s, apr_uint64_t since)
{
    if ((apr_time_now() - rc->checked > FB_REPLICA_REFRESH
         || since > rc->replay)
        && !fb_replica_read_state(rc, db, p, s)) {
        return 0;
    }
    fb_replica_up(s);
    if (rc->lag_ms > fb_replica_max_lag_ms) {
        FB_STATS_REPLICA(skipped_lag);
        return 0;
    }
    if (since > rc->replay) {
        FB_STATS_REPLICA(behind_key);
        return 0;
    }
    return 1;
}

void fb_replica_release(fb_replica_conn_t *rc, int broken, server_rec *s)
{
    int trial = rc->trial;

    rc->trial = 0;
    if (broken) {
        apr_reslist_invalidate(fb_replica_list, rc);
        fb_replica_down(s, "its connection failed");
    }
    else {
        apr_reslist_release(fb_replica_list, rc);
    }
    apr_atomic_dec32(&fb_replica_in_use);
    if (trial) {
        apr_atomic_set32(&fb_replica_trying, 0);
    }
}

static volatile apr_uint64_t *fb_replica_slot(const char *key_id)
{
    fb_replica_shm_t *b = fb_replica_books();

    if (b == NULL || key_id == NULL || key_id[0] == '\0') {
        return NULL;
    }
    return &b->slots[fb_fingerprint(key_id, strlen(key_id))
                     & (FB_REPLICA_SLOTS - 1)];
}

apr_uint64_t fb_replica_key_since(const char *key_id)
{
    volatile apr_uint64_t *slot = fb_replica_slot(key_id);
    apr_uint64_t at = slot != NULL ? apr_atomic_read64(slot) : 0;

    return FB_REPLICA_IS_UNKNOWN(at) ? FB_REPLICA_UNKNOWN : at;
}

void fb_replica_note_write(fb_db_t *db, apr_pool_t *p, const char *key_id)
{
    volatile apr_uint64_t *slot = fb_replica_slot(key_id);
    apr_uint64_t at = FB_REPLICA_UNKNOWN, old, before;
    fb_rows_t rows;

    if (slot == NULL) {
        return;
    }
    /* The slot before this write's position is read: an unknown mark
     * set since then may stand for a write that committed after that
     * position, which the position does not cover. */
    before = apr_atomic_read64(slot);
    if (!fb_db_lost(db)
        && fb_db_select(db, p, &fb_sql_fb_replica_written, NULL, FB_NO_ARGS,
                        &rows) == APR_SUCCESS
        && rows.nrows == 1 && fb_rows_get(&rows, 0, 0) != NULL) {
        at = (apr_uint64_t)apr_atoi64(fb_rows_get(&rows, 0, 0));
    }
    else {
        at = fb_replica_unknown_mark();
    }
    /* The later of the two.  An unknown mark replaces anything; a known
     * position replaces an unknown mark only when it is the very mark
     * that was there before the position was read (every commit it
     * stands for came before: the position covers them). */
    do {
        old = apr_atomic_read64(slot);
        if (FB_REPLICA_IS_UNKNOWN(old) && !FB_REPLICA_IS_UNKNOWN(at)
            && old != before) {
            return;
        }
        if (!FB_REPLICA_IS_UNKNOWN(old) && !FB_REPLICA_IS_UNKNOWN(at)
            && old >= at) {
            return;
        }
    } while (apr_atomic_cas64(slot, at, old) != old);
}

void fb_replica_count_read(int replica)
{
    fb_replica_shm_t *b = fb_replica_books();

    if (b != NULL) {
        apr_atomic_inc64(&b->reads[replica ? FB_POOL_REPLICA
                                           : FB_POOL_PRIMARY]);
    }
}

void fb_replica_count_fallback(void)
{
    FB_STATS_REPLICA(fallbacks);
}

void fb_replica_status(request_rec *r, int flags)
{
    fb_replica_shm_t *b = fb_replica_books();
    const fb_server_conf_t *conf = fb_config_get(r->server);
    char host[2][FB_REPLICA_HOST_LEN];
    apr_uint64_t checked, down;
    apr_int64_t ago;

    if (b == NULL || !fb_shm_lock(&fb_replica_shm)) {
        return;
    }
    memcpy(host, b->host, sizeof(host));
    fb_shm_unlock(&fb_replica_shm);
    checked = apr_atomic_read64(&b->checked);
    down = apr_atomic_read64(&b->down_since);
    ago = checked ? apr_time_as_msec(apr_time_now() - (apr_time_t)checked)
                  : -1;
    if (flags & AP_STATUS_SHORT) {
        ap_rprintf(r, "FBPrimaryHost: %s\n"
                   "FBReadsPrimary: %" APR_UINT64_T_FMT "\n",
                   host[0][0] ? host[0] : "-",
                   apr_atomic_read64(&b->reads[FB_POOL_PRIMARY]));
        if (conf->replica_conninfo == NULL) {
            return;
        }
        ap_rprintf(r, "FBReplicaHost: %s\n"
                   "FBReadsReplica: %" APR_UINT64_T_FMT "\n"
                   "FBReplicaLagMs: %" APR_UINT64_T_FMT "\n"
                   "FBReplicaReplayLSN: %" APR_UINT64_T_FMT "\n"
                   "FBReplicaCheckedMsAgo: %" APR_INT64_T_FMT "\n"
                   "FBReplicaDown: %d\n"
                   "FBReplicaSkippedLag: %" APR_UINT64_T_FMT "\n"
                   "FBReplicaBehindKey: %" APR_UINT64_T_FMT "\n"
                   "FBReplicaBusy: %" APR_UINT64_T_FMT "\n"
                   "FBReplicaFallbacks: %" APR_UINT64_T_FMT "\n",
                   host[1][0] ? host[1] : "-",
                   apr_atomic_read64(&b->reads[FB_POOL_REPLICA]),
                   apr_atomic_read64(&b->lag_ms),
                   apr_atomic_read64(&b->replay), ago, down != 0,
                   apr_atomic_read64(&b->skipped_lag),
                   apr_atomic_read64(&b->behind_key),
                   apr_atomic_read64(&b->busy),
                   apr_atomic_read64(&b->fallbacks));
        return;
    }
    ap_rprintf(r, "<p>Database: the primary pool is on %s and served %"
               APR_UINT64_T_FMT " reads.",
               ap_escape_html(r->pool, host[0][0] ? host[0] : "-"),
               apr_atomic_read64(&b->reads[FB_POOL_PRIMARY]));
    if (conf->replica_conninfo != NULL) {
        ap_rprintf(r, "  The read replica%s is on %s, %" APR_UINT64_T_FMT
                   " ms behind (read %" APR_INT64_T_FMT " ms ago; limit %d"
                   " ms), and served %" APR_UINT64_T_FMT " reads; skipped "
                   "%" APR_UINT64_T_FMT " times for its lag, %"
                   APR_UINT64_T_FMT " for a key's write it had not "
                   "replayed, %" APR_UINT64_T_FMT " with every connection "
                   "busy; %" APR_UINT64_T_FMT " reads failed on it and ran "
                   "on the primary.",
                   down ? " (failing now)" : "",
                   ap_escape_html(r->pool, host[1][0] ? host[1] : "-"),
                   apr_atomic_read64(&b->lag_ms), ago,
                   conf->replica_max_lag_ms,
                   apr_atomic_read64(&b->reads[FB_POOL_REPLICA]),
                   apr_atomic_read64(&b->skipped_lag),
                   apr_atomic_read64(&b->behind_key),
                   apr_atomic_read64(&b->busy),
                   apr_atomic_read64(&b->fallbacks));
    }
    ap_rputs("</p>\n", r);
}
