/*
 * post_statuses: the workflow stages of posts.  Creating, changing and
 * deleting them are management extensions (fb_manage.h): one status is
 * the default at a time (making one the default demotes the other; the
 * default is neither demoted by itself nor deleted), and the posts of a
 * deleted status move to the default, each with its post.updated event.
 */
#include "fb_manage.h"
#include "fb_resource.h"
#include "posts.h"

FB_SQL(post_status_get, 1,
    "SELECT " POST_STATUS_CELLS " FROM post_statuses s "
    "WHERE s.org_id = %s AND s.id = %s");

FB_SQL(post_status_list, 0,
    "SELECT " POST_STATUS_CELLS " FROM post_statuses s "
    "WHERE s.org_id = %s ORDER BY s.created_at DESC, s.id DESC");

FB_SQL(post_status_insert, 1, POST_STATUS_INSERT_SQL("post_statuses"));

FB_SQL_WITH(post_status_update, manage,
    POST_STATUS_UPDATE_SQL("post_statuses"));

FB_MANAGE_ONE_DEFAULT(post_status, "post_statuses");

/* The posts of (org, id) move to the default status; each row is the
 * post as it now is (posts.h), then the status it had and the default
 * (POST_STATUS_CELLS each). */
FB_SQL(post_status_move, 1,
    "WITH a AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS id), "
    "old AS (SELECT s.* FROM post_statuses s, a "
    "  WHERE s.org_id = a.org_id AND s.id = a.id), "
    "d AS (SELECT s.* FROM post_statuses s, a "
    "  WHERE s.org_id = a.org_id AND s.is_default), "
    "moved AS (UPDATE posts x SET status_id = d.id, updated_at = now() "
    "  FROM a, d WHERE x.org_id = a.org_id AND x.status_id = a.id "
    "  RETURNING x.*) "
    "SELECT " POST_SELECT(POST_STATUS_CELLS_OF("was") ", "
                          POST_STATUS_CELLS_OF("now"))
    " FROM " POST_FROM("moved") ", old was, d now "
    "ORDER BY p.created_at, p.id");

/* The serialize step locks the organization's row, which every status
 * write locks anyway when its trigger bumps render_version (sql/030):
 * taken first, before the status row, it is taken in the order a post's
 * write takes it (its new tags bump it before the post names its
 * status), so a status's delete, which locks the row FOR UPDATE, waits
 * for that write instead of making a cycle with it. */
FB_SQL(post_status_serialize, 0,
    "SELECT o.id FROM organizations o WHERE o.id = %s FOR NO KEY UPDATE");

FB_MANAGE_SQL(post_status, "post_statuses");

static const fb_statement_t *const fb_post_status_statements[] = {
    &fb_sql_post_status_get, &fb_sql_post_status_list,
    &fb_sql_post_status_insert, &fb_sql_post_status_update,
    &fb_sql_post_status_conflicts, &fb_sql_post_status_demote,
    &fb_sql_post_status_in_use, &fb_sql_post_status_move,
    &fb_sql_post_status_lock, &fb_sql_post_status_lock_change,
    &fb_sql_post_status_serialize,
    &fb_sql_post_status_remove, NULL
};

static const fb_resource_t fb_post_statuses = {
    .get = &fb_sql_post_status_get,
    .not_found = FB_E_RESOURCE_NOT_FOUND,
    .shape = FB_LIST_BARE,
    .list = &fb_sql_post_status_list,
    .rows = &fb_post_status_rows,
};

/* Moves the posts of the status being deleted (ctx: its id) to the
 * default, recording post.updated for each. */
static fb_error_t *fb_post_status_move(fb_req_t *fr, void *ctx)
{
    static const fb_manage_move_t post = {
        .prepare = fb_post_prepare, .render = fb_post_json,
        .field = "status", .value = fb_post_status_members,
        .old_col = POST_NCOLS, .new_col = POST_NCOLS + POST_STATUS_NCELLS
    };

    return fb_manage_move(fr, &fb_sql_post_status_move, FB_ARGS(ctx),
                          "post.updated", &post);
}

static const fb_rule_text_t fb_post_status_messages[] = {
    FB_MANAGE_ONE_DEFAULT_TEXTS("status"),
    {NULL, NULL}
};

static const fb_manage_t fb_post_status_manage = {
    .serialize = &fb_sql_post_status_serialize,
    .res = &fb_post_statuses, .object = "post_status",
    FB_MANAGE_LOCKS(post_status),
    .conflicts = &fb_sql_post_status_conflicts,
    .before = &fb_sql_post_status_demote,
    .insert = &fb_sql_post_status_insert,
    .update = &fb_sql_post_status_update,
    .in_use = &fb_sql_post_status_in_use,
    .before_remove = fb_post_status_move,
    .remove = &fb_sql_post_status_remove, .messages = fb_post_status_messages,
};

FB_MANAGE_AUDITS(fb_post_status, "workspace_settings", "post_status",
                 "settings.statuses_updated", "settings.statuses_updated",
                 "settings.statuses_updated");
FB_MANAGE_OPS(fb_post_status, FB_VERSION_CLOVER, &fb_post_statuses, NULL,
              FB_PERM_MANAGE_STATUSES, &fb_post_status_manage,
              fb_post_status_create_rules, fb_post_status_update_rules);

static const fb_route_t fb_post_status_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_post_status, "/post_statuses"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_post_statuses_module = {
    .name = "post_statuses",
    .routes = fb_post_status_routes,
    .statements = fb_post_status_statements,
};
