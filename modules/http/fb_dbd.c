/*
 * fb_dbd: connections from mod_dbd's pool, behind a gate with a bounded
 * wait (fb_dbd.h).
 */
#include "httpd.h"
#include "http_config.h"
#include "http_log.h"
#include "apr_atomic.h"
#include "apr_dbd.h"
#include "apr_strings.h"
#include "mod_dbd.h"

#include <stdlib.h>
#include <strings.h>

#include "fb_config.h"
#include "fb_dbd.h"
#include "fb_gate.h"
#include "fb_log.h"
#include "fb_replica.h"

/* mod_dbd's own default for DBDMax under a threaded MPM. */
#define FB_DBD_DEFAULT_MAX 10

static APR_OPTIONAL_FN_TYPE(ap_dbd_open) *fb_dbd_open_fn;
static APR_OPTIONAL_FN_TYPE(ap_dbd_close) *fb_dbd_close_fn;

/* label -> SQL of every statement, made anew by each configuration pass
 * and read-only once the children run: connections prepare a statement
 * the first time they run it. */
static apr_hash_t *fb_dbd_registry;

static apr_status_t fb_dbd_registry_forget(void *unused)
{
    (void)unused;
    fb_dbd_registry = NULL;
    return APR_SUCCESS;
}

/*
 * The gate: at most DBDMax connections may be taken in this child.
 * mod_dbd's pool waits without a limit when it is exhausted, so nothing
 * may reach it unless a connection is sure to be there; waiting happens
 * here, with a deadline, the organization holding fewest served first
 * (fb_gate.h).
 *
 * The bulkhead: expensive work (fb_dbd_checkout_expensive) first takes a
 * place at a second gate of FeedbackExpensiveConnections places, fewer
 * than DBDMax, so that searches never hold every connection and cheap
 * requests always find one.
 */
static fb_gate_t *fb_dbd_gate;
static fb_gate_t *fb_dbd_bulkhead;
static int fb_dbd_pool_max = FB_DBD_DEFAULT_MAX;

/* A checked-out connection: the store's view first, then mod_dbd's. */
typedef struct {
    fb_db_t db;
    ap_dbd_t *dbd;              /* NULL for the replica's */
    fb_replica_conn_t *replica; /* the read replica's, or NULL */
    server_rec *s;
    apr_uint64_t tag;           /* whose place at the gates it holds */
    int expensive;              /* holds a bulkhead place */
    const char *old_timeout;    /* the session's statement_timeout, */
    const char *old_workers;    /* parallel workers and jit, which */
    const char *old_jit;        /* checkin puts back; NULL: no budget
                                 * was set */
} fb_dbd_conn_t;

/*
 * The main server's DBDMax as configured: mod_dbd keeps its pool size to
 * itself.  Sections are searched too (an <IfModule> around the database
 * settings is common), virtual hosts are not: the module's connections
 * come from the main server's pool.
 */
static int fb_dbd_find_max(const ap_directive_t *d, int found)
{
    for (; d != NULL; d = d->next) {
        if (strcasecmp(d->directive, "<VirtualHost") == 0) {
            continue;
        }
        if (strcasecmp(d->directive, "DBDMax") == 0 && d->args != NULL) {
            found = atoi(d->args);
        }
        found = fb_dbd_find_max(d->first_child, found);
    }
    return found;
}

apr_status_t fb_dbd_register(apr_pool_t *pconf, server_rec *s,
                             const fb_statement_t *const *const *tables)
{
    const char *why = NULL;

    fb_dbd_open_fn = APR_RETRIEVE_OPTIONAL_FN(ap_dbd_open);
    fb_dbd_close_fn = APR_RETRIEVE_OPTIONAL_FN(ap_dbd_close);
    if (fb_dbd_open_fn == NULL || fb_dbd_close_fn == NULL) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00010)
                     "mod_dbd is not loaded: add LoadModule dbd_module "
                     "and configure DBDriver pgsql and DBDParams");
        return APR_EGENERAL;
    }
    if (fb_dbd_registry == NULL) {
        fb_dbd_registry = apr_hash_make(pconf);
        apr_pool_cleanup_register(pconf, NULL, fb_dbd_registry_forget,
                                  apr_pool_cleanup_null);
    }
    for (; *tables != NULL; tables++) {
        if (fb_db_registry_add(fb_dbd_registry, pconf, *tables, &why)
            != APR_SUCCESS) {
            ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00011)
                         "%s", why);
            return APR_EGENERAL;
        }
    }
    fb_dbd_pool_max = fb_dbd_find_max(ap_conftree, FB_DBD_DEFAULT_MAX);
    if (fb_dbd_pool_max < 1) {
        fb_dbd_pool_max = 1;
    }
    return APR_SUCCESS;
}

