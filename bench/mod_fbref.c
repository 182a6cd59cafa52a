/*
 * mod_fbref: the reference handler the API is benchmarked against.
 *
 * It runs the very SQL of mod_feedback's statements (the labels
 * "board_get", "brand_list" and "post_get"), so the database work is
 * identical, and adds nothing else: no authentication, no routing table,
 * no JSON.  What is left is the floor of a mod_dbd request: acquire a
 * pooled connection, run one prepared statement, read every row, copy
 * it, write its columns (the API writes its JSON from them in C).
 *
 * mod_feedback prepares its statements itself, per pooled connection, and
 * shares nothing with mod_dbd's prepared hash.  Its one interface used
 * here is the optional function feedback_statement_sql (mod_feedback.h):
 * label -> the registered SQL text.  The reference prepares that text
 * itself, the first time a connection runs it, as "fbref_" + label (the
 * API may have prepared "label" on the same PostgreSQL session, and a
 * second PREPARE of a name fails), and keeps the handle in the
 * connection's dbd->prepared under that name for the next requests.
 *
 * Each answer is text/tab-separated-values: a row's columns joined by
 * tabs, rows by newlines.
 *
 *   GET /ref/board?org=ORG&id=ID        the board's columns
 *   GET /ref/brands?org=ORG&limit=N     N brands' columns at most
 *   GET /ref/post?org=ORG&id=ID&private=true|false
 *                                       the post's columns; private: may
 *                                       see authorOnly and companyOnly
 *                                       posts
 *   GET /ref/sql?label=LABEL            text/plain: the statement the
 *                                       reference prepared for mod_feedback's
 *                                       LABEL on this connection ("PREPARE
 *                                       fbref_LABEL (types) AS ..."), for
 *                                       EXPLAIN in psql; any registered
 *                                       label, prepared on demand
 *
 * Configure it with SetHandler fbref; mod_feedback must be loaded too,
 * since its statements are the ones used here.  A connection whose
 * PostgreSQL session is replaced (a restart, a killed backend) keeps its
 * stale handles and fails until mod_dbd replaces it: the benchmark does
 * not do that to its database.
 */
#include <string.h>

#include "httpd.h"
#include "http_config.h"
#include "http_log.h"
#include "http_protocol.h"
#include "http_request.h"

#include "apr_dbd.h"
#include "apr_hash.h"
#include "apr_lib.h"
#include "apr_optional.h"
#include "apr_strings.h"
#include "apr_tables.h"
#include "mod_dbd.h"

#include "mod_feedback.h"

/* The prefix of the reference's statement names: "fbref_board_get". */
#define FBREF_PREFIX "fbref_"

/* The longest label whose prefixed name fits PostgreSQL's identifiers
 * (63 bytes): a longer one would be truncated, and could collide. */
#define FBREF_LABEL_MAX (63 - (int)(sizeof(FBREF_PREFIX) - 1))

static APR_OPTIONAL_FN_TYPE(ap_dbd_acquire) *fbref_acquire;
static APR_OPTIONAL_FN_TYPE(feedback_statement_sql) *fbref_statement_sql;

static void fbref_retrieve(void)
{
    fbref_acquire = APR_RETRIEVE_OPTIONAL_FN(ap_dbd_acquire);
    fbref_statement_sql = APR_RETRIEVE_OPTIONAL_FN(feedback_statement_sql);
}

/* The query arguments the reference understands; NULL when absent. */
typedef struct {
    const char *org;
    const char *id;
    const char *limit;
    const char *private;
    const char *portal;
    const char *label;
} fbref_args_t;

