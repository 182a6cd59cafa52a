/*
 * fb_db: prepared statements, fully read results, honest transactions.
 */
#include <string.h>
#include <strings.h>

#include <apr_lib.h>
#include <apr_strings.h>
#include <libpq-events.h>
#include <libpq-fe.h>

#include "fb_db.h"

/*
 * A pooled connection's statements live as long as its session.  The
 * record hangs off the libpq connection itself (instance data of
 * fb_db_events), in a pool with an allocator of its own: only the thread
 * holding the connection touches it, and it needs nothing from the pools
 * of mod_dbd, which other threads share.  libpq calls fb_db_events when
 * the connection is reset (its statements are gone with the old session)
 * and when it is closed (the record goes with it).  It also keeps each
 * result's SQLSTATE, which apr_dbd does not pass on: a deadlock is told
 * from other failures by its code, not by its (translated) message.
 */
struct fb_db_session {
    apr_pool_t *root;           /* own allocator; the record lives here */
    apr_pool_t *stmts;          /* the current session's statements */
    apr_hash_t *prepared;       /* label -> apr_dbd_prepared_t * */
    int fresh;                  /* the session's settings not yet made */
    char sqlstate[6];           /* the last result's SQLSTATE, or "" */
};

/* Forgets every statement: a new, empty session. */
static apr_status_t fb_db_session_clear(fb_db_session_t *s)
{
    if (s->stmts != NULL) {
        apr_pool_destroy(s->stmts);
        s->stmts = NULL;
    }
    if (apr_pool_create(&s->stmts, s->root) != APR_SUCCESS) {
        s->stmts = NULL;
        s->prepared = NULL;
        return APR_ENOMEM;
    }
    s->prepared = apr_hash_make(s->stmts);
    s->fresh = 1;
    return APR_SUCCESS;
}

static int fb_db_events(PGEventId id, void *info, void *pass)
{
    fb_db_session_t *s;

    (void)pass;
    if (id == PGEVT_CONNRESET) {
        s = PQinstanceData(((PGEventConnReset *)info)->conn, fb_db_events);
        if (s != NULL) {
            fb_db_session_clear(s);
        }
    }
    else if (id == PGEVT_RESULTCREATE) {
        PGEventResultCreate *e = info;
        const char *code;

        s = PQinstanceData(e->conn, fb_db_events);
        if (s != NULL) {
            code = PQresultErrorField(e->result, PG_DIAG_SQLSTATE);
            apr_cpystrn(s->sqlstate, code ? code : "", sizeof(s->sqlstate));
        }
    }
    else if (id == PGEVT_CONNDESTROY) {
        s = PQinstanceData(((PGEventConnDestroy *)info)->conn,
                           fb_db_events);
        if (s != NULL) {
            apr_pool_destroy(s->root);
        }
    }
    return 1;
}

/* The session record of conn, made on first sight; NULL when none can
 * be made. */
static fb_db_session_t *fb_db_session_of(PGconn *conn)
{
    fb_db_session_t *s = PQinstanceData(conn, fb_db_events);
    apr_allocator_t *allocator;
    apr_pool_t *root;

    if (s != NULL) {
        return s;
    }
    if (apr_allocator_create(&allocator) != APR_SUCCESS) {
        return NULL;
    }
    if (apr_pool_create_unmanaged_ex(&root, NULL, allocator)
        != APR_SUCCESS) {
        apr_allocator_destroy(allocator);
        return NULL;
    }
    apr_allocator_owner_set(allocator, root);
    s = apr_pcalloc(root, sizeof(*s));
    s->root = root;
    if (fb_db_session_clear(s) != APR_SUCCESS
        || !PQregisterEventProc(conn, fb_db_events, "mod_feedback", NULL)
        || !PQsetInstanceData(conn, fb_db_events, s)) {
        apr_pool_destroy(root);
        return NULL;
    }
    return s;
}

/* The libpq connection under the apr_dbd handle. */
static PGconn *fb_db_conn(const fb_db_t *db)
{
    return apr_dbd_native_handle(db->driver, db->handle);
}

