/*
 * fb_db: the store layer over apr_dbd.
 *
 * All SQL is prepared.  Each statement is a named object declared with
 * FB_SQL (or FB_SQL_GLOBAL) next to the code that runs it: its label, its
 * text and the number of arguments its callers pass.  Callers name the
 * statement itself (&fb_sql_board_get), so a misspelt one does not
 * compile, and pass arguments as strings, NULL meaning SQL NULL; no SQL
 * text is ever built from request data.
 *
 * Tenancy is the call's business, not the caller's: an FB_SQL statement's
 * first placeholder is the organization's id, which the call puts there
 * itself from the organization it is given, so no caller can forget it
 * or put it in the wrong place.  The argument count is checked twice: at
 * registration (fb_db_registry_add: the placeholders of the text against
 * the declared count, so a mismatch stops `apache2 -t`) and at every
 * call (the arguments given against the declared count: a short array is
 * refused, never read past; apr_dbd's pgsql driver ignores the count it
 * is given and reads as many values as the statement has placeholders).
 *
 * Pitfalls of apr_dbd this layer absorbs:
 *   - results are always fetched with random access and read to the end,
 *     so pooled connections never carry unread rows;
 *   - NULL is told apart from the empty string;
 *   - values are copied into the caller's pool, because the pgsql driver
 *     frees the whole result as soon as its last row has been read;
 *   - transactions are plain BEGIN/COMMIT/ROLLBACK statements, not
 *     apr_dbd's transaction calls: the pgsql driver dereferences NULL when
 *     BEGIN fails on a dead connection, and after the first error it
 *     rolls back silently while reporting success; fb_db remembers the
 *     first failure and fb_db_end() reports it;
 *   - statements are prepared on a connection the first time it runs
 *     them (from their own text), so a new connection costs one round
 *     trip, not one per statement;
 *   - a connection whose PostgreSQL session is gone (a restart, a killed
 *     backend) is noticed: at checkout libpq reads what the server sent
 *     (its goodbye, then the end of the socket) and the connection is
 *     reset before use; libpq tells fb_db of every reset (an event
 *     procedure), and the new session starts without statements.  A
 *     statement that finds the connection dead before anything ran in
 *     this checkout is retried once on a reset connection, since the
 *     server never ran it.
 *
 * Failures come in two kinds: APR_EGENERAL, a statement that PostgreSQL
 * refused (a bug or a conflict: 500, except that a deadlock or a
 * serialization failure sets db->conflict: 503 and retry), and
 * FB_DB_UNAVAILABLE, no usable connection to the database (503 and
 * retry).
 */
#ifndef FB_DB_H
#define FB_DB_H

#include <apr_dbd.h>
#include <apr_hash.h>
#include <apr_pools.h>
#include <apr_tables.h>

#include "fb_params.h"

typedef struct {
    const char *label;      /* a valid SQL identifier, unique */
    const char *sql;        /* apr_dbd placeholders: %s, %d, ... */
    int nargs;              /* the arguments a call passes */
    int scoped;             /* the organization's id comes first, put
                             * there by the call (not in nargs) */
    const char *params;     /* the names of the arguments ("(id, name)",
                             * fb_params.h), or NULL: a statement of at
                             * most one argument, passed by position */
} fb_statement_t;

/*
 * Declares the statement fb_sql_<name>, labelled name, whose first
 * placeholder is the organization's id and which callers pass count (0
 * or 1) further arguments; a statement of more names them
 * (FB_SQL_NAMED), or the start-up check refuses it.  Statements are global symbols: a label used twice
 * does not link.
 */
#define FB_SQL(name, count, text) \
    const fb_statement_t fb_sql_##name = { \
        .label = #name, .sql = text, .nargs = count, .scoped = 1}

/*
 * Declares the statement fb_sql_<name> whose arguments (besides the
 * organization) are the parenthesized names, called with FB_CALL(name,
 * .a = ..., .b = ...) (fb_params.h).
 */
#define FB_SQL_NAMED(name, names, text) \
    FB_PARAMS(name, names); \
    FB_SQL_WITH(name, name, text)

/* A statement taking the argument set declared by FB_PARAMS(set, ...),
 * called with FB_NAMED(set, ...). */
#define FB_SQL_WITH(name, set, text) \
    const fb_statement_t fb_sql_##name = { \
        .label = #name, .sql = text, .nargs = FB_PARAMS_COUNT(set), \
        .scoped = 1, .params = fb_params_##set##_names}

/* A statement that is not scoped by one organization: the API key lookup
 * (which finds the organization), the worker's claims across all of
 * them, housekeeping sweeps. */