static void fbref_parse_args(request_rec *r, fbref_args_t *out)
{
    char *args, *pair, *state = NULL;

    memset(out, 0, sizeof(*out));
    if (r->args == NULL) {
        return;
    }
    args = apr_pstrdup(r->pool, r->args);
    for (pair = apr_strtok(args, "&", &state); pair != NULL;
         pair = apr_strtok(NULL, "&", &state)) {
        char *value = strchr(pair, '=');

        if (value == NULL) {
            continue;
        }
        *value++ = '\0';
        if (ap_unescape_urlencoded(value) != OK) {
            continue;
        }
        if (strcmp(pair, "org") == 0) {
            out->org = value;
        }
        else if (strcmp(pair, "id") == 0) {
            out->id = value;
        }
        else if (strcmp(pair, "limit") == 0) {
            out->limit = value;
        }
        else if (strcmp(pair, "private") == 0) {
            out->private = value;
        }
        else if (strcmp(pair, "portal") == 0) {
            out->portal = value;
        }
        else if (strcmp(pair, "label") == 0) {
            out->label = value;
        }
    }
}

/* Non-zero when s is a decimal integer from 1 to 9999. */
static int fbref_limit_ok(const char *s)
{
    int digits = 0;

    for (; *s >= '0' && *s <= '9'; s++) {
        digits++;
    }
    return *s == '\0' && digits > 0 && digits <= 4;
}

/*
 * The reference's statement for mod_feedback's label on dbd, prepared
 * now if this connection has not run it yet.  NULL with *status set on
 * failure: HTTP_NOT_FOUND when mod_feedback has no such label.
 */
static apr_dbd_prepared_t *fbref_statement(request_rec *r, ap_dbd_t *dbd,
                                           const char *label, int *status)
{
    const char *name = apr_pstrcat(r->pool, FBREF_PREFIX, label, NULL);
    apr_dbd_prepared_t *stmt;
    const char *sql;
    int rc;

    /* The connection is this request's alone until it goes back to the
     * pool, so its hash needs no lock. */
    stmt = apr_hash_get(dbd->prepared, name, APR_HASH_KEY_STRING);
    if (stmt != NULL) {
        return stmt;
    }
    if (fbref_statement_sql == NULL) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r,
                      "fbref: mod_feedback is not loaded (no "
                      "feedback_statement_sql)");
        *status = HTTP_INTERNAL_SERVER_ERROR;
        return NULL;
    }
    sql = fbref_statement_sql(label);
    if (sql == NULL) {
        *status = HTTP_NOT_FOUND;       /* logged by the caller if wrong */
        return NULL;
    }
    /* The handle and its name live with the connection, as long as the
     * statement on its PostgreSQL session. */
    name = apr_pstrdup(dbd->pool, name);
    rc = apr_dbd_prepare(dbd->driver, dbd->pool, dbd->handle, sql, name,
                         &stmt);
    if (rc != 0) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r, "fbref: prepare %s: %s",
                      name, apr_dbd_error(dbd->driver, dbd->handle, rc));
        *status = HTTP_INTERNAL_SERVER_ERROR;
        return NULL;
    }
    apr_hash_set(dbd->prepared, name, APR_HASH_KEY_STRING, stmt);
    return stmt;
}

/* The placeholders of sql as apr_dbd counts them ('%' and a letter; "%%"
 * is a percent). */
