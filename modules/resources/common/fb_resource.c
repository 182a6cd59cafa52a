/*
 * fb_resource: the shared read handlers.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fb_resource.h"

#include "apr_strings.h"
#include "http_log.h"

#include "fb_crypto.h"
#include "fb_cursor.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_jsonw.h"
#include "fb_log.h"
#include "fb_time.h"

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
    /* An id of another form than an object id (the help center's) was
     * checked by the pipeline against the operation's path rule, and is
     * taken as it is. */
    if (fr->op != NULL
        && fb_op_path_format(fr->op, "id") != &fb_format_object_id) {
        *id = fb_req_param(fr, "id");
        return NULL;
    }
    *id = fb_id_normalize(fr->pool, fb_req_param(fr, "id"));
    if (*id == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_ID, "id",
                             "The id must be a 24-character hexadecimal "
                             "object id.");
    }
    return NULL;
}

fb_error_t *fb_resource_time_bound(fb_req_t *fr, const char *name, int end,
                                   const char **out)
{
    const char *text = fb_query_get(&fr->query, name);
    apr_time_t t;

    *out = NULL;
    if (text == NULL) {
        return NULL;
    }
    if (fb_time_parse(text, &t) != APR_SUCCESS) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, name,
                             apr_psprintf(fr->pool, "'%s' must be an ISO "
                                          "8601 date or date-time.", name));
    }
    if (end) {
        t += strlen(text) == 10 ? apr_time_from_sec(24 * 60 * 60) : 1;
    }
    *out = fb_time_format(fr->pool, t);
    return NULL;
}

fb_args_t fb_resource_get_args(fb_req_t *fr, const fb_resource_t *res,
                               const char *id)
{
    fb_params_resource_read_t *read;
    const char **one;

    if (res->reader == NULL) {
        one = apr_palloc(fr->pool, sizeof(*one));
        *one = id;
        return (fb_args_t){.n = 1, .v = one};
    }
    read = apr_palloc(fr->pool, sizeof(*read));
    *read = (fb_params_resource_read_t){.id = id, .reader = res->reader(fr)};
    return (fb_args_t){.n = FB_PARAMS_COUNT(resource_read),
                       .v = (const char *const *)(void *)read,
                       .names = fb_params_resource_read_names};
}

fb_error_t *fb_resource_render(fb_req_t *fr, const fb_resource_t *res,
                               const char *id, const char **json)
{
    fb_rows_t rows;
    fb_error_t *err;

    *json = NULL;
    if ((err = fb_req_select(fr, res->get, fb_resource_get_args(fr, res, id),
                             &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, res->not_found, "id", NULL);
    }
    if ((*json = fb_resource_json(fr, res, &rows, 0)) == NULL) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    return NULL;
}

void fb_resource_write_render(fb_write_t *w, const fb_resource_t *res,
                              const char *id, const char **json)
{
    *json = NULL;
    if (fb_write_ok(w)) {
        fb_write_fail(w, fb_resource_render(w->fr, res, id, json));
    }
}

fb_error_t *fb_resource_respond(fb_req_t *fr, const fb_resource_t *res,
                                int status, const char *id)
{
    const char *json;
    fb_error_t *err = fb_resource_render(fr, res, id, &json);

    if (err == NULL) {
        fb_respond(fr, status, json);
    }
    return err;
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
    return fb_rj_json(fr, res->rows->members, rows->cells + i * rows->ncols,
                      res->rows->json_size);
}

static const char *fb_resource_envelope(apr_pool_t *p, const char *data,
                                        const char *next_cursor)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, p, strlen(data) + 128);
    fb_jsonw_compact(&w);
    fb_jsonw_member_string(&w, "object", "list");
    fb_jsonw_key(&w, "data");
    fb_jsonw_raw(&w, data);
    fb_jsonw_member_string(&w, "nextCursor", next_cursor);
    fb_jsonw_end(&w);
    return fb_jsonw_text(&w, NULL);
}