/* Non-zero when libpq knows the connection is broken. */
static int fb_db_conn_bad(const fb_db_t *db)
{
    PGconn *conn = fb_db_conn(db);

    return conn == NULL || PQstatus(conn) != CONNECTION_OK;
}

/*
 * Non-zero when the connection is broken, reading what the server may
 * have sent meanwhile: a backend that was terminated or a server that
 * shut down has said so and closed the socket, but libpq learns of it
 * only when it reads (a failed write, for one, leaves it "OK").  The
 * read does not block.
 */
static int fb_db_conn_dead(const fb_db_t *db)
{
    PGconn *conn = fb_db_conn(db);

    if (conn == NULL || PQstatus(conn) != CONNECTION_OK) {
        return 1;
    }
    return !PQconsumeInput(conn) || PQstatus(conn) != CONNECTION_OK;
}

/* Non-zero when the failed statement's SQLSTATE is a deadlock (40P01)
 * or a serialization failure (40001): PostgreSQL undid the transaction
 * for a concurrent one's sake, and the same write may succeed again. */
static int fb_db_sqlstate_conflict(fb_db_t *db)
{
    const char *code = db->session ? db->session->sqlstate : "";

    return strcmp(code, "40P01") == 0 || strcmp(code, "40001") == 0;
}

static apr_status_t fb_db_failed(fb_db_t *db, apr_pool_t *p,
                                 const char *label, int rc)
{
    const char *text = apr_dbd_error(db->driver, db->handle, rc);

    db->error = apr_psprintf(p, "%s: %s", label, text ? text : "(unknown)");
    db->tx_failed = db->tx;
    if (fb_db_conn_dead(db)) {
        db->lost = 1;
        return FB_DB_UNAVAILABLE;
    }
    if (!db->conflict) {
        db->conflict = fb_db_sqlstate_conflict(db);
    }
    db->canceled = db->session != NULL
                   && strcmp(db->session->sqlstate, "57014") == 0;
    return APR_EGENERAL;
}

/* The statement st on this connection, prepared now if this session has
 * not run it yet; NULL on failure (*rv says which). */
static apr_dbd_prepared_t *fb_db_statement(fb_db_t *db, apr_pool_t *p,
                                           const fb_statement_t *st,
                                           apr_status_t *rv)
{
    apr_dbd_prepared_t *stmt = apr_hash_get(db->prepared, st->label,
                                            APR_HASH_KEY_STRING);
    int rc;

    *rv = APR_SUCCESS;
    if (stmt != NULL) {
        return stmt;
    }
    if (db->session == NULL) {
        db->error = apr_pstrcat(p, "no prepared statement ", st->label,
                                NULL);
        db->tx_failed = db->tx;
        *rv = APR_EGENERAL;
        return NULL;
    }
    rc = apr_dbd_prepare(db->driver, db->session->stmts, db->handle,
                         st->sql, st->label, &stmt);
    if (rc != 0) {
        *rv = fb_db_failed(db, p, st->label, rc);
        return NULL;
    }
    apr_hash_set(db->prepared, st->label, APR_HASH_KEY_STRING, stmt);
    return stmt;
}

/* Points db at its connection's current session and its statements. */
static apr_status_t fb_db_session_sync(fb_db_t *db)
{
    int rows = 0;

    if (!db->tracked) {
        return APR_SUCCESS;     /* untracked: prepared is the caller's */
    }
    db->session = fb_db_session_of(fb_db_conn(db));
    if (db->session == NULL || db->session->prepared == NULL) {
        db->lost = 1;
        db->error = "no memory for the connection's statements";
        return FB_DB_UNAVAILABLE;
    }
    db->prepared = db->session->prepared;
    /* Timestamps are read as text (resources write them in C): a new
     * session speaks ISO whatever the database's or role's DateStyle. */
    if (db->session->fresh) {
        if (apr_dbd_query(db->driver, db->handle, &rows,
                          "SET datestyle TO ISO, YMD") != 0) {
            db->lost = fb_db_conn_bad(db);
            db->error = "the session's DateStyle could not be set";
            return db->lost ? FB_DB_UNAVAILABLE : APR_EGENERAL;
        }
        db->session->fresh = 0;
        db->renewed = 1;
    }
    return APR_SUCCESS;
}