static int fbref_placeholders(const char *sql)
{
    int n = 0;

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

/*
 * Runs mod_feedback's statement label with nargs arguments and appends
 * every row to out, its columns joined by tabs.  Returns an HTTP status:
 * OK or a server error.
 */
static int fbref_select(request_rec *r, const char *label, int nargs,
                        const char **args, apr_array_header_t *out)
{
    ap_dbd_t *dbd = fbref_acquire ? fbref_acquire(r) : NULL;
    apr_dbd_prepared_t *stmt;
    apr_dbd_results_t *res = NULL;
    apr_dbd_row_t *row = NULL;
    int rc, status;

    if (dbd == NULL) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r,
                      "fbref: no database connection");
        return HTTP_SERVICE_UNAVAILABLE;
    }
    stmt = fbref_statement(r, dbd, label, &status);
    if (stmt == NULL && status == HTTP_NOT_FOUND) {
        /* The benchmark's own labels must exist: a missing one is a
         * server error, not a 404 for wrk to count. */
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r,
                      "fbref: mod_feedback has no statement %s", label);
        return HTTP_INTERNAL_SERVER_ERROR;
    }
    if (stmt == NULL) {
        return status;
    }
    /* apr_dbd reads as many values as the statement has placeholders,
     * whatever nargs says: a statement whose arguments changed would
     * read past args. */
    if (fbref_placeholders(fbref_statement_sql(label)) != nargs) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r,
                      "fbref: %s takes %d arguments, not the %d the "
                      "reference passes", label,
                      fbref_placeholders(fbref_statement_sql(label)), nargs);
        return HTTP_INTERNAL_SERVER_ERROR;
    }
    rc = apr_dbd_pselect(dbd->driver, r->pool, dbd->handle, &res, stmt, 1,
                         nargs, args);
    if (rc != 0) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r, "fbref: %s: %s", label,
                      apr_dbd_error(dbd->driver, dbd->handle, rc));
        return HTTP_INTERNAL_SERVER_ERROR;
    }
    /* Random access results are read to the end, as the API does.  The
     * values are copied, as the API does too: reading past the last row
     * frees the result (PQclear), so pointers into it would dangle. */
    while (apr_dbd_get_row(dbd->driver, r->pool, res, &row, -1) == 0) {
        int ncols = apr_dbd_num_cols(dbd->driver, res), i;
        apr_array_header_t *cells = apr_array_make(r->pool, ncols,
                                                   sizeof(char *));

        for (i = 0; i < ncols; i++) {
            char *value = NULL;

            apr_dbd_datum_get(dbd->driver, row, i, APR_DBD_TYPE_STRING,
                              &value);
            APR_ARRAY_PUSH(cells, const char *) =
                apr_pstrdup(r->pool, value ? value : "");
        }
        APR_ARRAY_PUSH(out, const char *) =
            apr_array_pstrcat(r->pool, cells, '\t');
    }
    return OK;
}

/* Writes rows, one a line, as the whole response body. */
static int fbref_write(request_rec *r, const apr_array_header_t *rows)
{
    const char *text = apr_array_pstrcat(r->pool, rows, '\n');
    apr_size_t len = strlen(text);

    ap_set_content_type(r, "text/tab-separated-values");
    ap_set_content_length(r, (apr_off_t)len);
    if (!r->header_only) {
        ap_rwrite(text, (int)len, r);
    }
    return OK;
}

static int fbref_board(request_rec *r, const fbref_args_t *a)
{
    apr_array_header_t *rows = apr_array_make(r->pool, 1, sizeof(char *));
    const char *args[2];
    int status;

    if (a->org == NULL || a->id == NULL) {
        return HTTP_BAD_REQUEST;
    }
    args[0] = a->org;
    args[1] = a->id;
    status = fbref_select(r, "board_get", 2, args, rows);
    if (status != OK) {
        return status;
    }
    return rows->nelts == 0 ? HTTP_NOT_FOUND : fbref_write(r, rows);
}

static int fbref_brands(request_rec *r, const fbref_args_t *a)
{
    apr_array_header_t *rows = apr_array_make(r->pool, 128, sizeof(char *));
    const char *args[4];
    int status;

    if (a->org == NULL || a->limit == NULL || !fbref_limit_ok(a->limit)) {
        return HTTP_BAD_REQUEST;
    }
    /* The organization, then brand_list's named set: the cursor's key
     * and id (none: a first page) and the limit (fb_resource.h). */
    args[0] = a->org;
    args[1] = NULL;
    args[2] = NULL;
    args[3] = a->limit;
    status = fbref_select(r, "brand_list", 4, args, rows);
    return status != OK ? status : fbref_write(r, rows);
}

static int fbref_post(request_rec *r, const fbref_args_t *a)
{
    apr_array_header_t *rows = apr_array_make(r->pool, 1, sizeof(char *));
    const char *args[3];
    int status;

    if (a->org == NULL || a->id == NULL
        || a->private == NULL || (strcmp(a->private, "true") != 0
                                  && strcmp(a->private, "false") != 0)) {
        return HTTP_BAD_REQUEST;
    }
    args[0] = a->org;
    args[1] = a->id;
    args[2] = a->private;
    status = fbref_select(r, "post_get", 3, args, rows);
    if (status != OK) {
        return status;
    }
    return rows->nelts == 0 ? HTTP_NOT_FOUND : fbref_write(r, rows);
}

