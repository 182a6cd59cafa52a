/*
 * post_statuses: the workflow stages of posts.  Creating, changing and
 * deleting them are management extensions (fb_manage.h): one status is
 * the default at a time (making one the default demotes the other; the
 * default is neither demoted by itself nor deleted), and the posts of a
 * deleted status move to the default, each with its post.updated event.
 */
#include "fb_events.h"
#include "fb_manage.h"
#include "fb_resource.h"
#include "posts.h"

FB_SQL(post_status_get, 1,
    "SELECT " POST_STATUS_JSON " FROM post_statuses s "
    "WHERE s.org_id = %s AND s.id = %s");

FB_SQL(post_status_list, 0,
    "SELECT " POST_STATUS_JSON " FROM post_statuses s WHERE s.org_id = %s "
    "ORDER BY s.created_at DESC, s.id DESC");

#define POST_STATUS_BODY \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) "

FB_SQL(post_status_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) "
    "INSERT INTO post_statuses (org_id, name, color, type, is_default) "
    "SELECT a.org_id, a.b ->> 'name', coalesce(a.b ->> 'color', 'Gray'), "
    "  a.b ->> 'type', coalesce((a.b ->> 'isDefault')::boolean, false) "
    "FROM a RETURNING id");

FB_SQL(post_status_update, 2,
    POST_STATUS_BODY
    "UPDATE post_statuses x SET "
    "  name = coalesce(a.b ->> 'name', x.name), "
    "  color = coalesce(a.b ->> 'color', x.color), "
    "  type = coalesce(a.b ->> 'type', x.type), "
    "  is_default = coalesce((a.b ->> 'isDefault')::boolean, x.is_default), "
    "  updated_at = now() "
    "FROM a WHERE x.org_id = a.org_id AND x.id = a.id");

FB_MANAGE_ONE_DEFAULT(post_status, "post_statuses", "status");

/* The posts of (org, id) move to the default status; each row is the
 * post as it now is and its change.  The last argument is the default
 * portal URL (POST_JSON). */
FB_SQL(post_status_move, 2,
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id), "
    "old AS (SELECT " POST_STATUS_JSON " AS j FROM post_statuses s, a "
    "  WHERE s.org_id = a.org_id AND s.id = a.id), "
    "d AS (SELECT s.id FROM post_statuses s, a "
    "  WHERE s.org_id = a.org_id AND s.is_default), "
    "p AS (UPDATE posts x SET status_id = d.id, updated_at = now() "
    "  FROM a, d WHERE x.org_id = a.org_id AND x.status_id = a.id "
    "  RETURNING x.*) "
    "SELECT " POST_JSON ", json_build_array(json_build_object("
    "  'field', 'status', 'oldValue', old.j, "
    "  'newValue', " POST_STATUS_OF_JSON ")) "
    "FROM p, old ORDER BY p.created_at, p.id");

FB_MANAGE_SERIALIZE(post_status);

FB_MANAGE_SQL(post_status, "post_statuses");

static const fb_statement_t *const fb_post_status_statements[] = {
    &fb_sql_post_status_get, &fb_sql_post_status_list,
    &fb_sql_post_status_insert, &fb_sql_post_status_update,
    &fb_sql_post_status_conflicts, &fb_sql_post_status_demote,
    &fb_sql_post_status_in_use, &fb_sql_post_status_move,
    &fb_sql_post_status_lock, &fb_sql_post_status_serialize,
    &fb_sql_post_status_remove, NULL
};

static const fb_resource_t fb_post_statuses = {
    .get = &fb_sql_post_status_get,
    .not_found = FB_E_RESOURCE_NOT_FOUND,
    .shape = FB_LIST_BARE,
    .list = &fb_sql_post_status_list,
};

/* Moves the posts of the status being deleted (ctx: its id) to the
 * default, recording post.updated for each. */
static fb_error_t *fb_post_status_move(fb_req_t *fr, void *ctx)
{
    fb_rows_t moved;
    fb_error_t *err;
    int i;

    err = fb_req_select(fr, &fb_sql_post_status_move,
                        FB_ARGS((const char *)ctx,
                                fb_req_portal_default(fr)), &moved);
    for (i = 0; err == NULL && i < moved.nrows; i++) {
        if (fb_event_record(fr->db, fr->pool, fr->principal.org_id,
                            "post.updated", fb_rows_get(&moved, i, 0),
                            fb_rows_get(&moved, i, 1)) != APR_SUCCESS) {
            err = fb_req_db_failed(fr);
        }
    }
    return err;
}

static const char *const fb_post_status_types[] = {
    "reviewing", "unstarted", "active", "completed", "canceled", NULL
};

#define POST_STATUS_FIELDS(req) \
    {.name = "name", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 255}, \
    {.name = "color", .type = FB_FIELD_STRING, .min = 1, .max = 64}, \
    {.name = "type", .type = FB_FIELD_ENUM, .flags = (req), \
     .choices = fb_post_status_types}, \
    {.name = "isDefault", .type = FB_FIELD_BOOL}, \
    {.name = NULL}

static const fb_field_rule_t fb_post_status_create_rules[] = {
    POST_STATUS_FIELDS(FB_FIELD_REQUIRED)
};

static const fb_field_rule_t fb_post_status_update_rules[] = {
    POST_STATUS_FIELDS(0)
};

static const fb_manage_t fb_post_status_manage = {
    .serialize = &fb_sql_post_status_serialize,
    .res = &fb_post_statuses, .object = "post_status",
    .lock = &fb_sql_post_status_lock,
    .conflicts = &fb_sql_post_status_conflicts,
    .before = &fb_sql_post_status_demote,
    .insert = &fb_sql_post_status_insert,
    .update = &fb_sql_post_status_update,
    .in_use = &fb_sql_post_status_in_use,
    .before_remove = fb_post_status_move,
    .remove = &fb_sql_post_status_remove,
};

FB_MANAGE_OPS(fb_post_status, FB_VERSION_CLOVER, &fb_post_statuses, NULL,
              FB_PERM_NONE, FB_PERM_MANAGE_STATUSES, &fb_post_status_manage,
              fb_post_status_create_rules, fb_post_status_update_rules);

static const fb_route_t fb_post_status_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_post_status, "/post_statuses"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_post_statuses_module = {
    "post_statuses", fb_post_status_routes, fb_post_status_statements
};