/*
 * After a statement found the connection dead: non-zero when it may run
 * again on a new session.  Only the checkout's first statement outside a
 * transaction qualifies: the connection died while idle in the pool, so
 * the server never ran it.
 */
static int fb_db_recover(fb_db_t *db, apr_pool_t *p)
{
    if (!db->lost || db->used || db->tx) {
        return 0;
    }
    /* apr_dbd's check resets a broken connection (PQreset). */
    if (apr_dbd_check_conn(db->driver, p, db->handle) != APR_SUCCESS
        || fb_db_conn_bad(db)) {
        return 0;
    }
    db->lost = 0;
    db->error = NULL;
    return fb_db_session_sync(db) == APR_SUCCESS;
}

int fb_db_lost(const fb_db_t *db)
{
    return db->lost || fb_db_conn_bad(db);
}

apr_status_t fb_db_checkout(fb_db_t *db, apr_pool_t *p)
{
    db->tx = db->tx_failed = db->used = db->lost = db->conflict = 0;
    db->renewed = db->began = db->committed = 0;
    db->error = NULL;
    /* A connection that died while idle in the pool is reset now, before
     * any statement: nothing needs to be retried. */
    if (fb_db_conn_dead(db)) {
        db->lost = 1;
        if (!fb_db_recover(db, p)) {
            db->error = "the connection is broken and cannot be reset";
            return FB_DB_UNAVAILABLE;
        }
        return APR_SUCCESS;
    }
    return fb_db_session_sync(db);
}

/* Runs a statement without rows (BEGIN, COMMIT, ROLLBACK). */
static apr_status_t fb_db_command(fb_db_t *db, apr_pool_t *p,
                                  const char *sql)
{
    int nrows = 0;
    int rc = apr_dbd_query(db->driver, db->handle, &nrows, sql);

    return rc == 0 ? APR_SUCCESS : fb_db_failed(db, p, sql, rc);
}

apr_status_t fb_db_checkin(fb_db_t *db, apr_pool_t *p)
{
    int open = db->tx;

    db->tx = db->tx_failed = 0;
    if (fb_db_conn_bad(db)) {
        return APR_SUCCESS;     /* the next checkout resets it */
    }
    if (!open && PQtransactionStatus(fb_db_conn(db)) == PQTRANS_IDLE) {
        return APR_SUCCESS;
    }
    fb_db_command(db, p, "ROLLBACK");
    return APR_EGENERAL;
}

/*
 * The values to bind for st: args after the organization's id when st is
 * scoped.  NULL, and the transaction failed, when they are not what st
 * declares: nothing may run with a short array or without its
 * organization.
 */
static const char **fb_db_bind(fb_db_t *db, apr_pool_t *p,
                               const fb_statement_t *st, const char *org,
                               fb_args_t args)
{
    const char **v;

    if (args.n != st->nargs || (args.n > 0 && args.v == NULL)
        || (st->scoped && org == NULL) || (!st->scoped && org != NULL)) {
        db->error = apr_psprintf(
            p, "%s: called with %d arguments%s; it takes %d%s", st->label,
            args.n, org ? " and an organization" : "", st->nargs,
            st->scoped ? " and an organization" : "");
        db->tx_failed = db->tx;
        return NULL;
    }
    if (!fb_params_same(args.names, st->params)) {
        db->error = apr_psprintf(p, "%s: called with arguments named %s; "
                                 "it takes %s", st->label,
                                 args.names ? args.names : "by position",
                                 st->params ? st->params : "them by "
                                 "position");
        db->tx_failed = db->tx;
        return NULL;
    }
    v = apr_palloc(p, sizeof(*v) * (apr_size_t)(args.n + 1));
    if (st->scoped) {
        v[0] = org;
    }
    if (args.n > 0) {
        memcpy(v + st->scoped, args.v, sizeof(*v) * (apr_size_t)args.n);
    }
    return v;
}