/* Non-zero when s is a statement label: [a-z0-9_], short enough to be
 * prefixed (FBREF_LABEL_MAX). */
static int fbref_label_ok(const char *s)
{
    int n = 0;

    for (; (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')
           || *s == '_'; s++) {
        n++;
    }
    return *s == '\0' && n > 0 && n <= FBREF_LABEL_MAX;
}

static int fbref_sql(request_rec *r, const fbref_args_t *a)
{
    ap_dbd_t *dbd;
    apr_dbd_results_t *res = NULL;
    apr_dbd_row_t *row = NULL;
    const char *text = NULL;
    int rc, status;

    if (a->label == NULL || !fbref_label_ok(a->label)) {
        return HTTP_BAD_REQUEST;
    }
    dbd = fbref_acquire ? fbref_acquire(r) : NULL;
    if (dbd == NULL) {
        return HTTP_SERVICE_UNAVAILABLE;
    }
    /* Shows what the reference runs for the label: prepared here if this
     * connection has not yet, so that any registered label can be read. */
    if (fbref_statement(r, dbd, a->label, &status) == NULL) {
        return status;
    }
    /* The label is [a-z0-9_] only, so it is safe inside the literal. */
    rc = apr_dbd_select(dbd->driver, r->pool, dbd->handle, &res,
                        apr_pstrcat(r->pool, "SELECT statement FROM "
                                    "pg_prepared_statements WHERE name = '",
                                    FBREF_PREFIX, a->label, "'", NULL), 1);
    if (rc != 0) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r, "fbref: sql %s: %s",
                      a->label, apr_dbd_error(dbd->driver, dbd->handle, rc));
        return HTTP_INTERNAL_SERVER_ERROR;
    }
    while (apr_dbd_get_row(dbd->driver, r->pool, res, &row, -1) == 0) {
        char *value = NULL;

        if (text == NULL
            && apr_dbd_datum_get(dbd->driver, row, 0, APR_DBD_TYPE_STRING,
                                 &value) == APR_SUCCESS) {
            text = apr_pstrdup(r->pool, value);     /* see fbref_select */
        }
    }
    if (text == NULL) {
        return HTTP_NOT_FOUND;
    }
    ap_set_content_type(r, "text/plain; charset=utf-8");
    ap_rputs(text, r);
    ap_rputs("\n", r);
    return OK;
}

static int fbref_handler(request_rec *r)
{
    const char *leaf;
    fbref_args_t args;
    int status;

    if (r->handler == NULL || strcmp(r->handler, "fbref") != 0) {
        return DECLINED;
    }
    if (r->method_number != M_GET) {
        return HTTP_METHOD_NOT_ALLOWED;
    }
    if ((status = ap_discard_request_body(r)) != OK) {
        return status;
    }
    fbref_parse_args(r, &args);
    leaf = strrchr(r->uri, '/');
    leaf = leaf ? leaf + 1 : r->uri;
    if (strcmp(leaf, "board") == 0) {
        return fbref_board(r, &args);
    }
    if (strcmp(leaf, "brands") == 0) {
        return fbref_brands(r, &args);
    }
    if (strcmp(leaf, "post") == 0) {
        return fbref_post(r, &args);
    }
    if (strcmp(leaf, "sql") == 0) {
        return fbref_sql(r, &args);
    }
    return HTTP_NOT_FOUND;
}

static void fbref_register_hooks(apr_pool_t *p)
{
    (void)p;
    ap_hook_optional_fn_retrieve(fbref_retrieve, NULL, NULL,
                                 APR_HOOK_MIDDLE);
    ap_hook_handler(fbref_handler, NULL, NULL, APR_HOOK_MIDDLE);
}

AP_DECLARE_MODULE(fbref) = {
    STANDARD20_MODULE_STUFF,
    NULL,                       /* per-directory config */
    NULL,                       /* merge per-directory config */
    NULL,                       /* per-server config */
    NULL,                       /* merge per-server config */
    NULL,                       /* directives */
    fbref_register_hooks,
    AP_MODULE_FLAG_NONE
};
