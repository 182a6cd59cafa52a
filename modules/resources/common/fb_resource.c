/*
 * fb_resource: the shared read handlers.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apr_strings.h"

#include "fb_crypto.h"
#include "fb_cursor.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_resource.h"

const char *const fb_sort_orders[] = {"asc", "desc", NULL};

const fb_query_rule_t fb_resource_page_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = NULL}
};

fb_error_t *fb_resource_lookup(fb_req_t *fr, const fb_statement_t *st,
                               const char *value, const char **out)
{
    fb_rows_t rows;
    fb_error_t *err = fb_req_select(fr, st, FB_ARGS(value), &rows);

    *out = err == NULL ? fb_rows_get(&rows, 0, 0) : NULL;
    return err;
}

fb_error_t *fb_resource_id_filter(fb_req_t *fr, const char *name,
                                  const char **out)
{
    apr_array_header_t *ids = fb_query_list(fr->pool, &fr->query, name);
    int i;

    for (i = 0; i < ids->nelts; i++) {
        const char *id = fb_id_normalize(fr->pool,
                                         APR_ARRAY_IDX(ids, i, char *));

        if (id == NULL) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, name,
                                 apr_psprintf(fr->pool, "'%s' must hold "
                                              "24-character hexadecimal "
                                              "ids.", name));
        }
        APR_ARRAY_IDX(ids, i, const char *) = id;
    }
    *out = fb_db_text_array(fr->pool, ids);
    return NULL;
}

fb_error_t *fb_resource_id(fb_req_t *fr, const char **id)
{
    *id = fb_id_normalize(fr->pool, fb_req_param(fr, "id"));
    if (*id == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_ID, "id",
                             "The id must be a 24-character hexadecimal "
                             "object id.");
    }
    return NULL;
}

fb_args_t fb_resource_get_args(fb_req_t *fr, const fb_resource_t *res,
                               const char *id)
{
    const char **v = apr_palloc(fr->pool, 2 * sizeof(*v));

    v[0] = id;
    v[1] = res->reader != NULL ? res->reader(fr) : NULL;
    return (fb_args_t){res->reader != NULL ? 2 : 1, v};
}

fb_error_t *fb_resource_respond(fb_req_t *fr, const fb_resource_t *res,
                                int status, const char *id)
{
    const char *json;
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_req_select(fr, res->get, fb_resource_get_args(fr, res, id),
                             &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, res->not_found, "id", NULL);
    }
    if ((json = fb_resource_json(fr, res, &rows, 0)) == NULL) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    fb_respond(fr, status, json);
    return NULL;
}

fb_error_t *fb_resource_get(fb_req_t *fr)
{
    const char *id;
    fb_error_t *err = fb_resource_id(fr, &id);

    return err != NULL ? err
                       : fb_resource_respond(fr, fr->op->data, HTTP_OK, id);
}

const char *fb_resource_json(fb_req_t *fr, const fb_resource_t *res,
                             const fb_rows_t *rows, int i)
{
    if (res->rows == NULL) {
        return fb_rows_get(rows, i, 0);
    }
    return fb_rj_json(fr, res->rows->members, rows->cells + i * rows->ncols,
                      res->rows->json_size);
}

const char *fb_resource_array(apr_pool_t *p, const fb_rows_t *rows, int n)
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

const char *fb_resource_deleted(apr_pool_t *p, const char *id,
                                const char *object)
{
    return apr_pstrcat(p, "{\"id\":", fb_json_quote(p, id),
                       ",\"object\":", fb_json_quote(p, object),
                       ",\"deleted\":true}", NULL);
}

const char *fb_bool_text(int b)
{
    return b ? "true" : "false";
}

int fb_key_integer(const char *key)
{
    int digits = 0;

    if (*key == '-') {
        key++;
    }
    for (; *key >= '0' && *key <= '9'; key++) {
        digits++;
    }
    return *key == '\0' && digits > 0 && digits <= 18;
}

int fb_key_float(const char *key)
{
    char *end;
    double d;

    if (*key == '\0') {
        return 0;
    }
    errno = 0;
    d = strtod(key, &end);
    /* What PostgreSQL's float8 takes: finite and in range (no overflow,
     * no underflow to zero); else the statement would fail. */
    return *end == '\0' && isfinite(d) && !(errno == ERANGE && d == 0.0);
}

typedef struct {
    apr_pool_t *pool;
    apr_array_header_t *parts;
    const char *kind;
} fb_list_scope_t;

/* One parameter of the list's scope, length-prefixed so that no value
 * can pass for two.  Path values are ids: their case does not count. */
static int fb_list_scope_add(void *data, const char *name, const char *value)
{
    fb_list_scope_t *s = data;
    char *v = apr_pstrdup(s->pool, value);

    if (strcmp(s->kind, "query") == 0
        && (strcmp(name, "cursor") == 0 || strcmp(name, "limit") == 0)) {
        return 1;
    }
    if (strcmp(s->kind, "path") == 0) {
        ap_str_tolower(v);
    }
    APR_ARRAY_PUSH(s->parts, const char *) = apr_psprintf(
        s->pool, "%s %lu:%s=%lu:%s", s->kind, (unsigned long)strlen(name),
        name, (unsigned long)strlen(v), v);
    return 1;
}

static int fb_list_scope_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const fb_list_order_t *fb_list_choose(const fb_list_choice_t *choices,
                                      const char *sort, const char *dir)
{
    const fb_list_choice_t *c;

    for (c = choices; c->sort != NULL; c++) {
        if (strcmp(c->sort, sort) == 0
            && (c->dir == NULL
                || (dir != NULL && strcmp(c->dir, dir) == 0))) {
            return &c->order;
        }
    }
    return NULL;
}