/*
 * Runs st with the values bound (the organization's id included): a
 * select when res is not NULL, its result in *res, else a command whose
 * affected count goes to *affected.
 */
static apr_status_t fb_db_run(fb_db_t *db, apr_pool_t *p,
                              const fb_statement_t *st, const char **values,
                              apr_dbd_results_t **res, int *affected)
{
    apr_dbd_prepared_t *stmt;
    apr_status_t rv = APR_SUCCESS;
    int rc, nrows = 0, tries = 0;
    int nvalues = st->nargs + st->scoped;

    if (db->tx && db->tx_failed) {
        /* PostgreSQL refuses everything until the ROLLBACK. */
        db->error = apr_pstrcat(p, st->label, ": not run, the transaction "
                                "failed earlier", NULL);
        return APR_EGENERAL;
    }
    do {
        /* Looked up on every try: a reset session prepares it anew. */
        if ((stmt = fb_db_statement(db, p, st, &rv)) == NULL) {
            continue;
        }
        if (res != NULL) {
            *res = NULL;
            rc = apr_dbd_pselect(db->driver, p, db->handle, res, stmt, 1,
                                 nvalues, values);
        }
        else {
            rc = apr_dbd_pquery(db->driver, p, db->handle, &nrows, stmt,
                                nvalues, values);
        }
        rv = rc == 0 ? APR_SUCCESS : fb_db_failed(db, p, st->label, rc);
    } while (rv == FB_DB_UNAVAILABLE && tries++ == 0 && fb_db_recover(db, p));
    db->used = 1;
    if (rv == APR_SUCCESS && affected != NULL) {
        *affected = nrows;
    }
    return rv;
}

/* Reads every row of res into out (copied into p). */
static apr_status_t fb_db_read(fb_db_t *db, apr_pool_t *p,
                               const fb_statement_t *st,
                               apr_dbd_results_t *res, fb_rows_t *out)
{
    apr_dbd_row_t *row = NULL;
    int r, c;

    out->nrows = apr_dbd_num_tuples(db->driver, res);
    out->ncols = apr_dbd_num_cols(db->driver, res);
    if (out->nrows < 0 || out->ncols < 0) {
        out->nrows = out->ncols = 0;
        return fb_db_failed(db, p, st->label, -1);
    }
    out->cells = apr_pcalloc(p, sizeof(char *)
                                * (apr_size_t)(out->nrows * out->ncols + 1));
    for (r = 0; apr_dbd_get_row(db->driver, p, res, &row, -1) == 0; r++) {
        for (c = 0; c < out->ncols && r < out->nrows; c++) {
            char *value = NULL;

            /* Copied: the driver frees the result after the last row. */
            if (apr_dbd_datum_get(db->driver, row, c, APR_DBD_TYPE_STRING,
                                  &value) == APR_SUCCESS) {
                out->cells[r * out->ncols + c] = apr_pstrdup(p, value);
            }
        }
    }
    return APR_SUCCESS;
}

apr_status_t fb_db_select(fb_db_t *db, apr_pool_t *p, const fb_statement_t *st,
                          const char *org, fb_args_t args, fb_rows_t *out)
{
    apr_dbd_results_t *res = NULL;
    const char **values = fb_db_bind(db, p, st, org, args);
    apr_status_t rv;

    out->nrows = out->ncols = 0;
    out->cells = NULL;
    if (values == NULL) {
        return APR_EGENERAL;
    }
    if ((rv = fb_db_run(db, p, st, values, &res, NULL)) != APR_SUCCESS) {
        return rv;
    }
    return fb_db_read(db, p, st, res, out);
}

