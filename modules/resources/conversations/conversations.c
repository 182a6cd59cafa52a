/*
 * conversations: reading and deleting conversations, and what the
 * conversation files share (conversations.h).  Nova and newer.
 *
 * GET /conversations lists newest first (createdAt, then the
 * conversation's object id, uid), optionally only those having every
 * tag of tagIds; GET /conversations/{id} adds the 500 newest parts.
 */
#include <string.h>

#include "apr_lib.h"
#include "apr_strings.h"

#include "body_fields.h"
#include "conversations.h"
#include "fb_events.h"
#include "fb_id.h"
#include "fb_json.h"

/* The list, newest first: plain columns (conversation.h).  args are
 * k's arguments after the cursor's, where filters the rows. */
FB_LIST_PARAMS(conversation_list, ());
FB_LIST_PARAMS(conversation_list_tagged, (tags));

#define CONVERSATION_LIST(args, where) \
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, " \
    "  %s::text AS after_key, %s::text AS after_id" args ") " \
    "SELECT " CONVERSATION_SELECT("fb_ts_key(cv.created_at)") " FROM " \
    CONVERSATION_FROM("conversations") ", k WHERE cv.org_id = k.org_id " \
    where "ORDER BY cv.created_at DESC, cv.uid DESC LIMIT %d"

/* Having every tag of k.tags (a text[]): the links of those tags, by
 * conversation (index conversation_tag_links_tag).  The subqueries read k
 * themselves (no reference to the outer query, so the IN stays a join),
 * hence NOT MATERIALIZED: each keeps the values as parameters. */
#define CONVERSATION_TAGGED(where) \
    CONVERSATION_LIST(", %s::text[] AS tags", \
        "AND cv.id IN (SELECT l.conversation_id " \
        "  FROM conversation_tag_links l, k " \
        "  WHERE l.org_id = k.org_id AND l.tag_id = ANY (k.tags) " \
        "  GROUP BY l.conversation_id HAVING count(*) = " \
        "  (SELECT count(DISTINCT x) FROM k, unnest(k.tags) x)) " where)

#define CONVERSATION_AFTER \
    "AND (cv.created_at, cv.uid) " \
    "  < (fb_ts_from_key(k.after_key), k.after_id) "

FB_SQL_WITH(conversation_list, conversation_list,
    CONVERSATION_LIST("", ""));

FB_SQL_WITH(conversation_list_after, conversation_list,
    CONVERSATION_LIST("", CONVERSATION_AFTER));

FB_SQL_WITH(conversation_list_tagged, conversation_list_tagged,
    CONVERSATION_TAGGED(""));

FB_SQL_WITH(conversation_list_tagged_after, conversation_list_tagged,
    CONVERSATION_TAGGED(CONVERSATION_AFTER));

FB_SQL(conversation_find, 1,
    "SELECT id FROM conversations WHERE org_id = %s AND id = %s");

FB_SQL(conversation_find_locked, 1,
    "SELECT id FROM conversations WHERE org_id = %s AND id = %s "
    "FOR UPDATE");

FB_SQL(conversation_admin, 1,
    "SELECT id FROM admins WHERE org_id = %s AND id = %s");

FB_SQL(conversation_contact, 1,
    "SELECT id, is_blocked FROM contacts WHERE org_id = %s AND id = %s");

/* Parts go with their conversation (ON DELETE CASCADE), their images
 * with them (sql/014). */
FB_SQL(conversation_delete, 1,
    "DELETE FROM conversations WHERE org_id = %s AND id = %s");

static const fb_statement_t *const fb_conversations_statements[] = {
    &fb_sql_conversation_list, &fb_sql_conversation_list_after,
    &fb_sql_conversation_list_tagged, &fb_sql_conversation_list_tagged_after,
    &fb_sql_conversation_find, &fb_sql_conversation_find_locked,
    &fb_sql_conversation_admin, &fb_sql_conversation_contact,
    &fb_sql_conversation_delete, NULL
};

/* ---- shared (conversations.h) ---- */

/* Non-zero when value is 1 to 16 letters and digits. */
static int fb_conversation_id_valid(const char *value)
{
    apr_size_t n = 0;

    for (; value[n] != '\0'; n++) {
        if (n == 16 || !apr_isalnum(value[n])) {
            return 0;
        }
    }
    return n > 0;
}

const fb_field_format_t fb_format_conversation_id = {
    .valid = fb_conversation_id_valid,
    .what = "a conversation id: 1 to 16 letters and digits",
    .pattern = "^[0-9A-Za-z]{1,16}$",
    .min = 1, .max = 16,
};

const fb_path_rule_t fb_conversation_path[] = {
    {.name = "id", .format = &fb_format_conversation_id},
    {.name = NULL}
};