const char *fb_resource_deleted(apr_pool_t *p, const char *id,
                                const char *object)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, p, 128);
    fb_jsonw_compact(&w);
    fb_jsonw_member_string(&w, "id", id);
    fb_jsonw_member_string(&w, "object", object);
    fb_jsonw_member_bool(&w, "deleted", "t");
    fb_jsonw_end(&w);
    return fb_jsonw_text(&w, NULL);
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

const char *fb_list_rows_page(fb_req_t *fr, const fb_list_rows_t *shape,
                              fb_rows_t *rows, int n)
{
    return shape->page != NULL
           ? shape->page(fr, rows, n)
           : fb_rj_page(fr, shape->members, rows, n, shape->json_size);
}

/* Non-zero when names are an FB_LIST_PARAMS set's: the cursor's key and
 * id first, the limit last. */
static int fb_list_params(const char *names)
{
    static const char head[] = "(after_key, after_id", tail[] = " limit)";
    apr_size_t n = names != NULL ? strlen(names) : 0;

    return n >= sizeof(head) - 1 + sizeof(tail) - 1
           && strncmp(names, head, sizeof(head) - 1) == 0
           && strcmp(names + n - (sizeof(tail) - 1), tail) == 0;
}

fb_error_t *fb_list_respond_rows(fb_req_t *fr, const fb_list_order_t *order,
                                 fb_args_t own, const fb_list_rows_t *shape)
{
    const char *sort = fb_list_cursor_sort(fr, order);
    long limit = fb_query_int(&fr->query, "limit", FB_QUERY_LIMIT_DEFAULT);
    const char *text = fb_query_get(&fr->query, "cursor");
    const char *next = NULL, *data;
    fb_args_t args = {.names = order->first->params};
    fb_list_after_t *after;
    const char **v;
    fb_cursor_t cursor;
    fb_rows_t rows;
    fb_error_t *err;
    int shown;

    if (text != NULL
        && (fb_cursor_decode(fr->pool, text, sort, order->ids, &cursor)
            != APR_SUCCESS || !order->key_valid(cursor.key))) {
        return fb_error_make(fr->pool, FB_E_INVALID_CURSOR, "cursor", NULL);
    }
    /* The list's own values, or only the page's when it has none. */
    args.n = own.n > 0 ? own.n : order->first->nargs;
    if (!fb_list_params(args.names) || args.n < 3
        || (own.n > 0 && !fb_params_same(own.names, args.names))) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00564)
                      "%s: not called with the arguments of its list",
                      order->first->label);
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    v = apr_pcalloc(fr->pool, sizeof(*v) * (apr_size_t)args.n);
    if (own.n > 0) {
        memcpy(v, own.v, sizeof(*v) * (apr_size_t)args.n);
    }
    after = (fb_list_after_t *)(void *)v;
    after->after_key = text != NULL ? cursor.key : NULL;
    after->after_id = text != NULL ? cursor.id : NULL;
    v[args.n - 1] = apr_ltoa(fr->pool, limit + 1);  /* the limit: last */
    args.v = v;
    err = fb_req_select(fr, text ? order->after : order->first, args, &rows);
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

fb_error_t *fb_resource_list(fb_req_t *fr)
{
    const fb_resource_t *res = fr->op->data;

    if (res->shape == FB_LIST_CURSOR) {
        return fb_list_respond_rows(fr, res->order, FB_NO_ARGS, res->rows);
    }
    return fb_resource_list_with(fr, res,
                                 res->reader != NULL
                                 ? FB_ARGS(res->reader(fr)) : FB_NO_ARGS);
}

fb_error_t *fb_resource_list_with(fb_req_t *fr, const fb_resource_t *res,
                                  fb_args_t args)
{
    const char *data;
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_req_select(fr, res->list, args, &rows)) != NULL) {
        return err;
    }
    if ((data = fb_list_rows_page(fr, res->rows, &rows, rows.nrows))
        == NULL) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    fr->is_list = 1;
    fb_respond(fr, HTTP_OK, res->shape == FB_LIST_BARE
                            ? data
                            : fb_resource_envelope(fr->pool, data, NULL));
    return NULL;
}