apr_status_t fb_db_exec(fb_db_t *db, apr_pool_t *p, const fb_statement_t *st,
                        const char *org, fb_args_t args, int *affected)
{
    const char **values = fb_db_bind(db, p, st, org, args);
    apr_status_t rv = values ? fb_db_run(db, p, st, values, NULL, affected)
                             : APR_EGENERAL;

    /* Lost on the way, it may have committed all the same. */
    if ((rv == APR_SUCCESS || rv == FB_DB_UNAVAILABLE) && !db->tx) {
        db->committed = 1;
    }
    return rv;
}

const char *fb_rows_get(const fb_rows_t *rows, int row, int col)
{
    if (row < 0 || row >= rows->nrows || col < 0 || col >= rows->ncols) {
        return NULL;
    }
    return rows->cells[row * rows->ncols + col];
}

apr_status_t fb_db_begin(fb_db_t *db, apr_pool_t *p)
{
    apr_status_t rv;
    int tries = 0;

    db->tx = db->tx_failed = db->conflict = 0;
    do {
        rv = fb_db_command(db, p, "BEGIN");
    } while (rv == FB_DB_UNAVAILABLE && tries++ == 0 && fb_db_recover(db, p));
    db->used = db->began = 1;
    db->tx = rv == APR_SUCCESS;
    return rv;
}

apr_status_t fb_db_end(fb_db_t *db, apr_pool_t *p, int commit)
{
    int failed = db->tx_failed;
    PGconn *conn = fb_db_conn(db);
    apr_status_t rv;

    if (!db->tx) {
        return APR_EGENERAL;
    }
    /* libpq's own view settles whether the transaction can commit: a
     * statement that failed behind fb_db's back still counts. */
    if (conn != NULL && PQtransactionStatus(conn) != PQTRANS_INTRANS) {
        failed = 1;
    }
    db->tx = db->tx_failed = 0;
    if (!commit || failed) {
        rv = fb_db_command(db, p, "ROLLBACK");
        if (commit) {
            return rv == FB_DB_UNAVAILABLE ? rv : APR_EGENERAL;
        }
        /* A dead connection has rolled back on the server's side. */
        return rv == FB_DB_UNAVAILABLE ? APR_SUCCESS : rv;
    }
    rv = fb_db_command(db, p, "COMMIT");
    /* A connection lost under the COMMIT may have committed. */
    if (rv == APR_SUCCESS || rv == FB_DB_UNAVAILABLE) {
        db->committed = 1;
    }
    return rv;
}

apr_status_t fb_db_prepare_table(fb_db_t *db, apr_pool_t *p,
                                 const fb_statement_t *const *table)
{
    for (; *table != NULL; table++) {
        const fb_statement_t *st = *table;
        apr_dbd_prepared_t *stmt = NULL;
        int rc = apr_dbd_prepare(db->driver, p, db->handle, st->sql,
                                 st->label, &stmt);

        if (rc != 0) {
            return fb_db_failed(db, p, st->label, rc);
        }
        apr_hash_set(db->prepared, st->label, APR_HASH_KEY_STRING, stmt);
    }
    return APR_SUCCESS;
}

const char *fb_db_text_array(apr_pool_t *p, const apr_array_header_t *items)
{
    apr_array_header_t *parts;
    int i;

    if (items == NULL || items->nelts == 0) {
        return NULL;
    }
    parts = apr_array_make(p, items->nelts * 2 + 1, sizeof(char *));
    for (i = 0; i < items->nelts; i++) {
        const char *item = APR_ARRAY_IDX(items, i, const char *);
        char *quoted = apr_palloc(p, strlen(item) * 2 + 3), *q = quoted;

        *q++ = '"';
        for (; *item != '\0'; item++) {
            if (*item == '"' || *item == '\\') {
                *q++ = '\\';
            }
            *q++ = *item;
        }
        *q++ = '"';
        *q = '\0';
        APR_ARRAY_PUSH(parts, const char *) = i == 0 ? "{" : ",";
        APR_ARRAY_PUSH(parts, const char *) = quoted;
    }
    APR_ARRAY_PUSH(parts, const char *) = "}";
    return apr_array_pstrcat(p, parts, 0);
}

