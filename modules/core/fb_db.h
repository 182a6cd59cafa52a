/*
 * fb_db: the store layer over apr_dbd.
 *
 * All SQL is prepared: each file that talks to the database declares its
 * statements as a table of {label, sql} rows, registered once at start-up
 * (mod_dbd prepares them on every pooled connection).  Callers pass
 * arguments as strings, NULL meaning SQL NULL; no SQL text is ever built
 * from request data.
 *
 * Pitfalls of apr_dbd this layer absorbs:
 *   - results are always fetched with random access and read to the end,
 *     so pooled connections never carry unread rows;
 *   - NULL is told apart from the empty string;
 *   - values are copied into the caller's pool, because the pgsql driver
 *     frees the whole result as soon as its last row has been read;
 *   - inside a transaction, apr_dbd keeps failing silently after the first
 *     error and rolls back at the end while reporting success; fb_db
 *     remembers the first failure and fb_db_end() reports it.
 */
#ifndef FB_DB_H
#define FB_DB_H

#include <apr_dbd.h>
#include <apr_hash.h>
#include <apr_pools.h>
#include <apr_tables.h>

typedef struct {
    const char *label;      /* a valid SQL identifier, unique */
    const char *sql;        /* apr_dbd placeholders: %s, %d, ... */
} fb_statement_t;

typedef struct {
    const apr_dbd_driver_t *driver;
    apr_dbd_t *handle;
    apr_hash_t *prepared;           /* label -> apr_dbd_prepared_t * */
    apr_dbd_transaction_t *tx;      /* open transaction, or NULL */
    int tx_failed;                  /* a statement failed inside tx */
    const char *error;              /* last failure, for the log only */
} fb_db_t;

/* A fully read result: cells[row * ncols + col], NULL for SQL NULL. */
typedef struct {
    int nrows;
    int ncols;
    const char **cells;
} fb_rows_t;

/* Runs a select; *out holds every row.  APR_EGENERAL on failure. */
apr_status_t fb_db_select(fb_db_t *db, apr_pool_t *p, const char *label,
                          int nargs, const char *const *args,
                          fb_rows_t *out);

/* Runs a statement without rows; *affected may be NULL. */
apr_status_t fb_db_exec(fb_db_t *db, apr_pool_t *p, const char *label,
                        int nargs, const char *const *args, int *affected);

/* The cell at (row, col), NULL for SQL NULL or out of range. */
const char *fb_rows_get(const fb_rows_t *rows, int row, int col);

/* Starts a transaction on db. */
apr_status_t fb_db_begin(fb_db_t *db, apr_pool_t *p);

/*
 * Ends the transaction: commits when commit is non-zero and nothing in it
 * failed, else rolls back.  Returns APR_SUCCESS only for a commit that
 * happened; a rollback asked for with commit == 0 also returns success.
 */
apr_status_t fb_db_end(fb_db_t *db, apr_pool_t *p, int commit);

/*
 * A PostgreSQL array literal of the strings in items (each quoted and
 * escaped), to bind to a "%s::text[]" placeholder; NULL (SQL NULL) when
 * items is empty.
 */
const char *fb_db_text_array(apr_pool_t *p, const apr_array_header_t *items);

/* Prepares every statement of table on db's handle (tests, tools). */
apr_status_t fb_db_prepare_table(fb_db_t *db, apr_pool_t *p,
                                 const fb_statement_t *table);

#endif