fb_error_t *fb_conversation_find(fb_req_t *fr, const char *value,
                                 const char *param, int lock,
                                 const char **id)
{
    fb_error_t *err;

    *id = NULL;
    if (value == NULL || !fb_format_conversation_id.valid(value)) {
        return fb_error_make(fr->pool, FB_E_INVALID_ID, param,
                             apr_pstrcat(fr->pool, "The ", param,
                                         " must be ",
                                         fb_format_conversation_id.what,
                                         ".", NULL));
    }
    err = fb_resource_lookup(fr, lock ? &fb_sql_conversation_find_locked
                                      : &fb_sql_conversation_find,
                             value, id);
    if (err == NULL && *id == NULL) {
        err = fb_error_make(fr->pool, FB_E_CONVERSATION_NOT_FOUND, param,
                            NULL);
    }
    return err;
}

fb_error_t *fb_conversation_lock(fb_req_t *fr, void *ctx)
{
    return fb_conversation_find(fr, fb_req_param(fr, "id"), "id", 1, ctx);
}

fb_error_t *fb_conversation_admin(fb_req_t *fr, const char *value,
                                  const char *param, const char **id)
{
    const char *given = fb_id_normalize(fr->pool, value);
    fb_error_t *err;

    *id = NULL;
    if (given == NULL) {
        return NULL;
    }
    err = fb_resource_lookup(fr, &fb_sql_conversation_admin, given, id);
    if (err == NULL && *id == NULL) {
        err = fb_error_make(fr->pool, FB_E_ADMIN_NOT_FOUND, param, NULL);
    }
    return err;
}

fb_error_t *fb_conversation_contact(fb_req_t *fr, const char *id,
                                    const char *param, int *blocked)
{
    const char *given = fb_id_normalize(fr->pool, id);
    fb_rows_t rows;
    fb_error_t *err;

    *blocked = 0;
    if (given == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, param,
                             "A contact id is 24 hexadecimal characters.");
    }
    err = fb_req_select(fr, &fb_sql_conversation_contact, FB_ARGS(given),
                        &rows);
    if (err == NULL && rows.nrows == 0) {
        err = fb_error_make(fr->pool, FB_E_CONTACT_NOT_FOUND, param, NULL);
    }
    *blocked = err == NULL && strcmp(fb_rows_get(&rows, 0, 1), "t") == 0;
    return err;
}

fb_error_t *fb_conversation_may_reply(apr_pool_t *p, const char *param,
                                      int blocked, int disabled,
                                      const char *where)
{
    if (blocked) {
        return fb_error_make(p, FB_E_FORBIDDEN, param,
                             "This contact is blocked and cannot reply.");
    }
    if (disabled) {
        return fb_error_make(p, FB_E_FORBIDDEN, param,
                             apr_pstrcat(p, "Customer replies are "
                                         "disabled on this ", where, ".",
                                         NULL));
    }
    return NULL;
}

fb_error_t *fb_conversation_reopen(fb_req_t *fr, const char *id,
                                   const char *state)
{
    const char *topic, *json;

    if (strcmp(state, "open") == 0) {
        return NULL;
    }
    if (fb_conversation_state_set(fr->db, fr->pool, fr->principal.org_id,
                                  id, "open", NULL, &topic)
        != APR_SUCCESS
        || fb_conversation_render(fr->db, fr->pool, fr->principal.org_id,
                                  id, FB_CONVERSATION_NO_PARTS, &json)
           != APR_SUCCESS
        || (topic != NULL
            && fb_event_record(fr->db, fr->pool, fr->principal.org_id,
                               topic, json, NULL) != APR_SUCCESS)) {
        return fb_req_db_failed(fr);
    }
    return NULL;
}

/* What fb_conversation_write_part() gives its step. */
typedef struct {
    const char *id;
    const fb_conversation_part_t *part;
    const char **part_id;
} fb_conversation_adding_t;