const char *fb_dbd_statement_sql(const char *label)
{
    const fb_statement_t *st = fb_dbd_registry && label
        ? apr_hash_get(fb_dbd_registry, label, APR_HASH_KEY_STRING) : NULL;

    return st != NULL ? st->sql : NULL;
}

apr_status_t fb_dbd_child_init(apr_pool_t *p, server_rec *s)
{
    const fb_server_conf_t *conf = fb_config_get(s);
    /* At least one connection is never the bulkhead's (when DBDMax is 1
     * there is only the one). */
    int bulkhead = conf->expensive_connections < fb_dbd_pool_max
                   ? conf->expensive_connections
                   : fb_dbd_pool_max > 1 ? fb_dbd_pool_max - 1 : 1;
    apr_interval_time_t reserve =
        apr_time_from_msec(conf->connection_reserve_ms);
    apr_status_t rv = fb_gate_create(&fb_dbd_gate, fb_dbd_pool_max, reserve,
                                     p);

    if (rv == APR_SUCCESS) {
        rv = fb_gate_create(&fb_dbd_bulkhead, bulkhead, reserve, p);
    }
    if (rv != APR_SUCCESS) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, rv, s, FBLOGNO(00012)
                     "could not create the database connection gate");
    }
    return rv;
}

/* Takes a place at gate for tag within wait; APR_TIMEUP when none came.
 * Before child_init there is nothing to guard. */
static apr_status_t fb_dbd_gate_enter(fb_gate_t *gate, apr_uint64_t tag,
                                      apr_interval_time_t wait,
                                      apr_pool_t *p)
{
    return gate ? fb_gate_enter(gate, tag, wait, p) : APR_SUCCESS;
}

static void fb_dbd_gate_leave(fb_gate_t *gate, apr_uint64_t tag)
{
    if (gate != NULL) {
        fb_gate_leave(gate, tag);
    }
}

#ifndef FB_SCHEMA_VERSION
#error "FB_SCHEMA_VERSION: the number of the last migration (Makefile)"
#endif

/* The version the database's migrations reached (feedbackctl migrate). */
FB_SQL_GLOBAL(fb_schema_version, 0,
    "SELECT coalesce(max(version), 0)::text FROM schema_version");


/* This child's verdict on the schema: 0 not yet known, 1 served, 2 newer
 * than the module. */
static volatile apr_uint32_t fb_dbd_schema;

/* Checks the schema once per child, on db; non-zero when it is newer than
 * the module.  A failed check is tried again at the next checkout. */
static int fb_dbd_schema_newer(fb_db_t *db, apr_pool_t *p, server_rec *s)
{
    fb_rows_t rows;
    long version;

    if (apr_atomic_read32(&fb_dbd_schema) != 0) {
        return apr_atomic_read32(&fb_dbd_schema) == 2;
    }
    if (fb_db_select(db, p, &fb_sql_fb_schema_version, NULL, FB_NO_ARGS,
                     &rows) != APR_SUCCESS || rows.nrows != 1) {
        return 0;
    }
    version = strtol(fb_rows_get(&rows, 0, 0), NULL, 10);
    if (version <= FB_SCHEMA_VERSION) {
        apr_atomic_set32(&fb_dbd_schema, 1);
        return 0;
    }
    if (apr_atomic_cas32(&fb_dbd_schema, 2, 0) == 0) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00452)
                     "the database's schema is at migration %ld, newer "
                     "than this module's %d: requests answer 503 and the "
                     "worker waits.  Install the module that ran those "
                     "migrations (docs/operator.md, \"Upgrades\")",
                     version, FB_SCHEMA_VERSION);
    }
    return 1;
}

/*
 * The budget of expensive work, set on the session for as long as the
 * connection is checked out: a statement time-out, and one process (no
 * parallel workers: a search that fanned out over three backends took
 * every processor of a 2-core node, whatever FeedbackExpensivePerNode
 * said), and no JIT compilation (a report's statement, priced high for
 * its many subplans, spent 3.2 s of its 3.23 s compiling them).
 * Setting it reads the session's own values first (the CTE is read
 * before the row's set_config calls run), and checkin puts them
 * back: what RESET would restore, the server's, the database's or the
 * role's, without reading pg_settings (every setting of the server,
 * formatted: most of the cost of a search that finds one post).
 * Global: settings of the connection, not of any organization's data.
 */