#define FB_SQL_GLOBAL(name, count, text) \
    const fb_statement_t fb_sql_##name = { \
        .label = #name, .sql = text, .nargs = count, .scoped = 0}

/* FB_SQL_NAMED() of a statement that is not scoped. */
#define FB_SQL_GLOBAL_NAMED(name, names, text) \
    FB_PARAMS(name, names); \
    const fb_statement_t fb_sql_##name = { \
        .label = #name, .sql = text, .nargs = FB_PARAMS_COUNT(name), \
        .scoped = 0, .params = fb_params_##name##_names}

/* FB_SQL_WITH() of a statement that is not scoped. */
#define FB_SQL_GLOBAL_WITH(name, set, text) \
    const fb_statement_t fb_sql_##name = { \
        .label = #name, .sql = text, .nargs = FB_PARAMS_COUNT(set), \
        .scoped = 0, .params = fb_params_##set##_names}

/* The arguments of a worker's sweep that keeps what it sweeps for a
 * setting's time (fb_job.h: fb_sweep_t): the batch, then the setting. */
FB_PARAMS(sweep_setting, (batch, setting));

/* The arguments of a call (the organization's id not included). */
typedef struct {
    int n;
    const char *const *v;
    const char *names;      /* the params of the statements they were
                             * named for (FB_NAMED), or NULL: by position */
} fb_args_t;

/* The values of the argument set `set` by name: FB_NAMED(post_list,
 * .boards = boards, .q = q); a name not given is NULL. */
