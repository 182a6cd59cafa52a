/*
 * fb_db: prepared statements, fully read results, honest transactions.
 */
#include <string.h>

#include <apr_strings.h>
#include <libpq-fe.h>

#include "fb_db.h"

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

static apr_dbd_prepared_t *fb_db_statement(fb_db_t *db, apr_pool_t *p,
                                           const char *label)
{
    apr_dbd_prepared_t *stmt = apr_hash_get(db->prepared, label,
                                            APR_HASH_KEY_STRING);

    if (stmt == NULL) {
        db->error = apr_pstrcat(p, "no prepared statement ", label, NULL);
        db->tx_failed = db->tx;
    }
    return stmt;
}

static apr_status_t fb_db_failed(fb_db_t *db, apr_pool_t *p,
                                 const char *label, int rc)
{
    const char *text = apr_dbd_error(db->driver, db->handle, rc);

    db->error = apr_psprintf(p, "%s: %s", label, text ? text : "(unknown)");
    db->tx_failed = db->tx;
    if (fb_db_conn_bad(db)) {
        db->lost = 1;
        return FB_DB_UNAVAILABLE;
    }
    return APR_EGENERAL;
}

/* Prepares every statement again in the connection's new session.  The
 * labels stay bound to the statement objects the pool already holds:
 * the driver runs a prepared statement by its label. */
static apr_status_t fb_db_prepare_again(fb_db_t *db, apr_pool_t *p)
{
    const fb_statement_t *const *table;
    const fb_statement_t *st;
    apr_pool_t *scratch;
    int rc = 0;

    if (db->tables == NULL) {
        return APR_EGENERAL;
    }
    if (apr_pool_create(&scratch, p) != APR_SUCCESS) {
        return APR_ENOMEM;
    }
    for (table = db->tables; *table != NULL && rc == 0; table++) {
        for (st = *table; st->label != NULL && rc == 0; st++) {
            apr_dbd_prepared_t *stmt = NULL;

            rc = apr_dbd_prepare(db->driver, scratch, db->handle, st->sql,
                                 st->label, &stmt);
            if (rc != 0) {
                fb_db_failed(db, p, st->label, rc);
            }
        }
    }
    apr_pool_destroy(scratch);
    return rc == 0 ? APR_SUCCESS : APR_EGENERAL;
}

/* Makes sure the statements exist in the connection's current session. */
static apr_status_t fb_db_session_sync(fb_db_t *db, apr_pool_t *p)
{
    int pid = PQbackendPID(fb_db_conn(db));

    if (db->session == NULL || db->session->backend_pid == pid) {
        return APR_SUCCESS;
    }
    if (db->session->backend_pid != 0
        && fb_db_prepare_again(db, p) != APR_SUCCESS) {
        db->lost = 1;
        return FB_DB_UNAVAILABLE;
    }
    /* First seen: mod_dbd prepared the statements when it connected. */
    db->session->backend_pid = pid;
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
    return fb_db_session_sync(db, p) == APR_SUCCESS;
}

apr_status_t fb_db_checkout(fb_db_t *db, apr_pool_t *p)
{
    db->tx = db->tx_failed = db->used = db->lost = 0;
    db->error = NULL;
    if (fb_db_conn_bad(db)) {
        db->lost = 1;
        db->error = "the connection is broken";
        return FB_DB_UNAVAILABLE;
    }
    return fb_db_session_sync(db, p);
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
 * Runs a prepared statement: a select when res is not NULL, its result
 * in *res, else a command whose affected count goes to *affected.
 */
static apr_status_t fb_db_run(fb_db_t *db, apr_pool_t *p, const char *label,
                              int nargs, const char *const *args,
                              apr_dbd_results_t **res, int *affected)
{
    apr_dbd_prepared_t *stmt;
    apr_status_t rv = APR_SUCCESS;
    int rc, nrows = 0, tries = 0;

    if (db->tx && db->tx_failed) {
        /* PostgreSQL refuses everything until the ROLLBACK. */
        db->error = apr_pstrcat(p, label, ": not run, the transaction "
                                "failed earlier", NULL);
        return APR_EGENERAL;
    }
    if ((stmt = fb_db_statement(db, p, label)) == NULL) {
        return APR_EGENERAL;
    }
    do {
        if (res != NULL) {
            *res = NULL;
            rc = apr_dbd_pselect(db->driver, p, db->handle, res, stmt, 1,
                                 nargs, (const char **)args);
        }
        else {
            rc = apr_dbd_pquery(db->driver, p, db->handle, &nrows, stmt,
                                nargs, (const char **)args);
        }
        rv = rc == 0 ? APR_SUCCESS : fb_db_failed(db, p, label, rc);
    } while (rv == FB_DB_UNAVAILABLE && tries++ == 0 && fb_db_recover(db, p));
    db->used = 1;
    if (rv == APR_SUCCESS && affected != NULL) {
        *affected = nrows;
    }
    return rv;
}

apr_status_t fb_db_select(fb_db_t *db, apr_pool_t *p, const char *label,
                          int nargs, const char *const *args,
                          fb_rows_t *out)
{
    apr_dbd_results_t *res = NULL;
    apr_dbd_row_t *row = NULL;
    apr_status_t rv;
    int r, c;

    out->nrows = out->ncols = 0;
    out->cells = NULL;
    if ((rv = fb_db_run(db, p, label, nargs, args, &res, NULL))
        != APR_SUCCESS) {
        return rv;
    }
    out->nrows = apr_dbd_num_tuples(db->driver, res);
    out->ncols = apr_dbd_num_cols(db->driver, res);
    if (out->nrows < 0 || out->ncols < 0) {
        out->nrows = out->ncols = 0;
        return fb_db_failed(db, p, label, -1);
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

apr_status_t fb_db_exec(fb_db_t *db, apr_pool_t *p, const char *label,
                        int nargs, const char *const *args, int *affected)
{
    return fb_db_run(db, p, label, nargs, args, NULL, affected);
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

    db->tx = db->tx_failed = 0;
    do {
        rv = fb_db_command(db, p, "BEGIN");
    } while (rv == FB_DB_UNAVAILABLE && tries++ == 0 && fb_db_recover(db, p));
    db->used = 1;
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
    return fb_db_command(db, p, "COMMIT");
}

apr_status_t fb_db_prepare_table(fb_db_t *db, apr_pool_t *p,
                                 const fb_statement_t *table)
{
    for (; table->label != NULL; table++) {
        apr_dbd_prepared_t *stmt = NULL;
        int rc = apr_dbd_prepare(db->driver, p, db->handle, table->sql,
                                 table->label, &stmt);

        if (rc != 0) {
            return fb_db_failed(db, p, table->label, rc);
        }
        apr_hash_set(db->prepared, table->label, APR_HASH_KEY_STRING, stmt);
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