static fb_error_t *fb_conversation_add_step(fb_req_t *fr, void *ctx)
{
    fb_conversation_adding_t *a = ctx;
    const char *part_id;

    if (fb_conversation_part_add(fr->db, fr->pool, fr->principal.org_id,
                                 a->id, a->part, &part_id)
        != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    if (a->part_id != NULL) {
        *a->part_id = part_id;
    }
    return NULL;
}

void fb_conversation_write_part(fb_write_t *w, const char *id,
                                const fb_conversation_part_t *part,
                                const char **part_id)
{
    fb_conversation_adding_t a = {id, part, part_id};

    fb_write_step(w, fb_conversation_add_step, &a);
}

static int fb_conversation_expands(fb_req_t *fr);

/* What fb_conversation_write_render() gives its step. */
typedef struct {
    const char *id;
    const char **json;
    int current;                /* and fr->current, when it can */
} fb_conversation_rendering_t;

static fb_error_t *fb_conversation_render_step(fb_req_t *fr, void *ctx)
{
    fb_conversation_rendering_t *r = ctx;
    apr_status_t rv;

    /* Defensive: a request naming an expansion would have its GET show
     * more than the full rendering (no PATCH takes one today), so
     * fb_req_end would run that GET. */
    if (r->current && !fb_conversation_expands(fr)) {
        rv = fb_conversation_render_full(fr->db, fr->pool,
                                         fr->principal.org_id, r->id,
                                         r->json, &fr->current);
    }
    else {
        rv = fb_conversation_render(fr->db, fr->pool, fr->principal.org_id,
                                    r->id, FB_CONVERSATION_NO_PARTS,
                                    r->json);
    }
    if (rv != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return *r->json == NULL
           ? fb_error_make(fr->pool, FB_E_CONVERSATION_NOT_FOUND, "id",
                           NULL)
           : NULL;
}

static void fb_conversation_render_as(fb_write_t *w, const char *id,
                                      const char **json, int current)
{
    fb_conversation_rendering_t r = {id, json, current};

    *json = NULL;
    fb_write_step(w, fb_conversation_render_step, &r);
}

void fb_conversation_write_render(fb_write_t *w, const char *id,
                                  const char **json)
{
    fb_conversation_render_as(w, id, json, 0);
}

void fb_conversation_write_render_current(fb_write_t *w, const char *id,
                                          const char **json)
{
    fb_conversation_render_as(w, id, json, 1);
}

const char *const fb_conversation_includes[] = {
    "customAttributeDefinitions", NULL
};

/* Whether the request names an expansion; the rules have checked that
 * it names only customAttributeDefinitions. */
static int fb_conversation_expands(fb_req_t *fr)
{
    json_object *include = fr->body != NULL
                           ? json_object_object_get(fr->body, "include")
                           : NULL;

    return fb_query_get(&fr->query, "include") != NULL
           || (include != NULL && json_object_array_length(include) > 0);
}

/* The values of the conversations ids (an array of const char *) when
 * the request asks for them, as fb_conversation_values_load. */
static fb_error_t *fb_conversation_values_of(
    fb_req_t *fr, const apr_array_header_t *ids,
    const fb_conversation_values_t **values)
{
    fb_conversation_values_t *read;
    fb_db_t *db;

    *values = NULL;
    if (!fb_conversation_expands(fr)) {
        return NULL;
    }
    read = apr_pcalloc(fr->pool, sizeof(*read));
    if ((db = fb_req_db(fr)) == NULL
        || fb_conversation_values_read(db, fr->pool, fr->principal.org_id,
                                       fb_db_text_array(fr->pool, ids),
                                       read) != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    *values = read;
    return NULL;
}

fb_error_t *fb_conversation_values_load(
    fb_req_t *fr, const fb_rows_t *rows, int n,
    const fb_conversation_values_t **values)
{
    apr_array_header_t *ids = apr_array_make(fr->pool, n,
                                             sizeof(const char *));
    int i;

    for (i = 0; i < n; i++) {
        APR_ARRAY_PUSH(ids, const char *) = fb_rows_get(rows, i, CONV_COL_ID);
    }
    return fb_conversation_values_of(fr, ids, values);
}

fb_error_t *fb_conversation_body(fb_req_t *fr, const char **html,
                                 const char **markdown)
{
    const char *text;
    fb_error_t *err = fb_body_markdown(fr, "bodyMarkdown", html, &text);

    *markdown = fb_json_string(fr->body, "bodyMarkdown");
    if (err != NULL || *html == NULL) {
        return err;
    }
    if (text[strspn(text, " \t\r\n")] == '\0'
        && strstr(*html, "<img") == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             "bodyMarkdown", "'bodyMarkdown' has nothing "
                             "left to show once sanitized.");
    }
    return NULL;
}

/* ---- GET /conversations, GET and DELETE /conversations/{id} ---- */

static const fb_list_order_t fb_conversations_newest = {
    .first = &fb_sql_conversation_list,
    .after = &fb_sql_conversation_list_after,
    .cursor_sort = "conversations.createdAt.desc",
    .key_valid = fb_key_integer,
};

/* Filtered by tags: its own statements (a plan each), the same cursors
 * (the filter is the query's, as in other lists). */
static const fb_list_order_t fb_conversations_tagged = {
    .first = &fb_sql_conversation_list_tagged,
    .after = &fb_sql_conversation_list_tagged_after,
    .cursor_sort = "conversations.createdAt.desc",
    .key_valid = fb_key_integer,
};

/* What a page's rows expand to, kept by the request from the pager's
 * prepare to its page. */
#define FB_CONVERSATION_VALUES_KEY "fb.conversation_values"

static fb_error_t *fb_conversation_page_prepare(fb_req_t *fr,
                                                const fb_rows_t *rows)
{
    const fb_conversation_values_t *values;
    fb_error_t *err = fb_conversation_values_load(fr, rows, rows->nrows,
                                                  &values);

    apr_pool_userdata_setn(values, FB_CONVERSATION_VALUES_KEY, NULL,
                           fr->pool);
    return err;
}

static const char *fb_conversation_page_json(fb_req_t *fr,
                                             const fb_rows_t *rows, int n)
{
    void *values = NULL;

    apr_pool_userdata_get(&values, FB_CONVERSATION_VALUES_KEY, fr->pool);
    return fb_conversation_page(fr->pool, rows, n, values);
}

/* How a list's rows are written: by the domain's writer, which the
 * worker's renderings share (conversation_render.c). */
static const fb_list_rows_t fb_conversation_rows = {
    .key_col = CONV_NCOLS, .id_col = CONV_NCOLS + 1,
    .page = fb_conversation_page_json,
    .prepare = fb_conversation_page_prepare
};

static const fb_query_rule_t fb_conversation_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "tagIds", .type = FB_Q_LIST, .min = 1, .max = 64,
     .format = &fb_format_object_id},
    FB_CONVERSATION_INCLUDE_RULE,
    {.name = NULL}
};

