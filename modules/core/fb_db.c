/*
 * fb_db: prepared statements, fully read results, honest transactions.
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_db.h"

static apr_dbd_prepared_t *fb_db_statement(fb_db_t *db, const char *label)
{
    apr_dbd_prepared_t *stmt = apr_hash_get(db->prepared, label,
                                            APR_HASH_KEY_STRING);

    if (stmt == NULL) {
        db->error = apr_pstrcat(apr_hash_pool_get(db->prepared),
                                "no prepared statement ", label, NULL);
    }
    return stmt;
}

static apr_status_t fb_db_failed(fb_db_t *db, apr_pool_t *p,
                                 const char *label, int rc)
{
    const char *text = apr_dbd_error(db->driver, db->handle, rc);

    db->error = apr_psprintf(p, "%s: %s", label, text ? text : "(unknown)");
    if (db->tx != NULL) {
        db->tx_failed = 1;
    }
    return APR_EGENERAL;
}

apr_status_t fb_db_select(fb_db_t *db, apr_pool_t *p, const char *label,
                          int nargs, const char *const *args,
                          fb_rows_t *out)
{
    apr_dbd_prepared_t *stmt = fb_db_statement(db, label);
    apr_dbd_results_t *res = NULL;
    apr_dbd_row_t *row = NULL;
    int rc, r, c;

    out->nrows = out->ncols = 0;
    out->cells = NULL;
    if (stmt == NULL) {
        db->tx_failed = db->tx != NULL;
        return APR_EGENERAL;
    }
    rc = apr_dbd_pselect(db->driver, p, db->handle, &res, stmt, 1, nargs,
                         (const char **)args);
    if (rc != 0) {
        return fb_db_failed(db, p, label, rc);
    }
    out->nrows = apr_dbd_num_tuples(db->driver, res);
    out->ncols = apr_dbd_num_cols(db->driver, res);
    if (out->nrows < 0 || out->ncols < 0) {
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
    apr_dbd_prepared_t *stmt = fb_db_statement(db, label);
    int nrows = 0, rc;

    if (stmt == NULL) {
        db->tx_failed = db->tx != NULL;
        return APR_EGENERAL;
    }
    rc = apr_dbd_pquery(db->driver, p, db->handle, &nrows, stmt, nargs,
                        (const char **)args);
    if (rc != 0) {
        return fb_db_failed(db, p, label, rc);
    }
    if (affected != NULL) {
        *affected = nrows;
    }
    return APR_SUCCESS;
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
    int rc;

    db->tx = NULL;
    db->tx_failed = 0;
    rc = apr_dbd_transaction_start(db->driver, p, db->handle, &db->tx);
    if (rc != 0) {
        db->tx = NULL;
        return fb_db_failed(db, p, "BEGIN", rc);
    }
    return APR_SUCCESS;
}

apr_status_t fb_db_end(fb_db_t *db, apr_pool_t *p, int commit)
{
    apr_dbd_transaction_t *tx = db->tx;
    int failed = db->tx_failed;
    int rc;

    if (tx == NULL) {
        return APR_EGENERAL;
    }
    if (!commit || failed) {
        apr_dbd_transaction_mode_set(db->driver, tx,
                                     APR_DBD_TRANSACTION_ROLLBACK);
    }
    rc = apr_dbd_transaction_end(db->driver, p, tx);
    db->tx = NULL;
    db->tx_failed = 0;
    if (rc != 0) {
        return fb_db_failed(db, p, commit ? "COMMIT" : "ROLLBACK", rc);
    }
    return (commit && failed) ? APR_EGENERAL : APR_SUCCESS;
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