/* One element of an array's text at *s, quoted or bare; NULL for NULL. */
static apr_status_t fb_db_array_item(apr_pool_t *p, const char **s,
                                     const char **item)
{
    const char *c = *s;
    char *out, *o;

    if (*c != '"') {
        apr_size_t n = strcspn(c, ",{}\"\\");

        if (n == 0) {
            return APR_EINVAL;
        }
        *item = n == 4 && strncasecmp(c, "NULL", 4) == 0
                ? NULL : apr_pstrmemdup(p, c, n);
        *s = c + n;
        return APR_SUCCESS;
    }
    out = o = apr_palloc(p, strlen(c));
    for (c++; *c != '"'; c++) {
        if (*c == '\\') {
            c++;
        }
        if (*c == '\0') {
            return APR_EINVAL;
        }
        *o++ = *c;
    }
    *o = '\0';
    *item = out;
    *s = c + 1;
    return APR_SUCCESS;
}

apr_status_t fb_db_array_parse(apr_pool_t *p, const char *text,
                               apr_array_header_t **items)
{
    int depth = 0, value = 0;   /* value: an element or '}' just ended */

    *items = apr_array_make(p, 4, sizeof(const char *));
    if (text == NULL || *text != '{') {
        return APR_EINVAL;
    }
    /* After '{' or ',' comes an element or '{' (or, for an empty
     * dimension, '}'); after an element or '}' comes ',' or '}'. */
    do {
        const char *item;

        if (!value && *text == '{') {
            depth++;
            text++;
        }
        else if (*text == '}' && (value || text[-1] == '{')) {
            depth--;
            value = 1;
            text++;
        }
        else if (value && *text == ',') {
            value = 0;
            text++;
        }
        else if (!value && fb_db_array_item(p, &text, &item) == APR_SUCCESS) {
            APR_ARRAY_PUSH(*items, const char *) = item;
            value = 1;
        }
        else {
            return APR_EINVAL;
        }
    } while (depth > 0);
    return *text == '\0' ? APR_SUCCESS : APR_EINVAL;
}

int fb_db_placeholders(const char *sql)
{
    int n = 0;

    /* As apr_dbd_prepare() reads them: '%' and a letter is one. */
    for (; *sql != '\0'; sql++) {
        if (sql[0] == '%' && apr_isalpha(sql[1])) {
            n++;
        }
        else if (sql[0] == '%' && sql[1] == '%') {
            sql++;
        }
    }
    return n;
}

apr_status_t fb_db_registry_add(apr_hash_t *registry, apr_pool_t *p,
                                const fb_statement_t *const *table,
                                const char **why)
{
    for (; *table != NULL; table++) {
        const fb_statement_t *st = *table;
        int has = fb_db_placeholders(st->sql);

        if (apr_hash_get(registry, st->label, APR_HASH_KEY_STRING)) {
            *why = apr_psprintf(p, "statement label %s is used twice",
                                st->label);
            return APR_EEXIST;
        }
        if (has != st->nargs + st->scoped) {
            *why = apr_psprintf(p, "statement %s declares %d arguments%s "
                                "but its SQL has %d placeholders",
                                st->label, st->nargs,
                                st->scoped ? " and the organization" : "",
                                has);
            return APR_EINVAL;
        }
        if (st->params == NULL && st->nargs >= 2) {
            *why = apr_psprintf(p, "statement %s takes %d arguments by "
                                "position: name them (FB_SQL_NAMED, "
                                "fb_params.h)", st->label, st->nargs);
            return APR_EINVAL;
        }
        if (st->params != NULL
            && fb_params_check(p, st->sql, st->scoped, st->params, why)
               != APR_SUCCESS) {
            *why = apr_psprintf(p, "statement %s: %s", st->label, *why);
            return APR_EINVAL;
        }
        apr_hash_set(registry, st->label, APR_HASH_KEY_STRING, st);
    }
    return APR_SUCCESS;
}