static const fb_query_rule_t fb_conversation_get_rules[] = {
    FB_CONVERSATION_INCLUDE_RULE,
    {.name = NULL}
};

static fb_error_t *fb_conversation_list(fb_req_t *fr)
{
    const char *tags;
    fb_error_t *err;

    /* Tag ids are object ids, as every id filter's (400 otherwise). */
    if ((err = fb_resource_id_filter(fr, "tagIds", &tags)) != NULL) {
        return err;
    }
    if (tags == NULL) {
        return fb_list_respond_rows(fr, &fb_conversations_newest,
                                    FB_NO_ARGS, &fb_conversation_rows);
    }
    return fb_list_respond_rows(
        fr, &fb_conversations_tagged,
        FB_NAMED(conversation_list_tagged, .tags = tags),
        &fb_conversation_rows);
}

static fb_error_t *fb_conversation_get(fb_req_t *fr)
{
    const char *id, *json;
    const fb_conversation_values_t *values;
    fb_error_t *err = fb_conversation_find(fr, fb_req_param(fr, "id"), "id",
                                           0, &id);
    apr_array_header_t *ids = apr_array_make(fr->pool, 1,
                                             sizeof(const char *));
    fb_db_t *db;

    APR_ARRAY_PUSH(ids, const char *) = id;
    if (err != NULL
        || (err = fb_conversation_values_of(fr, ids, &values)) != NULL) {
        return err;
    }
    if ((db = fb_req_db(fr)) == NULL
        || fb_conversation_render_with(db, fr->pool, fr->principal.org_id,
                                       id, FB_CONVERSATION_ALL_PARTS,
                                       values, &json)
           != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    if (json == NULL) {
        return fb_error_make(fr->pool, FB_E_CONVERSATION_NOT_FOUND, "id",
                             NULL);
    }
    fb_respond(fr, HTTP_OK, json);
    return NULL;
}

static fb_error_t *fb_conversation_delete(fb_req_t *fr)
{
    const char *id = NULL, *json = NULL;
    fb_write_t w;

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_conversation_lock, &id);
    fb_conversation_write_render(&w, id, &json);
    fb_write_exec(&w, &fb_sql_conversation_delete, FB_ARGS(id));
    fb_write_event(&w, "conversation.deleted", json, NULL);
    return fb_write_respond(&w, HTTP_OK,
                            fb_resource_deleted(fr->pool, id,
                                                "conversation"));
}

static const fb_op_t fb_conversation_list_op =
    CONVERSATION_READ(fb_conversation_list, fb_conversation_list_rules);
static const fb_op_t fb_conversation_get_op =
    CONVERSATION_READ(fb_conversation_get, fb_conversation_get_rules);
static const fb_op_t fb_conversation_delete_op = {
    .handler = fb_conversation_delete,
    .flags = FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE,
    .audit = FB_AUDIT_OF("conversation.deleted", "support", "conversation"),
    .path = fb_conversation_path,
};

static const fb_route_t fb_conversation_routes[] = {
    {"GET", "/conversations", &fb_conversation_list_op},
    {"GET", "/conversations/{id}", &fb_conversation_get_op},
    {"DELETE", "/conversations/{id}", &fb_conversation_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_conversations_module = {
    .name = "conversations",
    .routes = fb_conversation_routes,
    .statements = fb_conversations_statements,
};