FB_SQL_GLOBAL(fb_dbd_budget_set, 1,
    "WITH old AS MATERIALIZED ("
    "  SELECT current_setting('statement_timeout') AS statement_timeout, "
    "         current_setting('max_parallel_workers_per_gather') "
    "           AS parallel_workers, current_setting('jit') AS jit) "
    "SELECT old.statement_timeout, old.parallel_workers, old.jit, "
    "       set_config('statement_timeout', %s, false), "
    "       set_config('max_parallel_workers_per_gather', '0', false), "
    "       set_config('jit', 'off', false) "
    "FROM old");
FB_SQL_GLOBAL_NAMED(fb_dbd_budget_reset,
                    (statement_timeout, parallel_workers, jit),
    "SELECT set_config('statement_timeout', k.statement_timeout, false), "
    "       set_config('max_parallel_workers_per_gather', "
    "                  k.parallel_workers, false), "
    "       set_config('jit', k.jit, false) "
    "FROM (SELECT %s::text AS statement_timeout, "
    "  %s::text AS parallel_workers, %s::text AS jit) k");

const fb_statement_t *const fb_dbd_statements[] = {
    &fb_sql_fb_schema_version, &fb_sql_fb_dbd_budget_set,
    &fb_sql_fb_dbd_budget_reset, NULL
};

/* Sets expensive work's budget on conn's session, keeping the old
 * values for checkin; zero when it could not. */
static int fb_dbd_budget(fb_dbd_conn_t *conn, apr_pool_t *p,
                         const fb_server_conf_t *conf)
{
    fb_rows_t old;

    if (fb_db_select(&conn->db, p, &fb_sql_fb_dbd_budget_set, NULL,
                     FB_ARGS(apr_itoa(p, conf->expensive_timeout_ms)),
                     &old) != APR_SUCCESS || old.nrows != 1) {
        return 0;
    }
    conn->old_timeout = fb_rows_get(&old, 0, 0);
    conn->old_workers = fb_rows_get(&old, 0, 1);
    conn->old_jit = fb_rows_get(&old, 0, 2);
    return 1;
}

/* Gives back conn's places at the gates. */
static void fb_dbd_leave(const fb_dbd_conn_t *conn)
{
    fb_dbd_gate_leave(fb_dbd_gate, conn->tag);
    if (conn->expensive) {
        fb_dbd_gate_leave(fb_dbd_bulkhead, conn->tag);
    }
}

/* A connection for tag, through the bulkhead when expensive. */
static fb_db_t *fb_dbd_take(apr_pool_t *p, server_rec *s, apr_uint64_t tag,
                            int expensive, apr_status_t *why)
{
    const fb_server_conf_t *conf = fb_config_get(s);
    apr_interval_time_t wait = apr_time_from_msec(conf->db_acquire_ms);
    apr_time_t deadline = apr_time_now() + wait;
    fb_dbd_conn_t *conn;
    ap_dbd_t *dbd;

    if (expensive) {
        if (fb_dbd_gate_enter(fb_dbd_bulkhead, tag, wait, p)
            != APR_SUCCESS) {
            *why = APR_TIMEUP;
            return NULL;
        }
        /* One wait in all, not one per gate. */
        wait = deadline - apr_time_now();
    }
    if (fb_dbd_gate_enter(fb_dbd_gate, tag, wait, p) != APR_SUCCESS) {
        if (expensive) {
            fb_dbd_gate_leave(fb_dbd_bulkhead, tag);
        }
        *why = APR_TIMEUP;
        return NULL;
    }
    conn = apr_pcalloc(p, sizeof(*conn));
    conn->s = s;
    conn->tag = tag;
    conn->expensive = expensive;
    dbd = fb_dbd_open_fn ? fb_dbd_open_fn(p, s) : NULL;
    if (dbd == NULL) {
        fb_dbd_leave(conn);
        *why = FB_DB_UNAVAILABLE;
        return NULL;
    }
    conn->dbd = dbd;
    conn->db.driver = dbd->driver;
    conn->db.handle = dbd->handle;
    conn->db.tracked = 1;
    if ((*why = fb_db_checkout(&conn->db, p)) != APR_SUCCESS) {
        /* Back to the pool: mod_dbd resets or replaces it next time. */
        fb_dbd_close_fn(s, dbd);
        fb_dbd_leave(conn);
        return NULL;
    }
    if (fb_dbd_schema_newer(&conn->db, p, s)) {
        fb_dbd_checkin(&conn->db, p);
        *why = FB_DBD_SCHEMA_NEWER;
        return NULL;
    }
    if (conn->db.renewed) {
        /* A new session, maybe on another host (a failover). */
        fb_replica_note_primary(&conn->db);
    }
    if (expensive && !fb_dbd_budget(conn, p, conf)) {
        *why = fb_db_lost(&conn->db) ? FB_DB_UNAVAILABLE : APR_EGENERAL;
        fb_dbd_checkin(&conn->db, p);
        return NULL;
    }
    return &conn->db;
}