const char *fb_list_cursor_sort(fb_req_t *fr, const fb_list_order_t *order)
{
    fb_list_scope_t s = {fr->pool, apr_array_make(fr->pool, 8,
                                                  sizeof(char *)), "path"};
    unsigned char digest[FB_SHA256_LEN];
    const char *joined;

    if (fr->path_params != NULL) {
        apr_table_do(fb_list_scope_add, &s, fr->path_params, NULL);
    }
    s.kind = "query";
    if (fr->query.values != NULL) {
        apr_table_do(fb_list_scope_add, &s, fr->query.values, NULL);
    }
    if (s.parts->nelts == 0) {
        return order->cursor_sort;  /* as cursors were before scopes */
    }
    qsort(s.parts->elts, (size_t)s.parts->nelts, sizeof(char *),
          fb_list_scope_cmp);
    joined = apr_array_pstrcat(fr->pool, s.parts, '\n');
    fb_sha256(joined, strlen(joined), digest);
    return apr_pstrcat(fr->pool, order->cursor_sort, ".",
                       fb_hex(fr->pool, digest, 8), NULL);
}

/* The JSON array of the first n rows, written as shape says. */
static const char *fb_list_rows_page(fb_req_t *fr,
                                     const fb_list_rows_t *shape,
                                     fb_rows_t *rows, int n)
{
    if (shape->page != NULL) {
        return shape->page(fr, rows, n);
    }
    if (shape->members != NULL) {
        return fb_rj_page(fr, shape->members, rows, n, shape->json_size);
    }
    return fb_resource_array(fr->pool, rows, n);
}

/* One page of order: the statement, the cursor, the envelope. */
static fb_error_t *fb_list_page(fb_req_t *fr, const fb_list_order_t *order,
                                fb_args_t filters, fb_args_t render,
                                const fb_list_rows_t *shape)
{
    const char *sort = fb_list_cursor_sort(fr, order);
    long limit = fb_query_int(&fr->query, "limit", FB_QUERY_LIMIT_DEFAULT);
    const char *text = fb_query_get(&fr->query, "cursor");
    const char **args = apr_palloc(fr->pool, sizeof(char *)
                                   * (apr_size_t)(filters.n + render.n + 3));
    const char *next = NULL, *data;
    fb_cursor_t cursor;
    fb_rows_t rows;
    fb_error_t *err;
    int i, n = 0, shown;

    if (text != NULL
        && (fb_cursor_decode(fr->pool, text, sort, &cursor)
            != APR_SUCCESS || !order->key_valid(cursor.key))) {
        return fb_error_make(fr->pool, FB_E_INVALID_CURSOR, "cursor", NULL);
    }
    for (i = 0; i < filters.n; i++) {
        args[n++] = filters.v[i];
    }
    if (text != NULL) {
        args[n++] = cursor.key;
        args[n++] = cursor.id;
    }
    args[n++] = apr_ltoa(fr->pool, limit + 1);
    for (i = 0; i < render.n; i++) {
        args[n++] = render.v[i];
    }
    err = fb_req_select(fr, text ? order->after : order->first,
                        (fb_args_t){n, args}, &rows);
    if (err != NULL) {
        return err;
    }
    if (shape->prepare != NULL
        && (err = shape->prepare(fr, &rows)) != NULL) {
        return err;
    }
    shown = rows.nrows > limit ? (int)limit : rows.nrows;
    fr->is_list = 1;
    if (rows.nrows > limit) {
        next = fb_cursor_encode(fr->pool, sort,
                                fb_rows_get(&rows, shown - 1,
                                            shape->key_col),
                                fb_rows_get(&rows, shown - 1,
                                            shape->id_col));
    }
    data = fb_list_rows_page(fr, shape, &rows, shown);
    if (data == NULL) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    fb_respond(fr, HTTP_OK, fb_resource_envelope(fr->pool, data, next));
    return NULL;
}

/* Rows of JSON: the key and id follow it. */
static const fb_list_rows_t fb_list_json_rows = {.key_col = 1, .id_col = 2};

fb_error_t *fb_list_respond(fb_req_t *fr, const fb_list_order_t *order,
                            fb_args_t filters, fb_args_t render)
{
    return fb_list_page(fr, order, filters, render, &fb_list_json_rows);
}

fb_error_t *fb_list_respond_rows(fb_req_t *fr, const fb_list_order_t *order,
                                 fb_args_t filters, fb_args_t render,
                                 const fb_list_rows_t *rows)
{
    return fb_list_page(fr, order, filters, render, rows);
}

fb_error_t *fb_resource_list(fb_req_t *fr)
{
    const fb_resource_t *res = fr->op->data;
    const char *data;
    fb_rows_t rows;
    fb_error_t *err;

    if (res->shape == FB_LIST_CURSOR) {
        return res->rows != NULL
               ? fb_list_respond_rows(fr, res->order, FB_NO_ARGS,
                                      FB_NO_ARGS, res->rows)
               : fb_list_respond(fr, res->order, FB_NO_ARGS, FB_NO_ARGS);
    }
    if ((err = fb_req_select(fr, res->list,
                             res->reader != NULL
                             ? FB_ARGS(res->reader(fr)) : FB_NO_ARGS,
                             &rows)) != NULL) {
        return err;
    }
    data = res->rows != NULL
           ? fb_list_rows_page(fr, res->rows, &rows, rows.nrows)
           : fb_resource_array(fr->pool, &rows, rows.nrows);
    if (data == NULL) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    fr->is_list = 1;
    fb_respond(fr, HTTP_OK, res->shape == FB_LIST_BARE
                            ? data
                            : fb_resource_envelope(fr->pool, data, NULL));
    return NULL;
}