#define FB_NAMED(set, ...) \
    ((fb_args_t){.n = FB_PARAMS_COUNT(set), \
                 .v = (const char *const *)(const void *) \
                      &(const fb_params_##set##_t){__VA_ARGS__}, \
                 .names = fb_params_##set##_names})

/* The values of the argument set `set` in a struct of its type that the
 * caller filled member by member (ptr: const fb_params_<set>_t *). */
#define FB_NAMED_VALUES(set, ptr) \
    ((fb_args_t){.n = FB_PARAMS_COUNT(set), \
                 .v = (const char *const *)(const void *) \
                      (1 ? (ptr) : (const fb_params_##set##_t *)0), \
                 .names = fb_params_##set##_names})

/* A named statement and its values, as the two arguments of a call:
 * fb_req_select(fr, FB_CALL(tag_rename, .id = id, .name = n), &rows). */
#define FB_CALL(name, ...) &fb_sql_##name, FB_NAMED(name, __VA_ARGS__)

/* fb_args_t of the values listed: FB_ARGS(id, name). */
#define FB_ARGS(...) \
    ((fb_args_t){.n = (int)(sizeof((const char *const[]){__VA_ARGS__}) \
                            / sizeof(const char *)), \
                 .v = (const char *const[]){__VA_ARGS__}})

/* No arguments beyond the organization. */
#define FB_NO_ARGS ((fb_args_t){.n = 0, .v = NULL})

/* fb_args_t of a whole array (not a pointer: that does not compile). */
#define FB_IS_POINTER(a) \
    __builtin_types_compatible_p(__typeof__(a), __typeof__(&(a)[0]))
#define FB_ARRAY_ARGS(a) \
    ((fb_args_t){.n = (int)(sizeof(a) / sizeof((a)[0]) \
                            + 0 * sizeof(char[1 - 2 * FB_IS_POINTER(a)])), \
                 .v = (a)})

/* The database cannot be reached, or the connection was lost. */
#define FB_DB_UNAVAILABLE APR_ECONNABORTED

/* The statements a pooled connection's current session has prepared,
 * kept with its libpq connection (fb_db.c). */
typedef struct fb_db_session fb_db_session_t;

typedef struct {
    const apr_dbd_driver_t *driver;
    apr_dbd_t *handle;
    apr_hash_t *prepared;           /* label -> apr_dbd_prepared_t *: the
                                     * session's, or given (untracked) */
    int tracked;                    /* a pooled connection: statements are
                                     * prepared on first use and kept with
                                     * the libpq connection across
                                     * checkouts; 0: only what prepared
                                     * holds can run (tests, tools) */
    fb_db_session_t *session;       /* set by fb_db_checkout() */
    int tx;                         /* inside BEGIN ... COMMIT */
    int tx_failed;                  /* a statement failed inside tx */
    int used;                       /* a statement ran in this checkout */
    int lost;                       /* the connection is unusable */
    int conflict;                   /* a statement since BEGIN lost to a
                                     * deadlock or serialization failure
                                     * (pooled connections only): retry
                                     * the write; 2 once reported */
    int canceled;                   /* a statement was cancelled: its
                                     * statement_timeout ran out */
    int renewed;                    /* this checkout began a new session
                                     * (a new or reset connection) */
    int began;                      /* a BEGIN ran in this checkout */
    int committed;                  /* in this checkout a COMMIT, or an
                                     * fb_db_exec outside a transaction
                                     * (its own commit), succeeded or may
                                     * have (the connection was lost) */
    const char *error;              /* last failure, for the log only */
} fb_db_t;

/* A fully read result: cells[row * ncols + col], NULL for SQL NULL. */
typedef struct {
    int nrows;
    int ncols;
    const char **cells;
} fb_rows_t;

/*
 * Readies a connection just taken from a pool: a new checkout, whose
 * session is checked (a new one starts without statements).
 * FB_DB_UNAVAILABLE when the connection cannot be used.
 */
apr_status_t fb_db_checkout(fb_db_t *db, apr_pool_t *p);

/*
 * Readies a connection to go back to its pool: a transaction left open
 * by mistake is rolled back.  Returns APR_EGENERAL when one was.
 */
apr_status_t fb_db_checkin(fb_db_t *db, apr_pool_t *p);

/* Non-zero when db's connection is unusable: lost by a statement, or
 * known broken to libpq now. */
int fb_db_lost(const fb_db_t *db);

/*
 * Runs the select st for the organization org (NULL for an FB_SQL_GLOBAL
 * statement); *out holds every row.  APR_EGENERAL or FB_DB_UNAVAILABLE on
 * failure; APR_EGENERAL too, without running anything, when args or org
 * do not match what st declares (their count, or the names they were
 * given for: FB_NAMED).
 */
apr_status_t fb_db_select(fb_db_t *db, apr_pool_t *p, const fb_statement_t *st,
                          const char *org, fb_args_t args, fb_rows_t *out);

/* Runs a statement without rows; *affected may be NULL.  An autocommit
 * write is retried on a reset connection only when it was the checkout's
 * first statement and found the connection already dead. */
apr_status_t fb_db_exec(fb_db_t *db, apr_pool_t *p, const fb_statement_t *st,
                        const char *org, fb_args_t args, int *affected);

/* The cell at (row, col), NULL for SQL NULL or out of range. */
const char *fb_rows_get(const fb_rows_t *rows, int row, int col);

/* Starts a transaction on db (FB_DB_UNAVAILABLE: no connection). */
apr_status_t fb_db_begin(fb_db_t *db, apr_pool_t *p);

/*
 * Ends the transaction: commits when commit is non-zero and nothing in it
 * failed, else rolls back.  Returns APR_SUCCESS only for a commit that
 * happened; a rollback asked for with commit == 0 also returns success.
 * FB_DB_UNAVAILABLE when the connection died at the end: the outcome of
 * a COMMIT is then unknown.
 */
apr_status_t fb_db_end(fb_db_t *db, apr_pool_t *p, int commit);

/*
 * A PostgreSQL array literal of the strings in items (each quoted and
 * escaped), to bind to a "%s::text[]" placeholder; NULL (SQL NULL) when
 * items is empty.
 */
const char *fb_db_text_array(apr_pool_t *p, const apr_array_header_t *items);

/*
 * The elements of an array as PostgreSQL writes it ("{a,\"b c\",NULL}",
 * "{{a,b},{c,d}}"), every dimension flattened in order, in *items (char
 * pointers into p, NULL for an SQL NULL).  APR_EINVAL when text is not
 * such an array.
 */
apr_status_t fb_db_array_parse(apr_pool_t *p, const char *text,
                               apr_array_header_t **items);

/* The placeholders of sql as apr_dbd counts them ("%%" is a percent). */
int fb_db_placeholders(const char *sql);

/*
 * Adds the statements of table (NULL-terminated) to registry (label ->
 * statement).  APR_EEXIST when a label is registered twice, APR_EINVAL
 * when a statement's placeholders are not the arguments it declares (and
 * the organization, when scoped), when a statement of two or more
 * arguments does not name them, or a named statement's placeholders are
 * not bound by its names (fb_params_check); *why (in p) says which and
 * why.
 */
apr_status_t fb_db_registry_add(apr_hash_t *registry, apr_pool_t *p,
                                const fb_statement_t *const *table,
                                const char **why);

/* Prepares every statement of table on db's handle (tests, tools). */
apr_status_t fb_db_prepare_table(fb_db_t *db, apr_pool_t *p,
                                 const fb_statement_t *const *table);

#endif