fb_db_t *fb_dbd_checkout_replica(apr_pool_t *p, server_rec *s,
                                 int expensive, apr_uint64_t since)
{
    fb_replica_conn_t *rc = fb_replica_acquire(s);
    fb_dbd_conn_t *conn;

    if (rc == NULL) {
        return NULL;
    }
    conn = apr_pcalloc(p, sizeof(*conn));
    conn->s = s;
    conn->replica = rc;
    conn->db.driver = fb_replica_driver();
    conn->db.handle = fb_replica_handle(rc);
    conn->db.tracked = 1;
    if (fb_db_checkout(&conn->db, p) != APR_SUCCESS) {
        fb_replica_release(rc, 1, s);
        return NULL;
    }
    if (!fb_replica_usable(rc, &conn->db, p, s, since)
        || (expensive && !fb_dbd_budget(conn, p, fb_config_get(s)))) {
        fb_db_checkin(&conn->db, p);
        fb_replica_release(rc, fb_db_lost(&conn->db), s);
        return NULL;
    }
    return &conn->db;
}

int fb_dbd_is_replica(const fb_db_t *db)
{
    return ((const fb_dbd_conn_t *)db)->replica != NULL;
}

fb_db_t *fb_dbd_checkout(apr_pool_t *p, server_rec *s, apr_status_t *why)
{
    return fb_dbd_take(p, s, 0, 0, why);
}

fb_db_t *fb_dbd_checkout_for(apr_pool_t *p, server_rec *s,
                             apr_uint64_t tag, int expensive,
                             apr_status_t *why)
{
    return fb_dbd_take(p, s, tag, expensive, why);
}

void fb_dbd_checkin(fb_db_t *db, apr_pool_t *p)
{
    /* db is the first member of the fb_dbd_conn_t checkout made. */
    fb_dbd_conn_t *conn = (fb_dbd_conn_t *)db;

    if (fb_db_checkin(db, p) != APR_SUCCESS) {
        ap_log_error(APLOG_MARK, APLOG_ERR, 0, conn->s, FBLOGNO(00013)
                     "a connection came back inside a transaction; it was "
                     "rolled back");
    }
    if (conn->old_timeout != NULL && conn->old_workers != NULL
        && conn->old_jit != NULL && !fb_db_lost(db)
        && fb_db_exec(db, p, &fb_sql_fb_dbd_budget_reset, NULL,
                      FB_NAMED(fb_dbd_budget_reset,
                               .statement_timeout = conn->old_timeout,
                               .parallel_workers = conn->old_workers,
                               .jit = conn->old_jit),
                      NULL) != APR_SUCCESS) {
        /* On a connection that still works this is all but impossible;
         * the next expensive checkout sets it again in any case. */
        ap_log_error(APLOG_MARK, APLOG_ERR, 0, conn->s, FBLOGNO(00523)
                     "could not put the statement time-out, parallel "
                     "workers and jit back (%s): statements on this "
                     "connection may be cut after FeedbackExpensiveTimeout, "
                     "and run without parallel workers or JIT, until it is "
                     "replaced",
                     db->error ? db->error : "(none given)");
    }
    if (conn->replica != NULL) {
        /* A connection that failed is closed: the replica's pool makes
         * a new one when it is tried again. */
        fb_replica_release(conn->replica, fb_db_lost(db), conn->s);
        return;
    }
    fb_dbd_close_fn(conn->s, conn->dbd);
    fb_dbd_leave(conn);
}
