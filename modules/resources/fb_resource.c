/*
 * fb_resource: the shared read handlers.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_cursor.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_resource.h"

#define FB_DEFAULT_LIMIT 10

const fb_query_rule_t fb_resource_page_rules[] = {
    FB_QUERY_RULES_PAGE,
    {NULL, 0, 0, 0, NULL}
};

fb_error_t *fb_resource_get(fb_req_t *fr)
{
    const fb_resource_t *res = fr->op->data;
    const char *id = fb_id_normalize(fr->pool, fb_req_param(fr, "id"));
    const char *args[2];
    fb_rows_t rows;
    fb_db_t *db;

    if (id == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_ID, "id",
                             "The id must be a 24-character hexadecimal "
                             "object id.");
    }
    if ((db = fb_req_db(fr)) == NULL) {
        return fb_error_make(fr->pool, FB_E_DATABASE, NULL, NULL);
    }
    args[0] = fr->principal.org_id;
    args[1] = id;
    if (fb_db_select(db, fr->pool, res->get, 2, args, &rows)
        != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, res->not_found, "id", NULL);
    }
    fb_respond(fr, HTTP_OK, fb_rows_get(&rows, 0, 0));
    return NULL;
}

/* Joins the first n rows' JSON (column 0) with commas inside brackets. */
static const char *fb_resource_array(apr_pool_t *p, const fb_rows_t *rows,
                                     int n)
{
    struct iovec *vec = apr_palloc(p, sizeof(*vec) * (apr_size_t)(2 * n + 2));
    int i, k = 0;

    vec[k].iov_base = "[";
    vec[k++].iov_len = 1;
    for (i = 0; i < n; i++) {
        const char *json = fb_rows_get(rows, i, 0);

        if (i > 0) {
            vec[k].iov_base = ",";
            vec[k++].iov_len = 1;
        }
        vec[k].iov_base = (void *)json;
        vec[k++].iov_len = strlen(json);
    }
    vec[k].iov_base = "]";
    vec[k++].iov_len = 1;
    return apr_pstrcatv(p, vec, k, NULL);
}

static const char *fb_resource_envelope(apr_pool_t *p, const char *data,
                                        const char *next_cursor)
{
    return apr_pstrcat(p, "{\"object\":\"list\",\"data\":", data,
                       ",\"nextCursor\":", fb_json_quote(p, next_cursor),
                       "}", NULL);
}

/* Non-zero when s is an optionally signed decimal integer of at most 18
 * digits (so that it fits a bigint). */
static int fb_resource_integer(const char *s)
{
    int digits = 0;

    if (*s == '-') {
        s++;
    }
    for (; *s >= '0' && *s <= '9'; s++) {
        digits++;
    }
    return *s == '\0' && digits > 0 && digits <= 18;
}

/* Reads a cursor page: limit + 1 rows tell whether a next page exists. */
static fb_error_t *fb_resource_page(fb_req_t *fr, const fb_resource_t *res,
                                    fb_db_t *db, fb_rows_t *rows,
                                    int *shown, const char **next)
{
    long limit = fb_query_int(&fr->query, "limit", FB_DEFAULT_LIMIT);
    const char *text = fb_query_get(&fr->query, "cursor");
    const char *fetch = apr_ltoa(fr->pool, limit + 1);
    fb_cursor_t cursor;
    apr_status_t rv;

    if (text != NULL) {
        const char *args[4];

        if (fb_cursor_decode(fr->pool, text, res->cursor_sort, &cursor)
            != APR_SUCCESS
            || (res->cursor_key_integer
                && !fb_resource_integer(cursor.key))) {
            return fb_error_make(fr->pool, FB_E_INVALID_CURSOR, "cursor",
                                 NULL);
        }
        args[0] = fr->principal.org_id;
        args[1] = cursor.key;
        args[2] = cursor.id;
        args[3] = fetch;
        rv = fb_db_select(db, fr->pool, res->list_after, 4, args, rows);
    }
    else {
        const char *args[2] = {fr->principal.org_id, fetch};

        rv = fb_db_select(db, fr->pool, res->list, 2, args, rows);
    }
    if (rv != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    *shown = rows->nrows > limit ? (int)limit : rows->nrows;
    *next = NULL;
    if (rows->nrows > limit) {
        *next = fb_cursor_encode(fr->pool, res->cursor_sort,
                                 fb_rows_get(rows, *shown - 1, 1),
                                 fb_rows_get(rows, *shown - 1, 2));
    }
    return NULL;
}

fb_error_t *fb_resource_list(fb_req_t *fr)
{
    const fb_resource_t *res = fr->op->data;
    const char *next = NULL, *data;
    fb_rows_t rows;
    fb_db_t *db;
    int shown = 0;

    if ((db = fb_req_db(fr)) == NULL) {
        return fb_error_make(fr->pool, FB_E_DATABASE, NULL, NULL);
    }
    if (res->shape == FB_LIST_CURSOR) {
        fb_error_t *err = fb_resource_page(fr, res, db, &rows, &shown,
                                           &next);

        if (err != NULL) {
            return err;
        }
    }
    else {
        const char *args[1] = {fr->principal.org_id};

        if (fb_db_select(db, fr->pool, res->list, 1, args, &rows)
            != APR_SUCCESS) {
            return fb_req_db_failed(fr);
        }
        shown = rows.nrows;
    }
    data = fb_resource_array(fr->pool, &rows, shown);
    fb_respond(fr, HTTP_OK, res->shape == FB_LIST_BARE
                            ? data
                            : fb_resource_envelope(fr->pool, data, next));
    return NULL;
}
